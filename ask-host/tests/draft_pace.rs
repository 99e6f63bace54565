//! A draft of a huge form is rewritten at a pace its size allows: typing for 5 s in a
//! form of 100,000 questions wrote 71 MB (a 7 MB draft twice a second).

use std::path::Path;

use ask_contract::{ParseOptions, parse_params};
use ask_host::{Session, draft::DRAFT_SAVE_INTERVAL_MS, settings::Settings};
use ask_keymap::Key;
use ask_settings::AskConfig;
use ask_state::snapshot::FlowSnapshot;
use serde_json::json;

/// What identifies one write: each atomic save puts a new file in place.
fn written(path: &Path) -> (u64, std::time::SystemTime) {
    let meta = std::fs::metadata(path).unwrap();
    #[cfg(unix)]
    let id = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let id = meta.len();
    (id, meta.modified().unwrap())
}

#[test]
fn a_huge_draft_is_saved_at_most_once_per_its_size_at_a_megabyte_a_second() {
    let mut questions = vec![json!({"id": "first", "prompt": "Which?", "options":
        (0..200).map(|j| json!({"value": format!("v{j}"), "label": format!("Option {j}")})).collect::<Vec<_>>()})];
    questions.extend((1..100_000).map(|i| {
        json!({"id": format!("q{i}"), "prompt": "Pick", "options": [
            {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]})
    }));
    let form = parse_params(&json!({"questions": questions}), ParseOptions::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    let mut s =
        Session::new(form, Settings::in_memory(AskConfig::default())).with_draft(&path, false);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size > 4_000_000, "a draft of {size} bytes");

    // Five seconds of keys, one every 50 ms, each changing the draft (the cursor moves).
    let mut last = written(&path);
    let mut bytes = size;
    for k in 1..=100 {
        s.key_at("down".parse::<Key>().unwrap(), k * 50);
        s.tick_at(k * 50 + 1);
        let now = written(&path);
        if now != last {
            bytes += std::fs::metadata(&path).unwrap().len();
            last = now;
        }
    }
    // Before: a save every 500 ms, 11 copies. Now the first save only, since a 4+ MB draft
    // waits 4+ s at 1 MiB/s... and at most one more within the five seconds.
    assert!(
        bytes <= 2 * size,
        "{bytes} bytes written for a {size}-byte draft in 5 s"
    );
    // Nothing is lost: once its pace has passed, the next tick saves the latest state.
    s.tick_at(5_000 + size * 1000 / (1024 * 1024) + DRAFT_SAVE_INTERVAL_MS);
    let saved: FlowSnapshot = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(saved.questions[0].cursor, 100);
}
