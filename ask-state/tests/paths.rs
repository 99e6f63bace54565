//! `mustExist` and `pathKind` through the host's path lookup, whichever way the answer
//! comes in: scripted answers (`--answers`, the control channel, a prefill, a browser)
//! and the drafts they leave, with the problem the terminal shows.

use ask_contract::AskForm;
use ask_state::{
    Command,
    paths::PathStatus,
    scripted::{scripted_drafts_with, scripted_result, scripted_result_with},
};
use serde_json::json;

use crate::support::{behaviour, flow, form};

fn paths() -> AskForm {
    form(&json!({"questions": [
        {"id": "cfg", "prompt": "Which config?", "type": "path", "mustExist": true, "pathKind": "file"},
        {"id": "out", "prompt": "Output folder?", "type": "path", "pathKind": "dir"}]}))
}

/// A file system with `Cargo.toml` (a file) and `src` (a folder).
#[allow(clippy::unnecessary_wraps)] // the shape of a `PathLookup`
fn lookup(path: &str) -> Option<PathStatus> {
    Some(match path {
        "Cargo.toml" => PathStatus::File,
        "src" => PathStatus::Dir,
        _ => PathStatus::Missing,
    })
}

#[test]
fn scripted_path_answers_are_checked_with_the_hosts_lookup() {
    let ok = scripted_result_with(
        &paths(),
        &json!({"answers": {"cfg": {"value": "Cargo.toml"}, "out": {"value": "src"}}}),
        &mut lookup,
    )
    .expect("both fit");
    assert_eq!(ok.details.answers["cfg"].value, Some(json!("Cargo.toml")));
    let err = scripted_result_with(
        &paths(),
        &json!({"answers": {"cfg": {"value": "nope.toml"}, "out": {"value": "Cargo.toml"}}}),
        &mut lookup,
    )
    .expect_err("a missing file and a file for a folder");
    let text = err.to_string();
    assert!(
        text.contains("\"nope.toml\" is not accepted: no such file or directory"),
        "{text}"
    );
    assert!(text.contains("\"Cargo.toml\" is not accepted: "), "{text}");
    // A NUL byte names nothing, whatever the lookup says.
    let err = scripted_result_with(
        &paths(),
        &json!({"answers": {"cfg": {"value": "Cargo.toml\u{0}x"}}}),
        &mut |_: &str| Some(PathStatus::File),
    )
    .expect_err("a path with NUL");
    assert!(
        err.to_string().contains("no such file or directory"),
        "{err}"
    );
    // Without a lookup nothing can tell, and only the text rules apply.
    assert!(
        scripted_result(
            &paths(),
            &json!({"answers": {"cfg": {"value": "nope.toml"}}})
        )
        .is_ok()
    );
}

#[test]
fn a_draft_answer_keeps_a_bad_path_unanswered_with_the_terminals_problem() {
    let form = paths();
    let (_, drafts) = scripted_drafts_with(
        &form,
        &json!({"answers": {"cfg": {"value": "nope.toml", "draft": true}}}),
        &mut lookup,
    )
    .expect("a draft is kept, not refused");
    let mut f = flow(form, behaviour());
    assert!(f.set_answer(0, drafts[0].clone()));
    assert!(f.answer(0).is_none(), "never the answer");
    // The host is asked about the draft's path, and the flow then shows the problem and
    // holds Submit back with it.
    assert_eq!(f.path_check_query(), Some("nope.toml"));
    let _ = f.apply(Command::PathStatus {
        path: "nope.toml".into(),
        status: PathStatus::Missing,
    });
    assert_eq!(f.path_check_query(), None);
    assert_eq!(
        f.input_problem(0).as_deref(),
        Some("no such file or directory")
    );
    assert_eq!(
        f.blocking_problem(),
        Some((0, "no such file or directory".to_owned()))
    );
}
