//! The host loop through its public API: payloads and key scripts to results, `@`
//! completion through a source, settings persisted and reloaded, typed notices.

#[path = "control.rs"]
mod control;
#[path = "control_host.rs"]
mod control_host;
#[path = "draft.rs"]
mod draft;
#[cfg(unix)]
#[path = "draft_paths.rs"]
mod draft_paths;
#[path = "early_keys.rs"]
mod early_keys;
#[path = "embedding.rs"]
mod embedding;

#[path = "draft_owner.rs"]
mod draft_owner;
#[path = "draft_pace.rs"]
mod draft_pace;
#[path = "idle.rs"]
mod idle;
#[path = "settings_v3.rs"]
mod settings_v3;
#[path = "timeout.rs"]
mod timeout;
#[path = "view.rs"]
mod view;

use std::fs;
use std::sync::{Arc, Mutex};

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
use ask_host::{
    Notice, Session,
    settings::{Settings, commands_for_change},
    state::Completion,
};
use ask_keymap::{InputEvent, Key, behaviour::BehaviourSetting};
use ask_settings::{AskConfig, ConfigChange, ConfigNotice, paths::ConfigPaths};
use ask_state::Command;
use serde_json::{Value, json};

fn small() -> AskForm {
    let payload = json!({"title": "Setup", "questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]},
        {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"},
            {"value": "search", "label": "Search"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn single() -> AskForm {
    let payload = json!({"questions": [{"id": "db", "prompt": "Which?", "options": [
        {"value": "pg", "label": "PG"}, {"value": "lite", "label": "SQLite"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn defaults() -> Settings {
    Settings::in_memory(AskConfig::default())
}

/// Feeds key ids and typed text (`"text:..."`) to the session.
fn feed(session: &mut Session, steps: &[&str]) {
    for step in steps {
        if let Some(text) = step.strip_prefix("text:") {
            for c in text.chars() {
                session.key(Key::char(c));
            }
        } else {
            session.key(step.parse::<Key>().unwrap());
        }
    }
}

fn answers(result: &AskResult) -> Value {
    serde_json::to_value(result).unwrap()["details"]["answers"].clone()
}

/// Compiles only for `Send` types.
fn assert_send<T: Send>() {}

#[test]
fn sessions_and_their_parts_can_move_between_threads() {
    assert_send::<Session>();
    assert_send::<Settings>();
    assert_send::<Notice>();
    #[cfg(feature = "files")]
    assert_send::<ask_host::files::FileIndex>();
    // A session with a completion source, answered on another thread.
    let session = Session::new(single(), defaults()).with_completions(|_: &str| Vec::new());
    let result = std::thread::spawn(move || {
        let mut session = session;
        feed(&mut session, &["down", "enter", "enter"]);
        session.result().cloned()
    })
    .join()
    .unwrap()
    .expect("submitted");
    assert_eq!(answers(&result)["db"]["values"], json!(["lite"]));
}

#[test]
fn key_scripts_give_the_expected_results() {
    let cases: [(&[&str], Value, bool); 3] = [
        (
            &["down", "enter", "space", "down", "space", "enter", "1", "1"],
            json!({"db": ["sqlite"], "feat": ["auth", "billing"]}),
            false,
        ),
        (&["2"], json!({"db": ["sqlite"]}), true),
        (&["1", "ctrl+c", "ctrl+c"], json!({"db": ["pg"]}), true),
    ];
    for (steps, expected, cancelled) in cases {
        let mut session = Session::new(small(), defaults());
        feed(&mut session, steps);
        assert_eq!(
            session.is_over(),
            !cancelled || steps.len() == 3,
            "{steps:?}"
        );
        let result = session.result_or_cancelled();
        assert_eq!(result.details.cancelled, cancelled, "{steps:?}");
        let got = answers(&result);
        for (id, values) in expected.as_object().unwrap() {
            assert_eq!(&got[id]["values"], values, "{steps:?}: {got}");
        }
    }
}

#[test]
fn input_after_the_end_changes_nothing_and_cancelled_keeps_committed_answers() {
    let mut session = Session::new(small(), defaults());
    assert!(!session.is_over());
    assert!(session.key("2".parse().unwrap()));
    let cancelled = session.cancelled();
    assert!(cancelled.details.cancelled);
    assert_eq!(answers(&cancelled)["db"]["values"], json!(["sqlite"]));
    feed(&mut session, &["space", "enter", "1", "1"]);
    assert!(session.is_over());
    let result = session.result().unwrap().clone();
    assert!(!session.key("1".parse().unwrap()));
    assert!(!session.paste("late"));
    assert_eq!(session.result(), Some(&result));
}

#[test]
fn input_events_cover_keys_pastes_and_resizes() {
    let mut session = Session::new(small(), defaults());
    assert!(session.input(InputEvent::Resize(40, 0)));
    assert_eq!(session.size(), (40, 0), "0 rows: no height limit");
    session.resize(40, 20);
    for line in session.frame().to_plain_text().lines() {
        assert!(line.chars().count() <= 40, "{line:?}");
    }
    // Down twice lands on "Type your own", whose editor opens at once.
    feed(&mut session, &["down", "down"]);
    session.input(InputEvent::Paste("Use DuckDB".into()));
    session.input(InputEvent::Key("enter".parse().unwrap()));
    assert_eq!(
        answers(&session.cancelled())["db"]["customText"],
        "Use DuckDB"
    );
}

#[test]
fn completion_asks_the_source_with_the_query_and_inserts_the_pick() {
    let asked = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = Arc::clone(&asked);
    let source = move |query: &str| {
        log.lock().unwrap().push(query.to_owned());
        vec![Completion::file(format!("src/{query}n.rs"))]
    };
    let mut session = Session::new(small(), defaults()).with_completions(source);
    feed(&mut session, &["down", "down", "text:see @mai"]);
    assert_eq!(*asked.lock().unwrap(), ["", "m", "ma", "mai"]);
    feed(&mut session, &["tab", "text:please", "enter"]);
    assert_eq!(
        answers(&session.cancelled())["db"]["customText"],
        "see @src/main.rs please"
    );
    // No query, no calls: ticks do not ask again.
    session.tick();
    assert_eq!(asked.lock().unwrap().len(), 4);
}

#[cfg(feature = "files")]
#[test]
fn completion_from_the_file_index_on_a_temp_tree() {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("src")).unwrap();
    fs::write(root.path().join("src/main.rs"), "").unwrap();
    fs::write(root.path().join("Cargo.toml"), "").unwrap();
    fs::write(root.path().join(".gitignore"), "target/\n").unwrap();
    fs::create_dir_all(root.path().join("target")).unwrap();
    fs::write(root.path().join("target/main.o"), "").unwrap();
    let index = ask_host::files::FileIndex::lazy(root.path().to_path_buf());
    let mut session = Session::new(small(), defaults()).with_completions(index);
    feed(&mut session, &["down", "down", "text:see @mai"]);
    let frame = session.frame().to_plain_text();
    assert!(frame.contains("src/main.rs"), "{frame}");
    assert!(!frame.contains("target/main.o"), "{frame}");
    feed(&mut session, &["tab", "enter"]);
    assert_eq!(
        answers(&session.cancelled())["db"]["customText"],
        "see @src/main.rs"
    );
}

#[test]
fn config_changes_become_commands() {
    let fallback = |problem: &str| ConfigNotice::Fallback {
        path: "/cfg/ask.json".into(),
        problem: problem.to_owned(),
    };
    let mut config = AskConfig::default();
    config.behaviour.set(BehaviourSetting::FooterHints, false);
    let change = |behaviour, keymap, notices: Vec<ConfigNotice>| {
        let mut change = ConfigChange::between(&AskConfig::default(), config.clone());
        change.behaviour_changed = behaviour;
        change.keymap_changed = keymap;
        change.answer_changed = true;
        change.notices = notices;
        change
    };
    assert_eq!(
        commands_for_change(change(true, true, vec![fallback("a"), fallback("b")])),
        [
            Command::ApplyBehaviour(config.behaviour),
            Command::ApplyKeymap(config.keymap.clone()),
            Command::SetNotice(Some("/cfg/ask.json: a; /cfg/ask.json: b".into())),
        ]
    );
    assert_eq!(
        commands_for_change(change(false, false, Vec::new())),
        [Command::SetNotice(None)]
    );
}

fn file_settings(dir: &std::path::Path) -> (Settings, std::path::PathBuf) {
    let path = dir.join("ask-user.json");
    let paths = ConfigPaths::file(path.clone());
    (Settings::open(&paths), path)
}

#[test]
fn behaviour_changed_in_the_overlay_is_written_to_the_settings_file() {
    let dir = tempfile::tempdir().unwrap();
    let (settings, path) = file_settings(dir.path());
    assert_eq!(
        settings.notices(),
        [Notice::SettingsCreated { path: path.clone() }]
    );
    assert_eq!(settings.notice_line(), None, "creation is routine");
    let mut session = Session::new(small(), settings);
    // "?" opens settings on "Auto-submit", space turns it on, esc closes.
    feed(&mut session, &["?", "space", "esc"]);
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        saved["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"],
        true
    );
    // The next session reads it: one digit answers and submits.
    let (settings, _) = file_settings(dir.path());
    let mut session = Session::new(single(), settings);
    feed(&mut session, &["2"]);
    assert!(session.is_over());
}

#[test]
fn the_language_switched_in_the_overlay_applies_at_once_and_is_saved() {
    use ask_host::i18n::{Locale, LocaleSetting};
    let dir = tempfile::tempdir().unwrap();
    let (settings, path) = file_settings(dir.path());
    let mut session = Session::new(small(), settings).with_system_locale(Locale::De);
    session.resize(80, 24);
    assert!(
        session.frame().to_plain_text().contains("Prüfen"),
        "auto is the system's German"
    );
    // The language row is the last but one; each toggle shows the next language.
    session.command(Command::OpenSettings);
    let last = session.flow().settings_rows().len() - 2;
    session.command(Command::SettingsMove(i32::try_from(last).unwrap()));
    for _ in 0..6 {
        session.command(Command::SettingsToggle);
    }
    assert_eq!(session.flow().locale(), Locale::Ja);
    assert!(session.frame().to_plain_text().contains("Ask の設定"));
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["behaviour"]["locale"], "ja");
    session.command(Command::CloseSettings);
    assert!(session.frame().to_plain_text().contains("確認"));
    // The next session starts in it; the answers stay English for the agent.
    let (settings, _) = file_settings(dir.path());
    assert_eq!(
        settings.config().behaviour.locale,
        LocaleSetting::Fixed(Locale::Ja)
    );
    let mut session = Session::new(single(), settings);
    feed(&mut session, &["2", "1", "1"]);
    let result = session.result().expect("submitted");
    assert!(result.text().contains("SQLite"), "{}", result.text());
    assert!(!result.text().contains('確'), "{}", result.text());
}

#[test]
fn settings_edited_on_disk_apply_at_tick_with_typed_notices() {
    let dir = tempfile::tempdir().unwrap();
    let (settings, path) = file_settings(dir.path());
    let mut session = Session::new(single(), settings);
    assert!(!session.tick(), "nothing changed yet");
    fs::write(&path, "{ not json").unwrap();
    assert!(session.tick());
    let last = session.notices().last().unwrap().clone();
    assert!(
        matches!(&last, Notice::Settings(ConfigNotice::KeptCurrent { path: p, .. }) if *p == path),
        "{last:?}"
    );
    assert!(
        last.to_string()
            .ends_with("; keeping the current settings until it is fixed"),
        "{last}"
    );
    assert!(last.is_shown());
    session.resize(200, 24);
    assert!(
        session
            .frame()
            .to_plain_text()
            .contains("is not valid JSON")
    );
    // Fixed: the new behaviour applies and the notice line clears.
    let mut fixed = AskConfig::default();
    fixed.behaviour.set(BehaviourSetting::AutoSubmit, true);
    fs::write(&path, fixed.to_json().to_string()).unwrap();
    assert!(session.tick());
    assert!(
        !session
            .frame()
            .to_plain_text()
            .contains("is not valid JSON")
    );
    feed(&mut session, &["2"]);
    assert!(session.is_over(), "auto-submit from the reloaded file");
}

#[test]
fn an_old_settings_file_is_upgraded_with_a_typed_notice_on_the_notice_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    fs::write(
        &path,
        r#"{"schemaVersion": 1, "behaviour": {"showFooterHints": false}}"#,
    )
    .unwrap();
    let settings = Settings::open(&ConfigPaths::file(path.clone()));
    assert!(!settings.config().behaviour.show_footer_hints);
    assert_eq!(
        settings.notices(),
        [Notice::Settings(ConfigNotice::Upgraded {
            path: path.clone(),
            from: 1,
            to: ask_settings::schema::SCHEMA_VERSION,
        })]
    );
    assert_eq!(
        settings.notice_line().unwrap(),
        format!("upgraded {} from schema version 1 to 3", path.display())
    );
}

#[test]
fn unusable_settings_give_typed_notices_and_defaults() {
    let dir = tempfile::tempdir().unwrap();
    // A folder where the file should be: cannot be read.
    let paths = ConfigPaths::file(dir.path().to_path_buf());
    let settings = Settings::open(&paths);
    assert!(matches!(settings.notices(), [Notice::SettingsNotLoaded(_)]));
    assert_eq!(settings.config(), &AskConfig::default());
    let line = settings.notice_line().unwrap();
    assert!(
        line.starts_with("settings not loaded, using defaults: "),
        "{line}"
    );
    let session = Session::new(small(), settings);
    assert!(matches!(session.notices(), [Notice::SettingsNotLoaded(_)]));
}

#[test]
fn the_settings_overlay_alone_ends_when_it_closes() {
    let mut session = Session::settings_overlay(defaults());
    assert!(!session.is_over());
    assert!(session.frame().to_plain_text().contains("Auto-submit"));
    feed(&mut session, &["esc"]);
    assert!(session.is_over());
    assert_eq!(session.result(), None);
}
