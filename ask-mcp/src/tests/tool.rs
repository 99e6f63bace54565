//! The tool a client lists, and how results become MCP results.

use crate::present::{form_key, popup_size, state_dir};
use crate::{call_result, no_form_result, tool};
use ask_contract::{
    payload::{AskParams, QuestionParams},
    result::AskResult,
};

fn form() -> ask_contract::AskForm {
    AskParams::new()
        .question(
            QuestionParams::new("db", "Which database?")
                .options([("pg", "PostgreSQL"), ("lite", "SQLite")]),
        )
        .validate()
        .unwrap()
}

#[test]
fn the_tool_takes_the_payload_schema_and_declares_the_details_schema_read_only_and_closed_world() {
    let tool = tool();
    assert_eq!(tool.name, "ask_user");
    let input = serde_json::Value::Object((*tool.input_schema).clone());
    assert_eq!(input, ask_contract::payload::json_schema());
    let output = tool.output_schema.as_ref().unwrap();
    assert_eq!(output["type"], "object");
    assert!(
        output["required"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v == "answers")
    );
    let annotations = tool.annotations.as_ref().unwrap();
    assert_eq!(annotations.read_only_hint, Some(true));
    assert_eq!(annotations.open_world_hint, Some(false));
    let description = tool.description.as_deref().unwrap();
    for needle in [
        "recommended",
        "Bundle two or three",
        "cancelled",
        "elaborate",
        "affectedQuestionIds",
    ] {
        assert!(description.contains(needle), "description lacks {needle:?}");
    }
    assert!(
        crate::INSTRUCTIONS.matches(". ").count() <= 1,
        "instructions are two sentences"
    );
}

#[test]
fn a_result_is_its_text_and_details_and_an_invalid_payload_is_a_tool_error_with_the_issues() {
    let result = AskResult::non_interactive(&form());
    let call = call_result(&result);
    assert_eq!(call.is_error, Some(false));
    let json = serde_json::to_value(&call).unwrap();
    assert_eq!(json["content"][0]["text"], result.text());
    assert_eq!(
        json["structuredContent"],
        serde_json::to_value(&result.details).unwrap()
    );

    let err = ask_contract::parse_params(
        &serde_json::json!({"questions": 5}),
        ask_contract::ParseOptions::default(),
    )
    .unwrap_err();
    let invalid = AskResult::invalid(err.issues().to_vec());
    let call = serde_json::to_value(call_result(&invalid)).unwrap();
    assert_eq!(call["isError"], true);
    assert!(
        call["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Invalid ask_user payload:")
    );
    assert_eq!(
        call["structuredContent"]["error"]["issues"][0]["path"],
        "questions"
    );
}

#[test]
fn without_a_form_the_result_names_what_would_open_one() {
    let result = no_form_result(&form());
    assert!(result.details.cancelled);
    assert!(result.text().starts_with("Needs user input:"));
    for needle in ["tmux", "--launch", "mcp", "elicitation"] {
        assert!(result.text().contains(needle), "{needle}");
    }
}

#[test]
fn the_popup_is_as_tall_as_the_form_within_the_window() {
    let (w, h) = popup_size(&form(), 200, 60);
    assert_eq!(w, 120);
    assert!((12..=58).contains(&h), "{h}");
    let long = AskParams::new()
        .question(QuestionParams::new("q", "x\n".repeat(200)).options([("a", "A")]))
        .validate()
        .unwrap();
    assert_eq!(popup_size(&long, 80, 24), (76, 22));
    assert!(popup_size(&long, 80, 60).1 > popup_size(&form(), 80, 60).1);
}

#[test]
fn drafts_are_keyed_by_the_questions_and_live_in_the_state_folder() {
    assert_eq!(form_key(&form()), form_key(&form()));
    let other = AskParams::new()
        .question(QuestionParams::new("db", "Which one?").options([("pg", "PostgreSQL")]))
        .validate()
        .unwrap();
    assert_ne!(form_key(&form()), form_key(&other));
    assert_eq!(form_key(&form()).len(), 16);
    let env = |name: &str| match name {
        "XDG_STATE_HOME" => Some("/s".to_owned()),
        "HOME" => Some("/h".to_owned()),
        _ => None,
    };
    if cfg!(unix) {
        assert_eq!(state_dir(env), std::path::Path::new("/s/ask-user/mcp"));
        let home = |name: &str| (name == "HOME").then(|| "/h".to_owned());
        assert_eq!(
            state_dir(home),
            std::path::Path::new("/h/.local/state/ask-user/mcp")
        );
    }
}

#[test]
fn http_addresses_are_loopback_unless_allowed() {
    use crate::HttpOptions;
    assert!(HttpOptions::new("127.0.0.1:0", false).is_ok());
    assert!(HttpOptions::new("[::1]:8080", false).is_ok());
    let err = HttpOptions::new("0.0.0.0:8080", false).unwrap_err();
    assert!(err.to_string().contains("--allow-remote"), "{err}");
    assert!(HttpOptions::new("0.0.0.0:8080", true).is_ok());
    let err = HttpOptions::new("localhost", false).unwrap_err();
    assert!(err.to_string().contains("\"localhost\""), "{err}");
    // The browser form's token size: 128 bits in hex, fresh each time.
    let a = HttpOptions::new("127.0.0.1:0", false).unwrap().token;
    assert_eq!(a.len(), 32);
    assert_ne!(a, HttpOptions::new("127.0.0.1:0", false).unwrap().token);
}
