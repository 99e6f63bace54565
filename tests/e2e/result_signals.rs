//! Signals once the flow is over: while the result is written (here to a FIFO nobody
//! reads, where the open blocks) a signal ends `ask` as it would any program, in the full
//! form, the accessible mode and after `ask answer`'s completer wait; while a regular
//! result file is written through its temporary file, the signal waits for the rename,
//! so no temporary file is left beside it.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::pty::Session;
use crate::support::{SMALL, ask, detached};

/// How long `ask` may take to end after the signal.
const PROMPTLY: Duration = Duration::from_secs(3);

/// Waits until `pid` blocks opening a FIFO (its `wchan` says so); where the kernel does
/// not tell, gives it a second to get there.
fn wait_blocked_on_fifo(pid: u32) {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        let wchan = std::fs::read_to_string(format!("/proc/{pid}/wchan")).unwrap_or_default();
        if wchan.contains("partner") || wchan.contains("fifo") {
            return;
        }
        if wchan.is_empty() || wchan == "0" {
            std::thread::sleep(Duration::from_secs(1));
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("ask never blocked on the FIFO");
}

/// Starts `ask <args>` in a terminal whose folder holds the FIFO `nofifo`.
fn start(args: &str) -> Session {
    Session::start_after("mkfifo nofifo", 0, SMALL, args, 80, 24, &[])
}

/// Blocked writing the result: SIGTERM ends `ask` promptly, by the signal (exit 143).
fn assert_term_ends_it(mut s: Session, what: &str) {
    wait_blocked_on_fifo(s.ask_pid());
    let sent = Instant::now();
    s.signal("TERM");
    while std::fs::metadata(s.path("code")).is_err() {
        if sent.elapsed() > PROMPTLY {
            s.signal("KILL"); // not left behind, blocked for good
            panic!("{what}: SIGTERM did not end ask while it wrote the result");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(s.finish(), 143, "{what}: ended by SIGTERM");
    s.assert_restored();
}

#[test]
fn sigterm_ends_the_full_form_blocked_writing_the_result() {
    let mut s = start("run --input p.json --output nofifo");
    s.wait_for("Which database?");
    s.send("\x1b");
    assert_term_ends_it(s, "Esc");
}

#[test]
fn sigterm_ends_the_accessible_mode_blocked_writing_the_result() {
    let mut s = start("run --accessible --input p.json --output nofifo");
    s.wait_for("Question 1 of 2");
    s.send("\x04"); // end of input: cancelled
    assert_term_ends_it(s, "Ctrl+D in the accessible mode");
}

/// `ask answer --no-ui`: the completer wait records SIGTERM; once the form is extracted
/// the non-interactive result is written, and a signal then must not be swallowed.
#[test]
fn sigterm_ends_answer_no_ui_blocked_writing_the_result() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/e2e/fixtures/extract");
    std::fs::copy(
        format!("{fixtures}/replies/form.json"),
        dir.path().join("reply-1"),
    )
    .expect("reply");
    let fifo = dir.path().join("nofifo");
    crate::special_files::mkfifo(&fifo);
    let completer = format!(
        "sh '{fixtures}/fake-completer.sh' '{}'",
        dir.path().display()
    );
    let session = format!("{fixtures}/answer.jsonl");
    let cmd = ask(&[
        "answer",
        "--session",
        &session,
        "--completer",
        &completer,
        "--no-ui",
        "--output",
        fifo.to_str().expect("UTF-8 path"),
    ]);
    let mut child: Child = detached(&cmd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn ask");
    wait_blocked_on_fifo(child.id());
    let sent = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(15), "ended by SIGTERM: {status:?}");
            break;
        }
        if sent.elapsed() > PROMPTLY {
            let _ = child.kill();
            let _ = child.wait();
            panic!("SIGTERM did not end ask answer --no-ui while it wrote the result");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The temporary files of a write of `name` in `dir` (`.<name>.<pid>.<n>.tmp`).
fn temp_files(dir: &std::path::Path, name: &str) -> Vec<String> {
    let prefix = format!(".{name}.");
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| {
                    n.starts_with(&prefix)
                        && std::path::Path::new(n)
                            .extension()
                            .is_some_and(|e| e == "tmp")
                })
                .collect()
        })
        .unwrap_or_default()
}

/// SIGTERM arriving while a 15 MB result is written to `--output`: the test stops `ask`
/// the moment its temporary file appears beside `r.json`, sends SIGTERM, and lets it go
/// on. The write is finished first (`r.json` whole, no temporary file left), then the
/// signal ends `ask` as it would have (exit by SIGTERM). Before, the signal killed `ask`
/// mid-write and left the temporary file.
#[test]
fn sigterm_while_the_result_file_is_written_leaves_no_temporary_file() {
    use rustix::process::{Pid, Signal, kill_process};
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let payload = serde_json::json!({"questions": [{"id": "q", "prompt": "x".repeat(15_000_000),
        "options": [{"value": "a", "label": "A"}]}]});
    std::fs::write(dir.path().join("p.json"), payload.to_string()).expect("payload");
    std::fs::write(
        dir.path().join("a.json"),
        r#"{"answers": {"q": {"values": ["a"]}}}"#,
    )
    .expect("answers");
    let result = dir.path().join("r.json");
    for _attempt in 0..10 {
        let _ = std::fs::remove_file(&result);
        let mut cmd = ask(&[
            "run",
            "--input",
            "p.json",
            "--output",
            "r.json",
            "--answers",
            "a.json",
        ]);
        let mut child = cmd
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn ask");
        let pid = Pid::from_raw(i32::try_from(child.id()).expect("pid")).expect("pid");
        // Until the temporary file shows, or ask is done (the write was missed).
        let caught = loop {
            if !temp_files(dir.path(), "r.json").is_empty() {
                kill_process(pid, Signal::STOP).expect("SIGSTOP");
                // Stopped with the temporary file still there (not renamed meanwhile)?
                break !temp_files(dir.path(), "r.json").is_empty();
            }
            if child.try_wait().expect("wait").is_some() {
                break false;
            }
        };
        if caught {
            kill_process(pid, Signal::TERM).expect("SIGTERM");
        }
        let _ = kill_process(pid, Signal::CONT);
        let status = child.wait().expect("wait");
        if !caught {
            continue;
        }
        assert_eq!(
            temp_files(dir.path(), "r.json"),
            Vec::<String>::new(),
            "a temporary file was left beside r.json"
        );
        let written: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&result).expect("r.json was written"))
                .expect("r.json is whole");
        assert_eq!(written["details"]["answers"]["q"]["values"][0], "a");
        assert_eq!(
            status.signal(),
            Some(15),
            "then SIGTERM ended ask: {status:?}"
        );
        return;
    }
    panic!("the result write was never caught in progress in 10 tries");
}
