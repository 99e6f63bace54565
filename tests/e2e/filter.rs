//! Type-to-filter through the real binary: `/` and a query in a terminal pick from a
//! long list, and headless `--script` steps drive the same keys.

use serde_json::{Value, json};

use crate::pty::{RUN, Session};
use crate::support::{ask, code, run, stdout_json, temp_file};

/// One single-select question with 40 cities; Tokyo is number 23.
fn payload() -> String {
    let cities = [
        "Amsterdam",
        "Athens",
        "Auckland",
        "Bangkok",
        "Barcelona",
        "Berlin",
        "Bogotá",
        "Brussels",
        "Buenos Aires",
        "Cairo",
        "Cape Town",
        "Chicago",
        "Copenhagen",
        "Dublin",
        "Frankfurt",
        "Helsinki",
        "Hong Kong",
        "Istanbul",
        "Jakarta",
        "Lagos",
        "Lima",
        "Lisbon",
        "Tokyo",
        "London",
        "Madrid",
        "Manila",
        "Melbourne",
        "Mexico City",
        "Milan",
        "Montréal",
        "Mumbai",
        "Nairobi",
        "Oslo",
        "Paris",
        "Prague",
        "Rome",
        "Santiago",
        "Seoul",
        "Toronto",
        "Vienna",
    ];
    let options: Vec<Value> = cities
        .iter()
        .map(|c| json!({"value": c.to_lowercase(), "label": c}))
        .collect();
    json!({"questions": [{"id": "city", "label": "City", "prompt": "Where is the office?", "options": options}]})
        .to_string()
}

#[test]
fn slash_and_a_query_pick_from_a_long_list_in_a_terminal() {
    let mut s = Session::start(&payload(), RUN, 80, 24);
    s.wait_for("Where is the office?");
    s.send("/");
    s.wait_for("type to filter");
    s.send("tky");
    s.wait_for("(1 of 40)");
    let screen = s.screen();
    assert!(screen.contains("❯ 23. Tokyo"), "{screen}");
    assert!(!screen.contains("Amsterdam"), "{screen}");
    s.send("\x1b"); // Esc closes the filter; it does not cancel
    s.wait_for("/ filter"); // the long list's footer hint is back
    s.send("/");
    s.wait_for("type to filter");
    s.send("mad");
    s.wait_for("(1 of 40)");
    s.send("\r"); // select Madrid, go to the review tab
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["city"]["values"],
        json!(["madrid"])
    );
    assert_eq!(result["details"]["cancelled"], false);
    s.assert_restored();
}

#[test]
fn script_keys_drive_the_filter() {
    let (dir, input) = temp_file("p.json", &payload());
    let config = dir.path().join("ask-user.json");
    // Esc closes the filter (the flow goes on), then `/` and `lis` leave only Lisbon;
    // Enter selects it and `1 1` submits on the review tab.
    let steps = json!(["/", {"text": "xyz"}, "esc", "/", {"text": "lis"}, "enter", "1", "1"]);
    let steps = steps.to_string();
    let out = run(&ask(&[
        "run",
        "--input",
        input.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--script",
        &steps,
    ]));
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let result = stdout_json(&out);
    assert_eq!(
        result["details"]["answers"]["city"]["values"],
        json!(["lisbon"])
    );
}
