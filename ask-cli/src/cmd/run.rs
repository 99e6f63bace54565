//! `ask run`: payload in, tool result out, the UI (or a script, or scripted
//! answers) in between.

use std::path::{Path, PathBuf};

use ask_contract::{
    AskForm, ParseOptions,
    payload::parse_params_bytes,
    result::{AskDetails, AskResult},
};
use ask_host::{
    Session,
    setup::{Completions, OutputKind, Setup},
};

use crate::cli::{FlowArgs, RunArgs, UiArgs};
use crate::config;
use crate::exit::{CliError, CliResult, Exit};
use crate::io::{read_input, read_payload, write_result, write_text};
use crate::script;
use crate::term::{self, Ended, Tty};

/// Runs the whole `ask run` command.
pub(crate) fn run(args: &RunArgs) -> CliResult {
    // Check the cheap things the user typed before reading a payload.
    let runner = FormRunner::new(
        &args.ui,
        &args.flow,
        &[
            ("--input", args.input.as_deref()),
            ("--elicitation", args.elicitation.as_deref()),
        ],
    )?;
    if let Some(path) = &args.elicitation {
        return crate::cmd::elicit::run(runner, path);
    }
    let payload = read_payload(args.input.as_deref())?;
    let options = ParseOptions::default().freeform(args.allow_freeform);
    match parse_params_bytes(&payload, options) {
        Ok(form) => runner.run(form),
        Err(err) => {
            let result = AskResult::invalid(err.issues().to_vec());
            write_result(args.ui.output.as_deref(), &result)?;
            Ok(Exit::InvalidPayload)
        }
    }
}

/// The run flags, checked and loaded, waiting for a validated form. Every
/// command that opens a form (`run`, `answer`, `answer-again`, `replay`) goes
/// through it, so they answer it the same way.
pub(crate) struct FormRunner<'a> {
    ui: &'a UiArgs,
    flow: &'a FlowArgs,
    steps: Option<Vec<script::Step>>,
    root: PathBuf,
    /// `--prefill`: the details of the earlier result.
    prefill: Option<AskDetails>,
    /// Set for `--elicitation`: answers must fit its schema and the MCP result is written.
    pub(crate) elicitation: Option<ask_contract::elicitation::ElicitationSchema>,
}

impl<'a> FormRunner<'a> {
    /// Checks `--script`, `--cwd` and `--draft` (before any slow work such as reading a
    /// payload or calling a model). `inputs` are the command's own files (`--input`,
    /// `--session`), which the draft must not be.
    pub(crate) fn new(
        ui: &'a UiArgs,
        flow: &'a FlowArgs,
        inputs: &[(&str, Option<&Path>)],
    ) -> Result<Self, CliError> {
        if flow.script.is_some() && ui.draft.is_some() {
            // A headless run must never write a person's draft, and reading one silently
            // would make a script's result depend on a file it does not name.
            let flag = if ui.resume {
                "--draft/--resume"
            } else {
                "--draft"
            };
            return Err(CliError::usage(format!(
                "{flag} cannot be used with --script: a script runs headless and keeps no \
                 draft; drop {flag}, or open the form in a terminal to resume a draft"
            )));
        }
        let steps = flow.script.as_deref().map(script::load).transpose()?;
        let root = completion_root(ui.cwd.as_deref())?;
        if let Some(draft) = &ui.draft {
            super::draft::check_path(draft, ui, flow, inputs)?;
        }
        let prefill = ui.prefill.as_deref().map(read_prefill).transpose()?;
        Ok(Self {
            ui,
            flow,
            steps,
            root,
            prefill,
            elicitation: None,
        })
    }

    /// Answers `form` as the flags say (no UI, scripted answers, a headless
    /// script, or the terminal UI) and writes the result.
    pub(crate) fn run(self, form: AskForm) -> CliResult {
        let Self {
            ui,
            flow,
            steps,
            root,
            prefill,
            elicitation,
        } = self;
        // Every flag that shapes the session, resolved once: each surface below builds
        // its `Session` from this setup and writes its output through it.
        let output = match elicitation {
            Some(request) => OutputKind::Elicitation(Box::new(request)),
            None => OutputKind::Tool,
        };
        let setup = Setup::new()
            .system_locale(config::system_locale())
            .output(output)
            .timeout(ui.timeout)
            .prefill(prefill)
            .draft(ui.draft.clone(), ui.resume);
        let sink = Sink { ui, setup: &setup };
        if flow.no_ui {
            return sink.no_terminal(&form);
        }
        if let Some(answers) = &flow.answers {
            return scripted_answers(sink, &form, answers, &root);
        }
        if let Some(steps) = steps {
            // A script shows nothing to a person: read the settings, never write them.
            // It keeps no draft (refused above) and runs on its own clock, without the
            // idle timeout; `@` is walked on this thread: deterministic answers.
            let script_setup = setup
                .clone()
                .timeout(None)
                .draft(None, false)
                .completions(Some(Completions::Deterministic(root)))
                .host_features(crate::term::FEATURES)
                .answered_via(ask_contract::result::AnsweredVia::Scripted);
            let mut session =
                script_setup.session(form, config::load_read_only(ui.config.as_deref()));
            session.resize(flow.width, flow.height);
            let (result, frame) = script::run(&mut session, &steps);
            if let Some(path) = &flow.frame_out {
                write_text(Some(path), "frame file", &frame.to_plain_text())?;
            }
            // A script that ends before the form does is a dismissal.
            let dismissed = session.flow().dismissed() || !session.flow().is_done();
            return sink.finish(&result, dismissed);
        }
        interactive(sink, form, root)
    }
}

/// Reads `--prefill FILE`: a tool result or its `details`.
fn read_prefill(path: &Path) -> Result<AskDetails, CliError> {
    let text = crate::io::read_file(path, "prefill file")?;
    let bad = |why: String| {
        CliError::new(
            Exit::DataErr,
            format!(
                "--prefill '{}' is not an ask_user result ({why}); expected the result ask writes, \
                 {{\"content\": [...], \"details\": {{...}}}}, or its details",
                path.display()
            ),
        )
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|err| bad(err.to_string()))?;
    let details = value.get("details").cloned().unwrap_or(value);
    serde_json::from_value(details).map_err(|err| bad(err.to_string()))
}

/// Where a finished form goes: the tool result, or for `--elicitation` the MCP result
/// (as the setup says).
#[derive(Clone, Copy)]
pub(crate) struct Sink<'a> {
    ui: &'a UiArgs,
    setup: &'a Setup,
}

impl Sink<'_> {
    /// Writes a finished result; `dismissed` tells a dismiss from the review's Cancel.
    fn finish(self, result: &AskResult, dismissed: bool) -> CliResult {
        self.finish_keeping(result, dismissed, None)
    }

    /// [`Sink::finish`], pointing at the kept draft when the result cannot be written.
    fn finish_keeping(
        self,
        result: &AskResult,
        dismissed: bool,
        draft: Option<&Path>,
    ) -> CliResult {
        match self.setup.elicitation() {
            None => super::draft::finish_keeping(self.ui, result, draft),
            Some(_) => crate::cmd::elicit::finish(self.ui, self.setup, result, dismissed),
        }
    }

    /// No terminal to ask on.
    fn no_terminal(self, form: &AskForm) -> CliResult {
        match self.setup.elicitation() {
            None => non_interactive(self.ui, form),
            Some(_) => crate::cmd::elicit::no_terminal(self.ui),
        }
    }
}

/// Opens the UI on the controlling terminal, or falls back to the
/// non-interactive result when there is none.
pub(crate) fn interactive(sink: Sink<'_>, form: AskForm, root: PathBuf) -> CliResult {
    let ui = sink.ui;
    let setting = || {
        config::load_read_only(ui.config.as_deref())
            .config()
            .behaviour
            .accessible
    };
    if ui.remote.web_only {
        let signals = term::Signals::install();
        return web_only(sink, form, &signals);
    }
    if accessible(ui, is_dumb_terminal(), setting) {
        let signals = term::Signals::install();
        return accessible_mode(sink, form, root, &signals);
    }
    // First of all, so a signal during start-up ends with the cancelled result.
    let signals = term::Signals::install();
    let Some(tty) = Tty::open() else {
        return sink.no_terminal(&form);
    };
    let loaded = config::load(ui.config.as_deref());
    let layout = ui.layout.layout(loaded.config().behaviour.inline);
    let mut session = sink
        .setup
        .clone()
        .completions(Some(Completions::Background(root)))
        .host_features(term::FEATURES)
        .session(form, loaded);
    warn_draft_notices(&session);
    // The hand-off guard `ask mcp` asks for (`--early-keys-ms`), unless the person set
    // their own ignoreEarlyKeysMs.
    let behaviour = *session.flow().behaviour();
    if let Some(ms) = ui.early_keys_ms.filter(|_| {
        behaviour.ignore_early_keys_ms == ask_keymap::behaviour::DEFAULT_IGNORE_EARLY_KEYS_MS
    }) {
        session.command(ask_state::Command::ApplyBehaviour(
            behaviour.with_ignore_early_keys_ms(ms),
        ));
    }
    let remote = crate::remote::Remote::start(
        &ui.remote,
        &mut session,
        &mut crate::remote::terminal_writer(),
    )?;
    let color = ui.color.enabled();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        term::run_ui(
            &mut session,
            tty,
            color,
            layout,
            ui.remote.host_peek,
            &signals,
        )
    }));
    let Ok(ended) = ran else {
        // A bug. The panic hook restored the terminal and printed the report; the
        // answers given so far are still written, as a cancelled result.
        let cancelled = session.cancelled();
        remote.finish(&mut session, &cancelled);
        sink.finish(&cancelled, true)?;
        return Err(CliError::new(
            Exit::Cancelled,
            "internal error (please report it): the answers so far were written as a cancelled result",
        ));
    };
    let ended = ended.unwrap_or_else(|err| hang_up(&err, &session));
    let (result, dismissed) = match ended {
        Ended::Done(Some(result)) => (result, session.flow().dismissed()),
        Ended::Signal(result) => (result, true),
        Ended::Done(None) => (session.cancelled(), true),
        Ended::Unavailable => {
            let result = AskResult::non_interactive(session.form());
            remote.finish(&mut session, &result);
            return sink.no_terminal(session.form());
        }
    };
    // The draft goes only once the result is stored, and only when the form was ended
    // by the user or a remote client (a signal or a closed terminal keeps it for
    // `--resume`). Asked before the control clients are told: telling them records the
    // result in the session.
    let ended_by_user = session.result().is_some();
    remote.finish(&mut session, &result);
    if let Some(line) = crate::remote::answered_elsewhere(&result, session.flow().locale()) {
        crate::remote::tell_terminal(line);
    }
    let exit = sink.finish_keeping(&result, dismissed, session.draft_path())?;
    if ended_by_user {
        session.discard_draft();
    }
    Ok(exit)
}

/// A terminal that cannot be written any more (EIO, EPIPE: it went away, or it stopped
/// reading) is a hang-up: the cancelled result with the answers given so far.
pub(crate) fn hang_up(err: &std::io::Error, session: &Session) -> Ended {
    crate::exit::warn(&format!(
        "the terminal went away ({err}); the answers so far are written as a cancelled result"
    ));
    Ended::Signal(session.cancelled())
}

/// Says on stderr why a draft was not restored or will not be saved.
fn warn_draft_notices(session: &Session) {
    for notice in session.notices() {
        if matches!(
            notice,
            ask_host::Notice::DraftNotRestored(_) | ask_host::Notice::DraftNotSaved(_)
        ) {
            crate::exit::warn(&notice.to_string());
        }
    }
}

/// `--web-only`: the browser form alone, no terminal: the same setup as the terminal's
/// (the draft, the elicitation rules and output), without terminal features.
fn web_only(sink: Sink<'_>, form: AskForm, signals: &term::Signals) -> CliResult {
    let ui = sink.ui;
    let session = sink.setup.session(form, config::load(ui.config.as_deref()));
    warn_draft_notices(&session);
    let ended = crate::remote::headless(&ui.remote, session, signals)?;
    let mut session = ended.session;
    // As on the terminal: the draft goes once the result is stored after the person (or a
    // client) ended the form; a signal or a shut link keeps it for `--resume`.
    let dismissed = !ended.by_flow || session.flow().dismissed();
    let exit = sink.finish_keeping(&ended.result, dismissed, session.draft_path())?;
    if ended.by_flow {
        session.discard_draft();
    }
    Ok(exit)
}

/// Whether the form runs in the accessible mode: `--accessible` or
/// `--no-accessible` decide; without either, a terminal that cannot do more
/// (`TERM=dumb`), else the `accessible` behaviour setting (read only when needed).
fn accessible(ui: &UiArgs, dumb_terminal: bool, setting: impl FnOnce() -> bool) -> bool {
    if ui.accessible || ui.no_accessible {
        return ui.accessible;
    }
    dumb_terminal || setting()
}

/// `TERM=dumb`: a terminal without cursor addressing.
fn is_dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
}

/// The form in the accessible mode on the controlling terminal: the terminal's session
/// (the timeout, draft, elicitation rules, path checks under `root`, `--web` and
/// `--control`), asked line by line; signals end it through the binary's own handlers.
fn accessible_mode(
    sink: Sink<'_>,
    form: AskForm,
    root: PathBuf,
    signals: &term::Signals,
) -> CliResult {
    let ui = sink.ui;
    let Ok((tty, output)) = term::open_lines() else {
        return sink.no_terminal(&form);
    };
    let mut session = (sink.setup.clone())
        .completions(Some(Completions::Background(root)))
        .session(form, config::load(ui.config.as_deref()));
    // Through the writer thread, as the full form: a terminal that stops reading never
    // holds up a signal.
    let mut output = term::TermOut::new(output);
    let remote = crate::remote::Remote::start(&ui.remote, &mut session, &mut output)?;
    let controller = session.controller();
    signals.wake_on_signal(move || controller.wake());
    let mut ask = ask_host::accessible::Accessible::new(session).resumed(ui.resume);
    ask.run(tty, &mut output, || signals.terminated().is_some());
    output.drain(std::time::Duration::from_millis(300));
    let mut session = ask.into_session();
    // The draft goes only when the form was ended by the user, a client or the clock; a
    // signal, the end of input or a closed terminal keep it for `--resume`.
    let ended_by_user = session.result().is_some();
    let result = session.result_or_cancelled();
    let dismissed = !ended_by_user || session.flow().dismissed();
    remote.finish(&mut session, &result);
    let exit = sink.finish_keeping(&result, dismissed, session.draft_path())?;
    if ended_by_user {
        session.discard_draft();
    }
    Ok(exit)
}

/// The folder `@` completion lists: `--cwd`, else the current folder.
pub(crate) fn completion_root(cwd: Option<&Path>) -> Result<PathBuf, CliError> {
    match cwd {
        Some(dir) if dir.is_dir() => Ok(dir.to_path_buf()),
        Some(dir) => Err(CliError::usage(format!(
            "--cwd '{}' is not a folder; pass the folder @ completion should list",
            dir.display()
        ))),
        None => Ok(std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))),
    }
}

/// `--answers FILE`: the result the UI would give for these answers, no UI. Path answers
/// are looked up under `root` (`--cwd`) for `mustExist` and `pathKind`, as the form does.
fn scripted_answers(sink: Sink<'_>, form: &AskForm, path: &Path, root: &Path) -> CliResult {
    let text = read_input(Some(path), "answers file")?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|err| {
        CliError::new(
            Exit::DataErr,
            format!("answers file '{}' is not valid JSON: {err}", path.display()),
        )
    })?;
    let mut lookup = |p: &str| Some(ask_host::files::path_status_under(root, p));
    let mut result =
        ask_state::scripted::scripted_result_with(form, &value, &mut lookup).map_err(|err| {
            CliError::new(
                Exit::DataErr,
                format!("answers file '{}': {err}", path.display()),
            )
        })?;
    result.details.answered_via = Some(ask_contract::result::AnsweredVia::Scripted);
    // `"mode": "cancel"` is the review's Cancel: an explicit decline.
    sink.finish(&result, false)
}

/// Writes the "Needs user input" result and exits 3.
fn non_interactive(ui: &UiArgs, form: &AskForm) -> CliResult {
    write_result(ui.output.as_deref(), &AskResult::non_interactive(form))?;
    Ok(Exit::NoTerminal)
}

/// Writes a finished result and picks the exit status from it.
pub(crate) fn finish(ui: &UiArgs, result: &AskResult) -> CliResult {
    write_result(ui.output.as_deref(), result)?;
    Ok(exit_for(result))
}

/// 2 for an invalid payload, 1 for a cancelled flow, 0 otherwise.
pub(crate) fn exit_for(result: &AskResult) -> Exit {
    if result.details.error.is_some() {
        Exit::InvalidPayload
    } else if result.details.cancelled {
        Exit::Cancelled
    } else {
        Exit::Completed
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::accessible;
    use crate::cli::{Cli, Command};

    /// The mode `ask run ARGS` picks on a terminal that is (or not) dumb with the
    /// setting on or off.
    fn mode(args: &[&str], dumb: bool, setting: bool) -> bool {
        let cli = Cli::try_parse_from(["ask", "run"].iter().chain(args)).expect("valid flags");
        let Command::Run(run) = cli.command else {
            unreachable!("parsed as run")
        };
        accessible(&run.ui, dumb, || setting)
    }

    #[test]
    fn the_flag_wins_then_term_dumb_then_the_setting() {
        for (dumb, setting) in [(false, false), (true, false), (false, true), (true, true)] {
            assert!(mode(&["--accessible"], dumb, setting));
            assert!(!mode(&["--no-accessible"], dumb, setting));
            assert_eq!(mode(&[], dumb, setting), dumb || setting);
        }
        // The last of the two flags counts, so a wrapper's default can be overridden.
        assert!(mode(&["--no-accessible", "--accessible"], false, false));
        assert!(!mode(&["--accessible", "--no-accessible"], true, true));
    }

    #[test]
    fn the_setting_is_not_read_when_a_flag_or_term_decides() {
        let cli = Cli::try_parse_from(["ask", "run", "--no-accessible"]).expect("valid flags");
        let Command::Run(run) = cli.command else {
            unreachable!("parsed as run")
        };
        assert!(!accessible(&run.ui, true, || unreachable!("setting read")));
        let cli = Cli::try_parse_from(["ask", "run"]).expect("valid flags");
        let Command::Run(run) = cli.command else {
            unreachable!("parsed as run")
        };
        assert!(accessible(&run.ui, true, || unreachable!("setting read")));
    }
}
