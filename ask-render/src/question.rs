//! A question tab: prompt, question note, option rows, editors and the preview pane.

use ask_contract::{Question, QuestionType};
use ask_i18n::Msg;
use ask_state::{
    Flow,
    model::{EditorTarget, FormText, LineIndex, QuestionDraft},
};

use crate::block::{Block, side_by_side};
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::options::OptionRows;
use crate::preview::preview_pane;
use crate::window::Keep;

/// Narrowest width at which a preview sits beside the options.
pub(crate) const SIDE_BY_SIDE_MIN: usize = 90;

/// Fewest option rows kept when a stacked preview shares the height.
const MIN_OPTION_ROWS: usize = 3;

/// Fewest rows a stacked preview pane that must scroll needs: its title, a row of text
/// and a `↓ N more lines` marker.
const PANE_MIN_ROWS: usize = 3;

/// The prompt and the question note (saved, or its open editor), then a blank row.
///
/// Both sit above the focus row: a text taller than `height` rows keeps its last rows.
pub(crate) fn prompt_block(
    flow: &Flow,
    i: usize,
    q: &Question,
    width: usize,
    height: usize,
) -> Block {
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    let keep = Keep::tail(height);
    block.hanging_indexed(
        Vec::new(),
        (&q.prompt, Style::new(Role::Text).bold()),
        &[],
        keep,
        flow.line_index(FormText::Prompt(i)),
    );
    let editing_note = flow
        .editor()
        .filter(|e| e.question == i && e.target == EditorTarget::QuestionNote);
    if let Some(editor) = editing_note {
        block.push(Line::styled(locale.text(Msg::NoteQuestion), Role::Muted));
        block.append(editor_block(
            editor,
            (width, height),
            0,
            (locale.text(Msg::NotePlaceholder), locale),
        ));
    } else if let Some(note) = flow.draft(i).and_then(|d| d.note.as_deref()) {
        block.hanging_kept(
            vec![Span::new(
                format!("{} ", locale.text(Msg::NoteQuestion)),
                Role::Muted,
            )],
            note,
            Style::new(Role::Note),
            keep,
        );
    }
    block.blank();
    if let Some(filter) = flow.filter().filter(|f| f.question() == i) {
        block.push(crate::filter::filter_line(filter, width, locale));
    }
    block
}

/// The option rows (windowed to `budget` rows around the cursor; their texts at most
/// `height` rows) and, for preview questions, the preview pane beside them (width >= 90)
/// or below them. `tight`: a short frame (see `TIGHT_ROWS`).
pub(crate) fn options_area(
    flow: &Flow,
    i: usize,
    q: &Question,
    width: usize,
    (budget, height, tight): (Option<usize>, usize, bool),
) -> Block {
    let default = QuestionDraft::default();
    let draft = flow.draft(i).unwrap_or(&default);
    if q.freeform {
        return crate::typed::typed_block(flow, i, q, draft, (width, height));
    }
    let preview = (q.kind == QuestionType::Preview).then(|| preview_source(flow, i, q, draft));
    match preview {
        Some((label, text, index)) if width >= SIDE_BY_SIDE_MIN => {
            let left_w = width / 3;
            let right_w = width - left_w - 3;
            let left = OptionRows::new(flow, i, q, draft, (left_w, height)).window(budget);
            let rows = budget.map_or(usize::MAX, |b| b.max(left.len()));
            let right = preview_pane(
                label,
                (text, index),
                draft.preview_scroll,
                right_w,
                (rows, flow.locale()),
            );
            side_by_side(left, right, left_w, &Span::new(" │ ", Role::Border), width)
        }
        Some((label, text, index)) => {
            let cap = budget.map_or(usize::MAX, |b| b.saturating_add(8));
            let pane_need = crate::preview::pane_rows_needed(text, index, width, cap);
            let pane_min = pane_need.min(budget.map_or(pane_need, |b| (b / 3).max(4)));
            // A short frame drops the blank row above the pane and lets the list shrink
            // to two rows (the option under the cursor and a marker), so some of the
            // preview still shows.
            let gap = usize::from(!tight);
            let min_options = if tight { 2 } else { MIN_OPTION_ROWS };
            let opt_budget = budget.map(|b| b.saturating_sub(pane_min + gap).max(min_options));
            let mut block = OptionRows::new(flow, i, q, draft, (width, height)).window(opt_budget);
            // The pane takes whatever the options leave of the budget, never more (so
            // its last row and marker stay on screen), with a blank row above it when
            // its title, a row of text and its marker (or the whole text) fit besides.
            // In fewer than three rows it is compact: its title row counts what is hidden.
            let avail = budget.map_or(pane_need + 1, |b| b.saturating_sub(block.len()));
            let spaced = !tight && avail > PANE_MIN_ROWS.min(pane_need);
            if spaced {
                block.blank();
            }
            block.append(preview_pane(
                label,
                (text, index),
                draft.preview_scroll,
                width,
                ((avail - usize::from(spaced)).max(1), flow.locale()),
            ));
            block
        }
        None => {
            let mut block = OptionRows::new(flow, i, q, draft, (width, height)).window(budget);
            crate::typed::items_line(flow, i, q, &mut block);
            block
        }
    }
}

/// The option whose preview shows (the one under the cursor, else the selected one):
/// its label, preview and the preview's line index.
fn preview_source<'q>(
    flow: &'q Flow,
    i: usize,
    q: &'q Question,
    draft: &QuestionDraft,
) -> (&'q str, Option<&'q str>, Option<&'q LineIndex>) {
    let shown = draft
        .preview_index()
        .and_then(|j| q.options.get(j).map(|o| (j, o)));
    match shown {
        Some((j, option)) => (
            option.label.as_str(),
            option.preview.as_deref(),
            flow.line_index(FormText::Preview {
                question: i,
                option: j,
            }),
        ),
        None => (flow.locale().text(Msg::OptionCustom), None, None),
    }
}
