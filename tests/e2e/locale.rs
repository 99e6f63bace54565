//! UI languages through the real binary in a pseudo-terminal: the language comes from
//! the environment (`LANG`, `LC_MESSAGES`, `LC_ALL`) while the `locale` setting is
//! `auto`, else from the setting; the form reads and answers in it, and the result the
//! agent gets is the English one.

use serde_json::json;

use crate::pty::{RUN, Session};
use crate::support::SMALL;

#[test]
fn the_form_speaks_spanish_from_lang_and_answers_in_english() {
    let mut s = Session::start_with_env(SMALL, RUN, 80, 24, &[("LANG", "es_ES.UTF-8")]);
    s.wait_for("Which database?");
    let screen = s.screen();
    for said in [
        "Revisión",
        "3. Otra respuesta",
        "Enter seleccionar",
        "Esc cancelar",
    ] {
        assert!(screen.contains(said), "{said:?} in\n{screen}");
    }
    // The flow in Spanish, tab by tab, is an in-process table (script_table.rs); here
    // the answer the agent gets stays English.
    s.send("2");
    s.wait_for("Which features?");
    s.send(" \t");
    s.wait_for("Revisa tus respuestas");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    assert_eq!(
        result["details"]["answers"]["feat"]["values"],
        json!(["auth"])
    );
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("SQLite") && !text.contains("Enviar"),
        "{result}"
    );
    s.assert_restored();
}

#[test]
fn the_setting_wins_over_the_environment_and_switches_live() {
    let config = r#"{"schemaVersion": 3, "behaviour": {"locale": "de"}}"#;
    let mut s = Session::start_after(
        &format!("printf '%s' '{config}' > ask-user.json"),
        0,
        SMALL,
        RUN,
        80,
        24,
        &[("LC_ALL", "fr_FR.UTF-8")],
    );
    s.wait_for("Which database?");
    s.wait_for("Enter auswählen");
    // The overlay's language row (last but one) switches the whole form at once.
    s.send("?");
    s.wait_for("Ask-Einstellungen");
    s.send(&"\x1b[B".repeat(8));
    s.wait_for("❯ Sprache");
    s.send("\r");
    s.wait_for("Ask の設定");
    s.send("\x1b");
    // The form again, in Japanese (the overlay's rows say 確認 too).
    s.wait_for("3. 自分で入力");
    s.wait_for("[☐ Database] ☐ Q2  確認");
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(s.path("ask-user.json")).unwrap()).unwrap();
    assert_eq!(
        saved["behaviour"]["locale"], "ja",
        "saved like the other settings"
    );
}

#[test]
fn the_accessible_mode_speaks_the_language_too() {
    let mut s = Session::start_with_env(
        SMALL,
        "run --accessible -i p.json -o r.json",
        80,
        24,
        &[("LANG", "ja_JP.UTF-8")],
    );
    s.wait_for("質問は 2 問です。ヘルプは ? を入力してください。");
    s.wait_for("質問 1/2: Database (1つ選択)");
    s.send("2\r");
    s.wait_for("質問 2/2");
    s.send("1\r");
    s.wait_for("回答の確認");
    s.wait_for("送信・深掘り・キャンセル> ");
    s.send("送信\r");
    s.wait_for("送信しました。");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
}
