//! A growing stack of lines with a focus row and a cursor: the layout building block.

use std::ops::Range;

use ask_i18n::Locale;
use ask_state::model::LineIndex;

use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::sanitize;
use crate::text::display_width;
use crate::window::{Keep, Rows, lay_out, marker};

/// Lines at a fixed width, plus the row to keep visible and the editor cursor.
#[derive(Debug, Clone, Default)]
pub(crate) struct Block {
    pub(crate) width: usize,
    pub(crate) lines: Vec<Line>,
    pub(crate) focus: Option<usize>,
    pub(crate) cursor: Option<(usize, usize)>,
    /// Holds a preview pane with hidden lines (PgUp/PgDn have something to scroll).
    pub(crate) scrolls: bool,
    /// The language of the `N more lines` markers it lays out.
    pub(crate) locale: Locale,
}

impl Block {
    /// The `❯ ` pointer and label style of a highlighted menu row, or blank and plain.
    pub(crate) fn pointer(current: bool) -> (Span, Style) {
        if current {
            (
                Span::new("❯ ", Role::Accent),
                Style::new(Role::Accent).bold(),
            )
        } else {
            (Span::raw("  "), Style::new(Role::Text))
        }
    }

    pub(crate) fn new(width: usize, locale: Locale) -> Self {
        Self {
            width,
            locale,
            ..Self::default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// Adds a line, cut to the width (the hard invariant lives here).
    pub(crate) fn push(&mut self, mut line: Line) {
        line.fit(self.width);
        self.lines.push(line);
    }

    pub(crate) fn blank(&mut self) {
        self.lines.push(Line::empty());
    }

    /// Marks the next line pushed as the focus row.
    pub(crate) fn focus_next(&mut self) {
        self.focus = Some(self.lines.len());
    }

    /// Appends another block below, keeping its focus and cursor.
    pub(crate) fn append(&mut self, other: Block) {
        let offset = self.lines.len();
        self.scrolls |= other.scrolls;
        if let Some(f) = other.focus {
            self.focus = Some(offset + f);
        }
        if let Some((r, c)) = other.cursor {
            self.cursor = Some((offset + r, c));
        }
        if other.width <= self.width {
            // Already cut to a width that fits.
            self.lines.extend(other.lines);
        } else {
            for line in other.lines {
                self.push(line);
            }
        }
    }

    /// Text wrapped with a hanging indent: `prefix` on the first row, spaces of the
    /// same width on the others. Newlines in `text` start new rows. The text is sanitized.
    pub(crate) fn hanging(&mut self, prefix: Vec<Span>, text: &str, style: Style) {
        self.hanging_kept(prefix, text, style, Keep::All);
    }

    /// [`hanging`](Self::hanging) keeping only the rows `keep` asks for; the rows
    /// left out are counted in a marker row (the prefix goes on the first row shown).
    pub(crate) fn hanging_kept(&mut self, prefix: Vec<Span>, text: &str, style: Style, keep: Keep) {
        self.hanging_marked(prefix, (text, style), &[], keep);
    }

    /// [`hanging_kept`](Self::hanging_kept) with the byte ranges `marks` of `text` (ascending,
    /// on char boundaries) painted as filter matches.
    pub(crate) fn hanging_marked(
        &mut self,
        prefix: Vec<Span>,
        (text, style): (&str, Style),
        marks: &[Range<usize>],
        keep: Keep,
    ) {
        self.hanging_indexed(prefix, (text, style), marks, keep, None);
    }

    /// [`hanging_marked`](Self::hanging_marked) for a text with a line index (a long text
    /// of the form), so counting its hidden lines does not walk it.
    pub(crate) fn hanging_indexed(
        &mut self,
        prefix: Vec<Span>,
        (text, style): (&str, Style),
        marks: &[Range<usize>],
        keep: Keep,
        index: Option<&LineIndex>,
    ) {
        let prefix_w: usize = prefix.iter().map(|s| display_width(&s.text)).sum();
        let mut first = Some(prefix);
        // Text needs some room beside the prefix; otherwise the prefix gets its own row.
        let min_room = (self.width / 2).clamp(1, 12);
        let (indent, avail) = if prefix_w + min_room <= self.width {
            (prefix_w, self.width - prefix_w)
        } else {
            if let Some(p) = first.take() {
                self.push(Line::new(p));
            }
            let indent = prefix_w.min(4).min(self.width / 4);
            (indent, self.width - indent)
        };
        let mut lead = || {
            first.take().unwrap_or_else(|| {
                if indent > 0 {
                    vec![Span::raw(" ".repeat(indent))]
                } else {
                    Vec::new()
                }
            })
        };
        let Rows { rows, hidden } = lay_out(text, avail, keep, index);
        let locale = self.locale;
        let marker_row = |lead: Vec<Span>, up: bool| {
            let mut line = Line::new(lead);
            line.spans.extend(marker(hidden, up, locale).spans);
            line
        };
        if hidden > 0 && matches!(keep, Keep::Tail(_)) {
            let line = marker_row(lead(), true);
            self.push(line);
        }
        for row in rows {
            let mut line = Line::new(lead());
            if marks.is_empty() {
                line.push(Span::new(sanitize(row).into_owned(), style));
            } else {
                crate::filter::push_marked(&mut line, text, row, style, marks);
            }
            self.push(line);
        }
        if hidden > 0 && matches!(keep, Keep::Head(_)) {
            let line = marker_row(lead(), false);
            self.push(line);
        }
    }

    /// A full-width horizontal rule.
    pub(crate) fn rule(&mut self, style: Style) {
        self.push(Line::styled("─".repeat(self.width), style));
    }
}

/// Puts `left` and `right` side by side: `left` padded to `left_w`, then `sep`, then
/// `right`. The focus and cursor of `left` are kept.
pub(crate) fn side_by_side(
    left: Block,
    right: Block,
    left_w: usize,
    sep: &Span,
    width: usize,
) -> Block {
    let mut out = Block::new(width, left.locale);
    out.focus = left.focus;
    out.cursor = left.cursor;
    out.scrolls = left.scrolls || right.scrolls;
    let rows = left.len().max(right.len());
    // Lines of both blocks are already cut to their widths: when they add up, skip measuring.
    let fits = left_w + display_width(&sep.text) + right.width <= width;
    let mut left_lines = left.lines.into_iter();
    let mut right_lines = right.lines.into_iter();
    for _ in 0..rows {
        let mut line = left_lines.next().unwrap_or_default();
        let w = line.width();
        if w > left_w {
            line.fit(left_w);
            line.pad_to(left_w);
        } else if w < left_w {
            line.push(Span::raw(" ".repeat(left_w - w)));
        }
        line.push(sep.clone());
        line.spans
            .extend(right_lines.next().unwrap_or_default().spans);
        let trimmed = line
            .spans
            .iter()
            .rposition(|s| !s.text.trim().is_empty() || s.style.inverse);
        line.spans.truncate(trimmed.map_or(0, |i| i + 1));
        if fits {
            out.lines.push(line);
        } else {
            out.push(line);
        }
    }
    out
}
