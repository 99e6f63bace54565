//! Typed questions and MCP elicitation through the real binary: every example request of
//! the MCP 2025-11-25 elicitation specification answered with `ask run --elicitation`
//! by `--script` (the UI driven headlessly) and by `--answers`, invalid requests named
//! by property and rule, and typed payloads (`value` in scripted answers, path questions
//! completed and checked under `--cwd`).

use std::fs;
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::support::{ask, code, run, stdout_json, temp_file};

fn spec(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../ask-contract/tests/fixtures/elicitation")
        .join(name)
}

/// `ask run --elicitation FILE EXTRA...` with a private config: (exit code, stdout JSON, stderr).
fn elicit(request: &std::path::Path, extra: &[&str]) -> (i32, Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("ask-user.json");
    let mut args = vec![
        "run",
        "--elicitation",
        request.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = run(&ask(&args));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let json = if out.stdout.is_empty() {
        Value::Null
    } else {
        stdout_json(&out)
    };
    (code(&out), json, stderr)
}

/// Every spec example, the keys that answer it in the UI, and the content expected.
fn cases() -> Vec<(&'static str, Value, Value)> {
    vec![
        (
            "simple_text.json",
            json!([{"text": "octocat"}, "enter", "1", "1"]),
            json!({"name": "octocat"}),
        ),
        (
            "structured_data.json",
            json!([{"text": "Monalisa Octocat"}, "enter", {"text": "octocat@github.com"}, "enter",
                   {"text": "30"}, "enter", "1", "1"]),
            json!({"name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30}),
        ),
        // Its pattern (`^[A-Za-z]+$`) refuses every e-mail address, its own default too,
        // so nothing is suggested; left empty (it is optional; Tab moves on), the form
        // still submits.
        ("string_schema.json", json!(["tab", "1", "1"]), json!({})),
        // The default is prefilled: Enter accepts it; the ticket is typed to its pattern.
        (
            "string_pattern.json",
            json!(["enter", {"text": "ASK-21"}, "enter", "1", "1"]),
            json!({"repo": "my-repo", "ticket": "ASK-21"}),
        ),
        (
            "number_schema.json",
            json!(["backspace", "backspace", {"text": "75"}, "enter", "1", "1"]),
            json!({"value": 75}),
        ),
        (
            "integer_schema.json",
            json!(["enter", "1", "1"]),
            json!({"value": 50}),
        ),
        (
            "boolean_schema.json",
            json!(["y", "1", "1"]),
            json!({"value": true}),
        ),
        (
            "enum_untitled.json",
            json!(["2", "1", "1"]),
            json!({"value": "Green"}),
        ),
        (
            "enum_titled.json",
            json!(["3", "1", "1"]),
            json!({"value": "#0000FF"}),
        ),
        (
            "multi_untitled.json",
            json!(["1", "3", "enter", "1", "1"]),
            json!({"value": ["Red", "Blue"]}),
        ),
        (
            "multi_titled.json",
            json!(["2", "enter", "1", "1"]),
            json!({"value": ["#00FF00"]}),
        ),
    ]
}

#[test]
fn every_spec_example_answers_through_the_ui_script() {
    for (name, steps, content) in cases() {
        let steps = steps.to_string();
        let (code, out, stderr) = elicit(&spec(name), &["--script", &steps]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert_eq!(
            out,
            json!({"action": "accept", "content": content}),
            "{name}"
        );
    }
}

#[test]
fn every_spec_example_answers_through_scripted_answers() {
    for (name, _, content) in cases() {
        let answers: serde_json::Map<String, Value> = content
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| {
                let answer = match v {
                    Value::Array(items) => json!({"values": items}),
                    Value::String(s) if name.starts_with("enum") => json!({"values": [s]}),
                    other => json!({"value": other}),
                };
                (k.clone(), answer)
            })
            .collect();
        let (_dir, file) = temp_file("a.json", &json!({"answers": answers}).to_string());
        let (code, out, stderr) = elicit(&spec(name), &["--answers", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {stderr}");
        assert_eq!(
            out,
            json!({"action": "accept", "content": content}),
            "{name}"
        );
    }
}

#[test]
fn cancel_declines_and_a_dismiss_cancels() {
    let request = spec("structured_data.json");
    let (code, out, _) = elicit(
        &request,
        &["--script", r#"["tab", "tab", "tab", "3", "3"]"#],
    );
    assert_eq!((code, out), (1, json!({"action": "decline"})));
    let (code, out, _) = elicit(&request, &["--script", r#"["ctrl+c"]"#]);
    assert_eq!((code, out), (1, json!({"action": "cancel"})));
    let (code, out, _) = elicit(&request, &["--no-ui"]);
    assert_eq!((code, out), (3, json!({"action": "cancel"})));
    // Submit waits for the required name and email: the script ends without a submit.
    let (code, out, _) = elicit(
        &request,
        &[
            "--script",
            r#"["tab", "tab", {"text": "30"}, "enter", "1", "1"]"#,
        ],
    );
    assert_eq!((code, out), (1, json!({"action": "cancel"})));
}

#[test]
fn an_invalid_request_names_the_property_and_the_rule() {
    let (_dir, file) = temp_file(
        "r.json",
        r#"{"message": "Age?", "requestedSchema": {"type": "object", "properties": {
            "age": {"type": "integer", "minimum": 30, "maximum": 18},
            "phone": {"type": "string", "format": "phone"}}}}"#,
    );
    let (code, out, stderr) = elicit(&file, &["--no-ui"]);
    assert_eq!(code, 2);
    assert_eq!(out, Value::Null, "nothing on stdout");
    assert!(
        stderr.contains("requestedSchema.properties.age.minimum: is 30, more than maximum 18"),
        "{stderr}"
    );
    assert!(
        stderr.contains("requestedSchema.properties.phone.format: is \"phone\""),
        "{stderr}"
    );
    // Answers that do not fit the schema are refused, not sent.
    let (_d, answers) = temp_file("a.json", r#"{"answers": {"age": {"value": 40}}}"#);
    let request = spec("structured_data.json");
    let (code, _, stderr) = elicit(&request, &["--answers", answers.to_str().unwrap()]);
    assert_eq!(code, 65, "{stderr}");
}

#[test]
fn a_string_pattern_is_checked_in_the_ui_and_in_scripted_answers() {
    let request = spec("string_pattern.json");
    // Typed text that does not match stays in the editor: the Submit keys never come.
    let (code, out, _) = elicit(
        &request,
        &[
            "--script",
            r#"["enter", {"text": "ask 21"}, "enter", "1", "1"]"#,
        ],
    );
    assert_eq!((code, out), (1, json!({"action": "cancel"})));
    let (_d, answers) = temp_file(
        "a.json",
        r#"{"answers": {"repo": {"value": "my-repo"}, "ticket": {"value": "ask 21"}}}"#,
    );
    let (code, out, stderr) = elicit(&request, &["--answers", answers.to_str().unwrap()]);
    assert_eq!(code, 65, "{stderr}");
    assert_eq!(out, Value::Null, "nothing sent");
    assert!(
        stderr.contains("\"ask 21\" is not accepted: does not match ^[A-Z]+-[0-9]+$"),
        "{stderr}"
    );
    // A pattern the checker cannot compile names the property and the pattern.
    let (_dir, file) = temp_file(
        "r.json",
        r#"{"message": "Code?", "requestedSchema": {"type": "object", "properties": {
            "code": {"type": "string", "pattern": "^(?!0)[0-9]+$"}}}}"#,
    );
    let (code, _, stderr) = elicit(&file, &["--no-ui"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("requestedSchema.properties.code.pattern: \"^(?!0)[0-9]+$\" is not a pattern that can be checked: look-around"),
        "{stderr}"
    );
}

#[test]
fn typed_payloads_take_value_in_scripted_answers() {
    let payload = r#"{"questions": [
        {"id": "n", "prompt": "How many replicas?", "type": "number", "min": 1, "max": 10, "integer": true},
        {"id": "ok", "prompt": "Deploy now?", "type": "confirm"}]}"#;
    let (_d, input) = temp_file("p.json", payload);
    let (_a, answers) = temp_file(
        "a.json",
        r#"{"answers": {"n": {"value": 4}, "ok": {"value": true}}}"#,
    );
    let out = run(&ask(&[
        "run",
        "--input",
        input.to_str().unwrap(),
        "--answers",
        answers.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 0);
    let result = stdout_json(&out);
    assert_eq!(result["details"]["answers"]["n"]["value"], 4);
    assert_eq!(
        result["details"]["answers"]["ok"],
        json!({"values": ["yes"], "labels": ["Yes"], "indices": [1], "value": true})
    );
    assert_eq!(result["content"][0]["text"], "Q1: 4\nQ2: Yes");
    let (_b, bad) = temp_file("b.json", r#"{"answers": {"n": {"value": 11}}}"#);
    let out = run(&ask(&[
        "run",
        "--input",
        input.to_str().unwrap(),
        "--answers",
        bad.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 65);
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 10"));
}

#[test]
fn a_path_question_completes_and_checks_under_cwd() {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("config")).unwrap();
    fs::write(root.path().join("config/app.toml"), "").unwrap();
    let payload = r#"{"questions": [{"id": "cfg", "prompt": "Which config file?", "type": "path",
        "pathKind": "file", "mustExist": true}]}"#;
    let (_d, input) = temp_file("p.json", payload);
    let cwd = root.path().to_str().unwrap();
    let args = |steps: &str| {
        run(&ask(&[
            "run",
            "--input",
            input.to_str().unwrap(),
            "--cwd",
            cwd,
            "--script",
            steps,
        ]))
    };
    // "app" completes to the file from the first character, no @.
    let out = args(r#"[{"text": "app"}, "tab", "enter", "1", "1"]"#);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout_json(&out)["details"]["answers"]["cfg"]["value"],
        "config/app.toml"
    );
    // A missing file and a folder are refused: the script ends without an answer.
    for typed in ["nope.toml", "config"] {
        let out = args(&json!([{"text": typed}, "enter", "1", "1"]).to_string());
        assert_eq!(code(&out), 1, "{typed}");
        assert_eq!(
            stdout_json(&out)["details"]["answers"],
            json!({}),
            "{typed}"
        );
    }
}

/// `--answers` looks a path answer up under `--cwd` as the form does (issue 32.5): a
/// missing file, a folder for a file and a path with NUL are refused with the terminal's
/// words, and a file that is there is the answer.
#[test]
fn scripted_answers_check_must_exist_and_path_kind_under_cwd() {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("config")).unwrap();
    fs::write(root.path().join("config/app.toml"), "").unwrap();
    let payload = r#"{"questions": [{"id": "cfg", "prompt": "Which config file?", "type": "path",
        "pathKind": "file", "mustExist": true}]}"#;
    let (_d, input) = temp_file("p.json", payload);
    let answer = |value: &str| {
        let (dir, answers) = temp_file(
            "a.json",
            &json!({"answers": {"cfg": {"value": value}}}).to_string(),
        );
        let out = run(&ask(&[
            "run",
            "--input",
            input.to_str().unwrap(),
            "--cwd",
            root.path().to_str().unwrap(),
            "--answers",
            answers.to_str().unwrap(),
        ]));
        drop(dir);
        out
    };
    let out = answer("config/app.toml");
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout_json(&out)["details"]["answers"]["cfg"]["value"],
        "config/app.toml"
    );
    for (value, problem) in [
        ("nope.toml", "no such file or directory"),
        ("config", "a directory, not a file"),
        ("config/app.toml\u{0}", "no such file or directory"),
    ] {
        let out = answer(value);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(code(&out), 65, "{value:?}: {stderr}");
        assert!(stderr.contains(problem), "{value:?}: {stderr}");
    }
}
