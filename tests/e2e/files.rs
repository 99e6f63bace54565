//! Files the user names: `--output` and `--frame-out` write through FIFOs,
//! devices and `/dev/stdout` instead of replacing them; settings paths that are
//! not regular files are refused at once; commands that do not show the
//! settings to the user never rewrite, move or create the settings file.

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{SMALL, ask, code, detached, run, stdout_json, temp_file};

pub(crate) fn example(name: &str) -> String {
    format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn session_fixture(name: &str) -> String {
    format!("{}/e2e/fixtures/extract/{name}", env!("CARGO_MANIFEST_DIR"))
}

use crate::special_files::{make_null_device, mkfifo, read_fifo};

/// Runs `cmd` without a terminal and fails (killing it) if it does not end
/// within a generous guard time: a command that blocks on a path must fail the
/// test, not hang the suite.
pub(crate) fn run_guarded(cmd: &Command) -> Output {
    run_guarded_with_stdin(cmd, Stdio::null())
}

/// [`run_guarded`] with `stdin` as the standard input.
pub(crate) fn run_guarded_with_stdin(cmd: &Command, stdin: Stdio) -> Output {
    let mut child = detached(cmd)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn ask");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{cmd:?} did not return: it blocks on a path");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn output_onto_a_character_device_leaves_the_device_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let dev = dir.path().join("null");
    if !make_null_device(&dev) {
        return;
    }
    let rdev = fs::metadata(&dev).unwrap().rdev();
    let input = example("single.json");
    let out = run(&ask(&[
        "run",
        "--no-ui",
        "--input",
        &input,
        "--output",
        dev.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 3, "{}", String::from_utf8_lossy(&out.stderr));
    let meta = fs::symlink_metadata(&dev).unwrap();
    assert!(meta.file_type().is_char_device(), "replaced: {meta:?}");
    assert_eq!(meta.rdev(), rdev);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "no temp file");
}

#[test]
fn output_onto_a_fifo_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("result.fifo");
    mkfifo(&fifo);
    let reader = read_fifo(&fifo);
    let out = run_guarded(&ask(&[
        "run",
        "--no-ui",
        "--input",
        &example("single.json"),
        "--output",
        fifo.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 3, "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let result: Value = serde_json::from_str(&reader.join().unwrap()).unwrap();
    assert_eq!(result["details"]["cancelled"], true);
}

/// `ask run --script` with a private config, extra args appended.
fn scripted(dir: &Path, extra: &[&str]) -> Output {
    let input = dir.join("p.json");
    fs::write(&input, SMALL).unwrap();
    let config = dir.join("ask-user.json");
    let mut args = vec![
        "run",
        "--input",
        input.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--script",
        r#"["1"]"#,
    ];
    args.extend_from_slice(extra);
    run_guarded(&ask(&args))
}

#[test]
fn dev_stdout_and_dash_reach_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let result_file = dir.path().join("result.json");
    let result_arg = result_file.to_str().unwrap();
    for frame_target in ["/dev/stdout", "-"] {
        let out = scripted(
            dir.path(),
            &["--frame-out", frame_target, "--output", result_arg],
        );
        assert_eq!(code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
        let frame = String::from_utf8_lossy(&out.stdout);
        assert!(frame.contains("Setup"), "{frame_target}: {frame}");
        assert!(fs::metadata(&result_file).unwrap().is_file());
    }
    for output in ["/dev/stdout", "-"] {
        let out = scripted(dir.path(), &["--output", output]);
        assert_eq!(code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(stdout_json(&out)["details"]["cancelled"], true, "{output}");
    }
}

/// Node.js (which runs pi) gives its child processes sockets as standard output, and a
/// socket cannot be opened through `/dev/stdout`: the result still reaches it, written on
/// the open descriptor.
#[test]
fn dev_stdout_works_when_standard_output_is_a_socket() {
    use std::io::Read as _;
    use std::os::unix::net::UnixStream;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("p.json");
    fs::write(&input, SMALL).unwrap();
    for target in [
        "/dev/stdout",
        "/dev/fd/1",
        "/proc/self/fd/1",
        "/proc/thread-self/fd/1",
    ] {
        let (ours, theirs) = UnixStream::pair().unwrap();
        let mut cmd = detached(&ask(&[
            "run",
            "--no-ui",
            "--input",
            input.to_str().unwrap(),
            "--output",
            target,
        ]));
        cmd.stdin(Stdio::null())
            .stdout(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
            .stderr(Stdio::piped());
        let child = cmd.spawn().unwrap();
        drop(cmd); // our copy of the socket's other end, so reading ends with the child
        let out = child.wait_with_output().unwrap();
        let mut text = String::new();
        let mut ours = ours;
        ours.set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        ours.read_to_string(&mut text).unwrap();
        assert_eq!(
            code(&out),
            3,
            "{target}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let result: Value = serde_json::from_str(text.trim())
            .unwrap_or_else(|e| panic!("{target}: not a result ({e}): {text:?}"));
        assert_eq!(result["details"]["cancelled"], true, "{target}");
    }
}

/// The settings paths a FIFO or `/dev/zero` is given as, to commands that read
/// the settings: each returns (no hang, no unbounded read) and names the path.
#[test]
fn a_fifo_or_dev_zero_as_config_is_refused_promptly() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("config.fifo");
    mkfifo(&fifo);
    let input = dir.path().join("p.json");
    fs::write(&input, SMALL).unwrap();
    let session = session_fixture("answer.jsonl");
    for config in [fifo.to_str().unwrap(), "/dev/zero"] {
        let out = run_guarded(&ask(&["settings", "--json", "--config", config]));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(config) && stderr.contains("not a regular file"),
            "{stderr}"
        );
        assert!(stderr.contains("--config"), "says what to do: {stderr}");
        let out = run_guarded(&ask(&[
            "extract",
            "--session",
            &session,
            "--config",
            config,
        ]));
        assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
        let out = run_guarded(&ask(&[
            "run",
            "--input",
            input.to_str().unwrap(),
            "--config",
            config,
            "--script",
            r#"["1"]"#,
        ]));
        assert_eq!(code(&out), 1, "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

/// Bytes, inode, modification time of the settings file and the folder listing.
#[derive(Debug, PartialEq)]
struct Snapshot {
    bytes: Vec<u8>,
    inode: u64,
    mtime: (i64, i64),
    names: Vec<String>,
}

fn snapshot(path: &Path) -> Snapshot {
    let meta = fs::metadata(path).unwrap();
    let mut names: Vec<String> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Snapshot {
        bytes: fs::read(path).unwrap(),
        inode: meta.ino(),
        mtime: (meta.mtime(), meta.mtime_nsec()),
        names,
    }
}

#[test]
fn read_only_commands_leave_a_broken_or_old_settings_file_alone() {
    let work = tempfile::tempdir().unwrap();
    let (payload_dir, payload) = temp_file("p.json", SMALL);
    let payload = payload.to_str().unwrap().to_owned();
    let answers = payload_dir.path().join("a.json");
    fs::write(&answers, r#"{"mode": "submit", "answers": {}}"#).unwrap();
    let answers = answers.to_str().unwrap().to_owned();
    let reply = session_fixture("replies/form.json");
    let completer = format!("cat '{reply}'");
    let extract_answers = payload_dir.path().join("ea.json");
    fs::write(&extract_answers, r#"{"mode": "submit", "answers": {}}"#).unwrap();
    let extract_answers = extract_answers.to_str().unwrap().to_owned();
    let answer_session = session_fixture("answer.jsonl");
    let tool_session = session_fixture("branching.jsonl");
    let commands: Vec<Vec<&str>> = vec![
        vec!["extract", "--session", &answer_session],
        vec!["settings", "--json"],
        vec!["settings", "--path"],
        vec![
            "run",
            "--input",
            &payload,
            "--script",
            r#"["?", "space", "esc"]"#,
        ],
        vec!["run", "--input", &payload, "--no-ui"],
        vec!["run", "--input", &payload, "--answers", &answers],
        vec!["validate", "--input", &payload],
        vec![
            "answer",
            "--session",
            &answer_session,
            "--completer",
            &completer,
            "--answers",
            &extract_answers,
        ],
        vec![
            "answer",
            "--session",
            &answer_session,
            "--completer",
            &completer,
            "--no-ui",
        ],
        vec!["replay", "--session", &tool_session, "--no-ui"],
    ];
    let broken = b"{ not json".to_vec();
    let old = br#"{"schemaVersion": 1, "behaviour": {"showFooterHints": false}}"#.to_vec();
    for (what, content) in [("broken", broken), ("old", old)] {
        let config: PathBuf = work.path().join(format!("{what}/ask-user.json"));
        fs::create_dir_all(config.parent().unwrap()).unwrap();
        fs::write(&config, &content).unwrap();
        let before = snapshot(&config);
        for args in &commands {
            let mut cmd = ask(args);
            cmd.env("ASK_CONFIG", &config);
            let out = run_guarded(&cmd);
            assert_eq!(
                snapshot(&config),
                before,
                "`ask {}` touched the {what} settings file (exit {:?}, stderr {})",
                args.join(" "),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    // No settings file at all: none of them creates one.
    let absent = work.path().join("absent/ask-user.json");
    for args in &commands {
        let mut cmd = ask(args);
        cmd.env("ASK_CONFIG", &absent);
        run_guarded(&cmd);
        assert!(
            !absent.exists() && !absent.parent().unwrap().exists(),
            "`ask {}` created the settings file",
            args.join(" ")
        );
    }
}
