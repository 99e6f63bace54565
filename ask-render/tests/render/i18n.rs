//! UI languages: every screen rendered in the pseudo-locale has no word that did not come
//! from the catalogue (payload text excluded), and each language's screens at 80x24 are
//! snapshotted.

use ask_i18n::{Locale, LocaleSetting};
use ask_keymap::{Keymap, behaviour::Behaviour};
use ask_render::Frame;
use ask_state::{Command, Completion, Flow, FlowOptions, paths::PathStatus};
use serde_json::{Value, json};

use crate::support::{CONFIG_PATH, apply, db_form, form, frame_at, press, snapshot};

/// Every kind of question, the payload in Cyrillic: an ASCII letter on screen outside
/// the pseudo-locale's `⟦` `⟧` is a UI word left inline in the code.
fn every_kind() -> Value {
    let long: Vec<Value> = (1..=12)
        .map(|n| json!({"value": format!("r{n}"), "label": format!("Регион {n}")}))
        .collect();
    json!({"title": "Настройка сервиса", "questions": [
        {"id": "db", "label": "База", "prompt": "Какую базу данных выбрать?",
         "options": [
            {"value": "pg", "label": "Постгрес", "description": "Надёжная реляционная база", "recommended": true},
            {"value": "lite", "label": "Лайт"},
            {"value": "my", "label": "Мой"}]},
        {"id": "feat", "label": "Функции", "type": "multi", "prompt": "Какие функции?", "minItems": 2,
         "maxItems": 2, "options": [{"value": "a", "label": "Вход"}, {"value": "b", "label": "Оплата"},
                                     {"value": "c", "label": "Поиск"}]},
        {"id": "lay", "label": "Макет", "type": "preview", "prompt": "Какой макет?",
         "options": [{"value": "f", "label": "Плоский", "preview": "строка\n".repeat(40)},
                     {"value": "n", "label": "Вложенный", "preview": "папка"}]},
        {"id": "name", "label": "Имя", "type": "text", "prompt": "Как назвать?", "placeholder": "мой-проект",
         "minLength": 3, "maxLength": 20, "default": "проект"},
        {"id": "mail", "label": "Почта", "type": "text", "prompt": "Куда писать?", "format": "email"},
        {"id": "count", "label": "Число", "type": "number", "prompt": "Сколько реплик?", "min": 1, "max": 10,
         "integer": true, "unit": "шт"},
        {"id": "file", "label": "Путь", "type": "path", "prompt": "Какой файл?", "pathKind": "file",
         "mustExist": true},
        {"id": "ok", "label": "Выпуск", "type": "confirm", "prompt": "Развернуть?"},
        {"id": "free", "label": "Свободно", "prompt": "Что ещё?",
         "options": [{"value": "answer", "label": "Ответ", "freeform": true}]},
        {"id": "region", "label": "Регион", "prompt": "Где?", "options": long}
    ]})
}

fn in_locale(payload: &Value, locale: Locale, options: FlowOptions) -> Flow {
    Flow::new(
        form(payload),
        Behaviour::default().with_locale(LocaleSetting::Fixed(locale)),
        Keymap::default(),
        // `auto` (after the overlay's reset) is the same language.
        options.config_path(CONFIG_PATH).system_locale(locale),
    )
}

/// Keys (pi-tui notation) that leave a screen open, with the commands a host sends.
struct Screen {
    name: &'static str,
    keys: &'static [&'static str],
    commands: Vec<Command>,
}

fn screen(name: &'static str, keys: &'static [&'static str]) -> Screen {
    Screen {
        name,
        keys,
        commands: Vec::new(),
    }
}

/// One tab on (ten lead from the first question of [`every_kind`] to the review).
const TAB: &str = "tab";

fn screens() -> Vec<Screen> {
    let many: Vec<Completion> = (0..20).map(|n| Completion::file(format!("ф{n}"))).collect();
    vec![
        screen("single", &[]),
        screen("single option note open", &["n"]),
        screen("single question note open", &["shift+n"]),
        screen(
            "single notes saved",
            &["n", "text:заметка", "enter", "shift+n", "text:ещё", "enter"],
        ),
        screen("single custom editor", &["4"]),
        screen("single switched to multi", &["t"]),
        screen("multi below its count", &[TAB, "space"]),
        screen(
            "multi over its count",
            &[TAB, "space", "down", "space", "down", "space"],
        ),
        screen("preview", &[TAB, TAB]),
        screen("preview scrolled", &[TAB, TAB, "pageDown", "pageDown"]),
        screen("preview of a row without one", &[TAB, TAB, "down", "down"]),
        screen("text with its suggestion", &[TAB, TAB, TAB]),
        screen(
            "text too short",
            &[TAB, TAB, TAB, "ctrl+u", "text:аб", "enter"],
        ),
        screen("email not accepted", &[TAB, TAB, TAB, TAB, "text:нет"]),
        screen("number out of range", &[TAB, TAB, TAB, TAB, TAB, "text:99"]),
        screen("number not a number", &[TAB, TAB, TAB, TAB, TAB, "text:х"]),
        Screen {
            commands: vec![
                Command::SetCompletions(Vec::new()),
                Command::PathStatus {
                    path: "х".into(),
                    status: PathStatus::Missing,
                },
            ],
            ..screen(
                "path missing, no completions",
                &[TAB, TAB, TAB, TAB, TAB, TAB, "text:х"],
            )
        },
        Screen {
            commands: vec![Command::SetCompletions(many)],
            ..screen(
                "path with many completions",
                &[TAB, TAB, TAB, TAB, TAB, TAB, "text:ф"],
            )
        },
        screen("confirm", &[TAB, TAB, TAB, TAB, TAB, TAB, TAB]),
        screen("freeform", &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB]),
        screen(
            "no type switch",
            &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "esc", "t"],
        ),
        screen("long list", &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB]),
        screen(
            "filter open",
            &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "/"],
        ),
        screen(
            "filter without a match",
            &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "/", "text:ъъ"],
        ),
        screen(
            "filter count",
            &[TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "/", "text:1"],
        ),
        screen(
            "review",
            &["1", TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB],
        ),
        screen(
            "review with notes and answers",
            &[
                "n",
                "text:заметка",
                "enter",
                "down",
                "n",
                "text:ещё",
                "enter",
                "1",
                TAB,
                "shift+n",
                "text:вопрос",
                "enter",
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
            ],
        ),
        screen(
            "review elaborate highlighted",
            &[
                "n",
                "text:заметка",
                "enter",
                "down",
                "n",
                "text:ещё",
                "enter",
                "1",
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                TAB,
                "down",
            ],
        ),
        screen(
            "review armed",
            &["1", TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "1"],
        ),
        screen(
            "review blocked",
            &[
                TAB, "space", TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, TAB, "enter",
            ],
        ),
        screen("dirty dismiss warning", &["1", "esc"]),
        screen("settings", &["?"]),
        screen(
            "settings reset armed",
            &[
                "?", "down", "down", "down", "down", "down", "down", "down", "down", "down",
                "enter",
            ],
        ),
        screen(
            "settings reset done",
            &[
                "?", "down", "down", "down", "down", "down", "down", "down", "down", "down",
                "enter", "enter",
            ],
        ),
        screen(
            "settings language row",
            &[
                "?", "down", "down", "down", "down", "down", "down", "down", "down",
            ],
        ),
        Screen {
            commands: vec![Command::EarlyKeysIgnored],
            ..screen("early keys ignored", &[])
        },
        Screen {
            commands: vec![Command::Clock(61_000)],
            ..screen("countdown", &[])
        },
    ]
}

/// Words outside `⟦` `⟧` a person can read that are not key names: what must come
/// from the catalogue but did not. `carry` keeps the bracket depth from row to row (a
/// marked text wrapped onto the next row), except after a row cut with `…`.
fn unmarked(frame: &Frame, carry: bool) -> Vec<String> {
    const KEYS: &[&str] = &[
        "Enter",
        "Esc",
        "Tab",
        "Shift",
        "Alt",
        "Ctrl",
        "C",
        "O",
        "N",
        "PgUp",
        "PgDn",
        "Space",
        "Backspace",
        "Home",
        "End",
        "y",
        "n",
        "t",
    ];
    let mut found = Vec::new();
    let mut depth = 0usize;
    for line in &frame.lines {
        let text = line.plain().replace(CONFIG_PATH, "").replace("[x]", "");
        if !carry {
            depth = 0;
        }
        let mut word = String::new();
        let flush = |word: &mut String, found: &mut Vec<String>| {
            if !word.is_empty() && !KEYS.contains(&word.as_str()) {
                found.push(format!("{word:?} in {:?}", line.plain()));
            }
            word.clear();
        };
        for c in text.chars() {
            match c {
                '⟦' => depth += 1,
                '⟧' => depth = depth.saturating_sub(1),
                c if depth == 0 && c.is_ascii_alphabetic() => {
                    word.push(c);
                    continue;
                }
                c if depth == 0 && c.is_alphabetic() && !('\u{400}'..='\u{4ff}').contains(&c) => {
                    found.push(format!("{c:?} in {:?}", line.plain()));
                }
                _ => {}
            }
            flush(&mut word, &mut found);
        }
        flush(&mut word, &mut found);
        if text.ends_with('…') {
            depth = 0;
        }
    }
    found
}

#[test]
fn every_screen_in_the_pseudo_locale_shows_only_catalogue_words() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for s in screens() {
        let options = FlowOptions::default().idle_timeout_ms(120_000);
        let mut f = in_locale(&every_kind(), Locale::Pseudo, options);
        press(&mut f, s.keys);
        for c in &s.commands {
            apply(&mut f, c.clone());
        }
        // Wide and unbounded (side by side, nothing cut), then 80x24 (stacked, with
        // `N more` markers) and the small sizes (tight and compact rows, cut frames).
        let sizes = [
            (200, 0, false),
            (80, 24, true),
            (60, 15, true),
            (40, 12, true),
            (40, 8, true),
        ];
        for (width, height, carry) in sizes {
            let frame = frame_at(&f, width, height);
            for p in unmarked(&frame, carry) {
                problems.push(format!("{} at {width}x{height}: {p}", s.name));
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} frames");
    assert!(
        problems.is_empty(),
        "{} unmarked words:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_check_finds_a_word_left_inline() {
    // The same check on an English frame finds the words: it can fail.
    let f = in_locale(&every_kind(), Locale::En, FlowOptions::default());
    let frame = frame_at(&f, 80, 24);
    let found = unmarked(&frame, true);
    assert!(found.iter().any(|w| w.starts_with("\"Type\"")), "{found:?}");
    let pseudo = in_locale(&every_kind(), Locale::Pseudo, FlowOptions::default());
    assert!(unmarked(&frame_at(&pseudo, 80, 24), true).is_empty());
}

#[test]
fn the_tab_strip_overflow_and_settings_scroll_are_marked_too() {
    let many: Vec<Value> = (1..=30)
        .map(|n| json!({"id": format!("q{n}"), "label": format!("Вопрос {n}"), "prompt": "Да?",
                         "options": [{"value": "a", "label": "Да"}, {"value": "b", "label": "Нет"}]}))
        .collect();
    let mut f = in_locale(
        &json!({"questions": many}),
        Locale::Pseudo,
        FlowOptions::default(),
    );
    press(&mut f, &["tab", "tab", "tab", "tab", "tab"]);
    for (width, height) in [(80, 24), (40, 12), (30, 10), (20, 8)] {
        let found = unmarked(&frame_at(&f, width, height), true);
        assert!(found.is_empty(), "{width}x{height}: {found:?}");
    }
    press(&mut f, &["?", "pageDown"]);
    let found = unmarked(&frame_at(&f, 80, 24), true);
    assert!(found.is_empty(), "{found:?}");
}

/// The screens each language is snapshotted on at 80x24.
fn snapshot_screens() -> Vec<(&'static str, Value, &'static [&'static str])> {
    let typed = json!({"title": "Release", "questions": [
        {"id": "replicas", "label": "Replicas", "prompt": "How many replicas?", "type": "number",
         "min": 1, "max": 10, "integer": true, "unit": "pods"},
        {"id": "deploy", "label": "Deploy", "prompt": "Deploy to production now?", "type": "confirm"},
        {"id": "features", "label": "Features", "prompt": "Which features ship first?", "type": "multi",
         "minItems": 2, "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"},
                                     {"value": "search", "label": "Search"}]}
    ]});
    vec![
        ("question", db_form(), &[]),
        ("typed", typed.clone(), &["text:12"]),
        ("confirm", typed, &["tab"]),
        (
            "review",
            db_form(),
            &[
                "n",
                "text:needs backups",
                "enter",
                "1",
                "space",
                "tab",
                "tab",
                "1",
                "1",
            ],
        ),
        ("settings", db_form(), &["?"]),
    ]
}

#[test]
fn each_language_at_80x24() {
    for &locale in Locale::ALL {
        for (name, payload, keys) in snapshot_screens() {
            let mut f = in_locale(&payload, locale, FlowOptions::default());
            press(&mut f, keys);
            let frame = frame_at(&f, 80, 24);
            insta::assert_snapshot!(
                format!("i18n_{}_{name}_80x24", locale.tag()),
                snapshot(&frame, 80)
            );
        }
    }
}

#[test]
fn the_language_switches_live_in_the_overlay() {
    let mut f = in_locale(&db_form(), Locale::En, FlowOptions::default());
    f = Flow::new(
        f.form().clone(),
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default().system_locale(Locale::Fr),
    );
    let text = |f: &Flow| frame_at(f, 80, 24).to_plain_text();
    press(&mut f, &["?"]);
    assert!(
        text(&f).contains("Réglages de Ask"),
        "auto is the system's French"
    );
    assert!(text(&f).contains("Auto (Français)"), "{}", text(&f));
    // The language row is the one above the reset row: each press shows the next one.
    press(
        &mut f,
        &[
            "down", "down", "down", "down", "down", "down", "down", "down", "enter",
        ],
    );
    assert!(text(&f).contains("Ask settings") && text(&f).contains("English"));
    press(&mut f, &["enter", "enter", "enter", "enter", "enter"]);
    assert!(
        text(&f).contains("日本語") && text(&f).contains("Ask の設定"),
        "{}",
        text(&f)
    );
    press(&mut f, &["esc"]);
    assert!(
        text(&f).contains("[☐ Database]") && text(&f).contains("確認"),
        "{}",
        text(&f)
    );
}
