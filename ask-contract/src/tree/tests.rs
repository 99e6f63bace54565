//! Unit tests of the payload tree.

use serde_json::Value;

use super::*;

fn parse(text: &str) -> Tree<'_> {
    Tree::parse(text).unwrap()
}

#[test]
fn nodes_stay_small() {
    assert_eq!(std::mem::size_of::<Tree<'_>>(), 24);
    assert_eq!(std::mem::size_of::<(Key, Tree<'_>)>(), 32);
}

#[test]
fn borrows_plain_strings_and_unescapes_others() {
    let tree = parse(r#"{"title": "plain", "questions": "esc\"aped", "x": "y"}"#);
    assert_eq!(tree.get("title"), Some(&Tree::Str("plain")));
    assert_eq!(
        tree.get("questions"),
        Some(&Tree::Owned("esc\"aped".into()))
    );
    assert_eq!(tree.get("x"), None);
    // An escaped key is the key it spells.
    let tree = parse(r#"{"t\u0069tle": "t"}"#);
    assert_eq!(tree.get("title"), Some(&Tree::Str("t")));
}

#[test]
fn keeps_only_what_validation_reads() {
    let tree = parse(
        r#"{"x": [1, {"a": 2}], "title": [1, {"a": 2}], "questions": [
            7, [[1]], {"id": {"a": 1}, "zzz": [1], "title": "no", "options": [
                [1], {"value": "v", "other": [[]], "label": {"x": [1]}}, "s"]}]}"#,
    );
    let option = Tree::Object(
        vec![
            (Key::Value, Tree::Str("v")),
            (Key::Label, Tree::Object(Box::default())),
        ]
        .into(),
    );
    let question = Tree::Object(
        vec![
            (Key::Id, Tree::Object(Box::default())),
            (
                Key::Options,
                Tree::Array(vec![Tree::Array(Box::default()), option, Tree::Str("s")].into()),
            ),
        ]
        .into(),
    );
    let expected = Tree::Object(
        vec![
            (Key::Title, Tree::Array(Box::default())),
            (
                Key::Questions,
                Tree::Array(
                    vec![
                        Tree::Number(7.into()),
                        Tree::Array(Box::default()),
                        question,
                    ]
                    .into(),
                ),
            ),
        ]
        .into(),
    );
    assert_eq!(tree, expected);
}

#[test]
fn repeated_keys_resolve_like_value() {
    let text = r#"{"questions": [{"id": "first", "id": "second", "options": [{}], "options": 3}]}"#;
    let tree = parse(text);
    let value: Value = serde_json::from_str(text).unwrap();
    let question = tree.get("questions").map(Node::view);
    let Some(View::Array([question])) = question else {
        panic!("no question: {tree:?}");
    };
    assert!(matches!(
        question.get("id").map(Node::view),
        Some(View::Str("second"))
    ));
    assert!(
        matches!(question.get("options").map(Node::view), Some(View::Number(n)) if n.as_u64() == Some(3))
    );
    assert!(matches!(
        value["questions"][0].get("id").map(Node::view),
        Some(View::Str("second"))
    ));
}

#[test]
fn numbers_match_value() {
    for text in ["0", "-7", "18446744073709551615", "1.5e300", "-0.0"] {
        let tree = parse(text);
        let value: Value = serde_json::from_str(text).unwrap();
        let (Tree::Number(a), Value::Number(b)) = (&tree, &value) else {
            panic!("{text}: {tree:?} / {value:?}");
        };
        assert_eq!(a, b, "{text}");
    }
}

#[test]
fn dropped_values_are_still_checked_like_value() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let bad = [
        r#"{"x": 1e400}"#.to_owned(),
        r#"{"title": [1e400]}"#.to_owned(),
        r#"{"x": "\ud800"}"#.to_owned(),
        r#"{"x": "\q"}"#.to_owned(),
        r#"{"x": {"a" 1}}"#.to_owned(),
        r#"{"x": [01]}"#.to_owned(),
        r#"{"x": {1: 2}}"#.to_owned(),
        r#"{"x": []} x"#.to_owned(),
        format!(r#"{{"x": {deep}}}"#),
        format!(r#"{{"title": {deep}}}"#),
        format!(r#"{{"questions": [{{"options": [{{"label": {deep}}}]}}]}}"#),
    ];
    for text in &bad {
        // Both refuse it with the same words (or, for `1e400` under serde_json's
        // `arbitrary_precision`, both take it).
        let ours = Tree::parse(text).map(drop).map_err(|e| e.to_string());
        let theirs = serde_json::from_str::<Value>(text)
            .map(drop)
            .map_err(|e| e.to_string());
        assert_eq!(ours, theirs, "{text}");
    }
    // Without `arbitrary_precision` every one of them is refused.
    if serde_json::from_str::<Value>("1e400").is_err() {
        assert!(bad.iter().all(|text| Tree::parse(text).is_err()));
    }
}
