//! A question tab: prompt, question note, option rows, editors and the preview pane.

use ask_contract::{Question, QuestionType};
use ask_state::{EditorTarget, Flow, QuestionDraft};

use crate::block::{Block, side_by_side};
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::preview::preview_pane;

/// Narrowest width at which a preview sits beside the options.
pub(crate) const SIDE_BY_SIDE_MIN: usize = 90;

/// Fewest option rows kept when a stacked preview shares the height.
const MIN_OPTION_ROWS: usize = 3;

/// Label of the synthetic free-form row.
const CUSTOM_LABEL: &str = "Type your own";

/// The prompt and the question note (saved, or its open editor), then a blank row.
pub(crate) fn prompt_block(flow: &Flow, i: usize, q: &Question, width: usize) -> Block {
    let mut block = Block::new(width);
    block.hanging(Vec::new(), &q.prompt, Style::new(Role::Text).bold());
    let editing_note = flow
        .editor()
        .filter(|e| e.question == i && e.target == EditorTarget::QuestionNote);
    if let Some(editor) = editing_note {
        block.push(Line::styled("Question note:", Role::Muted));
        block.append(editor_block(editor, width, 0, "Add a note for the agent…"));
    } else if let Some(note) = flow.draft(i).and_then(|d| d.note.as_deref()) {
        block.hanging(
            vec![Span::new("Note: ", Role::Muted)],
            note,
            Style::new(Role::Note),
        );
    }
    block.blank();
    block
}

/// The option rows (windowed to `budget` rows around the cursor) and, for preview
/// questions, the preview pane beside them (width >= 90) or below them.
pub(crate) fn options_area(
    flow: &Flow,
    i: usize,
    q: &Question,
    width: usize,
    budget: Option<usize>,
) -> Block {
    let default = QuestionDraft::default();
    let draft = flow.draft(i).unwrap_or(&default);
    if q.freeform {
        return freeform_block(flow, i, draft, width);
    }
    let preview = (q.kind == QuestionType::Preview).then(|| preview_source(q, draft));
    match preview {
        Some((label, text)) if width >= SIDE_BY_SIDE_MIN => {
            let left_w = width / 3;
            let right_w = width - left_w - 3;
            let left = window(
                option_blocks(flow, i, q, draft, left_w),
                draft.cursor,
                budget,
                left_w,
            );
            let rows = budget.map_or(usize::MAX, |b| b.max(left.len()));
            let right = preview_pane(label, text, draft.preview_scroll, right_w, rows);
            side_by_side(left, right, left_w, &Span::new(" │ ", Role::Border), width)
        }
        Some((label, text)) => {
            let blocks = option_blocks(flow, i, q, draft, width);
            let options_need: usize = blocks.iter().map(Block::len).sum();
            let pane_need = crate::preview::pane_rows_needed(text, width);
            let (opt_budget, pane_min) = match budget {
                Some(b) if options_need + 1 + pane_need > b => {
                    let pane = pane_need.min((b / 3).max(4));
                    (
                        Some(b.saturating_sub(pane + 1).max(MIN_OPTION_ROWS)),
                        Some((b, pane)),
                    )
                }
                _ => (None, None),
            };
            let mut block = window(blocks, draft.cursor, opt_budget, width);
            // The pane takes whatever the options leave of the budget.
            let pane_rows = pane_min.map_or(pane_need, |(b, pane)| {
                b.saturating_sub(block.len() + 1).max(pane)
            });
            block.blank();
            block.append(preview_pane(
                label,
                text,
                draft.preview_scroll,
                width,
                pane_rows,
            ));
            block
        }
        None => window(
            option_blocks(flow, i, q, draft, width),
            draft.cursor,
            budget,
            width,
        ),
    }
}

/// The option whose preview shows: the one under the cursor, else the selected one.
fn preview_source<'q>(q: &'q Question, draft: &QuestionDraft) -> (&'q str, Option<&'q str>) {
    let index = if draft.cursor < q.options.len() {
        Some(draft.cursor)
    } else {
        draft.selected.iter().position(|s| *s)
    };
    match index.and_then(|j| q.options.get(j)) {
        Some(option) => (option.label.as_str(), option.preview.as_deref()),
        None => (CUSTOM_LABEL, None),
    }
}

/// A free-form-only question: `Type your answer:` and the editor or the saved text,
/// without number or pointer.
fn freeform_block(flow: &Flow, i: usize, draft: &QuestionDraft, width: usize) -> Block {
    let mut block = Block::new(width);
    block.focus_next();
    block.push(Line::styled(
        "Type your answer:",
        Style::new(Role::Accent).bold(),
    ));
    match flow
        .editor()
        .filter(|e| e.question == i && e.target == EditorTarget::Custom)
    {
        Some(editor) => block.append(editor_block(editor, width, 0, "Type here…")),
        None => match &draft.custom_text {
            Some(text) => block.hanging(
                vec![Span::new("│ ", Role::Muted)],
                text,
                Style::new(Role::Text),
            ),
            None => block.push(Line::styled("(no answer yet)", Role::Dim)),
        },
    }
    block
}

/// One block per cursor row: the declared options, then `Type your own`.
fn option_blocks(
    flow: &Flow,
    i: usize,
    q: &Question,
    draft: &QuestionDraft,
    width: usize,
) -> Vec<Block> {
    let rows = q.options.len() + 1;
    let number_w = rows.to_string().len();
    let multi = q.kind == QuestionType::Multi;
    let editor = flow.editor().filter(|e| e.question == i);
    let mut blocks = Vec::with_capacity(rows);
    for row in 0..rows {
        let is_custom = row == q.options.len();
        let option = q.options.get(row);
        let at_cursor = draft.cursor == row;
        let selected = if is_custom {
            draft.custom_selected && draft.custom_text.is_some()
        } else {
            draft.selected.get(row).copied().unwrap_or(false)
        };
        let mut prefix = vec![
            if at_cursor {
                Span::new("❯ ", Role::Accent)
            } else {
                Span::raw("  ")
            },
            Span::new(
                format!("{:>number_w$}. ", row + 1),
                if at_cursor { Role::Accent } else { Role::Muted },
            ),
        ];
        if multi {
            prefix.push(if selected {
                Span::new("[x] ", Role::Success)
            } else {
                Span::new("[ ] ", Role::Muted)
            });
        }
        let indent: usize = prefix
            .iter()
            .map(|s| crate::text::display_width(&s.text))
            .sum();
        let label_style = match (at_cursor, selected) {
            (true, _) => Style::new(Role::Accent).bold(),
            (false, true) => Style::new(Role::Success),
            (false, false) => Style::new(Role::Text),
        };
        let label = option.map_or(CUSTOM_LABEL, |o| o.label.as_str());
        let label = if selected && !multi {
            format!("{label} ✓")
        } else {
            label.to_owned()
        };
        let mut block = Block::new(width);
        block.focus_next();
        block.hanging(prefix, &label, label_style);
        let pad = vec![Span::raw(" ".repeat(indent))];
        if let Some(description) = option.and_then(|o| o.description.as_deref()) {
            block.hanging(pad.clone(), description, Style::new(Role::Muted));
        }
        let target = if is_custom {
            EditorTarget::Custom
        } else {
            EditorTarget::OptionNote(row)
        };
        let open = editor.filter(|e| e.target == target);
        if is_custom {
            match (open, &draft.custom_text) {
                (Some(e), _) => block.append(editor_block(e, width, indent, "Type your answer…")),
                (None, Some(text)) => block.hanging(pad.clone(), text, Style::new(Role::Text)),
                (None, None) => {}
            }
        } else if let Some(e) = open {
            block.push(Line::new(vec![
                pad[0].clone(),
                Span::new("note:", Role::Muted),
            ]));
            block.append(editor_block(e, width, indent, "Add a note for the agent…"));
        } else if let Some(note) = draft.option_notes.get(&row) {
            let mut p = pad.clone();
            p.push(Span::new("note: ", Role::Muted));
            block.hanging(p, note, Style::new(Role::Note));
        }
        blocks.push(block);
    }
    blocks
}

/// Joins option blocks, keeping at most `budget` rows around the block at `cursor`,
/// with `↑ N more` / `↓ N more` marker rows where blocks are hidden.
fn window(blocks: Vec<Block>, cursor: usize, budget: Option<usize>, width: usize) -> Block {
    let total: usize = blocks.iter().map(Block::len).sum();
    let n = blocks.len();
    let cursor = cursor.min(n.saturating_sub(1));
    let (mut lo, mut hi) = (0, n);
    if let Some(budget) = budget.filter(|b| total > *b) {
        let room = budget.saturating_sub(2);
        lo = cursor;
        hi = cursor + 1;
        let mut used = blocks.get(cursor).map_or(0, Block::len);
        let mut grew = true;
        while grew {
            grew = false;
            if let Some(b) = blocks.get(hi).filter(|b| used + b.len() <= room) {
                used += b.len();
                hi += 1;
                grew = true;
            }
            if lo > 0 && blocks.get(lo - 1).is_some_and(|b| used + b.len() <= room) {
                used += blocks.get(lo - 1).map_or(0, Block::len);
                lo -= 1;
                grew = true;
            }
        }
    }
    let mut out = Block::new(width);
    let marker = |text: String| Line::new(vec![Span::raw("  "), Span::new(text, Role::Muted)]);
    if lo > 0 {
        out.push(marker(format!("↑ {lo} more")));
    }
    for (k, block) in blocks.into_iter().enumerate().take(hi).skip(lo) {
        let focus = k == cursor;
        let mut block = block;
        if !focus {
            block.focus = None;
            block.cursor = None;
        } else if block.cursor.is_some() {
            block.focus = block.cursor.map(|(r, _)| r);
        }
        out.append(block);
    }
    if hi < n {
        out.push(marker(format!("↓ {} more", n - hi)));
    }
    out
}
