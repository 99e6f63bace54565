//! `render`: the whole screen of a flow, top rule to bottom rule.

use ask_i18n::Msg;
use ask_keymap::Action;
use ask_state::{Flow, Tab, model::FormText};

use crate::block::Block;
use crate::footer::{hint_rows, tab_strip};
use crate::frame::Span;
use crate::frame::{Cursor, Frame, Line, Role, Style};
use crate::question::{options_area, prompt_block};
use crate::review::review_block;
use crate::sanitize::sanitize_line;
use crate::settings::settings_block;
use crate::text::{display_width, truncate};
use crate::window::Keep;

/// Fewest rows the option list gets, whatever the height.
const MIN_BODY_ROWS: usize = 3;

/// Below this many rows the frame is tight: blank spacer rows go, the transient lines
/// (warnings, hints, notices) take one row each and the key hints at most two, so the
/// question, the review actions and the header keep their rows.
pub(crate) const TIGHT_ROWS: usize = 18;

/// Most rows the key hints take in a tight frame.
const TIGHT_HINT_ROWS: usize = 2;

/// Below this many rows (an inline form on a 12-row terminal gets 10) the key hints take
/// one row, and on the review tab a pending double press takes that row instead.
const VERY_TIGHT_ROWS: usize = 12;

/// Size of the area to render into, in terminal cells. More options will come: build it
/// with [`RenderOptions::new`] or [`RenderOptions::default`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Columns. Every line of the frame fits in it (0 is treated as 1).
    pub width: usize,
    /// Rows. Long option lists and previews are cut to fit it, with "N more"
    /// markers; 0 means no limit. The frame is at most this tall: the head and
    /// footer stay pinned and the body between them scrolls to keep
    /// [`Frame::focus_row`] on screen. No text lays out more rows than that body
    /// shows (its marker counting the rest stays on screen), so a frame costs one
    /// screen of layout however long the texts are.
    pub height: usize,
    /// Draw the frame's own top and bottom rules (on by default). A host that draws the
    /// form inside a border of its own (a bordered ratatui `Block`) turns them off: the
    /// rows they took go to the form, and the frame stays at most `height` tall.
    pub rules: bool,
}

impl RenderOptions {
    /// Options for a `width` x `height` area (`height` 0: no limit), with the rules.
    pub const fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            rules: true,
        }
    }

    /// The same options with the top and bottom rules on or off.
    #[must_use]
    pub const fn with_rules(mut self, rules: bool) -> Self {
        self.rules = rules;
        self
    }
}

impl Default for RenderOptions {
    /// 80 x 24.
    fn default() -> Self {
        Self::new(80, 24)
    }
}

/// Renders the current screen of `flow`: the question tab, the review tab or the
/// settings overlay, with rules, title, tabs, warnings, notice and footer hints.
///
/// Every string that came from the payload, a note, an editor or the host is
/// sanitized; no line is wider than `options.width`.
pub fn render(flow: &Flow, options: &RenderOptions) -> Frame {
    if !options.rules {
        return crate::chrome::without_rules(flow, options);
    }
    let width = options.width.max(1);
    let locale = flow.locale();
    let mut top = Block::new(width, locale);
    top.rule(Style::new(Role::Border));
    let tight = options.height > 0 && options.height < TIGHT_ROWS;
    let very_tight = options.height > 0 && options.height < VERY_TIGHT_ROWS;
    let fit = Fit { tight, very_tight };
    // Built offering PgUp/PgDn, and again without once the body shows nothing to scroll
    // (the second footer is never taller, so the body still fits).
    let footer = footer_block(flow, width, fit, true);
    let settings = flow.settings_cursor().is_some();
    if !settings {
        // The title and the tab strip are pinned above the scrolling body: a long title
        // keeps its last rows (under a marker) so that the strip and some body fit.
        if let Some(title) = &flow.form().title {
            let rows = if options.height == 0 {
                0
            } else {
                let foot = footer.len().min(options.height.saturating_sub(2));
                options
                    .height
                    .saturating_sub(foot + 2 + MIN_BODY_ROWS)
                    .max(2)
            };
            top.hanging_indexed(
                Vec::new(),
                (title, Style::new(Role::Title).bold()),
                &[],
                Keep::tail(rows),
                flow.line_index(FormText::Title),
            );
        }
        top.push(tab_strip(flow, width));
    }
    // The rule, title and tab strip (at least as many rows as without a title).
    let pinned = if settings {
        PINNED_HEAD
    } else {
        top.len().max(PINNED_HEAD)
    };
    // Rows the scrolling body shows between the pinned head and footer: no text lays
    // out more, so its `N more lines` marker stays on screen.
    let view = body_rows(options.height, footer.len(), pinned);
    let mut body = Block::new(width, locale);
    if settings {
        // Under the top rule and above the footer.
        let rows = if options.height == 0 {
            0
        } else {
            options.height.saturating_sub(1 + footer.len()).max(3)
        };
        body = settings_block(flow, width, rows);
    } else {
        if !tight {
            top.blank();
        }
        match flow.tab() {
            Tab::Question(i) => {
                if let Some(q) = flow.form().questions.get(i) {
                    // The prompt sits above the focus row: it leaves room for the
                    // blank row and the first option rows below it.
                    let prompt_rows = if view == 0 {
                        0
                    } else if tight {
                        // Counted from the rows the head really took (no title, no
                        // spacer), so a prompt that fits with the list is shown whole.
                        options
                            .height
                            .saturating_sub(top.len() + footer.len() + MIN_BODY_ROWS)
                            .max(view.saturating_sub(MIN_BODY_ROWS))
                            .max(2)
                    } else {
                        // Less the blank row the prompt block ends with.
                        view.saturating_sub(MIN_BODY_ROWS + 1).max(2)
                    };
                    let mut prompt = prompt_block(flow, i, q, width, prompt_rows);
                    if tight && prompt.lines.last().is_some_and(|l| l.width() == 0) {
                        // The spacer under the prompt goes first when rows are short.
                        prompt.lines.pop();
                    }
                    top.append(prompt);
                    // A short frame gives the list the rows really left, so it cuts
                    // itself (with its markers) instead of being cut by `pin_footer`.
                    let min_rows = if tight { 1 } else { MIN_BODY_ROWS };
                    let budget = (options.height > 0).then(|| {
                        options
                            .height
                            .saturating_sub(top.len() + footer.len())
                            .max(min_rows)
                    });
                    // An option's texts sit below its label row.
                    let text_rows = budget.map_or(0, |b| b.saturating_sub(1).max(2));
                    body = options_area(flow, i, q, width, (budget, text_rows, tight));
                }
            }
            Tab::Review => {
                // The whole body fits under the head and above the footer.
                let rows = if options.height == 0 {
                    0
                } else {
                    options
                        .height
                        .saturating_sub(top.len() + footer.len())
                        .max(1)
                };
                body = review_block(flow, width, rows, (tight, very_tight));
            }
        }
    }
    let footer = if body.scrolls {
        footer
    } else {
        footer_block(flow, width, fit, false)
    };
    let footer_len = footer.len();
    top.append(body);
    top.append(footer);
    let Block {
        lines,
        focus,
        cursor,
        ..
    } = top;
    let last = lines.len().saturating_sub(1);
    let focus_row = cursor.map(|(r, _)| r).or(focus).unwrap_or(0).min(last);
    let cursor = cursor.map(|(row, column)| Cursor::new(row, column));
    pin_footer(
        Frame::from_lines(lines)
            .with_cursor(cursor)
            .with_focus_row(focus_row),
        (width, options.height),
        (footer_len, pinned, locale),
    )
}

/// Rows kept at the top while the body scrolls: the top rule, a one-row title and the tab
/// strip (on the form, at least those: every row of a longer title too).
const PINNED_HEAD: usize = 3;

/// Rows of the scrolling body at `height` (0: no limit) under [`pin_footer`]: the
/// height less the footer and the `pinned` head rows.
fn body_rows(height: usize, footer_len: usize, pinned: usize) -> usize {
    if height == 0 {
        return 0;
    }
    let foot = footer_len.min(height.saturating_sub(2));
    let rows = height - foot;
    let pinned = if rows >= pinned + 3 { pinned } else { 0 };
    (rows - pinned).max(1)
}

/// Fits a frame taller than `height` into it: the footer (hints and bottom rule) stays at the
/// bottom, the first `pinned` rows (rule, title, tabs) stay at the top when there is room,
/// and the rows between scroll so the focus row (the cursor row, the current option) is
/// visible.
/// Rows cut above or below that window are counted in a `↑ N more rows` / `↓ N more rows`
/// marker in the window's first or last row, so nothing goes without a mark.
fn pin_footer(
    frame: Frame,
    (width, height): (usize, usize),
    (footer_len, pinned, locale): (usize, usize, ask_i18n::Locale),
) -> Frame {
    let total = frame.lines.len();
    if height == 0 || total <= height {
        return frame;
    }
    // Keep at least two body rows; a footer taller than that loses its first rows.
    let foot = footer_len.min(height.saturating_sub(2));
    let head_len = total - footer_len;
    let rows = height - foot;
    let pinned = if rows >= pinned + 3 {
        pinned.min(head_len)
    } else {
        0
    };
    let window = rows - pinned;
    let focus = frame.focus_row.min(head_len.saturating_sub(1)).max(pinned);
    let first = focus
        .saturating_sub(window.saturating_sub(1))
        .min(head_len.saturating_sub(window))
        .max(pinned);
    let start = marked_start(first, focus, (pinned, head_len), window);
    let above = start > pinned;
    let below = start + window < head_len;
    let keep =
        |row: usize| row < pinned || (row >= start && row < start + window) || row >= total - foot;
    let kept: Vec<usize> = (0..total).filter(|r| keep(*r)).collect();
    let map = |row: usize| kept.iter().position(|k| *k == row);
    let last = start + window - 1;
    // A marker in the rows cut that counts the other way (a list's `↑ 1 · ↓ 2 more`
    // below the window counts options above it) keeps its count in the new marker.
    let carried = |rows: std::ops::Range<usize>, arrow: char| {
        frame.lines.get(rows).and_then(|rows| {
            rows.iter()
                .filter(|l| is_marker(l))
                .map(Line::plain)
                .find(|t| t.contains(arrow))
        })
    };
    let carried_above = carried(pinned..start + 1, '↓');
    let carried_below = carried(last..head_len, '↑');
    let mut lines = frame.lines;
    let mut index = 0;
    lines.retain(|_| {
        let k = keep(index);
        index += 1;
        k
    });
    // The markers take the window's edge rows, unless the focus sits there (a window
    // too short for both).
    if above
        && focus != start
        && let Some(line) = map(start).and_then(|r| lines.get_mut(r))
    {
        let n = start - pinned + 1;
        *line = rows_marker(carried_above.as_deref(), (n, true), (width, locale));
    }
    if below
        && focus != last
        && (last != start || !above)
        && let Some(line) = map(last).and_then(|r| lines.get_mut(r))
    {
        let n = head_len - last;
        *line = rows_marker(carried_below.as_deref(), (n, false), (width, locale));
    }
    Frame::from_lines(lines)
        .with_cursor(
            frame
                .cursor
                .and_then(|c| map(c.row).map(|row| Cursor::new(row, c.column))),
        )
        .with_focus_row(map(focus).unwrap_or(0))
}

/// The first row of a `window` of body rows `pinned..head_len` nearest to `first` that
/// keeps `focus` off the rows its markers take; `first` when none does.
fn marked_start(
    first: usize,
    focus: usize,
    (pinned, head_len): (usize, usize),
    window: usize,
) -> usize {
    let last_start = head_len.saturating_sub(window).max(pinned);
    let fits = |start: usize| {
        let top = usize::from(start > pinned);
        let bottom = usize::from(start + window < head_len);
        focus >= start + top && focus + bottom < start + window
    };
    (0..=window)
        .flat_map(|d| [first.checked_sub(d), first.checked_add(d)])
        .flatten()
        .filter(|s| (pinned..=last_start).contains(s))
        .find(|s| fits(*s))
        .unwrap_or(first)
}

/// A row that counts hidden rows (`↓ 2 more`, `↑ 1 · ↓ 3 more`, `↓ 4 more lines`, in
/// any language): muted text with an arrow, and nothing else but blanks.
fn is_marker(line: &Line) -> bool {
    // Blanks and an editor's bar (`│ `) lead some markers.
    let spans = || {
        line.spans
            .iter()
            .filter(|s| !matches!(s.text.trim(), "" | "│"))
    };
    spans().all(|s| s.style.role == Role::Muted) && spans().any(|s| s.text.contains(['↑', '↓']))
}

/// The marker of `n` frame rows cut above (`up`) or below the window of a short frame;
/// `carried`: a marker cut with them that counts the other way, kept in front.
fn rows_marker(
    carried: Option<&str>,
    (n, up): (usize, bool),
    (width, locale): (usize, ask_i18n::Locale),
) -> Line {
    use ask_i18n::Msg;
    let arrow = if up { "↑" } else { "↓" };
    let more = locale.plural(
        n as u64,
        (Msg::SettingsMoreOne, Msg::SettingsMoreOther),
        &[("n", &n)],
    );
    let text = match carried {
        Some(own) => format!("  {} · {arrow} {more}", own.trim()),
        None => format!("  {arrow} {more}"),
    };
    let mut marker = Line::styled(text, Role::Muted);
    marker.fit(width);
    marker
}

/// How short the frame is (see [`TIGHT_ROWS`] and [`VERY_TIGHT_ROWS`]).
#[derive(Clone, Copy)]
struct Fit {
    tight: bool,
    very_tight: bool,
}

/// The first of `texts` that fits `width` on one row, else the last one cut to it.
fn one_row(texts: &[&str], width: usize) -> String {
    texts
        .iter()
        .find(|t| display_width(t) <= width)
        .map_or_else(
            || truncate(texts.last().copied().unwrap_or_default(), width),
            |t| (*t).to_owned(),
        )
}

/// Blank row (unless tight), dirty-dismiss warning (one row), one-line hint, notice, idle
/// countdown, hints (unless turned off), bottom rule. In a tight frame every line is one
/// row (cut with `…`) and the hints take at most [`TIGHT_HINT_ROWS`].
fn footer_block(flow: &Flow, width: usize, fit: Fit, scrolls: bool) -> Block {
    let Fit { tight, very_tight } = fit;
    let locale = flow.locale();
    let mut footer = Block::new(width, locale);
    if !tight {
        footer.blank();
    }
    if flow.dismiss_warning() {
        let km = flow.keymap();
        let (cancel, dismiss) = (
            sanitize_line(&km.label(Action::Cancel)),
            sanitize_line(&km.label(Action::Dismiss)),
        );
        let first = sanitize_line(&km.first_label(Action::Cancel));
        let keys: &[(&str, &dyn std::fmt::Display)] = &[("cancel", &cancel), ("dismiss", &dismiss)];
        let long = locale.format(Msg::DismissLong, keys);
        let medium = locale.format(Msg::DismissMedium, keys);
        let short = locale.format(Msg::DismissShort, &[("key", &first)]);
        let text = one_row(&[&long, &medium, &short], width);
        footer.push(Line::new(vec![Span::new(
            text,
            Style::new(Role::Warning).bold(),
        )]));
    }
    let mut line = |text: &str, style: Style| {
        if tight {
            footer.push(Line::new(vec![Span::new(truncate(text, width), style)]));
        } else {
            footer.hanging(Vec::new(), text, style);
        }
    };
    if let Some(hint) = flow.hint() {
        line(hint, Style::new(Role::Warning));
    }
    if let Some(notice) = &flow.options().notice {
        line(notice, Style::new(Role::Warning));
    }
    if let Some(seconds) = flow.countdown_seconds() {
        let text = locale.format(Msg::Countdown, &[("seconds", &seconds)]);
        line(&text, Style::new(Role::Warning).bold());
    }
    let armed = flow.armed_hint().filter(|_| very_tight);
    if let Some(hint) = &armed {
        // The review block leaves it to this row (see `review_block`).
        footer.push(Line::styled(
            truncate(hint, width),
            Style::new(Role::Warning).bold(),
        ));
    } else if flow.behaviour().show_footer_hints {
        let keep = match (tight, very_tight) {
            (_, true) => 1,
            (true, false) => TIGHT_HINT_ROWS,
            (false, false) => usize::MAX,
        };
        let rows = hint_rows(flow, width, scrolls, keep);
        for row in rows.into_iter().take(keep) {
            footer.push(Line::styled(row, Role::Muted));
        }
    }
    footer.rule(Style::new(Role::Border));
    footer
}
