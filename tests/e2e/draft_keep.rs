//! A draft is never a file that is not one, and never lost before the result is: `--draft`
//! naming the payload, the result, the settings file, or a file that is not a draft is
//! refused before the form opens and the file stays byte for byte; when the result cannot
//! be written (a full disk, a read-only disk, `/dev/full`, a closed pipe) the draft keeps
//! the answers, the error says where, and the result goes to the other standard stream.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::pty::Session;

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]}"#;

/// `ask <args>` in a terminal ends at once with exit 64 and a message containing `said`.
fn assert_refused(args: &str, said: &str) -> Session {
    let mut s = Session::start(PAYLOAD, args, 200, 24);
    assert_eq!(s.finish(), 64, "{args}: screen:\n{}", s.screen());
    s.wait_until(said, |screen| screen.replace('\n', "").contains(said));
    let screen = s.screen().replace('\n', "");
    assert!(screen.contains(said), "{args}: {screen}");
    assert!(!screen.contains("Which database?"), "the form never opened");
    s
}

#[test]
fn the_payload_result_or_settings_file_as_the_draft_is_refused() {
    for extra in ["", "--resume", "--accessible"] {
        let s = assert_refused(
            &format!("run --input p.json --output r.json --draft p.json {extra}"),
            "--draft 'p.json' is --input",
        );
        assert_eq!(std::fs::read_to_string(s.path("p.json")).unwrap(), PAYLOAD);
    }
    // Through a symlink and another spelling of the folder.
    let keep = tempfile::tempdir().unwrap();
    let payload = keep.path().join("p.json");
    std::fs::write(&payload, PAYLOAD).unwrap();
    std::os::unix::fs::symlink(&payload, keep.path().join("link.json")).unwrap();
    std::fs::create_dir(keep.path().join("sub")).unwrap();
    assert_refused(
        &format!(
            "run --input '{}' --output r.json --draft '{}/sub/../link.json'",
            payload.display(),
            keep.path().display()
        ),
        "is --input",
    );
    assert_eq!(std::fs::read_to_string(&payload).unwrap(), PAYLOAD);

    let s = assert_refused(
        "run --input p.json --output r.json --draft r.json",
        "--draft 'r.json' is --output",
    );
    assert!(!s.path("r.json").exists());
    let s = assert_refused(
        "run --input p.json --output r.json --config mine.json --draft ./mine.json",
        "--draft './mine.json' is the settings file",
    );
    assert!(!s.path("mine.json").exists());
}

#[test]
fn a_file_that_is_not_a_draft_is_refused_and_stays() {
    let keep = tempfile::tempdir().unwrap();
    let notes = keep.path().join("notes.json");
    let text = "{\"version\": 1, \"mine\": \"not a draft\"}";
    std::fs::write(&notes, text).unwrap();
    for extra in ["", "--resume", "--accessible", "--accessible --resume"] {
        let args = format!(
            "run --input p.json --output r.json --draft '{}' {extra}",
            notes.display()
        );
        assert_refused(&args, "a file that is not a draft");
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), text, "{extra}");
    }
}

/// Answers the two questions and submits, in the full form or the accessible one.
fn answer(s: &mut Session, accessible: bool) {
    if accessible {
        s.wait_for("Question 1 of 2: Database");
        s.send("2\r");
        s.wait_for("Question 2 of 2: System");
        s.send("1\r");
        s.wait_for("Review your answers");
        s.send("submit\r");
    } else {
        s.wait_for("Which database?");
        s.send("2");
        s.wait_for("Which system?");
        s.send("1");
        s.wait_for("Submit");
        s.send("1");
        s.send("1");
    }
}

/// The form submitted with a result that cannot be written to `output_args`: exit 74,
/// the draft holds the answers, the message names it, the result went to the terminal
/// (the other standard stream), and `--resume` brings the answers back.
fn assert_kept(output_args: &str, what: &str) {
    for accessible in [false, true] {
        let keep = tempfile::tempdir().unwrap();
        let draft = keep.path().join("draft.json");
        let mode = if accessible { "--accessible" } else { "" };
        let args = format!(
            "run --input p.json {mode} --draft '{}' {output_args}",
            draft.display()
        );
        let mut s = Session::start(PAYLOAD, &args, 400, 40);
        answer(&mut s, accessible);
        let code = s.finish();
        // The terminal's last bytes may still be on their way to the screen.
        s.wait_until("the message and the result", |screen| {
            let screen = screen.replace('\n', "");
            screen.contains("the answers are kept in the draft")
                && screen.contains(r#""answers":{"db":{"#)
        });
        let raw = String::from_utf8_lossy(&s.raw()).into_owned();
        assert_eq!(code, 74, "{what} ({mode}): {raw}");
        assert!(draft.is_file(), "{what} ({mode}): the draft is kept");
        let kept: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&draft).unwrap()).unwrap();
        assert_eq!(kept["questions"][0]["selected"], serde_json::json!([1]));
        let screen = s.screen().replace('\n', "");
        assert!(
            screen.contains("the answers are kept in the draft"),
            "{what}: {screen}"
        );
        assert!(
            raw.contains(r#""answers":{"db":{"#),
            "{what} ({mode}): the result reached the terminal instead: {raw}"
        );
        // The answers come back.
        let resumed = format!(
            "run --input p.json --output r.json --draft '{}' --resume --no-accessible",
            draft.display()
        );
        let mut s = Session::start(PAYLOAD, &resumed, 120, 24);
        s.wait_for("Submit");
        s.send("1");
        s.send("1");
        assert_eq!(s.finish(), 0, "{}", s.screen());
        assert_eq!(
            s.result()["details"]["answers"]["db"]["values"],
            serde_json::json!(["lite"])
        );
        assert!(!draft.exists(), "deleted once the result is written");
    }
}

#[test]
fn dev_full_as_the_output_keeps_the_draft() {
    assert_kept("--output /dev/full", "/dev/full");
}

#[test]
fn dev_full_as_stdout_keeps_the_draft_and_falls_back_to_stderr() {
    assert_kept("> /dev/full", "stdout on /dev/full");
}

#[test]
fn a_closed_pipe_as_stdout_keeps_the_draft() {
    // A FIFO whose only reader is gone by the time the result is written.
    let keep = tempfile::tempdir().unwrap();
    let fifo = keep.path().join("out.fifo");
    crate::special_files::mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || drop(std::fs::File::open(fifo).expect("open the FIFO")))
    };
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --input p.json --draft '{}' > '{}'",
        draft.display(),
        fifo.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 400, 40);
    reader.join().unwrap();
    answer(&mut s, false);
    assert_eq!(s.finish(), 74, "{}", s.screen());
    assert!(draft.is_file(), "the draft is kept");
    s.wait_until("the result on stderr", |screen| {
        screen.replace('\n', "").contains(r#""answers":{"db":{"#)
    });
}

/// A small tmpfs mounted at a new folder, unmounted on drop; `None` (with the reason
/// printed) when not running as root or when mounting is not allowed here.
struct Tmpfs {
    at: PathBuf,
    /// Holds the mount point's folder until the unmount.
    _dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(options: &str, why: &str) -> Option<Self> {
        let uid = Command::new("id").arg("-u").output().ok()?;
        if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
            println!("skipped {why}: mounting a small tmpfs needs root");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path().join("disk");
        std::fs::create_dir(&at).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(&at)
            .status();
        if !mounted.is_ok_and(|s| s.success()) {
            println!("skipped {why}: `mount -t tmpfs` is not allowed here");
            return None;
        }
        Some(Self { at, _dir: dir })
    }

    fn path(&self) -> &Path {
        &self.at
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.at).status();
    }
}

#[test]
fn a_full_disk_keeps_the_draft() {
    let Some(disk) = Tmpfs::mount("size=64k", "the full-disk test") else {
        return;
    };
    // Fill it: the write stops at the end of the space.
    let _ = std::fs::write(disk.path().join("filler"), vec![0u8; 1 << 20]);
    let out = disk.path().join("r.json");
    assert_kept(&format!("--output '{}'", out.display()), "a full disk");
    assert!(!out.exists());
    let names: Vec<_> = std::fs::read_dir(disk.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["filler"], "no temporary file is left");
}

#[test]
fn a_read_only_disk_keeps_the_draft() {
    let Some(disk) = Tmpfs::mount("ro,size=64k", "the read-only-disk test") else {
        return;
    };
    let out = disk.path().join("r.json");
    assert_kept(&format!("--output '{}'", out.display()), "a read-only disk");
}
