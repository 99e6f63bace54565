//! `write_atomic` on paths that are not regular files: FIFOs, devices and open
//! descriptors are written through and never replaced by a regular file; regular files
//! (and symlinks to them) are still replaced atomically.

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::Path;
use std::process::{Command, Stdio};

use ask_settings::fs::write_atomic;

use crate::special_files::{make_null_device, mkfifo, read_fifo};

#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.fifo");
    mkfifo(&fifo);
    let reader = read_fifo(&fifo);
    write_atomic(&fifo, b"{\"ok\":true}\n").unwrap();
    // Checked before joining: a replaced FIFO would leave the reader waiting forever.
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), "{\"ok\":true}\n");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["out.fifo"], "no temporary file is left");
}

#[test]
fn a_symlink_to_a_fifo_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.fifo");
    let link = dir.path().join("link");
    mkfifo(&fifo);
    std::os::unix::fs::symlink("out.fifo", &link).unwrap();
    let reader = read_fifo(&fifo);
    write_atomic(&link, b"through").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), "through");
}

#[test]
fn a_character_device_made_with_mknod_stays_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let dev = dir.path().join("null");
    if !make_null_device(&dev) {
        return;
    }
    let before = fs::symlink_metadata(&dev).unwrap();
    write_atomic(&dev, b"discarded").unwrap();
    let after = fs::symlink_metadata(&dev).unwrap();
    assert!(after.file_type().is_char_device(), "{after:?}");
    assert_eq!(after.ino(), before.ino());
    assert_eq!(after.rdev(), before.rdev());
}

#[test]
fn an_open_pipe_descriptor_is_written_through() {
    use std::os::fd::AsRawFd;
    let mut cat = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run cat");
    let stdin = cat.stdin.take().unwrap();
    let fd = stdin.as_raw_fd();
    for path in [format!("/proc/self/fd/{fd}"), format!("/dev/fd/{fd}")] {
        write_atomic(Path::new(&path), format!("{path}\n").as_bytes()).unwrap();
    }
    drop(stdin);
    let mut out = String::new();
    cat.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    cat.wait().unwrap();
    assert_eq!(out, format!("/proc/self/fd/{fd}\n/dev/fd/{fd}\n"));
}

#[test]
fn an_open_descriptor_of_a_regular_file_is_appended_to_not_replaced() {
    use std::os::fd::AsRawFd;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.txt");
    fs::write(&path, "first\n").unwrap();
    let file = fs::OpenOptions::new().append(true).open(&path).unwrap();
    let inode = fs::metadata(&path).unwrap().ino();
    write_atomic(
        Path::new(&format!("/dev/fd/{}", file.as_raw_fd())),
        b"second\n",
    )
    .unwrap();
    drop(file);
    assert_eq!(fs::read_to_string(&path).unwrap(), "first\nsecond\n");
    assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
}

#[test]
fn regular_files_and_links_to_them_are_still_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    fs::write(&real, b"old").unwrap();
    let inode = fs::metadata(&real).unwrap().ino();
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(&real).unwrap(), b"new");
    assert_ne!(
        fs::metadata(&real).unwrap().ino(),
        inode,
        "the target was replaced by a rename, not rewritten in place"
    );
    // A dangling link creates its target.
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("made.json", &dangling).unwrap();
    write_atomic(&dangling, b"made").unwrap();
    assert_eq!(fs::read(dir.path().join("made.json")).unwrap(), b"made");
}
