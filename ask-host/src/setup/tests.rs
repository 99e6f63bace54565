//! The setup holds the elicitation rules and output, the language and the draft for
//! whatever surface builds its session from it.

use ask_contract::elicitation::ElicitationForm;
use ask_i18n::Locale;
use ask_keymap::Key;
use ask_settings::AskConfig;
use serde_json::json;

use super::{Output, OutputKind, Setup};
use crate::settings::Settings;

fn elicitation() -> ElicitationForm {
    ElicitationForm::from_request(&json!({
        "mode": "form",
        "message": "Who are you?",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "role": {"type": "string", "enum": ["dev", "ops"]}
        }, "required": ["name"]}
    }))
    .expect("a valid request")
}

fn settings() -> Settings {
    Settings::in_memory(AskConfig::default())
}

#[test]
fn an_elicitation_holds_submit_for_required_fields_and_answers_in_its_shape() {
    let request = elicitation();
    let setup = Setup::new().output(OutputKind::Elicitation(Box::new(
        request.clone().into_parts().1,
    )));
    let mut session = setup.session(request.form().clone(), settings());
    // Submit with the required name unanswered is held, from any side.
    session.command(ask_state::Command::Review(
        ask_state::model::ReviewAction::Submit,
    ));
    assert!(session.result().is_none(), "required field held Submit");
    let client = session
        .controller()
        .connect(ask_contract::result::AnsweredVia::Control);
    client
        .send_line(r#"{"v": 1, "type": "answer", "answers": {"name": {"value": "Ada"}}, "mode": "submit"}"#)
        .expect("sent");
    session.pump_control();
    let result = session.result().expect("submitted").clone();
    let output = setup.output_for(&result, false).expect("fits the schema");
    assert!(matches!(output, Output::Elicitation(_)));
    assert_eq!(
        output.to_json(),
        json!({"action": "accept", "content": {"name": "Ada"}})
    );
}

#[test]
fn auto_speaks_the_system_language() {
    let setup =
        Setup::new().system_locale_from(|name| (name == "LANG").then(|| "de_DE.UTF-8".to_owned()));
    let session = setup.session(elicitation().form().clone(), settings());
    assert_eq!(session.flow().locale(), Locale::parse("de").expect("de"));
}

#[test]
fn the_draft_is_kept_and_restored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("draft.json");
    let form = elicitation().form().clone();
    let setup = Setup::new().draft(Some(path.clone()), false);
    let mut session = setup.session(form.clone(), settings());
    for key in ["a", "d", "a", "enter"] {
        session.key(key.parse::<Key>().expect("a key"));
    }
    drop(session);
    let resumed = Setup::new()
        .draft(Some(path.clone()), true)
        .session(form, settings());
    assert_eq!(resumed.draft_path(), Some(path.as_path()));
    let draft = resumed.flow().snapshot();
    let text = serde_json::to_string(&draft).expect("snapshot");
    assert!(text.contains("\"customText\":\"ada\""), "{text}");
}
