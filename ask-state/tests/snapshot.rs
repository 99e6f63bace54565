//! Drafts: a flow's snapshot survives JSON and restores the same answers, notes, editor
//! text and tab into a fresh flow on the same form; another form is refused.

use ask_state::{StateError, snapshot::FlowSnapshot};

use crate::support::{behaviour, drive, flow, single, two};

#[test]
fn snapshot_round_trips_through_json_and_restores_the_work() {
    let mut f = flow(two(), behaviour());
    drive(
        &mut f,
        "2 space down space shift+n \"why\" enter n \"unsaved\"",
    );
    let snap = f.snapshot();
    let json = serde_json::to_string(&snap).expect("serializes");
    let back: FlowSnapshot = serde_json::from_str(&json).expect("parses");
    assert_eq!(back, snap);

    let mut fresh = flow(two(), behaviour());
    fresh.restore(&back).expect("same form");
    assert_eq!(fresh.snapshot(), snap);
    assert_eq!(fresh.tab(), f.tab());
    assert_eq!(fresh.answer(0), f.answer(0));
    assert_eq!(fresh.draft(1), f.draft(1));
    assert_eq!(
        fresh.editor().map(|e| e.buffer.text().to_owned()),
        Some("unsaved".to_owned()),
        "the open editor's text is kept"
    );
    // Finishing both gives the same result.
    let (a, _) = drive(&mut f, "esc tab 1");
    let (b, _) = drive(&mut fresh, "esc tab 1");
    assert_eq!(a.map(|r| r.details), b.map(|r| r.details));
}

#[test]
fn a_draft_for_other_questions_is_refused_and_changes_nothing() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "2");
    let snap = f.snapshot();
    let mut other = flow(single(), behaviour());
    let before = other.snapshot();
    let err = other.restore(&snap).expect_err("other form");
    assert!(matches!(err, StateError::DraftMismatch { .. }));
    assert!(err.to_string().contains("other questions"), "{err}");
    assert_eq!(other.snapshot(), before);

    let mut bad = snap.clone();
    bad.questions[0].selected = vec![7];
    let mut same = flow(two(), behaviour());
    assert!(same.restore(&bad).is_err(), "out-of-range option");
}

#[test]
fn check_fits_names_what_does_not_fit_without_a_flow() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "2");
    let snap = f.snapshot();
    let form = f.form().clone();
    assert_eq!(snap.check_fits(&form), Ok(()));

    let why = |s: &FlowSnapshot| match s.check_fits(&form) {
        Err(StateError::DraftMismatch { why }) => why,
        other => panic!("expected a mismatch, got {other:?}"),
    };
    let mut old = snap.clone();
    old.version += 1;
    assert!(why(&old).contains("format version"));
    let mut short = snap.clone();
    short.questions.pop();
    assert!(why(&short).contains("every question"));
    let mut far = snap.clone();
    far.questions[1].option_notes.insert(9, "n".into());
    assert_eq!(why(&far), "question 2 has an option out of range");
    let mut cursor = snap;
    cursor.questions[0].cursor = 99;
    assert_eq!(
        cursor.check_fits(&form),
        Ok(()),
        "the cursor is the flow's business"
    );
    assert!(f.restore(&cursor).is_err(), "the flow refuses it");
}

/// A hand-edited or corrupted draft that breaks the form's rules is restored without what
/// does not fit (never several answers on a single-select question), and says what went.
#[test]
fn restore_drops_what_breaks_the_forms_rules_and_says_so() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "2");
    let mut bad = f.snapshot();
    bad.questions[0].selected = vec![1, 0];
    bad.questions[0].custom_text = Some("mine".into());
    bad.questions[0].custom_selected = true;
    bad.questions[1].presented = ask_contract::QuestionType::Preview;
    bad.questions[1].selected = vec![2, 2];

    let mut fresh = flow(two(), behaviour());
    let dropped = fresh.restore(&bad).expect("fits after dropping");
    assert_eq!(
        dropped,
        [
            "question 1 takes one answer: kept option 2, dropped option(s) 1, and the typed \
             answer is no longer selected",
            "question 2 is multi and cannot be presented as preview: shown as multi again",
            "question 2 listed an option twice: kept it once",
        ],
        "{dropped:?}"
    );
    let (result, _) = drive(&mut fresh, "enter 1 1");
    let details = result.expect("submitted").details;
    let answers = serde_json::to_value(&details.answers).unwrap();
    assert_eq!(answers["q1"]["values"], serde_json::json!(["b"]));
    assert_eq!(answers["q2"]["values"], serde_json::json!(["z"]));
    // A draft the flow wrote itself drops nothing.
    assert!(
        flow(two(), behaviour())
            .restore(&f.snapshot())
            .unwrap()
            .is_empty()
    );
}

/// A draft identifies its form by a hash instead of repeating it: a snapshot of a form
/// with a megabyte prompt stays small, and a draft written with the whole form (before
/// the hash) still restores.
#[test]
fn a_snapshot_names_its_form_by_hash_and_old_drafts_still_fit() {
    let big = "p".repeat(1 << 20);
    let form = ask_contract::parse_params(
        &serde_json::json!({"questions": [{"id": "q", "prompt": big, "options": [
            {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}),
        ask_contract::ParseOptions::default(),
    )
    .unwrap();
    let mut f = flow(form.clone(), behaviour());
    drive(&mut f, "2");
    let snap = f.snapshot();
    let json = serde_json::to_string(&snap).unwrap();
    assert!(json.len() < 1_000, "{} bytes", json.len());
    assert_eq!(
        snap.form_hash.as_deref(),
        Some(ask_state::snapshot::form_hash(&form).as_str())
    );
    assert!(flow(form.clone(), behaviour()).restore(&snap).is_ok());

    // The format drafts had before: the whole form, no hash.
    let mut old = snap.clone();
    old.form_hash = None;
    old.form = form
        .questions
        .iter()
        .map(ask_contract::result::QuestionDetail::from)
        .collect();
    let mut fresh = flow(form, behaviour());
    fresh
        .restore(&old)
        .expect("an old draft of the same form fits");
    assert_eq!(fresh.draft(0), f.draft(0));

    // Another form: the hash tells.
    let mut other = flow(two(), behaviour());
    assert!(other.restore(&snap).is_err());
}
