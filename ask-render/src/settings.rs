//! The settings overlay: the four behaviour toggles, the config path and the keymap.

use ask_keymap::Action;
use ask_state::Flow;

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
        .map(|(s, _)| display_width(s.label()))
        .max()
        .unwrap_or(0);
    let cursor = flow.settings_cursor().unwrap_or(0);
    for (k, (setting, on)) in rows.iter().enumerate() {
        let current = k == cursor;
        if current {
            block.focus_next();
        }
        let value = if *on {
            Span::new("on", Style::new(Role::Success).bold())
        } else {
            Span::new("off", Role::Muted)
        };
        // Keep the value visible: the label gives way first.
        let room = width.saturating_sub(2 + 2 + 3);
        let label_room = label_w.min(room);
        let mut label = truncate(setting.label(), label_room);
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
    let items: Vec<String> = Action::ALL
        .iter()
        .map(|a| format!("{} {}", a.config_name(), sanitize_line(&keymap.label(*a))))
        .collect();
    for line in join_wrapped(&items, width.saturating_sub(2)) {
        block.push(Line::new(vec![
            Span::raw("  "),
            Span::new(line, Role::Text),
        ]));
    }
    block
}
