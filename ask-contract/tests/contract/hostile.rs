//! Inputs an attack run sent: patterns of megabytes, whole numbers past 2^63, MCP
//! requests with schema keywords a form cannot enforce.

use ask_contract::{
    ContractError, ParseOptions, elicitation::ElicitationForm, parse_params, rules::Pattern,
};
use serde_json::json;

fn text_question(pattern: &str) -> serde_json::Value {
    json!({"questions": [{"id": "q", "prompt": "Code?", "type": "text", "pattern": pattern}]})
}

#[test]
fn a_pattern_over_8_kib_is_refused_unread_with_its_length() {
    // A valid alternation of 12 MB compiled to 1.5 GB before it reached the size limit.
    let huge = (0..2000)
        .map(|i| format!("w{i:05}"))
        .collect::<Vec<_>>()
        .join("|");
    assert!(huge.len() > 8 * 1024);
    let err = Pattern::new(&huge).unwrap_err();
    let ContractError::InvalidPattern { pattern, reason } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(
        reason,
        &format!(
            "it is {} bytes long; a pattern may be at most 8192 bytes",
            huge.len()
        )
    );
    assert!(pattern.len() < 50, "the error quotes a cut: {pattern}");
    assert!(pattern.starts_with("w00000|w00001|") && pattern.ends_with('…'));
    // In a payload: one issue at the pattern, quoting a cut.
    let err = parse_params(&text_question(&huge), ParseOptions::default()).unwrap_err();
    let issue = &err.issues()[0];
    assert_eq!(issue.path, "questions[0].pattern");
    assert!(
        issue
            .message
            .contains("a pattern may be at most 8192 bytes")
            && issue.message.len() < 200,
        "{}",
        issue.message
    );
    // Up to the cap, a pattern compiles as before.
    let fits = huge.get(..8 * 1024 - 7).unwrap();
    let fits = fits.get(..fits.rfind('|').unwrap()).unwrap();
    assert!(Pattern::new(fits).unwrap().is_match("w01000"));
}

#[test]
fn a_pattern_nested_too_deep_is_refused() {
    let deep = format!("{}a{}", "(".repeat(100), ")".repeat(100));
    let err = Pattern::new(&deep).unwrap_err();
    assert!(err.to_string().contains("nest"), "{err}");
    let shallow = format!("{}a{}", "(".repeat(30), ")".repeat(30));
    assert!(Pattern::new(&shallow).unwrap().is_match("a"));
}

#[allow(clippy::needless_pass_by_value)] // called with `json!` literals
fn integer_question(rules: serde_json::Value) -> ask_contract::AskForm {
    let mut q = json!({"id": "n", "prompt": "How many?", "type": "number", "integer": true});
    q.as_object_mut()
        .unwrap()
        .extend(rules.as_object().unwrap().clone());
    parse_params(&json!({"questions": [q]}), ParseOptions::default()).unwrap()
}

#[test]
fn whole_numbers_up_to_2_pow_64_are_answers_however_written() {
    let form = integer_question(json!({"min": 1e19, "max": 18_446_744_073_709_551_615_u64}));
    let q = &form.questions[0];
    for (typed, value) in [
        ("1e19", json!(10_000_000_000_000_000_000_u64)),
        (
            "10000000000000000000",
            json!(10_000_000_000_000_000_000_u64),
        ),
        ("1.5e19", json!(15_000_000_000_000_000_000_u64)),
        ("18446744073709551615", json!(u64::MAX)),
    ] {
        assert_eq!(q.check_input(typed), Ok(value), "{typed}");
    }
    assert_eq!(
        q.check_input("18446744073709551616"),
        Err("at most 18446744073709551615".to_owned())
    );
    assert_eq!(
        q.check_input("9999999999999999999"),
        Err("at least 1e+19".to_owned())
    );
    // Without bounds: a whole number past the range is refused naming the range, not as
    // "not a whole number"; a fraction is still not whole.
    let form = integer_question(json!({}));
    let q = &form.questions[0];
    assert_eq!(
        q.check_input("5e19"),
        Err("at most 18446744073709551615".to_owned())
    );
    assert_eq!(
        q.check_input("-1e19"),
        Err("at least -9223372036854775808".to_owned())
    );
    assert_eq!(q.check_input("2.5"), Err("a whole number".to_owned()));
    assert_eq!(q.check_input("1e16"), Ok(json!(10_000_000_000_000_000_i64)));
    assert_eq!(q.check_input("-12.000"), Ok(json!(-12)));
}

#[test]
fn integer_bounds_no_answer_can_reach_are_refused_naming_the_range() {
    let err = parse_params(
        &json!({"questions": [{"id": "n", "prompt": "How many?", "type": "number",
                               "integer": true, "min": 1e19, "max": 1e20}]}),
        ParseOptions::default(),
    )
    .unwrap_err();
    let issues = err.issues();
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].path, "questions[0].max");
    assert_eq!(
        issues[0].message,
        "is 1e+20, past what an integer answer can carry (whole-number answers run from \
         -9223372036854775808 to 18446744073709551615); use a max in that range or drop integer"
    );
    // A plain number keeps any bound; exact integer bounds compare exactly.
    assert!(
        parse_params(
            &json!({"questions": [{"id": "n", "prompt": "?", "type": "number", "min": 1e19, "max": 1e20}]}),
            ParseOptions::default()
        )
        .is_ok()
    );
    let form = integer_question(json!({"min": 9_007_199_254_740_993_i64}));
    assert_eq!(
        form.questions[0].check_input("9007199254740992"),
        Err("at least 9007199254740993".to_owned())
    );
}

#[allow(clippy::needless_pass_by_value)] // called with `json!` literals
fn request(properties: serde_json::Value) -> serde_json::Value {
    json!({"message": "Settings", "requestedSchema": {"type": "object", "properties": properties}})
}

#[test]
fn schema_keywords_the_form_cannot_enforce_refuse_the_request_naming_them() {
    for (property, path) in [
        (
            json!({"type": "integer", "exclusiveMinimum": 0}),
            "exclusiveMinimum",
        ),
        (
            json!({"type": "number", "exclusiveMaximum": 10}),
            "exclusiveMaximum",
        ),
        (json!({"type": "integer", "multipleOf": 5}), "multipleOf"),
        (json!({"type": "string", "const": "fixed"}), "const"),
        (
            json!({"type": "array", "items": {"type": "string", "enum": ["a", "b"], "not": {"const": "a"}}}),
            "items.not",
        ),
    ] {
        let err = ElicitationForm::from_request(&request(json!({"p": property}))).unwrap_err();
        let issues = err.issues();
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(
            issues[0].path,
            format!("requestedSchema.properties.p.{path}")
        );
        assert!(
            issues[0].message.contains("cannot enforce"),
            "{}",
            issues[0].message
        );
    }
    let mut whole = request(json!({"a": {"type": "string"}}));
    whole["requestedSchema"]["minProperties"] = json!(1);
    let err = ElicitationForm::from_request(&whole).unwrap_err();
    assert_eq!(err.issues()[0].path, "requestedSchema.minProperties");
    // `const` inside `oneOf` is how a titled choice is written, not a restriction.
    let titled =
        request(json!({"c": {"type": "string", "oneOf": [{"const": "r", "title": "Red"}]}}));
    assert!(ElicitationForm::from_request(&titled).is_ok());
}

#[test]
fn unique_items_holds_on_every_multi_select() {
    let form = ElicitationForm::from_request(&request(json!({"tags": {
        "type": "array", "uniqueItems": true, "items": {"type": "string", "enum": ["a", "b"]}}})))
    .unwrap();
    assert_eq!(form.form().questions[0].options.len(), 2);
    // Repeated values, which would let an answer repeat one, are refused.
    assert!(
        ElicitationForm::from_request(&request(json!({"tags": {
            "type": "array", "uniqueItems": true, "items": {"type": "string", "enum": ["a", "a"]}}})))
        .is_err()
    );
    let err = ElicitationForm::from_request(&request(json!({"tags": {
        "type": "array", "uniqueItems": "yes", "items": {"type": "string", "enum": ["a"]}}})))
    .unwrap_err();
    assert_eq!(
        err.issues()[0].path,
        "requestedSchema.properties.tags.uniqueItems"
    );
}
