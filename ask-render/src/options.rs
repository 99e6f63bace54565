//! Option rows of a question and the window of them that fits the height.

use std::collections::HashMap;

use ask_contract::{Question, QuestionType};
use ask_i18n::{Locale, Msg};
use ask_state::{Editor, EditorTarget, Flow, FormText, OptionFilter, OptionMarks, QuestionDraft};

use crate::block::Block;
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::text::display_width;
use crate::window::Keep;

/// The label of declared option `row` as the person reads it: the payload's label, or
/// for a confirm question without `yesLabel`/`noLabel` the made-up `Yes`/`No` in the
/// flow's language (the result keeps the English ones).
pub(crate) fn option_label(q: &Question, row: usize, locale: Locale) -> Option<&str> {
    let option = q.options.get(row)?;
    let made_up = match (q.kind, option.value.as_str()) {
        (QuestionType::Confirm, "yes") if q.rules.yes_label.is_none() => Some(Msg::OptionYes),
        (QuestionType::Confirm, "no") if q.rules.no_label.is_none() => Some(Msg::OptionNo),
        _ => None,
    };
    Some(made_up.map_or(option.label.as_str(), |m| locale.text(m)))
}

/// Builds the block of each cursor row (declared options, then `Type your own`) on demand,
/// so a long list only pays for the rows it shows.
pub(crate) struct OptionRows<'a> {
    flow: &'a Flow,
    question: usize,
    q: &'a Question,
    draft: &'a QuestionDraft,
    editor: Option<&'a Editor>,
    /// The open filter of this question: only its rows show, in its order.
    filter: Option<&'a OptionFilter>,
    width: usize,
    /// Screen rows (0: no limit): no text of a row lays out more.
    height: usize,
    number_w: usize,
}

/// Below this many text rows (a tight frame), an option whose note editor is open leaves
/// its description out.
const SHORT_TEXT_ROWS: usize = 8;

impl<'a> OptionRows<'a> {
    pub(crate) fn new(
        flow: &'a Flow,
        i: usize,
        q: &'a Question,
        draft: &'a QuestionDraft,
        (width, height): (usize, usize),
    ) -> Self {
        Self {
            flow,
            question: i,
            q,
            draft,
            editor: flow.editor().filter(|e| e.question == i),
            filter: flow.filter().filter(|f| f.question() == i),
            width,
            height,
            number_w: (q.options.len() + 1).to_string().len(),
        }
    }

    /// Rows shown: the filter's matches, or every option, then the custom row.
    fn count(&self) -> usize {
        self.filter
            .map_or(self.q.options.len(), |f| f.matches().len())
            + usize::from(self.q.offers_custom_row())
    }

    /// The declared row shown at display position `k`.
    fn row_at(&self, k: usize) -> usize {
        match self.filter {
            Some(f) => f.matches().get(k).copied().unwrap_or(self.q.options.len()),
            None => k,
        }
    }

    /// The display position of the cursor row (the first row when the filter hides it).
    fn cursor_at(&self) -> usize {
        let n = self.count();
        match self.filter {
            Some(f) => f.rows().position(|r| r == self.draft.cursor).unwrap_or(0),
            None => self.draft.cursor.min(n - 1),
        }
    }

    /// The block of one row: pointer, number, checkbox (multi), label (`✓` when chosen on
    /// single-select), description, then the open editor, the saved free-form text or
    /// the saved option note.
    fn block(&self, row: usize) -> Block {
        let (q, draft, width) = (self.q, self.draft, self.width);
        let multi = draft.presented == QuestionType::Multi;
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
        let locale = self.flow.locale();
        let mut label = option_label(q, row, locale)
            .unwrap_or_else(|| locale.text(Msg::OptionCustom))
            .to_owned();
        if option.is_some_and(|o| o.recommended) {
            label.push(' ');
            label.push_str(locale.text(Msg::OptionRecommended));
        }
        if selected && !multi {
            label.push_str(" ✓");
        }
        // Everything here sits at or below the focus row: long texts keep their first rows.
        let keep = Keep::head(self.height);
        let marks = match (self.filter, option) {
            (Some(f), Some(o)) => f.option_marks(o),
            _ => OptionMarks::default(),
        };
        let mut block = Block::new(width, locale);
        block.focus_next();
        block.hanging_marked(prefix, (&label, label_style), &marks.label, keep);
        let pad = || vec![Span::raw(" ".repeat(indent))];
        let target = if is_custom {
            EditorTarget::Custom
        } else {
            EditorTarget::OptionNote(row)
        };
        let open = self.editor.filter(|e| e.target == target);
        // With its note editor open in a short frame, the description gives way to the
        // editor, so the prompt above stays on screen.
        let short = open.is_some() && self.height < SHORT_TEXT_ROWS;
        if let Some(description) = option
            .and_then(|o| o.description.as_deref())
            .filter(|_| !short)
        {
            let index = self.flow.line_index(FormText::Description {
                question: self.question,
                option: row,
            });
            let style = Style::new(Role::Muted);
            block.hanging_indexed(pad(), (description, style), &marks.description, keep, index);
        }
        if is_custom {
            match (open, &draft.custom_text) {
                (Some(e), _) => block.append(editor_block(
                    e,
                    (width, self.height),
                    indent,
                    (locale.text(Msg::OptionCustomPlaceholder), locale),
                )),
                (None, Some(text)) => block.hanging_kept(pad(), text, Style::new(Role::Text), keep),
                (None, None) => {}
            }
        } else if let Some(e) = open {
            let mut label = pad();
            label.push(Span::new(locale.text(Msg::NoteOption), Role::Muted));
            block.push(Line::new(label));
            block.append(editor_block(
                e,
                (width, self.height),
                indent,
                (locale.text(Msg::NotePlaceholder), locale),
            ));
        } else if let Some(note) = draft.option_notes.get(&row) {
            let mut p = pad();
            p.push(Span::new(
                format!("{} ", locale.text(Msg::NoteOption)),
                Role::Muted,
            ));
            block.hanging_kept(p, note, Style::new(Role::Note), keep);
        }
        block
    }

    /// The rows joined, keeping at most `budget` lines around the cursor row with
    /// `↑ N more` / `↓ N more` marker lines where rows are hidden. Only the rows
    /// considered are built.
    pub(crate) fn window(&self, budget: Option<usize>) -> Block {
        let n = self.count();
        let cursor = self.cursor_at();
        // With nothing matching, a line says so above the custom row.
        let no_match = self.filter.is_some_and(|f| f.matches().is_empty());
        let budget = budget.map(|b| b.saturating_sub(usize::from(no_match)).max(1));
        // Only the rows considered are built, so the map stays as small as the window.
        let mut built: HashMap<usize, Block> = HashMap::new();
        let height = |k: usize, built: &mut HashMap<usize, Block>| -> usize {
            if k >= n {
                return 0;
            }
            built
                .entry(k)
                .or_insert_with(|| self.block(self.row_at(k)))
                .len()
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
        let locale = self.flow.locale();
        let mut out = Block::new(self.width, locale);
        let marker = |text: String| Line::new(vec![Span::raw("  "), Span::new(text, Role::Muted)]);
        let more = |n: usize| locale.format(Msg::ListMore, &[("n", &n)]);
        if lo > 0 {
            out.push(marker(format!("↑ {}", more(lo))));
        }
        if no_match {
            out.push(crate::filter::no_match_line(locale));
        }
        for k in lo..hi {
            let mut block = built
                .remove(&k)
                .unwrap_or_else(|| self.block(self.row_at(k)));
            if k != cursor {
                block.focus = None;
                block.cursor = None;
            } else if let Some((row, _)) = block.cursor {
                block.focus = Some(row);
            }
            out.append(block);
        }
        if hi < n {
            out.push(marker(format!("↓ {}", more(n - hi))));
        }
        out
    }
}
