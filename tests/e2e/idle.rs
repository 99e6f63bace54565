//! An idle form sleeps: no periodic wake-ups while nobody types (the settings file is
//! watched, not polled), and an edit of the settings file still applies at once, whether
//! written in place, renamed into place, or made to the file a symlink points to.

use std::time::{Duration, Instant};

use crate::pty::Session;

const RUN: &str = "run --input p.json --output r.json";
const SINGLE: &str = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}]}]}"#;

/// Voluntary context switches of every thread of `pid` so far.
fn wakeups(pid: u32) -> u64 {
    let mut total = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).expect("ask's threads") {
        let status =
            std::fs::read_to_string(task.unwrap().path().join("status")).unwrap_or_default();
        total += status
            .lines()
            .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0);
    }
    total
}

#[test]
fn an_idle_form_does_not_wake_up() {
    let mut s = Session::start(SINGLE, RUN, 80, 24);
    s.wait_for("Which database?");
    let pid = s.ask_pid();
    // Let start-up work (the first frame, the notification) settle.
    std::thread::sleep(Duration::from_millis(700));
    let before = wakeups(pid);
    std::thread::sleep(Duration::from_secs(3));
    let woke = wakeups(pid) - before;
    // Polling the settings file 4 times a second woke it about 12 times here.
    assert!(woke <= 2, "{woke} wake-ups in 3 s idle");
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

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

/// The accessible mode waits for a line (or a signal) without looking at the clock.
#[test]
fn an_idle_accessible_form_does_not_wake_up() {
    let mut s = Session::start(SINGLE, &format!("{RUN} --accessible"), 120, 24);
    s.wait_for("Question 1 of 1");
    let pid = s.ask_pid();
    std::thread::sleep(Duration::from_millis(700));
    let before = wakeups(pid);
    std::thread::sleep(Duration::from_secs(3));
    let woke = wakeups(pid) - before;
    // Checking for signals every 50 ms woke it about 60 times here.
    assert!(woke <= 2, "{woke} wake-ups in 3 s idle");
    s.signal("TERM");
    assert_eq!(s.finish(), 1, "a signal still ends it");
    assert_eq!(s.result()["details"]["cancelled"], true);
}
