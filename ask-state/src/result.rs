//! Turning the flow state into the contract's result.

use ask_contract::{
    AskForm, Question,
    result::{
        Answer, AskDetails, AskResult, Continuation, ContinuationStrategy, Elaboration,
        ElaborationItem, ElaborationTarget, MAX_REPEATED_QUESTION_BYTES, Mode, NextAction,
        QuestionDetail, QuestionState, QuestionStatus,
    },
    text::ELABORATION_INSTRUCTION,
};
use indexmap::IndexMap;

use crate::flow::{Flow, QuestionDraft, ReviewAction};

/// The answer of one question: selected options in declaration order, then the
/// selected free-form text; notes of selected options only. `None` when there is
/// nothing to report (with `keep_note_only`, a question note alone counts).
pub(crate) fn answer_of(q: &Question, d: &QuestionDraft, keep_note_only: bool) -> Option<Answer> {
    let mut answer = Answer::default();
    let mut option_notes = IndexMap::new();
    for (j, option) in q.options.iter().enumerate() {
        if d.selected.get(j).copied().unwrap_or(false) {
            answer.values.push(option.value.clone());
            answer.labels.push(option.label.clone());
            answer
                .indices
                .push(u32::try_from(j + 1).unwrap_or(u32::MAX));
            if let Some(note) = d.option_notes.get(&j) {
                option_notes.insert(option.value.clone(), note.clone());
            }
        }
    }
    if d.custom_selected
        && let Some(text) = &d.custom_text
    {
        answer.values.push(text.clone());
        answer.labels.push(text.clone());
        answer.custom_text = Some(text.clone());
    }
    if let Some(value) = crate::typed::value_of(q, &answer) {
        answer.value = Some(value);
    } else if q.kind.is_typed_input() {
        // Typed text that breaks its rules is never an answer (only a draft).
        answer.values.clear();
        answer.labels.clear();
        answer.custom_text = None;
    }
    answer.note.clone_from(&d.note);
    if !option_notes.is_empty() {
        answer.option_notes = Some(option_notes);
    }
    let keep = answer.is_committed() || (keep_note_only && answer.note.is_some());
    keep.then_some(answer)
}

/// The presented type when it differs from the requested one.
fn presented(q: &Question, d: &QuestionDraft) -> Option<ask_contract::QuestionType> {
    (d.presented != q.kind).then_some(d.presented)
}

/// Builds the result for a finished flow from the form and the drafts.
pub(crate) fn build_result(
    form: &AskForm,
    drafts: &[QuestionDraft],
    action: ReviewAction,
) -> AskResult {
    let mut details = AskDetails::for_form(form);
    for (summary, (q, d)) in details
        .questions
        .iter_mut()
        .zip(form.questions.iter().zip(drafts))
    {
        summary.presented_type = presented(q, d);
    }
    let pairs = || form.questions.iter().zip(drafts.iter());
    match action {
        ReviewAction::Submit => {
            for (q, d) in pairs() {
                if let Some(answer) = answer_of(q, d, true) {
                    details.answers.insert(q.id.clone(), answer);
                }
            }
        }
        ReviewAction::Cancel => {
            details.cancelled = true;
            for (q, d) in pairs() {
                if let Some(answer) = answer_of(q, d, false) {
                    details.answers.insert(q.id.clone(), answer);
                }
            }
        }
        ReviewAction::Elaborate => {
            details.mode = Mode::Elaborate;
            let mut continuation = Continuation {
                strategy: ContinuationStrategy::RefineOnly,
                affected_question_ids: Vec::new(),
                preserved_answers: IndexMap::new(),
                question_states: IndexMap::new(),
            };
            let mut items = Vec::new();
            for (q, d) in pairs() {
                let committed = answer_of(q, d, false);
                let status = if d.has_notes() {
                    continuation.affected_question_ids.push(q.id.clone());
                    QuestionState::NeedsClarification
                } else if committed.is_some() {
                    QuestionState::Answered
                } else {
                    QuestionState::Unanswered
                };
                continuation
                    .question_states
                    .insert(q.id.clone(), QuestionStatus { status });
                let first = items.len();
                items.extend(items_of(q, d, committed.as_ref(), first));
                if let Some(answer) = committed {
                    if !d.has_notes() {
                        continuation
                            .preserved_answers
                            .insert(q.id.clone(), answer.clone());
                    }
                    details.answers.insert(q.id.clone(), answer);
                }
            }
            let next_action = if items.is_empty() {
                NextAction::Clarify
            } else {
                NextAction::ClarifyThenReask
            };
            details.continuation = Some(continuation);
            details.elaboration = Some(Elaboration {
                instruction: ELABORATION_INSTRUCTION.to_owned(),
                next_action,
                items,
            });
        }
    }
    AskResult::from_details(details)
}

/// The result of a flow that timed out: cancelled with `timedOut`, every committed answer
/// and every note kept (a question note alone counts), nothing chosen for the user.
pub(crate) fn build_timed_out(form: &AskForm, drafts: &[QuestionDraft]) -> AskResult {
    let mut details = AskDetails::for_form(form);
    details.cancelled = true;
    details.timed_out = true;
    for ((summary, q), d) in details
        .questions
        .iter_mut()
        .zip(&form.questions)
        .zip(drafts)
    {
        summary.presented_type = presented(q, d);
    }
    for (q, d) in form.questions.iter().zip(drafts) {
        if let Some(answer) = answer_of(q, d, true) {
            details.answers.insert(q.id.clone(), answer);
        }
    }
    AskResult::from_details(details)
}

/// Elaboration items of one question: its note first, then option notes in declaration order
/// (including notes on unselected options). `first` is the index the first of them gets in
/// `items`. A question whose JSON and answer together are larger than
/// [`MAX_REPEATED_QUESTION_BYTES`] is carried whole, with its answer, by the first item
/// only; the others get a shortened copy pointing to it, without the answer.
fn items_of(
    q: &Question,
    d: &QuestionDraft,
    committed: Option<&Answer>,
    first: usize,
) -> Vec<ElaborationItem> {
    let mut detail = QuestionDetail::from(q);
    detail.presented_type = presented(q, d);
    let notes = usize::from(d.note.is_some()) + d.option_notes.len();
    let answer_len = committed.map_or(0, |a| serde_json::to_vec(a).map_or(0, |b| b.len()));
    // A repeated copy: the question shortened and no answer (the first item has both).
    let repeat = if notes > 1 && detail.json_len() + answer_len > MAX_REPEATED_QUESTION_BYTES {
        (detail.shortened(), Some(first), None)
    } else {
        (detail.clone(), None, committed.cloned())
    };
    let mut whole = Some(detail);
    let mut question = move || match whole.take() {
        Some(detail) => (detail, None, committed.cloned()),
        None => repeat.clone(),
    };
    let mut items = Vec::new();
    if let Some(note) = &d.note {
        let (question, question_in_item, answer) = question();
        items.push(ElaborationItem {
            target: ElaborationTarget::Question,
            question,
            question_in_item,
            option: None,
            selected: None,
            answered: committed.is_some(),
            answer,
            note: note.clone(),
        });
    }
    for (j, note) in &d.option_notes {
        let Some(option) = q.options.get(*j) else {
            continue;
        };
        let (question, question_in_item, answer) = question();
        items.push(ElaborationItem {
            target: ElaborationTarget::Option {
                option_value: option.value.clone(),
            },
            question,
            question_in_item,
            option: Some(option.clone()),
            selected: Some(d.selected.get(*j).copied().unwrap_or(false)),
            answered: committed.is_some(),
            answer,
            note: note.clone(),
        });
    }
    items
}

impl Flow {
    /// The result the flow would produce if `action` were chosen now.
    pub fn result_for(&self, action: ReviewAction) -> AskResult {
        build_result(&self.form, &self.drafts, action)
    }

    /// The committed answer of question `i` (what the review tab shows).
    pub fn answer(&self, i: usize) -> Option<Answer> {
        answer_of(self.form.questions.get(i)?, self.drafts.get(i)?, false)
    }
}
