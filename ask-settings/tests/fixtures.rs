//! Every fixture settings file, opened through the store: loaded settings, notices, what
//! happened to the file. Adding a case is adding a file under `tests/fixtures/`.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use ask_settings::{ConfigNotice, ConfigStore};

fn describe_open(fixture: &Path) -> String {
    let original = fs::read(fixture).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    fs::write(&path, &original).unwrap();

    let (store, loaded) = ConfigStore::open(path.clone()).unwrap();
    assert_eq!(store.path(), path);
    assert_eq!(store.config(), &loaded.config);

    let mut backups: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "ask-user.json")
        .collect();
    backups.sort();
    let redact = |text: &str| {
        let mut out = text.replace(&dir.path().display().to_string(), "<dir>");
        for b in &backups {
            out = out.replace(b.as_str(), "ask-user.<timestamp>.bak.json");
        }
        out
    };

    let mut out = String::from("notices:\n");
    for notice in &loaded.notices {
        writeln!(out, "  - {}", redact(&notice.to_string())).unwrap();
    }
    let config = serde_json::to_string_pretty(&loaded.config).unwrap();
    writeln!(out, "config:\n{config}").unwrap();

    let after = fs::read(&path).unwrap();
    if after == original {
        out.push_str("file: unchanged\n");
    } else {
        writeln!(
            out,
            "file rewritten:\n{}",
            String::from_utf8_lossy(&after).trim_end()
        )
        .unwrap();
    }
    match backups.as_slice() {
        [] => out.push_str("backup: none\n"),
        [one] => {
            let saved = fs::read(dir.path().join(one)).unwrap();
            assert_eq!(saved, original, "backups keep the bytes of the broken file");
            assert!(
                one.starts_with("ask-user.") && one.ends_with(".bak.json"),
                "backup name {one}"
            );
            assert!(
                loaded.notices.iter().any(|n| matches!(
                    n,
                    ConfigNotice::BackedUp { path: p, backup, .. }
                        if *p == path && *backup == dir.path().join(one)
                )),
                "{:?}",
                loaded.notices
            );
            out.push_str("backup: ask-user.<timestamp>.bak.json, same bytes as the fixture\n");
        }
        many => panic!("more than one extra file: {many:?}"),
    }
    // Whatever was loaded, the file on disk now loads cleanly to the same settings, or is
    // the user's own file left for them to fix.
    let (_, again) = ConfigStore::open(path).unwrap();
    assert_eq!(again.config, loaded.config);
    out
}

#[test]
fn fixtures_load_as_snapshotted() {
    insta::glob!("fixtures/*.json", |path| {
        insta::assert_snapshot!(describe_open(path));
    });
}
