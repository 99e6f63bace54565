//! Drafts through a session, with a fake clock: saved at once on a tab change and
//! otherwise at most every 500 ms, holding the final answers after every normal end
//! (submit, elaborate, cancel, timeout) until the host discards it, kept when the
//! session is dropped unfinished, and restored by `resume`.

use std::path::Path;

use ask_contract::{AskForm, ParseOptions, parse_params, result::Mode};
use ask_host::{Notice, Session, draft::DRAFT_SAVE_INTERVAL_MS, settings::Settings};
use ask_keymap::Key;
use ask_settings::AskConfig;
use ask_state::snapshot::FlowSnapshot;
use serde_json::json;

fn form() -> AskForm {
    let payload = json!({"questions": [
        {"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "auth", "label": "Auth"}, {"value": "search", "label": "Search"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn session() -> Session {
    Session::new(form(), Settings::in_memory(AskConfig::default()))
}

fn on_disk(path: &Path) -> FlowSnapshot {
    serde_json::from_slice(&std::fs::read(path).expect("draft file")).expect("a draft")
}

fn keys(s: &mut Session, at: u64, script: &str) {
    for k in script.split_whitespace() {
        s.key_at(k.parse::<Key>().unwrap(), at);
    }
}

#[test]
fn a_tab_change_saves_at_once_other_work_at_most_every_interval() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut s = session().with_draft(&path, false);
    assert_eq!(on_disk(&path).tab, 0, "the draft exists from the start");

    // `2` picks SQLite and moves on to the next tab: saved at once.
    keys(&mut s, 100, "2");
    let saved = on_disk(&path);
    assert_eq!(
        (saved.tab, saved.questions[0].selected.clone()),
        (1, vec![1])
    );

    // A toggle on the same tab soon after waits for the interval...
    keys(&mut s, 200, "space");
    assert!(on_disk(&path).questions[1].selected.is_empty());
    s.tick_at(100 + DRAFT_SAVE_INTERVAL_MS - 1);
    assert!(on_disk(&path).questions[1].selected.is_empty());
    // ...and is saved by the first tick after it.
    s.tick_at(100 + DRAFT_SAVE_INTERVAL_MS);
    assert_eq!(on_disk(&path).questions[1].selected, vec![0]);

    // Dropped unfinished (a kill, a closed terminal, a crash): the draft stays.
    drop(s);
    assert!(path.exists());
}

/// The draft outlives the flow until the host stored the result: a result write that
/// fails (a full disk, a closed pipe) must not lose the answers.
#[test]
fn every_normal_end_keeps_the_final_draft_until_the_host_discards_it() {
    let ends: [(&str, &str, Option<Mode>); 3] = [
        ("submit", "2 space enter 1 1", Some(Mode::Submit)),
        ("elaborate", "2 space enter 2 2", Some(Mode::Elaborate)),
        ("cancel", "2 ctrl+c ctrl+c", None),
    ];
    for (name, script, mode) in ends {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("draft.json");
        let mut s = session().with_draft(&path, false);
        keys(&mut s, 100, script);
        let result = s.result().unwrap_or_else(|| panic!("{name}: not over"));
        match mode {
            Some(mode) => assert_eq!(result.details.mode, mode, "{name}"),
            None => assert!(result.details.cancelled, "{name}"),
        }
        let kept = on_disk(&path);
        assert_eq!(kept.questions[0].selected, [1], "{name}: the final answers");
        assert_eq!(s.draft_path(), Some(path.as_path()), "{name}");
        assert!(s.discard_draft(), "{name}");
        assert!(
            !path.exists(),
            "{name}: discarded once the result is stored"
        );
        assert_eq!(s.draft_path(), None);
        // Later input saves nothing again.
        s.tick_at(10_000);
        assert!(!path.exists(), "{name}");
    }

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut s = session().with_idle_timeout(2).with_draft(&path, false);
    keys(&mut s, 100, "2");
    assert!(path.exists());
    s.tick_at(2_200);
    assert!(s.result().expect("timed out").details.timed_out);
    assert!(
        path.exists(),
        "a timeout keeps the draft until the result is stored"
    );
    assert!(s.discard_draft());
    assert!(!path.exists());
}

#[test]
fn resume_restores_a_matching_draft_and_says_why_it_skips_another() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut first = session().with_draft(&path, false);
    keys(&mut first, 100, "2 space");
    first.tick_at(1_000);
    drop(first);

    let mut again = session().with_draft(&path, true);
    assert!(again.notices().is_empty(), "{:?}", again.notices());
    keys(&mut again, 100, "enter 1 1");
    let answers = serde_json::to_value(again.result().expect("submitted")).unwrap();
    assert_eq!(
        answers["details"]["answers"]["db"]["values"],
        json!(["lite"])
    );
    assert_eq!(
        answers["details"]["answers"]["feat"]["values"],
        json!(["auth"])
    );

    // A draft of another form: not restored, and written over (it is a draft).
    let mut other_form = FlowSnapshot::clone(&on_disk(&path));
    other_form.title = Some("another form".into());
    std::fs::write(&path, serde_json::to_vec(&other_form).unwrap()).unwrap();
    let other = session().with_draft(&path, true);
    assert!(
        matches!(other.notices(), [Notice::DraftNotRestored(why)] if why.contains("other questions")),
        "{:?}",
        other.notices()
    );
    assert_eq!(
        on_disk(&path).title,
        None,
        "the path now holds this form's draft"
    );
    assert_eq!(
        other.flow().tab(),
        ask_state::Tab::Question(0),
        "starts fresh"
    );
}

/// Takes every temporary name the atomic write of `path` would try next in this process
/// (`.<name>.<pid>.<n>.tmp`), so saving fails while the last draft stays on disk, as it
/// does when the process ran out of file descriptors or the disk is full.
fn block_saves(path: &Path) -> Vec<std::path::PathBuf> {
    let dir = path.parent().unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    (0..3000)
        .map(|n| {
            let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
            std::fs::write(&tmp, b"").unwrap();
            tmp
        })
        .collect()
}

fn not_saved(s: &Session) -> usize {
    s.notices()
        .iter()
        .filter(|n| matches!(n, Notice::DraftNotSaved(_)))
        .count()
}

#[test]
fn a_failed_save_is_told_once_retried_and_the_draft_still_goes_at_a_normal_end() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut s = session().with_draft(&path, false);
    keys(&mut s, 100, "2");
    assert_eq!(on_disk(&path).questions[0].selected, [1]);

    let blocked = block_saves(&path);
    keys(&mut s, 700, "space");
    assert_eq!(not_saved(&s), 1, "the person is told: {:?}", s.notices());
    assert!(
        s.notices()
            .last()
            .unwrap()
            .to_string()
            .contains("trying again"),
        "{:?}",
        s.notices()
    );
    assert_eq!(
        s.draft_path(),
        Some(path.as_path()),
        "the draft is still kept"
    );
    assert!(s.needs_ticks(), "the retry waits for the clock");
    s.tick_at(1_300);
    assert_eq!(not_saved(&s), 1, "told once, not at every retry");
    assert!(on_disk(&path).questions[1].selected.is_empty());

    for tmp in blocked {
        std::fs::remove_file(tmp).unwrap();
    }
    s.tick_at(1_900);
    assert_eq!(
        on_disk(&path).questions[1].selected,
        [0],
        "saving resumed by itself"
    );
    assert!(
        s.notices()
            .last()
            .unwrap()
            .to_string()
            .contains("saved again"),
        "{:?}",
        s.notices()
    );

    // Failing again, then cancelled: the stale draft still goes once the result is stored.
    let blocked = block_saves(&path);
    keys(&mut s, 2_500, "space");
    keys(&mut s, 2_600, "ctrl+c ctrl+c");
    assert!(s.result().expect("cancelled").details.cancelled);
    assert!(path.exists());
    assert!(s.discard_draft(), "the draft is deleted at a normal end");
    assert!(!path.exists(), "no stale draft after Cancel");
    drop(blocked);
}
