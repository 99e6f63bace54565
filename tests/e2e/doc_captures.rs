//! The screen captures in the READMEs are the renderer's frames: each capture block is
//! preceded by a comment naming its payload, size and key script, and this test renders
//! it again with `ask run --script ... --frame-out` and compares. `ASK_UPDATE_DOCS=1`
//! rewrites the blocks instead (then review the diff).
//!
//! ```text
//! <!-- capture: examples/mixed.json 78x24 ["tab"] skip=0 -->
//! ```
//!
//! The path is relative to the repository root; `skip=N` leaves the block's first `N`
//! lines alone (shell or host text above the form).

use std::path::{Path, PathBuf};

use crate::support::{ask, code, run};

const DOCS: [&str; 4] = [
    "README.md",
    "docs/cli.md",
    "ask-cli/README.md",
    "ask-cli/pi/README.md",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Capture {
    payload: String,
    width: String,
    height: String,
    script: String,
    skip: usize,
}

fn parse(comment: &str) -> Capture {
    let spec = comment
        .trim()
        .strip_prefix("<!-- capture:")
        .and_then(|s| s.strip_suffix("-->"))
        .unwrap_or_else(|| panic!("bad capture comment {comment:?}"))
        .trim();
    let (payload, rest) = spec.split_once(' ').expect("payload then size");
    let (size, rest) = rest.trim().split_once(' ').expect("size then script");
    let (width, height) = size.split_once('x').expect("WxH");
    let (script, skip) = match rest.rsplit_once(" skip=") {
        Some((script, n)) => (script, n.trim().parse().expect("skip=N")),
        None => (rest, 0),
    };
    Capture {
        payload: payload.to_owned(),
        width: width.to_owned(),
        height: height.to_owned(),
        script: script.trim().to_owned(),
        skip,
    }
}

/// The frame `capture` gives, one line per row, trailing spaces trimmed.
fn render(capture: &Capture) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let frame = dir.path().join("frame.txt");
    let payload = root().join(&capture.payload);
    let out = run(ask(&[
        "run",
        "--input",
        payload.to_str().expect("utf-8 path"),
        "--config",
        dir.path()
            .join("ask-user.json")
            .to_str()
            .expect("utf-8 path"),
        "--script",
        &capture.script,
        "--width",
        &capture.width,
        "--height",
        &capture.height,
        "--frame-out",
        frame.to_str().expect("utf-8 path"),
        "--output",
        dir.path().join("r.json").to_str().expect("utf-8 path"),
    ])
    .current_dir(root()));
    assert!(
        [0, 1].contains(&code(&out)),
        "{}: {}",
        capture.payload,
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&frame)
        .expect("frame written")
        .lines()
        .map(|l| l.trim_end().to_owned())
        .collect()
}

#[test]
fn readme_captures_are_what_the_renderer_draws() {
    let update = std::env::var_os("ASK_UPDATE_DOCS").is_some();
    let mut checked = 0;
    for doc in DOCS {
        let path = root().join(doc);
        let text = std::fs::read_to_string(&path).expect("doc exists");
        let mut out: Vec<String> = Vec::new();
        let mut lines = text.lines().peekable();
        let mut stale = Vec::new();
        while let Some(line) = lines.next() {
            out.push(line.to_owned());
            if !line.trim_start().starts_with("<!-- capture:") {
                continue;
            }
            let capture = parse(line);
            let fence = lines.next().expect("a fenced block after the comment");
            assert!(fence.starts_with("```"), "{doc}: {fence:?} after {line}");
            out.push(fence.to_owned());
            let mut block = Vec::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                block.push(l.trim_end().to_owned());
            }
            let frame = render(&capture);
            let kept = block.iter().take(capture.skip).cloned();
            let want: Vec<String> = kept.chain(frame).collect();
            if block != want {
                stale.push(format!(
                    "{doc}: capture {line}\n--- in the doc ---\n{}\n--- the renderer ---\n{}",
                    block.join("\n"),
                    want.join("\n")
                ));
            }
            out.extend(want);
            out.push("```".to_owned());
            checked += 1;
        }
        if update {
            let mut new = out.join("\n");
            new.push('\n');
            if new != text {
                std::fs::write(&path, new).expect("rewrite the doc");
            }
        } else {
            assert!(
                stale.is_empty(),
                "stale screen captures (rerun with ASK_UPDATE_DOCS=1 to rewrite them):\n{}",
                stale.join("\n\n")
            );
        }
    }
    assert!(checked >= 4, "only {checked} captures found");
}

/// The key lists in docs/cli.md, ask-cli's README and `ask run --help` name every default key of the form
/// (the `global` and `main` actions) and explain `t multi` / `t single`.
#[test]
fn key_lists_name_every_default_key() {
    let keymap = ask_keymap::Keymap::default();
    let help = run(&ask(&["run", "--help"]));
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    for doc in ["docs/cli.md", "ask-cli/README.md"] {
        let text = std::fs::read_to_string(root().join(doc)).expect("doc exists");
        let at = text
            .find("Keys")
            .unwrap_or_else(|| panic!("{doc} has no key list"));
        let list: String = text[at..].chars().take(1500).collect();
        for context in [ask_keymap::Context::Global, ask_keymap::Context::Main] {
            for action in context.actions() {
                let label = keymap.first_label(action);
                assert!(
                    list.contains(&format!("`{label}`")),
                    "{doc}'s key list lacks `{label}` ({})",
                    action.qualified_name()
                );
            }
        }
        assert!(list.contains("`t multi` or `t single`"), "{doc}: {list}");
    }
    for word in [
        "Enter", "Space", "1-9", "Tab", "Shift+N", "t switch", "t multi", "/ filter", "Alt+O",
    ] {
        assert!(
            help.contains(word),
            "ask run --help lacks {word:?}:\n{help}"
        );
    }
}
