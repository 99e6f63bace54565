//! serde on what a web or RPC frontend exchanges with the flow: commands in, effects out.

use ask_keymap::{
    Action, Keymap,
    behaviour::{Behaviour, BehaviourSetting},
};
use ask_state::{
    Command, Completion, Effect, Outcome,
    model::{EditCommand, ReviewAction},
};
use serde_json::json;

use crate::support::{flow, single};

#[test]
fn commands_round_trip_and_read_as_tagged_json() {
    let commands = vec![
        Command::Noop,
        Command::MoveCursor(-2),
        Command::Digit(3),
        Command::Review(ReviewAction::Elaborate),
        Command::Edit(EditCommand::Insert("héllo".to_owned())),
        Command::Edit(EditCommand::WordLeft),
        Command::Paste("a\nb".to_owned()),
        Command::SetCompletions(vec![Completion::file("src/main.rs")]),
        Command::ApplyBehaviour(Behaviour::default().with(BehaviourSetting::AutoSubmit, true)),
        Command::ApplyKeymap(
            Keymap::default()
                .with(Action::Confirm, &["ctrl+s".parse().unwrap()])
                .unwrap(),
        ),
        Command::SetNotice(Some("notice".to_owned())),
    ];
    for command in commands {
        let json = serde_json::to_value(&command).unwrap();
        assert!(json["type"].is_string(), "{json}");
        assert_eq!(serde_json::from_value::<Command>(json).unwrap(), command);
    }
    assert_eq!(
        serde_json::to_value(Command::MoveCursor(1)).unwrap(),
        json!({"type": "moveCursor", "value": 1})
    );
    assert_eq!(
        serde_json::from_value::<Command>(json!({"type": "confirm"})).unwrap(),
        Command::Confirm
    );
    assert_eq!(
        serde_json::from_value::<Command>(json!({"type": "review", "value": "submit"})).unwrap(),
        Command::Review(ReviewAction::Submit)
    );
}

#[test]
fn a_flow_driven_by_json_commands_finishes_with_a_serializable_result() {
    let mut flow = flow(single(), Behaviour::default());
    let mut effects = Vec::new();
    for text in [
        r#"{"type": "digit", "value": 2}"#,
        r#"{"type": "review", "value": "submit"}"#,
    ] {
        let command: Command = serde_json::from_str(text).unwrap();
        if let Outcome::Effects(list) = flow.apply(command) {
            effects.extend(list);
        }
    }
    assert!(flow.is_done());
    let json = serde_json::to_value(&effects).unwrap();
    assert_eq!(json[0]["type"], "done");
    assert_eq!(json[0]["value"]["details"]["mode"], "submit");
    let back: Vec<Effect> = serde_json::from_value(json).unwrap();
    assert_eq!(back, effects);
}
