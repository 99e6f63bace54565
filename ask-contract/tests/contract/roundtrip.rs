//! Results serialize and parse back to equal values, whatever they hold.

use ask_contract::{
    Issue, QuestionOption, QuestionType,
    result::{
        Answer, AskDetails, AskResult, Continuation, ContinuationStrategy, Elaboration,
        ElaborationItem, ElaborationTarget, ErrorKind, Mode, NextAction, PayloadError,
        QuestionDetail, QuestionState, QuestionStatus, QuestionSummary, TextContent,
    },
};
use indexmap::IndexMap;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

fn arb_option() -> impl Strategy<Value = QuestionOption> {
    (
        any::<String>(),
        any::<String>(),
        option::of(any::<String>()),
        option::of(any::<String>()),
        any::<bool>(),
    )
        .prop_map(
            |(value, label, description, preview, recommended)| QuestionOption {
                value,
                label,
                description,
                preview,
                recommended,
            },
        )
}

fn arb_kind() -> impl Strategy<Value = QuestionType> {
    prop::sample::select(vec![
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Preview,
    ])
}

fn arb_detail() -> impl Strategy<Value = QuestionDetail> {
    (
        any::<String>(),
        any::<String>(),
        any::<String>(),
        arb_kind(),
        vec(arb_option(), 0..3),
        proptest::option::of(arb_kind()),
    )
        .prop_map(|(id, label, prompt, kind, options, presented_type)| {
            let detail = QuestionDetail::new(id, label, prompt, kind, options);
            match presented_type {
                Some(presented) => detail.with_presented_type(presented),
                None => detail,
            }
        })
}

fn arb_map() -> impl Strategy<Value = IndexMap<String, String>> {
    vec((any::<String>(), any::<String>()), 0..3).prop_map(|pairs| pairs.into_iter().collect())
}

fn arb_answer() -> impl Strategy<Value = Answer> {
    (
        vec(any::<String>(), 0..3),
        vec(any::<String>(), 0..3),
        vec(any::<u32>(), 0..3),
        option::of(any::<String>()),
        option::of(any::<String>()),
        option::of(arb_map()),
    )
        .prop_map(
            |(values, labels, indices, custom_text, note, option_notes)| {
                let mut answer = Answer::new(values, labels, indices);
                answer.custom_text = custom_text;
                answer.note = note;
                answer.option_notes = option_notes;
                answer
            },
        )
}

fn arb_answers() -> impl Strategy<Value = IndexMap<String, Answer>> {
    vec((any::<String>(), arb_answer()), 0..3).prop_map(|pairs| pairs.into_iter().collect())
}

fn arb_item() -> impl Strategy<Value = ElaborationItem> {
    (
        option::of(any::<String>()),
        arb_detail(),
        option::of(arb_option()),
        option::of(any::<bool>()),
        any::<bool>(),
        option::of(arb_answer()),
        any::<String>(),
    )
        .prop_map(
            |(option_value, question, option, selected, answered, answer, note)| ElaborationItem {
                target: option_value.map_or(ElaborationTarget::Question, |option_value| {
                    ElaborationTarget::Option { option_value }
                }),
                question,
                question_in_item: None,
                option,
                selected,
                answered,
                answer,
                note,
            },
        )
}

fn arb_continuation() -> impl Strategy<Value = Continuation> {
    let state = prop::sample::select(vec![
        QuestionState::Answered,
        QuestionState::NeedsClarification,
        QuestionState::Unanswered,
    ]);
    (
        prop::sample::select(vec![
            ContinuationStrategy::RefineOnly,
            ContinuationStrategy::Resume,
        ]),
        vec(any::<String>(), 0..3),
        arb_answers(),
        vec((any::<String>(), state), 0..3),
    )
        .prop_map(|(strategy, affected, preserved, states)| Continuation {
            strategy,
            affected_question_ids: affected,
            preserved_answers: preserved,
            question_states: states
                .into_iter()
                .map(|(id, status)| (id, QuestionStatus { status }))
                .collect(),
        })
}

fn arb_elaboration() -> impl Strategy<Value = Elaboration> {
    (
        any::<String>(),
        prop::sample::select(vec![NextAction::Clarify, NextAction::ClarifyThenReask]),
        vec(arb_item(), 0..3),
    )
        .prop_map(|(instruction, next_action, items)| Elaboration {
            instruction,
            next_action,
            items,
        })
}

fn arb_result() -> impl Strategy<Value = AskResult> {
    let summary = (
        any::<String>(),
        any::<String>(),
        any::<String>(),
        arb_kind(),
        vec(any::<String>(), 0..3),
        proptest::option::of(arb_kind()),
    )
        .prop_map(
            |(id, label, prompt, kind, recommended, presented_type)| QuestionSummary {
                id,
                label,
                prompt,
                kind,
                recommended,
                presented_type,
            },
        );
    let error = vec((any::<String>(), any::<String>()), 0..3).prop_map(|issues| PayloadError {
        kind: ErrorKind::InvalidInput,
        issues: issues.into_iter().map(|(p, m)| Issue::new(p, m)).collect(),
    });
    (
        vec(any::<String>().prop_map(TextContent::text), 0..2),
        option::of(any::<String>()),
        any::<bool>(),
        option::of(error),
        prop::sample::select(vec![Mode::Submit, Mode::Elaborate]),
        vec(summary, 0..3),
        arb_answers(),
        option::of(arb_continuation()),
        option::of(arb_elaboration()),
    )
        .prop_map(
            |(
                content,
                title,
                cancelled,
                error,
                mode,
                questions,
                answers,
                continuation,
                elaboration,
            )| {
                let mut details = AskDetails::default().with_cancelled(cancelled);
                details.title = title;
                // A timeout is a cancel: round-trip the flag on every cancelled result.
                details.timed_out = cancelled;
                details.error = error;
                details.mode = mode;
                details.questions = questions;
                details.answers = answers;
                details.continuation = continuation;
                details.elaboration = elaboration;
                AskResult { content, details }
            },
        )
}

proptest! {
    #[test]
    fn results_round_trip_through_json(result in arb_result()) {
        let text = serde_json::to_string(&result).expect("results serialize");
        let back: AskResult = serde_json::from_str(&text).expect("results parse back");
        prop_assert_eq!(back, result);
    }
}

#[test]
fn answered_via_serializes_by_name_and_round_trips() {
    use ask_contract::result::AnsweredVia;
    for (via, name) in [
        (AnsweredVia::Terminal, "terminal"),
        (AnsweredVia::Browser, "browser"),
        (AnsweredVia::Control, "control"),
        (AnsweredVia::Scripted, "scripted"),
        (AnsweredVia::Host, "host"),
        (AnsweredVia::App, "app"),
    ] {
        let mut details = AskDetails::default();
        details.answered_via = Some(via);
        let result = AskResult::from_details(details);
        let json = serde_json::to_value(&result).expect("serializes");
        assert_eq!(json["details"]["answeredVia"], name);
        assert_eq!(via.as_str(), name);
        assert_eq!(
            serde_json::from_value::<AskResult>(json).expect("parses"),
            result
        );
    }
    // Absent unless someone ended the form.
    let json =
        serde_json::to_value(AskResult::from_details(AskDetails::default())).expect("serializes");
    assert!(json["details"].get("answeredVia").is_none());
}
