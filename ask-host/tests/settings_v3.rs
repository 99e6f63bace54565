//! Settings v3 in the host loop: the reset row backs up and rewrites the file, the
//! notifications toggle is saved, the pi-ask import gives one typed notice, and the
//! "question waiting" notification is handed out once.

use std::fs;

use ask_contract::{ParseOptions, parse_params};
use ask_host::{Notice, Session, settings::Settings};
use ask_keymap::{Key, behaviour::BehaviourSetting};
use ask_settings::{
    AskConfig,
    paths::{ConfigEnv, ConfigPaths, PI_ASK_FILE_NAME},
};
use serde_json::{Value, json};

fn form() -> ask_contract::AskForm {
    let payload = json!({"questions": [{"id": "db", "label": "Database", "prompt": "Which?",
        "options": [{"value": "pg", "label": "PG"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn keys(session: &mut Session, ids: &[&str]) {
    for id in ids {
        session.key(id.parse::<Key>().unwrap());
    }
}

fn read(path: &std::path::Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

#[test]
fn the_reset_row_backs_up_the_file_writes_the_defaults_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask.json");
    let mut custom = AskConfig::default().to_json();
    custom["behaviour"]["showFooterHints"] = json!(false);
    custom["keymaps"]["main"]["toggle"] = json!("x");
    fs::write(&path, custom.to_string()).unwrap();
    let mut s = Session::new(form(), Settings::open(&ConfigPaths::file(path.clone())));
    // Overlay, to the last row, press twice (well within 3 s).
    let to_reset = vec!["down"; BehaviourSetting::ALL.len() + 1];
    keys(
        &mut s,
        &[&["?"], &to_reset[..], &["enter", "enter"]].concat(),
    );
    assert_eq!(read(&path), AskConfig::default().to_json());
    let backups: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p != &path)
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert_eq!(
        read(&backups[0]),
        custom,
        "the backup holds the old settings"
    );
    assert!(matches!(
        s.notices().last(),
        Some(Notice::SettingsReset { backup: Some(b) }) if *b == backups[0]
    ));
    assert!(
        s.flow().behaviour().show_footer_hints,
        "applied to the open form"
    );
    assert!(
        s.frame()
            .to_plain_text()
            .contains("settings reset to defaults")
    );
}

#[test]
fn the_notifications_toggle_is_saved_and_the_notification_comes_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask.json");
    // A host that delivers notifications (the overlay offers the toggle only then).
    let mut s = Session::new(form(), Settings::open(&ConfigPaths::file(path.clone())))
        .with_host_features(ask_host::state::HostFeatures::all());
    let to_notifications = vec!["down"; BehaviourSetting::ALL.len()];
    keys(
        &mut s,
        &[&["?"], &to_notifications[..], &["space", "esc"]].concat(),
    );
    assert_eq!(read(&path)["notifications"]["enabled"], false);
    let (settings, note) = s.take_waiting_notification().expect("first time");
    assert!(!settings.enabled, "the live toggle decides");
    assert_eq!(note.message, "Question waiting: Database");
    assert!(s.take_waiting_notification().is_none(), "once per ask");
    let overlay = Session::settings_overlay(Settings::in_memory(AskConfig::default()));
    let mut overlay = overlay;
    assert!(
        overlay.take_waiting_notification().is_none(),
        "not for the overlay alone"
    );
}

#[test]
fn a_pi_ask_import_is_said_once() {
    let pi = tempfile::tempdir().unwrap();
    fs::create_dir_all(pi.path().join("extensions")).unwrap();
    let source = pi.path().join("extensions").join(PI_ASK_FILE_NAME);
    let original = r#"{"schemaVersion": 5, "behaviour": {"presentSingleAsMulti": true}}"#;
    fs::write(&source, original).unwrap();
    let env = ConfigEnv {
        pi_agent_dir: Some(pi.path().as_os_str()),
        ..ConfigEnv::default()
    };
    let paths = ConfigPaths::resolve(None, &env).unwrap();
    let settings = Settings::open(&paths);
    assert!(settings.config().behaviour.present_single_as_multi);
    assert!(matches!(
        settings.notices(),
        [Notice::SettingsImported { from, to }] if *from == source && *to == paths.config
    ));
    let s = Session::new(form(), settings);
    assert!(
        s.frame_sized(200, 30)
            .to_plain_text()
            .contains("imported your pi-ask settings")
    );
    assert_eq!(fs::read_to_string(&source).unwrap(), original);
    assert!(
        Settings::open(&paths).notices().is_empty(),
        "the second run is quiet"
    );
}

/// A change the overlay cannot save shows as in effect, and the form says plainly that it
/// will not persist: when the write fails, and when the file could not even be read.
#[test]
fn an_overlay_change_that_cannot_be_saved_says_it_will_not_persist() {
    // The file could not be read (a folder stands where it should be).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask.json");
    fs::create_dir(&path).unwrap();
    let mut s = Session::new(form(), Settings::open(&ConfigPaths::file(path.clone())));
    assert!(!s.flow().behaviour().auto_submit_when_answered_without_notes);
    keys(&mut s, &["?", "enter"]);
    assert!(
        s.flow().behaviour().auto_submit_when_answered_without_notes,
        "the overlay shows the state in effect"
    );
    let text = s.frame_sized(120, 30).to_plain_text();
    assert!(text.contains("will not persist"), "{text}");
    assert!(text.contains("could not be read"), "{text}");
    assert!(matches!(
        s.notices().last(),
        Some(Notice::SettingsNotSaved(_))
    ));

    // A write that fails: the file's folder turns read-only after it loaded.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if nix_is_root() {
            eprintln!("skipped the failing-write half: root writes through a read-only folder");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ask.json");
        fs::write(&path, AskConfig::default().to_json().to_string()).unwrap();
        let mut s = Session::new(form(), Settings::open(&ConfigPaths::file(path.clone())));
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o500)).unwrap();
        keys(&mut s, &["?", "enter"]);
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
        assert!(s.flow().behaviour().auto_submit_when_answered_without_notes);
        let text = s.frame_sized(120, 30).to_plain_text();
        assert!(text.contains("will not persist"), "{text}");
    }
}

/// In-memory settings are no file: changes are not reported as lost.
#[test]
fn in_memory_settings_do_not_warn() {
    let mut s = Session::new(form(), Settings::in_memory(AskConfig::default()));
    keys(&mut s, &["?", "enter"]);
    assert!(s.notices().is_empty(), "{:?}", s.notices());
}

#[cfg(unix)]
fn nix_is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
