//! `--timeout` in a real terminal: the countdown shows, the flow closes by itself as a
//! cancelled `timedOut` result with the answers given so far, exit status 1.

use crate::pty::Session;

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux", "recommended": true}, {"value": "mac", "label": "macOS"}]}]}"#;

#[test]
fn timeout_counts_down_then_closes_with_the_answers_so_far() {
    let mut s = Session::start(
        PAYLOAD,
        "run --input p.json --output r.json --timeout 2",
        80,
        24,
    );
    s.wait_for("Which database?");
    s.wait_for("press any key to stay");
    s.send("2");
    s.wait_for("Which system?");
    assert_eq!(s.finish(), 1, "a timeout exits like a cancel");
    let result = s.result();
    let details = &result["details"];
    assert_eq!(details["timedOut"], true, "{result}");
    assert_eq!(details["cancelled"], true);
    assert_eq!(
        details["answers"]["db"]["values"],
        serde_json::json!(["lite"])
    );
    assert!(
        details["answers"].get("os").is_none(),
        "the recommended option is never picked: {result}"
    );
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.contains("did not answer in time"), "{text}");
    assert!(text.contains("Database: SQLite"), "{text}");
    s.assert_restored();
}
