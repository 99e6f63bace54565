//! Inline mode in a pseudo-terminal: the form opens under text already on the
//! screen (numbered lines standing in for a conversation), keeps it visible,
//! pushes the rest into the scrollback, and leaves it intact on every exit.

use crate::pty::Session;
use crate::support::SMALL;

const RUN_INLINE: &str = "run --input p.json --output r.json --inline";

/// `count` numbered lines, as a shell would print them before `ask` starts.
fn numbered(count: usize) -> String {
    format!("i=1; while [ $i -le {count} ]; do echo \"line $i\"; i=$((i+1)); done")
}

/// Starts `ask <args>` under `count` numbered lines, with a scrollback.
fn under_lines(count: usize, args: &str, cols: u16, rows: u16, env: &[(&str, &str)]) -> Session {
    Session::start_after(&numbered(count), 1000, SMALL, args, cols, rows, env)
}

/// Text the form draws (its rules, prompts and hints); none may be left behind.
fn is_form_row(row: &str) -> bool {
    row.contains('─')
        || row.contains("Which database?")
        || row.contains("Which features?")
        || row.contains("PostgreSQL")
        || row.contains("Enter select")
}

/// The numbered lines in the terminal (scrollback and screen), in order.
fn numbered_rows(history: &[String]) -> Vec<String> {
    history
        .iter()
        .filter(|row| row.starts_with("line "))
        .cloned()
        .collect()
}

/// Every numbered line 1..=count is in the terminal once, in order, the last
/// one directly above the first row the form used (where the cursor is now),
/// and nothing of the form is left anywhere.
fn assert_lines_intact(s: &Session, count: usize) {
    let history = s.history();
    let expected: Vec<String> = (1..=count).map(|i| format!("line {i}")).collect();
    assert_eq!(numbered_rows(&history), expected, "{history:#?}");
    assert!(
        !history.iter().any(|row| is_form_row(row)),
        "form rows left behind:\n{}",
        history.join("\n")
    );
    let screen = s.screen();
    let rows: Vec<&str> = screen.lines().collect();
    let (cursor_row, cursor_col) = s.cursor();
    assert_eq!(cursor_col, 0, "the cursor starts a line");
    let row = usize::from(cursor_row);
    assert_eq!(
        rows.get(row.wrapping_sub(1)).copied(),
        Some(expected.last().unwrap().as_str()),
        "the cursor is on the first row the form used, right under the text:\n{screen}"
    );
    assert!(
        rows.iter().skip(row).all(|r| r.trim().is_empty()),
        "rows under the cursor are blank:\n{screen}"
    );
}

/// The form's two rules are on the screen, each `width` columns wide.
fn rules(screen: &str, width: usize) -> bool {
    let rows: Vec<&str> = screen.lines().filter(|r| r.contains('─')).collect();
    rows.len() == 2 && rows.iter().all(|r| r.chars().count() == width)
}

fn assert_no_alternate_screen(s: &Session) {
    let raw = s.raw();
    assert!(
        !raw.windows(8).any(|w| w == b"\x1b[?1049h"),
        "inline mode switched to the alternate screen"
    );
}

/// While the form is open, the last lines above it are on the screen right
/// above its top rule, and the earlier ones are in the scrollback.
fn assert_open_under_the_text(s: &Session, count: usize) {
    let screen = s.screen();
    let rows: Vec<&str> = screen.lines().collect();
    let top = rows
        .iter()
        .position(|r| r.contains('─'))
        .expect("the form's top rule");
    assert!(top >= 1, "no text left above the form:\n{screen}");
    assert_eq!(rows[top - 1], format!("line {count}"), "{screen}");
    let history = s.history();
    assert_eq!(history.first().map(String::as_str), Some("line 1"));
    let numbered = numbered_rows(&history);
    assert_eq!(
        numbered.len(),
        count,
        "every line is kept while the form is open"
    );
}

#[test]
fn inline_form_opens_under_the_conversation_and_erases_itself_on_submit() {
    let mut s = under_lines(80, RUN_INLINE, 100, 30, &[]);
    s.wait_for("Which database?");
    assert_open_under_the_text(&s, 80);
    s.send("2");
    s.wait_for("Which features?");
    s.send("1\r");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"][0],
        "sqlite"
    );
    assert_lines_intact(&s, 80);
    assert_no_alternate_screen(&s);
    s.assert_restored();
}

#[test]
fn inline_is_the_default_and_a_short_screen_is_not_scrolled() {
    // Three lines on a 40-row screen: the form fits below them, nothing scrolls.
    let mut s = under_lines(3, "run --input p.json --output r.json", 80, 40, &[]);
    s.wait_for("Which database?");
    assert_open_under_the_text(&s, 3);
    assert!(s.screen().starts_with("line 1\n"), "{}", s.screen());
    s.send("\x1b"); // a clean flow cancels at once
    assert_eq!(s.finish(), 1);
    assert_lines_intact(&s, 3);
    assert_no_alternate_screen(&s);
    s.assert_restored();
}

#[test]
fn inline_cancel_signals_and_a_panic_leave_the_text_intact() {
    let env = [("ASK_TEST_PANIC_KEY", "x"), ("RUST_BACKTRACE", "0")];
    for exit in ["cancel", "TERM", "INT", "HUP", "panic"] {
        if exit == "panic" && !crate::support::test_hooks("the inline panic case") {
            continue;
        }
        let mut s = under_lines(60, RUN_INLINE, 90, 24, &env);
        s.wait_for("Which database?");
        s.send("1");
        s.wait_for("Which features?");
        match exit {
            "cancel" => {
                s.send("\x1b"); // dirty: warn, then discard
                s.wait_for("again to discard");
                s.send("\x1b");
            }
            "panic" => s.send("x"),
            signal => s.signal(signal),
        }
        assert_eq!(s.finish(), 1, "{exit}");
        assert_eq!(
            s.result()["details"]["answers"]["db"]["values"][0],
            "pg",
            "{exit}: the answers so far are written"
        );
        if exit == "panic" {
            // The report goes where the form was, after the terminal is restored.
            s.wait_for("ASK_TEST_PANIC_KEY x pressed");
            let history = s.history();
            assert_eq!(
                numbered_rows(&history),
                (1..=60).map(|i| format!("line {i}")).collect::<Vec<_>>()
            );
            assert!(!history.iter().any(|r| is_form_row(r)), "{exit}");
        } else {
            assert_lines_intact(&s, 60);
        }
        assert_no_alternate_screen(&s);
        s.assert_restored();
    }
}

#[test]
fn inline_resize_relays_out_without_stale_rows() {
    let mut s = under_lines(10, RUN_INLINE, 120, 40, &[]);
    s.wait_for("Which database?");
    let once = |screen: &str, text: &str| screen.matches(text).count() == 1;
    s.wait_until("a 120-column frame", |screen| rules(screen, 120));
    s.resize(60, 20);
    // At 60 columns the hints name one key each to stay on one row: the new frame
    // (both rules 60 wide) is on screen.
    s.wait_until("a 60-column frame", |screen| {
        rules(screen, 60)
            && screen
                .lines()
                .any(|r| r.trim_end().ends_with("· Esc cancel"))
    });
    let screen = s.screen();
    assert!(rules(&screen, 60), "exactly two rules, 60 wide:\n{screen}");
    assert!(once(&screen, "Which database?"), "{screen}");
    assert!(screen.lines().all(|r| r.chars().count() <= 60), "{screen}");
    s.resize(120, 40);
    s.wait_until("a 120-column frame again", |screen| rules(screen, 120));
    let screen = s.screen();
    assert!(once(&screen, "Which database?"), "{screen}");
    assert!(!screen.contains("· Esc cancel"), "{screen}");
    assert!(screen.contains("· Esc/Ctrl+C cancel"), "{screen}");
    let rows: Vec<&str> = screen.lines().collect();
    let bottom = rows.iter().rposition(|r| r.contains('─')).unwrap();
    assert!(
        rows.iter().skip(bottom + 1).all(|r| r.trim().is_empty()),
        "nothing under the form:\n{screen}"
    );
    let top = rows.iter().position(|r| r.contains('─')).unwrap();
    assert!(top >= 1 && rows[top - 1] == "line 10", "{screen}");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_lines_intact(&s, 10);
    s.assert_restored();
}

#[test]
fn resizes_in_quick_succession_end_at_the_last_size() {
    // A person dragging the window's corner: several sizes within a few milliseconds,
    // each SIGWINCH maybe arriving while the previous one is being painted. The form
    // ends drawn once, at the last size.
    let mut s = under_lines(10, RUN_INLINE, 120, 40, &[]);
    s.wait_for("Which database?");
    s.wait_until("a 120-column frame", |screen| rules(screen, 120));
    for (cols, rows) in [(60, 20), (90, 30), (70, 24), (100, 32)] {
        s.resize(cols, rows);
    }
    s.wait_until("a 100-column frame", |screen| rules(screen, 100));
    let screen = s.screen();
    assert_eq!(screen.matches("Which database?").count(), 1, "{screen}");
    let rows: Vec<&str> = screen.lines().collect();
    let bottom = rows.iter().rposition(|r| r.contains('─')).unwrap();
    assert!(
        rows.iter().skip(bottom + 1).all(|r| r.trim().is_empty()),
        "nothing under the form:\n{screen}"
    );
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_lines_intact(&s, 10);
    s.assert_restored();
}

#[test]
fn inline_height_flags_cap_the_form_and_fullscreen_uses_the_alternate_screen() {
    // --inline=8: the frame is cropped to 8 rows around the focus.
    let mut s = under_lines(30, &format!("{RUN_INLINE}=8"), 80, 24, &[]);
    s.wait_for("PostgreSQL");
    let screen = s.screen();
    let below = screen
        .lines()
        .skip_while(|r| *r != "line 30")
        .skip(1)
        .filter(|r| !r.trim().is_empty())
        .count();
    assert!(below <= 8, "at most 8 rows under the text:\n{screen}");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_lines_intact(&s, 30);

    let mut s = under_lines(
        30,
        "run --input p.json --output r.json --fullscreen",
        80,
        24,
        &[],
    );
    s.wait_for("Which database?");
    assert!(
        !s.screen().contains("line 30"),
        "the alternate screen hides the text"
    );
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert!(s.raw().windows(8).any(|w| w == b"\x1b[?1049h"));
    assert!(s.screen().contains("line 30"));
    s.assert_restored();
}

#[test]
fn peek_folds_the_form_to_one_line_and_brings_back_the_same_frame() {
    let mut s = under_lines(40, RUN_INLINE, 100, 30, &[]);
    s.wait_for("Which database?");
    s.send("\x1b[B\x1b[B"); // "Type your own": its editor opens
    s.send("half typed");
    s.wait_for("half typed");
    let before = s.screen();
    let cursor = s.cursor();
    // Inline, the editor cursor is a reverse-video cell right after the text.
    let caret = before
        .lines()
        .enumerate()
        .find_map(|(r, line)| {
            let at = line.find("half typed")?;
            let col = line[..at].chars().count() + "half typed".len();
            Some((u16::try_from(r).unwrap(), u16::try_from(col).unwrap()))
        })
        .expect("the editor row");
    let reversed = s.inverse_cells();
    assert!(reversed.contains(&caret), "{caret:?} not in {reversed:?}");
    s.send("\x1bo"); // alt+o
    let status = "ask: 2 questions waiting - alt+o to return";
    s.wait_for(status);
    let screen = s.screen();
    let rows: Vec<&str> = screen.lines().filter(|r| !r.trim().is_empty()).collect();
    assert_eq!(rows.last(), Some(&status), "{screen}");
    assert_eq!(
        rows[rows.len() - 2],
        "line 40",
        "the text right above:\n{screen}"
    );
    assert!(!screen.lines().any(is_form_row), "{screen}");
    s.send("zz"); // other keys wait while the form is folded
    s.send("\x1bo");
    s.wait_for("half typed");
    s.wait_until("the same frame", |screen| screen == before);
    assert_eq!(s.cursor(), cursor);
    assert_eq!(
        s.inverse_cells(),
        reversed,
        "the editor cursor is back where it was"
    );
    s.send("\r"); // save the editor's text
    s.wait_for("Which features?");
    s.send("\x1b");
    s.wait_for("again to discard");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["customText"],
        "half typed",
        "answers typed before the peek are kept, keys during it are not"
    );
    assert_lines_intact(&s, 40);
    s.assert_restored();
}

#[test]
fn the_inline_setting_chooses_the_mode_and_the_flags_win() {
    // `inline: false` in the settings file: full screen without a flag, inline with --inline.
    let off = r#"printf '{"schemaVersion":3,"behaviour":{"inline":false},"keymaps":{"global":{"dismiss":["ctrl+c"],"settings":["?"],"peek":["ctrl+o"]},"main":{"confirm":["enter"],"cancel":["esc"],"toggle":["space"],"changeQuestionType":["t"],"nextTab":["tab","right"],"previousTab":["shift+tab","left"],"nextOption":["down"],"previousOption":["up"],"optionNote":["n"],"questionNote":["shift+n"]},"editor":{"submit":["enter"],"close":["esc"],"nextTabWhenEmpty":["tab","right"],"previousTabWhenEmpty":["shift+tab","left"],"nextOptionWhenEmpty":["down"],"previousOptionWhenEmpty":["up"]},"noteEditor":{"save":["enter"],"close":["esc"],"nextTabWhenEmpty":["tab","right"],"previousTabWhenEmpty":["shift+tab","left"],"nextOptionWhenEmpty":["down"],"previousOptionWhenEmpty":["up"]},"settingsModal":{"close":["esc","ctrl+c","?"],"nextOption":["down"],"previousOption":["up"],"toggle":["enter","space"]}}}' > ask-user.json"#;
    let alternate = |s: &Session| s.raw().windows(8).any(|w| w == b"\x1b[?1049h");
    for (args, fullscreen) in [
        ("run --input p.json --output r.json", true),
        (RUN_INLINE, false),
    ] {
        let before = format!("{off}; {}", numbered(5));
        let mut s = Session::start_after(&before, 100, SMALL, args, 80, 24, &[]);
        s.wait_for("Which database?");
        assert_eq!(alternate(&s), fullscreen, "{args}");
        if !fullscreen {
            // The peek key comes from the settings file too.
            s.send("\x0f"); // ctrl+o
            s.wait_for("ask: 2 questions waiting - ctrl+o to return");
            s.send("\x0f");
            s.wait_for("Which database?");
        }
        s.send("\x1b");
        assert_eq!(s.finish(), 1);
        assert_lines_intact(&s, 5);
        s.assert_restored();
    }
}
