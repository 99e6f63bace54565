//! Properties: no reply and no session file makes the crate panic.

use ask_extract::{Decision, Step, extract_status, next_step, session::PiSession};
use proptest::prelude::*;

/// Fragments that steer random text toward the interesting paths: fences,
/// braces, strings, escapes, partial payloads.
fn jsonish() -> impl Strategy<Value = String> {
    let fragment = prop_oneof![
        Just("```json\n".to_owned()),
        Just("```".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("\"".to_owned()),
        Just("\\".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just(",".to_owned()),
        Just("\"questions\":".to_owned()),
        Just("{\"questions\": []}".to_owned()),
        Just("{\"id\": \"q\", \"prompt\": \"How can I help?\", \"options\": [".to_owned()),
        Just("{\"value\": \"v\", \"label\": \"L\"}".to_owned()),
        Just("{\"value\": \"a\", \"label\": \"x\", \"freeform\": true}".to_owned()),
        "\\PC{0,8}",
    ];
    prop::collection::vec(fragment, 0..24).prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn arbitrary_text_replies_never_panic(
        message in "\\PC{0,40}",
        replies in prop::collection::vec(any::<String>(), 0..4),
        retries in 0u8..4,
    ) {
        let step = next_step(&message, &replies, retries);
        if replies.len() <= usize::from(retries) {
            // Replies that are not a form or "no questions" always get a retry.
            let done_early = matches!(step, Step::Done(Decision::Form { .. } | Decision::NoQuestions));
            prop_assert!(matches!(step, Step::Request(_)) || done_early);
        } else {
            prop_assert!(matches!(step, Step::Done(_)));
        }
    }

    #[test]
    fn jsonish_replies_never_panic_and_forms_are_valid(
        replies in prop::collection::vec(jsonish(), 1..4),
        retries in 0u8..3,
    ) {
        if let Step::Done(Decision::Form { form, params }) = next_step("Which one?", &replies, retries) {
            let reparsed = params.validate_with(ask_contract::ParseOptions::with_freeform());
            prop_assert_eq!(reparsed.as_ref(), Ok(&form));
            prop_assert!(form.questions.iter().all(|q| q.options.len() <= 4));
        }
    }

    #[test]
    fn arbitrary_session_bytes_never_panic(
        lines in prop::collection::vec(
            prop_oneof![
                any::<String>(),
                Just(r#"{"type":"message","id":"a","parentId":"b","message":{"role":"assistant","content":[{"type":"text","text":"Q?"}],"stopReason":"stop"}}"#.to_owned()),
                Just(r#"{"type":"custom","id":"b","parentId":"a","customType":"ask:payload","data":{"source":"tool","params":{}}}"#.to_owned()),
                Just(r#"{"type":"custom","id":"c","customType":"ask:payload","data":7}"#.to_owned()),
                Just(r#"{"id":5,"parentId":[1],"message":"x"}"#.to_owned()),
            ],
            0..12,
        ),
        leaf in prop::option::of(prop_oneof![Just("a".to_owned()), Just("b".to_owned()), Just("c".to_owned()), any::<String>()]),
    ) {
        let text = lines.join("\n");
        let session = PiSession::from_reader(text.as_bytes()).unwrap();
        let _ = extract_status(&session, leaf.as_deref(), &[] as &[String], 1).to_json();
        if let Ok(branch) = session.branch(leaf.as_deref()) {
            prop_assert!(branch.len() <= session.entries().len());
            for source in [ask_extract::lookup::Source::Tool, ask_extract::lookup::Source::AnswerExtraction] {
                let _ = ask_extract::lookup::latest_payload(&branch, source);
            }
        }
    }
}
