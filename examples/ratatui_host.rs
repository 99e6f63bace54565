//! A minimal ratatui host: a `Session` runs the flow and `ask_render::FrameWidget`
//! draws its frame inside a ratatui layout (here under a one-line header).
//!
//! This example draws to ratatui's `TestBackend` and prints the buffer, so it
//! runs anywhere (CI included). In a real app, build the `Terminal` with
//! `ratatui::init()` (ratatui's default `crossterm` feature), read crossterm
//! events, and turn them into keys with ask-keymap's `crossterm` feature
//! (`InputEvent::from_crossterm`).

use ask_contract::{ParseOptions, parse_params_str};
use ask_host::{Session, Settings};
use ask_keymap::{AskConfig, Key};
use ask_render::{FrameWidget, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;

/// Draws the session into a `width` x `height` terminal under a header line.
fn draw(
    terminal: &mut Terminal<TestBackend>,
    session: &mut Session,
    theme: &Theme,
) -> Result<(), Box<dyn std::error::Error>> {
    terminal.draw(|f| {
        let [header, body] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(f.area());
        f.render_widget(Line::from("my-agent · waiting for your answers"), header);
        // The frame is rendered at the body's size, so nothing needs cropping.
        session.resize(body.width, body.height);
        let frame = session.frame();
        let widget = FrameWidget::new(&frame, theme);
        if let Some(position) = widget.cursor(body) {
            f.set_cursor_position(position);
        }
        f.render_widget(widget, body);
    })?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    let mut terminal = Terminal::new(TestBackend::new(72, 20))?;
    let theme = Theme::default();
    for key in ["down", "tab"] {
        session.key(key.parse::<Key>()?);
    }
    draw(&mut terminal, &mut session, &theme)?;
    println!("{}", terminal.backend());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::draw;
    use ask_contract::{ParseOptions, parse_params_str};
    use ask_host::{Session, Settings};
    use ask_keymap::{AskConfig, Key};
    use ask_render::Theme;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;

    #[test]
    fn the_frame_is_drawn_under_the_header_with_its_styles() {
        let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default()).unwrap();
        let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
        session.key("down".parse::<Key>().unwrap());
        let mut terminal = Terminal::new(TestBackend::new(72, 20)).unwrap();
        draw(&mut terminal, &mut session, &Theme::default()).unwrap();
        let buffer = terminal.backend().buffer();
        let row = |y: u16| (0..72).map(|x| buffer[(x, y)].symbol()).collect::<String>();
        assert!(row(0).starts_with("my-agent"));
        // The pointer row of the second option, in the accent colour.
        let y = (0..20)
            .find(|&y| row(y).starts_with("❯ 2. Tantivy"))
            .expect("pointer row");
        assert_eq!(buffer[(0, y)].fg, Color::Indexed(14));
        assert_eq!(session.size(), (72, 19));
    }
}
