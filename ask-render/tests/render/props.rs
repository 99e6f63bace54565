//! Property tests: any form, any keys, any width: no line too wide, focus inside the frame.

use ask_keymap::Key;
use ask_render::{
    RenderOptions, render,
    text::{display_width, truncate, wrap},
};
use ask_state::{Command, Completion};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support::{check_invariants, flow_with};

/// Every language (and the pseudo-locale, whose marks widen every text): CJK texts are
/// two columns a character, and each invariant holds in each.
const LOCALES: &[ask_i18n::Locale] = &[
    ask_i18n::Locale::En,
    ask_i18n::Locale::Es,
    ask_i18n::Locale::Fr,
    ask_i18n::Locale::PtBr,
    ask_i18n::Locale::De,
    ask_i18n::Locale::Ja,
    ask_i18n::Locale::ZhCn,
    ask_i18n::Locale::Pseudo,
];

const PIECES: &[&str] = &[
    "a",
    "word ",
    "中文",
    "👩\u{200d}💻",
    "🇫🇷",
    "e\u{301}",
    "\u{1b}[31m",
    "\t",
    "\n",
    " ",
    "x",
    "Supercalifragilisticexpialidocious_and_then_some_more",
    "\u{202e}",
    "ｆｕｌｌ",
    "한국어 ",
    "\u{300}",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..12)
        .prop_map(|p| format!("T{}", p.concat()))
}

fn question(index: usize) -> impl Strategy<Value = Value> {
    (
        0..9usize,
        text(),
        text(),
        prop::collection::vec((text(), prop::option::of(text()), text()), 1..12),
    )
        .prop_map(move |(kind, label, prompt, options)| {
            if kind >= 4 {
                // Typed questions (text, confirm, number, path, multi with item counts).
                return crate::typed::typed_question(kind - 4, index, &label, &prompt, &options[0].0);
            }
            if kind == 3 {
                return json!({"id": format!("q{index}"), "label": label, "prompt": prompt,
                    "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]});
            }
            let kind = ["single", "multi", "preview"][kind];
            let options: Vec<Value> = options
                .into_iter()
                .enumerate()
                .map(|(j, (label, description, preview))| {
                    let mut o = json!({"value": format!("v{j}"), "label": label, "preview": preview});
                    if let Some(d) = description {
                        o["description"] = json!(d);
                    }
                    o
                })
                .collect();
            json!({"id": format!("q{index}"), "label": label, "prompt": prompt, "type": kind, "options": options})
        })
}

fn payload() -> impl Strategy<Value = Value> {
    (prop::option::of(text()), 1..5usize).prop_flat_map(|(title, n)| {
        let questions: Vec<_> = (0..n).map(question).collect();
        questions.prop_map(move |qs| {
            let mut p = json!({"questions": qs});
            if let Some(t) = &title {
                p["title"] = json!(t);
            }
            p
        })
    })
}

const KEYS: &[&str] = &[
    "down",
    "up",
    "tab",
    "shift+tab",
    "left",
    "right",
    "space",
    "enter",
    "n",
    "shift+n",
    "esc",
    "1",
    "2",
    "3",
    "pageDown",
    "pageUp",
    "?",
    "a",
    "backspace",
    "shift+enter",
    "@",
    "home",
    "/",
    "o",
    "y",
    "9",
];

proptest! {
    // Each case draws a language, so every language sees about a hundred cases.
    #![proptest_config(ProptestConfig::with_cases(800))]

    #[test]
    fn frames_fit_any_width(
        payload in payload(),
        keys in prop::collection::vec(prop::sample::select(KEYS), 0..30),
        width in 1..300usize,
        height in 0..60usize,
        typed in text(),
        locale in prop::sample::select(LOCALES),
    ) {
        let setting = ask_i18n::LocaleSetting::Fixed(locale);
        let mut f = flow_with(&payload, ask_keymap::behaviour::Behaviour::default().with_locale(setting));
        let options = RenderOptions::new(width, height);
        check_invariants(&render(&f, &options), width);
        for (k, key) in keys.iter().enumerate() {
            let key: Key = key.parse().expect("valid key");
            let command = f.handle_key(key);
            let _ = f.apply(command);
            if k == keys.len() / 2 {
                let _ = f.apply(Command::Paste(typed.clone()));
                let items = vec![Completion::dir(typed.clone()), Completion::file("b")];
                let _ = f.apply(Command::SetCompletions(items));
            }
            if f.is_done() {
                break;
            }
            check_invariants(&render(&f, &options), width);
        }
    }

    #[test]
    fn wrap_and_truncate_fit(text in text(), width in 1..300usize) {
        for row in wrap(&text, width) {
            // A two-column grapheme cannot fit in one column; the frame cuts it to `…`.
            prop_assert!(display_width(&row) <= width.max(2), "{row:?} at {width}");
            prop_assert!(!row.contains('\x1b'), "escape byte in {row:?}");
        }
        prop_assert!(display_width(&truncate(&text, width)) <= width);
    }
}
