//! Peeking: the form folds to one status line so the conversation above it
//! can be read and scrolled, and comes back unchanged (the flow is not touched
//! while folded; only the painter draws something else).

use ask_keymap::{Action, Key};
use ask_state::Flow;

/// True when `key` folds or unfolds the form: the `global.peek` action
/// (default `alt+o`), which works everywhere but in the settings overlay.
pub(super) fn toggles(flow: &Flow, key: Key) -> bool {
    flow.settings_cursor().is_none() && flow.keymap().is(Action::Peek, &key)
}

/// The status line shown while folded:
/// `ask: 3 questions waiting - alt+o to return`.
pub(super) fn status(flow: &Flow) -> String {
    use crate::i18n::Msg;
    let n = flow.form().questions.len();
    let key = flow
        .keymap()
        .keys(Action::Peek)
        .first()
        .map(ToString::to_string)
        .unwrap_or_default();
    flow.locale().plural(
        n as u64,
        (Msg::TermPeekOne, Msg::TermPeekOther),
        &[("n", &n), ("key", &key)],
    )
}

#[cfg(test)]
mod tests {
    use ask_contract::{ParseOptions, parse_params};
    use ask_i18n::{Locale, LocaleSetting};
    use ask_keymap::{Keymap, behaviour::Behaviour};
    use ask_state::{Flow, FlowOptions};
    use serde_json::json;

    fn flow(locale: Locale, questions: usize) -> Flow {
        let qs: Vec<_> = (0..questions)
            .map(|n| json!({"id": format!("q{n}"), "prompt": "?", "options": [{"value": "a", "label": "A"}]}))
            .collect();
        let form = parse_params(&json!({"questions": qs}), ParseOptions::default()).unwrap();
        let behaviour = Behaviour::default().with_locale(LocaleSetting::Fixed(locale));
        Flow::new(form, behaviour, Keymap::default(), FlowOptions::default())
    }

    #[test]
    fn the_folded_line_is_in_the_flow_language_with_its_plural() {
        assert_eq!(
            super::status(&flow(Locale::En, 1)),
            "ask: 1 question waiting - alt+o to return"
        );
        assert_eq!(
            super::status(&flow(Locale::En, 3)),
            "ask: 3 questions waiting - alt+o to return"
        );
        assert_eq!(
            super::status(&flow(Locale::Fr, 1)),
            "ask : 1 question en attente ; alt+o pour revenir"
        );
        assert_eq!(
            super::status(&flow(Locale::Fr, 2)),
            "ask : 2 questions en attente ; alt+o pour revenir"
        );
        assert_eq!(
            super::status(&flow(Locale::Ja, 2)),
            "ask: 2 問が待っています - alt+o で戻る"
        );
    }
}
