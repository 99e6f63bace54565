//! The accessible mode in other languages: every line it writes in the pseudo-locale
//! comes from the catalogue, a Spanish conversation reads and answers in Spanish, and
//! the result the agent gets is the same as in English.

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
use serde_json::json;

use super::tests::{accessible, type_into};
use ask_i18n::Locale;

/// Every kind of question, the payload in Cyrillic: an ASCII word outside `⟦` `⟧` is
/// a UI text left in the code.
fn form() -> AskForm {
    parse_params(
        &json!({"title": "Настройка", "questions": [
            {"id": "db", "label": "База", "prompt": "Какую базу?", "options": [
                {"value": "pg", "label": "Постгрес", "description": "надёжно", "recommended": true},
                {"value": "lite", "label": "Лайт"}]},
            {"id": "feat", "label": "Функции", "type": "multi", "prompt": "Какие?", "maxItems": 1,
             "options": [{"value": "a", "label": "Вход"}, {"value": "b", "label": "Оплата"}]},
            {"id": "count", "label": "Число", "type": "number", "prompt": "Сколько?", "min": 1,
             "max": 5, "placeholder": "3", "default": 2},
            {"id": "ok", "label": "Выпуск", "type": "confirm", "prompt": "Развернуть?"},
            {"id": "lay", "label": "Макет", "type": "preview", "prompt": "Какой?", "options": [
                {"value": "x", "label": "Икс", "preview": "строка"},
                {"value": "y", "label": "Игрек", "preview": "строка"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

/// Types `lines` in `locale`; returns everything written (prompts included) and the
/// result, if the flow ended.
fn converse(locale: Locale, lines: &[&str]) -> (String, Option<AskResult>) {
    type_into(accessible(form(), locale), lines)
}

/// Every way through: help, each mistake, notes, each question kind, the review.
const LINES: &[&str] = &[
    "?",
    "9",
    "o",
    "1,2",
    "n 1 заметка",
    "n 1",
    "q вопрос",
    "q",
    "1",
    "1 2",
    "1",
    "99",
    "х",
    "",
    "да",
    "y",
    "n 1 заметка",
    "o свой",
    "неверно",
    "b",
    "",
    "elaborate",
];

/// ASCII words outside the marks that are not command letters.
fn unmarked(text: &str) -> Vec<String> {
    const LETTERS: &[&str] = &["o", "n", "N", "q", "b", "l", "y"];
    let mut found = Vec::new();
    for line in text.lines() {
        let mut depth = 0usize;
        let mut word = String::new();
        let mut flush = |word: &mut String| {
            if !word.is_empty() && !LETTERS.contains(&word.as_str()) {
                found.push(format!("{word:?} in {line:?}"));
            }
            word.clear();
        };
        for c in line.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth = depth.saturating_sub(1),
                c if depth == 0 && c.is_ascii_alphabetic() => {
                    word.push(c);
                    continue;
                }
                _ => {}
            }
            flush(&mut word);
        }
        flush(&mut word);
    }
    found
}

#[test]
fn every_line_of_the_accessible_mode_comes_from_the_catalogue() {
    let (out, result) = converse(Locale::Pseudo, LINES);
    assert!(result.is_some(), "{out}");
    let found = unmarked(&out);
    assert!(found.is_empty(), "{}\n\n{out}", found.join("\n"));
    // The check can fail: English is full of words it finds.
    let (english, _) = converse(Locale::En, LINES);
    assert!(unmarked(&english).len() > 50);
    for said in [
        "⟦Question note saved.⟧",
        "⟦Not accepted: ",
        "⟦Sent for elaboration.⟧",
    ] {
        assert!(out.contains(said), "{said}\n{out}");
    }
}

#[test]
fn a_spanish_conversation_gives_the_english_result() {
    let lines = ["1", "2", "3", "sí", "2", "enviar"];
    let (out, result) = converse(Locale::Es, &lines);
    for said in [
        "5 preguntas. Escribe ? para ver la ayuda.",
        "Pregunta 1 de 5: База (elige una)",
        "1. Постгрес (Recomendada) - надёжно",
        "Un número de 1 a 5",
        "¿Sí o no (s/n)?",
        "Revisa tus respuestas",
        "Выпуск: Sí",
        "enviar, profundizar o cancelar> ",
        "Enviado.",
    ] {
        assert!(out.contains(said), "{said:?} in\n{out}");
    }
    let (_, english) = converse(Locale::En, &["1", "2", "3", "y", "2", "submit"]);
    let (result, english) = (result.expect("sent"), english.expect("sent"));
    assert_eq!(result.details, english.details);
    assert_eq!(result.text(), english.text());
    assert!(result.text().contains("Yes"), "{}", result.text());
    // The language's own letters and words answer too; English ones always do.
    for (yes, no) in [("s", "no"), ("SÍ", "n")] {
        let (_, r) = converse(Locale::Es, &["1", "2", "3", yes, "2", "1"]);
        assert_eq!(r.unwrap().details.answers["ok"].values, ["yes"]);
        let (_, r) = converse(Locale::Es, &["1", "2", "3", no, "2", "cancelar"]);
        let r = r.unwrap();
        assert_eq!(r.details.answers["ok"].values, ["no"]);
        assert!(r.details.cancelled);
    }
}
