//! Stray keys never become answers: digits meant for the list keep picking options in a
//! "Type your own" editor that opened by itself and is still empty.

use ask_contract::result::Mode;
use ask_state::{Tab, model::EditorTarget};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, single, two};

fn custom_editor_open(f: &ask_state::Flow) -> bool {
    f.editor().map(|e| e.target) == Some(EditorTarget::Custom)
}

#[test]
fn a_digit_in_the_editor_that_opened_by_itself_picks_its_option_on_single() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down");
    assert!(
        custom_editor_open(&f),
        "arriving on the row opens its editor"
    );
    assert!(
        f.editor()
            .is_some_and(ask_state::model::Editor::picks_digits)
    );
    drive(&mut f, "2");
    assert_eq!(f.tab(), Tab::Review, "2 picked option 2 and advanced");
    assert!(f.editor().is_none());
    let (r, _) = drive(&mut f, "1 1");
    let r = r.expect("submitted");
    assert_eq!(r.details.mode, Mode::Submit);
    assert_eq!(
        answers(&r),
        json!({"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}}),
        "no custom answer \"2\""
    );
}

#[test]
fn a_digit_in_the_editor_that_opened_by_itself_toggles_on_multi_and_closes_it() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab down down down");
    assert!(custom_editor_open(&f));
    drive(&mut f, "2");
    assert!(f.editor().is_none(), "the empty editor closed");
    let d = f.draft(1).expect("draft");
    assert_eq!(d.selected, [false, true, false]);
    assert_eq!(d.cursor, 1, "the cursor went to the picked option");
    assert_eq!(d.custom_text, None);
}

#[test]
fn enter_makes_it_a_typing_editor_then_digits_are_text() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down enter");
    assert!(custom_editor_open(&f), "Enter on empty text keeps it open");
    assert!(
        !f.editor()
            .is_some_and(ask_state::model::Editor::picks_digits)
    );
    drive(&mut f, "2 esc");
    let d = f.draft(0).expect("draft");
    assert_eq!(d.custom_text.as_deref(), Some("2"));
    assert!(d.custom_selected);
}

#[test]
fn any_other_character_makes_it_a_typing_editor_even_after_deleting_it() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down \"x\" backspace 2");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("2")
    );
    assert_eq!(f.tab(), Tab::Question(0));
}

#[test]
fn the_custom_rows_own_digit_makes_it_a_typing_editor() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down 4");
    assert!(custom_editor_open(&f));
    assert!(
        !f.editor()
            .is_some_and(ask_state::model::Editor::picks_digits)
    );
    drive(&mut f, "7");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("7")
    );
}

#[test]
fn an_editor_opened_on_purpose_takes_digits_as_text() {
    let mut f = flow(single(), behaviour());
    // Confirm on the custom row, and its digit, open the editor on purpose.
    drive(&mut f, "4 2 esc");
    assert_eq!(
        f.draft(0).and_then(|d| d.custom_text.clone()).as_deref(),
        Some("2")
    );
}

#[test]
fn moving_away_and_back_opens_it_by_itself_again() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down up down");
    assert!(
        f.editor()
            .is_some_and(ask_state::model::Editor::picks_digits)
    );
}

mod properties {
    //! No short key sequence from the first frame answers for the person.

    use ask_contract::result::Mode;
    use ask_keymap::{Key, behaviour::Behaviour};
    use ask_state::{Flow, FlowOptions, Outcome, Tab, model::ReviewAction};
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use crate::support::form;

    fn payload() -> impl Strategy<Value = Value> {
        let question = (0..3usize, 1..5usize).prop_map(|(kind, n)| {
            let kind = ["single", "multi", "preview"][kind];
            let options: Vec<Value> = (0..n)
                .map(|j| json!({"value": format!("v{j}"), "label": format!("Option {j}"), "preview": "p"}))
                .collect();
            json!({"prompt": "Pick", "type": kind, "options": options})
        });
        proptest::collection::vec(question, 1..4).prop_map(|qs| {
            let qs: Vec<Value> = qs
                .into_iter()
                .enumerate()
                .map(|(i, mut q)| {
                    q["id"] = json!(format!("q{i}"));
                    q
                })
                .collect();
            json!({"questions": qs})
        })
    }

    const ALL_KEYS: &[&str] = &[
        "up",
        "down",
        "left",
        "right",
        "tab",
        "shift+tab",
        "enter",
        "space",
        "esc",
        "ctrl+c",
        "n",
        "1",
        "2",
        "3",
        "4",
        "5",
        "a",
        "backspace",
        "pageDown",
    ];

    /// Keys a person types in a chat or presses to look around: never an answer by themselves
    /// except a digit on the list.
    const STRAY_KEYS: &[&str] = &[
        "up",
        "down",
        "left",
        "right",
        "tab",
        "shift+tab",
        "esc",
        "1",
        "2",
        "3",
        "4",
        "5",
    ];

    fn script(pool: &'static [&'static str]) -> impl Strategy<Value = Vec<&'static str>> {
        proptest::collection::vec(proptest::sample::select(pool), 0..=4)
    }

    /// What the sequence did, key by key.
    struct Trace {
        /// A deliberate submit: Enter on the highlighted Submit row, or the Submit digit
        /// pressed right after it armed Submit (or with double-press off).
        chose_submit: bool,
        /// Questions on which the custom row's own digit was pressed (a deliberate open).
        custom_digit_on: Vec<usize>,
        finished: Option<ask_contract::result::AskResult>,
    }

    fn drive(flow: &mut Flow, keys: &[&str]) -> Trace {
        let mut trace = Trace {
            chose_submit: false,
            custom_digit_on: Vec::new(),
            finished: None,
        };
        for k in keys {
            let key: Key = k.parse().expect("pool keys parse");
            let tab = flow.tab();
            match tab {
                Tab::Review => {
                    let armed = flow.armed() == Some(ReviewAction::Submit);
                    let double = flow.behaviour().double_press_review_shortcuts;
                    let on_submit = flow.review_cursor() == ReviewAction::Submit;
                    if (*k == "enter" && on_submit) || (*k == "1" && (armed || !double)) {
                        trace.chose_submit = true;
                    }
                }
                Tab::Question(i) => {
                    let custom_digit = flow.form().questions[i].options.len() + 1;
                    if *k == custom_digit.to_string() {
                        trace.custom_digit_on.push(i);
                    }
                }
            }
            let command = flow.handle_key(key);
            let outcome: Outcome = flow.apply(command);
            if let Some(result) = outcome.result() {
                trace.finished = Some(result.clone());
                break;
            }
        }
        trace
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// From the first frame, up to four keys never submit unless Submit itself was
        /// chosen on the review tab.
        #[test]
        fn four_keys_never_submit_without_choosing_submit(p in payload(), keys in script(ALL_KEYS)) {
            let mut flow = Flow::new(form(&p), Behaviour::default(), ask_keymap::Keymap::default(), FlowOptions::default());
            let trace = drive(&mut flow, &keys);
            if let Some(result) = &trace.finished
                && result.details.mode == Mode::Submit && !result.details.cancelled {
                    prop_assert!(trace.chose_submit, "{keys:?} submitted without choosing Submit");
                }
        }

        /// Arrows, Tab, Esc and digits (what a person looking around or typing a number
        /// presses) never leave a typed answer of their own: a digit in an editor that
        /// opened by itself picks an option instead of becoming the text.
        #[test]
        fn stray_keys_never_type_a_free_form_answer(p in payload(), keys in script(STRAY_KEYS)) {
            let mut flow = Flow::new(form(&p), Behaviour::default(), ask_keymap::Keymap::default(), FlowOptions::default());
            let trace = drive(&mut flow, &keys);
            for i in 0..flow.form().questions.len() {
                let text = flow.draft(i).and_then(|d| d.custom_text.clone());
                let typing = flow.editor().filter(|e| e.question == i).map(|e| e.buffer.text().to_owned()).filter(|t| !t.is_empty());
                if text.is_some() || typing.is_some() {
                    prop_assert!(
                        trace.custom_digit_on.contains(&i),
                        "{keys:?} left free-form text {text:?} / {typing:?} on question {i}"
                    );
                }
            }
        }
    }
}

#[test]
fn dropped_early_keys_show_a_hint_until_the_next_key() {
    let mut f = flow(single(), behaviour());
    assert!(f.apply(ask_state::Command::EarlyKeysIgnored).is_changed());
    assert_eq!(f.hint(), Some(ask_state::model::EARLY_KEYS_HINT));
    assert_eq!(
        ask_state::model::EARLY_KEYS_HINT,
        "Keys typed before the form opened were ignored."
    );
    assert!(
        f.draft(0).is_some_and(|d| !d.is_answered()),
        "nothing answered"
    );
    drive(&mut f, "down");
    assert_eq!(f.hint(), None, "the next key clears it");
}

#[test]
fn a_notice_gives_its_rows_back_on_the_next_tab() {
    let mut f = ask_state::Flow::new(
        single(),
        behaviour(),
        ask_keymap::Keymap::default(),
        ask_state::FlowOptions::default().notice("Imported your pi-ask settings"),
    );
    drive(&mut f, "down up");
    assert!(f.options().notice.is_some(), "stays while on its tab");
    drive(&mut f, "tab");
    assert_eq!(f.options().notice, None, "gone on the next tab");
}

#[test]
fn returning_to_an_answered_free_form_question_lands_in_navigation_mode() {
    let form = crate::support::form(&json!({"questions": [
        {"id": "name", "prompt": "What should it be called?", "options": [{"value": "answer", "label": "Answer", "freeform": true}]},
        {"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}]}
    ]}));
    let mut f = flow(form, behaviour());
    assert!(
        custom_editor_open(&f),
        "an unanswered free-form question opens its editor"
    );
    drive(&mut f, "\"billing\" enter");
    assert_eq!(f.tab(), Tab::Question(1));
    drive(&mut f, "shift+tab");
    assert_eq!(f.tab(), Tab::Question(0));
    assert!(
        f.editor().is_none(),
        "navigation mode, not trapped in the editor"
    );
    drive(&mut f, "tab");
    assert_eq!(f.tab(), Tab::Question(1), "Tab moves on");
    drive(&mut f, "shift+tab enter");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("billing"),
        "Enter reopens it with the text"
    );
}
