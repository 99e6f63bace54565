//! Option rows of a question and the window of them that fits the height.

use std::collections::HashMap;

use ask_contract::{Question, QuestionType};
use ask_i18n::{Locale, Msg};
use ask_state::{
    Flow,
    model::{Editor, EditorTarget, FormText, OptionFilter, OptionMarks, QuestionDraft},
};

use crate::block::Block;
use crate::editor::editor_block;
use crate::frame::{Line, Role, Span, Style};
use crate::text::display_width;
use crate::window::Keep;

/// The label of declared option `row` as the person reads it: the payload's label, or
/// for a confirm question without `yesLabel`/`noLabel` the made-up `Yes`/`No` in the
/// flow's language (the result keeps the English ones).
pub fn option_label(q: &Question, row: usize, locale: Locale) -> Option<&str> {
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

/// The texts of a compact row block, one row each while rows are left.
struct Fold {
    /// Rows left under the label row (`None`: not compact).
    left: Option<usize>,
    /// A text was left out for want of rows.
    hidden: bool,
    width: usize,
}

impl Fold {
    /// `spans` then `text` on one row cut with `…`, or nothing (`hidden`) with no row left.
    fn row(&mut self, body: &mut Block, mut spans: Vec<Span>, text: &str, style: Style) {
        if self.left == Some(0) {
            self.hidden = true;
            return;
        }
        self.left = self.left.map(|l| l - 1);
        let used: usize = spans.iter().map(|s| display_width(&s.text)).sum();
        let room = self.width.saturating_sub(used).max(1);
        spans.push(Span::new(
            crate::text::truncate(&crate::sanitize::sanitize_line(text), room),
            style,
        ));
        body.push(Line::new(spans));
    }
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
        self.block_in(row, self.height, None)
    }

    /// [`block`](Self::block); `compact(rows)` (a window too short for the row and the
    /// list's marker): the label on one row and, when `rows` leave room, the description
    /// on another, each cut with `…`; a description left out puts `…` after the label.
    fn block_in(&self, row: usize, height: usize, compact: Option<usize>) -> Block {
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
        let note_label = locale.text(Msg::NoteOption);
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
        let keep = Keep::head(height);
        let marks = match (self.filter, option) {
            (Some(f), Some(o)) => f.option_marks(o),
            _ => OptionMarks::default(),
        };
        let pad = || vec![Span::raw(" ".repeat(indent))];
        let target = if is_custom {
            EditorTarget::Custom
        } else {
            EditorTarget::OptionNote(row)
        };
        let open = self.editor.filter(|e| e.target == target);
        // With its note editor open in a short frame, the description gives way to the
        // editor, so the prompt above stays on screen.
        let short = open.is_some() && height > 0 && height < SHORT_TEXT_ROWS;
        // Compact: rows left under the label row, and whether a text was left out.
        let mut fold = Fold {
            left: compact.map(|rows| rows.saturating_sub(1)),
            hidden: false,
            width,
        };
        let mut body = Block::new(width, locale);
        if let Some(description) = option
            .and_then(|o| o.description.as_deref())
            .filter(|_| !short)
        {
            let style = Style::new(Role::Muted);
            if compact.is_some() {
                fold.row(&mut body, pad(), description, style);
            } else {
                let index = self.flow.line_index(FormText::Description {
                    question: self.question,
                    option: row,
                });
                body.hanging_indexed(pad(), (description, style), &marks.description, keep, index);
            }
        }
        // The editor's rows in a compact block: what is left, at least one.
        let editor_rows = fold.left.map_or(height, |l| l.max(1));
        // The note editor's label goes on the option's row in a short or compact block
        // when it fits there, so the list keeps the row its `↓ N more` marker needs.
        let mut label_suffix = None;
        if is_custom {
            match (open, &draft.custom_text) {
                (Some(e), _) => body.append(editor_block(
                    e,
                    (width, editor_rows),
                    indent,
                    (locale.text(Msg::OptionCustomPlaceholder), locale),
                )),
                (None, Some(text)) if compact.is_some() => {
                    fold.row(&mut body, pad(), text, Style::new(Role::Text));
                }
                (None, Some(text)) => body.hanging_kept(pad(), text, Style::new(Role::Text), keep),
                (None, None) => {}
            }
        } else if let Some(e) = open {
            let suffix = format!(" · {note_label}");
            if short || compact.is_some() {
                label_suffix = Some(suffix);
            } else {
                let mut label = pad();
                label.push(Span::new(note_label, Role::Muted));
                body.push(Line::new(label));
            }
            body.append(editor_block(
                e,
                (width, editor_rows),
                indent,
                (locale.text(Msg::NotePlaceholder), locale),
            ));
        } else if let Some(note) = draft.option_notes.get(&row) {
            let mut p = pad();
            p.push(Span::new(format!("{note_label} "), Role::Muted));
            if compact.is_some() {
                fold.row(&mut body, p, note, Style::new(Role::Note));
            } else {
                body.hanging_kept(p, note, Style::new(Role::Note), keep);
            }
        }
        let mut block = Block::new(width, locale);
        block.focus_next();
        let suffix_w = label_suffix.as_deref().map_or(0, display_width);
        if compact.is_some() {
            let room = width.saturating_sub(indent + suffix_w).max(1);
            let mut text = crate::text::truncate(&crate::sanitize::sanitize_line(&label), room);
            if fold.hidden && !text.ends_with('…') {
                text = crate::text::truncate(&format!("{text} …"), room);
            }
            let mut line = Line::new(prefix);
            line.push(Span::new(text, label_style));
            block.push(line);
        } else {
            block.hanging_marked(prefix, (&label, label_style), &marks.label, keep);
        }
        if let Some(suffix) = label_suffix {
            let fits = block
                .lines
                .last()
                .is_some_and(|l| l.width() + suffix_w <= width);
            match block.lines.last_mut() {
                Some(line) if fits => line.push(Span::new(suffix, Role::Muted)),
                _ => {
                    let mut label = pad();
                    label.push(Span::new(note_label, Role::Muted));
                    block.push(Line::new(label));
                }
            }
        }
        block.append(body);
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
        let more = |n: usize| locale.format(Msg::ListMore, &[("n", &n)]);
        let mut out = Block::new(self.width, locale);
        let marker = |text: String| Line::new(vec![Span::raw("  "), Span::new(text, Role::Muted)]);
        // A window too short for two marker rows counts both sides in one, below.
        let both = lo > 0 && hi < n;
        let mut used: usize = (lo..hi).map(|k| height(k, &mut built)).sum();
        let combined = both && budget.is_some_and(|b| used + 2 > b);
        let marker_rows = if combined {
            1
        } else {
            usize::from(lo > 0) + usize::from(hi < n)
        };
        if hi - lo == 1 && budget.is_some_and(|b| used + marker_rows > b) {
            let rows = budget.map_or(0, |b| b.saturating_sub(marker_rows));
            // The cursor row alone overflows: its texts get the rows left, else each
            // one row.
            let row = self.row_at(cursor);
            let mut block = self.block_in(row, rows.saturating_sub(1), None);
            if rows < 3 || block.len() > rows {
                block = self.block_in(row, rows, Some(rows));
            }
            used = block.len();
            built.insert(cursor, block);
        }
        let _ = used;
        if lo > 0 && !combined {
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
        if combined {
            out.push(marker(locale.format(
                Msg::ListMoreBoth,
                &[("above", &lo), ("below", &(n - hi))],
            )));
        } else if hi < n {
            out.push(marker(format!("↓ {}", more(n - hi))));
        }
        out
    }
}
