use std::fs;
use std::path::Path;

use super::FileIndex as Completer;
use super::State;

fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for file in [
        "src/main.rs",
        "src/complete/mod.rs",
        "README.md",
        ".env",
        ".github/workflows/ci.yml",
        "my docs/notes.md",
        "target/debug/ask",
        "debug.log",
        ".git/HEAD",
        ".git/objects/ab/cdef",
    ] {
        let path = root.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "x").unwrap();
    }
    fs::write(root.join(".gitignore"), "target/\n*.log\n").unwrap();
    dir
}

fn paths(completer: &mut Completer, query: &str) -> Vec<String> {
    completer
        .query(query)
        .into_iter()
        .map(|c| {
            if c.is_dir {
                format!("{}/", c.path)
            } else {
                c.path
            }
        })
        .collect()
}

#[test]
fn index_respects_gitignore_keeps_hidden_files_and_skips_git() {
    let dir = tree();
    let mut completer = Completer::build(dir.path());
    assert!(completer.is_ready());
    let mut all = paths(&mut completer, "");
    all.sort();
    assert_eq!(
        all,
        [
            ".env",
            ".github/",
            ".github/workflows/",
            ".github/workflows/ci.yml",
            ".gitignore",
            "README.md",
            "my docs/",
            "my docs/notes.md",
            "src/",
            "src/complete/",
            "src/complete/mod.rs",
            "src/main.rs",
        ]
    );
}

#[test]
fn empty_query_lists_shallow_entries_folders_first() {
    let dir = tree();
    let mut completer = Completer::build(dir.path());
    let first: Vec<_> = paths(&mut completer, "").into_iter().take(3).collect();
    assert_eq!(first, [".github/", "my docs/", "src/"]);
    assert!(
        !crate::setup::CompletionSource::is_partial(&completer),
        "an index under its caps is whole"
    );
}

#[test]
fn fuzzy_query_ranks_the_closest_path_first() {
    let dir = tree();
    let mut completer = Completer::build(dir.path());
    assert_eq!(paths(&mut completer, "mainrs")[0], "src/main.rs");
    assert_eq!(paths(&mut completer, "readme")[0], "README.md");
    assert_eq!(paths(&mut completer, "src/com")[0], "src/complete/");
    assert!(paths(&mut completer, "zzzz").is_empty());
}

#[test]
fn narrowing_gives_the_same_results_as_a_fresh_query() {
    let dir = tree();
    let mut narrowing = Completer::build(dir.path());
    let mut typed = String::new();
    for c in "src/mod".chars() {
        typed.push(c);
        let step = paths(&mut narrowing, &typed);
        let fresh = paths(&mut Completer::build(dir.path()), &typed);
        assert_eq!(step, fresh, "query {typed:?}");
    }
    // Deleting a character (not an extension of the last query) starts over.
    assert_eq!(
        paths(&mut narrowing, "src/m"),
        paths(&mut Completer::build(dir.path()), "src/m")
    );
}

#[test]
fn background_index_finishes_and_answers() {
    let dir = tree();
    let mut completer = Completer::spawn(dir.path().to_path_buf());
    let start = std::time::Instant::now();
    while !completer.is_ready() {
        assert!(start.elapsed().as_secs() < 10, "index did not finish");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(completer.indexed(), 12);
    assert_eq!(paths(&mut completer, "notes")[0], "my docs/notes.md");
}

#[test]
fn missing_root_gives_an_empty_index() {
    let mut completer = Completer::build(Path::new("/nonexistent/ask-root"));
    assert!(completer.query("").is_empty());
}

#[test]
fn lazy_index_walks_at_the_first_query_only() {
    let dir = tree();
    let mut completer = Completer::lazy(dir.path().to_path_buf());
    assert!(!completer.is_ready());
    assert_eq!(completer.indexed(), 0);
    assert_eq!(paths(&mut completer, "notes")[0], "my docs/notes.md");
    assert!(completer.is_ready());
    assert_eq!(completer.indexed(), 12);
    // Files created after the walk are not seen: the answers stay deterministic.
    fs::write(dir.path().join("notes2.md"), "x").unwrap();
    assert_eq!(paths(&mut completer, "notes2"), Vec::<String>::new());
}

#[test]
fn path_status_says_what_is_under_the_root() {
    use crate::setup::CompletionSource;
    use ask_state::paths::PathStatus;
    let dir = tree();
    for mut index in [
        Completer::build(dir.path()),
        Completer::lazy(dir.path().to_path_buf()),
    ] {
        assert_eq!(index.path_status("src"), Some(PathStatus::Dir));
        assert_eq!(index.path_status("src/main.rs"), Some(PathStatus::File));
        assert_eq!(
            index.path_status("my docs/notes.md"),
            Some(PathStatus::File)
        );
        assert_eq!(index.path_status("nope.toml"), Some(PathStatus::Missing));
        // Ignored files exist too: existence is the file system's, not the index's.
        assert_eq!(
            index.path_status("target/debug/ask"),
            Some(PathStatus::File)
        );
    }
}

/// A form where nobody types `@` never walks the tree: the walk starts at the first query.
#[test]
fn the_background_walk_starts_at_the_first_query() {
    let dir = tree();
    let mut completer = Completer::on_first_query(dir.path().to_path_buf());
    // No index exists before the first query, so no walk can have started: the
    // background thread is only spawned where the state becomes `Ready`.
    assert!(
        matches!(completer.state, State::Deferred(_)),
        "nothing walked before a query"
    );
    assert_eq!(completer.indexed(), 0);
    assert!(!completer.is_ready());
    let _ = completer.query("main");
    let started = std::time::Instant::now();
    while !completer.is_ready() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "the walk never ended"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(paths(&mut completer, "mainrs"), ["src/main.rs"]);
}

/// The index is bounded by the bytes of its paths, not only by their number: long deep
/// paths stop the walk once they total the cap.
#[test]
fn the_index_stops_at_its_path_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let long = "d".repeat(200);
    let mut deep = dir.path().to_path_buf();
    for _ in 0..10 {
        deep.push(&long);
    }
    fs::create_dir_all(&deep).unwrap();
    for i in 0..50 {
        fs::write(deep.join(format!("{i:03}{}", "f".repeat(200))), "x").unwrap();
    }
    let caps = super::index::Caps {
        entries: 1_000_000,
        bytes: 20_000,
    };
    let completer = super::capped(dir.path(), caps);
    let mut held = 0;
    let State::Ready { index, .. } = &completer.state else {
        panic!("walked");
    };
    for e in index.entries.read().unwrap().iter() {
        held += e.path.len();
    }
    assert!(held <= 20_000, "{held} bytes of paths held");
    assert!(
        crate::setup::CompletionSource::is_partial(&completer),
        "a capped index says it holds part of the tree"
    );
    assert!(completer.indexed() < 60, "{} entries", completer.indexed());
    assert!(
        completer.indexed() >= 5,
        "what fits is kept: {}",
        completer.indexed()
    );
}

/// The walk queues no more than the index may keep: a folder of many long entries
/// was queued whole (770 MB of paths for a hostile tree) before the cap applied.
#[test]
fn the_walk_queues_no_more_than_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let long = "d".repeat(200);
    let mut deep = dir.path().to_path_buf();
    for _ in 0..5 {
        deep.push(&long);
    }
    fs::create_dir_all(&deep).unwrap();
    for i in 0..2000 {
        fs::write(deep.join(format!("{i:04}{}", "f".repeat(200))), "").unwrap();
    }
    let caps = super::index::Caps {
        entries: 1_000_000,
        bytes: 50_000,
    };
    let completer = super::capped(dir.path(), caps);
    let State::Ready { index, .. } = &completer.state else {
        panic!("walked");
    };
    let queued = index
        .admitted
        .bytes
        .load(std::sync::atomic::Ordering::Relaxed);
    assert!(queued <= 50_000, "{queued} bytes of paths queued");
    let held: usize = index
        .entries
        .read()
        .unwrap()
        .iter()
        .map(|e| e.path.len())
        .sum();
    assert!((40_000..=50_000).contains(&held), "{held} bytes held");
    assert!(
        index
            .admitted
            .refused
            .load(std::sync::atomic::Ordering::Relaxed),
        "the rest was kept out"
    );
}
