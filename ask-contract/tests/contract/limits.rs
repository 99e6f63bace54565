//! Bounded answers for huge or malformed payloads: at most `MAX_ISSUES` issues plus one
//! summary, bytes that are not UTF-8 and payloads over `MAX_PAYLOAD_BYTES` as one issue
//! at `payload`; odd shapes (unknown fields, containers where text is expected) answered
//! like any other payload.

use ask_contract::{
    Issue, ParseOptions, parse_params, parse_params_str,
    payload::{MAX_ISSUES, MAX_PAYLOAD_BYTES, parse_params_bytes},
    result::AskResult,
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

/// One question whose options are `item` repeated `n` times.
fn options_of(item: &str, n: usize) -> String {
    let options = vec![item; n].join(",");
    format!(r#"{{"questions": [{{"id": "q", "prompt": "p", "options": [{options}]}}]}}"#)
}

#[test]
fn odd_option_shapes_give_the_issues_a_user_expects() {
    const REQUIRED: &str = "is required: provide a non-empty string";
    const NOT_OBJECT: &str = "must be an option object with value and label, got";
    // The repeated option, then the issues of the first one as (field, message).
    let cases: [(&str, &[(&str, &str)]); 6] = [
        ("{}", &[("value", REQUIRED), ("label", REQUIRED)]),
        (r#"{"a":{}}"#, &[("value", REQUIRED), ("label", REQUIRED)]),
        (
            r#"{"":{"":{}}}"#,
            &[("value", REQUIRED), ("label", REQUIRED)],
        ),
        ("[[]]", &[("", &format!("{NOT_OBJECT} an array"))]),
        ("0", &[("", &format!("{NOT_OBJECT} number 0"))]),
        (
            r#"{"label":[[],[]]}"#,
            &[
                ("value", REQUIRED),
                ("label", "must be a string, got an array"),
            ],
        ),
    ];
    let n = 1000;
    for (item, first) in cases {
        let text = options_of(item, n);
        let err = parse_params_str(&text, ParseOptions::default()).unwrap_err();
        let issues = err.issues();
        for (k, (field, message)) in first.iter().enumerate() {
            let path = if field.is_empty() {
                "questions[0].options[0]".to_owned()
            } else {
                format!("questions[0].options[0].{field}")
            };
            assert_eq!(issues[k].path, path, "{item}");
            assert_eq!(issues[k].message, *message, "{item}");
        }
        // The issues repeat option after option, up to the cap and its count.
        assert_eq!(issues.len(), MAX_ISSUES + 1, "{item}");
        let more = n * first.len() - MAX_ISSUES;
        assert_eq!(
            issues[MAX_ISSUES].message,
            format!(
                "... and {more} more issues (only the first {MAX_ISSUES} are listed); fix these and validate again"
            ),
            "{item}"
        );
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            parse_params(&value, ParseOptions::default()).unwrap_err(),
            err,
            "{item}"
        );
    }
}

#[test]
fn a_big_container_in_a_text_field_is_one_issue_naming_its_kind() {
    let label = vec!["[]"; 100_000].join(",");
    let text = format!(
        r#"{{"questions": [{{"id": "q", "prompt": "p", "label": [{label}], "options": [{{"value": "a", "label": "A"}}]}}]}}"#
    );
    let err = parse_params_str(&text, ParseOptions::default()).unwrap_err();
    assert_eq!(
        err.issues(),
        [Issue::new(
            "questions[0].label",
            "must be a string when provided, got an array"
        )]
    );
}

#[test]
fn unknown_fields_are_ignored_however_deep_up_to_the_json_nesting_limit() {
    let nest = |depth: usize| format!("{}1{}", r#"{"a":["#.repeat(depth), "]}".repeat(depth));
    let payload = |depth: usize| {
        format!(
            r#"{{"x": {}, "questions": [{{"id": "q", "prompt": "p", "x": {}, "options": [{{"value": "a", "label": "A", "x": {}}}]}}]}}"#,
            nest(depth),
            nest(depth),
            nest(depth)
        )
    };
    let form = parse_params_str(&payload(55), ParseOptions::default()).unwrap();
    assert_eq!(form.questions[0].options[0].value, "a");
    // Past serde_json's limit of 128 levels the text is not JSON, as it is for a `Value`.
    let err = parse_params_str(&payload(64), ParseOptions::default()).unwrap_err();
    assert_eq!(err.issues().len(), 1);
    assert!(
        err.issues()[0]
            .message
            .starts_with("is not valid JSON (recursion limit exceeded"),
        "{}",
        err.issues()[0].message
    );
}

/// Text and a `serde_json::Value` give the same answer for numbers in odd places and for
/// an object whose key is the one `serde_json` wraps numbers in when some crate of the
/// build enables its `arbitrary_precision` feature (CI runs this test with and without it).
#[test]
fn numbers_and_serde_json_number_objects_read_alike_from_text_and_value() {
    let payloads = [
        r#"{"questions": [{"id": "q", "prompt": "p", "type": -0, "options": [{"value": "a", "label": "A"}]}]}"#,
        r#"{"questions": [{"id": "q", "prompt": 1.5, "options": [{"value": 1e400, "label": "A"}]}]}"#,
        r#"{"questions": [{"id": 18446744073709551616, "prompt": "p", "options": [{"value": "a", "label": "A"}]}]}"#,
        r#"{"questions": [{"id": {"$serde_json::private::Number": "5"}, "prompt": "p", "options": [{"value": "a", "label": "A"}]}]}"#,
        r#"{"questions": [{"id": "q", "prompt": "p", "options": [{"value": {"$serde_json::private::Number": "5", "x": 1}, "label": "A"}]}]}"#,
        r#"{"title": {"$serde_json::private::Number": "nope"}, "questions": []}"#,
    ];
    for text in payloads {
        let from_text = parse_params_str(text, ParseOptions::default());
        let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
            // Not JSON for serde_json either: text gives one issue at `payload`.
            let err = from_text.expect_err(text);
            assert_eq!(err.issues()[0].path, "payload", "{text}");
            continue;
        };
        let from_value = parse_params(&value, ParseOptions::default());
        assert_eq!(from_text, from_value, "{text}");
    }
}
