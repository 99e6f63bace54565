//! The page, embedded in the binary: nothing is loaded from anywhere else.

use ask_host::i18n::{Locale, Msg};

/// The HTML shell: `{{key}}` is a catalogue text, `{{lang}}` the language tag, `{{texts}}`
/// the page's texts as JSON (for the script, before the first view arrives).
const PAGE: &str = include_str!("assets/index.html");

/// The HTML shell in `locale`. Catalogue texts are escaped like any text put in HTML.
pub(crate) fn page(locale: Locale) -> String {
    let texts = crate::view::page_texts(locale);
    let json = serde_json::to_string(&texts)
        .unwrap_or_default()
        // Never `</script>` (nor a comment opener) inside the script element.
        .replace('<', "\\u003c");
    let mut out = String::with_capacity(PAGE.len() + json.len() + 512);
    let mut rest = PAGE;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("}}") else {
            rest = &rest[at..];
            break;
        };
        let key = &rest[at + 2..at + end];
        match key {
            "lang" => out.push_str(locale.tag()),
            "texts" => out.push_str(&json),
            "web.noscript" => {
                let text = escape(locale.text(Msg::WebNoscript));
                out.push_str(&text.replace("{ask}", "<code>ask</code>"));
            }
            _ => {
                let msg = Msg::ALL.iter().find(|m| m.key() == key);
                out.push_str(&escape(msg.map_or(key, |m| locale.text(*m))));
            }
        }
        rest = &rest[at + end + 2..];
    }
    out.push_str(rest);
    out
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
/// The script that draws the form from the view model and sends commands.
pub(crate) const SCRIPT: &str = include_str!("assets/app.js");
/// The style sheet (light and dark, narrow screens).
pub(crate) const STYLE: &str = include_str!("assets/app.css");
