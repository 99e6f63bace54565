//! Bounded answers for huge or malformed payloads: at most `MAX_ISSUES` issues plus one
//! summary, bytes that are not UTF-8 and payloads over `MAX_PAYLOAD_BYTES` as one issue
//! at `payload`.

use ask_contract::{
    AskResult, MAX_ISSUES, MAX_PAYLOAD_BYTES, ParseOptions, parse_params, parse_params_bytes,
    parse_params_str,
};
use serde_json::{Value, json};

fn empty_options(n: usize) -> String {
    let options = vec!["{}"; n].join(", ");
    format!(r#"{{"questions": [{{"id": "q", "prompt": "p", "options": [{options}]}}]}}"#)
}

#[test]
fn issues_stop_at_the_cap_with_a_final_count() {
    // Two issues per empty option (value and label).
    let text = empty_options(1000);
    let err = parse_params_str(&text, ParseOptions::default()).unwrap_err();
    let issues = err.issues();
    assert_eq!(issues.len(), MAX_ISSUES + 1);
    assert_eq!(issues[0].path, "questions[0].options[0].value");
    assert_eq!(
        issues[MAX_ISSUES - 1].path,
        "questions[0].options[49].label"
    );
    let last = &issues[MAX_ISSUES];
    assert_eq!(last.path, "payload");
    assert_eq!(
        last.message,
        "... and 1900 more issues (only the first 100 are listed); fix these and validate again"
    );
    // The same from a Value.
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        parse_params(&value, ParseOptions::default()).unwrap_err(),
        err
    );
    // The invalid-payload result lists them with the summary as its last line, and keeps
    // the contract shape (every issue has a path and a message).
    let result = AskResult::invalid(issues.to_vec());
    let text = result.text();
    assert_eq!(text.lines().count(), MAX_ISSUES + 2, "{text}");
    assert!(text.ends_with("- payload: ... and 1900 more issues (only the first 100 are listed); fix these and validate again"));
    let json = serde_json::to_value(&result).unwrap();
    for issue in json["details"]["error"]["issues"].as_array().unwrap() {
        assert_eq!(issue.as_object().unwrap().len(), 2, "{issue}");
        assert!(issue["path"].is_string() && issue["message"].is_string());
    }
}

#[test]
fn exactly_the_cap_gives_no_summary() {
    let err =
        parse_params_str(&empty_options(MAX_ISSUES / 2), ParseOptions::default()).unwrap_err();
    assert_eq!(err.issues().len(), MAX_ISSUES);
    assert!(err.issues().iter().all(|i| i.path != "payload"));
    let err =
        parse_params_str(&empty_options(MAX_ISSUES / 2 + 1), ParseOptions::default()).unwrap_err();
    assert_eq!(err.issues().len(), MAX_ISSUES + 1);
    assert!(
        err.issues()[MAX_ISSUES]
            .message
            .starts_with("... and 2 more issues")
    );
}

#[test]
fn bytes_that_are_not_utf8_are_one_issue_at_payload() {
    let mut bytes = br#"{"questions": [{"id": "q", "prompt": "caf"#.to_vec();
    bytes.push(0xe9);
    bytes.extend_from_slice(br#"", "options": [{"value": "a", "label": "A"}]}]}"#);
    let err = parse_params_bytes(&bytes, ParseOptions::default()).unwrap_err();
    assert_eq!(err.issues().len(), 1);
    assert_eq!(err.issues()[0].path, "payload");
    assert_eq!(
        err.issues()[0].message,
        "is not valid UTF-8 (bad byte at offset 41); send the payload as UTF-8 JSON text"
    );
    let ok = json!({"questions": [{"id": "q", "prompt": "café", "options": [{"value": "a", "label": "A"}]}]});
    let form = parse_params_bytes(ok.to_string().as_bytes(), ParseOptions::default()).unwrap();
    assert_eq!(form.questions[0].prompt, "café");
}

#[test]
fn payloads_over_the_size_cap_are_one_issue_at_payload() {
    let prompt = "x".repeat(MAX_PAYLOAD_BYTES);
    let text = json!({"questions": [{"id": "q", "prompt": prompt, "options": [{"value": "a", "label": "A"}]}]}).to_string();
    for err in [
        parse_params_str(&text, ParseOptions::default()).unwrap_err(),
        parse_params_bytes(text.as_bytes(), ParseOptions::default()).unwrap_err(),
    ] {
        assert_eq!(err.issues().len(), 1);
        assert_eq!(err.issues()[0].path, "payload");
        assert!(
            err.issues()[0].message.starts_with(&format!(
                "is {} bytes, more than the 16777216 bytes",
                text.len()
            )),
            "{}",
            err.issues()[0].message
        );
    }
}
