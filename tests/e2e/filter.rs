//! Type-to-filter through the real binary: headless `--script` steps pick from a long
//! list. The keys' effect frame by frame is an in-process table (`script_table.rs`).

use serde_json::{Value, json};

use crate::support::{ask, code, run, stdout_json, temp_file};

/// One single-select question with 40 cities; Tokyo is number 23.
pub(crate) fn payload() -> String {
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
