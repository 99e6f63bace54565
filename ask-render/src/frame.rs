//! The output data model: frames of lines of styled spans.

use std::fmt::Write as _;

use crate::text::{display_width, truncate};

/// The semantic role of a span. Hosts map roles to colours (or to nothing under `NO_COLOR`).
/// More roles will come: map unknown ones to ordinary text. With serde a role is its
/// [`Role::name`] (`"accent"`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Role {
    /// Ordinary text.
    #[default]
    Text,
    /// The highlighted row or element (pointer, active option, active action).
    Accent,
    /// Secondary text: descriptions, hints, markers.
    Muted,
    /// Even quieter text: placeholders, separators.
    Dim,
    /// Chosen options, answered markers, settings that are on.
    Success,
    /// Warnings: the dirty-dismiss warning, the double-press hint, notices.
    Warning,
    /// Errors.
    Error,
    /// The active tab.
    Selected,
    /// The form title and section titles.
    Title,
    /// Horizontal rules and pane separators.
    Border,
    /// Text inside an open editor.
    Editor,
    /// Saved notes.
    Note,
    /// Characters that match the type-to-filter query.
    Match,
}

impl Role {
    /// Every role, in declaration order. A slice, so a new role does not change its type.
    pub const ALL: &'static [Self] = &[
        Self::Text,
        Self::Accent,
        Self::Muted,
        Self::Dim,
        Self::Success,
        Self::Warning,
        Self::Error,
        Self::Selected,
        Self::Title,
        Self::Border,
        Self::Editor,
        Self::Note,
        Self::Match,
    ];

    /// The lower-case name used in [`Frame::to_styled_text`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Accent => "accent",
            Self::Muted => "muted",
            Self::Dim => "dim",
            Self::Success => "success",
            Self::Warning => "warning",
            Self::Error => "error",
            Self::Selected => "selected",
            Self::Title => "title",
            Self::Border => "border",
            Self::Editor => "editor",
            Self::Note => "note",
            Self::Match => "match",
        }
    }
}

/// A role plus emphasis flags. With serde: `{"role": "accent", "bold": true, "inverse": false}`
/// (missing flags are false).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(default)]
#[non_exhaustive]
pub struct Style {
    /// The semantic role.
    pub role: Role,
    /// Bold text.
    pub bold: bool,
    /// Swapped foreground and background (the active tab).
    pub inverse: bool,
}

impl Style {
    /// A plain style with this role.
    pub const fn new(role: Role) -> Self {
        Self {
            role,
            bold: false,
            inverse: false,
        }
    }

    /// The same style, bold.
    #[must_use]
    pub const fn bold(mut self) -> Self {
        self.bold = true;
        self
    }

    /// The same style, inverse.
    #[must_use]
    pub const fn inverse(mut self) -> Self {
        self.inverse = true;
        self
    }

    fn tag(self) -> Option<String> {
        if self == Self::default() {
            return None;
        }
        let mut tag = self.role.name().to_owned();
        if self.bold {
            tag.push_str("+bold");
        }
        if self.inverse {
            tag.push_str("+inverse");
        }
        Some(tag)
    }
}

impl From<Role> for Style {
    fn from(role: Role) -> Self {
        Self::new(role)
    }
}

/// A run of text with one style. The text is already sanitized and contains no newline.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct Span {
    /// The text to show.
    pub text: String,
    /// How to show it.
    pub style: Style,
}

impl Span {
    /// A span of `text` in `style`.
    pub fn new(text: impl Into<String>, style: impl Into<Style>) -> Self {
        Self {
            text: text.into(),
            style: style.into(),
        }
    }

    /// A span of ordinary text.
    pub fn raw(text: impl Into<String>) -> Self {
        Self::new(text, Role::Text)
    }
}

/// One terminal row: spans left to right. With serde a line is its array of spans.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
#[non_exhaustive]
pub struct Line {
    /// The spans of the row.
    pub spans: Vec<Span>,
}

impl Line {
    /// A line of spans.
    pub fn new(spans: Vec<Span>) -> Self {
        Self { spans }
    }

    /// An empty row.
    pub fn empty() -> Self {
        Self::default()
    }

    /// A line with one span.
    pub fn styled(text: impl Into<String>, style: impl Into<Style>) -> Self {
        Self::new(vec![Span::new(text, style)])
    }

    /// Display width in terminal columns.
    pub fn width(&self) -> usize {
        self.spans.iter().map(|s| display_width(&s.text)).sum()
    }

    /// The text of the row without styles.
    pub fn plain(&self) -> String {
        self.spans.iter().map(|s| s.text.as_str()).collect()
    }

    /// Appends a span (empty spans are dropped).
    pub fn push(&mut self, span: Span) {
        if !span.text.is_empty() {
            self.spans.push(span);
        }
    }

    /// Appends spaces up to `width` columns.
    pub(crate) fn pad_to(&mut self, width: usize) {
        let w = self.width();
        if w < width {
            self.push(Span::raw(" ".repeat(width - w)));
        }
    }

    /// Cuts the line to `width` columns, ending in `…` when something was cut.
    pub(crate) fn fit(&mut self, width: usize) {
        if self.width() <= width {
            return;
        }
        let mut used = 0;
        let mut kept = Vec::new();
        for span in self.spans.drain(..) {
            let w = display_width(&span.text);
            if used + w < width {
                used += w;
                kept.push(span);
                continue;
            }
            let text = truncate(&span.text, width - used);
            kept.push(Span::new(text, span.style));
            break;
        }
        kept.retain(|s| !s.text.is_empty());
        self.spans = kept;
    }
}

/// A rendered screen: rows of styled spans, the editor cursor and the row to keep visible.
///
/// **Units and coordinates.** A frame is a grid of terminal cells. Widths are display
/// cells as a terminal draws them ([`display_width`]: a CJK character or an emoji takes
/// two cells, a combining mark none), not bytes or `char`s. Rows and columns count from 0
/// at the top-left corner of the frame: row `r` is `lines[r]`, and column `c` is the cell
/// `c` cells to the right of the line's start. A host that draws the frame at an offset
/// (or crops it around [`Frame::focus_row`]) shifts both by the same amount.
///
/// With serde (for web or RPC frontends):
/// `{"lines": [[{"text": "…", "style": {"role": "accent", "bold": true, "inverse": false}}]],
/// "cursor": {"row": 3, "column": 12} or null, "focusRow": 0}`.
///
/// ```
/// use ask_contract::payload::AskParams;
/// use ask_contract::payload::{OptionParams, QuestionParams};
/// use ask_keymap::{Keymap, behaviour::Behaviour};
/// use ask_render::{Frame, RenderOptions, Role, render, text::display_width};
/// use ask_state::{Command, Flow, FlowOptions};
///
/// let form = AskParams::new()
///     .question(QuestionParams::new("name", "名前は?").options([("a", "Ada"), ("b", "Bob")]))
///     .validate()?;
/// let mut flow = Flow::new(form, Behaviour::default(), Keymap::default(), FlowOptions::default());
/// flow.apply(Command::Digit(3)); // "Type your own": opens the editor
/// let frame: Frame = render(&flow, &RenderOptions::new(40, 12));
///
/// // Every row fits the 40 cells it was rendered at; the prompt's CJK is 2 cells a character.
/// assert!(frame.lines.iter().all(|line| line.width() <= 40));
/// assert_eq!(display_width("名前は?"), 7);
/// // The cursor is a row and a column in cells, inside the frame.
/// let cursor = frame.cursor.expect("the editor is open");
/// assert!(cursor.row < frame.lines.len() && cursor.column <= 40);
/// // Roles, not colours.
/// assert!(frame.lines.iter().flat_map(|l| &l.spans).any(|s| s.style.role == Role::Accent));
///
/// let json = serde_json::to_string(&frame)?;
/// assert_eq!(serde_json::from_str::<Frame>(&json)?, frame);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Frame {
    /// Rows top to bottom; none is wider than the width it was rendered at.
    pub lines: Vec<Line>,
    /// Where the terminal cursor belongs, in cells from the frame's top-left corner, when
    /// an editor is open.
    pub cursor: Option<Cursor>,
    /// The row (index into `lines`) that must stay visible when the host crops the frame
    /// to its height.
    pub focus_row: usize,
}

/// A cell of a [`Frame`]: `row` counts rows from the frame's top (an index into
/// [`Frame::lines`]), `column` display cells from the line's start. With serde:
/// `{"row": 3, "column": 12}`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Cursor {
    /// The row, from 0 at the top of the frame.
    pub row: usize,
    /// The column in display cells, from 0 at the left edge.
    pub column: usize,
}

impl Cursor {
    /// The cell at `row`, `column`.
    pub const fn new(row: usize, column: usize) -> Self {
        Self { row, column }
    }
}

impl Frame {
    /// The same frame with the cursor at `cursor` (`None`: no cursor).
    #[must_use]
    pub fn with_cursor(mut self, cursor: Option<Cursor>) -> Self {
        self.cursor = cursor;
        self
    }

    /// The same frame with [`Frame::focus_row`] at `row`.
    #[must_use]
    pub fn with_focus_row(mut self, row: usize) -> Self {
        self.focus_row = row;
        self
    }

    /// A frame of these rows, with no cursor and the focus on the first row.
    pub fn from_lines(lines: Vec<Line>) -> Self {
        Self {
            lines,
            cursor: None,
            focus_row: 0,
        }
    }

    /// One line per row, no styles, trailing spaces removed.
    pub fn to_plain_text(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(line.plain().trim_end());
            out.push('\n');
        }
        out
    }

    /// One line per row with styles visible: `[accent+bold]❯ 1. PostgreSQL[/]`.
    /// Spans of ordinary text carry no tag.
    pub fn to_styled_text(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let mut k = 0;
            while let Some(span) = line.spans.get(k) {
                // Adjacent spans of one style read as one run.
                let mut text = span.text.clone();
                k += 1;
                while let Some(next) = line.spans.get(k).filter(|n| n.style == span.style) {
                    text.push_str(&next.text);
                    k += 1;
                }
                match span.style.tag() {
                    Some(tag) => {
                        let _ = write!(out, "[{tag}]{text}[/]");
                    }
                    None => out.push_str(&text),
                }
            }
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
        out
    }

    /// The rows `start..start + height` that keep [`focus_row`](Self::focus_row) visible for a
    /// screen of `height` rows, as a start index.
    pub fn scroll_start(&self, height: usize) -> usize {
        if self.lines.len() <= height || height == 0 {
            return 0;
        }
        let max_start = self.lines.len() - height;
        let focus = self.cursor.map_or(self.focus_row, |c| c.row);
        focus
            .saturating_sub(height.saturating_sub(1))
            .min(max_start)
    }
}

#[cfg(test)]
mod tests {
    use super::{Cursor, Frame, Line, Role, Span, Style};

    fn frame(rows: usize, focus: usize, cursor: Option<(usize, usize)>) -> Frame {
        Frame::from_lines(
            (0..rows)
                .map(|i| Line::styled(format!("{i}"), Role::Text))
                .collect(),
        )
        .with_cursor(cursor.map(|(row, column)| Cursor::new(row, column)))
        .with_focus_row(focus)
    }

    #[test]
    fn scroll_start_keeps_focus_or_cursor_visible() {
        assert_eq!(frame(10, 9, None).scroll_start(20), 0);
        assert_eq!(frame(30, 2, None).scroll_start(10), 0);
        assert_eq!(frame(30, 15, None).scroll_start(10), 6);
        assert_eq!(frame(30, 29, None).scroll_start(10), 20);
        assert_eq!(frame(30, 0, Some((25, 3))).scroll_start(10), 16);
        assert_eq!(frame(30, 5, None).scroll_start(0), 0);
    }

    #[test]
    fn fit_cuts_across_spans_with_an_ellipsis() {
        let mut line = Line::new(vec![
            Span::raw("abc"),
            Span::new("defg", Style::new(Role::Accent)),
        ]);
        line.fit(5);
        assert_eq!(line.plain(), "abcd…");
        assert_eq!(line.spans[1].style.role, Role::Accent);
        let mut wide = Line::styled("中文", Role::Text);
        wide.fit(1);
        assert_eq!(wide.plain(), "…");
    }

    #[test]
    fn styled_text_merges_runs_and_tags_roles() {
        let f = Frame::from_lines(vec![Line::new(vec![
            Span::new("❯ ", Role::Accent),
            Span::new("1. ", Role::Accent),
            Span::new("PostgreSQL", Style::new(Role::Accent).bold()),
            Span::raw("  "),
        ])]);
        assert_eq!(
            f.to_styled_text(),
            "[accent]❯ 1. [/][accent+bold]PostgreSQL[/]\n"
        );
        assert_eq!(f.to_plain_text(), "❯ 1. PostgreSQL\n");
    }
}
