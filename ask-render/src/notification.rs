//! The "question waiting" notification: its text, and the terminal escape sequences that
//! carry it, with the text sanitized so a payload can never end a sequence early.

use ask_contract::AskForm;
use ask_i18n::{Locale, Msg};

use crate::text::truncate;

/// The longest notification message, in columns.
pub const MAX_NOTIFICATION_WIDTH: usize = 120;

/// The `ASK_NOTIFY_EVENT` of the one notification there is.
pub const QUESTION_WAITING_EVENT: &str = "question.waiting";

/// The `ASK_NOTIFY_EVENT` of the idle-timeout countdown starting.
pub const TIMEOUT_COUNTDOWN_EVENT: &str = "timeout.countdown";

/// The notification sent when the idle-timeout countdown starts: title `ask`, message
/// `Closing in N s: ` and the form's subject as in [`question_waiting`].
pub fn closing_soon(form: &AskForm, seconds: u64) -> Notification {
    closing_soon_in(form, seconds, Locale::En)
}

/// [`closing_soon`] with the message in `locale`.
pub fn closing_soon_in(form: &AskForm, seconds: u64, locale: Locale) -> Notification {
    let subject = notification_text(subject(form));
    let message = locale.format(
        Msg::NotifyClosing,
        &[("seconds", &seconds), ("subject", &subject)],
    );
    Notification {
        event: TIMEOUT_COUNTDOWN_EVENT,
        title: "ask".to_owned(),
        message: truncate(message.trim_end(), MAX_NOTIFICATION_WIDTH),
    }
}

/// A notification: a title and a one-line message, both already safe for escape sequences.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Notification {
    /// The event name: [`QUESTION_WAITING_EVENT`] or [`TIMEOUT_COUNTDOWN_EVENT`].
    pub event: &'static str,
    /// `ask`.
    pub title: String,
    /// `Question waiting: <label or prompt>`, one line, at most 120 columns.
    pub message: String,
}

/// The notification sent once per ask when the UI opens and waits for input: title `ask`,
/// message `Question waiting: ` and the first question's label (its prompt when the label is
/// only the `Q1` fallback), on one line, at most [`MAX_NOTIFICATION_WIDTH`] columns.
pub fn question_waiting(form: &AskForm) -> Notification {
    question_waiting_in(form, Locale::En)
}

/// The first question's label, or its prompt when the label is only the `Q1` fallback.
fn subject(form: &AskForm) -> &str {
    form.questions.first().map_or("", |q| {
        if q.label == "Q1" || q.label.trim().is_empty() {
            q.prompt.as_str()
        } else {
            q.label.as_str()
        }
    })
}

/// [`question_waiting`] with the message in `locale`.
pub fn question_waiting_in(form: &AskForm, locale: Locale) -> Notification {
    let subject = notification_text(subject(form));
    let message = locale.format(Msg::NotifyWaiting, &[("subject", &subject)]);
    Notification {
        event: QUESTION_WAITING_EVENT,
        title: "ask".to_owned(),
        message: truncate(message.trim_end(), MAX_NOTIFICATION_WIDTH),
    }
}

/// Text made safe for an escape sequence and a single line: C0 controls (newlines and tabs
/// become spaces), DEL, C1 (U+0080-U+009F), ESC and bidi controls are dropped, runs of
/// spaces collapse.
pub fn notification_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = match c {
            '\n' | '\r' | '\t' => ' ',
            c if c.is_control() || is_bidi(c) => continue,
            c => c,
        };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    out.trim_end().to_owned()
}

fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The terminal bell.
pub const BEL: &str = "\u{7}";

/// An OSC 9 notification (`ESC ] 9 ; message BEL`), message sanitized.
pub fn osc9(n: &Notification) -> String {
    format!("\u{1b}]9;{}\u{7}", notification_text(&n.message))
}

/// An OSC 777 notify (`ESC ] 777 ; notify ; title ; body BEL`); both fields are sanitized
/// and `;` in them becomes `,` so they cannot add fields.
pub fn osc777(n: &Notification) -> String {
    let field = |s: &str| notification_text(s).replace(';', ",");
    format!(
        "\u{1b}]777;notify;{};{}\u{7}",
        field(&n.title),
        field(&n.message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_drops_every_control_and_stays_on_one_line() {
        let nasty = "a\u{1b}]0;x\u{7}\u{9c}\u{9d}b\u{7f}\n\tc\u{202e}d";
        assert_eq!(notification_text(nasty), "a]0;xb cd");
        assert!(!notification_text(nasty).chars().any(char::is_control));
    }

    #[test]
    fn a_payload_cannot_end_the_osc_early() {
        let n = Notification {
            event: QUESTION_WAITING_EVENT,
            title: "ask;x".to_owned(),
            message: "hi\u{7}\u{1b}]52;c;AAAA\u{7}\u{1b}\\\u{9c}tail".to_owned(),
        };
        for seq in [osc9(&n), osc777(&n)] {
            let inner = &seq[2..seq.len() - 1];
            assert!(!inner.contains(['\u{7}', '\u{1b}', '\u{9c}']), "{seq:?}");
            assert!(seq.ends_with("tail\u{7}"), "{seq:?}");
        }
        assert_eq!(
            osc777(&n),
            "\u{1b}]777;notify;ask,x;hi]52,c,AAAA\\tail\u{7}"
        );
    }
}
