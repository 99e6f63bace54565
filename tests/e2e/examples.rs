//! The payloads under the repository's `examples/` folder (used by the README)
//! are valid, match the published schema, and cover what the README promises.
//! (Here rather than in ask-contract: the folder is the workspace's, not part of
//! that crate's package.)

use std::path::PathBuf;

use ask_contract::{
    AskForm, ParseOptions, QuestionType, parse_params, payload::json_schema, result::AskResult,
};
use serde_json::Value;

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn load(name: &str) -> (Value, AskForm) {
    let path = examples_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let value: Value = serde_json::from_str(&text).expect("example is JSON");
    let form = parse_params(&value, ParseOptions::default())
        .unwrap_or_else(|e| panic!("{name} is invalid: {e}"));
    (value, form)
}

#[test]
fn every_example_is_valid_and_matches_the_schema() {
    let mut names: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("examples/ exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "json"))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "mixed.json",
            "multi.json",
            "preview.json",
            "single.json",
            "typed.json"
        ]
    );
    let schema = jsonschema::validator_for(&json_schema()).expect("the published schema compiles");
    for name in &names {
        let (value, _) = load(name);
        let errors: Vec<String> = schema
            .iter_errors(&value)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{name} does not match the schema: {errors:#?}"
        );
    }
}

#[test]
fn single_multi_preview_examples_have_their_type() {
    for (name, kind) in [
        ("single.json", QuestionType::Single),
        ("multi.json", QuestionType::Multi),
        ("preview.json", QuestionType::Preview),
    ] {
        let (_, form) = load(name);
        assert!(form.questions.iter().all(|q| q.kind == kind), "{name}");
    }
}

#[test]
fn typed_example_has_every_typed_question() {
    let (_, form) = load("typed.json");
    for kind in [
        QuestionType::Text,
        QuestionType::Number,
        QuestionType::Path,
        QuestionType::Confirm,
    ] {
        assert!(form.questions.iter().any(|q| q.kind == kind), "{kind:?}");
    }
    assert!(form.questions.iter().any(|q| q.rules.max_items.is_some()));
}

#[test]
fn mixed_example_covers_the_contract() {
    let (_, form) = load("mixed.json");
    assert!(form.title.is_some());
    for kind in [
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Preview,
    ] {
        assert!(form.questions.iter().any(|q| q.kind == kind), "{kind:?}");
    }
    assert!(form.questions.iter().any(|q| q.required));
    assert!(
        form.questions
            .iter()
            .flat_map(|q| &q.options)
            .any(|o| o.description.is_some())
    );
    insta::assert_snapshot!(
        "mixed_non_interactive_text",
        AskResult::non_interactive(&form).text()
    );
}
