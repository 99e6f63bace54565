//! Any key sequence on any valid form never panics and keeps the invariants.

use ask_contract::{AskForm, QuestionType, result::AskResult};
use ask_keymap::{
    Key,
    behaviour::{Behaviour, BehaviourSetting},
};
use ask_state::{Command, Flow, FlowOptions, Tab, model::ReviewAction};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support::form;

fn payload() -> impl Strategy<Value = Value> {
    let question = (0..3usize, 1..6usize, any::<bool>(), "p[a-zé 中]{0,12}").prop_map(|(kind, n, free, prompt)| {
        let kind = ["single", "multi", "preview"][kind];
        let options: Vec<Value> = if free {
            vec![json!({"value": "answer", "label": "Answer", "freeform": true})]
        } else {
            (0..n).map(|j| json!({"value": format!("v{j}"), "label": format!("Option {j}"), "preview": format!("line\n{j}")})).collect()
        };
        json!({"prompt": prompt, "type": kind, "options": options})
    });
    proptest::collection::vec(question, 1..4).prop_map(|qs| {
        let qs: Vec<Value> = qs
            .into_iter()
            .enumerate()
            .map(|(i, mut q)| {
                q["id"] = json!(format!("q{i}"));
                q
            })
            .collect();
        json!({"questions": qs})
    })
}

const KEYS: &[&str] = &[
    "up",
    "down",
    "left",
    "right",
    "tab",
    "shift+tab",
    "enter",
    "space",
    "esc",
    "ctrl+c",
    "n",
    "shift+n",
    "?",
    "1",
    "2",
    "3",
    "4",
    "9",
    "a",
    "@",
    "backspace",
    "ctrl+w",
    "ctrl+z",
    "shift+enter",
    "pageDown",
    "pageUp",
    "home",
    "ctrl+u",
    "delete",
    "/",
    "o",
    "x",
];

fn key_script() -> impl Strategy<Value = Vec<Key>> {
    proptest::collection::vec(proptest::sample::select(KEYS), 0..60).prop_map(|ks| {
        ks.iter()
            .map(|k| k.parse().expect("pool keys parse"))
            .collect()
    })
}

fn check_result(form: &AskForm, result: &AskResult) {
    let json = serde_json::to_value(result).expect("serializes");
    assert!(json["content"][0]["text"].is_string());
    for (id, answer) in &result.details.answers {
        let q = form.question(id).expect("answers only for known questions");
        let declared = answer.values.len() - usize::from(answer.custom_text.is_some());
        assert_eq!(answer.indices.len(), declared);
        for (k, index) in answer.indices.iter().enumerate() {
            assert!(*index >= 1, "indices are 1-based");
            let option = &q.options[*index as usize - 1];
            assert_eq!(answer.values[k], option.value);
            assert_eq!(answer.labels[k], option.label);
        }
        if q.kind != QuestionType::Multi {
            assert!(answer.values.len() <= 1);
        }
        for value in answer.option_notes.iter().flat_map(|n| n.keys()) {
            assert!(
                answer.values.contains(value),
                "option notes only for selected options"
            );
        }
    }
}

fn check(flow: &Flow) {
    let form = flow.form();
    for (i, q) in form.questions.iter().enumerate() {
        let d = flow.draft(i).expect("a draft per question");
        let rows = if q.freeform { 1 } else { q.options.len() + 1 };
        assert!(d.cursor < rows, "cursor in range");
        assert_eq!(d.selected.len(), q.options.len());
        if q.kind != QuestionType::Multi {
            let chosen = d.selected.iter().filter(|s| **s).count()
                + usize::from(d.custom_selected && d.custom_text.is_some());
            assert!(chosen <= 1, "at most one choice on single/preview");
        }
        assert!(
            d.option_notes.keys().all(|j| *j < q.options.len()),
            "notes only for existing options"
        );
    }
    if let Some(filter) = flow.filter() {
        check_filter(flow, filter);
    }
    if let Some(editor) = flow.editor() {
        assert!(
            editor
                .buffer
                .text()
                .is_char_boundary(editor.buffer.cursor())
        );
    }
    for action in ReviewAction::ALL {
        check_result(form, &flow.result_for(action));
    }
}

/// An open filter belongs to the current question, shows the cursor row, and shows
/// exactly the options that match its query.
fn check_filter(flow: &Flow, filter: &ask_state::model::OptionFilter) {
    assert_eq!(flow.tab(), Tab::Question(filter.question()));
    let q = &flow.form().questions[filter.question()];
    assert!(!q.freeform && filter.total() == q.options.len());
    let d = flow.draft(filter.question()).expect("a draft");
    assert!(filter.shows(d.cursor), "the cursor is on a row shown");
    let has_query = filter.query().chars().any(|c| !c.is_whitespace());
    let mut seen = vec![false; q.options.len()];
    for &j in filter.matches() {
        assert!(!std::mem::replace(&mut seen[j], true), "each option once");
    }
    for (j, option) in q.options.iter().enumerate() {
        let marks = filter.option_marks(option);
        let matched = !marks.label.is_empty() || !marks.description.is_empty();
        if has_query {
            assert_eq!(seen[j], matched, "exactly the matching options show");
        } else {
            assert!(
                seen[j] && !matched,
                "an empty query shows all, marking none"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_keys_on_any_form_keep_the_invariants(payload in payload(), keys in key_script(), double in any::<bool>(), auto in any::<bool>()) {
        let behaviour = Behaviour::default().with(BehaviourSetting::DoublePress, double).with(BehaviourSetting::AutoSubmit, auto);
        let form = form(&payload);
        let mut flow = Flow::new(form.clone(), behaviour, ask_keymap::Keymap::default(), FlowOptions::default());
        for key in keys {
            let command = flow.handle_key(key);
            let outcome = flow.apply(command);
            if let Some(result) = outcome.result() {
                check_result(&form, result);
                break;
            }
            check(&flow);
        }
        let _ = flow.apply(Command::Paste("pasted\ttext\r\n".into()));
        check(&flow);
    }
}
