//! What a host that embeds the form in its own screen relies on: one dependency, key
//! routing, sizes with one meaning of 0, frames without the form's rules in any
//! sub-area, state kept in memory, and the default settings file in one call.

use ask_host::{
    Session,
    config::AskConfig,
    contract::{AskForm, ParseOptions, parse_params_str},
    keymap::Key,
    render::{Cursor, RenderOptions, Role},
    settings::Settings,
    state::{StateError, snapshot::FlowSnapshot},
};

fn form() -> AskForm {
    parse_params_str(
        r#"{"title": "Setup", "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"},
                {"value": "duck", "label": "DuckDB"}]},
            {"id": "feat", "label": "Features", "prompt": "Which features?", "type": "multi",
             "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}]}]}"#,
        ParseOptions::default(),
    )
    .unwrap()
}

fn session() -> Session {
    Session::new(form(), Settings::in_memory(AskConfig::default()))
}

fn key(id: &str) -> Key {
    id.parse().unwrap()
}

fn is_rule(line: &ask_host::render::Line) -> bool {
    line.spans
        .iter()
        .all(|s| s.style.role == Role::Border && s.text.chars().all(|c| c == '─'))
        && !line.spans.is_empty()
}

#[test]
fn the_form_wants_its_keys_and_leaves_the_others_to_the_app() {
    let mut s = session();
    for id in ["down", "up", "1", "tab", "space", "enter", "esc", "?", "n"] {
        assert!(s.wants_key(&key(id)), "{id} is a form key");
    }
    for id in ["f5", "ctrl+g", "alt+x"] {
        assert!(!s.wants_key(&key(id)), "{id} is not bound in the form");
    }
    // Asking changes nothing.
    let before = s.frame().to_plain_text();
    assert!(s.wants_key(&key("down")));
    assert_eq!(s.frame().to_plain_text(), before);
    // In an editor every printable key is text.
    s.key(key("4")); // "Type your own"
    assert!(s.wants_key(&key("x")));
    // A finished session wants nothing.
    let mut done = session();
    for id in ["1", "1", "tab", "enter"] {
        done.key(key(id));
    }
    assert!(done.is_over(), "{:?}", done.frame().to_plain_text());
    assert!(!done.wants_key(&key("down")));
}

#[test]
fn a_height_of_zero_means_no_limit_everywhere() {
    let mut s = session();
    let unlimited = s.frame_sized(70, 0).lines.len();
    assert!(unlimited > 8, "the whole form: {unlimited} rows");
    assert_eq!(
        s.frame_with(&RenderOptions::new(70, 0)).lines.len(),
        unlimited
    );
    // The natural height is one the layout fills: a short form's layout is compact.
    let natural = s.natural_height(70);
    assert!(
        natural > 8 && natural <= unlimited,
        "{natural} of {unlimited}"
    );
    assert_eq!(
        s.frame_sized(70, u16::try_from(natural).unwrap())
            .lines
            .len(),
        natural
    );
    s.resize(70, 0);
    assert_eq!(s.size(), (70, 0));
    assert_eq!(s.frame().lines.len(), unlimited);
    // A limit below the natural height cuts the frame to it.
    assert_eq!(s.frame_sized(70, 6).lines.len(), 6);
    // Width 0 still counts as one column.
    assert!(s.frame_sized(0, 0).lines.iter().all(|l| l.width() <= 1));
}

#[test]
fn without_rules_the_frame_fills_a_bordered_area_with_the_form_itself() {
    let s = session();
    let with = s.frame_with(&RenderOptions::new(70, 0));
    let without = s.frame_with(&RenderOptions::new(70, 0).with_rules(false));
    assert!(is_rule(&with.lines[0]) && is_rule(with.lines.last().unwrap()));
    assert_eq!(without.lines.len(), with.lines.len() - 2);
    assert!(without.lines.iter().all(|l| !is_rule(l)));
    assert_eq!(without.lines[0].plain().trim(), "Setup");
}

/// Every screen a bordered sub-area of 70 x 10..=14 shows: the question, the review tab
/// with its three actions, and the settings overlay, with and without rules.
#[test]
fn review_and_overlay_fit_small_sub_areas() {
    for height in 10..=14u16 {
        for rules in [true, false] {
            let options = RenderOptions::new(70, usize::from(height)).with_rules(rules);
            let mut s = session();
            let check = |s: &Session, what: &str| {
                let frame = s.frame_with(&options);
                assert!(
                    frame.lines.len() <= usize::from(height),
                    "{what} at 70x{height} (rules {rules}): {} rows",
                    frame.lines.len()
                );
                assert!(frame.lines.iter().all(|l| l.width() <= 70));
                assert!(frame.focus_row < frame.lines.len());
                if let Some(Cursor { row, column }) = frame.cursor {
                    assert!(row < frame.lines.len() && column <= 70);
                }
                if !rules {
                    assert!(frame.lines.iter().all(|l| !is_rule(l)), "{what}: a rule");
                }
                frame.to_plain_text()
            };
            let question = check(&s, "question");
            assert!(question.contains("Which database?"), "{question}");
            for id in ["1", "1", "tab"] {
                s.key(key(id));
            }
            let review = check(&s, "review");
            for action in ["Submit", "Elaborate", "Cancel"] {
                assert!(
                    review.contains(action),
                    "review at 70x{height} (rules {rules}) lacks {action}:\n{review}"
                );
            }
            s.key(key("?"));
            let overlay = check(&s, "overlay");
            assert!(overlay.contains("Ask settings"), "{overlay}");
        }
    }
}

#[test]
fn snapshots_restore_work_in_memory_and_refuse_other_forms() {
    let mut s = session();
    for id in ["2", "1"] {
        s.key(key(id));
    }
    let snapshot: FlowSnapshot = s.snapshot();
    // A web host keeps it as JSON in its own store.
    let stored = serde_json::to_string(&snapshot).unwrap();
    let mut fresh = session();
    let dropped = fresh
        .restore(&serde_json::from_str(&stored).unwrap())
        .unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert_eq!(fresh.frame().to_plain_text(), s.frame().to_plain_text());
    fresh.key(key("enter")); // leaves the multi question for the review tab
    fresh.key(key("enter")); // Submit
    let result = fresh.result().expect("submitted");
    assert_eq!(result.details.answers["db"].values, ["lite"]);
    assert_eq!(result.details.answers["feat"].values, ["auth"]);

    let other = parse_params_str(
        r#"{"questions": [{"id": "x", "prompt": "Other?", "options": [{"value": "a", "label": "A"}]}]}"#,
        ParseOptions::default(),
    )
    .unwrap();
    let mut elsewhere = Session::new(other, Settings::in_memory(AskConfig::default()));
    let before = elsewhere.frame().to_plain_text();
    assert!(matches!(
        elsewhere.restore(&snapshot),
        Err(StateError::DraftMismatch { .. })
    ));
    assert_eq!(elsewhere.frame().to_plain_text(), before);
}

/// `Settings::open_default` resolves the path as `ask run` does. The environment is
/// process-wide, so the check runs in a child copy of this test binary.
#[test]
fn open_default_uses_the_environment_like_ask_run() {
    const CHILD: &str = "ASK_HOST_TEST_OPEN_DEFAULT";
    if let Some(expected) = std::env::var_os(CHILD) {
        let settings = Settings::open_default();
        assert_eq!(settings.path(), Some(std::path::Path::new(&expected)));
        assert!(
            std::path::Path::new(&expected).is_file(),
            "created with the defaults"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("ask.json");
    let xdg = dir.path().join("xdg");
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "embedding::open_default_uses_the_environment_like_ask_run",
        ])
        .env(CHILD, &config)
        .env("ASK_CONFIG", &config)
        .env_remove("PI_CODING_AGENT_DIR")
        .env("XDG_CONFIG_HOME", &xdg)
        .status()
        .unwrap();
    assert!(status.success(), "the child check failed");
    // Without ASK_CONFIG: the platform folder under XDG_CONFIG_HOME.
    let platform = xdg.join("ask-user").join("config.json");
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "embedding::open_default_uses_the_environment_like_ask_run",
        ])
        .env(CHILD, &platform)
        .env_remove("ASK_CONFIG")
        .env_remove("PI_CODING_AGENT_DIR")
        .env("XDG_CONFIG_HOME", &xdg)
        .status()
        .unwrap();
    assert!(status.success(), "the child check failed");
}

#[test]
fn a_host_is_offered_only_what_it_declared() {
    use ask_host::state::{HostFeature, HostFeatures};
    let overlay = |s: &mut Session| {
        s.key(key("?"));
        let text = s.frame_sized(90, 0).to_plain_text();
        s.key(key("esc"));
        text
    };
    let editor_footer = |s: &mut Session| {
        s.key(key("4")); // "Type your own"
        let text = s.frame_sized(120, 0).to_plain_text();
        s.key(key("ctrl+c"));
        text
    };
    // A bare host: no inline band, accessible mode, notifications, peek or completion.
    let mut bare = session();
    let text = overlay(&mut bare);
    for hidden in [
        "Open the form inline",
        "Accessible mode",
        "Notifications",
        "Peek:",
    ] {
        assert!(!text.contains(hidden), "{hidden} offered:\n{text}");
    }
    assert!(text.contains("Show footer hints") && text.contains("Reset settings"));
    let text = editor_footer(&mut session());
    assert!(!text.contains("@ file"), "{text}");
    assert!(text.contains("Alt+Enter newline"), "{text}");

    // A completion source brings `@` completion; declared features bring the rest.
    let source = |_: &str| Vec::new();
    let mut full = session()
        .with_completions(source)
        .with_host_features(HostFeatures::all().without(HostFeature::FileCompletion));
    assert!(full.flow().host_features().has(HostFeature::FileCompletion));
    let text = overlay(&mut full);
    for shown in [
        "Open the form inline",
        "Accessible mode",
        "Notifications",
        "Peek:",
    ] {
        assert!(text.contains(shown), "{shown} missing:\n{text}");
    }
    let text = editor_footer(&mut full);
    assert!(
        text.contains("@ file") && text.contains("Shift+Enter newline"),
        "{text}"
    );
}
#[test]
fn session_held_render_options_combine_with_any_size() {
    let mut s = session();
    s.set_render_options(RenderOptions::new(60, 14).with_rules(false));
    assert_eq!(s.size(), (60, 14));
    assert!(!s.render_options().rules);
    let rules = |frame: &ask_host::render::Frame| frame.lines.iter().filter(|l| is_rule(l)).count();
    assert_eq!(rules(&s.frame()), 0);
    // A new size keeps the rules off, in every frame the session makes.
    s.resize(50, 9);
    assert_eq!(
        s.render_options(),
        RenderOptions::new(50, 9).with_rules(false)
    );
    assert_eq!(rules(&s.frame()), 0);
    assert!(s.frame().lines.len() <= 9);
    assert_eq!(rules(&s.frame_sized(70, 0)), 0);
    // Without a border of its own the frame has its two rules.
    s.set_render_options(RenderOptions::new(50, 0));
    assert_eq!(rules(&s.frame()), 2);
}

#[test]
fn fitting_heights_leave_no_blank_rows_with_the_rules_on_or_off() {
    let mut s = session();
    for rules in [true, false] {
        s.set_render_options(RenderOptions::default().with_rules(rules));
        for width in [30, 50, 88, 120] {
            for max in 1..=40 {
                let rows = s.fitting_height(width, max);
                assert!(rows <= usize::from(max), "{width}x{max}: {rows}");
                assert!(rows > 0);
                let frame = s.frame_sized(width, u16::try_from(rows).unwrap());
                assert_eq!(frame.lines.len(), rows, "{width}, max {max}, rules {rules}");
            }
        }
    }
}

#[test]
fn a_contract_error_becomes_the_invalid_input_result() {
    use ask_host::contract::{ContractError, parse_params_str, result::AskResult};
    let err = parse_params_str(
        r#"{"questions": [{"id": "", "prompt": ""}]}"#,
        ParseOptions::default(),
    )
    .unwrap_err();
    let issues = err.issues().to_vec();
    let result = AskResult::from(err);
    assert!(result.details.cancelled);
    let error = result.details.error.expect("an error");
    assert_eq!(error.issues, issues);
    // An error without a list of issues still says what was wrong.
    let pattern = ContractError::InvalidPattern {
        pattern: "(?=x)".into(),
        reason: "look-around is not supported".into(),
    };
    let result: AskResult = pattern.into();
    let issues = result.details.error.expect("an error").issues;
    assert_eq!(issues.len(), 1);
    assert!(issues[0].message.contains("(?=x)"), "{issues:?}");
}
