//! Nothing is cut without a marker: for generated forms and key sequences, a frame at
//! any size from 30x8 to 120x20 shows everything the unlimited frame of the same width
//! shows, or marks each place where rows are missing with an `↑ ...` / `↓ ... more`
//! marker. The comparison leaves out what short frames lay out differently on purpose:
//! blank spacer rows, rules, the key hints and the one-row warnings and notices.

use ask_render::{Frame, Line, RenderOptions, Role, render};
use ask_state::Flow;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support::{flow, press};

/// Words of generated texts: short and long, so texts wrap at every width.
const WORDS: &[&str] = &[
    "database",
    "a",
    "billing",
    "service",
    "consistency",
    "with",
    "JSON",
    "zero-ops",
    "the",
    "replicated_storage_layer_for_tests",
];

fn words(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 1..max).prop_map(|w| w.join(" "))
}

fn question(index: usize) -> impl Strategy<Value = Value> {
    (
        0..4usize,
        words(30),
        prop::collection::vec((words(4), prop::option::of(words(40))), 1..10),
        1..30usize,
    )
        .prop_map(move |(kind, prompt, options, preview_lines)| {
            if kind == 3 {
                return json!({"id": format!("q{index}"), "label": format!("Question {index}"),
                    "prompt": prompt, "type": "text", "placeholder": "type here"});
            }
            let kind = ["single", "multi", "preview"][kind];
            let preview: Vec<String> = (0..preview_lines)
                .map(|l| format!("line {l} of the preview"))
                .collect();
            let options: Vec<Value> = options
                .into_iter()
                .enumerate()
                .map(|(j, (label, description))| {
                    let mut o = json!({"value": format!("v{j}"), "label": label,
                                       "preview": preview.join("\n")});
                    if let Some(d) = description {
                        // Upper case, so no row of it reads like a row of a label.
                        o["description"] = json!(d.to_uppercase());
                    }
                    o
                })
                .collect();
            json!({"id": format!("q{index}"), "label": format!("Question {index}"),
                   "prompt": prompt, "type": kind, "options": options})
        })
}

fn payload() -> impl Strategy<Value = Value> {
    (
        prop::option::of(words(8)),
        prop::collection::vec(0..1usize, 1..4),
    )
        .prop_flat_map(|(title, qs)| {
            let questions: Vec<_> = (0..qs.len()).map(question).collect();
            (Just(title), questions)
        })
        .prop_map(|(title, questions)| json!({"title": title, "questions": questions}))
}

/// Key steps a newcomer takes: moving, answering, notes, the dirty-dismiss warning.
const STEPS: &[&[&str]] = &[
    &["down"],
    &["down", "down", "down"],
    &["up"],
    &["tab"],
    &["shift+tab"],
    &["space"],
    &["1"],
    &["n", "text:is the licence fine for a service like ours"],
    &["shift+n", "text:why not both"],
    &["enter"],
    &["esc"],
    &["text:abc"],
    &["pageDown"],
];

/// The rows a short frame may lay out differently from an unlimited one.
fn compared(line: &Line) -> bool {
    let plain = line.plain();
    let text = plain.trim();
    // A short frame puts an option note editor's label on the option's row.
    if text.is_empty() || text == "Review your answers" || text == "Option note:" {
        return false;
    }
    let all = |role: Role| line.spans.iter().all(|s| s.style.role == role);
    let rule = all(Role::Border) && text.chars().all(|c| c == '─');
    let hints = line.spans.len() == 1 && all(Role::Muted) && !is_marker(text);
    let warning = line.spans.iter().any(|s| s.style.role == Role::Warning);
    !(rule || hints || warning)
}

fn is_marker(text: &str) -> bool {
    (text.contains('↑') || text.contains('↓')) && text.contains("more")
}

/// The rows of an option's description, which give way to its open note editor in a
/// short frame on purpose (the person read it before opening the editor; it shows
/// again when the note is saved).
fn description_rows(f: &Flow, full: &[Line]) -> Vec<(usize, String)> {
    let open_note = f
        .editor()
        .is_some_and(|e| matches!(e.target, ask_state::model::EditorTarget::OptionNote(_)));
    if !open_note {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut under_cursor = false;
    for (k, line) in full.iter().enumerate() {
        let text = line.plain();
        if text.starts_with('❯') {
            under_cursor = true;
            continue;
        }
        // The role of the row's text (past its indent and any padding).
        let role = line
            .spans
            .iter()
            .find(|s| !s.text.trim().is_empty())
            .map(|s| s.style.role);
        if under_cursor && role == Some(Role::Accent) {
            // The label goes on.
        } else if under_cursor && role == Some(Role::Muted) && !text.contains("Option note") {
            out.push((k, text.trim_end().to_owned()));
        } else {
            under_cursor = false;
        }
    }
    out
}

/// A row of the short frame: a marker, or a row to find in the unlimited frame.
enum Row {
    /// A marker: whether it counts rows above (`↑`), and rows below (`↓`).
    Marker(bool, bool),
    Text(String),
}

/// The rows of `full` that an option's description took and that gave way to its note
/// editor in `short`: only when `short` shows none of it (no row, nor one cut with `…`).
fn given_way(f: &Flow, short: &[Line], full: &[Line]) -> Vec<usize> {
    let description = description_rows(f, full);
    // Looked for under the option's row only, up to the next option.
    let at = short
        .iter()
        .position(|l| l.plain().starts_with('❯'))
        .map_or(0, |k| k + 1);
    let under = short[at.min(short.len())..]
        .iter()
        .take_while(|l| !starts_option(&l.plain()));
    let shows_some = under.into_iter().any(|l| {
        let plain = l.plain();
        let t = plain.trim_end();
        let cut = t.strip_suffix('…').unwrap_or(t);
        description.iter().any(|(_, d)| {
            d == t || (cut != t && (d.starts_with(cut) || cut.starts_with(d.as_str())))
        })
    });
    if shows_some {
        Vec::new()
    } else {
        description.into_iter().map(|(k, _)| k).collect()
    }
}

/// A row that starts an option of the list (`❯ 2. `, `  3. `).
fn starts_option(text: &str) -> bool {
    let t = text.trim_start_matches(['❯', ' ']);
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(". ")
}

/// `Err` when the rows of `short` cannot be lined up with rows of `full` (in order)
/// such that every run of rows of `full` left out has a marker where it is left out
/// (rows in `given_way` may go without one). A row cut with `…` stands for the row it
/// starts.
fn check(short: &[Line], full: &[Line], given_way: &[usize]) -> Result<(), String> {
    let full: Vec<String> = full
        .iter()
        .enumerate()
        .filter(|(k, l)| compared(l) && !given_way.contains(k))
        .map(|(_, l)| {
            let plain = l.plain();
            plain
                .trim_end()
                .trim_end_matches(" · Option note:")
                .to_owned()
        })
        .collect();
    let rows: Vec<Row> = short
        .iter()
        .filter(|l| compared(l))
        .map(|line| {
            let plain = line.plain();
            let text = plain.trim_end().trim_end_matches(" · Option note:");
            if is_marker(text) {
                Row::Marker(text.contains('↑'), text.contains('↓'))
            } else {
                Row::Text(text.to_owned())
            }
        })
        .collect();
    let mut memo = std::collections::HashSet::new();
    if align(&rows, &full, (0, 0, true, false), &mut memo) {
        Ok(())
    } else {
        Err(
            "the short frame cannot be lined up with the unlimited one, every cut marked"
                .to_owned(),
        )
    }
}

/// Whether `rows[r..]` line up with `full[f..]`. `marked`: a marker (or the start of
/// the frame, which a marker would precede) stands right before `rows[r]`; `carry`: a
/// `↓` marker seen earlier that no gap used yet (the compact preview pane counts the
/// lines below its one row of text on its title row, above that row).
fn align(
    rows: &[Row],
    full: &[String],
    state: (usize, usize, bool, bool),
    failed: &mut std::collections::HashSet<(usize, usize, bool, bool)>,
) -> bool {
    let (r, f, marked, carry) = state;
    if failed.contains(&state) {
        return false;
    }
    let ok = match rows.get(r) {
        None => f == full.len() || marked || carry,
        Some(Row::Marker(up, down)) => {
            let _ = up;
            align(rows, full, (r + 1, f, true, carry || *down), failed)
        }
        Some(Row::Text(text)) => {
            // A row cut with `…` is a marker of what it cuts: the rest of its row, and
            // the rows its text goes on in.
            // (Its text compared without the indent and a note's label, which a long
            // note puts on a row of its own.)
            let bare = |t: &str| {
                let t = t.trim_start().trim_end_matches('…').trim_end();
                t.strip_prefix("Option note:")
                    .unwrap_or(t)
                    .trim_start()
                    .to_owned()
            };
            let cut = text.strip_suffix('…').map(|c| bare(c.trim_end()));
            let matches = |row: &String| {
                row == text
                    || cut.as_deref().is_some_and(|c| {
                        let row = bare(row);
                        !row.is_empty() && (row.starts_with(c) || c.starts_with(row.as_str()))
                    })
            };
            // The list's marker of rows above, when it comes below this row (`↑ 1 · ↓ 2
            // more` in a window too short for two markers), counts too.
            let up_below = rows[r + 1..]
                .iter()
                .take_while(|row| !matches!(row, Row::Text(t) if starts_option(t)))
                .any(|row| matches!(row, Row::Marker(true, _)));
            (f..full.len()).any(|p| {
                let gap = p > f;
                let free = marked || up_below;
                if gap && !free && !carry {
                    return false;
                }
                // A gap no marker right before covers uses up the carried marker.
                let carry = carry && (free || !gap);
                matches(&full[p]) && align(rows, full, (r + 1, p + 1, cut.is_some(), carry), failed)
            })
        }
    };
    if !ok {
        failed.insert(state);
    }
    ok
}

/// The rows of `frame` with the rows of a preview beside the options (split at its ` │ `
/// border) cut to the options (`right` false) or the pane (`right` true).
fn side(frame: &Frame, right: bool) -> Vec<Line> {
    frame
        .lines
        .iter()
        .map(|line| {
            let at = line
                .spans
                .iter()
                .position(|s| s.style.role == Role::Border && s.text == " │ ");
            match at {
                Some(k) if right => Line::new(line.spans[k + 1..].to_vec()),
                Some(k) => Line::new(line.spans[..k].to_vec()),
                None => line.clone(),
            }
        })
        .collect()
}

fn frame_text(frame: &Frame) -> String {
    frame.to_plain_text()
}

fn assert_marked(f: &Flow, width: usize, height: usize) -> Result<(), TestCaseError> {
    let short = render(f, &RenderOptions::new(width, height));
    prop_assert!(
        short.lines.len() <= height,
        "{} rows at {width}x{height}",
        short.lines.len()
    );
    let full = render(f, &RenderOptions::new(width, 0));
    let checked = [false, true].into_iter().try_for_each(|right| {
        let (short, full) = (side(&short, right), side(&full, right));
        check(&short, &full, &given_way(f, &short, &full))
    });
    if let Err(why) = checked {
        return Err(TestCaseError::fail(format!(
            "at {width}x{height}: {why}\n--- short ---\n{}--- unlimited ---\n{}",
            frame_text(&short),
            frame_text(&full)
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_cut_is_marked(
        payload in payload(),
        steps in prop::collection::vec(prop::sample::select(STEPS), 0..6),
        width in 30usize..=120,
        height in 8usize..=20,
    ) {
        let mut f = flow(&payload);
        for step in steps {
            press(&mut f, step);
        }
        assert_marked(&f, width, height)?;
    }
}

/// The two screens issue 23 names: a long description with the dismiss warning, and a
/// note editor with a long option list, at 40x10.
#[test]
fn the_known_cuts_at_40x10_are_marked() {
    let mut f = flow(&crate::support::db_form());
    press(&mut f, &["space", "esc"]);
    assert!(f.dismiss_warning());
    assert_marked(&f, 40, 10).unwrap();
    let mut f = flow(&crate::support::long_list_form());
    press(
        &mut f,
        &["down", "n", "text:is this region close to our users"],
    );
    assert_marked(&f, 40, 10).unwrap();
    let mut f = flow(&crate::support::db_form());
    press(&mut f, &["n", "text:is the licence fine for us"]);
    assert_marked(&f, 40, 10).unwrap();
}

/// The tab strip of `full` (the row after the rule and the title rows), found in `short`;
/// and the title's last row, or the marker of its cut rows, above it.
fn assert_head_kept(f: &Flow, width: usize, height: usize) -> Result<(), TestCaseError> {
    let short = render(f, &RenderOptions::new(width, height));
    let full = render(f, &RenderOptions::new(width, 0));
    let title = |l: &Line| l.spans.iter().any(|s| s.style.role == Role::Title);
    let title_rows = full.lines[1..].iter().take_while(|l| title(l)).count();
    let strip = full.lines[1 + title_rows].plain();
    let at = short.lines.iter().position(|l| l.plain() == strip);
    prop_assert!(
        at.is_some_and(|at| at <= 1 + title_rows),
        "at {width}x{height}: the tab strip {strip:?} is not under the title\n{}",
        frame_text(&short)
    );
    if title_rows > 0 {
        let above = &short.lines[at.unwrap_or(1) - 1];
        prop_assert!(
            above.plain() == full.lines[title_rows].plain() || is_marker(&above.plain()),
            "at {width}x{height}: no title row above the strip\n{}",
            frame_text(&short)
        );
    }
    Ok(())
}

/// Issue 32: at 60x15 with a two-row title, an open question-note editor pushed the tab
/// strip off the screen (the cut was marked, but not which question the note is for).
#[test]
fn a_note_editor_at_60x15_keeps_a_two_row_title_and_the_tab_strip() {
    let note = "is the licence fine for a service like ours, and what does it cost when we grow past the free tier? ".repeat(4);
    for (form, keys) in [
        (crate::support::db_form(), vec!["shift+n"]),
        (crate::support::db_form(), vec!["down", "shift+n"]),
        (crate::support::long_list_form(), vec!["down", "shift+n"]),
        (crate::support::db_form(), vec!["tab", "shift+n"]),
    ] {
        let mut payload = form;
        payload["title"] = json!(
            "Set up the billing service: storage, regions, replication and the backups we keep"
        );
        let mut f = flow(&payload);
        let text = format!("text:{note}");
        let mut keys: Vec<&str> = keys;
        keys.push(&text);
        press(&mut f, &keys);
        let short = render(&f, &RenderOptions::new(60, 15));
        assert!(
            short.lines[1].plain().starts_with("Set up"),
            "{}",
            frame_text(&short)
        );
        assert_head_kept(&f, 60, 15).unwrap();
        assert_marked(&f, 60, 15).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The title (or its last rows under a marker) and the tab strip stay at the top of
    /// every frame tall enough for them and three rows of body, whatever is open.
    #[test]
    fn the_title_and_the_tab_strip_stay(
        payload in payload(),
        steps in prop::collection::vec(prop::sample::select(STEPS), 0..6),
        width in 30usize..=120,
        height in 12usize..=20,
    ) {
        let mut f = flow(&payload);
        for step in steps {
            press(&mut f, step);
        }
        prop_assume!(f.settings_cursor().is_none());
        assert_head_kept(&f, width, height)?;
    }
}
