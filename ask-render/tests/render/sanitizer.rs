//! Hostile text in every field: nothing that a terminal would act on reaches a frame.

use ask_keymap::{Keymap, behaviour::Behaviour};
use ask_render::{
    Frame, RenderOptions, render,
    transcript::{render_call, render_result},
};
use ask_state::{Command, Completion, Flow, FlowOptions, model::ReviewAction};
use serde_json::json;

use crate::support::{form, press};

const OSC52: &str = "\u{1b}]52;c;cm0gLXJmIH4=\u{7}";
const OSC0: &str = "\u{1b}]0;pwned\u{1b}\\";
const CSI_MOVE: &str = "\u{1b}[2J\u{1b}[1;1H";
const SGR: &str = "\u{1b}[31;1m";
const RLO: &str = "\u{202e}";
const C1_CSI: &str = "\u{9b}2J";

fn hostile(tag: &str) -> String {
    format!("{tag}{OSC52}{OSC0}{CSI_MOVE}{SGR}{RLO}\u{2066}{C1_CSI}\u{7f}\r end")
}

fn is_forbidden(c: char) -> bool {
    (c.is_control() && c != '\n')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

fn assert_clean(frame: &Frame) {
    for line in &frame.lines {
        for span in &line.spans {
            assert!(
                !span.text.chars().any(|c| is_forbidden(c) || c == '\n'),
                "control or bidi character in span {:?}",
                span.text
            );
        }
    }
}

fn hostile_flow() -> Flow {
    let payload = json!({
        "title": hostile("title"),
        "questions": [
            {"id": "a", "label": hostile("label"), "prompt": hostile("prompt"),
             "options": [{"value": "x", "label": hostile("option"), "description": hostile("description")},
                         {"value": "y", "label": "plain"}]},
            {"id": "b", "label": "Preview", "type": "preview", "prompt": "p",
             "options": [{"value": "x", "label": "one", "preview": hostile("preview")}]}
        ]
    });
    Flow::new(
        form(&payload),
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default()
            .config_path(hostile("/path"))
            .notice(hostile("notice")),
    )
}

#[test]
fn payload_fields_notes_and_editors_are_sanitized_on_every_screen() {
    let mut f = hostile_flow();
    let sizes = [
        RenderOptions::new(40, 30),
        RenderOptions::new(120, 40),
        RenderOptions::new(1, 5),
    ];
    let check = |f: &Flow| {
        for options in &sizes {
            let frame = render(f, options);
            assert_clean(&frame);
        }
    };
    check(&f);
    // An option note typed by paste, still open in its editor, with a completion list.
    press(&mut f, &["n"]);
    let _ = f.apply(Command::Paste(hostile("note")));
    let _ = f.apply(Command::SetCompletions(vec![Completion::file(hostile(
        "file",
    ))]));
    check(&f);
    press(&mut f, &["esc", "esc", "shift+n"]);
    let _ = f.apply(Command::Paste(hostile("qnote")));
    check(&f);
    press(&mut f, &["enter", "down", "down"]);
    let _ = f.apply(Command::Paste(hostile("custom")));
    check(&f);
    press(&mut f, &["enter"]);
    assert_eq!(f.tab(), ask_state::Tab::Question(1));
    check(&f);
    let preview = render(&f, &RenderOptions::new(120, 40)).to_plain_text();
    assert!(preview.contains("preview␛]52"), "{preview}");
    press(&mut f, &["enter"]);
    assert_eq!(f.tab(), ask_state::Tab::Review);
    check(&f);
    // Review with Elaborate highlighted shows every note.
    press(&mut f, &["down"]);
    assert_eq!(f.review_cursor(), ReviewAction::Elaborate);
    check(&f);
    press(&mut f, &["?"]);
    check(&f);
    let frame = render(&f, &RenderOptions::new(200, 40));
    assert!(
        frame.to_plain_text().contains("␛]52;c;cm0gLXJmIH4=␇"),
        "{}",
        frame.to_plain_text()
    );
}

#[test]
fn transcripts_are_sanitized() {
    let f = hostile_flow();
    let call = render_call(&f.form().to_params_json());
    assert!(!call.chars().any(is_forbidden), "{call:?}");
    let mut f = hostile_flow();
    press(&mut f, &["n"]);
    let _ = f.apply(Command::Paste(hostile("note")));
    press(&mut f, &["enter", "space", "shift+n"]);
    let _ = f.apply(Command::Paste(hostile("qnote")));
    press(&mut f, &["enter"]);
    for action in ReviewAction::ALL {
        let text = render_result(&f.result_for(action));
        assert!(!text.chars().any(is_forbidden), "{action:?}: {text:?}");
    }
}
