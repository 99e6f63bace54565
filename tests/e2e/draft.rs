//! Drafts in a real terminal: SIGKILL mid-answer keeps the draft, `--resume` restores the
//! answers and tab, a normal end deletes the draft, and a draft for other questions is
//! refused with the reason. A draft path that is not a regular file (a FIFO, a device)
//! is refused before the form opens, and never opened, written or deleted.

use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::pty::Session;
use crate::special_files::{make_null_device, mkfifo};

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]}"#;

/// Waits until the draft at `path` (written whole, then renamed into place) holds the
/// form on tab `tab`: the fence before a kill that must leave that draft behind.
pub(crate) fn wait_for_draft_tab(path: &Path, tab: usize) {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let draft: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        if draft["tab"] == tab {
            return;
        }
        assert!(
            start.elapsed() < crate::pty::TIMEOUT,
            "the draft at {} never reached tab {tab}: {text:?}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn sigkill_keeps_the_draft_and_resume_restores_the_answers() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --input p.json --output r.json --draft '{}'",
        draft.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 80, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which system?");
    // The tab change is saved at once: the kill comes once it is on disk.
    wait_for_draft_tab(&draft, 1);
    s.signal("KILL");
    s.finish();
    assert!(draft.exists(), "SIGKILL keeps the draft");

    let mut s = Session::start(PAYLOAD, &format!("{args} --resume"), 80, 24);
    s.wait_for("Which system?");
    s.send("1");
    s.wait_for("Submit");
    s.send("1");
    s.send("1");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["lite"]),
        "restored from the draft: {result}"
    );
    assert_eq!(
        result["details"]["answers"]["os"]["values"],
        serde_json::json!(["linux"])
    );
    assert!(!draft.exists(), "a normal end deletes the draft");
}

#[test]
fn a_draft_for_other_questions_starts_fresh_and_says_why() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --input p.json --output r.json --draft '{}'",
        draft.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 100, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which system?");
    wait_for_draft_tab(&draft, 1);
    s.signal("KILL");
    s.finish();

    let other = PAYLOAD.replace("Which database?", "Which store?");
    let mut s = Session::start(&other, &format!("{args} --resume"), 100, 24);
    s.wait_for("Which store?");
    s.wait_for("other questions");
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);
    assert!(
        s.result()["details"]["answers"]
            .as_object()
            .is_some_and(serde_json::Map::is_empty)
    );
}

/// A closed terminal (SIGHUP) and a crash end the ask with the cancelled result, and
/// keep the draft, unlike a cancel the user chose: `--resume` brings the answers back.
#[test]
fn a_closed_terminal_and_a_crash_keep_the_draft() {
    let env = [("ASK_TEST_PANIC_KEY", "x"), ("RUST_BACKTRACE", "0")];
    for end in ["HUP", "panic"] {
        if end == "panic" && !crate::support::test_hooks("the draft's panic case") {
            continue;
        }
        let keep = tempfile::tempdir().expect("temp dir");
        let draft = keep.path().join("draft.json");
        let args = format!(
            "run --input p.json --output r.json --draft '{}'",
            draft.display()
        );
        let mut s = Session::start_with_env(PAYLOAD, &args, 80, 24, &env);
        s.wait_for("Which database?");
        s.send("2");
        s.wait_for("Which system?");
        wait_for_draft_tab(&draft, 1);
        match end {
            "panic" => s.send("x"),
            signal => s.signal(signal),
        }
        assert_eq!(s.finish(), 1, "{end}");
        assert_eq!(s.result()["details"]["cancelled"], true, "{end}");
        assert!(draft.exists(), "{end} keeps the draft");

        let mut s = Session::start(PAYLOAD, &format!("{args} --resume"), 80, 24);
        s.wait_for("Which system?");
        s.send("\x03\x03");
        assert_eq!(s.finish(), 1, "{end}");
        assert_eq!(
            s.result()["details"]["answers"]["db"]["values"],
            serde_json::json!(["lite"]),
            "{end}: restored from the draft"
        );
        assert!(!draft.exists(), "{end}: the chosen cancel deletes it");
    }
}

/// `ask <args>` in a terminal ends at once with the usage error (exit 64) that names
/// `path` as `kind`, before the form opens.
fn assert_refused_up_front(args: &str, path: &Path, kind: &str) {
    let started = Instant::now();
    let mut s = Session::start(PAYLOAD, args, 200, 24);
    assert_eq!(s.finish(), 64, "{args}: screen:\n{}", s.screen());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{args}: took {:?}",
        started.elapsed()
    );
    let said = format!(
        "--draft '{}' is {kind}; give a regular file path",
        path.display()
    );
    // The last bytes may still be on their way from the terminal.
    s.wait_for(&said);
    let screen = s.screen();
    assert!(
        !screen.contains("Which database?"),
        "the form never opened: {screen}"
    );
    assert!(
        !s.path("r.json").exists(),
        "no result is written for a usage error"
    );
}

#[test]
fn a_fifo_as_the_draft_is_refused_before_the_form_opens() {
    let keep = tempfile::tempdir().expect("temp dir");
    let fifo = keep.path().join("draft.fifo");
    mkfifo(&fifo);
    for extra in ["", "--resume", "--accessible", "--accessible --resume"] {
        let args = format!(
            "run --input p.json --output r.json --draft '{}' {extra}",
            fifo.display()
        );
        assert_refused_up_front(&args, &fifo, "a FIFO (named pipe)");
        let kind = std::fs::symlink_metadata(&fifo)
            .expect("still there")
            .file_type();
        assert!(kind.is_fifo(), "{extra}: the FIFO stays a FIFO");
    }
}

/// The review's case: a device node as the draft was deleted when the user pressed Esc.
#[test]
fn a_device_as_the_draft_is_refused_and_never_deleted() {
    let keep = tempfile::tempdir().expect("temp dir");
    let dev = keep.path().join("null");
    if !make_null_device(&dev) {
        return;
    }
    let rdev = std::fs::metadata(&dev).expect("device").rdev();
    let args = format!(
        "run --input p.json --output r.json --draft '{}'",
        dev.display()
    );
    assert_refused_up_front(&args, &dev, "a character device");
    let meta = std::fs::symlink_metadata(&dev).expect("the device stays");
    assert!(meta.file_type().is_char_device(), "{meta:?}");
    assert_eq!(meta.rdev(), rdev);
}

#[test]
fn resume_from_dev_zero_is_refused_without_reading_it() {
    let zero = Path::new("/dev/zero");
    for extra in ["", "--accessible"] {
        let args = format!("run --input p.json --output r.json --resume --draft /dev/zero {extra}");
        assert_refused_up_front(&args, zero, "a character device");
    }
}

/// The accessible mode checks the path at every save too: a draft that something replaced
/// with a FIFO mid-form is neither written through (which would block with no reader) nor
/// deleted at the end.
#[test]
fn a_draft_replaced_by_a_fifo_mid_form_is_left_alone_in_the_accessible_mode() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --accessible -i p.json -o r.json --draft '{}'",
        draft.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 200, 24);
    s.wait_for("Question 1 of 2: Database");
    assert!(draft.is_file(), "saved at the start");
    std::fs::remove_file(&draft).expect("remove the draft");
    mkfifo(&draft);
    s.send("2\r");
    s.wait_for("is a FIFO (named pipe), not a regular file");
    s.wait_for("Question 2 of 2: System");
    s.send("1\r");
    s.wait_for("Review your answers");
    s.send("submit\r");
    assert_eq!(s.finish(), 0, "{}", s.screen());
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"],
        serde_json::json!(["lite"])
    );
    let kind = std::fs::symlink_metadata(&draft)
        .expect("still there")
        .file_type();
    assert!(kind.is_fifo(), "the FIFO is not deleted");
}
