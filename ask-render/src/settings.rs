//! The settings overlay: the behaviour toggles, notifications, the guarded reset, the
//! config path and the live keymap by context.

use ask_i18n::{Locale, LocaleSetting, Msg};
use ask_keymap::{Action, Context};
use ask_state::{Flow, HostFeature, model::SettingsRow};

use crate::block::Block;
use crate::footer::join_wrapped;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::sanitize_line;
use crate::text::{display_width, truncate};

/// An action's or context's settings-file name in words: `nextTabWhenEmpty` is
/// `Next tab when empty`.
pub(crate) fn in_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (k, c) in name.chars().enumerate() {
        if k == 0 {
            out.extend(c.to_uppercase());
        } else if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The language row's value: the language's own name, or `Auto (<language>)` for `auto`.
fn locale_value(flow: &Flow) -> String {
    let locale = flow.locale();
    match flow.behaviour().locale {
        LocaleSetting::Auto => locale.format(
            Msg::SettingsLocaleAuto,
            &[("language", &locale.native_name())],
        ),
        LocaleSetting::Fixed(fixed) => fixed.native_name().to_owned(),
    }
}

/// An action of the keymap list in words (`Next tab when empty`) in `locale`; an action
/// this version has no text for reads as its name in words.
fn action_words(action: Action, locale: Locale) -> String {
    let msg = match action.config_name() {
        "dismiss" => Msg::ActionDismiss,
        "settings" => Msg::ActionSettings,
        "peek" => Msg::ActionPeek,
        "confirm" => Msg::ActionConfirm,
        "cancel" => Msg::ActionCancel,
        "toggle" => Msg::ActionToggle,
        "changeQuestionType" => Msg::ActionChangeQuestionType,
        "nextTab" => Msg::ActionNextTab,
        "previousTab" => Msg::ActionPreviousTab,
        "nextOption" => Msg::ActionNextOption,
        "previousOption" => Msg::ActionPreviousOption,
        "optionNote" => Msg::ActionOptionNote,
        "questionNote" => Msg::ActionQuestionNote,
        "filter" => Msg::ActionFilter,
        "submit" => Msg::ActionSubmit,
        "close" => Msg::ActionClose,
        "nextTabWhenEmpty" => Msg::ActionNextTabWhenEmpty,
        "previousTabWhenEmpty" => Msg::ActionPreviousTabWhenEmpty,
        "nextOptionWhenEmpty" => Msg::ActionNextOptionWhenEmpty,
        "previousOptionWhenEmpty" => Msg::ActionPreviousOptionWhenEmpty,
        "save" => Msg::ActionSave,
        other => return in_words(other),
    };
    locale.text(msg).to_owned()
}

/// A keymap context in words (`Note editor`) in `locale`.
fn context_words(context: Context, locale: Locale) -> String {
    let msg = match context.config_name() {
        "global" => Msg::ContextGlobal,
        "main" => Msg::ContextMain,
        "editor" => Msg::ContextEditor,
        "noteEditor" => Msg::ContextNoteEditor,
        "settingsModal" => Msg::ContextSettingsModal,
        other => return in_words(other),
    };
    locale.text(msg).to_owned()
}

/// The overlay body (the host draws it instead of the question or review tab) in `rows`
/// rows (0: no limit): the title stays, the rest scrolls with the settings cursor, and
/// `↑ N more rows` / `↓ N more rows` mark what is cut.
pub(crate) fn settings_block(flow: &Flow, width: usize, rows: usize) -> Block {
    let full = settings_rows_block(flow, width);
    if rows == 0 || full.len() <= rows {
        return full;
    }
    window(full, width, rows, flow.settings_scroll())
}

/// Keeps the title row and a window of the rest around the focus row (moved down by
/// `scroll` rows, clamped), with markers.
fn window(full: Block, width: usize, rows: usize, scroll: usize) -> Block {
    let total = full.len();
    let focus = full.focus.unwrap_or(1).clamp(1, total - 1);
    let locale = full.locale;
    let mut out = Block::new(width, locale);
    out.scrolls = true;
    let mut lines = full.lines.into_iter();
    if let Some(title) = lines.next() {
        out.push(title);
    }
    let rest: Vec<Line> = lines.collect();
    let focus = focus - 1;
    // Room under the title, less the two markers at most.
    let room = rows.saturating_sub(1);
    let shown = room.saturating_sub(2).max(1);
    let start = focus
        .saturating_sub(shown / 2)
        .saturating_add(scroll)
        .min(rest.len().saturating_sub(shown));
    // Without a top marker (at the start) or a bottom one (at the end) a row more shows.
    let (start, end) = if start == 0 {
        (0, (shown + 1).min(rest.len()))
    } else if start + shown >= rest.len() {
        let start = rest.len().saturating_sub(shown + 1);
        (start, rest.len())
    } else {
        (start, start + shown)
    };
    let more = |n: usize, up: bool| {
        let arrow = if up { "↑" } else { "↓" };
        let more = locale.plural(
            n as u64,
            (Msg::SettingsMoreOne, Msg::SettingsMoreOther),
            &[("n", &n)],
        );
        Line::styled(format!("  {arrow} {more}"), Role::Muted)
    };
    if start > 0 {
        out.push(more(start, true));
    }
    for (k, line) in rest.into_iter().enumerate().take(end).skip(start) {
        if k == focus {
            out.focus_next();
        }
        out.push(line);
    }
    let below = total - 1 - end;
    if below > 0 {
        out.push(more(below, false));
    }
    out
}

fn settings_rows_block(flow: &Flow, width: usize) -> Block {
    let locale = flow.locale();
    let mut block = Block::new(width, locale);
    block.push(Line::styled(
        locale.text(Msg::SettingsTitle),
        Style::new(Role::Title).bold(),
    ));
    block.blank();
    let rows = flow.settings_rows();
    let label_w = rows
        .iter()
        .map(|row| display_width(row.label_in(locale)))
        .max()
        .unwrap_or(0);
    let language = locale_value(flow);
    let armed = locale.text(Msg::SettingsArmed);
    // The widest value: the label gives way first.
    let value_w = [Msg::SettingsOn, Msg::SettingsOff]
        .iter()
        .map(|m| display_width(locale.text(*m)))
        .chain(flow.reset_armed().then(|| display_width(armed)))
        .max()
        .unwrap_or(0);
    let cursor = flow.settings_cursor().unwrap_or(0);
    for (k, row) in rows.iter().enumerate() {
        let current = k == cursor;
        if current {
            block.focus_next();
        }
        let value = match (row, flow.settings_value(*row)) {
            (_, Some(true)) => Span::new(
                locale.text(Msg::SettingsOn),
                Style::new(Role::Success).bold(),
            ),
            (_, Some(false)) => Span::new(locale.text(Msg::SettingsOff), Role::Muted),
            (SettingsRow::Locale, None) => Span::new(language.clone(), Role::Accent),
            (_, None) if flow.reset_armed() => Span::new(armed, Style::new(Role::Warning).bold()),
            (_, None) => Span::raw(""),
        };
        // Keep the value visible: the label gives way first.
        let value_w = if *row == SettingsRow::Locale {
            display_width(&language).min(width.saturating_sub(6))
        } else {
            value_w
        };
        let room = width.saturating_sub(2 + 2 + value_w);
        let label_room = label_w.min(room);
        let mut label = truncate(row.label_in(locale), label_room);
        let pad = label_room.saturating_sub(display_width(&label));
        label.push_str(&" ".repeat(pad));
        let (pointer, style) = Block::pointer(current);
        block.push(Line::new(vec![
            pointer,
            Span::new(label, style),
            Span::raw("  "),
            value,
        ]));
    }
    block.blank();
    block.push(Line::styled(
        locale.text(Msg::SettingsConfigFile),
        Role::Muted,
    ));
    match flow.options().config_path.as_deref() {
        Some(path) => block.hanging(
            vec![Span::raw("  ")],
            &path.to_string_lossy(),
            Style::new(Role::Text),
        ),
        None => block.push(Line::styled(
            format!("  {}", locale.text(Msg::SettingsNoConfigFile)),
            Role::Dim,
        )),
    }
    block.blank();
    block.hanging(
        Vec::new(),
        locale.text(Msg::SettingsKeys),
        Style::new(Role::Muted),
    );
    let keymap = flow.keymap();
    for &context in Context::ALL {
        let items: Vec<String> = context
            .actions()
            .filter(|a| *a != Action::Peek || flow.host_features().has(HostFeature::Peek))
            .map(|a| {
                let keys = sanitize_line(&keymap.label(a));
                let keys = if keys.is_empty() {
                    locale.text(Msg::SettingsUnbound).to_owned()
                } else {
                    keys
                };
                format!("{}: {keys}", action_words(a, locale))
            })
            .collect();
        block.push(Line::new(vec![
            Span::raw("  "),
            Span::new(context_words(context, locale), Role::Muted),
        ]));
        for line in join_wrapped(&items, width.saturating_sub(4)) {
            block.push(Line::new(vec![
                Span::raw("    "),
                Span::new(line, Role::Text),
            ]));
        }
    }
    block
}
