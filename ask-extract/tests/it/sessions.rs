//! Fixture sessions: every tip of every tree, looked at the way `/answer`,
//! `/answer:again`, `/ask:replay` and `ask extract` look at it.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use ask_contract::{AskForm, result::IndexMap};
use ask_extract::{
    EXTRACTION_SYSTEM_PROMPT, ExtractError, ExtractStatus, extract_status,
    lookup::{Source, latest_assistant_message, latest_payload},
    session::PiSession,
};
use serde_json::Value;

fn summary(form: &AskForm) -> String {
    form.questions
        .iter()
        .map(|q| {
            if q.freeform {
                format!("{}:freeform", q.id)
            } else {
                let values: Vec<&str> = q.options.iter().map(|o| o.value.as_str()).collect();
                format!("{}:{}[{}]", q.id, q.kind.as_str(), values.join(","))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `ask extract` output with the (long, separately tested) system prompt elided.
pub(crate) fn status_json(status: &ExtractStatus) -> String {
    let text = serde_json::to_string(status).unwrap();
    if let Some(request) = status.to_json().get("request") {
        assert_eq!(request["systemPrompt"], EXTRACTION_SYSTEM_PROMPT);
    }
    let prompt = serde_json::to_string(EXTRACTION_SYSTEM_PROMPT).unwrap();
    text.replace(&prompt, "\"<EXTRACTION_SYSTEM_PROMPT>\"")
}

fn report_leaf(out: &mut String, session: &PiSession, leaf: Option<&str>) {
    let _ = writeln!(out, "leaf {}", leaf.unwrap_or("(default)"));
    let branch = match session.branch(leaf) {
        Ok(branch) => branch,
        Err(err) => {
            let _ = writeln!(out, "  branch error: {err}");
            return;
        }
    };
    let path: Vec<String> = branch
        .iter()
        .map(|e| format!("{}({})", e.id(), e.kind()))
        .collect();
    let _ = writeln!(out, "  branch: {}", path.join(" > "));
    match latest_assistant_message(&branch) {
        Ok(m) => {
            let _ = writeln!(out, "  assistant: {} {:?}", m.entry_id, m.text);
        }
        Err(err) => {
            let _ = writeln!(out, "  assistant error: {err}");
        }
    }
    for source in [Source::Tool, Source::AnswerExtraction] {
        match latest_payload(&branch, source) {
            Ok(p) => {
                let _ = writeln!(
                    out,
                    "  {} form: {} (from {}) {}",
                    source.as_str(),
                    p.entry_id,
                    p.source_entry_id.as_deref().unwrap_or("-"),
                    summary(&p.form)
                );
                assert_eq!(p.params, p.form.to_params());
            }
            Err(err) => {
                let _ = writeln!(out, "  {} form error: {err}", source.as_str());
            }
        }
    }
    let status = extract_status(session, leaf, &[] as &[String], 1);
    let _ = writeln!(out, "  ask extract: {}", status_json(&status));
}

/// The default leaf, then every other tip (an entry no other entry names as
/// its parent), in file order.
fn report(session: &PiSession) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "entries: {}, skipped lines: {}, default leaf: {}",
        session.entries().len(),
        session.skipped_lines(),
        session.leaf_id().unwrap_or("-")
    );
    report_leaf(&mut out, session, None);
    let parents: HashSet<&str> = session
        .entries()
        .iter()
        .filter(|e| e.parent_id() != Some(e.id()))
        .filter_map(|e| e.parent_id())
        .collect();
    for entry in session.entries() {
        if !parents.contains(entry.id()) && Some(entry.id()) != session.leaf_id() {
            report_leaf(&mut out, session, Some(entry.id()));
        }
    }
    out
}

#[test]
fn fixture_sessions() {
    insta::glob!("../fixtures", "sessions/*.jsonl", |path: &Path| {
        let session = PiSession::open(path).unwrap();
        insta::assert_snapshot!(report(&session));
    });
}

fn fixture(name: &str) -> PiSession {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sessions")
        .join(name);
    PiSession::open(path).unwrap()
}

#[test]
fn a_leaf_in_the_middle_of_the_file_ignores_later_entries() {
    let session = fixture("branching.jsonl");
    let branch = session.branch(Some("aA")).unwrap();
    assert_eq!(branch.last().map(|e| e.id()), Some("aA"));
    assert!(
        branch
            .iter()
            .all(|e| e.line() <= session.entry("aA").unwrap().line())
    );
    assert_eq!(
        latest_payload(&branch, Source::Tool).unwrap().entry_id,
        "pA"
    );
    assert!(matches!(
        latest_payload(&branch, Source::AnswerExtraction),
        Err(ExtractError::NoStoredForm {
            origin: Source::AnswerExtraction,
            ..
        })
    ));
}

#[test]
fn a_message_cut_short_is_refused_with_its_stop_reason() {
    for (file, reason) in [("tool_use.jsonl", "toolUse"), ("error.jsonl", "error")] {
        let session = fixture(file);
        let err = latest_assistant_message(&session.branch(None).unwrap()).unwrap_err();
        let ExtractError::Incomplete {
            stop_reason,
            entry_id,
        } = &err
        else {
            panic!("{file}: expected a refusal, got {err}");
        };
        assert_eq!((stop_reason.as_str(), entry_id.as_str()), (reason, "a2"));
        assert!(
            err.to_string()
                .contains(&format!("stop reason \"{reason}\""))
        );
    }
}

#[test]
fn a_parent_cycle_ends_the_walk() {
    let session = fixture("cycle.jsonl");
    for leaf in ["c1", "c2", "c3"] {
        assert_eq!(session.branch(Some(leaf)).unwrap().len(), 3, "leaf {leaf}");
    }
}

#[test]
fn an_unknown_leaf_is_an_error_naming_it() {
    let session = fixture("branching.jsonl");
    let err = session.branch(Some("nope")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no entry with id \"nope\" in the session; expected the id of an entry in this session file"
    );
    let status = extract_status(&session, Some("nope"), &[] as &[String], 1);
    assert_eq!(status.to_json()["status"], "failed");
}

#[test]
fn only_invalid_stored_forms_say_so() {
    let session = fixture("invalid_payloads.jsonl");
    let err = latest_payload(&session.branch(Some("k1")).unwrap(), Source::Tool).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the stored form is no longer valid: "),
        "{err}"
    );
    let ExtractError::StoredFormInvalid { entry_id, .. } = err else {
        panic!("expected StoredFormInvalid");
    };
    assert_eq!(entry_id, "q3");
}

#[test]
fn a_missing_file_is_an_io_error_naming_the_path() {
    let err = PiSession::open("/nonexistent/session.jsonl").unwrap_err();
    assert!(matches!(err, ExtractError::Io { .. }));
    assert!(
        err.to_string().contains("\"/nonexistent/session.jsonl\""),
        "{err}"
    );
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn invalid_utf8_and_non_object_lines_are_skipped() {
    let mut bytes = b"{\"type\":\"session\",\"id\":\"s\"}\n".to_vec();
    bytes.extend_from_slice(b"\xff\xfe not utf8\n[1,2]\n42\n");
    bytes.extend_from_slice(
        br#"{"type":"message","id":"a","parentId":null,"message":{"role":"assistant","content":[{"type":"text","text":"Ok?"}],"stopReason":"stop"}}"#,
    );
    let session = PiSession::from_reader(bytes.as_slice()).unwrap();
    assert_eq!(session.skipped_lines(), 3);
    assert_eq!(session.entries().len(), 1);
    let message = latest_assistant_message(&session.branch(None).unwrap()).unwrap();
    assert_eq!(message.text, "Ok?");
}

/// The loop `ask answer` runs, with a fake model that first answers with
/// broken JSON and then with a form: exactly the `ask extract` statuses.
#[test]
fn the_answer_loop_on_a_session() {
    let session = fixture("compaction.jsonl");
    let replies = [
        "{\"questions\": [",
        r#"Sure: {"questions": [{"id": "invalid_rows", "prompt": "Should invalid rows be skipped or abort the import?", "options": [{"value": "skip", "label": "Skip them"}, {"value": "abort", "label": "Abort the import"}]}, {"id": "warnings", "prompt": "Where should warnings go?", "options": [{"value": "stderr", "label": "stderr"}, {"value": "report", "label": "A report file"}]}]}"#,
    ];
    let mut responses: Vec<String> = Vec::new();
    let mut printed = Vec::new();
    loop {
        let status = extract_status(&session, None, &responses, 1);
        // The keys in printed order.
        let text = serde_json::to_string(&status).unwrap();
        printed.push(serde_json::from_str::<IndexMap<String, Value>>(&text).unwrap());
        match status {
            ExtractStatus::Request { request, .. } => {
                assert_eq!(request.attempt as usize, responses.len() + 1);
                responses.push(replies[responses.len()].to_owned());
            }
            ExtractStatus::Form { form, params, .. } => {
                assert_eq!(form.questions.len(), 2);
                assert_eq!(params, form.to_params());
                break;
            }
            other => panic!("unexpected {:?}", other.to_json()),
        }
    }
    let keys: Vec<Vec<&str>> = printed
        .iter()
        .map(|json| json.keys().map(String::as_str).collect())
        .collect();
    assert_eq!(
        keys,
        [
            vec!["status", "assistantEntryId", "attempt", "request"],
            vec!["status", "assistantEntryId", "attempt", "request"],
            vec!["status", "assistantEntryId", "params"],
        ]
    );
    assert_eq!(printed[1]["attempt"], 2);
    assert_eq!(
        serde_json::to_value(extract_status(&session, None, &responses, 1)).unwrap(),
        serde_json::to_value(&printed[2]).unwrap()
    );
    let no_questions = extract_status(&session, None, &[r#"{"questions": []}"#], 1);
    assert_eq!(
        no_questions.to_json(),
        serde_json::json!({"status": "no_questions", "assistantEntryId": "a3"})
    );
}
