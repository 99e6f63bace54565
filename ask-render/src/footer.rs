//! Footer hints built from the live keymap, and the tab strip.

use ask_contract::QuestionType;
use ask_i18n::Msg;
use ask_keymap::Action;
use ask_state::{Flow, HostFeature, Tab, model::EditorTarget};

use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::{sanitize, sanitize_line};
use crate::text::{display_width, truncate};

/// Separator between hints (and the only place a hint line may break).
const SEP: &str = " · ";

/// Lists longer than this (more options than digits) show the `main.filter` hint.
const LONG_LIST: usize = 9;

/// Widest a tab label gets before it is cut.
const MAX_TAB_LABEL: usize = 24;

/// Joins items with ` · `, starting a new row where the next item does not fit;
/// an item wider than `width` is cut.
pub(crate) fn join_wrapped(items: &[String], width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    for item in items {
        let item = truncate(item, width);
        let w = display_width(&item);
        if used > 0 && used + display_width(SEP) + w <= width {
            current.push_str(SEP);
            current.push_str(&item);
            used += display_width(SEP) + w;
        } else {
            if used > 0 {
                rows.push(std::mem::take(&mut current));
            }
            current = item;
            used = w;
        }
    }
    if used > 0 {
        rows.push(current);
    }
    rows
}

/// What the hints are built from: the flow, and whether to name one key per hint.
#[derive(Clone, Copy)]
struct Cx<'a> {
    flow: &'a Flow,
    /// One key per hint (`Esc cancel` rather than `Esc/Ctrl+C cancel`), for when the
    /// full hints would not fit one row.
    compact: bool,
}

/// Labels of several actions joined with `/` (unbound ones left out), sanitized; when
/// compact, only the first key of the first bound action.
fn keys_of(cx: Cx<'_>, actions: &[Action]) -> String {
    let km = cx.flow.keymap();
    let mut labels = actions.iter().filter_map(|a| {
        let label = if cx.compact {
            km.first_label(*a)
        } else {
            km.label(*a)
        };
        (!label.is_empty()).then_some(label)
    });
    if cx.compact {
        return sanitize_line(&labels.next().unwrap_or_default());
    }
    sanitize_line(&labels.collect::<Vec<_>>().join("/"))
}

/// Pushes `<keys> <what>` when any of `actions` is bound, `what` in the flow's language.
fn add(out: &mut Vec<String>, cx: Cx<'_>, actions: &[Action], what: Msg) {
    let keys = keys_of(cx, actions);
    if !keys.is_empty() {
        out.push(format!("{keys} {}", cx.t(what)));
    }
}

impl Cx<'_> {
    /// A text in the flow's language.
    fn t(self, msg: Msg) -> &'static str {
        self.flow.locale().text(msg)
    }
}

/// The contextual hints for the current state, with the keys of the live keymap; a hint
/// whose action is unbound is left out. On the main list they fit one 80-column line with
/// the default keymap (a list of more than nine options adds `/ filter`, and then names one
/// key per hint to stay on one line, see [`hint_rows`]):
/// arrows and Tab are left for the user to find, as in pi-ask.
///
/// `scrolls`: a preview pane on screen has hidden lines, so `PgUp/PgDn scroll` is offered.
pub(crate) fn hints(flow: &Flow, compact: bool, scrolls: bool) -> Vec<String> {
    let cx = Cx { flow, compact };
    let mut out = Vec::new();
    if flow.settings_cursor().is_some() {
        add(
            &mut out,
            cx,
            &[Action::SettingsPrevious, Action::SettingsNext],
            Msg::HintMove,
        );
        add(&mut out, cx, &[Action::SettingsToggle], Msg::HintToggle);
        add(&mut out, cx, &[Action::SettingsClose], Msg::HintClose);
        if scrolls {
            out.push(format!("PgUp/PgDn {}", cx.t(Msg::HintScroll)));
        }
        return out;
    }
    if let Some(editor) = flow.editor() {
        let custom = editor.target == EditorTarget::Custom;
        let (submit, close) = if custom {
            (Action::EditorSubmit, Action::EditorClose)
        } else {
            (Action::NoteSave, Action::NoteClose)
        };
        if editor
            .completion
            .as_ref()
            .is_some_and(|c| !c.items.is_empty())
        {
            out.push(format!("↑↓ {}", cx.t(Msg::HintChoose)));
            let keys = keys_of(cx, &[submit]);
            let insert = cx.t(Msg::HintInsert);
            out.push(if keys.is_empty() {
                format!("Tab {insert}")
            } else {
                format!("Tab/{keys} {insert}")
            });
            add(&mut out, cx, &[close], Msg::HintCloseList);
            return out;
        }
        if custom && editor.picks_digits() {
            // Opened by itself on arrival: digits still pick, as on the list.
            let pick = cx.t(Msg::HintPick);
            out.push(match option_count(flow, editor.question) {
                0 | 1 => format!("1 {pick}"),
                n => format!("1-{} {pick}", n.min(9)),
            });
            let keys = keys_of(cx, &[submit]);
            let (letters, typing) = (cx.t(Msg::HintLetters), cx.t(Msg::HintType));
            out.push(if keys.is_empty() {
                format!("{letters} {typing}")
            } else {
                format!("{keys}/{letters} {typing}")
            });
            add(
                &mut out,
                cx,
                &[Action::EditorPreviousOption, Action::EditorNextOption],
                Msg::HintMove,
            );
            add(&mut out, cx, &[close], Msg::HintDone);
            add(&mut out, cx, &[Action::Settings], Msg::HintSettings);
            add(&mut out, cx, &[Action::Dismiss], Msg::HintDismiss);
            return out;
        }
        add(&mut out, cx, &[submit], Msg::HintSave);
        add(&mut out, cx, &[close], Msg::HintDone);
        let newline = cx.t(Msg::HintNewline);
        out.push(if flow.host_features().has(HostFeature::ShiftEnter) {
            format!("Shift+Enter {newline}")
        } else {
            format!("Alt+Enter {newline}")
        });
        if editor.buffer.is_empty() {
            let moves: &[Action] = if custom {
                &[Action::EditorPreviousOption, Action::EditorNextOption]
            } else {
                &[Action::NotePreviousOption, Action::NoteNextOption]
            };
            add(&mut out, cx, moves, Msg::HintMove);
            add(&mut out, cx, &[Action::Settings], Msg::HintSettings);
        }
        add(&mut out, cx, &[Action::Dismiss], Msg::HintDismiss);
        if flow.host_features().has(HostFeature::FileCompletion) {
            out.push(format!("@ {}", cx.t(Msg::HintFile)));
        }
        return out;
    }
    if let Some(filter) = flow.filter() {
        filter_hints(cx, filter.question(), &mut out);
        return out;
    }
    match flow.tab() {
        Tab::Review => {
            add(&mut out, cx, &[Action::Confirm], Msg::HintChoose);
            out.push(format!(
                "1-3 {}",
                cx.t(if flow.behaviour().double_press_review_shortcuts {
                    Msg::HintTwice
                } else {
                    Msg::HintChoose
                })
            ));
        }
        Tab::Question(i) => {
            let Some(q) = flow.form().questions.get(i) else {
                return Vec::new();
            };
            let kind = flow.presented_type(i).unwrap_or(q.kind);
            let on_option = flow.draft(i).is_some_and(|d| d.cursor < q.options.len());
            if q.freeform {
                add(&mut out, cx, &[Action::Confirm], Msg::HintEdit);
                add(&mut out, cx, &[Action::QuestionNote], Msg::HintNote);
            } else if q.kind == QuestionType::Confirm {
                out.push(format!("y/n {}", cx.t(Msg::HintAnswer)));
                add(&mut out, cx, &[Action::QuestionNote], Msg::HintNote);
            } else {
                // Every footer says how to move on: Enter selects and advances on single
                // and preview questions, and advances without toggling on multi.
                if kind == QuestionType::Multi {
                    add(&mut out, cx, &[Action::Toggle], Msg::HintToggle);
                    add(&mut out, cx, &[Action::Confirm], Msg::HintNext);
                } else {
                    add(&mut out, cx, &[Action::Confirm], Msg::HintSelect);
                }
                if q.options.len() > LONG_LIST {
                    add(&mut out, cx, &[Action::Filter], Msg::HintFilter);
                }
                if on_option {
                    add(
                        &mut out,
                        cx,
                        &[Action::OptionNote, Action::QuestionNote],
                        Msg::HintNotes,
                    );
                } else {
                    add(&mut out, cx, &[Action::QuestionNote], Msg::HintNote);
                }
                let other = match (kind, q.kind) {
                    (QuestionType::Multi, QuestionType::Preview) => Msg::HintToPreview,
                    (QuestionType::Multi, _) => Msg::HintToSingle,
                    _ => Msg::HintToMulti,
                };
                add(&mut out, cx, &[Action::ChangeQuestionType], other);
                if kind == QuestionType::Preview && scrolls {
                    out.push(format!("PgUp/PgDn {}", cx.t(Msg::HintScroll)));
                }
            }
        }
    }
    add(&mut out, cx, &[Action::Settings], Msg::HintSettings);
    add(
        &mut out,
        cx,
        &[Action::Cancel, Action::Dismiss],
        Msg::HintCancel,
    );
    out
}

/// Declared options of question `i`.
fn option_count(flow: &Flow, i: usize) -> usize {
    flow.form().questions.get(i).map_or(0, |q| q.options.len())
}

/// The hints while the filter line has the keyboard: typing filters, the arrows move,
/// the select or toggle key acts, Esc closes the filter.
fn filter_hints(cx: Cx<'_>, i: usize, out: &mut Vec<String>) {
    out.push(cx.t(Msg::HintTypeToFilter).to_owned());
    add(
        out,
        cx,
        &[Action::PreviousOption, Action::NextOption],
        Msg::HintMove,
    );
    if cx.flow.presented_type(i) == Some(QuestionType::Multi) {
        add(out, cx, &[Action::Toggle], Msg::HintToggle);
        add(out, cx, &[Action::Confirm], Msg::HintNext);
    } else {
        add(out, cx, &[Action::Confirm], Msg::HintSelect);
    }
    out.push(format!("Esc {}", cx.t(Msg::HintCloseFilter)));
    add(out, cx, &[Action::Dismiss], Msg::HintCancel);
}

/// The footer's hint rows at `width`: the full hints, or, when they need more rows, the
/// compact ones (one key per hint) if those need fewer.
///
/// With `max_rows` (a tight frame) the compact hints are taken whenever the full ones
/// need more rows than that, so the rows kept name as many actions as they can.
pub(crate) fn hint_rows(flow: &Flow, width: usize, scrolls: bool, max_rows: usize) -> Vec<String> {
    let full = join_wrapped(&hints(flow, false, scrolls), width);
    if full.len() <= 1 {
        return full;
    }
    let compact = join_wrapped(&hints(flow, true, scrolls), width);
    if compact.len() < full.len() || full.len() > max_rows {
        compact
    } else {
        full
    }
}

/// The tab strip: `☐`/`☒` answered markers, the active tab inverse and bracketed, a Review tab;
/// when the tabs do not fit, a window around the active tab with `‹ N more` / `N more ›`
/// markers counting the tabs left out on each side. Only the tabs near the active one
/// are measured, so the strip costs the same for 10 or 100,000 questions.
pub(crate) fn tab_strip(flow: &Flow, width: usize) -> Line {
    let locale = flow.locale();
    let review = locale.text(Msg::TabReview);
    let more = |n: usize| locale.format(Msg::TabMore, &[("n", &n)]);
    let questions = &flow.form().questions;
    let count = questions.len() + 1;
    let active = match flow.tab() {
        Tab::Question(i) => i,
        Tab::Review => questions.len(),
    }
    .min(count - 1);
    let answered = |k: usize| {
        flow.draft(k)
            .is_some_and(ask_state::model::QuestionDraft::is_answered)
    };
    let label_of = |k: usize| -> Option<String> {
        let label = &questions.get(k)?.label;
        Some(if display_width(&sanitize(label)) > MAX_TAB_LABEL {
            truncate(label, MAX_TAB_LABEL)
        } else {
            sanitize_line(label)
        })
    };
    // Measured after sanitizing: a tab in a label becomes several spaces.
    let width_of =
        |k: usize| label_of(k).map_or(display_width(review) + 2, |l| 4 + display_width(&l));
    let tab = |k: usize| -> (String, Style) {
        let style = if k == active {
            Style::new(Role::Selected).bold().inverse()
        } else if answered(k) {
            Style::new(Role::Success)
        } else {
            Style::new(Role::Muted)
        };
        let text = match label_of(k) {
            Some(label) => {
                let marker = if answered(k) { '☒' } else { '☐' };
                // The active tab is also bracketed, so it shows without colour or inverse.
                let (open, close) = if k == active { ('[', ']') } else { (' ', ' ') };
                let mut text = String::with_capacity(label.len() + 8);
                text.push(open);
                text.push(marker);
                text.push(' ');
                text.push_str(&label);
                text.push(close);
                text
            }
            None if k == active => format!("[{review}]"),
            None => format!(" {review} "),
        };
        (text, style)
    };
    // A marker beside the bracketed active tab keeps a space from it (other tabs are
    // padded with spaces of their own).
    // The counters shorten before the active tab's label is cut: `‹ 3 more`, `‹3`, `‹`.
    let widest = more(99);
    let fit_active = |level: usize| {
        let (left, right) = match level {
            0 => (format!(" ‹ {widest} "), format!(" … {widest} ›")),
            1 => ("‹99 ".to_owned(), " 99›".to_owned()),
            _ => ("‹ ".to_owned(), " ›".to_owned()),
        };
        width_of(active) + display_width(&left) + display_width(&right) <= width
    };
    let level = (0..3).find(|l| fit_active(*l)).unwrap_or(2);
    let left_marker = |n: usize, lo: usize| {
        let gap = if lo == active { " " } else { "" };
        match level {
            0 => format!("‹ {}{gap}", more(n)),
            1 => format!("‹{n}{gap}"),
            _ => format!("‹{gap}"),
        }
    };
    let right_marker = |n: usize, hi: usize| {
        let gap = if hi == active + 1 { " " } else { "" };
        match level {
            0 => format!("{gap}… {} ›", more(n)),
            1 => format!("{gap}{n}›"),
            _ => format!("{gap}›"),
        }
    };
    // Everything, when it fits (a tab is at least 5 columns: few are measured).
    let mut fits = 0;
    let mut all = true;
    for k in 0..count {
        fits += width_of(k);
        if fits > width {
            all = false;
            break;
        }
    }
    let (mut lo, mut hi) = (0, count);
    if !all {
        // A window around the active tab, grown one tab a side at a time into the room
        // the markers leave (first sized for the widest counts, then for the real ones).
        // Marker widths with their spaces, whatever tab they sit beside.
        let left_w = |n: usize| display_width(&left_marker(n, active));
        let right_w = |n: usize| display_width(&right_marker(n, active + 1));
        let mut room = width.saturating_sub(left_w(count) + right_w(count));
        for _ in 0..2 {
            lo = active;
            hi = active + 1;
            let mut used = width_of(active);
            let mut grew = true;
            while grew {
                grew = false;
                if hi < count {
                    let w = width_of(hi);
                    if used + w <= room {
                        used += w;
                        hi += 1;
                        grew = true;
                    }
                }
                if lo > 0 {
                    let w = width_of(lo - 1);
                    if used + w <= room {
                        used += w;
                        lo -= 1;
                        grew = true;
                    }
                }
            }
            let markers = if lo > 0 { left_w(lo) } else { 0 }
                + if hi < count { right_w(count - hi) } else { 0 };
            room = width.saturating_sub(markers);
        }
    }
    let mut line = Line::empty();
    if lo > 0 {
        line.push(Span::new(left_marker(lo, lo), Role::Muted));
    }
    let right = (hi < count).then(|| right_marker(count - hi, hi));
    let room = width
        .saturating_sub(display_width(&line.plain()) + right.as_deref().map_or(0, display_width));
    let mut used = 0;
    for k in lo..hi {
        let (text, style) = tab(k);
        let w = display_width(&text);
        let left = room.saturating_sub(used);
        let (text, w) = if w <= left {
            (text, w)
        } else {
            let cut = truncate(&text, left);
            let w = display_width(&cut);
            (cut, w)
        };
        used += w;
        line.push(Span::new(text, style));
    }
    if let Some(right) = right {
        line.push(Span::new(right, Role::Muted));
    }
    line
}
