//! The kitty keyboard protocol, detected by the terminal's answer: `ask` asks with
//! `CSI ? u` followed by `CSI c`; a terminal that answers the first has the protocol and
//! gets `CSI > 1 u` (disambiguated keys: Esc arrives as `CSI 27 u` and acts at once),
//! one that answers only the second keeps legacy keys (a lone ESC waits for the escape
//! timeout). The flags are popped (`CSI < u`) on every exit path. The test is the
//! terminal: it reads what `ask` writes and answers as each kind of terminal would.

use crate::pty::{RUN, Session};
use crate::support::SMALL;

/// What `ask` asks on start-up.
const QUERY: &[u8] = b"\x1b[?u\x1b[c";
/// The flags push and pop.
const PUSH: &[u8] = b"\x1b[>1u";
const POP: &[u8] = b"\x1b[<u";
/// A kitty-protocol terminal's answers (no flags on yet), then its DA1.
const KITTY_ANSWER: &[u8] = b"\x1b[?0u\x1b[?62;22c";
/// A terminal without the protocol answers only DA1.
const LEGACY_ANSWER: &[u8] = b"\x1b[?62;22c";

/// Where `needle` is in `hay`, from the start or after `from`.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Starts `ask <args>` and answers its keyboard query as a terminal with the protocol
/// (`kitty`) or without it; returns once the form is up (and, with the protocol, the
/// flags are pushed).
fn start(args: &str, kitty: bool, env: &[(&str, &str)]) -> Session {
    let mut s = Session::start_with_env(SMALL, args, 80, 24, env);
    s.wait_for_bytes(QUERY);
    s.answer(if kitty { KITTY_ANSWER } else { LEGACY_ANSWER });
    if kitty {
        s.wait_for_bytes(PUSH);
    }
    s.wait_for("Which database?");
    s
}

/// The flags were pushed once and popped after that, once.
fn assert_pushed_then_popped(s: &Session, what: &str) {
    let raw = s.raw();
    let push = find(&raw, PUSH, 0).unwrap_or_else(|| panic!("{what}: never pushed"));
    let pop = find(&raw, POP, push).unwrap_or_else(|| panic!("{what}: never popped"));
    assert!(find(&raw, PUSH, push + 1).is_none(), "{what}: pushed twice");
    assert!(find(&raw, POP, pop + 1).is_none(), "{what}: popped twice");
    assert_eq!(
        raw.windows(QUERY.len()).filter(|w| *w == QUERY).count(),
        1,
        "{what}: asked once"
    );
}

#[test]
fn a_terminal_with_the_protocol_gets_disambiguated_keys_and_esc_acts_at_once() {
    for args in [RUN.to_owned(), format!("{RUN} --fullscreen")] {
        let mut s = start(&args, true, &[]);
        // Esc and then `1` typed within the escape timeout: the protocol sends Esc as
        // `CSI 27 u`, complete at once, so Esc acts (it cancels the untouched form)
        // whatever follows.
        s.send("\x1b[27u1");
        assert_eq!(s.finish(), 1, "{args}: Esc cancelled the form");
        assert_eq!(s.result()["details"]["cancelled"], true);
        assert!(
            s.result()["details"]["answers"]["db"].is_null(),
            "`1` came too late"
        );
        assert_pushed_then_popped(&s, &args);
        s.assert_restored();
        if args.contains("--fullscreen") {
            let raw = s.raw();
            let pop = find(&raw, POP, 0).unwrap();
            let leave = find(&raw, b"\x1b[?1049l", 0).expect("left the alternate screen");
            assert!(
                pop < leave,
                "popped on the alternate screen, where it was pushed"
            );
        }
    }
}

#[test]
fn a_terminal_without_the_protocol_keeps_legacy_keys_and_the_esc_timeout() {
    let mut s = start(RUN, false, &[]);
    // The same keys from a legacy terminal: ESC and `1` in one read are alt+1 (the ESC
    // waited to see whether a sequence follows), which does nothing here.
    s.send("\x1b1");
    s.send("2"); // a later key acts: the form is alive and Esc did not cancel it
    s.wait_for("Which features?");
    // A lone ESC is Esc once the escape timeout passes.
    s.send("\x1b");
    s.wait_for("again to discard");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"][0],
        "sqlite"
    );
    let raw = s.raw();
    assert!(find(&raw, PUSH, 0).is_none(), "no flags pushed: {raw:?}");
    assert!(find(&raw, POP, 0).is_none(), "nothing to pop: {raw:?}");
    s.assert_restored();
}

#[test]
fn a_terminal_that_never_answers_keeps_legacy_keys_and_nothing_waits_for_it() {
    // The PTY of the other tests answers nothing: the form opens and works all the same.
    let mut s = Session::start(SMALL, RUN, 80, 24);
    s.wait_for_bytes(QUERY);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which features?");
    s.signal("TERM");
    assert_eq!(s.finish(), 1);
    assert!(find(&s.raw(), PUSH, 0).is_none());
    s.assert_restored();
}

#[test]
fn keys_typed_before_the_answer_are_not_lost() {
    let mut s = Session::start(SMALL, RUN, 80, 24);
    s.wait_for_bytes(QUERY);
    s.wait_for("Which database?");
    // A key, then the answer arrives, and the key's effect shows.
    s.send("2");
    s.answer(KITTY_ANSWER);
    s.wait_for("Which features?");
    s.wait_for_bytes(PUSH);
    s.send("\x1b[27u"); // dirty now: Esc warns first
    s.wait_for("again to discard");
    s.send("\x1b[27u");
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"][0],
        "sqlite"
    );
    assert_pushed_then_popped(&s, "answer after a key");
}

#[test]
fn the_flags_are_popped_on_every_exit_path() {
    // Submitted.
    let mut s = start(RUN, true, &[]);
    s.send("2");
    s.wait_for("Which features?");
    s.send("1\r");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    assert_pushed_then_popped(&s, "submit");
    s.assert_restored();
    // Signals, the hang-up one among them.
    for signal in ["TERM", "HUP", "INT"] {
        let mut s = start(RUN, true, &[]);
        s.send("2");
        s.wait_for("Which features?");
        s.signal(signal);
        assert_eq!(s.finish(), 1, "SIG{signal}");
        assert_pushed_then_popped(&s, &format!("SIG{signal}"));
        s.assert_restored();
    }
    // A panic (the library's panic hook restores).
    if crate::support::test_hooks("the panic exit path") {
        let env = [("ASK_TEST_PANIC_KEY", "x"), ("RUST_BACKTRACE", "0")];
        let mut s = start(RUN, true, &env);
        s.send("x");
        assert_eq!(s.finish(), 1);
        s.wait_for("ASK_TEST_PANIC_KEY x pressed");
        assert_pushed_then_popped(&s, "panic");
        s.assert_restored();
    }
}

#[test]
fn a_suspended_form_pops_the_flags_and_pushes_them_again_on_resume() {
    let mut s = start(RUN, true, &[]);
    s.signal("TSTP");
    s.wait_for_bytes(POP);
    let popped = find(&s.raw(), POP, 0).expect("popped");
    s.signal("CONT");
    let began = std::time::Instant::now();
    while find(&s.raw(), PUSH, popped).is_none() {
        assert!(
            began.elapsed() < crate::pty::TIMEOUT,
            "not pushed again after SIGCONT"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    s.send("\x1b[27u");
    assert_eq!(s.finish(), 1);
    s.assert_restored();
}
