//! Typed questions on screen at widths 40, 80 and 120: the text editor with its
//! placeholder and suggestion, confirm without a "Type your own" row, a number breaking
//! its rule inline, a path with completions, a multi-select below its minimum, and the
//! review with `unanswered (suggested: ...)`. Also the payload generator the width
//! property uses for typed questions.

use ask_state::{Command, Completion};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support::{apply, flow, frame_at, press, snapshot};

fn typed_form() -> Value {
    json!({"title": "Release", "questions": [
        {"id": "name", "label": "Name", "prompt": "What should the project be called?", "type": "text",
         "placeholder": "my-project", "maxLength": 20},
        {"id": "deploy", "label": "Deploy", "prompt": "Deploy to production now?", "type": "confirm",
         "yesLabel": "Deploy", "noLabel": "Wait", "default": false},
        {"id": "replicas", "label": "Replicas", "prompt": "How many replicas?", "type": "number",
         "min": 1, "max": 10, "integer": true, "unit": "pods"},
        {"id": "config", "label": "Config", "prompt": "Which config file?", "type": "path",
         "pathKind": "file"},
        {"id": "features", "label": "Features", "prompt": "Which features ship first?", "type": "multi",
         "minItems": 2, "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"},
                                     {"value": "search", "label": "Search"}]},
        {"id": "owner", "label": "Owner", "prompt": "Who owns it?", "type": "text", "default": "platform team"}
    ]})
}

fn snap_all(name: &str, f: &ask_state::Flow, height: usize) {
    for width in [40, 80, 120] {
        let frame = frame_at(f, width, height);
        insta::assert_snapshot!(format!("{name}_{width}"), snapshot(&frame, width));
    }
}

#[test]
fn text_question_shows_placeholder_and_rule() {
    let f = flow(&typed_form());
    let frame = frame_at(&f, 80, 24);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(
        text.contains("Type your answer:") && text.contains("my-project"),
        "{text}"
    );
    assert!(text.contains("At most 20 characters"), "{text}");
    snap_all("typed_text", &f, 24);
}

#[test]
fn confirm_has_two_rows_and_a_recommended_default() {
    let mut f = flow(&typed_form());
    press(&mut f, &["tab"]);
    let frame = frame_at(&f, 80, 24);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(
        text.contains("1. Deploy") && text.contains("2. Wait (Recommended)"),
        "{text}"
    );
    assert!(!text.contains("Type your own"), "{text}");
    assert!(text.contains("y/n answer"), "{text}");
    snap_all("typed_confirm", &f, 24);
}

#[test]
fn number_out_of_range_shows_the_rule_broken() {
    let mut f = flow(&typed_form());
    press(&mut f, &["tab", "tab", "text:12"]);
    let frame = frame_at(&f, 80, 24);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(text.contains("✗ at most 10"), "{text}");
    assert!(text.contains("unit: pods"), "{text}");
    snap_all("typed_number", &f, 24);
}

#[test]
fn path_completes_from_the_first_character() {
    let mut f = flow(&typed_form());
    press(&mut f, &["tab", "tab", "tab", "text:Ca"]);
    apply(
        &mut f,
        Command::SetCompletions(vec![
            Completion::file("Cargo.toml"),
            Completion::file("Cargo.lock"),
        ]),
    );
    let frame = frame_at(&f, 80, 24);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(
        text.contains("Cargo.toml") && text.contains("A file path"),
        "{text}"
    );
    snap_all("typed_path", &f, 24);
}

/// Candidates from an index that stopped at its cap: the list says a path not listed may
/// still be there; a whole index's list does not.
#[test]
fn a_partial_completion_list_says_so() {
    let screen = |command: Command| {
        let mut f = flow(&typed_form());
        press(&mut f, &["tab", "tab", "tab", "text:Ca"]);
        apply(&mut f, command);
        let frame = frame_at(&f, 80, 24);
        frame
            .lines
            .iter()
            .map(|l| l.plain() + "\n")
            .collect::<String>()
    };
    let partial = screen(Command::SetPartialCompletions(vec![Completion::file(
        "Cargo.toml",
    )]));
    assert!(
        partial.contains("the folder is too big to list whole") && partial.contains("Cargo.toml"),
        "{partial}"
    );
    let none = screen(Command::SetPartialCompletions(Vec::new()));
    assert!(
        none.contains("too big to list whole") && none.contains("no matching files"),
        "{none}"
    );
    let whole = screen(Command::SetCompletions(vec![Completion::file(
        "Cargo.toml",
    )]));
    assert!(!whole.contains("too big"), "{whole}");
}

#[test]
fn multi_below_its_minimum_says_so() {
    let mut f = flow(&typed_form());
    press(&mut f, &["tab", "tab", "tab", "tab", "1"]);
    let frame = frame_at(&f, 80, 24);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(text.contains("✗ choose at least 2 (1 chosen)"), "{text}");
    snap_all("typed_multi", &f, 24);
}

#[test]
fn review_shows_typed_answers_and_suggestions() {
    let mut f = flow(&typed_form());
    press(&mut f, &["text:demo", "enter", "y", "text:3", "enter"]);
    press(&mut f, &["tab", "tab", "tab"]);
    let frame = frame_at(&f, 80, 30);
    let text: String = frame.lines.iter().map(|l| l.plain() + "\n").collect();
    assert!(text.contains("Name → demo"), "{text}");
    assert!(text.contains("Deploy → Deploy"), "{text}");
    assert!(text.contains("Replicas → 3 pods"), "{text}");
    assert!(
        text.contains("Owner → unanswered (suggested: platform team)"),
        "{text}"
    );
    snap_all("typed_review", &f, 30);
}

#[test]
fn transcript_and_content_text_show_typed_answers_plainly() {
    let mut f = flow(&typed_form());
    press(&mut f, &["text:demo", "enter", "n", "text:3", "enter"]);
    press(&mut f, &["tab", "tab", "tab", "1", "1"]);
    let result = f.result_for(ask_state::model::ReviewAction::Submit);
    let transcript = ask_render::transcript::render_result(&result);
    assert_eq!(transcript, "✓ Name: demo\n✓ Deploy: Wait\n✓ Replicas: 3");
    assert_eq!(result.text(), "Name: demo\nDeploy: Wait\nReplicas: 3");
}

/// A typed question for the width property: `text`, `confirm`, `number`, `path` or a
/// multi-select with item counts, with generated labels, placeholders and units.
pub(crate) fn typed_question(
    kind: usize,
    index: usize,
    label: &str,
    prompt: &str,
    extra: &str,
) -> Value {
    let id = format!("q{index}");
    match kind % 5 {
        0 => {
            json!({"id": id, "label": label, "prompt": prompt, "type": "text", "placeholder": extra,
                    "maxLength": 5, "default": "abc"})
        }
        1 => {
            json!({"id": id, "label": label, "prompt": prompt, "type": "confirm", "yesLabel": extra, "default": true})
        }
        2 => {
            json!({"id": id, "label": label, "prompt": prompt, "type": "number", "min": 1, "max": 10,
                    "unit": extra, "default": 4})
        }
        3 => {
            json!({"id": id, "label": label, "prompt": prompt, "type": "path", "placeholder": extra, "mustExist": true})
        }
        _ => {
            json!({"id": id, "label": label, "prompt": prompt, "type": "multi", "minItems": 2, "maxItems": 2,
                    "default": ["a", "b"],
                    "options": [{"value": "a", "label": extra}, {"value": "b", "label": "B"}, {"value": "c", "label": "C"}]})
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Every generated typed question is a valid payload (so the width property runs on it).
    #[test]
    fn generated_typed_questions_validate(kind in 0..5usize, extra in "[a-zA-Z ]{1,12}") {
        let payload = json!({"questions": [typed_question(kind, 0, "L", "P?", &format!("x{extra}"))]});
        prop_assert!(ask_contract::parse_params(&payload, ask_contract::ParseOptions::default()).is_ok());
    }
}
