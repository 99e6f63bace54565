//! The settings store on a real file system: first use, legacy move, saves, reloads, and
//! atomic writes under SIGKILL.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ask_keymap::{
    Action, Key, Keymap,
    behaviour::{Behaviour, BehaviourSetting},
};
use ask_settings::{
    AskConfig, ConfigNotice, ConfigStore,
    paths::{ConfigEnv, ConfigPaths},
};
use serde_json::{Value, json};

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

fn write_json(path: &Path, value: &Value) {
    fs::write(path, serde_json::to_vec_pretty(value).unwrap()).unwrap();
}

fn default_env(agent_dir: &Path) -> ConfigEnv<'_> {
    ConfigEnv {
        pi_agent_dir: Some(agent_dir.as_os_str()),
        ..ConfigEnv::default()
    }
}

fn default_paths(agent_dir: &Path) -> ConfigPaths {
    let env = ConfigEnv {
        pi_agent_dir: Some(agent_dir.as_os_str()),
        ..ConfigEnv::default()
    };
    ConfigPaths::resolve(None, &env).unwrap()
}

#[test]
fn first_use_writes_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let paths = default_paths(dir.path());
    let (store, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert_eq!(loaded.config, AskConfig::default());
    assert!(loaded.created);
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert!(store.path().is_absolute());
    assert_eq!(store.path(), dir.path().join("extensions/ask-user.json"));
    assert_eq!(read_json(store.path()), AskConfig::default().to_json());
    // The second run is quiet.
    let (_, again) = ConfigStore::open_paths(&paths).unwrap();
    assert!(again.notices.is_empty(), "{:?}", again.notices);
    assert!(!again.created);
}

#[test]
fn legacy_file_moves_when_the_new_one_is_absent() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("ask-user.json");
    write_json(
        &legacy,
        &json!({"schemaVersion": 1, "behaviour": {"showFooterHints": false}}),
    );
    let paths = default_paths(dir.path());
    assert_eq!(paths.legacy.as_deref(), Some(legacy.as_path()));
    let (store, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert!(!legacy.exists(), "the legacy file moved");
    assert!(
        !loaded.config.behaviour.show_footer_hints,
        "its values were kept"
    );
    let path = store.path().to_path_buf();
    assert_eq!(
        loaded.notices,
        [
            ConfigNotice::Moved {
                from: legacy.clone(),
                to: path.clone(),
            },
            ConfigNotice::Upgraded {
                path: path.clone(),
                from: 1,
                to: 3,
            },
        ]
    );
    assert_eq!(
        loaded.notices[0].to_string(),
        format!(
            "moved the legacy settings file {} to {}",
            legacy.display(),
            path.display()
        )
    );
    assert_eq!(
        loaded.notices[1].to_string(),
        format!("upgraded {} from schema version 1 to 3", path.display())
    );
    assert_eq!(read_json(store.path())["schemaVersion"], 3);
}

/// A legacy file that is a relative symlink (a dotfiles manager's) still reaches its
/// target from the new place: the settings are the user's, not the defaults.
#[cfg(unix)]
#[test]
fn a_relative_symlink_legacy_file_still_resolves_after_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let dotfiles = dir.path().join("dotfiles");
    fs::create_dir(&dotfiles).unwrap();
    write_json(
        &dotfiles.join("ask.json"),
        &json!({"schemaVersion": 3, "behaviour": {"showFooterHints": false}}),
    );
    let legacy = dir.path().join("ask-user.json");
    std::os::unix::fs::symlink("dotfiles/ask.json", &legacy).unwrap();
    let paths = default_paths(dir.path());
    let (store, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert!(
        fs::symlink_metadata(&legacy).is_err(),
        "the legacy link moved"
    );
    assert!(
        !loaded.config.behaviour.show_footer_hints,
        "the target's values were read: {:?}",
        loaded.notices
    );
    let read = fs::read_to_string(store.path()).expect("the moved settings resolve");
    assert!(read.contains("showFooterHints"), "{read}");
    // A later save still reaches the user's file.
    assert!(
        fs::symlink_metadata(store.path())
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn open_default_moves_the_legacy_file_too() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("ask-user.json");
    write_json(&legacy, &AskConfig::default().to_json());
    let (store, loaded) = ConfigStore::open_default(dir.path()).unwrap();
    assert_eq!(
        store.path(),
        dir.path().join("extensions").join("ask-user.json")
    );
    assert!(!legacy.exists());
    assert!(
        matches!(loaded.notices.as_slice(), [ConfigNotice::Moved { from, .. }] if *from == legacy),
        "{:?}",
        loaded.notices
    );
}

#[test]
fn legacy_file_is_left_alone_when_both_exist() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("ask-user.json");
    let legacy_text = "{\"schemaVersion\": 1, \"behaviour\": {\"showFooterHints\": false}}";
    fs::write(&legacy, legacy_text).unwrap();
    let paths = default_paths(dir.path());
    fs::create_dir_all(dir.path().join("extensions")).unwrap();
    write_json(&paths.config, &AskConfig::default().to_json());
    let (_, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert!(
        loaded.config.behaviour.show_footer_hints,
        "the new file wins"
    );
    assert!(loaded.notices.is_empty());
    assert_eq!(fs::read_to_string(&legacy).unwrap(), legacy_text);
}

#[test]
fn explicit_paths_never_move_the_legacy_file() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("ask-user.json");
    fs::write(&legacy, "{}").unwrap();
    let explicit = dir.path().join("mine.json");
    let paths = ConfigPaths::resolve(Some(&explicit), &default_env(dir.path())).unwrap();
    assert_eq!(paths.legacy, None);
    let (store, _) = ConfigStore::open_paths(&paths).unwrap();
    assert_eq!(store.path(), explicit);
    assert!(legacy.exists());
    let env = ConfigEnv {
        ask_config: Some(OsStr::new("/x/env.json")),
        ..ConfigEnv::default()
    };
    assert_eq!(ConfigPaths::resolve(None, &env).unwrap().legacy, None);
}

#[test]
fn save_behaviour_keeps_other_content_and_is_not_reported_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let mut doc = AskConfig::default().to_json();
    doc["comment"] = json!("mine");
    doc["behaviour"]["futureToggle"] = json!(true);
    doc["keymaps"]["main"]["toggle"] = json!("x");
    write_json(&path, &doc);
    let (mut store, loaded) = ConfigStore::open(path.clone()).unwrap();
    let mut behaviour = loaded.config.behaviour;
    behaviour.set(BehaviourSetting::AutoSubmit, true);
    store.save_behaviour(&behaviour).unwrap();

    let saved = read_json(&path);
    assert_eq!(saved["comment"], "mine");
    assert_eq!(saved["behaviour"]["futureToggle"], true);
    assert_eq!(
        saved["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"],
        true
    );
    assert_eq!(saved["keymaps"]["main"]["toggle"], "x");
    assert_eq!(store.config().behaviour, behaviour);
    assert_eq!(
        store.reload().unwrap(),
        None,
        "our own write is not a change"
    );
    let (_, reopened) = ConfigStore::open(path).unwrap();
    assert_eq!(reopened.config.behaviour, behaviour);
}

#[test]
fn reload_reports_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let (mut store, _) = ConfigStore::open(path.clone()).unwrap();
    assert_eq!(store.reload().unwrap(), None);

    let mut doc = read_json(&path);
    doc["keymaps"]["main"]["confirm"] = json!("ctrl+s");
    write_json(&path, &doc);
    let change = store.reload().unwrap().expect("a keymap change");
    assert!(change.keymap_changed && !change.behaviour_changed && !change.answer_changed);
    assert_eq!(change.config.keymap.keys(Action::Confirm), [Key::ctrl('s')]);
    assert!(change.notices.is_empty());
    assert_eq!(store.reload().unwrap(), None, "nothing new");

    // Same settings, different bytes: nothing to report.
    fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
    assert_eq!(store.reload().unwrap(), None);

    // A half-edited file keeps the settings in effect and says so once.
    fs::write(&path, b"{\"schemaVersion\": 3,").unwrap();
    let broken = store.reload().unwrap().expect("a notice");
    assert!(!broken.keymap_changed && !broken.behaviour_changed && !broken.answer_changed);
    assert_eq!(broken.config.keymap.keys(Action::Confirm), [Key::ctrl('s')]);
    let [notice] = broken.notices.as_slice() else {
        panic!("{:?}", broken.notices);
    };
    assert!(
        matches!(notice, ConfigNotice::KeptCurrent { path: p, problem }
            if *p == path && problem.starts_with("is not valid JSON (")),
        "{notice:?}"
    );
    let text = notice.to_string();
    assert!(
        text.starts_with(&format!("{} is not valid JSON (", path.display()))
            && text.ends_with("; keeping the current settings until it is fixed"),
        "{text}"
    );
    assert_eq!(store.reload().unwrap(), None);
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no backup while the user may be editing"
    );

    // Fixed, with an invalid keymap and a new timeout.
    doc["keymaps"]["main"]["confirm"] = json!("ctrl+c");
    doc["answer"]["extractionTimeoutMs"] = json!(5000);
    doc["behaviour"]["showFooterHints"] = json!(false);
    write_json(&path, &doc);
    let change = store.reload().unwrap().expect("changes");
    assert!(change.keymap_changed && change.behaviour_changed && change.answer_changed);
    assert_eq!(change.config.keymap, Keymap::default());
    assert_eq!(change.config.answer.extraction_timeout_ms, 5000);
    let [notice] = change.notices.as_slice() else {
        panic!("{:?}", change.notices);
    };
    assert!(
        matches!(notice, ConfigNotice::Fallback { path: p, problem } if *p == path
            && problem.contains("\"global.dismiss\" and \"main.confirm\" are both bound to \"ctrl+c\"")
            && problem.ends_with("; using the default keymap")),
        "{notice:?}"
    );
    assert!(
        notice
            .to_string()
            .starts_with(&format!("{}: keymap actions ", path.display())),
        "{notice}"
    );

    // A deleted file keeps the settings in effect.
    fs::remove_file(&path).unwrap();
    assert_eq!(store.reload().unwrap(), None);
    assert_eq!(store.config().answer.extraction_timeout_ms, 5000);
}

#[test]
fn save_merges_disk_edits_and_the_next_reload_reports_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let (mut store, _) = ConfigStore::open(path.clone()).unwrap();
    let mut doc = read_json(&path);
    doc["keymaps"]["main"]["toggle"] = json!("x");
    write_json(&path, &doc);

    let behaviour = Behaviour::default().with(BehaviourSetting::FooterHints, false);
    store.save_behaviour(&behaviour).unwrap();
    assert_eq!(
        read_json(&path)["keymaps"]["main"]["toggle"],
        "x",
        "the disk edit survived"
    );
    let change = store
        .reload()
        .unwrap()
        .expect("the merged edit is reported");
    assert!(change.keymap_changed && !change.behaviour_changed);
    assert_eq!(change.config.behaviour, behaviour);
}

#[test]
fn save_over_a_broken_file_writes_the_last_good_content() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let mut doc = AskConfig::default().to_json();
    doc["keymaps"]["main"]["toggle"] = json!("x");
    write_json(&path, &doc);
    let (mut store, _) = ConfigStore::open(path.clone()).unwrap();
    fs::write(&path, b"garbage").unwrap();
    let behaviour = Behaviour::default().with(BehaviourSetting::ConfirmDismiss, false);
    store.save_behaviour(&behaviour).unwrap();
    let saved = read_json(&path);
    assert_eq!(saved["keymaps"]["main"]["toggle"], "x");
    assert_eq!(saved["behaviour"]["confirmDismissWhenDirty"], false);
}

/// Set in the child process of the SIGKILL test: the settings file to hammer.
const TORTURE_ENV: &str = "ASK_KEYMAP_TORTURE_FILE";

/// The two contents the child alternates between: defaults with large padding (so every
/// write is long and kills land mid-write), footer hints on or off.
fn torture_content(footer_hints: bool) -> Vec<u8> {
    let mut config = AskConfig::default();
    config.behaviour.show_footer_hints = footer_hints;
    let mut doc = config.to_json();
    doc["padding"] = json!(padding());
    serde_json::to_vec_pretty(&doc).unwrap()
}

/// Just under the 1 MiB settings cap, so the final load still reads the file.
fn padding() -> String {
    "0123456789abcdef".repeat(60 * 1024)
}

/// The child: write the file in a tight loop, alternating two contents, and create a marker
/// file once the first write is done. Never returns; the parent kills it.
fn hammer(path: &Path) -> ! {
    let contents = [torture_content(false), torture_content(true)];
    let marker = path.with_extension("ready");
    loop {
        for bytes in &contents {
            ask_settings::fs::write_atomic(path, bytes).unwrap();
            if !marker.exists() {
                fs::write(&marker, b"").unwrap();
            }
        }
    }
}

#[test]
fn killed_writer_leaves_the_old_or_the_new_file() {
    if let Some(path) = std::env::var_os(TORTURE_ENV) {
        hammer(Path::new(&path));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let marker = path.with_extension("ready");
    let padding = padding();
    fs::write(&path, torture_content(true)).unwrap();

    let exe = std::env::current_exe().unwrap();
    let mut seen = HashSet::from([true]);
    for round in 0..30u64 {
        let _ = fs::remove_file(&marker);
        let mut child = Command::new(&exe)
            .args([
                "store::killed_writer_leaves_the_old_or_the_new_file",
                "--exact",
                "--test-threads=1",
            ])
            .env(TORTURE_ENV, &path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while !marker.exists() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the writer never wrote"
            );
            if let Some(status) = child.try_wait().unwrap() {
                panic!("the writer exited on its own: {status}");
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_micros(round * 1_777 % 30_000));
        child.kill().unwrap(); // SIGKILL on unix
        child.wait().unwrap();

        let bytes = fs::read(&path).unwrap();
        let value: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("round {round}: torn file ({} bytes): {e}", bytes.len()));
        assert_eq!(
            value["padding"].as_str(),
            Some(padding.as_str()),
            "round {round}"
        );
        let (config, notices) = AskConfig::from_json(&value);
        assert!(notices.is_empty(), "round {round}: {notices:?}");
        seen.insert(config.behaviour.show_footer_hints);
    }
    assert_eq!(seen.len(), 2, "the writer changed the file between kills");
    let (_, loaded) = ConfigStore::open(path).unwrap();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
}
