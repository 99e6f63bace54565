//! Subcommands that need no UI: validate, schema, run --no-ui, exit codes, help.

use crate::support::{SMALL, ask, code, run, run_with_stdin, stdout_json, temp_file};

#[test]
fn validate_prints_the_normalized_form() {
    let payload = r#"{"questions": [{"id": " db ", "prompt": "Which?", "options": [{"value": "pg", "label": "PG"}]}]}"#;
    let out = run_with_stdin(&ask(&["validate"]), payload);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let form = stdout_json(&out);
    assert_eq!(form["questions"][0]["id"], "db");
    assert_eq!(form["questions"][0]["label"], "Q1");
    assert_eq!(form["questions"][0]["type"], "single");
    assert_eq!(form["questions"][0]["required"], false);
}

#[test]
fn validate_reports_every_issue_with_exit_2() {
    let payload = r#"{"questions": [{"id": "", "prompt": "Which?", "options": []}]}"#;
    let (_dir, path) = temp_file("p.json", payload);
    let out = run(&ask(&["validate", "--input", path.to_str().unwrap()]));
    assert_eq!(code(&out), 2);
    let result = stdout_json(&out);
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(result["details"]["error"]["kind"], "invalid_input");
    let paths: Vec<_> = result["details"]["error"]["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(paths, ["questions[0].id", "questions[0].options"]);
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Invalid ask_user payload:\n- questions[0].id: "),
        "{text}"
    );
}

#[test]
fn text_that_is_not_json_is_an_invalid_payload_at_path_payload() {
    for input in ["not json at all", "", "[1, 2]", "\"questions\""] {
        let out = run_with_stdin(&ask(&["run", "--no-ui"]), input);
        assert_eq!(code(&out), 2, "input {input:?}");
        let result = stdout_json(&out);
        let issues = result["details"]["error"]["issues"].as_array().unwrap();
        assert_eq!(issues.len(), 1, "input {input:?}: {issues:?}");
        assert_eq!(issues[0]["path"], "payload");
    }
}

#[test]
fn schema_is_a_json_schema_object_without_freeform() {
    let out = run(&ask(&["schema"]));
    assert_eq!(code(&out), 0);
    let schema = stdout_json(&out);
    assert_eq!(schema["type"], "object");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("freeform"));
}

#[test]
fn run_no_ui_writes_the_non_interactive_result_and_exits_3() {
    let out = run_with_stdin(&ask(&["run", "--no-ui"]), SMALL);
    assert_eq!(code(&out), 3);
    let result = stdout_json(&out);
    let details = &result["details"];
    assert_eq!(details["cancelled"], true);
    assert_eq!(details["title"], "Setup");
    assert_eq!(details["answers"], serde_json::json!({}));
    assert_eq!(details["questions"][1]["label"], "Q2");
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Needs user input:"), "{text}");
    assert!(text.contains("   - PostgreSQL [pg]"), "{text}");
    assert!(text.contains("   - Type your own [custom]"), "{text}");
}

#[test]
fn run_writes_the_output_file_and_nothing_on_stdout() {
    let (dir, input) = temp_file("p.json", SMALL);
    let output = dir.path().join("result.json");
    let out = run(&ask(&[
        "run",
        "--no-ui",
        "--input",
        input.to_str().unwrap(),
        "--output",
        output.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 3);
    assert!(out.stdout.is_empty());
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&output).unwrap()).unwrap();
    assert_eq!(written["details"]["cancelled"], true);
    // Only the result file: the atomic write left no temporary file behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn run_without_a_terminal_falls_back_to_the_non_interactive_result() {
    let out = run_with_stdin(&ask(&["run"]), SMALL);
    assert_eq!(code(&out), 3, "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout_json(&out)["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Needs user input:")
    );
}

#[test]
fn unreadable_input_exits_66_naming_the_file() {
    let out = run(&ask(&[
        "run",
        "--no-ui",
        "--input",
        "/nonexistent/payload.json",
    ]));
    assert_eq!(code(&out), 66);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("/nonexistent/payload.json"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn unwritable_output_exits_74_naming_the_file() {
    let out = run_with_stdin(
        &ask(&["run", "--no-ui", "--output", "/nonexistent/dir/result.json"]),
        SMALL,
    );
    assert_eq!(code(&out), 74);
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/dir/result.json"));
}

#[test]
fn usage_errors_exit_64() {
    for args in [
        &["run", "--bogus"][..],
        &["frobnicate"],
        &[],
        &["run", "--width", "0", "--script", "[]"],
    ] {
        let out = run(&ask(args));
        assert_eq!(code(&out), 64, "args {args:?}");
    }
}

#[test]
fn help_teaches_with_examples() {
    for args in [
        &["--help"][..],
        &["run", "--help"],
        &["validate", "--help"],
        &["settings", "--help"],
    ] {
        let out = run(&ask(args));
        assert_eq!(code(&out), 0, "args {args:?}");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("Example"), "args {args:?}: {help}");
    }
    let run_help = String::from_utf8_lossy(&run(&ask(&["run", "--help"])).stdout).into_owned();
    for needle in [
        "--no-ui",
        "--answers",
        "--script",
        "--frame-out",
        "--cwd",
        "Exit codes",
    ] {
        assert!(
            run_help.contains(needle),
            "{needle} missing from run --help"
        );
    }
}

/// The help says what each output path does: `-`, atomic replacement of a regular
/// file, write-through of FIFOs and devices, and what a draft path may be.
#[test]
fn run_help_says_how_output_frame_out_and_draft_are_written() {
    let help = String::from_utf8_lossy(&run(&ask(&["run", "--help"])).stdout).into_owned();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "Write the tool result to FILE (absent or -: stdout). A regular file or a new path is \
         replaced atomically",
        "a FIFO, a device such as /dev/null, /dev/stdout or /dev/fd/N is written into as it \
         is, never replaced",
        "Write the last headless frame as plain text to FILE (-: stdout). A regular file or a \
         new path is replaced atomically; a FIFO or a device is written into as it is",
        "FILE must be a new path or a draft: ask writes over and deletes it, so any other \
         file (the payload, the result, the settings), a FIFO, a device or a folder is refused",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
    }
}

#[test]
fn every_command_that_opens_the_form_takes_inline_and_fullscreen() {
    for command in ["run", "answer", "answer-again", "replay", "settings"] {
        let out = run(&ask(&[command, "--help"]));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains("--inline[=<ROWS|PCT%>]"),
            "{command}:\n{help}"
        );
        assert!(help.contains("--fullscreen"), "{command}:\n{help}");
    }
    for bad in ["--inline=0", "--inline=150%", "--inline=tall"] {
        let out = run_with_stdin(&ask(&["run", bad]), SMALL);
        assert_eq!(code(&out), 64, "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("e.g. --inline=40%"), "{bad}: {err}");
    }
    let out = run_with_stdin(&ask(&["run", "--inline", "--fullscreen"]), SMALL);
    assert_eq!(code(&out), 64, "the two layouts exclude each other");
}

/// `ask validate` writes one compact line when stdout is a pipe, for the valid and the
/// invalid payload alike, and pretty-printed JSON on a terminal.
#[test]
fn validate_is_compact_when_piped_and_pretty_on_a_terminal() {
    let valid = r#"{"questions": [{"id": "db", "prompt": "Which?", "options": [{"value": "pg", "label": "PG"}]}]}"#;
    let invalid = r#"{"questions": [{"id": "", "prompt": "Which?", "options": []}]}"#;
    for (payload, exit) in [(valid, 0), (invalid, 2)] {
        let out = run_with_stdin(&ask(&["validate"]), payload);
        assert_eq!(code(&out), exit);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.matches('\n').count(), 1, "one line: {text}");
        assert!(text.ends_with("}\n"), "{text}");
        let _ = stdout_json(&out);

        let mut s = crate::pty::Session::start(payload, "validate --input p.json", 200, 60);
        assert_eq!(s.finish(), exit);
        s.wait_for("\"questions\"");
        let raw = String::from_utf8_lossy(&s.raw()).into_owned();
        assert!(raw.contains("{\r\n  \""), "pretty on a terminal: {raw:?}");
    }
}

#[test]
fn a_script_refuses_draft_and_resume_with_a_usage_error() {
    let (dir, path) = temp_file("p.json", SMALL);
    let draft = dir.path().join("draft.json");
    std::fs::write(&draft, "{}").expect("a draft");
    for extra in [&["--draft"][..], &["--resume", "--draft"][..]] {
        let mut args = vec![
            "run",
            "--input",
            path.to_str().unwrap(),
            "--script",
            r#"["1"]"#,
        ];
        args.extend_from_slice(extra);
        args.push(draft.to_str().unwrap());
        let out = run(&ask(&args));
        assert_eq!(code(&out), 64, "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot be used with --script"), "{err}");
        assert!(out.stdout.is_empty(), "no result for a usage error");
        assert_eq!(
            std::fs::read_to_string(&draft).expect("kept"),
            "{}",
            "never written"
        );
    }
}
