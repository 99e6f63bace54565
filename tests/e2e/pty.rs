//! The real binary in a pseudo-terminal: keys in, the screen parsed back with
//! vt100, the raw bytes kept for checks on what reached the terminal.
//!
//! Each session runs `sh -c 'stty -a > before; ask ...; echo $? > code; stty -a > after'`
//! so the terminal modes before and after `ask` can be compared.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

use crate::support::ask_bin;

pub(crate) const TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a [`Session`] may live: every wait above is bounded by [`TIMEOUT`], but a
/// test blocked elsewhere (a write to a terminal nobody reads, a wait of its own) would
/// hang the whole run. Past this, the session's watchdog says which test hung and kills
/// its shell and `ask`, so the test's next step fails and the run goes on; a test still
/// stuck [`TIMEOUT`] later ends the test process, failing the run with the test's name.
const SESSION_LIMIT: Duration = Duration::from_secs(90);

/// How the terminal reads ask's output: on, paused (a stalled terminal), or closing.
#[derive(Default)]
pub(crate) struct Gate {
    pub(crate) paused: std::sync::atomic::AtomicBool,
    pub(crate) closing: std::sync::atomic::AtomicBool,
}

impl Gate {
    /// After a read: waits while paused; false when the reader is to stop (closing).
    fn wait_while_paused(&self) -> bool {
        use std::sync::atomic::Ordering::SeqCst;
        while self.paused.load(SeqCst) && !self.closing.load(SeqCst) {
            std::thread::sleep(Duration::from_millis(5));
        }
        !self.closing.load(SeqCst)
    }
}
/// How long after the latest output [`Session::send_bytes`] waits before the first key:
/// the form's early-key guard (`behaviour.ignoreEarlyKeysMs`, 150 ms by default) and one
/// millisecond for the session's clock, which counts whole milliseconds. No room for a
/// slow machine is needed: the guard starts before the first frame is written (the hosts
/// call `Session::shown` just before painting), so it started no later than the latest
/// output arrived here, and a key written after this wait reaches the form after it.
pub(crate) const EARLY_KEY_WAIT: Duration = Duration::from_millis(151);

/// A running `ask` in a pseudo-terminal.
pub(crate) struct Session {
    /// `None` once the terminal was closed (`pty_gone`).
    pub(crate) master: Option<Box<dyn MasterPty + Send>>,
    pub(crate) writer: Option<Box<dyn Write + Send>>,
    /// Pauses the terminal's reading of ask's output, or ends it (`pty_gone`).
    pub(crate) gate: Arc<Gate>,
    child: Box<dyn Child + Send + Sync>,
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    /// When the latest output arrived (before the first key: about the form's first paint).
    last_output: Arc<Mutex<Option<Instant>>>,
    /// Something was typed already.
    typed: bool,
    /// The reader took everything the terminal will ever get (ask and the shell closed it).
    drained: Arc<std::sync::atomic::AtomicBool>,
    /// Working folder: payload, config, result, stty captures.
    pub(crate) dir: tempfile::TempDir,
    /// Dropped with the session, which stops its watchdog (see [`SESSION_LIMIT`]).
    _watchdog: std::sync::mpsc::Sender<()>,
}

/// Kills the process group of the shell `pid` (the shell and `ask`) if the session is
/// still alive after [`SESSION_LIMIT`], naming the test that started it.
fn watchdog(pid: Option<u32>) -> std::sync::mpsc::Sender<()> {
    let (alive, dropped) = std::sync::mpsc::channel::<()>();
    let test = std::thread::current()
        .name()
        .unwrap_or("a PTY test")
        .to_owned();
    std::thread::spawn(move || {
        if dropped.recv_timeout(SESSION_LIMIT) != Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
            return;
        }
        // Straight to the process's stderr: libtest's capture of `eprintln!` is lost
        // when the process ends below.
        let _ = writeln!(
            std::io::stderr(),
            "{test}: its PTY session is still open after {SESSION_LIMIT:?}; the test hung. \
             Killing its shell and ask so that it fails."
        );
        if let Some(pid) = pid {
            // The shell leads its own session and process group (the pty's).
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .status();
        }
        if dropped.recv_timeout(TIMEOUT) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
            let _ = writeln!(
                std::io::stderr(),
                "{test}: still stuck with its shell and ask gone; ending the test run"
            );
            std::process::exit(101);
        }
    });
    alive
}

impl Session {
    /// Starts `ask <args>` (paths relative to the session folder) at `cols` x `rows`.
    /// `p.json` in the folder holds `payload`; `ask-user.json` is the config.
    pub(crate) fn start(payload: &str, args: &str, cols: u16, rows: u16) -> Self {
        Self::start_with_env(payload, args, cols, rows, &[])
    }

    /// Like [`Session::start`] with extra environment variables.
    pub(crate) fn start_with_env(
        payload: &str,
        args: &str,
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Self {
        Self::start_after("", 0, payload, args, cols, rows, env)
    }

    /// Like [`Session::start_with_env`], running the shell command `before` in the
    /// terminal first (output the form should leave alone), with a terminal that
    /// keeps `scrollback` rows scrolled off its top.
    pub(crate) fn start_after(
        before: &str,
        scrollback: usize,
        payload: &str,
        args: &str,
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Self {
        Self::spawn(
            ask_bin(),
            before,
            scrollback,
            payload,
            args,
            cols,
            rows,
            env,
        )
    }

    /// Starts another program (an example host) the way [`Session::start_with_env`]
    /// starts `ask`: `program <args>` in the session folder at `cols` x `rows`.
    pub(crate) fn start_program(
        program: &Path,
        args: &str,
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Self {
        Self::spawn(program, "", 0, "{}", args, cols, rows, env)
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the two constructors above name them"
    )]
    fn spawn(
        program: &Path,
        before: &str,
        scrollback: usize,
        payload: &str,
        args: &str,
        cols: u16,
        rows: u16,
        env: &[(&str, &str)],
    ) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("p.json"), payload).expect("payload");
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("openpty");
        let script = format!(
            "{before}\nstty -a > before; '{}' {args}; echo $? > code; stty -a > after",
            program.display()
        );
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", &script]);
        cmd.cwd(dir.path());
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env("ASK_CONFIG", dir.path().join("ask-user.json"));
        // English whatever the machine's language (`locale` is `auto`): a test in another
        // language passes `LANG` or `LC_ALL` in `env`.
        cmd.env("LANG", "C.UTF-8");
        cmd.env_remove("LC_ALL");
        cmd.env_remove("LC_MESSAGES");
        for (key, value) in env {
            cmd.env(key, value);
        }
        let child = pair.slave.spawn_command(cmd).expect("spawn ask in a pty");
        drop(pair.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, scrollback)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let last_output = Arc::new(Mutex::new(None));
        let (p, r, last) = (
            Arc::clone(&parser),
            Arc::clone(&raw),
            Arc::clone(&last_output),
        );
        let gate = Arc::new(Gate::default());
        let g = Arc::clone(&gate);
        let drained = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let done = Arc::clone(&drained);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                *last.lock().unwrap() = Some(Instant::now());
                p.lock().unwrap().process(&buf[..n]);
                r.lock().unwrap().extend_from_slice(&buf[..n]);
                if !g.wait_while_paused() {
                    break;
                }
            }
            done.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        let writer = pair.master.take_writer().expect("pty writer");
        let watchdog = watchdog(child.process_id());
        Self {
            master: Some(pair.master),
            writer: Some(writer),
            gate,
            child,
            parser,
            raw,
            last_output,
            typed: false,
            drained,
            dir,
            _watchdog: watchdog,
        }
    }

    /// A path in the session folder.
    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Types bytes into the terminal.
    pub(crate) fn send(&mut self, bytes: &str) {
        self.send_bytes(bytes.as_bytes());
    }

    /// Writes raw bytes (not necessarily UTF-8) into the terminal, as a person would: the
    /// first key not within [`EARLY_KEY_WAIT`] of the latest output (the form drops keys
    /// that arrive within 150 ms of its first paint; see [`Session::send_early`]).
    pub(crate) fn send_bytes(&mut self, bytes: &[u8]) {
        if !self.typed {
            self.wait_past_guard();
        }
        self.send_early(bytes);
    }

    /// Returns once the form's early-key guard is over for certain: [`EARLY_KEY_WAIT`]
    /// after the latest output (the guard's end is not drawn, so it is computed from
    /// what is: the guard began no later than any frame arrived).
    pub(crate) fn wait_past_guard(&self) {
        let last = *self.last_output.lock().unwrap();
        if let Some(wait) = last.and_then(|t| EARLY_KEY_WAIT.checked_sub(t.elapsed())) {
            std::thread::sleep(wait);
        }
    }

    /// Writes bytes at once, however soon after the form appeared.
    pub(crate) fn send_early(&mut self, bytes: &[u8]) {
        self.typed = true;
        self.answer(bytes);
    }

    /// Writes what the terminal itself sends (a reply to a query) at once; unlike a key,
    /// it does not count as typing (the first key still waits, see [`Session::send_bytes`]).
    pub(crate) fn answer(&mut self, bytes: &[u8]) {
        let writer = self.writer.as_mut().expect("the terminal is open");
        writer.write_all(bytes).expect("write to pty");
        writer.flush().expect("flush pty");
    }

    /// Waits until `ask` has written `bytes` to the terminal; panics with what it wrote.
    pub(crate) fn wait_for_bytes(&self, bytes: &[u8]) {
        let start = Instant::now();
        while !self.raw().windows(bytes.len()).any(|w| w == bytes) {
            assert!(
                start.elapsed() < TIMEOUT,
                "ask never wrote {:?}; it wrote {:?}",
                String::from_utf8_lossy(bytes),
                String::from_utf8_lossy(&self.raw())
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The screen as text, one line per row.
    pub(crate) fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `text`; panics with the screen when it does not.
    pub(crate) fn wait_for(&self, text: &str) {
        self.wait_until(&format!("{text:?}"), |screen| screen.contains(text));
    }

    /// Waits until `ready` holds for the screen; panics with `what` and the screen.
    pub(crate) fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) {
        let start = Instant::now();
        while !ready(&self.screen()) {
            assert!(
                start.elapsed() < TIMEOUT,
                "screen never showed {what}:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Every row the terminal holds, the scrollback's first, then the screen's
    /// (trailing spaces trimmed).
    pub(crate) fn history(&self) -> Vec<String> {
        let mut parser = self.parser.lock().unwrap();
        let (rows, cols) = parser.screen().size();
        let rows = usize::from(rows);
        parser.screen_mut().set_scrollback(usize::MAX);
        let back = parser.screen().scrollback();
        let mut lines = Vec::new();
        // With the view `offset` rows up, screen row i shows line `back - offset + i`
        // (the scrollback is lines 0..back); take the scrollback a screenful at a time.
        let mut offset = back;
        while offset > 0 {
            parser.screen_mut().set_scrollback(offset);
            let take = rows.min(offset);
            lines.extend(parser.screen().rows(0, cols).take(take));
            offset -= take;
        }
        parser.screen_mut().set_scrollback(0);
        lines.extend(parser.screen().rows(0, cols));
        lines.iter().map(|l| l.trim_end().to_owned()).collect()
    }

    /// The (row, column) of every cell drawn in reverse video (inline, the
    /// editor cursor is one).
    pub(crate) fn inverse_cells(&self) -> Vec<(u16, u16)> {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| screen.cell(r, c).is_some_and(vt100::Cell::inverse))
            .collect()
    }

    /// The cursor's (row, column) on the screen.
    pub(crate) fn cursor(&self) -> (u16, u16) {
        self.parser.lock().unwrap().screen().cursor_position()
    }

    /// Resizes the terminal (the child gets SIGWINCH), as a terminal emulator does: its
    /// own screen first, then the pty's size. The screen stays locked until the pty has
    /// the new size, so output `ask` drew for the new size (it may answer SIGWINCH
    /// before this returns) never lands on a screen of the old size, which would wrap
    /// or crop it as no real terminal does.
    pub(crate) fn resize(&mut self, cols: u16, rows: u16) {
        let mut parser = self.parser.lock().unwrap();
        parser.screen_mut().set_size(rows, cols);
        self.master
            .as_ref()
            .expect("the terminal is open")
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize pty");
        drop(parser);
    }

    /// The pid of `ask` (the shell's child).
    pub(crate) fn ask_pid(&self) -> u32 {
        let sh = self.child.process_id().expect("shell pid");
        let start = Instant::now();
        loop {
            let children = std::fs::read_to_string(format!("/proc/{sh}/task/{sh}/children"))
                .unwrap_or_default();
            if let Some(pid) = children.split_whitespace().next() {
                return pid.parse().expect("pid");
            }
            assert!(start.elapsed() < TIMEOUT, "ask did not start");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends a signal to `ask` with kill(1).
    pub(crate) fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{name}"), &self.ask_pid().to_string()])
            .status()
            .expect("kill");
        assert!(status.success());
    }

    /// Waits for the shell to finish; returns ask's exit code.
    pub(crate) fn finish(&mut self) -> i32 {
        let start = Instant::now();
        loop {
            if let Some(_status) = self.child.try_wait().expect("wait") {
                break;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "ask did not exit; screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        // The last bytes (the terminal's restore) may still be on their way to the
        // screen model on a loaded machine: wait for the reader to reach the end.
        let start = Instant::now();
        while !self.drained.load(std::sync::atomic::Ordering::SeqCst)
            && start.elapsed() < Duration::from_secs(5)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        read(&self.path("code")).trim().parse().expect("exit code")
    }

    /// The terminal modes now, as `stty -a` prints them (without the size line), read
    /// through the terminal `ask` has as its standard input.
    pub(crate) fn stty_now(&self) -> String {
        let tty = std::fs::File::open(format!("/proc/{}/fd/0", self.ask_pid())).expect("ask's tty");
        let out = std::process::Command::new("stty")
            .arg("-a")
            .stdin(tty)
            .output()
            .expect("stty");
        modes(&String::from_utf8_lossy(&out.stdout))
    }

    /// The terminal modes `sh` saw before starting `ask`.
    pub(crate) fn stty_before(&self) -> String {
        modes(&read(&self.path("before")))
    }

    /// True while the screen shows the alternate screen, a hidden cursor or bracketed paste.
    pub(crate) fn in_full_screen_mode(&self) -> bool {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        screen.alternate_screen() || screen.hide_cursor() || screen.bracketed_paste()
    }

    /// Every byte written to the terminal so far.
    pub(crate) fn raw(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// The result file `r.json`.
    pub(crate) fn result(&self) -> serde_json::Value {
        serde_json::from_str(&read(&self.path("r.json"))).expect("result JSON")
    }

    /// Asserts the terminal modes after `ask` equal those before, and that the
    /// alternate screen, hidden cursor and bracketed paste were switched off.
    pub(crate) fn assert_restored(&self) {
        let before = self.stty_before();
        let after = modes(&read(&self.path("after")));
        assert!(
            before.contains(" icanon") && before.contains(" echo "),
            "{before}"
        );
        assert_eq!(before, after, "terminal modes differ after ask");
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert!(!screen.hide_cursor(), "cursor still hidden");
        assert!(!screen.bracketed_paste(), "bracketed paste still on");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
        }
    }
}

/// `stty -a` output without its first line, which holds the window size (a resize test
/// changes it).
fn modes(text: &str) -> String {
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

pub(crate) const RUN: &str = "run --input p.json --output r.json";

#[test]
fn answer_a_form_in_a_terminal() {
    let mut s = Session::start(crate::support::SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("\x1b[B"); // down
    s.send("\r"); // select SQLite, advance
    s.wait_for("Which features?");
    s.send(" \x1b[B \r"); // toggle Auth, down, toggle Billing, next
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(result["details"]["answers"]["db"]["values"][0], "sqlite");
    assert_eq!(
        result["details"]["answers"]["feat"]["values"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    s.assert_restored();
}

#[test]
fn resize_mid_flow_rerenders_at_the_new_width() {
    let mut s = Session::start(crate::support::SMALL, RUN, 100, 30);
    s.wait_for("Which database?");
    s.resize(44, 14);
    s.send("\x1b[B");
    s.wait_for("❯ 2. SQLite");
    let screen = s.screen();
    assert!(screen.lines().all(|l| l.chars().count() <= 44), "{screen}");
    s.send("\r");
    s.wait_for("Which features?");
    s.send("\x1b"); // cancel: the flow is dirty, so a warning first
    s.wait_for("again to discard");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"][0],
        "sqlite"
    );
    s.assert_restored();
}

#[test]
fn bracketed_paste_goes_into_the_editor_with_its_newline() {
    let mut s = Session::start(crate::support::SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("\x1b[B\x1b[B"); // onto "Type your own": its editor opens
    s.send("\x1b[200~first line\nsecond\x1b[201~");
    s.wait_for("second");
    s.send("\r"); // save, advance
    s.wait_for("Which features?");
    s.send("\x1b[Z"); // shift+tab back... then go to review with tab twice
    s.send("\t\t");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["customText"],
        "first line\nsecond"
    );
    s.assert_restored();
}

#[test]
fn ctrl_c_cancels_restores_the_terminal_and_writes_the_result() {
    let mut s = Session::start(crate::support::SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("1");
    s.wait_for("Which features?");
    s.send("\x03"); // dirty: the first ctrl+c warns
    s.send("\x03");
    assert_eq!(s.finish(), 1);
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(result["details"]["answers"]["db"]["values"][0], "pg");
    s.assert_restored();
}

#[test]
fn a_panic_restores_the_terminal_and_keeps_the_answers() {
    if !crate::support::test_hooks("the panic test") {
        return;
    }
    let mut s = Session::start_with_env(
        crate::support::SMALL,
        RUN,
        80,
        24,
        &[("ASK_TEST_PANIC_KEY", "x"), ("RUST_BACKTRACE", "0")],
    );
    s.wait_for("Which database?");
    s.send("1");
    s.wait_for("Which features?");
    s.send("x");
    assert_eq!(s.finish(), 1, "a crash counts as a cancelled flow");
    s.wait_for("ASK_TEST_PANIC_KEY x pressed");
    s.wait_for("the answers so far were written");
    s.assert_restored();
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["db"]["values"][0], "pg",
        "nothing answered is lost"
    );
}

#[test]
fn sigterm_and_sigint_and_sighup_cancel_with_answers_so_far() {
    for signal in ["TERM", "INT", "HUP"] {
        let mut s = Session::start(crate::support::SMALL, RUN, 80, 24);
        s.wait_for("Which database?");
        s.send("2");
        s.wait_for("Which features?");
        s.signal(signal);
        assert_eq!(s.finish(), 1, "SIG{signal}");
        let result = s.result();
        assert_eq!(result["details"]["cancelled"], true, "SIG{signal}");
        assert_eq!(result["details"]["answers"]["db"]["values"][0], "sqlite");
        s.assert_restored();
    }
}

#[test]
fn a_config_edit_on_disk_applies_to_the_open_flow() {
    let single = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}]}]}"#;
    let mut s = Session::start(single, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("1"); // answered, on the review tab; auto-submit is off
    s.wait_for("Submit");
    let config = s.path("ask-user.json");
    let mut doc: serde_json::Value =
        serde_json::from_str(&read(&config)).expect("config written on first use");
    doc["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"] = true.into();
    std::fs::write(&config, doc.to_string()).unwrap();
    // Switching auto-submit on while fully answered on the review tab completes the flow.
    assert_eq!(s.finish(), 0);
    assert_eq!(s.result()["details"]["answers"]["db"]["values"][0], "pg");
    s.assert_restored();
}

#[test]
fn escape_sequences_in_the_payload_never_reach_the_terminal() {
    let payload = serde_json::json!({"title": "T\u{1b}]0;pwned\u{7}", "questions": [{"id": "q",
        "prompt": "Pick \u{1b}[2J\u{1b}[31mred\u{202e}evil \u{9b}1;1H",
        "options": [{"value": "a", "label": "\u{1b}]52;c;ZXZpbA==\u{7}A",
            "description": "\u{1b}[5;7Hmoved"}]}]});
    let mut s = Session::start(&payload.to_string(), RUN, 80, 24);
    s.wait_for("red");
    s.send("\x03");
    assert_eq!(s.finish(), 1);
    let raw = s.raw();
    let has = |needle: &[u8]| raw.windows(needle.len()).any(|w| w == needle);
    assert!(!has(b"\x1b]"), "an OSC sequence reached the terminal");
    assert_eq!(
        String::from_utf8_lossy(&raw).matches('\u{7}').count(),
        1,
        "only the bell of the default notification reached the terminal, no payload BEL"
    );
    assert!(
        !has(b"\x1b[2J"),
        "clear screen from the payload reached the terminal"
    );
    assert!(!has(b"\x1b[31m"), "payload colour reached the terminal");
    assert!(
        !has(b"\x1b[5;7H"),
        "payload cursor move reached the terminal"
    );
    assert!(!has("\u{9b}".as_bytes()), "C1 CSI reached the terminal");
    assert!(
        !has("\u{202e}".as_bytes()),
        "bidi override reached the terminal"
    );
    s.assert_restored();
}

#[test]
fn the_settings_overlay_on_its_own_saves_each_change() {
    let mut s = Session::start("{}", "settings", 80, 24);
    s.wait_for("Auto-submit");
    s.send(" "); // the cursor starts on Auto-submit: turn it on
    let config = s.path("ask-user.json");
    let start = Instant::now();
    loop {
        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&config).unwrap_or_default())
                .unwrap_or_default();
        if saved["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"] == true {
            break;
        }
        assert!(start.elapsed() < TIMEOUT, "setting not saved: {saved}");
        std::thread::sleep(Duration::from_millis(10));
    }
    s.wait_for(&config.display().to_string());
    s.send("\x1b"); // Esc closes the overlay and ends `ask settings`
    assert_eq!(s.finish(), 0);
    s.assert_restored();
}

#[test]
fn payload_on_stdin_and_result_on_stdout_while_the_ui_uses_the_terminal() {
    // fzf style: stdin and stdout are pipes, keys and drawing go through /dev/tty.
    let mut s = Session::start(crate::support::SMALL, "run < p.json > r.json", 80, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which features?");
    s.send("1\r");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(result["details"]["answers"]["db"]["values"][0], "sqlite");
    assert_eq!(result["details"]["answers"]["feat"]["values"][0], "auth");
    s.assert_restored();
}

#[test]
fn at_completion_lists_files_from_the_background_index() {
    let tree = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tree.path().join("docs")).unwrap();
    std::fs::write(tree.path().join("docs/design notes.md"), "").unwrap();
    std::fs::write(tree.path().join(".gitignore"), "ignored.txt\n").unwrap();
    std::fs::write(tree.path().join("ignored.txt"), "").unwrap();
    let args = format!(
        "run --input p.json --output r.json --cwd '{}'",
        tree.path().display()
    );
    let mut s = Session::start(crate::support::SMALL, &args, 80, 30);
    s.wait_for("Which database?");
    s.send("\x1b[B\x1b[B"); // "Type your own": the editor opens
    s.send("see @desno");
    s.wait_for("docs/design notes.md");
    assert!(!s.screen().contains("ignored.txt"));
    s.send("\t"); // insert the quoted path
    s.send("\r");
    s.wait_for("Which features?");
    s.send("\x1b[Z\t\t"); // back, then on to Review
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["customText"],
        "see @\"docs/design notes.md\""
    );
    s.assert_restored();
}

#[test]
fn kitty_shift_enter_inserts_a_newline_in_an_editor() {
    let mut s = Session::start(crate::support::SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("\x1b[B\x1b[B"); // "Type your own": the editor opens
    s.send("first");
    s.send("\x1b[13;2u"); // shift+enter in the Kitty keyboard protocol
    s.send("second");
    s.wait_for("second");
    s.send("\r");
    s.wait_for("Which features?");
    s.send("\x03\x1b[99;5u"); // ctrl+c, legacy then Kitty-encoded: warn, then discard
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["customText"],
        "first\nsecond"
    );
    s.assert_restored();
}

#[test]
fn no_color_and_the_color_flag_decide_whether_colours_are_written() {
    let coloured = |args: &str, env: &[(&str, &str)]| {
        let mut s = Session::start_with_env(crate::support::SMALL, args, 80, 24, env);
        s.wait_for("Which database?");
        s.send("\x03");
        assert_eq!(s.finish(), 1);
        s.assert_restored();
        let raw = s.raw();
        raw.windows(5).any(|w| w == b"\x1b[38;")
    };
    assert!(coloured(RUN, &[]));
    assert!(!coloured(RUN, &[("NO_COLOR", "1")]));
    assert!(coloured(
        &format!("{RUN} --color always"),
        &[("NO_COLOR", "1")]
    ));
    assert!(!coloured(&format!("{RUN} --color never"), &[]));
}
