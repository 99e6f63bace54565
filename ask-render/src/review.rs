//! The review tab: every answer, the notes the highlighted action would send,
//! the three actions and the double-press hint.

use ask_contract::{Answer, Question};
use ask_state::{Flow, ReviewAction};

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};

/// The answer's labels joined by `, `, each recommended option marked.
fn marked_labels(q: &Question, answer: &Answer) -> String {
    let mut out = String::new();
    for (k, label) in answer.labels.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(label);
        let option = answer
            .indices
            .get(k)
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| q.options.get(usize::try_from(i).ok()?));
        if option.is_some_and(|o| o.recommended && o.label == *label) {
            out.push(' ');
            out.push_str(crate::options::RECOMMENDED);
        }
    }
    out
}

/// The review tab body.
///
/// With Submit or Cancel highlighted, notes show only for answered questions (the
/// question note and the notes of selected options). With Elaborate highlighted,
/// every question note and every option note shows, including notes on options
/// that are not selected.
pub(crate) fn review_block(flow: &Flow, width: usize) -> Block {
    let mut block = Block::new(width);
    let highlighted = flow.armed().unwrap_or_else(|| flow.review_cursor());
    let elaborate = highlighted == ReviewAction::Elaborate;
    block.push(Line::styled(
        "Review your answers",
        Style::new(Role::Title).bold(),
    ));
    block.blank();
    for (i, q) in flow.form().questions.iter().enumerate() {
        let answer = flow.answer(i);
        let label = vec![Span::new(
            format!("{} ", crate::sanitize::sanitize_line(&q.label)),
            Style::new(Role::Text).bold(),
        )];
        if let Some(a) = &answer {
            let mut prefix = label;
            prefix.push(Span::new("→ ", Role::Muted));
            block.hanging(prefix, &marked_labels(q, a), Style::new(Role::Success));
        } else {
            let mut line = Line::new(label);
            line.push(Span::new("→ unanswered", Role::Warning));
            block.push(line);
        }
        let Some(draft) = flow.draft(i) else {
            continue;
        };
        if !(elaborate || answer.is_some()) {
            continue;
        }
        if let Some(note) = &draft.note {
            block.hanging(
                vec![Span::raw("  "), Span::new("note: ", Role::Muted)],
                note,
                Style::new(Role::Note),
            );
        }
        for (j, note) in &draft.option_notes {
            let selected = draft.selected.get(*j).copied().unwrap_or(false);
            if !(selected || elaborate) {
                continue;
            }
            let Some(option) = q.options.get(*j) else {
                continue;
            };
            let mut prefix = vec![
                Span::raw("  "),
                Span::new(crate::sanitize::sanitize_line(&option.label), Role::Muted),
            ];
            if !selected {
                prefix.push(Span::new(" (not selected)", Role::Dim));
            }
            prefix.push(Span::new(" note: ", Role::Muted));
            block.hanging(prefix, note, Style::new(Role::Note));
        }
    }
    if !elaborate {
        let hidden = hidden_notes(flow);
        if hidden > 0 {
            let noun = if hidden == 1 { "note" } else { "notes" };
            block.hanging(
                Vec::new(),
                &format!("{hidden} more {noun} not shown here; Elaborate shows every note."),
                Style::new(Role::Dim),
            );
        }
    }
    block.blank();
    for action in ReviewAction::ALL {
        let current = action == highlighted;
        if current {
            block.focus_next();
        }
        let description = match action {
            ReviewAction::Submit => "send the answers",
            ReviewAction::Elaborate => "ask the agent about the notes first",
            ReviewAction::Cancel => "discard and close",
        };
        let (pointer, style) = Block::pointer(current);
        block.push(Line::new(vec![
            pointer,
            Span::new(format!("{}. {}", action.digit(), action.label()), style),
            Span::new(format!("  {description}"), Role::Muted),
        ]));
    }
    if let Some(hint) = flow.armed_hint() {
        block.blank();
        block.hanging(Vec::new(), &hint, Style::new(Role::Warning).bold());
    }
    block
}

/// Notes the Submit/Cancel preview leaves out: question notes of unanswered
/// questions and notes on options that are not selected.
fn hidden_notes(flow: &Flow) -> usize {
    (0..flow.form().questions.len())
        .filter_map(|i| flow.draft(i).map(|d| (i, d)))
        .map(|(i, d)| {
            let answered = flow.answer(i).is_some();
            let question = usize::from(!answered && d.note.is_some());
            let options = d
                .option_notes
                .keys()
                .filter(|j| !(answered && d.selected.get(**j).copied().unwrap_or(false)))
                .count();
            question + options
        })
        .sum()
}
