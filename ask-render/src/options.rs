//! Option rows of a question and the window of them that fits the height.

use ask_contract::{Question, QuestionType};
use ask_state::{Editor, EditorTarget, Flow, QuestionDraft};

use crate::block::Block;
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::text::display_width;

/// Label of the synthetic free-form row.
pub(crate) const CUSTOM_LABEL: &str = "Type your own";
/// The marker after the label of an option the agent recommends.
pub(crate) const RECOMMENDED: &str = "(Recommended)";

/// Builds the block of each cursor row (declared options, then `Type your own`) on demand,
/// so a long list only pays for the rows it shows.
pub(crate) struct OptionRows<'a> {
    q: &'a Question,
    draft: &'a QuestionDraft,
    editor: Option<&'a Editor>,
    width: usize,
    number_w: usize,
}

impl<'a> OptionRows<'a> {
    pub(crate) fn new(
        flow: &'a Flow,
        i: usize,
        q: &'a Question,
        draft: &'a QuestionDraft,
        width: usize,
    ) -> Self {
        Self {
            q,
            draft,
            editor: flow.editor().filter(|e| e.question == i),
            width,
            number_w: (q.options.len() + 1).to_string().len(),
        }
    }

    fn count(&self) -> usize {
        self.q.options.len() + 1
    }

    /// The block of one row: pointer, number, checkbox (multi), label (`✓` when chosen on
    /// single-select), description, then the open editor, the saved free-form text or
    /// the saved option note.
    fn block(&self, row: usize) -> Block {
        let (q, draft, width) = (self.q, self.draft, self.width);
        let multi = q.kind == QuestionType::Multi;
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
                format!("{:>w$}. ", row + 1, w = self.number_w),
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
        let indent: usize = prefix.iter().map(|s| display_width(&s.text)).sum();
        let label_style = match (at_cursor, selected) {
            (true, _) => Style::new(Role::Accent).bold(),
            (false, true) => Style::new(Role::Success),
            (false, false) => Style::new(Role::Text),
        };
        let mut label = option.map_or(CUSTOM_LABEL, |o| o.label.as_str()).to_owned();
        if option.is_some_and(|o| o.recommended) {
            label.push(' ');
            label.push_str(RECOMMENDED);
        }
        if selected && !multi {
            label.push_str(" ✓");
        }
        let mut block = Block::new(width);
        block.focus_next();
        block.hanging(prefix, &label, label_style);
        let pad = || vec![Span::raw(" ".repeat(indent))];
        if let Some(description) = option.and_then(|o| o.description.as_deref()) {
            block.hanging(pad(), description, Style::new(Role::Muted));
        }
        let target = if is_custom {
            EditorTarget::Custom
        } else {
            EditorTarget::OptionNote(row)
        };
        let open = self.editor.filter(|e| e.target == target);
        if is_custom {
            match (open, &draft.custom_text) {
                (Some(e), _) => block.append(editor_block(e, width, indent, "Type your answer…")),
                (None, Some(text)) => block.hanging(pad(), text, Style::new(Role::Text)),
                (None, None) => {}
            }
        } else if let Some(e) = open {
            let mut label = pad();
            label.push(Span::new("note:", Role::Muted));
            block.push(Line::new(label));
            block.append(editor_block(e, width, indent, "Add a note for the agent…"));
        } else if let Some(note) = draft.option_notes.get(&row) {
            let mut p = pad();
            p.push(Span::new("note: ", Role::Muted));
            block.hanging(p, note, Style::new(Role::Note));
        }
        block
    }

    /// The rows joined, keeping at most `budget` lines around the cursor row with
    /// `↑ N more` / `↓ N more` marker lines where rows are hidden. Only the rows
    /// considered are built.
    pub(crate) fn window(&self, budget: Option<usize>) -> Block {
        let n = self.count();
        let cursor = self.draft.cursor.min(n - 1);
        let mut built: Vec<Option<Block>> = vec![None; n];
        let height = |k: usize, built: &mut Vec<Option<Block>>| -> usize {
            match built.get_mut(k) {
                Some(slot) => slot.get_or_insert_with(|| self.block(k)).len(),
                None => 0,
            }
        };
        let (mut lo, mut hi) = (0, n);
        if let Some(budget) = budget {
            lo = cursor;
            hi = cursor + 1;
            let mut used = height(cursor, &mut built);
            let (mut down, mut up) = (true, true);
            while down || up {
                if down {
                    down = hi < n && used + height(hi, &mut built) <= budget;
                    if down {
                        used += height(hi, &mut built);
                        hi += 1;
                    }
                }
                if up {
                    up = lo > 0 && used + height(lo - 1, &mut built) <= budget;
                    if up {
                        lo -= 1;
                        used += height(lo, &mut built);
                    }
                }
            }
            // Hidden rows need marker lines: give back rows, farthest from the cursor first.
            let markers = |lo: usize, hi: usize| usize::from(lo > 0) + usize::from(hi < n);
            while used + markers(lo, hi) > budget && hi - lo > 1 {
                if hi - 1 - cursor >= cursor - lo && hi - 1 > cursor {
                    hi -= 1;
                    used -= height(hi, &mut built);
                } else {
                    used -= height(lo, &mut built);
                    lo += 1;
                }
            }
        }
        let mut out = Block::new(self.width);
        let marker = |text: String| Line::new(vec![Span::raw("  "), Span::new(text, Role::Muted)]);
        if lo > 0 {
            out.push(marker(format!("↑ {lo} more")));
        }
        for k in lo..hi {
            let mut block = built
                .get_mut(k)
                .and_then(Option::take)
                .unwrap_or_else(|| self.block(k));
            if k != cursor {
                block.focus = None;
                block.cursor = None;
            } else if let Some((row, _)) = block.cursor {
                block.focus = Some(row);
            }
            out.append(block);
        }
        if hi < n {
            out.push(marker(format!("↓ {} more", n - hi)));
        }
        out
    }
}
