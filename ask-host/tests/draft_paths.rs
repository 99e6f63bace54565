//! A draft is a file the session owns: a path that names a FIFO, a device or a folder is
//! never opened, written or deleted (the session keeps no draft and says why), a path
//! that turns into one mid-form is left alone, and an oversized draft is not read.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use ask_contract::{ParseOptions, parse_params};
use ask_host::{Notice, Session, draft::MAX_DRAFT_BYTES, settings::Settings};
use ask_keymap::Key;
use ask_settings::AskConfig;
use serde_json::json;

fn session() -> Session {
    let payload = json!({"questions": [
        {"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "os", "prompt": "Which system?", "options": [
            {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]});
    let form = parse_params(&payload, ParseOptions::default()).unwrap();
    Session::new(form, Settings::in_memory(AskConfig::default()))
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Runs `f` on a thread and gives up after a guard time: a session that opens a FIFO
/// with no reader or writer blocks, and must fail the test rather than hang it.
fn guarded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("{what} did not return: it blocks on the path"))
}

/// A session on `path` (resumed or not) that the user cancels: its notices, after the end.
fn cancelled_on(path: &Path, resume: bool) -> Vec<Notice> {
    let path = path.to_path_buf();
    guarded("a session with that draft path", move || {
        let mut s = session().with_draft(&path, resume);
        for key in ["2", "ctrl+c", "ctrl+c"] {
            s.key_at(key.parse::<Key>().unwrap(), 100);
        }
        assert!(s.result().expect("cancelled").details.cancelled);
        s.notices().to_vec()
    })
}

fn assert_refused(notices: &[Notice], path: &Path, kind: &str) {
    let [Notice::DraftNotSaved(why)] = notices else {
        panic!("one DraftNotSaved notice expected: {notices:?}");
    };
    assert!(why.contains(&path.display().to_string()), "{why}");
    assert!(why.contains(kind), "{why}");
    assert!(why.contains("regular file"), "says what to give: {why}");
}

#[test]
fn a_fifo_is_never_opened_and_stays() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("draft.json");
    mkfifo(&fifo);
    for resume in [false, true] {
        assert_refused(&cancelled_on(&fifo, resume), &fifo, "FIFO");
        assert!(
            fs::symlink_metadata(&fifo).is_ok(),
            "the FIFO is not deleted (resume: {resume})"
        );
    }
}

#[test]
fn a_link_to_a_character_device_is_never_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("null");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    assert_refused(&cancelled_on(&link, false), &link, "character device");
    assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from("/dev/null"));
}

#[test]
fn a_folder_keeps_no_draft() {
    let dir = tempfile::tempdir().unwrap();
    assert_refused(&cancelled_on(dir.path(), true), dir.path(), "a folder");
    assert!(dir.path().is_dir());
}

#[test]
fn a_path_that_becomes_a_fifo_mid_form_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let p = path.clone();
    let notices = guarded("saving a draft onto a FIFO", move || {
        let mut s = session().with_draft(&p, false);
        assert!(p.is_file(), "saved at the start");
        fs::remove_file(&p).unwrap();
        mkfifo(&p);
        // A tab change saves at once.
        s.key_at("2".parse::<Key>().unwrap(), 100);
        for key in ["ctrl+c", "ctrl+c"] {
            s.key_at(key.parse::<Key>().unwrap(), 200);
        }
        s.notices().to_vec()
    });
    assert_refused(&notices, &path, "FIFO");
    assert!(fs::symlink_metadata(&path).is_ok(), "the FIFO stays");
}

#[test]
fn a_file_over_the_draft_cap_is_not_taken_for_a_draft() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    // Sparse: its size says too large before a byte is read.
    fs::File::create(&path)
        .unwrap()
        .set_len(MAX_DRAFT_BYTES + 1)
        .unwrap();
    let s = session().with_draft(&path, true);
    assert!(
        matches!(s.notices(), [Notice::DraftNotSaved(why)] if why.contains("not a draft")),
        "{:?}",
        s.notices()
    );
    assert_eq!(fs::metadata(&path).unwrap().len(), MAX_DRAFT_BYTES + 1);
}
