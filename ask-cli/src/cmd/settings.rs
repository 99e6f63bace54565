//! `ask settings`: the settings overlay on its own (what pi's `/ask-settings`
//! opens), the config path, or the resolved settings as JSON.

use ask_host::Session;

use crate::cli::SettingsArgs;
use crate::config;
use crate::exit::{CliError, CliResult, Exit};
use crate::io::write_text;
use crate::term::{self, Ended, Tty};

/// Runs `ask settings`.
pub(crate) fn settings(args: &SettingsArgs) -> CliResult {
    if args.path {
        let paths = config::resolve(args.config.as_deref()).map_err(|err| {
            CliError::usage(format!(
                "cannot find the settings file: {err}; pass --config FILE"
            ))
        })?;
        write_text(
            None,
            "config path",
            &format!("{}\n", paths.config.display()),
        )?;
        return Ok(Exit::Completed);
    }
    if args.json {
        let loaded = config::load_read_only(args.config.as_deref());
        if let Some(notice) = loaded.notice_line() {
            crate::exit::warn(&notice);
        }
        let json = crate::json_out::json_text(loaded.config(), true);
        write_text(None, "settings", &json)?;
        return Ok(Exit::Completed);
    }
    if accessible(args) {
        let Ok((tty, output)) = term::open_lines() else {
            return Err(CliError::new(
                Exit::NoTerminal,
                "the settings list needs a terminal; use --path or --json without one",
            ));
        };
        let loaded = config::load(args.config.as_deref());
        let session = Session::settings_overlay(loaded)
            .with_system_locale(config::system_locale())
            .with_host_features(term::FEATURES);
        ask_host::accessible::accessible_settings(session, tty, output)
            .map_err(|err| CliError::new(Exit::IoErr, format!("terminal error: {err}")))?;
        return Ok(Exit::Completed);
    }
    let signals = term::Signals::install();
    let Some(tty) = Tty::open() else {
        return Err(CliError::new(
            Exit::NoTerminal,
            "the settings overlay needs a terminal; use --path or --json without one",
        ));
    };
    let loaded = config::load(args.config.as_deref());
    if let Some(notice) = loaded.notice_line() {
        crate::exit::warn(&notice);
    }
    let layout = args.layout.layout(loaded.config().behaviour.inline);
    let mut session = Session::settings_overlay(loaded)
        .with_system_locale(config::system_locale())
        .with_host_features(term::FEATURES);
    let ended = term::run_ui(
        &mut session,
        tty,
        args.color.enabled(),
        layout,
        false,
        &signals,
    )
    .map_err(|err| CliError::new(Exit::IoErr, format!("terminal error: {err}")))?;
    Ok(match ended {
        Ended::Done(_) => Exit::Completed,
        Ended::Signal(_) => Exit::Cancelled,
        Ended::Unavailable => {
            return Err(CliError::new(
                Exit::NoTerminal,
                "/dev/tty is not a usable terminal; use --path or --json",
            ));
        }
    })
}

/// The settings as numbered plain lines instead of the overlay: `--accessible`, or
/// without `--accessible`/`--no-accessible`, `TERM=dumb` or the `accessible` setting.
fn accessible(args: &SettingsArgs) -> bool {
    if args.accessible || args.no_accessible {
        return args.accessible;
    }
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
        || config::load_read_only(args.config.as_deref())
            .config()
            .behaviour
            .accessible
}
