//! Settings paths that are not regular files are refused (promptly, without reading
//! them), reads are capped, and the read-only loader never touches the file.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use ask_settings::{
    AskConfig, ConfigNotice, ConfigStore, SettingsError, fs::MAX_SETTINGS_BYTES, paths::ConfigPaths,
};
use serde_json::json;

use crate::guarded;

fn paths(config: &Path) -> ConfigPaths {
    ConfigPaths::file(config.to_path_buf())
}

fn assert_not_a_file(result: Result<(), SettingsError>, path: &Path, kind: &str) {
    let err = result.expect_err("a path that is not a regular file is refused");
    assert!(
        matches!(&err, SettingsError::NotAFile { path: p, .. } if p == path),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(kind), "{message}");
    assert!(message.contains("--config"), "says what to do: {message}");
}

#[test]
fn a_fifo_as_the_settings_path_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("ask-user.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let p = fifo.clone();
    let opened = guarded("open_paths on a FIFO", move || {
        ConfigStore::open_paths(&paths(&p)).map(|_| ())
    });
    assert_not_a_file(opened, &fifo, "FIFO");
    let p = fifo.clone();
    let peeked = guarded("load_read_only on a FIFO", move || {
        ConfigStore::load_read_only(&paths(&p)).map(|_| ())
    });
    assert_not_a_file(peeked, &fifo, "FIFO");
}

#[test]
fn dev_zero_as_the_settings_path_is_refused_without_reading_it() {
    let zero = PathBuf::from("/dev/zero");
    let opened = guarded("open_paths on /dev/zero", || {
        ConfigStore::open_paths(&paths(Path::new("/dev/zero"))).map(|_| ())
    });
    assert_not_a_file(opened, &zero, "character device");
    let peeked = guarded("load_read_only on /dev/zero", || {
        ConfigStore::load_read_only(&paths(Path::new("/dev/zero"))).map(|_| ())
    });
    assert_not_a_file(peeked, &zero, "character device");
}

#[test]
fn a_folder_as_the_settings_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let err = ConfigStore::open_paths(&paths(dir.path())).unwrap_err();
    assert!(err.to_string().contains("a folder"), "{err}");
}

#[test]
fn settings_files_over_the_cap_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let mut big = b"{\"schemaVersion\": 2, \"pad\": \"".to_vec();
    big.resize(usize::try_from(MAX_SETTINGS_BYTES).unwrap() + 10, b'x');
    big.extend_from_slice(b"\"}");
    fs::write(&path, &big).unwrap();
    for result in [
        ConfigStore::open_paths(&paths(&path)).map(|_| ()),
        ConfigStore::load_read_only(&paths(&path)).map(|_| ()),
    ] {
        let err = result.unwrap_err();
        assert!(matches!(err, SettingsError::TooLarge { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains("1048576 bytes"), "{message}");
        assert!(message.contains(&path.display().to_string()), "{message}");
    }
    assert_eq!(fs::read(&path).unwrap(), big, "not backed up or rewritten");
}

/// Bytes, inode and modification time of a file, and the names in its folder.
fn snapshot(path: &Path) -> (Vec<u8>, u64, i64, i64, Vec<std::ffi::OsString>) {
    let meta = fs::metadata(path).unwrap();
    let mut names: Vec<_> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    (
        fs::read(path).unwrap(),
        meta.ino(),
        meta.mtime(),
        meta.mtime_nsec(),
        names,
    )
}

#[test]
fn the_read_only_loader_leaves_a_broken_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    fs::write(&path, b"{ not json").unwrap();
    let before = snapshot(&path);
    let loaded = ConfigStore::load_read_only(&paths(&path)).unwrap();
    assert_eq!(loaded.config, AskConfig::default());
    let [notice] = loaded.notices.as_slice() else {
        panic!("{:?}", loaded.notices);
    };
    assert!(
        matches!(notice, ConfigNotice::LeftAsIs { path: p, problem }
            if *p == path && problem.starts_with("is not valid JSON (")),
        "{notice:?}"
    );
    let text = notice.to_string();
    assert!(
        text.starts_with(&format!("{} is not valid JSON (", path.display()))
            && text.ends_with(
                "; using the default settings and leaving the file as it is (fix it, or open \
                 `ask settings` to move it aside and start from the defaults)"
            ),
        "{text}"
    );
    assert_eq!(snapshot(&path), before);
}

#[test]
fn the_read_only_loader_upgrades_an_old_file_in_memory_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let old = json!({"schemaVersion": 1, "behaviour": {"showFooterHints": false}});
    fs::write(&path, serde_json::to_vec_pretty(&old).unwrap()).unwrap();
    let before = snapshot(&path);
    let loaded = ConfigStore::load_read_only(&paths(&path)).unwrap();
    assert!(!loaded.config.behaviour.show_footer_hints);
    assert_eq!(snapshot(&path), before);
}

#[test]
fn the_read_only_loader_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("extensions").join("ask-user.json");
    let loaded = ConfigStore::load_read_only(&paths(&path)).unwrap();
    assert_eq!(loaded.config, AskConfig::default());
    assert!(loaded.notices.is_empty());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}
