//! A crossterm host on the real terminal: the form is drawn on `/dev/tty`, so stdout stays
//! free for the result. Pastes, resizes and Ctrl+C work; the terminal is restored on every
//! exit, a panic included. `cargo run -p ask-examples --example crossterm_host > r.json`
use ask_host::crossterm::event::{self, Event};
use ask_host::term::{ModeOptions, Painter, TerminalModes};
use ask_host::{
    Session,
    contract::{ParseOptions, parse_params_str},
    keymap::InputEvent,
    render::theme::Theme,
    settings::Settings,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::open_default());
    let mut tty = std::fs::OpenOptions::new().write(true).open("/dev/tty")?;
    // The default keyboard setup suits crossterm's event reader (the flags are pushed).
    let modes = TerminalModes::enter(&mut tty, ModeOptions::fullscreen())?;
    let mut painter = Painter::fullscreen(Theme::default());
    let (mut cols, mut rows) = ask_host::crossterm::terminal::size()?;
    // crossterm starts listening for SIGWINCH with its first event call: make that call
    // before the first paint, so a resize right after the form appears is not lost.
    event::poll(std::time::Duration::ZERO)?;
    while !session.is_over() {
        session.resize(cols, painter.frame_rows(rows));
        session.shown(); // the early-key guard starts with the first paint
        painter.paint(&mut tty, &session.frame(), cols, rows)?;
        let event = event::read()?;
        // The session sizes itself from `InputEvent::Resize` to the whole terminal; this
        // host sizes it above (less the rows the painter keeps), so it takes the resize.
        if let Event::Resize(c, r) = event {
            (cols, rows) = (c, r);
            painter.resized(&mut tty)?;
        }
        if let Ok(input @ (InputEvent::Key(_) | InputEvent::Paste(_))) = event.try_into() {
            session.input(input);
        }
    }
    drop(modes);
    println!("{}", serde_json::to_string(&session.result_or_cancelled())?);
    Ok(())
}
