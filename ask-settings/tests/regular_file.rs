//! `read_regular_file`, the reader for files a program keeps for itself (a host's drafts):
//! anything but a regular file is refused without reading or blocking, reads stop at the
//! cap, and `special_file_kind` tells what a path is without opening it.

use std::fs;
use std::path::Path;

use ask_settings::{
    SettingsError,
    fs::{read_regular_file, special_file_kind},
};

use crate::guarded;
use crate::special_files::mkfifo;

#[test]
fn a_fifo_and_dev_zero_are_refused_without_reading_them() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("draft.json");
    mkfifo(&fifo);
    for (path, kind) in [
        (fifo.clone(), "a FIFO (named pipe)"),
        ("/dev/zero".into(), "a character device"),
    ] {
        let p = path.clone();
        let err =
            guarded("read_regular_file", move || read_regular_file(&p, 1024)).expect_err("refused");
        assert!(
            matches!(&err, SettingsError::NotRegularFile { path: p, kind: k } if *p == path && *k == kind),
            "{err:?}"
        );
        let message = err.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(message.contains("regular file"), "{message}");
        assert_eq!(special_file_kind(&path), Some(kind));
    }
    assert_eq!(special_file_kind(dir.path()), Some("a folder"));
}

#[test]
fn reads_stop_at_the_cap_and_a_missing_file_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    assert!(read_regular_file(&path, 8).unwrap().is_none());
    assert_eq!(special_file_kind(&path), None);

    fs::write(&path, b"12345678").unwrap();
    assert_eq!(read_regular_file(&path, 8).unwrap().unwrap(), b"12345678");
    assert_eq!(special_file_kind(&path), None, "a regular file");

    let err = read_regular_file(&path, 7).unwrap_err();
    assert!(
        matches!(&err, SettingsError::FileTooLarge { limit: 7, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("larger than 7 bytes"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), b"12345678", "left alone");
}

#[test]
fn a_symlink_to_a_regular_file_is_followed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.json");
    fs::write(&target, b"{}").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(Path::new("real.json"), &link).unwrap();
    assert_eq!(read_regular_file(&link, 8).unwrap().unwrap(), b"{}");
    assert_eq!(special_file_kind(&link), None);
}
