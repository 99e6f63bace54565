//! An Elaborate result stays proportional to the payload plus the notes: a question of
//! megabytes is carried whole by its first elaboration item only, later items on it carry
//! a shortened copy that points there; an ordinary question is repeated whole.

use ask_contract::{ParseOptions, parse_params, result::MAX_REPEATED_QUESTION_BYTES};
use serde_json::json;

fn options(n: usize, description: &str) -> Vec<serde_json::Value> {
    (0..n)
        .map(|i| json!({"value": format!("v{i}"), "label": format!("Option {i}"), "description": description}))
        .collect()
}

#[test]
fn notes_on_a_huge_question_do_not_repeat_it() {
    let big_prompt = "p".repeat(1 << 20);
    let form = parse_params(
        &json!({"questions": [
            {"id": "big", "prompt": big_prompt, "type": "multi", "options": options(1000, &"d".repeat(500))},
            {"id": "small", "prompt": "Which?", "options": options(3, "short")}]}),
        ParseOptions::default(),
    )
    .unwrap();
    let payload_bytes = serde_json::to_string(&form.to_params()).unwrap().len();
    let mut option_notes = serde_json::Map::new();
    for i in 0..200 {
        option_notes.insert(format!("v{i}"), json!(format!("note {i}")));
    }
    let script = json!({"mode": "elaborate", "answers": {
        "big": {"values": ["v1"], "note": "about the whole thing", "optionNotes": option_notes},
        "small": {"values": ["v0"], "note": "why?", "optionNotes": {"v1": "and this one?"}}}});
    let result = ask_state::scripted::scripted_result(&form, &script).unwrap();
    let text = serde_json::to_string(&result).unwrap();
    // Was 201 copies of a 1.6 MB question (about 330 MB).
    assert!(
        text.len() < 3 * payload_bytes,
        "{} bytes of result for a {payload_bytes}-byte payload",
        text.len()
    );
    let items = &result.details.elaboration.as_ref().unwrap().items;
    assert_eq!(items.len(), 203);
    assert_eq!(
        items[0].question.prompt.len(),
        1 << 20,
        "the first item carries it whole"
    );
    assert_eq!(items[0].question.options.len(), 1000);
    assert_eq!(items[0].question_in_item, None);
    for item in &items[1..201] {
        assert_eq!(item.question.id, "big");
        assert_eq!(item.question_in_item, Some(0));
        assert!(item.question.options.is_empty());
        assert!(item.question.prompt.ends_with('…'));
        assert!(item.option.is_some(), "the noted option is still named");
    }
    // The ordinary question is repeated whole in each of its items.
    for item in &items[201..] {
        assert_eq!(item.question.id, "small");
        assert_eq!(item.question_in_item, None);
        assert_eq!(item.question.options.len(), 3);
        assert!(item.question.json_len() <= MAX_REPEATED_QUESTION_BYTES);
    }
    // The text for the model names each note once with a bounded prompt.
    let content = &result.content[0].text;
    assert!(
        content.len() < 2 * (1 << 20) + 200 * 2048,
        "{} bytes",
        content.len()
    );
}

/// A 100 KB prompt with 100 options, every one chosen and noted: the result stays under
/// three times the payload plus 2 KB a note (it was 5.3 times the payload with one option
/// chosen, 11 times with all of them, each item repeating the whole answer).
#[test]
fn a_hundred_notes_on_a_long_question_stay_within_three_payloads_and_2_kb_a_note() {
    let prompt = "p".repeat(100 * 1024);
    let options: Vec<_> = (0..100)
        .map(|i| json!({"value": format!("v{i}"), "label": format!("Option {i}")}))
        .collect();
    let form = parse_params(
        &json!({"questions": [{"id": "big", "prompt": prompt, "type": "multi", "options": options}]}),
        ParseOptions::default(),
    )
    .unwrap();
    let payload_bytes = serde_json::to_string(&form.to_params()).unwrap().len();
    for chosen in [1, 100] {
        let mut notes = serde_json::Map::new();
        for i in 0..100 {
            notes.insert(
                format!("v{i}"),
                json!(format!("why option {i}? ").repeat(10)),
            );
        }
        let values: Vec<String> = (0..chosen).map(|i| format!("v{i}")).collect();
        let script = json!({"mode": "elaborate", "answers": {
            "big": {"values": values, "optionNotes": notes}}});
        let result = ask_state::scripted::scripted_result(&form, &script).unwrap();
        let bytes = serde_json::to_string(&result).unwrap().len();
        let bound = 3 * payload_bytes + 100 * 2048;
        assert!(
            bytes < bound,
            "{chosen} chosen: {bytes} bytes of result, more than {bound} for a {payload_bytes}-byte payload"
        );
        let items = &result.details.elaboration.as_ref().unwrap().items;
        assert_eq!(items.len(), 100);
        assert_eq!(items[0].answer.as_ref().unwrap().values.len(), chosen);
        for item in &items[1..] {
            assert_eq!(item.question_in_item, Some(0));
            assert!(
                item.answered && item.answer.is_none(),
                "the answer is in item 0"
            );
        }
        // Each line of the text names its note whole and the question in a few words.
        let content = &result.content[0].text;
        let line = content
            .lines()
            .find(|l| l.contains("option \"Option 42\""))
            .unwrap();
        assert!(line.contains("why option 42? ".repeat(10).trim_end()));
        assert!(line.len() < 600, "{} bytes", line.len());
        assert_eq!(result.details.answers["big"].values.len(), chosen);
    }
}
