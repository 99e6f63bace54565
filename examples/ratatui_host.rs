//! A ratatui app with the form in a sub-area: a chat log above, the form below it in
//! a bordered `Block` (so the frame's own rules are turned off), keys routed with
//! `Session::wants_key` (the form's keys go to the form, PageUp/PageDown... and the
//! others to the app: here `ctrl+l` scrolls the log). One dependency: `ask-host`
//! with its `ratatui` feature.
//!
//! This example draws to ratatui's `TestBackend` and prints the buffer, so it runs
//! anywhere (CI included). In a real app, build the `Terminal` with `ratatui::init()`
//! and turn crossterm events into keys with `ask-host`'s `crossterm` feature
//! (`InputEvent::try_from(event)`).

use ask_host::{
    Session,
    config::AskConfig,
    contract::{ParseOptions, parse_params_str},
    keymap::Key,
    render::{FrameWidget, RenderOptions, theme::Theme},
    settings::Settings,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

/// The app around the form: a chat log it scrolls with its own key.
struct App {
    log: Vec<String>,
    scroll: u16,
    session: Session,
}

impl App {
    fn new() -> Result<Self, Box<dyn std::error::Error>> {
        let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
        let log = (1..=40)
            .map(|i| format!("agent: step {i} of the plan"))
            .collect();
        let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
        // The block's border frames the form: its own rules are off.
        session.set_render_options(RenderOptions::default().with_rules(false));
        Ok(Self {
            log,
            scroll: 0,
            session,
        })
    }

    /// A key: the form's when it wants it, else the app's.
    fn key(&mut self, key: Key) {
        if self.session.wants_key(&key) {
            self.session.key(key);
        } else if key == "ctrl+l".parse().expect("a key id") {
            self.scroll = self.scroll.saturating_add(1);
        }
    }

    /// Draws the chat log and, under it, the form in a bordered area as tall as the
    /// form needs (at most two thirds of the screen).
    fn draw(
        &mut self,
        terminal: &mut Terminal<TestBackend>,
        theme: &Theme,
    ) -> Result<(), Box<dyn std::error::Error>> {
        terminal.draw(|f| {
            let area = f.area();
            // Inside the border: two columns and two rows less. `fitting_height` is the
            // tallest height the form fills at this width (a short form's layout is
            // compact), so no blank row shows under it.
            let max_rows = (area.height * 2 / 3).saturating_sub(2).max(1);
            let rows = self
                .session
                .fitting_height(area.width.saturating_sub(2), max_rows);
            let form_rows = u16::try_from(rows + 2).unwrap_or(u16::MAX);
            let [chat, form] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(form_rows)]).areas(area);
            let lines: Vec<Line> = self.log.iter().map(|l| Line::from(l.as_str())).collect();
            f.render_widget(Paragraph::new(lines).scroll((self.scroll, 0)), chat);
            let block = Block::default().borders(Borders::ALL).title(" ask_user ");
            let body = block.inner(form);
            f.render_widget(block, form);
            // The session keeps its render options (the rules off): only the size changes.
            self.session.resize(body.width, body.height);
            let widget = FrameWidget::owned(self.session.frame(), theme.clone());
            if let Some(position) = widget.cursor(body) {
                f.set_cursor_position(position);
            }
            f.render_widget(&widget, body);
        })?;
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut app = App::new()?;
    let mut terminal = Terminal::new(TestBackend::new(72, 30))?;
    for key in ["down", "ctrl+l", "tab"] {
        app.key(key.parse()?);
    }
    app.draw(&mut terminal, &Theme::default())?;
    println!("{}", terminal.backend());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::App;
    use ask_host::{keymap::Key, render::theme::Theme};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;

    fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
        let buffer = terminal.backend().buffer();
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect()
            })
            .collect()
    }

    fn key(id: &str) -> Key {
        id.parse().unwrap()
    }

    #[test]
    fn the_form_sits_under_the_chat_in_a_border_without_its_own_rules() {
        let mut app = App::new().unwrap();
        let mut terminal = Terminal::new(TestBackend::new(72, 30)).unwrap();
        app.key(key("down"));
        app.draw(&mut terminal, &Theme::default()).unwrap();
        let rows = rows(&terminal);
        assert!(rows[0].starts_with("agent: step 1"), "{rows:#?}");
        let top = rows
            .iter()
            .position(|r| r.starts_with("┌ ask_user"))
            .unwrap();
        assert!(
            rows[top - 1].starts_with("agent:"),
            "the chat is right above"
        );
        assert!(rows.last().unwrap().starts_with("└"));
        // Inside the border: no rule of the form's own.
        assert!(
            rows[top + 1..rows.len() - 1]
                .iter()
                .all(|r| !r.contains("──"))
        );
        // The pointer row of the second option, in the accent colour.
        let y = rows
            .iter()
            .position(|r| r.starts_with("│❯ 2. Tantivy"))
            .unwrap();
        let buffer = terminal.backend().buffer();
        assert_eq!(
            buffer[(1, u16::try_from(y).unwrap())].fg,
            Color::Indexed(14)
        );
    }

    /// The rows inside the border, which must all be the form's: the frame fills the area
    /// and the row above the bottom border (the key hints) is not blank.
    fn assert_no_blank_rows_under_the_form(app: &mut App, width: u16, height: u16) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        app.draw(&mut terminal, &Theme::default()).unwrap();
        let rows = rows(&terminal);
        let top = rows
            .iter()
            .position(|r| r.starts_with("┌ ask_user"))
            .unwrap_or_else(|| panic!("{width}x{height}: no form border {rows:#?}"));
        let inner = &rows[top + 1..rows.len() - 1];
        let (_, body_rows) = app.session.size();
        assert_eq!(
            app.session.frame().lines.len(),
            usize::from(body_rows),
            "{width}x{height}: the frame fills its area {rows:#?}"
        );
        assert_eq!(inner.len(), usize::from(body_rows));
        let last = inner.last().unwrap();
        assert!(
            last.trim_start_matches('│').trim_end_matches('│').trim() != "",
            "{width}x{height}: a blank row under the form {rows:#?}"
        );
    }

    #[test]
    fn no_blank_rows_under_the_form_at_any_height() {
        let mut app = App::new().unwrap();
        let screens: [&[&str]; 3] = [&[], &["1"], &["tab", "tab", "tab"]];
        for keys in screens {
            for id in keys {
                app.key(key(id));
            }
            for width in [40, 56, 72, 88, 120] {
                for height in 8..=40 {
                    assert_no_blank_rows_under_the_form(&mut app, width, height);
                }
            }
        }
    }

    #[test]
    fn keys_the_form_does_not_want_go_to_the_app() {
        let mut app = App::new().unwrap();
        let before = app.session.frame().to_plain_text();
        app.key(key("ctrl+l"));
        assert_eq!(app.scroll, 1, "the app scrolled its log");
        assert_eq!(
            app.session.frame().to_plain_text(),
            before,
            "the form is untouched"
        );
        app.key(key("2"));
        assert_eq!(app.scroll, 1);
        assert_ne!(
            app.session.frame().to_plain_text(),
            before,
            "2 picked an option"
        );
    }

    #[test]
    fn the_editor_cursor_lands_inside_the_bordered_area() {
        let mut app = App::new().unwrap();
        let mut terminal = Terminal::new(TestBackend::new(72, 30)).unwrap();
        app.key(key("n")); // the option note editor
        for c in "why".chars() {
            app.key(Key::char(c));
        }
        app.draw(&mut terminal, &Theme::default()).unwrap();
        let position = terminal.get_cursor_position().unwrap();
        let rows = rows(&terminal);
        let top = rows
            .iter()
            .position(|r| r.starts_with("┌ ask_user"))
            .unwrap();
        assert!(
            usize::from(position.y) > top && position.x >= 1,
            "{position:?}"
        );
        let row = &rows[usize::from(position.y)];
        assert!(
            row.contains("why"),
            "the cursor row holds the typed note: {row}"
        );
    }
}
