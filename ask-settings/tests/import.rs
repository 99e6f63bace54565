//! Importing pi-ask settings files (schema versions 1 to 5) into a new settings file: what is
//! imported, that the pi-ask file is never modified, and that the notice comes once.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use ask_settings::{
    AskConfig, ConfigNotice, ConfigStore,
    paths::{ConfigEnv, ConfigPaths, PI_ASK_FILE_NAME},
};

fn paths_for(pi_dir: &Path, explicit: Option<&Path>) -> ConfigPaths {
    let env = ConfigEnv {
        pi_agent_dir: Some(pi_dir.as_os_str()),
        ..ConfigEnv::default()
    };
    ConfigPaths::resolve(explicit, &env).unwrap()
}

fn describe_import(fixture: &Path) -> String {
    let original = fs::read(fixture).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("extensions").join(PI_ASK_FILE_NAME);
    fs::create_dir_all(source.parent().unwrap()).unwrap();
    fs::write(&source, &original).unwrap();
    let paths = paths_for(dir.path(), None);

    let (store, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert_eq!(
        fs::read(&source).unwrap(),
        original,
        "the pi-ask file is never modified"
    );
    let shown = |text: &str| text.replace(&dir.path().display().to_string(), "<pi>");
    let mut out = format!(
        "imported from: {}\ncreated with defaults: {}\nnotices:\n",
        loaded
            .imported_from
            .as_ref()
            .map_or_else(|| "none".to_owned(), |p| shown(&p.display().to_string())),
        loaded.created
    );
    for notice in &loaded.notices {
        writeln!(out, "  - {}", shown(&notice.to_string())).unwrap();
    }
    // The file as written, byte for byte (key order included).
    let written = fs::read_to_string(store.path()).unwrap();
    writeln!(
        out,
        "config:\n{}",
        serde_json::to_string_pretty(&loaded.config).unwrap()
    )
    .unwrap();
    writeln!(out, "file written:\n{}", written.trim_end()).unwrap();

    // The next open finds our file: no second import, no notice, same settings.
    let (_, again) = ConfigStore::open_paths(&paths).unwrap();
    assert!(again.notices.is_empty(), "{:?}", again.notices);
    assert_eq!(again.config, loaded.config);
    assert_eq!(fs::read(&source).unwrap(), original);
    out
}

#[test]
fn pi_ask_files_import_as_snapshotted() {
    insta::glob!("fixtures/pi-ask/*.json", |path| {
        insta::assert_snapshot!(describe_import(path));
    });
}

#[test]
fn the_older_pi_ask_location_is_found_and_the_newer_one_wins() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join(PI_ASK_FILE_NAME);
    fs::write(
        &old,
        r#"{"schemaVersion": 1, "behaviour": {"showFooterHints": false}}"#,
    )
    .unwrap();
    let explicit = dir.path().join("mine").join("ask.json");
    // The pi package passes its own path explicitly; the import still happens.
    let (_, loaded) = ConfigStore::open_paths(&paths_for(dir.path(), Some(&explicit))).unwrap();
    assert!(!loaded.config.behaviour.show_footer_hints);
    assert_eq!(loaded.imported_from.as_deref(), Some(old.as_path()));
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);

    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join(PI_ASK_FILE_NAME),
        r#"{"behaviour": {"showFooterHints": false}}"#,
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("extensions")).unwrap();
    fs::write(
        dir.path().join("extensions").join(PI_ASK_FILE_NAME),
        r#"{"schemaVersion": 5, "behaviour": {"presentSingleAsMulti": true}}"#,
    )
    .unwrap();
    let (_, loaded) = ConfigStore::open_paths(&paths_for(dir.path(), None)).unwrap();
    assert!(loaded.config.behaviour.present_single_as_multi);
    assert!(loaded.config.behaviour.show_footer_hints);
    assert_eq!(
        loaded.imported_from,
        Some(dir.path().join("extensions").join(PI_ASK_FILE_NAME))
    );
}

#[test]
fn an_existing_settings_file_is_never_overwritten_by_an_import() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join(PI_ASK_FILE_NAME),
        r#"{"behaviour": {"showFooterHints": false}}"#,
    )
    .unwrap();
    let paths = paths_for(dir.path(), None);
    fs::create_dir_all(paths.config.parent().unwrap()).unwrap();
    fs::write(&paths.config, "{\"schemaVersion\": 3}").unwrap();
    let (_, loaded) = ConfigStore::open_paths(&paths).unwrap();
    assert!(loaded.config.behaviour.show_footer_hints);
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
}

#[test]
fn a_pi_ask_file_that_is_not_json_is_skipped_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("extensions").join(PI_ASK_FILE_NAME);
    fs::create_dir_all(source.parent().unwrap()).unwrap();
    fs::write(&source, "{ not json").unwrap();
    let (_, loaded) = ConfigStore::open_paths(&paths_for(dir.path(), None)).unwrap();
    assert_eq!(loaded.imported_from, None);
    assert!(loaded.created, "the defaults were written instead");
    assert_eq!(loaded.config, AskConfig::default());
    let [notice] = loaded.notices.as_slice() else {
        panic!("{:?}", loaded.notices);
    };
    assert!(
        matches!(notice, ConfigNotice::ImportSkipped { path, .. } if *path == source),
        "{notice:?}"
    );
    assert_eq!(notice.path(), source);
    let text = notice.to_string();
    assert!(
        text.starts_with(&format!(
            "did not import the pi-ask settings {}: it is not valid JSON (",
            source.display()
        )),
        "{text}"
    );
    assert_eq!(fs::read_to_string(&source).unwrap(), "{ not json");
}
