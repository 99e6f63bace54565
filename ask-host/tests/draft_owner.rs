//! Only a draft is ever written over or deleted: a file that is not one (a payload, a
//! settings file, notes), a symlink to such a file, or a file put at the path while the
//! form is open stays byte for byte; a restored draft that breaks the form's rules loses
//! what does not fit, and says so.

use std::fs;
use std::path::Path;

use ask_contract::{ParseOptions, parse_params};
use ask_host::{
    Notice, Session,
    draft::{DraftFile, draft_path_problem},
    settings::Settings,
};
use ask_keymap::Key;
use ask_settings::AskConfig;
use ask_state::snapshot::FlowSnapshot;
use serde_json::json;

fn payload() -> serde_json::Value {
    json!({"questions": [
        {"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"},
            {"value": "duck", "label": "DuckDB"}]},
        {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "auth", "label": "Auth"}, {"value": "search", "label": "Search"}]}]})
}

fn session() -> Session {
    let form = parse_params(&payload(), ParseOptions::default()).unwrap();
    Session::new(form, Settings::in_memory(AskConfig::default()))
}

fn keys(s: &mut Session, script: &str) {
    for k in script.split_whitespace() {
        s.key_at(k.parse::<Key>().unwrap(), 100);
    }
}

/// A whole form on `path` (resumed or not): the user answers and submits, the host
/// discards the draft as after a stored result. Its notices.
fn answered_on(path: &Path, resume: bool) -> Vec<Notice> {
    let mut s = session().with_draft(path, resume);
    keys(&mut s, "2 space enter 1 1");
    assert!(s.result().is_some(), "submitted");
    let _ = s.discard_draft();
    s.notices().to_vec()
}

fn assert_not_a_draft(notices: &[Notice], path: &Path) {
    assert!(
        matches!(notices, [Notice::DraftNotSaved(why)]
            if why.contains(&path.display().to_string()) && why.contains("not a draft")),
        "{notices:?}"
    );
}

#[test]
fn a_file_that_is_not_a_draft_is_never_written_or_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8]); 4] = [
        ("payload.json", &serde_json::to_vec(&payload()).unwrap()),
        ("notes.txt", b"my notes, not JSON\n"),
        ("settings.json", b"{\"schemaVersion\": 3}"),
        ("almost.json", b"{\"version\": 1}"),
    ];
    for (name, bytes) in cases {
        let path = dir.path().join(name);
        fs::write(&path, bytes).unwrap();
        for resume in [false, true] {
            assert_not_a_draft(&answered_on(&path, resume), &path);
            assert_eq!(fs::read(&path).unwrap(), bytes, "{name} (resume: {resume})");
        }
        assert!(draft_path_problem(&path).is_some(), "{name}");
    }
}

#[cfg(unix)]
#[test]
fn a_symlink_is_followed_only_to_a_draft() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.json");
    fs::write(&precious, b"{\"keep\": true}").unwrap();
    let link = dir.path().join("to-precious.json");
    std::os::unix::fs::symlink("precious.json", &link).unwrap();
    assert_not_a_draft(&answered_on(&link, false), &link);
    assert_eq!(fs::read(&precious).unwrap(), b"{\"keep\": true}");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );

    // A link to nothing: nothing would be destroyed, but a file would appear elsewhere.
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("nowhere/at/all.json", &dangling).unwrap();
    let notices = answered_on(&dangling, false);
    assert!(
        matches!(notices.as_slice(), [Notice::DraftNotSaved(why)] if why.contains("symlink to nothing")),
        "{notices:?}"
    );
    assert!(!dir.path().join("nowhere").exists());

    // A link to a draft of ours: written through, and the draft deleted at the end.
    let real = dir.path().join("real-draft.json");
    let mut first = session().with_draft(&real, false);
    keys(&mut first, "2");
    drop(first);
    let to_draft = dir.path().join("to-draft.json");
    std::os::unix::fs::symlink("real-draft.json", &to_draft).unwrap();
    let notices = answered_on(&to_draft, true);
    assert!(notices.is_empty(), "{notices:?}");
    assert!(!real.exists(), "the draft it pointed to is deleted");
}

#[test]
fn a_file_put_at_the_path_mid_form_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut s = session().with_draft(&path, false);
    keys(&mut s, "2");
    assert!(draft_path_problem(&path).is_none(), "our draft is there");
    // Someone else's file replaces it (same size or not, a new file).
    fs::remove_file(&path).unwrap();
    fs::write(&path, b"their file").unwrap();
    keys(&mut s, "space enter");
    assert!(
        matches!(s.notices(), [Notice::DraftNotSaved(why)] if why.contains("not a draft")),
        "{:?}",
        s.notices()
    );
    keys(&mut s, "1 1");
    assert!(s.result().is_some());
    assert!(!s.discard_draft(), "nothing is deleted");
    assert_eq!(fs::read(&path).unwrap(), b"their file");

    // The same through the file type hosts use themselves.
    assert!(DraftFile::open(&path).is_err());
    let fresh = dir.path().join("fresh.json");
    let mut draft = DraftFile::open(&fresh).expect("a new path");
    draft
        .write(b"{\"version\":1,\"tab\":0,\"questions\":[]}")
        .unwrap();
    fs::write(&fresh, b"replaced").unwrap();
    assert!(draft.write(b"{}").is_err());
    assert!(!draft.remove());
    assert_eq!(fs::read(&fresh).unwrap(), b"replaced");
}

#[test]
fn a_restored_draft_loses_what_breaks_the_forms_rules_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut first = session().with_draft(&path, false);
    keys(&mut first, "1");
    drop(first);
    // Hand-edited: three options on the single-select question, one twice on the multi.
    let mut snap: FlowSnapshot = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    snap.questions[0].selected = vec![2, 0, 1];
    snap.questions[1].selected = vec![1, 1];
    fs::write(&path, serde_json::to_vec(&snap).unwrap()).unwrap();

    let mut s = session().with_draft(&path, true);
    let [Notice::DraftAdjusted(why)] = s.notices() else {
        panic!("{:?}", s.notices());
    };
    assert!(
        why.contains("question 1 takes one answer: kept option 3"),
        "{why}"
    );
    assert!(why.contains("question 2 listed an option twice"), "{why}");
    keys(&mut s, "enter 1 1");
    let result = serde_json::to_value(s.result().expect("submitted")).unwrap();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["duck"])
    );
    assert_eq!(
        result["details"]["answers"]["feat"]["values"],
        json!(["search"])
    );
}
