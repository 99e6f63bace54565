//! `--web`, `--web-only`, `--qr`, `--open`: the browser form next to (or instead of) the
//! terminal.

use std::net::SocketAddr;
use std::sync::OnceLock;

use ask_host::Session;
use ask_web::{WebOptions, WebServer};

use crate::exit::{CliError, Exit};

/// The link of the open browser form, for notification commands (`$ASK_NOTIFY_URL`).
static LINK: OnceLock<String> = OnceLock::new();

/// The browser form's link, once one is open.
pub(crate) fn link() -> Option<&'static str> {
    LINK.get().map(String::as_str)
}

/// Starts the web server on `addr` for `session`; warns once when it listens on every
/// interface.
pub(crate) fn start(addr: SocketAddr, session: &mut Session) -> Result<WebServer, CliError> {
    let server = WebServer::start(&session.controller(), &WebOptions::default().addr(addr))
        .map_err(|err| CliError::new(Exit::IoErr, format!("--web: {err}")))?;
    if addr.ip().is_unspecified() {
        crate::exit::warn(&format!(
            "--web {addr} listens on every network interface: anyone on your network with the link can answer"
        ));
    }
    let _ = LINK.set(server.url().to_owned());
    Ok(server)
}

/// The link as a QR code in text (two rows of modules per line), or `None` when it
/// does not fit a QR code.
pub(crate) fn qr(link: &str) -> Option<String> {
    let code = qrcode::QrCode::new(link.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// Opens `link` in the default browser (`--open`): the URL is one argument, never
/// shell text.
pub(crate) fn open_browser(link: &str) {
    if let Err(err) = ask_web::open_browser(link) {
        crate::exit::warn(&format!(
            "--open: no browser could be started ({err}); open the link above"
        ));
    }
}
