//! The worked examples of the private modules (they were doc examples while the modules
//! were public).

use ask_contract::{
    payload::{AskParams, QuestionParams},
    result::AskResult,
};
use serde_json::json;

use crate::auto::{Declared, Environment, FormNeeds, Surface, surfaces};
use crate::elicit;
use crate::outcome::{call_result, link_result, progress_message};

#[test]
fn a_form_as_the_clients_own_form_and_its_reply_as_the_result() {
    let form = AskParams::new()
        .question(
            QuestionParams::new("db", "Which database?")
                .options([("pg", "PostgreSQL"), ("lite", "SQLite")]),
        )
        .validate()
        .unwrap();
    let request = elicit::request(&form);
    assert_eq!(
        request.requested_schema()["properties"]["q01_answer"]["oneOf"][0]["const"],
        "pg"
    );
    let reply = elicit::Reply::Accept(json!({"q01_answer": "lite"}));
    let result = elicit::reply_result(&request, &reply).unwrap();
    assert_eq!(result.details.answers["db"].values, ["lite"]);
}

#[test]
fn claude_code_outside_tmux_with_a_form_without_previews_gets_its_own_form_first() {
    let declared = Declared {
        form: true,
        url: true,
    };
    let env = Environment {
        tmux: false,
        launcher: false,
        desktop: false,
    };
    assert_eq!(
        surfaces(declared, env, FormNeeds { previews: false }),
        [Surface::HostForm, Surface::Link]
    );
}

#[test]
fn progress_says_how_many_are_answered_and_the_link() {
    assert_eq!(progress_message(1, 3, None), "1 of 3 answered");
    assert_eq!(
        progress_message(0, 2, Some("http://127.0.0.1:4000/f/x")),
        "0 of 2 answered; answer in your browser: http://127.0.0.1:4000/f/x"
    );
}

#[test]
fn a_call_result_carries_details_and_a_link_result_the_link() {
    let form = AskParams::new()
        .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL")]))
        .validate()
        .unwrap();
    let result = call_result(&AskResult::non_interactive(&form));
    assert_eq!(result.is_error, Some(false));
    assert_eq!(result.structured_content.unwrap()["cancelled"], true);
    let result = link_result(&form, "http://127.0.0.1:4000/?t=x");
    let needs = result.details.needs_input.as_ref().unwrap();
    assert_eq!(needs.url.as_deref(), Some("http://127.0.0.1:4000/?t=x"));
    assert!(
        result.content[0]
            .text
            .contains("http://127.0.0.1:4000/?t=x")
    );
}
