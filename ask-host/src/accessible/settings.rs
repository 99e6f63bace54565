//! The settings overlay in the accessible mode (`ask settings` on a dumb terminal): the
//! overlay's toggles as numbered plain lines; typing a number switches that setting and
//! saves it at once, as the overlay does (the same session drives both, so the file is
//! written the same way).

use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Write};

use ask_i18n::{LocaleSetting, Msg};
use ask_state::{Command, model::SettingsRow};

use crate::Session;

/// The rows a number can switch: every toggle of the overlay (not the reset row,
/// which needs the overlay's double press).
fn toggles(session: &Session) -> Vec<SettingsRow> {
    session
        .flow()
        .settings_rows()
        .into_iter()
        .filter(|row| *row != SettingsRow::Reset)
        .collect()
}

/// What a row shows: `on`/`off`, or the language.
fn value(session: &Session, row: SettingsRow) -> String {
    let flow = session.flow();
    let locale = flow.locale();
    match flow.settings_value(row) {
        Some(on) => locale
            .text(if on {
                Msg::SettingsOn
            } else {
                Msg::SettingsOff
            })
            .to_owned(),
        None => match flow.behaviour().locale {
            LocaleSetting::Auto => locale.format(
                Msg::SettingsLocaleAuto,
                &[("language", &locale.native_name())],
            ),
            LocaleSetting::Fixed(fixed) => fixed.native_name().to_owned(),
        },
    }
}

/// The list of settings with their numbers and values.
fn listing(session: &Session) -> String {
    let mut out = String::new();
    let locale = session.flow().locale();
    for (i, row) in toggles(session).iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. {}: {}",
            i + 1,
            row.label_in(locale),
            value(session, *row)
        );
    }
    let _ = writeln!(out, "{}", locale.text(Msg::AccessibleSettingsHelp));
    out
}

/// Switches the setting numbered `line`; the text says what happened.
fn switch(session: &mut Session, line: &str) -> String {
    let rows = toggles(session);
    let Some(row) = line
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| rows.get(i).map(|row| (i, *row)))
    else {
        let said = session.flow().locale().format(
            Msg::AccessibleSettingsNotNumber,
            &[("text", &format!("{line:?}")), ("max", &rows.len())],
        );
        return format!("{said}\n");
    };
    let (index, row) = row;
    let at = session.flow().settings_cursor().unwrap_or(0);
    let delta = i32::try_from(index).unwrap_or(0) - i32::try_from(at).unwrap_or(0);
    session.command(Command::SettingsMove(delta));
    let notices = session.notices().len();
    session.command(Command::SettingsToggle);
    let locale = session.flow().locale();
    let mut out = format!("{}: {}.\n", row.label_in(locale), value(session, row));
    for notice in &session.notices()[notices..] {
        let _ = writeln!(out, "{}", ask_render::text::sanitize(&notice.text(locale)));
    }
    out
}

/// Runs the settings list of `session` (a [`Session::settings_overlay`]) on
/// `input`/`output` until an empty line, `q` or the end of input.
///
/// # Errors
/// When `input` cannot be read or `output` written.
pub fn accessible_settings(
    mut session: Session,
    input: impl io::Read,
    mut output: impl Write,
) -> io::Result<()> {
    let locale = session.flow().locale();
    if let Some(path) = session.settings_path() {
        // Paths and notices quote the file system: escape sequences in a folder name
        // must not reach the terminal as controls.
        let line = locale.format(Msg::AccessibleSettingsFile, &[("path", &path.display())]);
        writeln!(output, "{}", ask_render::text::sanitize(&line))?;
    }
    for notice in session.notices() {
        writeln!(
            output,
            "{}",
            ask_render::text::sanitize(&notice.text(locale))
        )?;
    }
    write!(output, "{}> ", listing(&session))?;
    output.flush()?;
    for line in BufReader::new(input).lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.eq_ignore_ascii_case("q") {
            break;
        }
        let text = if line.eq_ignore_ascii_case("l") || line == "?" {
            listing(&session)
        } else {
            switch(&mut session, line)
        };
        write!(output, "{text}> ")?;
        output.flush()?;
    }
    writeln!(
        output,
        "{}",
        session.flow().locale().text(Msg::AccessibleSettingsDone)
    )?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use ask_settings::{AskConfig, paths::ConfigPaths};

    use super::*;
    use {crate::settings::Settings, ask_i18n::Locale};

    /// The list over the settings at `path`, `auto` standing for `system`.
    fn run(
        (settings, system): (Settings, Locale),
        input: &[u8],
        out: &mut Vec<u8>,
    ) -> io::Result<()> {
        let session = Session::settings_overlay(settings)
            .with_system_locale(system)
            .with_host_features(ask_state::HostFeatures::all());
        accessible_settings(session, input, out)
    }

    #[test]
    fn a_number_switches_and_saves_that_setting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ask.json");
        let settings = Settings::open(&ConfigPaths::file(path.clone()));
        let mut out = Vec::new();
        run((settings, Locale::En), &b"7\n8\n99\nl\n\n"[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("7. Accessible mode (next form): off"), "{out}");
        assert!(out.contains("Accessible mode (next form): on."), "{out}");
        assert!(
            out.contains("\"99\" is not a setting number; use 1 to 9."),
            "{out}"
        );
        assert!(out.contains("7. Accessible mode (next form): on"), "{out}");
        assert!(out.contains("Notifications: off."), "{out}");
        assert!(!out.contains('\x1b'), "plain lines only: {out:?}");
        let saved: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(saved["behaviour"]["accessible"], true);
        assert_eq!(saved["notifications"]["enabled"], false);
        let mut expected = AskConfig::default().to_json();
        expected["behaviour"]["accessible"] = true.into();
        assert_eq!(
            saved["behaviour"], expected["behaviour"],
            "nothing else changed"
        );
    }

    #[test]
    fn the_language_row_switches_the_listing_at_once_in_every_word() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ask.json");
        let settings = Settings::open(&ConfigPaths::file(path.clone()));
        let mut out = Vec::new();
        // Auto (the system's French), then English, then Spanish.
        run((settings, Locale::Fr), &b"9\n9\nl\n\n"[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        for said in [
            "9. Langue: Auto (Français)",
            "Language: English.",
            "Idioma: Español.",
            "1. Enviar solo si todo está respondido y sin notas: no",
            "Listo.",
        ] {
            assert!(out.contains(said), "{said:?} in {out}");
        }
        assert!(out.contains("9. Idioma: Español"), "{out}");
        let saved: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(saved["behaviour"]["locale"], "es");
        // In the pseudo-locale every word of the listing is marked.
        let settings = Settings::open(&ConfigPaths::file(dir.path().join("other.json")));
        let mut out = Vec::new();
        run((settings, Locale::Pseudo), &b"99\n\n"[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let path = dir.path().join("other.json").display().to_string();
        for line in out.replace(&path, "").lines() {
            let mut depth = 0usize;
            let outside: String = line
                .chars()
                .filter(|c| {
                    match c {
                        '⟦' => depth += 1,
                        '⟧' => depth = depth.saturating_sub(1),
                        _ => return depth == 0,
                    }
                    false
                })
                .collect();
            assert!(
                !outside.chars().any(|c| c.is_ascii_alphabetic()),
                "{line:?} in {out}"
            );
        }
    }
}
