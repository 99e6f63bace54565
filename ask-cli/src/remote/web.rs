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

/// The `--qr` warning for a loopback link (a phone cannot open it), with how to serve
/// this machine's own network address instead (one interface, not every one).
pub(crate) fn loopback_warning(link: &str, locale: ask_host::i18n::Locale) -> String {
    // A UDP "connection" only picks a route; nothing is sent.
    let lan = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .ok()
        .map(|a| a.ip())
        .filter(|ip| !ip.is_loopback())
        .map_or_else(|| "ADDRESS".to_owned(), |ip| ip.to_string());
    locale.format(
        ask_host::i18n::Msg::TermQrLoopback,
        &[("url", &link), ("lan", &lan)],
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
