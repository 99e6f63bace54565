//! Properties: any JSON gives a valid form or issues and never panics; valid
//! forms satisfy the contract's invariants and round-trip through their JSON.

use std::collections::HashSet;

use ask_contract::{
    AskForm, ContractError, ParseOptions, QuestionType, parse_params, parse_params_str,
    result::AskResult,
    text::{invalid_payload_text, non_interactive_text},
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------
// Arbitrary JSON, biased towards the payload's own keys and words.

const KEYS: &[&str] = &[
    "questions",
    "title",
    "id",
    "label",
    "prompt",
    "type",
    "required",
    "options",
    "value",
    "description",
    "preview",
    "freeform",
];

fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "", " ", "\n\t", "single", "multi", "preview", "Multi", "a", " a ", "b",
        ])
        .prop_map(str::to_owned),
        any::<String>(),
    ]
}

fn arb_key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(KEYS).prop_map(str::to_owned),
        1 => ".{0,6}",
    ]
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f)
            .map(Value::Number)),
        arb_text().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 96, 6, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..6).prop_map(Value::Array),
            vec((arb_key(), inner), 0..7)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

// ---------------------------------------------------------------------------
// Valid payloads, and near-valid ones: a valid payload with a few mutations.

fn pad() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["", " ", "\t", "\n", "  "]).prop_map(str::to_owned)
}

/// Non-blank text with optional surrounding whitespace.
fn arb_word() -> impl Strategy<Value = String> {
    (pad(), "[a-zA-Z0-9][a-zA-Z0-9 _é漢🙂-]{0,12}", pad())
        .prop_map(|(a, w, b)| format!("{a}{w}{b}"))
}

fn arb_valid_question(index: usize) -> impl Strategy<Value = Value> {
    let kind = prop::sample::select(vec![None, Some("single"), Some("multi"), Some("preview")]);
    (
        kind,
        pad(),
        option::of(arb_word()),
        arb_word(),
        option::of(any::<bool>()),
        vec((arb_word(), option::of(arb_word()), arb_word()), 1..5),
    )
        .prop_map(move |(kind, id_pad, label, prompt, required, options)| {
            let options: Vec<Value> = options
                .into_iter()
                .enumerate()
                .map(|(j, (label, description, preview))| {
                    let mut option = json!({"value": format!("{id_pad}v{j}"), "label": label});
                    if let Some(description) = description {
                        option["description"] = Value::String(description);
                    }
                    if kind == Some("preview") {
                        option["preview"] = Value::String(format!("\n  {preview}\n  more\n\n"));
                    }
                    option
                })
                .collect();
            let mut question = json!({
                "id": format!("{id_pad}q{index}{id_pad}"),
                "prompt": prompt,
                "options": options,
            });
            if let Some(kind) = kind {
                question["type"] = json!(kind);
            }
            if let Some(label) = label {
                question["label"] = json!(label);
            }
            if let Some(required) = required {
                question["required"] = json!(required);
            }
            question
        })
}

fn arb_valid_payload() -> impl Strategy<Value = Value> {
    (1usize..5, option::of(arb_word()))
        .prop_flat_map(|(count, title)| {
            let questions: Vec<_> = (0..count).map(arb_valid_question).collect();
            (questions, Just(title))
        })
        .prop_map(|(questions, title)| {
            let mut root = json!({"questions": questions});
            if let Some(title) = title {
                root["title"] = json!(title);
            }
            root
        })
}

#[derive(Debug, Clone)]
enum Op {
    Replace(Value),
    Remove,
    Blank,
    Duplicate,
    MarkFreeform,
}

fn arb_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        arb_json().prop_map(Op::Replace),
        Just(Op::Remove),
        Just(Op::Blank),
        Just(Op::Duplicate),
        Just(Op::MarkFreeform),
    ]
}

/// Walks down the tree choosing children by `path` (modulo their count) and
/// applies `op` to the node reached.
fn mutate(node: &mut Value, path: &[usize], op: &Op) {
    let Some((&pick, rest)) = path.split_first() else {
        apply_here(node, op);
        return;
    };
    match node {
        Value::Array(items) if !items.is_empty() => {
            let i = pick % items.len();
            if rest.is_empty() {
                match op {
                    Op::Remove => {
                        items.remove(i);
                    }
                    Op::Duplicate => {
                        let copy = items[i].clone();
                        items.push(copy);
                    }
                    _ => apply_here(&mut items[i], op),
                }
            } else {
                mutate(&mut items[i], rest, op);
            }
        }
        Value::Object(map) if !map.is_empty() => {
            let i = pick % map.len();
            let key = map.keys().nth(i).cloned().unwrap_or_default();
            if rest.is_empty() && matches!(op, Op::Remove) {
                map.remove(&key);
            } else if let Some(child) = map.get_mut(&key) {
                mutate(child, rest, op);
            }
        }
        _ => apply_here(node, op),
    }
}

fn apply_here(node: &mut Value, op: &Op) {
    match op {
        Op::Replace(value) => *node = value.clone(),
        Op::Blank => *node = json!("  "),
        Op::MarkFreeform => {
            if let Value::Object(map) = node {
                map.insert("freeform".into(), json!(true));
            }
        }
        Op::Remove | Op::Duplicate => {}
    }
}

fn arb_near_valid() -> impl Strategy<Value = Value> {
    (
        arb_valid_payload(),
        vec((vec(any::<usize>(), 0..6), arb_op()), 1..4),
    )
        .prop_map(|(mut payload, mutations)| {
            for (path, op) in &mutations {
                mutate(&mut payload, path, op);
            }
            payload
        })
}

// ---------------------------------------------------------------------------
// Invariants.

fn is_clean(s: &str) -> bool {
    !s.is_empty() && s.trim() == s
}

fn check_form(form: &AskForm, options: ParseOptions) -> Result<(), TestCaseError> {
    prop_assert!(!form.questions.is_empty());
    if let Some(title) = &form.title {
        prop_assert!(is_clean(title));
    }
    let mut ids = HashSet::new();
    for q in &form.questions {
        prop_assert!(is_clean(&q.id), "id {:?}", q.id);
        prop_assert!(ids.insert(q.id.as_str()), "duplicate id {:?}", q.id);
        prop_assert!(is_clean(&q.label), "label {:?}", q.label);
        prop_assert!(is_clean(&q.prompt), "prompt {:?}", q.prompt);
        if q.freeform {
            prop_assert!(options.allow_freeform);
            prop_assert!(q.options.is_empty());
        } else {
            prop_assert!(!q.options.is_empty());
        }
        let mut values = HashSet::new();
        for o in &q.options {
            prop_assert!(is_clean(&o.value), "value {:?}", o.value);
            prop_assert!(
                values.insert(o.value.as_str()),
                "duplicate value {:?}",
                o.value
            );
            prop_assert!(is_clean(&o.label), "option label {:?}", o.label);
            if let Some(d) = &o.description {
                prop_assert!(is_clean(d));
            }
            if let Some(p) = &o.preview {
                prop_assert!(!p.trim().is_empty() && p.trim_end() == p, "preview {:?}", p);
            }
            if q.kind == QuestionType::Preview {
                prop_assert!(o.preview.is_some());
            }
        }
    }
    Ok(())
}

fn check_outcome(payload: &Value, options: ParseOptions) -> Result<(), TestCaseError> {
    let result = parse_params(payload, options);
    match &result {
        Ok(form) => {
            check_form(form, options)?;
            // The normalized payload parses back to the same form.
            let again = parse_params(&form.to_params_json(), ParseOptions::with_freeform());
            prop_assert_eq!(again.as_ref(), Ok(form));
            if !options.allow_freeform {
                let strict = parse_params(&form.to_params_json(), options);
                prop_assert_eq!(strict.as_ref(), Ok(form));
            }
        }
        Err(ContractError::InvalidPayload { issues }) => {
            prop_assert!(!issues.is_empty());
            for issue in issues {
                prop_assert!(
                    ["payload", "title", "questions"]
                        .iter()
                        .any(|p| issue.path.starts_with(p)),
                    "path {:?}",
                    issue.path
                );
                prop_assert!(!issue.message.is_empty());
            }
        }
        Err(other) => prop_assert!(false, "unexpected error {other:?}"),
    }
    // Text input takes the same route. (Compared by issue path: serde_json's
    // default float parsing may change the last digit of a quoted number.)
    let text = serde_json::to_string(payload).unwrap_or_default();
    let paths = |r: &Result<AskForm, ContractError>| -> Result<AskForm, Vec<String>> {
        r.clone()
            .map_err(|e| e.issues().iter().map(|i| i.path.clone()).collect())
    };
    prop_assert_eq!(paths(&parse_params_str(&text, options)), paths(&result));
    Ok(())
}

fn arb_options() -> impl Strategy<Value = ParseOptions> {
    any::<bool>().prop_map(|allow| ParseOptions::default().freeform(allow))
}

// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_json_gives_a_form_or_issues(payload in arb_json(), options in arb_options()) {
        check_outcome(&payload, options)?;
    }

    #[test]
    fn any_object_with_questions_gives_a_form_or_issues(
        questions in arb_json(), title in arb_json(), options in arb_options()
    ) {
        check_outcome(&json!({"title": title, "questions": questions}), options)?;
    }

    #[test]
    fn near_valid_payloads_give_a_form_or_issues(payload in arb_near_valid(), options in arb_options()) {
        check_outcome(&payload, options)?;
    }

    #[test]
    fn valid_payloads_are_accepted(payload in arb_valid_payload(), options in arb_options()) {
        let form = parse_params(&payload, options);
        prop_assert!(form.is_ok(), "{payload:#}\n{form:?}");
        check_outcome(&payload, options)?;
    }

    #[test]
    fn invalid_text_is_one_line_per_issue(payload in arb_near_valid()) {
        if let Err(err) = parse_params(&payload, ParseOptions::default()) {
            let text = invalid_payload_text(err.issues());
            let lines: Vec<&str> = text.lines().collect();
            prop_assert_eq!(lines.len(), err.issues().len() + 1, "{}", text);
            prop_assert_eq!(lines[0], "Invalid ask_user payload:");
            for (line, issue) in lines[1..].iter().zip(err.issues()) {
                prop_assert_eq!(*line, format!("- {}: {}", issue.path, issue.message));
            }
        }
    }

    #[test]
    fn fallback_text_lists_every_question_and_option(payload in arb_valid_payload()) {
        let form = parse_params(&payload, ParseOptions::default()).expect("valid payload");
        let text = non_interactive_text(&form);
        prop_assert!(text.starts_with("Needs user input:"));
        for (n, q) in form.questions.iter().enumerate() {
            let heading = format!("\n{}. {}: ", n + 1, q.label);
            prop_assert!(text.contains(&heading), "{}", heading);
            for o in &q.options {
                let row = format!("   - {} [{}]", o.label, o.value);
                prop_assert!(text.contains(&row), "{}", row);
            }
        }
        prop_assert_eq!(
            text.matches("   - Type your own [custom]").count(),
            form.questions.len()
        );
        let result = AskResult::non_interactive(&form);
        prop_assert!(result.details.cancelled && result.details.answers.is_empty());
        prop_assert_eq!(result.details.questions.len(), form.questions.len());
    }

    #[test]
    fn any_text_gives_a_form_or_issues(text in any::<String>()) {
        match parse_params_str(&text, ParseOptions::default()) {
            Ok(form) => check_form(&form, ParseOptions::default())?,
            Err(err) => prop_assert!(!err.issues().is_empty()),
        }
    }

}
