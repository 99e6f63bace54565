//! Typed questions on screen: the editor of `text`, `number` and `path` questions with
//! its placeholder, unit and inline rule, the item-count line of multi-select questions,
//! and the review's `unanswered (suggested: ...)`.

use ask_contract::{Question, QuestionType, result::Answer};
use ask_i18n::{Locale, Msg};
use ask_state::{
    Flow,
    model::{EditorTarget, QuestionDraft},
};

use crate::block::Block;
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::sanitize_line;
use crate::window::Keep;

/// The heading above a typed editor.
fn heading(q: &Question) -> Msg {
    match q.kind {
        QuestionType::Number => Msg::TypedHeadingNumber,
        QuestionType::Path => Msg::TypedHeadingPath,
        _ => Msg::TypedHeadingText,
    }
}

/// A `text`, `number` or `path` question (and the `/answer` free-form marker, which reads
/// as text): heading, the editor (placeholder from the payload) or the saved text, the
/// unit, and one line with the rule or what breaks it.
pub(crate) fn typed_block(
    flow: &Flow,
    i: usize,
    q: &Question,
    draft: &QuestionDraft,
    (width, height): (usize, usize),
) -> Block {
    // Below the editor: the unit, the rule and the suggestion, laid out first so the
    // editor gets the rows they leave of `height` (its markers included).
    let locale = flow.locale();
    let mut tail = Block::new(width, locale);
    if let Some(unit) = q.rules.unit.as_deref() {
        tail.hanging(
            vec![Span::new(
                format!("  {} ", locale.text(Msg::TypedUnit)),
                Role::Muted,
            )],
            unit,
            Style::new(Role::Muted),
        );
    }
    rule_line(flow, i, q, &mut tail);
    if flow.editor_holds_default() && flow.editor().is_some_and(|e| e.question == i) {
        tail.push(Line::styled(locale.text(Msg::TypedSuggested), Role::Dim));
    }
    let rows = if height == 0 {
        0
    } else {
        height.saturating_sub(tail.len() + 1).max(2)
    };
    let mut block = Block::new(width, locale);
    block.focus_next();
    block.push(Line::styled(
        locale.text(heading(q)),
        Style::new(Role::Accent).bold(),
    ));
    let placeholder = q.rules.placeholder.as_deref().map_or_else(
        || locale.text(Msg::TypedPlaceholder).to_owned(),
        sanitize_line,
    );
    match flow
        .editor()
        .filter(|e| e.question == i && e.target == EditorTarget::Custom)
    {
        Some(editor) => block.append(editor_block(
            editor,
            (width, rows),
            0,
            (&placeholder, locale),
        )),
        None => match &draft.custom_text {
            Some(text) => block.hanging_kept(
                vec![Span::new("│ ", Role::Muted)],
                text,
                Style::new(Role::Text),
                Keep::head(rows),
            ),
            None => block.push(Line::styled(locale.text(Msg::TypedNoAnswer), Role::Dim)),
        },
    }
    block.append(tail);
    block
}

/// The rule of question `i` (`A whole number from 1 to 10`), or in the error style what
/// the current input breaks (`✗ at most 10`).
pub(crate) fn rule_line(flow: &Flow, i: usize, q: &Question, block: &mut Block) {
    if let Some(problem) = flow.input_problem(i) {
        block.hanging(
            vec![Span::new("✗ ", Role::Error)],
            &problem,
            Style::new(Role::Error),
        );
    } else if let Some(rule) = q.rule_text_in(flow.locale()) {
        block.hanging(Vec::new(), &rule, Style::new(Role::Muted));
    }
}

/// The rule line under a multi-select question with `minItems` or `maxItems`.
pub(crate) fn items_line(flow: &Flow, i: usize, q: &Question, block: &mut Block) {
    let counted = q.kind == QuestionType::Multi
        && (q.rules.min_items.is_some() || q.rules.max_items.is_some());
    if counted {
        block.blank();
        rule_line(flow, i, q, block);
    }
}

/// The review's text for an unanswered question: `→ unanswered`, plus the suggestion
/// when the question has a default.
pub(crate) fn unanswered(q: &Question, locale: Locale) -> String {
    match q.suggestion() {
        Some(s) => format!(
            "→ {}",
            locale.format(
                Msg::ReviewUnansweredSuggested,
                &[("answer", &sanitize_line(&s))]
            )
        ),
        None => format!("→ {}", locale.text(Msg::ReviewUnanswered)),
    }
}

/// The unit after a number answer in the review (` GB`), empty otherwise.
pub(crate) fn unit_suffix(q: &Question, answer: &Answer) -> String {
    match (&q.rules.unit, answer.value.is_some()) {
        (Some(unit), true) if q.kind == QuestionType::Number => format!(" {unit}"),
        _ => String::new(),
    }
}
