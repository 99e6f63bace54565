//! Flow behaviour in process, as tables of (payload, keys, expected): an
//! `ask_host::Session` (the loop `ask run` drives) takes the keys, and its frame and
//! result are checked. No terminal, no timing: each case runs in microseconds and
//! cannot race. What only a terminal shows (modes, signals, painting, the early-key
//! guard, the environment's language) stays in the PTY tests.

use ask_host::{Session, config::AskConfig, i18n::Locale, keymap::Key, settings::Settings};
use serde_json::{Value, json};

use crate::filter::payload as cities;
use crate::support::SMALL;

/// One case: the form, the keys (`"text:..."` types each character, anything else is
/// a key name as `--script` takes it), what the last frame shows and does not show,
/// and the values of each answer in the result (`None`: the form is still open).
struct Case {
    name: &'static str,
    payload: String,
    locale: Locale,
    keys: &'static [&'static str],
    shows: &'static [&'static str],
    hides: &'static [&'static str],
    answers: Option<Value>,
}

fn run(case: &Case) {
    run_at(case, 80, 24);
}

/// [`run`] with the form sized to `cols` x `rows`.
fn run_at(case: &Case, cols: u16, rows: u16) {
    let value: Value = serde_json::from_str(&case.payload).expect("payload JSON");
    let form =
        ask_host::contract::parse_params(&value, ask_host::contract::ParseOptions::default())
            .expect("a valid payload");
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()))
        .with_system_locale(case.locale);
    session.resize(cols, rows);
    for step in case.keys {
        if let Some(text) = step.strip_prefix("text:") {
            for c in text.chars() {
                session.key(Key::char(c));
            }
        } else {
            let key = step
                .parse::<Key>()
                .unwrap_or_else(|e| panic!("{}: key {step:?}: {e}", case.name));
            session.key(key);
        }
    }
    let frame = session.frame().to_plain_text();
    assert!(
        frame
            .lines()
            .all(|l| l.chars().count() <= usize::from(cols)),
        "{}: a line wider than {cols}:\n{frame}",
        case.name
    );
    for text in case.shows {
        assert!(
            frame.contains(text),
            "{}: {text:?} not in\n{frame}",
            case.name
        );
    }
    for text in case.hides {
        assert!(!frame.contains(text), "{}: {text:?} in\n{frame}", case.name);
    }
    let result = session
        .result()
        .map(|r| serde_json::to_value(r).expect("result JSON"));
    match (&case.answers, result) {
        (None, None) => {}
        (Some(want), Some(result)) => {
            let values: serde_json::Map<String, Value> = result["details"]["answers"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(id, answer)| (id.clone(), answer["values"].clone()))
                .collect();
            assert_eq!(&Value::Object(values), want, "{}: {result}", case.name);
            assert_eq!(result["details"]["cancelled"], false, "{}", case.name);
        }
        (want, got) => panic!(
            "{}: expected answers {want:?}, the result is {got:?}",
            case.name
        ),
    }
}

/// Type-to-filter (was a PTY test): `/` and a query narrow a long list, Esc closes the
/// filter without cancelling, Enter picks the highlighted option.
#[test]
fn type_to_filter() {
    for case in [
        Case {
            name: "a query narrows the list to Tokyo, number kept",
            payload: cities(),
            locale: Locale::En,
            keys: &["/", "text:tky"],
            shows: &["(1 of 40)", "❯ 23. Tokyo"],
            hides: &["Amsterdam"],
            answers: None,
        },
        Case {
            name: "Esc closes the filter on the whole list, Tokyo still highlighted",
            payload: cities(),
            locale: Locale::En,
            keys: &["/", "text:tky", "esc"],
            shows: &["/ filter", "❯ 23. Tokyo", "24. London", "↑ 15 more"],
            hides: &["type to filter", "(1 of 40)"],
            answers: None,
        },
        Case {
            name: "Enter picks the filtered option, 1 1 submits",
            payload: cities(),
            locale: Locale::En,
            keys: &["/", "text:tky", "esc", "/", "text:mad", "enter", "1", "1"],
            shows: &[],
            hides: &[],
            answers: Some(json!({"city": ["madrid"]})),
        },
    ] {
        run(&case);
    }
}

/// The form in Spanish (was a PTY test with `LANG=es_ES.UTF-8`; the environment's part
/// stays there): every text a person reads is Spanish, the answers are the same.
#[test]
fn the_form_in_spanish() {
    for case in [
        Case {
            name: "the first question",
            payload: SMALL.to_owned(),
            locale: Locale::Es,
            keys: &[],
            shows: &[
                "Revisión",
                "3. Otra respuesta",
                "Enter seleccionar",
                "Esc cancelar",
            ],
            hides: &[],
            answers: None,
        },
        Case {
            name: "the review tab",
            payload: SMALL.to_owned(),
            locale: Locale::Es,
            keys: &["2", "space", "tab"],
            shows: &[
                "Revisa tus respuestas",
                "Database → SQLite",
                "1. Enviar  enviar las respuestas",
                "2. Profundizar",
            ],
            hides: &[],
            answers: None,
        },
        Case {
            name: "1 asks again, 1 submits",
            payload: SMALL.to_owned(),
            locale: Locale::Es,
            keys: &["2", "space", "tab", "1"],
            shows: &["Pulsa 1 otra vez para Enviar."],
            hides: &[],
            answers: None,
        },
        Case {
            name: "submitted: the same answers as in English",
            payload: SMALL.to_owned(),
            locale: Locale::Es,
            keys: &["2", "space", "tab", "1", "1"],
            shows: &[],
            hides: &[],
            answers: Some(json!({"db": ["sqlite"], "feat": ["auth"]})),
        },
    ] {
        run(&case);
    }
}

/// A 40x12 terminal, where the inline form gets 10 rows (was a PTY test): the footer says
/// how to move on, the review keeps its three actions and an answer line, and nothing is
/// wider than the terminal.
#[test]
fn a_small_terminal() {
    for case in [
        Case {
            name: "the first question with its key hints",
            payload: SMALL.to_owned(),
            locale: Locale::En,
            keys: &[],
            shows: &["Which database?", "Enter select"],
            hides: &[],
            answers: None,
        },
        Case {
            name: "the review with its actions and an answer line",
            payload: SMALL.to_owned(),
            locale: Locale::En,
            keys: &["1", "tab"],
            shows: &[
                "1. Submit",
                "2. Elaborate",
                "3. Cancel",
                "Database → PostgreSQL",
            ],
            hides: &[],
            answers: None,
        },
        Case {
            name: "1 asks again and the actions stay",
            payload: SMALL.to_owned(),
            locale: Locale::En,
            keys: &["1", "tab", "1"],
            shows: &["Press 1 again to Submit.", "3. Cancel"],
            hides: &[],
            answers: None,
        },
        Case {
            name: "1 again submits",
            payload: SMALL.to_owned(),
            locale: Locale::En,
            keys: &["1", "tab", "1", "1"],
            shows: &[],
            hides: &[],
            answers: Some(json!({"db": ["pg"]})),
        },
    ] {
        run_at(&case, 40, 10);
    }
}
