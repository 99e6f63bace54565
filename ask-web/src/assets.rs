//! The page, embedded in the binary: nothing is loaded from anywhere else. One response
//! carries everything the page needs to draw the form: the style sheet, the script and
//! the view model at the time of the request, so it renders without a second request
//! (large previews' texts, shown only once their option is chosen, come with the event
//! stream's first view instead: see `page.rs`). The script draws every question's label
//! and prompt and the first questions whole at once, the rest when needed (`lazy.js`).
//! The style and script are inline, allowed by their SHA-256 hashes
//! (`Content-Security-Policy: default-src 'self'; script-src 'sha256-...'; ...`): only
//! exactly this script and this style run, and the page holds no per-response secret,
//! so one build serves every request until the view changes (see `page.rs`).

use std::sync::OnceLock;

use ask_host::i18n::{Locale, Msg};

/// The HTML shell, with `{{style}}`, `{{script}}` and `{{view}}` markers, and
/// the page's own texts: `{{lang}}` (the language tag) and `{{key}}` (a catalogue text).
const PAGE: &str = include_str!("assets/index.html");
/// The script that draws the form from the view model and sends commands: its parts
/// (one responsibility each) inside one function, so they share its scope.
pub(crate) const SCRIPT: &str = concat!(
    "// The browser form of `ask`: draws the view model (embedded in the page, then from\n",
    "// /api/events) and sends control-protocol commands to /api/command; the form judges\n",
    "// what is sent and the view says any problem. Payload text is only ever set with\n",
    "// textContent or .value, never parsed as HTML.\n",
    "'use strict';\n(function () {\n",
    include_str!("assets/text.js"),
    include_str!("assets/app.js"),
    include_str!("assets/values.js"),
    include_str!("assets/send.js"),
    include_str!("assets/build.js"),
    include_str!("assets/lazy.js"),
    include_str!("assets/transport.js"),
    include_str!("assets/keep.js"),
    include_str!("assets/start.js"),
    "}());\n",
);
/// The page's icon (`/favicon.svg`): a question mark in a speech bubble, light and dark.
pub(crate) const FAVICON: &str = include_str!("assets/favicon.svg");
/// The service worker (`/sw.js`) that keeps the done screen for a reload after `ask`
/// exited.
pub(crate) const WORKER: &str = include_str!("assets/sw.js");
/// The style sheet (light and dark, narrow screens).
pub(crate) const STYLE: &str = include_str!("assets/app.css");

/// A piece of the page: fixed text, or a place filled per response.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    View,
    /// The form's language tag.
    Lang,
    /// A catalogue text in the form's language.
    Say(Msg),
}

/// The page cut at its per-response places, the style and script already in.
fn pieces() -> &'static [Piece] {
    static PIECES: OnceLock<Vec<Piece>> = OnceLock::new();
    PIECES.get_or_init(|| {
        let mut out: Vec<Piece> = Vec::new();
        let mut push = |piece: Piece| match (out.last_mut(), piece) {
            (Some(Piece::Text(last)), Piece::Text(text)) => last.push_str(&text),
            (_, piece) => out.push(piece),
        };
        let mut rest = PAGE;
        while let Some(at) = rest.find("{{") {
            push(Piece::Text(rest[..at].to_owned()));
            let after = &rest[at + 2..];
            let end = after.find("}}").unwrap_or(after.len());
            match &after[..end] {
                "style" => push(Piece::Text(STYLE.to_owned())),
                "script" => push(Piece::Text(SCRIPT.to_owned())),
                "view" => push(Piece::View),
                "lang" => push(Piece::Lang),
                other => match Msg::ALL.iter().find(|m| m.key() == other) {
                    Some(msg) => push(Piece::Say(*msg)),
                    None => push(Piece::Text(format!("{{{{{other}}}}}"))),
                },
            }
            rest = after.get(end + 2..).unwrap_or("");
        }
        push(Piece::Text(rest.to_owned()));
        out
    })
}

/// The page in `locale`: the inline style and script, the view model (JSON) as a data
/// block, the page's own texts escaped like any text in HTML.
pub(crate) fn page(view_json: &str, locale: Locale) -> String {
    let view = script_safe(view_json);
    let mut out = String::with_capacity(PAGE.len() + STYLE.len() + SCRIPT.len() + view.len() + 64);
    for piece in pieces() {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::View => out.push_str(&view),
            Piece::Lang => out.push_str(locale.tag()),
            Piece::Say(Msg::WebNoscript) => out.push_str(
                &escape(locale.text(Msg::WebNoscript)).replace("{ask}", "<code>ask</code>"),
            ),
            Piece::Say(msg) => out.push_str(&escape(locale.text(*msg))),
        }
    }
    out
}

/// The page as an MCP App (the `io.modelcontextprotocol/ui` extension's
/// `text/html;profile=mcp-app` resource) in `locale`: the same page, style and script,
/// with no view inside (the view comes through the host bridge, see `transport.js`) and
/// its own policy in a `<meta>` element, since no server of ours sends its headers: only
/// this script and style run, nothing is fetched or connected to.
pub fn app_page(locale: Locale) -> String {
    let page = page(r#"{"app":true}"#, locale);
    let meta = format!(
        "<head>\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'\">",
        sha256_base64(SCRIPT),
        sha256_base64(STYLE)
    );
    page.replacen("<head>", &meta, 1)
}

/// Text made safe inside HTML elements and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page's `Content-Security-Policy`: nothing from elsewhere, and of inline code only
/// the page's own script and style (by their SHA-256).
pub(crate) fn policy() -> &'static str {
    static POLICY: OnceLock<String> = OnceLock::new();
    POLICY.get_or_init(|| {
        format!(
            "default-src 'self'; script-src 'sha256-{}'; style-src 'sha256-{}'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            sha256_base64(SCRIPT),
            sha256_base64(STYLE)
        )
    })
}

/// The SHA-256 of `text` in base64 (with padding), as a CSP hash source names it.
fn sha256_base64(text: &str) -> String {
    use sha2::Digest;
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let digest = sha2::Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(44);
    for chunk in digest.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` (which only occur in
/// strings) as `\u` escapes, so no payload text can end the element or open a comment.
fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_has_one_style_one_script_and_the_view_in_order() {
        let page = page(r#"{"t":"</script><!--&"}"#, Locale::En);
        assert!(!page.contains("{{"), "every marker is filled");
        let view = page.find("id=\"view\">").unwrap();
        let script = page.find("<script>").unwrap();
        assert!(page.find("<style>").unwrap() < view && view < script);
        assert!(page.contains(&format!("<script>{SCRIPT}</script>")));
        assert!(page.contains(&format!("<style>{STYLE}</style>")));
        assert!(page.contains(r#"{"t":"\u003c/script\u003e\u003c!--\u0026"}"#));
        assert_eq!(
            page.matches("</script>").count(),
            2,
            "the payload ends no element"
        );
    }

    #[test]
    fn the_policy_names_the_sha256_of_the_script_and_the_style() {
        // The SHA-256 of "abc" (FIPS 180-2), in base64.
        assert_eq!(
            sha256_base64("abc"),
            "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        );
        let policy = policy();
        assert!(policy.contains(&format!("script-src 'sha256-{}'", sha256_base64(SCRIPT))));
        assert!(policy.contains(&format!("style-src 'sha256-{}'", sha256_base64(STYLE))));
        assert!(!policy.contains("unsafe"));
    }

    #[test]
    fn the_app_page_is_the_page_with_no_view_and_its_policy_inside() {
        let app = app_page(Locale::En);
        assert!(app.contains(&format!("<script>{SCRIPT}</script>")));
        assert!(app.contains(r#"id="view">{"app":true}</script>"#));
        let head = app.find("<head>").unwrap();
        let meta = app.find("http-equiv=\"Content-Security-Policy\"").unwrap();
        assert!(head < meta && meta < app.find("<style>").unwrap());
        assert!(app.contains(&format!("script-src 'sha256-{}'", sha256_base64(SCRIPT))));
        assert!(app.contains("connect-src 'none'") && !app.contains("unsafe"));
    }

    #[test]
    fn the_embedded_assets_hold_no_markers_of_their_own() {
        for asset in [SCRIPT, STYLE] {
            assert!(
                !asset.contains("{{") && !asset.contains("</script") && !asset.contains("</style")
            );
        }
    }
}
