//! Session files are read up to `MAX_SESSION_BYTES`: an endless or oversized file is
//! refused with `TooLarge` (a regular one before reading), a pipe still works, and
//! lines of garbage are skipped without being kept.

use std::io::Write;
use std::time::{Duration, Instant};

use ask_extract::{
    ExtractError,
    session::{MAX_SESSION_BYTES, PiSession},
};

const SESSION: &str = concat!(
    r#"{"type":"session","version":3,"id":"s1","timestamp":"","cwd":"/w"}"#,
    "\n",
    r#"{"type":"message","id":"a","parentId":null,"message":{"role":"assistant","content":[{"type":"text","text":"Ok?"}],"stopReason":"stop"}}"#,
    "\n",
);

fn assert_too_large(err: &ExtractError, path: &str) {
    assert!(
        matches!(err, ExtractError::TooLarge { limit, .. } if *limit == MAX_SESSION_BYTES),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(message.contains(path), "{message}");
    assert!(message.contains("larger than 256 MiB"), "{message}");
}

#[cfg(unix)]
#[test]
fn dev_zero_is_refused_at_the_cap() {
    let started = Instant::now();
    let err = PiSession::open("/dev/zero").unwrap_err();
    assert_too_large(&err, "/dev/zero");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_regular_file_over_the_cap_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    let mut file = std::fs::File::create(&path).unwrap();
    file.write_all(SESSION.as_bytes()).unwrap();
    // Sparse: nothing past the first lines is ever written (or read).
    file.set_len(MAX_SESSION_BYTES + 1).unwrap();
    let started = Instant::now();
    let err = PiSession::open(&path).unwrap_err();
    assert_too_large(&err, &path.display().to_string());
    assert!(started.elapsed() < Duration::from_secs(1), "it was read");
}

#[cfg(unix)]
#[test]
fn a_pipe_is_read_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("s.fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, SESSION).unwrap())
    };
    let session = PiSession::open(&fifo).unwrap();
    writer.join().unwrap();
    assert_eq!(session.leaf_id(), Some("a"));
}

#[test]
fn garbage_lines_are_skipped_and_line_numbers_kept() {
    let mut bytes = b"  \n\t\n".to_vec();
    bytes.extend(std::iter::repeat_n(0u8, 1 << 20));
    bytes.extend_from_slice(b"\n   ");
    bytes.extend_from_slice(SESSION.as_bytes());
    bytes.extend_from_slice(b"   \n \t");
    let session = PiSession::from_reader(bytes.as_slice()).unwrap();
    assert_eq!(session.skipped_lines(), 1, "the NUL line");
    let lines: Vec<usize> = session
        .entries()
        .iter()
        .map(ask_extract::session::Entry::line)
        .collect();
    assert_eq!(
        lines,
        [5],
        "the entry's line counts blank and skipped lines"
    );
}
