//! Headless flows through the real binary: `--script` (the same driver as the
//! terminal loop), `--frame-out`, `--answers`, settings persistence, `@`
//! completion, render-result.

use std::fs;

use serde_json::{Value, json};

use crate::support::{SMALL, ask, code, run, run_with_stdin, stdout_json, temp_file};

/// Runs `ask run --script` on `payload` with a private config file; returns
/// (exit code, result JSON, stderr).
fn script(payload: &str, steps: &Value, extra: &[&str]) -> (i32, Value, String) {
    let (dir, input) = temp_file("p.json", payload);
    let config = dir.path().join("ask-user.json");
    let steps = steps.to_string();
    let mut args = vec![
        "run",
        "--input",
        input.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--script",
        &steps,
    ];
    args.extend_from_slice(extra);
    let out = run(&ask(&args));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let result = if out.stdout.is_empty() {
        Value::Null
    } else {
        stdout_json(&out)
    };
    (code(&out), result, stderr)
}

#[test]
fn a_script_answers_the_form_and_submits() {
    let steps = json!(["down", "enter", "space", "down", "space", "enter", "1", "1"]);
    let (code, result, stderr) = script(SMALL, &steps, &[]);
    assert_eq!(code, 0, "{stderr}");
    let answers = &result["details"]["answers"];
    assert_eq!(answers["db"]["values"], json!(["sqlite"]));
    assert_eq!(answers["db"]["indices"], json!([2]));
    assert_eq!(answers["feat"]["values"], json!(["auth", "billing"]));
    assert_eq!(result["details"]["cancelled"], false);
    assert_eq!(result["details"]["mode"], "submit");
    assert_eq!(
        result["content"][0]["text"],
        "Database: SQLite\nQ2: Auth, Billing"
    );
}

#[test]
fn a_script_that_ends_early_is_a_dismissal_that_keeps_committed_answers() {
    let (code, result, _) = script(SMALL, &json!(["2"]), &[]);
    assert_eq!(code, 1);
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    assert_eq!(result["content"][0]["text"], "User cancelled the ask flow.");
}

#[test]
fn ctrl_c_twice_on_a_dirty_flow_cancels() {
    let (code, result, _) = script(SMALL, &json!(["1", "ctrl+c", "ctrl+c", "down"]), &[]);
    assert_eq!(code, 1);
    assert_eq!(result["details"]["cancelled"], true);
}

#[test]
fn frame_out_writes_the_last_frame_as_plain_text_at_the_width() {
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("frame.txt");
    let steps = json!(["down", {"resize": [40, 20]}]);
    let (code, _, _) = script(SMALL, &steps, &["--frame-out", frame.to_str().unwrap()]);
    assert_eq!(code, 1);
    let text = fs::read_to_string(&frame).unwrap();
    assert!(text.contains("Which database?"), "{text}");
    assert!(text.contains("❯ 2. SQLite"), "{text}");
    assert!(!text.contains('\u{1b}'));
    for line in text.lines() {
        assert!(line.chars().count() <= 40, "line wider than 40: {line:?}");
    }
}

#[test]
fn pasted_text_becomes_the_free_form_answer() {
    // Down twice lands on "Type your own", whose editor opens at once.
    let steps = json!(["down", "down", {"paste": "Use  DuckDB\n"}, "enter", "esc"]);
    let (_, result, _) = script(SMALL, &steps, &[]);
    let db = &result["details"]["answers"]["db"];
    assert_eq!(db["customText"], "Use  DuckDB", "{result}");
    assert_eq!(db["values"], json!(["Use  DuckDB"]));
}

#[test]
fn at_completion_inserts_a_path_under_cwd() {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("src")).unwrap();
    fs::write(root.path().join("src/main.rs"), "").unwrap();
    fs::write(root.path().join("Cargo.toml"), "").unwrap();
    let steps = json!(["down", "down", {"text": "see @mai"}, "tab", {"text": "please"}, "enter"]);
    let cwd = root.path().to_str().unwrap();
    let (_, result, stderr) = script(SMALL, &steps, &["--cwd", cwd]);
    assert_eq!(
        result["details"]["answers"]["db"]["customText"], "see @src/main.rs please",
        "{stderr}"
    );
}

#[test]
fn a_script_uses_the_settings_file_but_never_saves_to_it() {
    // Saving from the overlay is the terminal UI's job (see the PTY tests); a
    // script shows nothing to a person, so it reads the settings and leaves the
    // file alone, even when it toggles a setting.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("ask-user.json");
    let single = r#"{"questions": [{"id": "db", "prompt": "Which?", "options": [{"value": "pg", "label": "PG"}, {"value": "lite", "label": "SQLite"}]}]}"#;
    let (_d, input) = temp_file("p.json", single);
    let args = |steps: &str| {
        let out = run(&ask(&[
            "run",
            "--input",
            input.to_str().unwrap(),
            "--config",
            config.to_str().unwrap(),
            "--script",
            steps,
        ]));
        (
            code(&out),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    // "?" opens settings on "Auto-submit", space turns it on, esc closes.
    let (exit, _) = args(r#"["?", "space", "esc"]"#);
    assert_eq!(exit, 1);
    assert!(!config.exists(), "a script created the settings file");
    // Auto-submit on in the file: one digit answers, reaches Review and submits.
    fs::write(
        &config,
        r#"{"schemaVersion": 2, "behaviour": {"autoSubmitWhenAnsweredWithoutNotes": true}}"#,
    )
    .unwrap();
    let (exit, out) = args(r#"["2"]"#);
    assert_eq!(exit, 0, "{out}");
    assert!(out.contains("\"values\":[\"lite\"]"), "{out}");
}

#[test]
fn a_broken_config_shows_a_notice_and_the_flow_still_works() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("ask-user.json");
    fs::write(&config, "{ not json").unwrap();
    let frame = dir.path().join("frame.txt");
    let (_d, input) = temp_file("p.json", SMALL);
    let out = run(&ask(&[
        "run",
        "--input",
        input.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--script",
        // Space selects without leaving the tab the notice shows on (it gives its rows
        // back on the next tab).
        r#"["space"]"#,
        "--frame-out",
        frame.to_str().unwrap(),
        "--width",
        "120",
    ]));
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout_json(&out)["details"]["answers"]["db"]["values"],
        json!(["pg"])
    );
    let text = fs::read_to_string(&frame).unwrap();
    assert!(text.contains("ask-user.json"), "notice missing:\n{text}");
}

#[test]
fn scripted_answers_give_the_same_result_as_the_ui() {
    let (dir, answers) = temp_file(
        "answers.json",
        r#"{"mode": "submit", "answers": {"db": {"indices": [2]}, "feat": {"values": ["auth", "billing"]}}}"#,
    );
    let answers = answers.to_str().unwrap().to_owned();
    let config = dir.path().join("c.json");
    let out = run_with_stdin(
        &ask(&[
            "run",
            "--answers",
            &answers,
            "--config",
            config.to_str().unwrap(),
        ]),
        SMALL,
    );
    assert_eq!(code(&out), 0);
    let (_, ui, _) = script(
        SMALL,
        &json!(["down", "enter", "space", "down", "space", "enter", "1", "1"]),
        &[],
    );
    assert_eq!(stdout_json(&out), ui);
}

#[test]
fn scripted_answers_that_do_not_fit_exit_65_naming_the_problem() {
    let (_dir, answers) = temp_file(
        "answers.json",
        r#"{"answers": {"nope": {"values": ["x"]}, "db": {"values": ["pg", "sqlite"]}}}"#,
    );
    let out = run_with_stdin(
        &ask(&["run", "--answers", answers.to_str().unwrap()]),
        SMALL,
    );
    assert_eq!(code(&out), 65);
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("nope"), "{stderr}");
    assert!(stderr.contains("db"), "{stderr}");
    let (_dir, broken) = temp_file("a.json", "{");
    let out = run_with_stdin(&ask(&["run", "--answers", broken.to_str().unwrap()]), SMALL);
    assert_eq!(code(&out), 65);
    let out = run_with_stdin(&ask(&["run", "--answers", "/nonexistent/a.json"]), SMALL);
    assert_eq!(code(&out), 66);
}

#[test]
fn a_malformed_script_is_a_usage_error_naming_the_step() {
    let out = run_with_stdin(
        &ask(&["run", "--script", r#"["down", "ctrl+bogus"]"#]),
        SMALL,
    );
    assert_eq!(code(&out), 64);
    assert!(String::from_utf8_lossy(&out.stderr).contains("step 1"));
    let out = run_with_stdin(&ask(&["run", "--script", "@/nonexistent/s.json"]), SMALL);
    assert_eq!(code(&out), 66);
}

#[test]
fn escape_sequences_in_a_payload_never_reach_the_frame() {
    let payload = json!({"title": "T\u{1b}]0;pwned\u{7}", "questions": [{"id": "q",
        "prompt": "Pick \u{1b}[2J\u{1b}[31mred\u{202e}evil",
        "options": [{"value": "a", "label": "\u{1b}]52;c;ZXZpbA==\u{7}A", "description": "\u{9b}31m"}]}]});
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("frame.txt");
    let (_, _, _) = script(
        &payload.to_string(),
        &json!([]),
        &["--frame-out", frame.to_str().unwrap()],
    );
    let text = fs::read_to_string(&frame).unwrap();
    for bad in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}'] {
        assert!(!text.contains(bad), "{bad:?} in frame:\n{text}");
    }
    assert!(text.contains("red"), "{text}");
}

#[test]
fn render_result_prints_the_transcript() {
    let (_, result, _) = script(SMALL, &json!(["2", "1", "enter", "1", "1"]), &[]);
    let out = run_with_stdin(&ask(&["render-result"]), &result.to_string());
    assert_eq!(code(&out), 0);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("✓ Database: SQLite"), "{text}");
    let out = run_with_stdin(&ask(&["render-result"]), "[]");
    assert_eq!(code(&out), 65);
}

#[test]
fn settings_path_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("conf.json");
    let out = run(&ask(&[
        "settings",
        "--path",
        "--config",
        config.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        config.to_str().unwrap()
    );
    let out = run(&ask(&[
        "settings",
        "--json",
        "--config",
        config.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 0);
    let json = stdout_json(&out);
    assert_eq!(json["behaviour"]["confirmDismissWhenDirty"], true);
    assert_eq!(json["schemaVersion"], 3);
    assert_eq!(
        json["keymaps"]["main"]["confirm"],
        serde_json::json!(["enter"])
    );
    // Without a terminal the overlay cannot open.
    let out = run(&ask(&["settings", "--config", config.to_str().unwrap()]));
    assert_eq!(code(&out), 3);
}

#[test]
fn freeform_questions_need_allow_freeform_and_open_their_editor_at_once() {
    let payload = r#"{"questions": [{"id": "why", "prompt": "Why?", "options": [{"value": "answer", "label": "Answer", "freeform": true}]}]}"#;
    let (code_without, result, _) = script(payload, &json!([]), &[]);
    assert_eq!(code_without, 2);
    let path = result["details"]["error"]["issues"][0]["path"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(path.starts_with("questions[0].options"), "{path}");
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("frame.txt");
    let steps = json!([{"text": "Because it is faster"}, "enter", "1", "1"]);
    let (code, result, stderr) = script(payload, &steps, &["--allow-freeform"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        result["details"]["answers"]["why"]["customText"],
        "Because it is faster"
    );
    let (_, _, _) = script(
        payload,
        &json!([]),
        &["--allow-freeform", "--frame-out", frame.to_str().unwrap()],
    );
    assert!(
        fs::read_to_string(&frame)
            .unwrap()
            .contains("Type your answer:")
    );
}

#[test]
fn settings_path_follows_config_then_ask_config_then_pi_dir_then_the_config_folder() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let pi = dir.path().join("pi");
    let path_with = |explicit: Option<&str>, vars: &[(&str, &std::path::Path)]| {
        let mut args = vec!["settings", "--path"];
        if let Some(e) = explicit {
            args.extend(["--config", e]);
        }
        let mut cmd = ask(&args);
        cmd.env("HOME", &home)
            .env_remove("PI_CODING_AGENT_DIR")
            .env_remove("XDG_CONFIG_HOME");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = run(&cmd);
        assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let xdg = dir.path().join("xdg");
    let env_file = dir.path().join("env.json");
    let all: [(&str, &std::path::Path); 3] = [
        ("ASK_CONFIG", &env_file),
        ("PI_CODING_AGENT_DIR", &pi),
        ("XDG_CONFIG_HOME", &xdg),
    ];
    assert_eq!(path_with(Some("/x/flag.json"), &all), "/x/flag.json");
    assert_eq!(path_with(None, &all), env_file.display().to_string());
    assert_eq!(
        path_with(None, &all[1..]),
        pi.join("extensions/ask-user.json").display().to_string()
    );
    assert_eq!(
        path_with(None, &all[2..]),
        xdg.join("ask-user/config.json").display().to_string()
    );
    if !cfg!(target_os = "macos") {
        assert_eq!(
            path_with(None, &[]),
            home.join(".config/ask-user/config.json")
                .display()
                .to_string()
        );
    }

    // Without pi's variable nothing is ever created under ~/.pi.
    let (_payload_dir, payload) = crate::support::temp_file("p.json", crate::support::SMALL);
    for args in [
        vec!["run", "--input", payload.to_str().unwrap(), "--no-ui"],
        vec!["settings", "--json"],
    ] {
        let mut cmd = ask(&args);
        cmd.env("HOME", &home)
            .env_remove("PI_CODING_AGENT_DIR")
            .env_remove("XDG_CONFIG_HOME");
        let _ = run(&cmd);
        assert!(!home.join(".pi").exists(), "ask {args:?} created ~/.pi");
    }
}
