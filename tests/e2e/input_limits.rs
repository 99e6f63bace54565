//! Every file the user names for reading is read up to a cap: `/dev/zero` (or any endless
//! pipe) as `--answers`, `--script @FILE`, `--session`, `--response` or the input of
//! `render-result` ends at once with a clear error and exit 66 instead of filling memory.
//! Pipes stay welcome: a FIFO (a shell's `<(cmd)`) is read, not refused.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::files::{example, run_guarded, run_guarded_with_stdin, session_fixture};
use crate::special_files::mkfifo;
use crate::support::{ask, code, stdout_json};

/// Runs `cmd` (on `stdin`) and checks it ended quickly with exit 66 and `said` on stderr.
fn assert_too_large(cmd: &Command, stdin: Stdio, said: &str) {
    let started = Instant::now();
    let out = run_guarded_with_stdin(cmd, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code(&out), 66, "{cmd:?}: {stderr}");
    assert!(stderr.contains(said), "{cmd:?}: {stderr}");
    assert!(
        stderr.contains("check that the path names the right file")
            || stderr.contains("check that the path names a pi session"),
        "says what to do: {stderr}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{cmd:?} took {:?}",
        started.elapsed()
    );
    assert!(out.stdout.is_empty(), "no result for an unreadable input");
}

#[test]
fn dev_zero_as_any_input_file_is_a_clear_error() {
    let single = example("single.json");
    let session = session_fixture("answer.jsonl");
    let cases: [(&[&str], &str); 5] = [
        (
            &["run", "--input", &single, "--answers", "/dev/zero"],
            "answers file '/dev/zero' is larger than 16 MiB",
        ),
        (
            &["run", "--input", &single, "--script", "@/dev/zero"],
            "script file '/dev/zero' is larger than 16 MiB",
        ),
        (
            &["render-result", "--input", "/dev/zero"],
            "tool result '/dev/zero' is larger than 16 MiB",
        ),
        (
            &["extract", "--session", &session, "--response", "/dev/zero"],
            "response file '/dev/zero' is larger than 16 MiB",
        ),
        (
            &["extract", "--session", "/dev/zero"],
            "session file \"/dev/zero\" is larger than 256 MiB",
        ),
    ];
    for (args, said) in cases {
        assert_too_large(&ask(args), Stdio::null(), said);
    }
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    assert_too_large(
        &ask(&["render-result"]),
        zero.into(),
        "tool result '<stdin>' is larger than 16 MiB",
    );
}

#[test]
fn answers_from_a_fifo_are_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("answers.fifo");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            std::fs::write(fifo, r#"{"mode": "submit", "answers": {}}"#).expect("write");
        })
    };
    let single = example("single.json");
    let out = run_guarded(&ask(&[
        "run",
        "--input",
        &single,
        "--answers",
        fifo.to_str().expect("UTF-8 path"),
    ]));
    writer.join().expect("writer");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code(&out), 0, "{stderr}");
    assert_eq!(stdout_json(&out)["details"]["mode"], "submit");
}
