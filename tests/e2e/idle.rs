//! The settings file is watched, not polled, and an edit of it still applies at once,
//! whether written in place, renamed into place, or made to the file a symlink points to.
//! That an idle form wakes nobody (on every surface) is measured by the benchmark
//! `tests/pty-bench/idle.py`, not asserted here: a timed check belongs in a benchmark.

use std::time::{Duration, Instant};

use crate::pty::Session;

const RUN: &str = "run --input p.json --output r.json";
const SINGLE: &str = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}]}]}"#;

/// Turns auto-submit on in the settings document at `config` (written by `write`) and
/// checks it completes the answered form.
fn assert_edit_applies(
    args: &str,
    config_of: impl Fn(&Session) -> std::path::PathBuf,
    write: impl Fn(&std::path::Path, &str),
) {
    let mut s = Session::start(SINGLE, args, 80, 24);
    s.wait_for("Which database?");
    s.send("1");
    s.wait_for("Submit");
    let config = config_of(&s);
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&config).unwrap()).expect("config JSON");
    doc["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"] = true.into();
    let edited = Instant::now();
    write(&config, &doc.to_string());
    assert_eq!(s.finish(), 0, "{}", s.screen());
    assert!(edited.elapsed() < Duration::from_secs(5));
    assert_eq!(s.result()["details"]["answers"]["db"]["values"][0], "pg");
}

#[test]
fn an_edit_renamed_into_place_applies() {
    assert_edit_applies(
        RUN,
        |s| s.path("ask-user.json"),
        |path, text| {
            let tmp = path.with_file_name("edit.tmp");
            std::fs::write(&tmp, text).unwrap();
            std::fs::rename(&tmp, path).unwrap();
        },
    );
}

#[test]
fn an_edit_of_a_symlinked_settings_files_target_applies() {
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("real.json");
    std::fs::write(&target, r#"{"schemaVersion": 3}"#).unwrap();
    let link = elsewhere.path().join("links");
    std::fs::create_dir(&link).unwrap();
    let link = link.join("ask.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let args = format!("{RUN} --config '{}'", link.display());
    assert_edit_applies(
        &args,
        |_| target.clone(),
        |path, text| std::fs::write(path, text).unwrap(),
    );
}
