//! Settings v3 screens: the footer on one line at 80 columns, the pinned footer at small
//! heights, the type-switch notice, the armed reset row, the empty-editor hint.

use ask_state::{Command, model::SettingsRow};

use crate::support::{apply, db_form, flow, frame_at, long_list_form, press, snapshot};

const WIDTHS: [usize; 3] = [40, 80, 120];

fn snap_all(name: &str, f: &ask_state::Flow, height: usize) {
    for width in WIDTHS {
        let frame = frame_at(f, width, height);
        insta::assert_snapshot!(format!("{name}_{width}"), snapshot(&frame, width));
    }
}

/// The hint rows of a frame: the muted rows between the body and the bottom rule.
fn hint_rows(f: &ask_state::Flow, width: usize) -> Vec<String> {
    let frame = frame_at(f, width, 40);
    let styled = frame.to_styled_text();
    let lines: Vec<&str> = styled.lines().collect();
    let end = lines.len() - 1; // bottom rule
    let mut rows = Vec::new();
    for line in lines[..end].iter().rev() {
        match line
            .strip_prefix("[muted]")
            .and_then(|l| l.strip_suffix("[/]"))
        {
            Some(text) => rows.push(text.to_owned()),
            None => break,
        }
    }
    rows.reverse();
    rows
}

#[test]
fn the_main_list_footer_fits_one_line_at_80_columns_with_the_default_keymap() {
    let mut f = flow(&db_form());
    for (tab, what) in [(0, "single"), (1, "multi"), (2, "preview")] {
        let rows = hint_rows(&f, 80);
        assert_eq!(rows.len(), 1, "{what}: {rows:?}");
        assert!(
            rows[0].contains("settings") && rows[0].contains("cancel"),
            "{rows:?}"
        );
        assert!(rows[0].contains("notes"), "{rows:?}");
        if tab < 2 {
            press(&mut f, &["tab"]);
        }
    }
    // Below 80 columns the hints wrap instead of being cut.
    let rows = hint_rows(&f, 40);
    assert!(rows.len() > 1, "{rows:?}");
}

#[test]
fn at_40x12_the_current_row_and_the_footer_are_both_visible() {
    let mut f = flow(&long_list_form());
    for _ in 0..20 {
        press(&mut f, &["down"]);
    }
    let frame = frame_at(&f, 40, 12);
    assert_eq!(frame.lines.len(), 12);
    let text = frame.to_plain_text();
    assert!(text.contains("❯ 21. Region number 21"), "{text}");
    assert!(text.contains("? settings"), "{text}");
    assert_eq!(
        frame.lines[frame.focus_row].plain().trim_end(),
        "❯ 21. Region number 21"
    );
    insta::assert_snapshot!("small_40x12", snapshot(&frame, 40));
    // An editor's cursor row stays visible too.
    let mut f = flow(&long_list_form());
    press(&mut f, &["n", "text:a note"]);
    let frame = frame_at(&f, 40, 12);
    let ask_render::Cursor { row, .. } = frame.cursor.expect("editor cursor");
    assert!(
        frame.lines[row].plain().contains("a note"),
        "{}",
        frame.to_plain_text()
    );
    assert!(
        frame.to_plain_text().contains("dismiss"),
        "{}",
        frame.to_plain_text()
    );
}

#[test]
fn question_type_switch_notice() {
    let mut f = flow(&db_form());
    press(&mut f, &["t"]);
    snap_all("type_switched", &f, 30);
}

#[test]
fn armed_reset_row() {
    let mut f = flow(&db_form());
    apply(&mut f, Command::Clock(0));
    press(&mut f, &["?"]);
    while f.settings_rows()[f.settings_cursor().unwrap_or(0)] != SettingsRow::Reset {
        press(&mut f, &["down"]);
    }
    press(&mut f, &["enter"]);
    assert!(f.reset_armed());
    snap_all("reset_armed", &f, 40);
}

#[test]
fn empty_editor_enter_hint() {
    let mut f = flow(&db_form());
    press(&mut f, &["down", "down", "down", "enter"]);
    let text = frame_at(&f, 80, 30).to_plain_text();
    assert!(text.contains("Type an answer, or move away."), "{text}");
}

#[test]
fn note_labels_read_the_same_on_every_screen() {
    let mut f = flow(&db_form());
    press(&mut f, &["shift+n"]);
    let editing_question = frame_at(&f, 80, 40).to_plain_text();
    press(&mut f, &["text:why", "enter", "n"]);
    let editing_option = frame_at(&f, 80, 40).to_plain_text();
    press(&mut f, &["text:licence", "enter"]);
    let saved = frame_at(&f, 80, 40).to_plain_text();
    press(&mut f, &["1", "tab", "tab"]);
    let review = frame_at(&f, 80, 40).to_plain_text();
    assert!(
        editing_question.contains("Question note:"),
        "{editing_question}"
    );
    assert!(editing_option.contains("Option note:"), "{editing_option}");
    for screen in [&saved, &review] {
        assert!(screen.contains("Question note: why"), "{screen}");
        assert!(screen.contains("Option note: licence"), "{screen}");
    }
    for screen in [&editing_question, &editing_option, &saved, &review] {
        let labels = screen.to_lowercase().matches("note:").count();
        let spelled =
            screen.matches("Question note:").count() + screen.matches("Option note:").count();
        assert_eq!(
            labels, spelled,
            "one spelling for every note label: {screen}"
        );
    }
}
