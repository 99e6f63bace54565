//! Fixture model replies run through the retry policy, one step per reply.
//!
//! A fixture is a text file: a `retries: N` line, then `--- message` and the
//! assistant text, then one `--- reply` section per model reply, in order.

use std::fmt::Write as _;

use ask_extract::{Decision, EXTRACTION_SYSTEM_PROMPT, Step, next_step};

struct Case {
    retries: u8,
    message: String,
    replies: Vec<String>,
}

fn parse_case(text: &str) -> Case {
    let mut lines = text.lines();
    let retries = lines
        .next()
        .and_then(|l| l.strip_prefix("retries: "))
        .and_then(|n| n.parse().ok())
        .expect("first line: retries: N");
    let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
    for line in lines {
        if let Some(name) = line.strip_prefix("--- ") {
            sections.push((name.to_owned(), Vec::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push(line);
        }
    }
    let mut message = None;
    let mut replies = Vec::new();
    for (name, body) in sections {
        match name.as_str() {
            "message" => message = Some(body.join("\n")),
            "reply" => replies.push(body.join("\n")),
            other => panic!("unknown section {other:?}"),
        }
    }
    Case {
        retries,
        message: message.expect("a --- message section"),
        replies,
    }
}

fn describe(step: &Step) -> String {
    match step {
        Step::Request(request) => {
            assert_eq!(request.system_prompt, EXTRACTION_SYSTEM_PROMPT);
            format!(
                "request attempt {}\n{}\n",
                request.attempt,
                indent(&request.user_text)
            )
        }
        Step::Done(Decision::Form { form, params }) => {
            assert_eq!(
                params
                    .validate_with(ask_contract::ParseOptions::with_freeform())
                    .as_ref(),
                Ok(form),
                "params must parse back to the same form"
            );
            format!(
                "form\n{}\n",
                indent(&serde_json::to_string_pretty(params).unwrap())
            )
        }
        Step::Done(Decision::NoQuestions) => "no questions\n".to_owned(),
        Step::Done(Decision::Failed(err)) => format!("failed: {err}\n"),
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every step from no reply to all replies; every step but the last must be a
/// request, so a fixture never carries replies that would not be asked for.
fn run(case: &Case) -> String {
    let mut out = format!("retries: {}\n", case.retries);
    for k in 0..=case.replies.len() {
        let step = next_step(&case.message, &case.replies[..k], case.retries);
        if k < case.replies.len() {
            assert!(
                matches!(step, Step::Request(_)),
                "extraction ended after {k} replies, before the fixture's last reply"
            );
        } else {
            assert!(
                matches!(step, Step::Done(_)),
                "the fixture's replies do not end extraction"
            );
        }
        let _ = write!(out, "after {k} replies: {}", describe(&step));
    }
    out
}

#[test]
fn fixture_replies() {
    insta::glob!("../fixtures", "replies/*.txt", |path| {
        let case = parse_case(&std::fs::read_to_string(path).unwrap());
        insta::assert_snapshot!(run(&case));
    });
}

#[test]
fn the_system_prompt() {
    insta::assert_snapshot!(EXTRACTION_SYSTEM_PROMPT);
}

#[test]
fn a_request_serializes_for_the_completer() {
    let Step::Request(request) = next_step("Tabs or spaces?", &[] as &[&str], 1) else {
        panic!("expected a request");
    };
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!(json["userText"], "Tabs or spaces?");
    assert_eq!(json["attempt"], 1);
    assert_eq!(json["systemPrompt"], EXTRACTION_SYSTEM_PROMPT);
    assert_eq!(json.as_object().map(serde_json::Map::len), Some(3));
}
