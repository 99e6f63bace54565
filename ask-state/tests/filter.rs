//! Type-to-filter: (form, key script) -> expected state, then the answers it gives.
//!
//! The state line reads `tab filter shows cursor selected editor hint`: `filter` is the
//! query (`-` when closed), `shows` the declared numbers in display order (`+` is the
//! "Type your own" row), `cursor` the declared number under the cursor.

use std::fmt::Write as _;

use ask_contract::AskForm;
use ask_state::{Command, Flow, Tab};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, form, preview, single, two};

/// Alpha, Beta, Gamma, Delta, Epsilon (single), with descriptions on two.
fn greek() -> AskForm {
    form(
        &json!({"questions": [{"id": "g", "label": "Greek", "prompt": "Which letter?", "options": [
            {"value": "a", "label": "Alpha"},
            {"value": "b", "label": "Beta", "description": "second letter"},
            {"value": "c", "label": "Gamma"},
            {"value": "d", "label": "Delta", "description": "a river mouth"},
            {"value": "e", "label": "Epsilon"}
        ]}]}),
    )
}

/// (what it shows, form, key script, expected state line).
type StateCase = (&'static str, fn() -> AskForm, &'static str, &'static str);
/// (form, key script, the last question's answered values).
type AnswerCase = (fn() -> AskForm, &'static str, serde_json::Value);

fn state(f: &Flow) -> String {
    let tab = match f.tab() {
        Tab::Question(i) => format!("q{i}"),
        Tab::Review => "review".to_owned(),
    };
    let Tab::Question(i) = f.tab() else {
        return tab;
    };
    let draft = f.draft(i).expect("a draft");
    let filter = f
        .filter()
        .map_or_else(|| "-".to_owned(), |x| format!("{:?}", x.query()));
    let shows = f.filter().map_or_else(
        || "all".to_owned(),
        |x| {
            x.rows()
                .map(|r| {
                    if r == x.total() {
                        "+".to_owned()
                    } else {
                        (r + 1).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        },
    );
    let selected: Vec<String> = draft
        .selected
        .iter()
        .enumerate()
        .filter(|(_, s)| **s)
        .map(|(j, _)| (j + 1).to_string())
        .collect();
    let cursor = if draft.cursor == draft.selected.len() {
        "+".to_owned()
    } else {
        (draft.cursor + 1).to_string()
    };
    let mut out = format!(
        "{tab} filter={filter} shows={shows} cursor={cursor} selected=[{}]",
        selected.join(",")
    );
    if f.editor().is_some() {
        out.push_str(" editor");
    }
    if let Some(hint) = f.hint() {
        let _ = write!(out, " hint={hint:?}");
    }
    out
}

#[test]
fn filter_scripts_give_the_expected_state() {
    let cases: &[StateCase] = &[
        (
            "slash opens an empty filter showing everything",
            single,
            "down /",
            r#"q0 filter="" shows=1,2,3,+ cursor=2 selected=[]"#,
        ),
        (
            "typing narrows and ranks: word starts and early matches first; cursor on the best",
            single,
            r#"/ "sql""#,
            r#"q0 filter="sql" shows=2,3,1,+ cursor=2 selected=[]"#,
        ),
        (
            "matching ignores case",
            single,
            r#"/ "MYS""#,
            r#"q0 filter="MYS" shows=3,+ cursor=3 selected=[]"#,
        ),
        (
            "descriptions match too, after label matches",
            greek,
            r#"/ "river""#,
            r#"q0 filter="river" shows=4,+ cursor=4 selected=[]"#,
        ),
        (
            "Up/Down move within the filtered rows",
            greek,
            r#"/ "ta" down"#,
            r#"q0 filter="ta" shows=2,4,+ cursor=4 selected=[]"#,
        ),
        (
            "Up stops at the first filtered row",
            greek,
            r#"/ "ta" down up up"#,
            r#"q0 filter="ta" shows=2,4,+ cursor=2 selected=[]"#,
        ),
        (
            "Down onto Type your own opens its editor as without a filter",
            greek,
            r#"/ "ta" down down"#,
            r#"q0 filter="ta" shows=2,4,+ cursor=+ selected=[] editor"#,
        ),
        (
            "the editor's empty Up comes back to the filtered rows",
            greek,
            r#"/ "ta" down down up"#,
            r#"q0 filter="ta" shows=2,4,+ cursor=4 selected=[]"#,
        ),
        (
            "no match: the cursor rests on Type your own without opening its editor",
            greek,
            r#"/ "zzz""#,
            r#"q0 filter="zzz" shows=+ cursor=+ selected=[]"#,
        ),
        (
            "Backspace edits the query and widens the list again",
            greek,
            r#"/ "taz" backspace"#,
            r#"q0 filter="ta" shows=2,4,+ cursor=2 selected=[]"#,
        ),
        (
            "Backspace on an empty query closes the filter",
            greek,
            r#"/ "a" backspace backspace"#,
            "q0 filter=- shows=all cursor=1 selected=[]",
        ),
        (
            "Esc clears and closes the filter, keeping the cursor, and does not cancel",
            greek,
            r#"/ "del" esc"#,
            "q0 filter=- shows=all cursor=4 selected=[]",
        ),
        (
            "printable action keys (t, n, N, ?, /) type into the filter",
            greek,
            r#"/ "tnN?/""#,
            r#"q0 filter="tnN?/" shows=+ cursor=+ selected=[]"#,
        ),
        (
            "Space toggles the highlighted option instead of typing",
            two,
            r#"tab / "ya" space"#,
            r#"q1 filter="ya" shows=2,+ cursor=2 selected=[2]"#,
        ),
        (
            "a digit toggles its declared option even when hidden; the cursor stays",
            two,
            r#"tab / "zu" 1"#,
            r#"q1 filter="zu" shows=3,+ cursor=3 selected=[1] hint="Selected 1. Xray (hidden by the filter).""#,
        ),
        (
            "a digit of a shown option moves the cursor there",
            two,
            r#"tab / "a" 1"#,
            r#"q1 filter="a" shows=2,1,+ cursor=1 selected=[1]"#,
        ),
        (
            "changing tabs clears the filter",
            two,
            r#"/ "be" tab"#,
            "q1 filter=- shows=all cursor=1 selected=[]",
        ),
        (
            "Enter on multi goes on, clearing the filter",
            two,
            r#"tab / "zu" space enter"#,
            "review",
        ),
        (
            "the filter key does nothing on the review tab",
            single,
            "shift+tab /",
            "review",
        ),
    ];
    for (name, make, script, expected) in cases {
        let mut f = flow(make(), behaviour());
        let (result, _) = drive(&mut f, script);
        assert!(result.is_none(), "{name}: the flow ended");
        assert_eq!(state(&f), *expected, "{name}: {script}");
    }
}

#[test]
fn enter_and_digits_answer_with_the_declared_options() {
    let cases: &[AnswerCase] = &[
        // Enter selects the highlighted (best) match and goes on.
        (single, r#"/ "sql" enter enter"#, json!(["sqlite"])),
        (single, r#"/ "sql" down enter enter"#, json!(["mysql"])),
        // A digit means the declared number, shown or not.
        (single, r#"/ "sql" 1 enter"#, json!(["pg"])),
        (single, r#"/ "lite" 3 enter"#, json!(["mysql"])),
        // Space on single selects the highlighted option.
        (greek, r#"/ "eps" space enter enter"#, json!(["e"])),
        // Multi: toggles while filtering, one query after another.
        (
            two,
            r#"1 / "zu" space backspace backspace "x" space enter enter"#,
            json!(["x", "z"]),
        ),
    ];
    for (make, script, values) in cases {
        let mut f = flow(make(), behaviour());
        let (result, _) = drive(&mut f, script);
        let result = result.unwrap_or_else(|| panic!("{script}: the flow did not finish"));
        let answers = answers(&result);
        let last = answers
            .as_object()
            .and_then(|a| a.values().next_back())
            .expect("an answer");
        assert_eq!(last["values"], *values, "{script}");
    }
}

#[test]
fn esc_closes_the_filter_first_then_cancels() {
    let mut f = flow(greek(), behaviour());
    let (result, _) = drive(&mut f, r#"/ "al" esc"#);
    assert!(result.is_none(), "the first Esc only closes the filter");
    let (result, _) = drive(&mut f, "esc");
    assert!(result.expect("the second Esc cancels").details.cancelled);
}

#[test]
fn no_match_then_enter_opens_type_your_own() {
    let mut f = flow(greek(), behaviour());
    drive(&mut f, r#"/ "omega" enter"#);
    assert!(f.editor().is_some(), "{}", state(&f));
    let (result, _) = drive(&mut f, r#""Omega" enter enter"#);
    let result = result.expect("submitted");
    assert_eq!(answers(&result)["g"]["values"], json!(["Omega"]));
}

#[test]
fn the_preview_follows_the_highlighted_option() {
    let mut f = flow(preview(), behaviour());
    drive(&mut f, "pageDown");
    assert_eq!(f.draft(0).map(|d| d.preview_scroll), Some(10));
    drive(&mut f, r#"/ "li""#);
    let draft = f.draft(0).expect("draft");
    assert_eq!(draft.preview_index(), Some(1), "List's preview shows");
    assert_eq!(
        draft.preview_scroll, 0,
        "a new option's preview starts at its top"
    );
    drive(&mut f, "backspace backspace \"g\"");
    assert_eq!(
        f.draft(0)
            .and_then(ask_state::model::QuestionDraft::preview_index),
        Some(0)
    );
    drive(&mut f, r#""q""#);
    assert_eq!(
        f.draft(0)
            .and_then(ask_state::model::QuestionDraft::preview_index),
        None,
        "nothing matches: no option's preview"
    );
}

#[test]
fn pasted_text_goes_into_the_filter_line() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab /");
    let _ = f.apply(Command::Paste("Zu\nlu".into()));
    assert_eq!(
        state(&f),
        r#"q1 filter="Zu" shows=3,+ cursor=3 selected=[]"#
    );
    assert!(f.editor().is_none());
}

#[test]
fn marks_locate_the_matched_characters() {
    let mut f = flow(greek(), behaviour());
    drive(&mut f, r#"/ "rv""#);
    let filter = f.filter().expect("open");
    let delta = &f.form().questions[0].options[3];
    let marks = filter.option_marks(delta);
    assert!(marks.label.is_empty(), "the label does not match");
    let description = delta.description.as_deref().expect("a description");
    let found: Vec<&str> = marks
        .description
        .iter()
        .map(|r| &description[r.clone()])
        .collect();
    assert_eq!(found, ["r", "v"]);

    let mut f = flow(single(), behaviour());
    drive(&mut f, r#"/ "pgs""#);
    let filter = f.filter().expect("open");
    let pg = &f.form().questions[0].options[0];
    let found: Vec<&str> = filter
        .option_marks(pg)
        .label
        .iter()
        .map(|r| &pg.label[r.clone()])
        .collect();
    assert_eq!(found, ["P", "g", "S"]);
}

#[test]
fn a_freeform_question_types_the_slash() {
    let mut f = flow(crate::support::freeform(), behaviour());
    drive(&mut f, r#""a/b""#);
    assert!(f.filter().is_none());
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()),
        Some("a/b".into())
    );
}

#[test]
fn drafts_leave_the_filter_out_and_a_restore_shows_every_option() {
    let mut f = flow(greek(), behaviour());
    drive(&mut f, r#"/ "del""#);
    let snapshot = f.snapshot();
    let json = serde_json::to_string(&snapshot).expect("serializes");
    assert!(!json.contains("del\""), "no query in the draft: {json}");
    let mut resumed = flow(greek(), behaviour());
    drive(&mut resumed, r#"/ "gam""#);
    resumed.restore(&snapshot).expect("same form");
    assert_eq!(
        state(&resumed),
        "q0 filter=- shows=all cursor=4 selected=[]"
    );
}
