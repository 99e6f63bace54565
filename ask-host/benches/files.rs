//! The `@` file index (`ask_host::files`) on a generated 100k-file tree.
//!
//! Targets (design.md §5): first results <= 150 ms (walk the whole tree and
//! answer the first query), each further keystroke <= 5 ms.
//! The tree is generated once under the temp dir and reused between runs.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use ask_host::files::FileIndex as Completer;
use criterion::{Criterion, criterion_group, criterion_main};

const DIRS: usize = 100;
const SUBDIRS: usize = 10;
const FILES: usize = 100;

fn tree() -> PathBuf {
    let root = std::env::temp_dir().join("ask-bench-tree-100k");
    let marker = root.join(".complete");
    if marker.exists() {
        return root;
    }
    let words = [
        "alpha", "beta", "render", "state", "keymap", "config", "widget", "parser", "server",
        "client",
    ];
    for d in 0..DIRS {
        for s in 0..SUBDIRS {
            let dir = root.join(format!("crate_{d:03}/{}_{s}", words[s % words.len()]));
            fs::create_dir_all(&dir).unwrap();
            for f in 0..FILES {
                let name = format!("{}_{f:03}.rs", words[(f + d) % words.len()]);
                fs::write(dir.join(name), b"").unwrap();
            }
        }
    }
    fs::write(root.join(".gitignore"), "target/\n").unwrap();
    fs::write(&marker, b"").unwrap();
    root
}

fn first_results(c: &mut Criterion, root: &Path) {
    let mut group = c.benchmark_group("complete_100k");
    group.sample_size(20);
    // What a user sees: the index is built in the background and queried as it grows.
    group.bench_function("first_results", |b| {
        b.iter(|| {
            let mut completer = Completer::spawn(root.to_path_buf());
            loop {
                let found = completer.query("rend");
                if !found.is_empty() {
                    break black_box(found);
                }
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
        });
    });
    // The whole walk of 100k files, then the first query.
    group.bench_function("full_index_then_query", |b| {
        b.iter(|| {
            let mut completer = Completer::build(root);
            black_box(completer.query("rend"))
        });
    });
    group.finish();
}

fn keystrokes(c: &mut Criterion, root: &Path) {
    let mut completer = Completer::build(root);
    assert!(completer.indexed() > 100_000);
    let mut group = c.benchmark_group("complete_100k");
    // The worst keystroke: the first character scores every entry.
    group.bench_function("keystroke_first_char", |b| {
        b.iter(|| {
            completer.query("");
            black_box(completer.query("r"))
        });
    });
    // Typing a whole query, one key at a time, narrowing as it grows (per key = / 12).
    let query = "crate_42/ren";
    group.bench_function("type_12_keys", |b| {
        b.iter(|| {
            completer.query("");
            for end in 1..=query.len() {
                black_box(completer.query(&query[..end]));
            }
        });
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let root = tree();
    first_results(c, &root);
    keystrokes(c, &root);
}

criterion_group!(complete, benches);
criterion_main!(complete);
