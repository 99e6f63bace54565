//! Test helpers that make the special files a path given by the user may name: FIFOs and
//! character devices, which must be written through and never replaced.
//!
//! Shared with the workspace's end-to-end tests (`tests/e2e/files.rs` includes this file
//! by path). It lives in this package because the packaged ask-settings runs its own tests
//! without the rest of the workspace; the e2e crate is never packaged, so it may reach in.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;

/// Makes a FIFO at `path` (with the `mkfifo` command).
pub(crate) fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Opens the FIFO at `path` on a thread and reads it to its end: what one writer wrote.
/// (Opening blocks until a writer opens it; check the FIFO is still one before joining,
/// since a writer that replaced it would leave the reader waiting.)
pub(crate) fn read_fifo(path: &Path) -> JoinHandle<String> {
    let path = PathBuf::from(path);
    std::thread::spawn(move || {
        let mut text = String::new();
        fs::File::open(&path)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    })
}

/// Makes a character device like `/dev/null` at `path` with `mknod`. Only root may make
/// device nodes, and some containers refuse even root: then this prints why the calling
/// test is skipped and returns false.
pub(crate) fn make_null_device(path: &Path) -> bool {
    let made = Command::new("mknod")
        .args(["-m", "666"])
        .arg(path)
        .args(["c", "1", "3"])
        .stderr(Stdio::piped())
        .output();
    match made {
        Ok(out) if out.status.success() => true,
        Ok(out) => {
            println!(
                "skipped: mknod could not make a character device here (needs root): {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            false
        }
        Err(err) => {
            println!("skipped: mknod is not available: {err}");
            false
        }
    }
}
