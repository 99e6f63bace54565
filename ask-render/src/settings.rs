//! The settings overlay: the behaviour toggles, notifications, the guarded reset, the
//! config path and the live keymap by context.

use ask_keymap::{Action, Context};
use ask_state::{Flow, HostFeature};

use crate::block::Block;
use crate::footer::join_wrapped;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::sanitize_line;
use crate::text::{display_width, truncate};

/// The overlay body (the host draws it instead of the question or review tab).
pub(crate) fn settings_block(flow: &Flow, width: usize) -> Block {
    let mut block = Block::new(width);
    block.push(Line::styled("Ask settings", Style::new(Role::Title).bold()));
    block.blank();
    let rows = flow.settings_rows();
    let label_w = rows
        .iter()
        .map(|row| display_width(row.label()))
        .max()
        .unwrap_or(0);
    let cursor = flow.settings_cursor().unwrap_or(0);
    for (k, row) in rows.iter().enumerate() {
        let current = k == cursor;
        if current {
            block.focus_next();
        }
        let value = match flow.settings_value(*row) {
            Some(true) => Span::new("on", Style::new(Role::Success).bold()),
            Some(false) => Span::new("off", Role::Muted),
            None if flow.reset_armed() => Span::new("armed", Style::new(Role::Warning).bold()),
            None => Span::raw(""),
        };
        // Keep the value visible: the label gives way first.
        let room = width.saturating_sub(2 + 2 + 3);
        let label_room = label_w.min(room);
        let mut label = truncate(row.label(), label_room);
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
    block.push(Line::styled("Config file", Role::Muted));
    match flow.options().config_path.as_deref() {
        Some(path) => block.hanging(
            vec![Span::raw("  ")],
            &path.to_string_lossy(),
            Style::new(Role::Text),
        ),
        None => block.push(Line::styled("  (not saved: no config file)", Role::Dim)),
    }
    block.blank();
    block.hanging(
        Vec::new(),
        "Keymap (edit the config file to change it)",
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
                    "(unbound)".to_owned()
                } else {
                    keys
                };
                format!("{} {keys}", a.config_name())
            })
            .collect();
        block.push(Line::new(vec![
            Span::raw("  "),
            Span::new(context.config_name(), Role::Muted),
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
