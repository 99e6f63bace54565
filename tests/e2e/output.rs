//! Text that reaches stderr or stdout: messages that quote input go through
//! the UI's sanitizer, result JSON escapes C1, DEL and bidi controls, and a
//! payload that is not UTF-8 is an invalid payload.

use std::process::Stdio;

use serde_json::{Value, json};

use crate::support::{SMALL, ask, code, run, run_with_stdin, stdout_json};

const OSC: &str = "\u{1b}]0;X\u{7}";

/// Characters that must never reach a terminal raw from a message or a result.
fn assert_clean(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    for c in text.chars() {
        let bad = (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}');
        assert!(!bad, "{what}: raw {c:?} in {text:?}");
    }
}

/// A valid result whose seven enum fields can each be replaced.
fn result_with_enums() -> Value {
    json!({
        "content": [{"type": "text", "text": "x"}],
        "details": {
            "cancelled": false,
            "error": {"kind": "invalid_input", "issues": []},
            "mode": "elaborate",
            "questions": [{"id": "q", "label": "Q1", "prompt": "P", "type": "single"}],
            "answers": {},
            "continuation": {
                "strategy": "refine_only",
                "affectedQuestionIds": [],
                "preservedAnswers": {},
                "questionStates": {"q": {"status": "answered"}}
            },
            "elaboration": {
                "instruction": "i",
                "nextAction": "clarify",
                "items": [{
                    "target": {"kind": "question"},
                    "question": {"id": "q", "label": "Q1", "prompt": "P", "type": "single", "options": []},
                    "answered": false,
                    "note": "n"
                }]
            }
        }
    })
}

#[test]
fn render_result_never_echoes_an_unknown_enum_value_raw() {
    let ok = run_with_stdin(&ask(&["render-result"]), &result_with_enums().to_string());
    assert_eq!(code(&ok), 0, "{}", String::from_utf8_lossy(&ok.stderr));
    let fields: [&[&str]; 7] = [
        &["details", "mode"],
        &["details", "error", "kind"],
        &["details", "questions", "0", "type"],
        &["details", "continuation", "strategy"],
        &["details", "continuation", "questionStates", "q", "status"],
        &["details", "elaboration", "nextAction"],
        &["details", "elaboration", "items", "0", "target", "kind"],
    ];
    for field in fields {
        let mut result = result_with_enums();
        let mut slot = &mut result;
        for key in field {
            slot = match key.parse::<usize>() {
                Ok(i) => &mut slot[i],
                Err(_) => &mut slot[*key],
            };
        }
        *slot = json!(OSC);
        let out = run_with_stdin(&ask(&["render-result"]), &result.to_string());
        assert_eq!(code(&out), 65, "{field:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("␛]0;X␇"), "{field:?}: {stderr}");
        assert_clean(&out.stderr, &format!("{field:?}"));
    }
}

#[test]
fn file_paths_in_messages_are_sanitized() {
    let dir = tempfile::tempdir().unwrap();
    let evil = dir.path().join(format!("no{OSC}\u{202e}where"));
    let evil = evil.to_str().unwrap();
    let payload = dir.path().join("p.json");
    std::fs::write(&payload, SMALL).unwrap();
    let payload = payload.to_str().unwrap();
    let missing_output = format!("{evil}/result.json");
    let runs = [
        vec!["run", "--no-ui", "--input", evil],
        vec![
            "run",
            "--no-ui",
            "--input",
            payload,
            "--output",
            &missing_output,
        ],
        vec!["run", "--no-ui", "--input", payload, "--cwd", evil],
    ];
    for args in runs {
        let out = run(&ask(&args));
        assert!(code(&out) > 3, "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("␛]0;X␇"),
            "{args:?}: the path is still named"
        );
        assert_clean(&out.stderr, &format!("{args:?}"));
    }
    // The settings notice names the settings path.
    let config_dir = dir.path().join(format!("conf{OSC}\u{2066}"));
    std::fs::create_dir(&config_dir).unwrap();
    let config = config_dir.join("ask-user.json");
    std::fs::write(&config, "{ broken").unwrap();
    let out = run(&ask(&[
        "settings",
        "--json",
        "--config",
        config.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 0);
    assert!(String::from_utf8_lossy(&out.stderr).contains("conf␛]0;X␇"));
    assert_clean(&out.stderr, "settings notice");
}

#[test]
fn result_json_escapes_c1_del_and_bidi_controls() {
    let nasty = "a\u{7f}b\u{9b}31mc\u{85}d\u{202e}e\u{2067}f\u{200f}g\u{61c}h\u{1b}[2Ji";
    let payload = json!({"title": nasty, "questions": [{"id": "q", "prompt": nasty,
        "options": [{"value": nasty, "label": nasty}]}]});
    let out = run_with_stdin(&ask(&["run", "--no-ui"]), &payload.to_string());
    assert_eq!(code(&out), 3);
    assert_clean(&out.stdout, "result");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\\u009b"));
    let result = stdout_json(&out);
    assert_eq!(result["details"]["title"], nasty, "the same JSON value");
    assert_eq!(result["details"]["questions"][0]["prompt"], nasty);
    let out = run_with_stdin(&ask(&["validate"]), &payload.to_string());
    assert_eq!(code(&out), 0);
    assert_clean(&out.stdout, "normalized form");
    assert_eq!(
        stdout_json(&out)["questions"][0]["options"][0]["label"],
        nasty
    );
}

#[test]
fn a_payload_that_is_not_utf8_is_an_invalid_payload() {
    let mut bytes = br#"{"questions": [{"id": "q", "prompt": "caf"#.to_vec();
    bytes.extend_from_slice(&[0xe9, 0xff]);
    bytes.extend_from_slice(br#"", "options": [{"value": "a", "label": "A"}]}]}"#);
    for args in [vec!["run", "--no-ui"], vec!["validate", "--input", "-"]] {
        let mut child = crate::support::detached(&ask(&args))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), &bytes).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            code(&out),
            2,
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let result = stdout_json(&out);
        let issues = result["details"]["error"]["issues"].as_array().unwrap();
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0]["path"], "payload");
        assert!(
            issues[0]["message"].as_str().unwrap().contains("UTF-8"),
            "{issues:?}"
        );
    }
}
