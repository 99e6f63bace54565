//! Finding (and building) the `ask` binary, running it, and temp payloads.
//!
//! The binary lives in another package, so `CARGO_BIN_EXE_ask` does not exist
//! here. Instead the first test that needs it runs `cargo build -p ask-user` once,
//! into the same target dir and profile as this test binary (derived from its own
//! path, `<target>/<profile>/deps/e2e-*`), and uses `<target>/<profile>/ask`.
//! Set `ASK_BIN` to test another build (for example a release binary).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Path of the `ask` binary under test, built on first use.
pub(crate) fn ask_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("ASK_BIN") {
            return PathBuf::from(bin);
        }
        let exe = std::env::current_exe().expect("test binary path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("test binary lives in <target>/<profile>/deps");
        let target_dir = profile_dir.parent().expect("target dir");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "--quiet", "-p", "ask-user", "--bin", "ask"])
            .env("CARGO_TARGET_DIR", target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build -p ask-user");
        assert!(status.success(), "cargo build -p ask-user failed");
        profile_dir.join("ask")
    })
}

/// Path of an example host of the `ask-examples` package (`examples/<name>.rs`), built on
/// first use into this test binary's target dir and profile, as [`ask_bin`] builds `ask`.
pub(crate) fn example_bin(name: &str) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binary lives in <target>/<profile>/deps");
    let mut done = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !done.iter().any(|b| b == name) {
        let target_dir = profile_dir.parent().expect("target dir");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .args(["build", "--quiet", "-p", "ask-examples", "--example", name])
            .env("CARGO_TARGET_DIR", target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build -p ask-examples");
        assert!(
            status.success(),
            "cargo build -p ask-examples --example {name} failed"
        );
        done.push(name.to_owned());
    }
    profile_dir.join("examples").join(name)
}

/// Whether the binary under test has the test hooks (`ASK_TEST_PANIC_KEY`,
/// `ASK_TEST_STARTUP_PAUSE_MS`). Only debug builds do; the binary built here has this test
/// binary's profile (`cargo test` debug, `cargo test --release` release), and one given
/// with `ASK_BIN` is taken for a release build. When there are none, prints that `what`
/// is skipped and why.
pub(crate) fn test_hooks(what: &str) -> bool {
    let hooks = has_test_hooks();
    if !hooks {
        println!(
            "skipped: {what} needs the test hooks of a debug build of ask, and this is a \
             release build (cargo test --release, or ASK_BIN)"
        );
    }
    hooks
}

/// [`test_hooks`] without the message.
pub(crate) fn has_test_hooks() -> bool {
    cfg!(debug_assertions) && std::env::var_os("ASK_BIN").is_none()
}

/// A command for `ask` with a clean environment for config lookups, in English whatever
/// the machine's language.
pub(crate) fn ask(args: &[&str]) -> Command {
    let mut cmd = Command::new(ask_bin());
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("ASK_CONFIG")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("PI_CODING_AGENT_DIR", "/nonexistent-ask-test-dir");
    cmd
}

/// Runs `ask` with `stdin` as its standard input and no controlling terminal,
/// and returns its output.
pub(crate) fn run_with_stdin(cmd: &Command, stdin: &str) -> Output {
    let mut child = detached(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn ask");
    let mut pipe = child.stdin.take().expect("stdin");
    // A command that fails early (a usage error) may exit before reading its stdin.
    match pipe.write_all(stdin.as_bytes()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {err}"),
        _ => {}
    }
    drop(pipe);
    child.wait_with_output().expect("wait ask")
}

/// Runs `ask` without a controlling terminal and with empty stdin.
pub(crate) fn run(cmd: &Command) -> Output {
    run_with_stdin(cmd, "")
}

/// The same command wrapped in `setsid --wait`: a new session has no
/// controlling terminal, so `/dev/tty` cannot be opened (unsafe `pre_exec`
/// is not allowed in this workspace).
pub(crate) fn detached(cmd: &Command) -> Command {
    let mut wrapped = Command::new("setsid");
    wrapped
        .arg("--wait")
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(v) => wrapped.env(key, v),
            None => wrapped.env_remove(key),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        wrapped.current_dir(dir);
    }
    wrapped
}

/// Exit code of a finished process.
pub(crate) fn code(out: &Output) -> i32 {
    out.status.code().expect("exited normally")
}

/// Stdout parsed as JSON.
pub(crate) fn stdout_json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|err| {
        panic!(
            "stdout is not JSON ({err}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A temp dir with a file written into it.
pub(crate) fn temp_file(name: &str, content: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, content).expect("write temp file");
    (dir, path)
}

/// A small valid payload with a single and a multi question.
pub(crate) const SMALL: &str = r#"{"title": "Setup", "questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]},
  {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
    {"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}, {"value": "search", "label": "Search"}]}
]}"#;

/// The keys of the JSON object at `path` inside `text`, in the order the text has them.
/// (`serde_json::Value` sorts keys here: nothing in the workspace turns on `serde_json`'s
/// `preserve_order`, so that what we print keeps its order without it.)
pub(crate) fn keys_in_order(text: &[u8], path: &[&str]) -> Vec<String> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Ordered {
        Object(ask_contract::result::IndexMap<String, Ordered>),
        Other(serde::de::IgnoredAny),
    }
    let mut node: Ordered = serde_json::from_slice(text).expect("JSON text");
    for key in path {
        node = match node {
            Ordered::Object(mut fields) => fields
                .shift_remove(*key)
                .unwrap_or_else(|| panic!("no key {key:?}")),
            Ordered::Other(_) => panic!("{key:?}: not an object"),
        };
    }
    match node {
        Ordered::Object(fields) => fields.into_keys().collect(),
        Ordered::Other(_) => panic!("{path:?} is not an object"),
    }
}
