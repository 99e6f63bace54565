//! ratatui integration (feature `ratatui`, for ratatui 0.30): frames as `Text` and as a
//! widget.
//!
//! Built on `ratatui-core`, the part of ratatui that widgets and text live in, so
//! the `ratatui` crate's `Text`, `Buffer` and `Widget` are these same types.

use std::borrow::Cow;

use ratatui_core::buffer::Buffer;
use ratatui_core::layout::{Position, Rect};
use ratatui_core::style::{Color as RColor, Modifier, Style as RStyle};
use ratatui_core::text::{Line as RLine, Span as RSpan, Text};
use ratatui_core::widgets::Widget;

use crate::frame::{Frame, Line};
use crate::theme::{Color, Look, Theme};

impl From<Color> for RColor {
    fn from(color: Color) -> Self {
        Self::Indexed(color.palette_index())
    }
}

impl From<Look> for RStyle {
    fn from(look: Look) -> Self {
        let mut style = Self::default();
        if let Some(fg) = look.fg {
            style = style.fg(fg.into());
        }
        let mut modifiers = Modifier::empty();
        if look.bold {
            modifiers |= Modifier::BOLD;
        }
        if look.dim {
            modifiers |= Modifier::DIM;
        }
        if look.inverse {
            modifiers |= Modifier::REVERSED;
        }
        style.add_modifier(modifiers)
    }
}

fn line(line: &Line, theme: &Theme) -> RLine<'static> {
    RLine::from(
        line.spans
            .iter()
            .map(|span| RSpan::styled(span.text.clone(), RStyle::from(theme.look(span.style))))
            .collect::<Vec<_>>(),
    )
}

impl Frame {
    /// The frame as ratatui text, styled with `theme` (every row, uncropped).
    pub fn to_text(&self, theme: &Theme) -> Text<'static> {
        Text::from(
            self.lines
                .iter()
                .map(|l| line(l, theme))
                .collect::<Vec<_>>(),
        )
    }
}

impl From<&Frame> for Text<'static> {
    /// The frame as ratatui text in the default [`Theme`].
    fn from(frame: &Frame) -> Self {
        frame.to_text(&Theme::default())
    }
}

/// A ratatui widget (ratatui 0.30: feature `ratatui`) that draws a [`Frame`] into an
/// area: rows are cropped to the area's height around the frame's focus (or cursor) row,
/// exactly as [`Frame::scroll_start`] says, and cut to its width.
///
/// Render the frame at the area's size so nothing is cropped. Inside a bordered `Block`,
/// turn the frame's own rules off ([`RenderOptions::with_rules`](crate::RenderOptions::with_rules)):
/// the block's border frames the form and the two rule rows go to the form. Size the area
/// with [`fitting_height`](crate::fitting_height) (ask-host: `Session::fitting_height`) so
/// no blank row shows under a short form.
///
/// [`FrameWidget::new`] borrows a frame you keep; [`FrameWidget::owned`] takes one
/// straight from the renderer, so no binding is needed for it. Rendering by reference
/// (`&widget`) keeps the widget for [`FrameWidget::cursor`].
///
/// ```
/// use ask_render::{Frame, FrameWidget, Line, Role, Span, theme::Theme};
/// use ratatui_core::{buffer::Buffer, layout::Rect, widgets::Widget};
///
/// let frame = Frame::from_lines(vec![Line::new(vec![Span::new("ask", Role::Title)])]);
/// let area = Rect::new(0, 0, 10, 2);
/// let mut buf = Buffer::empty(area);
/// FrameWidget::new(&frame, &Theme::default()).render(area, &mut buf);
/// assert_eq!(buf[(0, 0)].symbol(), "a");
/// // A frame made on the spot, kept by the widget:
/// let widget = FrameWidget::owned(Frame::from_lines(vec![Line::styled("b", Role::Text)]), Theme::plain());
/// (&widget).render(area, &mut buf);
/// assert_eq!(buf[(0, 0)].symbol(), "b");
/// assert_eq!(widget.cursor(area), None);
/// ```
#[derive(Debug, Clone)]
pub struct FrameWidget<'a> {
    frame: Cow<'a, Frame>,
    theme: Cow<'a, Theme>,
}

impl<'a> FrameWidget<'a> {
    /// A widget for `frame` painted with `theme`, both borrowed.
    pub fn new(frame: &'a Frame, theme: &'a Theme) -> Self {
        Self {
            frame: Cow::Borrowed(frame),
            theme: Cow::Borrowed(theme),
        }
    }

    /// The frame this widget draws.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// Where the frame's cursor lands inside `area` once drawn, if it is visible, as the
    /// buffer position ratatui uses (`x` the column, `y` the row): hand it to
    /// `ratatui::Frame::set_cursor_position`.
    pub fn cursor(&self, area: Rect) -> Option<Position> {
        let cursor = self.frame.cursor?;
        let start = self.frame.scroll_start(usize::from(area.height));
        let row = cursor.row.checked_sub(start)?;
        let (row, col) = (u16::try_from(row).ok()?, u16::try_from(cursor.column).ok()?);
        (row < area.height && col < area.width).then(|| Position::new(area.x + col, area.y + row))
    }
}

impl FrameWidget<'static> {
    /// A widget that keeps `frame` and `theme`: for a frame made where the widget is
    /// (`FrameWidget::owned(session.frame(), theme)`), with no binding to outlive it.
    pub fn owned(frame: Frame, theme: Theme) -> Self {
        Self {
            frame: Cow::Owned(frame),
            theme: Cow::Owned(theme),
        }
    }
}

impl Widget for FrameWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        (&self).render(area, buf);
    }
}

impl Widget for &FrameWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let start = self.frame.scroll_start(usize::from(area.height));
        for (offset, row) in self
            .frame
            .lines
            .iter()
            .skip(start)
            .take(usize::from(area.height))
            .enumerate()
        {
            let y = area.y + offset as u16;
            buf.set_line(area.x, y, &line(row, &self.theme), area.width);
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui_core::buffer::Buffer;
    use ratatui_core::layout::{Position, Rect};
    use ratatui_core::style::{Color as RColor, Modifier};
    use ratatui_core::text::Text;
    use ratatui_core::widgets::Widget;

    use super::FrameWidget;
    use crate::frame::{Frame, Line, Role, Span, Style};
    use crate::theme::Theme;

    fn rows(n: usize) -> Frame {
        Frame::from_lines(
            (0..n)
                .map(|i| Line::styled(format!("row {i}"), Role::Text))
                .collect(),
        )
    }

    #[test]
    fn text_keeps_rows_and_styles() {
        let frame = Frame::from_lines(vec![Line::new(vec![
            Span::raw("a "),
            Span::new("b", Style::new(Role::Accent).bold()),
        ])]);
        let text = Text::from(&frame);
        assert_eq!(text.lines.len(), 1);
        let accent = &text.lines[0].spans[1];
        assert_eq!(accent.content, "b");
        assert_eq!(accent.style.fg, Some(RColor::Indexed(14)));
        assert!(accent.style.add_modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn filter_matches_map_to_bold_light_yellow() {
        let frame = Frame::from_lines(vec![Line::new(vec![Span::new("pg", Role::Match)])]);
        let text = frame.to_text(&Theme::default());
        let span = &text.lines[0].spans[0];
        assert_eq!(span.style.fg, Some(RColor::Indexed(11)));
        assert!(span.style.add_modifier.contains(Modifier::BOLD));
        let plain = frame.to_text(&Theme::plain());
        assert_eq!(plain.lines[0].spans[0].style.fg, None);
        assert!(
            plain.lines[0].spans[0]
                .style
                .add_modifier
                .contains(Modifier::BOLD)
        );
    }

    #[test]
    fn widget_crops_around_the_focus_and_places_the_cursor() {
        let mut frame = rows(30);
        frame.focus_row = 20;
        frame.cursor = Some(crate::Cursor::new(20, 3));
        let area = Rect::new(2, 1, 12, 5);
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 8));
        let theme = Theme::default();
        let widget = FrameWidget::new(&frame, &theme);
        (&widget).render(area, &mut buf);
        // Rows 16..=20 are visible; the focus row is the last one.
        let row = |y: u16| {
            (0..20)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
        };
        assert_eq!(row(1).trim(), "row 16");
        assert_eq!(row(5).trim(), "row 20");
        assert_eq!(row(6).trim(), "");
        assert_eq!(widget.cursor(area), Some(Position::new(5, 5)));
    }
}
