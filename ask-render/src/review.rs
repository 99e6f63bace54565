//! The review tab: every answer, the notes the highlighted action would send,
//! the three actions and the double-press hint.

use std::collections::VecDeque;

use ask_contract::{Question, result::Answer};
use ask_i18n::{Locale, Msg};
use ask_state::{Flow, model::ReviewAction};

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};
use crate::window::Keep;

/// The answer's labels joined by `, `, each recommended option marked (a confirm
/// question's made-up `Yes`/`No` in `locale`).
fn marked_labels(q: &Question, answer: &Answer, locale: Locale) -> String {
    let mut out = String::new();
    for (k, label) in answer.labels.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let row = answer
            .indices
            .get(k)
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| usize::try_from(i).ok());
        let option = row.and_then(|i| q.options.get(i).map(|o| (i, o)));
        match option.filter(|(_, o)| o.label == *label) {
            Some((i, _)) => {
                out.push_str(crate::options::option_label(q, i, locale).unwrap_or(label));
            }
            None => out.push_str(label),
        }
        if option.is_some_and(|(_, o)| o.recommended && o.label == *label) {
            out.push(' ');
            out.push_str(locale.text(Msg::OptionRecommended));
        }
    }
    out.push_str(&crate::typed::unit_suffix(q, answer));
    out
}

/// Fewest rows the answer list gets, whatever the height.
const MIN_LIST_ROWS: usize = 3;

/// The review tab body.
///
/// With Submit or Cancel highlighted, notes show only for answered questions (the
/// question note and the notes of selected options). With Elaborate highlighted,
/// every question note and every option note shows, including notes on options
/// that are not selected.
///
/// With a `height` (0: no limit), the body fits it: the title, the hidden-notes
/// line, the actions and the hint always show, and the answer list gets the rows
/// left, laying out only the questions that show from
/// [`Flow::review_scroll`] on (earlier ones fill the window at the end), with
/// `↑ N more questions` / `↓ N more questions` markers for the rest. A long answer
/// or note keeps its last rows.
///
/// `tight` (a short frame) drops the title and the blank rows, and the answer list may
/// shrink to one row (with its markers), so all three actions and the double-press hint
/// stay on screen at 12 rows.
///
/// `very_tight` (under 12 rows): the double-press hint goes to the footer's hint row.
pub(crate) fn review_block(
    flow: &Flow,
    width: usize,
    height: usize,
    (tight, very_tight): (bool, bool),
) -> Block {
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    let highlighted = flow.armed().unwrap_or_else(|| flow.review_cursor());
    let elaborate = highlighted == ReviewAction::Elaborate;
    if !tight {
        block.push(Line::styled(
            locale.text(Msg::ReviewTitle),
            Style::new(Role::Title).bold(),
        ));
        block.blank();
    }
    let below = actions_block(flow, width, highlighted, (tight, very_tight));
    let count = flow.form().questions.len();
    if height == 0 {
        for i in 0..count {
            block.append(entry(flow, i, width, Keep::All, elaborate));
        }
    } else {
        let min = if tight { 1 } else { MIN_LIST_ROWS };
        let avail = height.saturating_sub(block.len() + below.len()).max(min);
        block.append(answer_window(flow, width, avail, elaborate));
    }
    block.append(below);
    block
}

/// The answer list in `avail` rows: the questions from the review scroll on (or
/// before it, to fill the window at the end), with markers for the others.
fn answer_window(flow: &Flow, width: usize, avail: usize, elaborate: bool) -> Block {
    let count = flow.form().questions.len();
    let keep = Keep::tail(avail.saturating_sub(2).max(2));
    let entry = |i: usize| entry(flow, i, width, keep, elaborate);
    let start = flow.review_scroll().min(count.saturating_sub(1));
    let mut shown: VecDeque<Block> = VecDeque::new();
    let mut rows = 0;
    // Forwards from the scroll position (room for the top marker when it shows).
    let room = avail.saturating_sub(usize::from(start > 0));
    let mut end = start;
    while end < count {
        let b = entry(end);
        if rows + b.len() > room && end > start {
            break;
        }
        rows += b.len();
        shown.push_back(b);
        end += 1;
    }
    let mut first = start;
    if end < count {
        // Room for the bottom marker.
        while rows + 1 > room && shown.len() > 1 {
            rows -= shown.pop_back().map_or(0, |b| b.len());
            end -= 1;
        }
    } else {
        // At the end: earlier questions fill the window.
        while first > 0 {
            let b = entry(first - 1);
            if rows + b.len() + usize::from(first > 1) > avail {
                break;
            }
            rows += b.len();
            shown.push_front(b);
            first -= 1;
        }
    }
    if let [only] = shown.make_contiguous() {
        // One question taller than the room: its first rows and a marker of the rest.
        let markers = usize::from(first > 0) + usize::from(end < count);
        cut_entry(only, avail.saturating_sub(markers).max(1));
    }
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    let more = |n: usize, up: bool| {
        let (arrow, key) = if up { ("↑", "PgUp") } else { ("↓", "PgDn") };
        let more = locale.plural(
            n as u64,
            (Msg::ReviewMoreOne, Msg::ReviewMoreOther),
            &[("n", &n)],
        );
        Line::styled(format!("{arrow} {more} ({key})"), Role::Muted)
    };
    if first > 0 {
        block.push(more(first, true));
    }
    for b in shown {
        block.append(b);
    }
    if end < count {
        block.push(more(count - end, false));
    }
    block
}

/// Cuts an entry to `rows` rows: the last row kept becomes a `↓ N more lines` marker, or,
/// in a single row, ends with `…`.
fn cut_entry(entry: &mut Block, rows: usize) {
    if entry.len() <= rows {
        return;
    }
    let hidden = entry.len() - rows + 1;
    entry.lines.truncate(rows);
    let width = entry.width;
    if let Some(last) = entry.lines.last_mut() {
        if rows >= 2 {
            *last = crate::window::marker(hidden, false, entry.locale);
            last.fit(width);
        } else {
            last.fit(width.saturating_sub(2));
            last.push(Span::new(" …", Role::Muted));
            last.fit(width);
        }
    }
}

/// One question of the review list: its answer (or `→ unanswered`) and the notes
/// the highlighted action would send.
fn entry(flow: &Flow, i: usize, width: usize, keep: Keep, elaborate: bool) -> Block {
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    let Some(q) = flow.form().questions.get(i) else {
        return block;
    };
    let answer = flow.answer(i);
    let label = vec![Span::new(
        format!("{} ", crate::sanitize::sanitize_line(&q.label)),
        Style::new(Role::Text).bold(),
    )];
    if let Some(a) = &answer {
        let mut prefix = label;
        prefix.push(Span::new("→ ", Role::Muted));
        block.hanging_kept(
            prefix,
            &marked_labels(q, a, locale),
            Style::new(Role::Success),
            keep,
        );
    } else if q.suggestion().is_some() {
        let text = crate::typed::unanswered(q, locale);
        block.hanging_kept(label, &text, Style::new(Role::Warning), keep);
    } else {
        let mut line = Line::new(label);
        line.push(Span::new(
            format!("→ {}", locale.text(Msg::ReviewUnanswered)),
            Role::Warning,
        ));
        block.push(line);
    }
    let Some(draft) = flow.draft(i) else {
        return block;
    };
    if !(elaborate || answer.is_some()) {
        return block;
    }
    if let Some(note) = &draft.note {
        block.hanging_kept(
            vec![
                Span::raw("  "),
                Span::new(format!("{} ", locale.text(Msg::NoteQuestion)), Role::Muted),
            ],
            note,
            Style::new(Role::Note),
            keep,
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
            // Submit drops it (contract): say so next to the note.
            prefix.push(Span::new(
                format!(" {}", locale.text(Msg::ReviewSentOnlyWithElaborate)),
                Role::Dim,
            ));
        }
        prefix.push(Span::new(
            format!(" · {} ", locale.text(Msg::NoteOption)),
            Role::Muted,
        ));
        block.hanging_kept(prefix, note, Style::new(Role::Note), keep);
    }
    block
}

/// Below the answer list: the hidden-notes line, the three actions (the highlighted
/// one is the focus row) and the double-press hint.
fn actions_block(
    flow: &Flow,
    width: usize,
    highlighted: ReviewAction,
    (tight, very_tight): (bool, bool),
) -> Block {
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    if highlighted != ReviewAction::Elaborate {
        let hidden = hidden_notes(flow);
        if hidden > 0 {
            block.hanging(
                Vec::new(),
                &locale.plural(
                    hidden as u64,
                    (Msg::ReviewHiddenNotesOne, Msg::ReviewHiddenNotesOther),
                    &[("n", &hidden)],
                ),
                Style::new(Role::Dim),
            );
        }
    }
    if !tight {
        block.blank();
    }
    for action in ReviewAction::ALL {
        let current = action == highlighted;
        if current {
            block.focus_next();
        }
        let (label, description) = match action {
            ReviewAction::Submit => (Msg::ReviewSubmit, Msg::ReviewSubmitAbout),
            ReviewAction::Elaborate => (Msg::ReviewElaborate, Msg::ReviewElaborateAbout),
            ReviewAction::Cancel => (Msg::ReviewCancel, Msg::ReviewCancelAbout),
        };
        let (pointer, style) = Block::pointer(current);
        block.push(Line::new(vec![
            pointer,
            Span::new(format!("{}. {}", action.digit(), locale.text(label)), style),
            Span::new(format!("  {}", locale.text(description)), Role::Muted),
        ]));
    }
    if let Some(hint) = flow.armed_hint().filter(|_| !very_tight) {
        if tight {
            block.push(Line::styled(hint, Style::new(Role::Warning).bold()));
        } else {
            block.blank();
            block.hanging(Vec::new(), &hint, Style::new(Role::Warning).bold());
        }
    }
    block
}

/// Notes the Submit/Cancel preview leaves out: question notes of unanswered
/// questions and notes on options that are not selected.
fn hidden_notes(flow: &Flow) -> usize {
    flow.questions_with_notes()
        .filter_map(|i| flow.draft(i))
        .map(|d| {
            let answered = d.is_answered();
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
