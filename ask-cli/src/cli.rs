//! Command-line arguments (clap). Only parsing lives here; each subcommand's
//! behaviour is in its own file under `cmd/`.
// Doc comments here are the `--help` text users read: env var names stay bare.
#![allow(clippy::doc_markdown)]

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::term::{InlineHeight, Layout};

const ABOUT: &str =
    "Ask the user structured questions in the terminal and return their answers as JSON.";

const MAIN_AFTER: &str = "\
Examples:
  ask run --input examples/single.json --output answer.json
  ask validate --input payload.json
  ask run --no-ui < payload.json          # no terminal: the 'Needs user input' result, exit 3

The UI draws on the controlling terminal (/dev/tty), so stdin and stdout stay free
for the payload and the result. It opens inline, under the current line, so the
text above (the conversation that led to the questions) stays on screen;
--inline=ROWS or --inline=PCT% caps its height, --fullscreen uses the whole screen.

Exit codes: 0 completed, 1 cancelled, 2 invalid payload, 3 no interactive terminal,
4 nothing to replay or extract, 64 usage error, 65 answers that do not fit the form,
66 input not readable, 74 I/O error. A result is always written for 0-3.";

const RUN_AFTER: &str = "\
Keys in the form (defaults; the footer shows the live ones): up/down move, Enter select
(on multi-select: next), Space toggle, 1-9 pick an option, Tab/Shift+Tab or left/right
change tabs, n option note, Shift+N question note, / filter a long list, t switch the
question between single- and multi-select (the footer says `t multi` or `t single`, the
type it switches to), PgUp/PgDn scroll a preview, ? settings, Esc cancel, Ctrl+C
dismiss, Alt+O fold the form to one line. Keys typed within 150 ms of the form opening
are ignored (behaviour.ignoreEarlyKeysMs).

Examples:
  ask run --input examples/multi.json --output result.json
  cat payload.json | ask run > result.json
  ask run --input p.json --no-ui                             # the non-interactive result, exit 3
  ask run --input p.json --answers answers.json              # scripted answers, no UI
  ask run --input p.json --script '[\"down\", \"enter\", \"1\", \"1\"]' --frame-out frame.txt
  ask run --input p.json --script @keys.json --width 80 --height 24
  ask run --input p.json --inline=40%                        # inline, at most 40% of the rows
  ask run --input p.json --fullscreen                        # the alternate screen

Inline (the default; the behaviour setting \"inline\" turns it off): the form opens
under the current line of the normal screen, as tall as it needs (at most the
terminal height minus 2, or --inline=ROWS / --inline=PCT%). It makes room by
scrolling the text above up, never by clearing it: the terminal's scrollback keeps
everything. On exit (submit, cancel, a signal, a crash) its rows are erased and
the cursor is left at the start of its first row. alt+o (the peek key) folds it
to one line while you read or scroll the conversation; alt+o again brings it back.
--fullscreen draws on the alternate screen instead, as full-screen programs do.

Scripted answers (--answers):
  {\"mode\": \"submit\", \"answers\": {\"db\": {\"values\": [\"pg\"], \"note\": \"keep it simple\"}}}
  mode is submit, elaborate or cancel; per question: values or indices (1-based),
  customText, note, optionNotes {\"<value>\": \"<note>\"}, and presentedType
  (\"multi\" answers a single or preview question with several options, as the UI's
  type switch allows).

Script steps (--script): key ids such as \"down\", \"space\", \"enter\", \"shift+tab\",
\"ctrl+c\", \"n\", \"2\", \"/\" (opens the filter); {\"text\": \"typed text\"};
{\"paste\": \"pasted text\"}; {\"resize\": [cols, rows]}. A script that ends before
the flow completes is a dismissal (exit 1).

Exit codes: 0 completed, 1 cancelled, 2 invalid payload, 3 no terminal,
65 answers or script that do not fit the form, 66 input not readable, 74 I/O error.";

const EXTRACT_AFTER: &str = "\
Examples:
  ask extract --session s.jsonl                        # the first model request
  ask extract --session s.jsonl --response r1.txt      # after the model replied r1.txt
  ask extract --session s.jsonl --leaf 4f2a --response r1.txt --response r2.txt

Prints one JSON object and exits 0:
  {\"status\": \"request\", \"assistantEntryId\", \"attempt\", \"request\": {\"systemPrompt\", \"userText\"}}
  {\"status\": \"form\", \"assistantEntryId\", \"params\"}     (validated, freeform allowed)
  {\"status\": \"no_questions\", \"assistantEntryId\"}
  {\"status\": \"failed\", \"error\"}   (no assistant message, it did not end with stop,
                                   or the retries in answer.extractionRetries are spent)
Send each request to a model, save its reply, and run the step again with every
reply so far. Exit 66 when the session or a response file cannot be read.";

const ANSWER_AFTER: &str = "\
Examples:
  ask answer --session s.jsonl --completer './complete.sh' --output result.json
  ask answer --session s.jsonl --leaf 4f2a --completer 'python3 my_model.py' --no-ui
  ask answer --session s.jsonl --completer ./complete.sh --answers answers.json
  ask answer --session s.jsonl --completer ./complete.sh --script '[\"1\", \"1\"]'

CMD runs under sh -c once per attempt with {\"systemPrompt\", \"userText\", \"attempt\"}
on stdin and prints the model's reply on stdout. It is killed (with everything it
started) after answer.extractionTimeoutMs; a killed or failing CMD counts as an
empty reply, which is retried up to answer.extractionRetries times. The form is
then answered as by ask run (UI, --script, --answers or --no-ui).

Exit codes: 0 completed, 1 cancelled (the cancelled result is written), 3 no
terminal, 4 no questions found, a message that did not end with stop, or
extraction failed (reason on stderr), 64 usage or unknown --leaf, 65 answers that
do not fit the form, 66 session not readable, 74 I/O error.";

const ANSWER_AGAIN_AFTER: &str = "\
Examples:
  ask answer-again --session s.jsonl --output result.json
  ask answer-again --session s.jsonl --leaf 4f2a --answers answers.json

Reopens the latest still-valid form stored by /answer (ask:payload entry with
source answer-extraction) on the branch ending at --leaf (default: the last entry);
sibling branches are ignored. Free-form questions are allowed. Answered as by ask run.

Exit codes as for ask run, plus 4 when the branch holds no such form or only
invalid ones (reason on stderr), 64 for an unknown --leaf, 66 session not readable.";

const REPLAY_AFTER: &str = "\
Examples:
  ask replay --session s.jsonl --leaf 4f2a --output result.json
  ask replay --session s.jsonl --script '[\"2\", \"1\", \"1\"]' --frame-out frame.txt
  ask replay --session s.jsonl --print-form          # the stored form as JSON, no UI

Reopens the latest still-valid ask_user form (ask:payload entry with source tool)
on the branch ending at --leaf (default: the last entry); sibling branches are
ignored. Answered as by ask run.

Exit codes as for ask run, plus 4 when the branch holds no such form or only
invalid ones (reason on stderr), 64 for an unknown --leaf, 66 session not readable.";

/// `ask`: the `ask_user` terminal program.
#[derive(Debug, Parser)]
#[command(name = "ask", version, about = ABOUT, after_help = MAIN_AFTER)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Ask the questions of a payload and write the tool result.
    #[command(after_help = RUN_AFTER)]
    Run(RunArgs),
    /// Check a payload: print the normalized form, or the invalid-payload result (exit 2).
    ///
    /// Either is pretty-printed when stdout is a terminal, and one compact line of JSON
    /// when it is not (a pipe or a file).
    #[command(
        after_help = "Output: pretty-printed JSON on a terminal, one compact line of JSON when stdout is a pipe or a file.\n\nExamples:\n  ask validate --input payload.json\n  echo '{\"questions\": []}' | ask validate   # exit 2, issues listed"
    )]
    Validate(ValidateArgs),
    /// Print the JSON Schema of the tool input (or, with --control, of the control protocol).
    #[command(after_help = "Example:\n  ask schema > ask_user.schema.json")]
    Schema(SchemaArgs),
    /// One step of /answer extraction from a pi session: prints the next model request or the form.
    #[command(after_help = EXTRACT_AFTER)]
    Extract(ExtractArgs),
    /// The whole /answer flow: extract questions from the last assistant message, then ask them.
    #[command(after_help = ANSWER_AFTER)]
    Answer(AnswerArgs),
    /// Reopen the latest /answer form on the session branch.
    #[command(name = "answer-again", after_help = ANSWER_AGAIN_AFTER)]
    AnswerAgain(SessionRunArgs),
    /// Reopen the latest ask_user form on the session branch.
    #[command(after_help = REPLAY_AFTER)]
    Replay(SessionRunArgs),
    /// Open the settings overlay on its own, or print where the settings live.
    #[command(
        after_help = "Examples:\n  ask settings                # toggle behaviours in the terminal\n  ask settings --accessible   # the same as numbered plain lines\n  ask settings --path         # print the absolute config path\n  ask settings --json         # print the resolved settings"
    )]
    Settings(SettingsArgs),
    /// Print the transcript text of a tool result (for hosts that show it).
    #[command(
        name = "render-result",
        after_help = "Example:\n  ask run --input p.json | ask render-result"
    )]
    RenderResult(RenderResultArgs),
    /// Serve the ask_user tool over the Model Context Protocol (stdio, or --http).
    #[command(after_help = MCP_AFTER)]
    Mcp(McpArgs),
}

const MCP_AFTER: &str = "\
Examples:
  claude mcp add ask -- ask mcp                  # Claude Code, stdio
  ask mcp --launch 'tmux new-window -n ask'      # forms in a new tmux window, waited for
  ask mcp --http 127.0.0.1:8765                  # Streamable HTTP at http://127.0.0.1:8765/mcp

How a form reaches the person (--ui auto tries them in this order):
  popup   a tmux popup over the harness's pane, when $TMUX is set (tmux 3.3 or later)
  launch  --launch CMD or the setting \"mcp\": {\"launch\": \"CMD\"}: CMD with the
          'ask run ...' command line appended (a new window, a floating pane, an overlay)
  web     the browser form (every feature of the terminal form), served on loopback by
          this server; its link goes to the client as a URL-mode elicitation (MCP
          2025-11-25), when the client supports that: the client asks and opens it
  elicit  the client's own form (MCP form elicitation), when the client supports it
  web     last: the browser opened here on the link, when this machine has a desktop
          (macOS, Windows, or $DISPLAY/$WAYLAND_DISPLAY with xdg-open)
  none    the 'Needs user input' result, which names these options
--ui web uses URL-mode elicitation when the client supports it, else opens the browser
(and prints the link on stderr either way it opens here).
tty (the form on the controlling terminal) runs only with --ui tty: over stdio the
harness owns the terminal, so the server never draws on it or reads its keys.

One form at a time: parallel calls wait in order. A call cancelled by the client
closes its form (the result keeps what was answered); stdin closing or SIGTERM closes
every form. Each form keeps a draft under $XDG_STATE_HOME/ask-user/mcp, so the same
questions asked again resume.

--http serves loopback only (--allow-remote for any address); every request needs
the bearer token printed once on stderr with the URL; Host and Origin are checked;
request bodies are capped at 16 MiB.";

/// How `ask mcp` shows forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum McpUi {
    /// The first that works: popup, launch, web (URL elicitation), elicit, web (the
    /// browser opened here), none.
    #[default]
    Auto,
    /// A tmux popup over the harness's pane ($TMUX).
    Popup,
    /// The --launch command (or the mcp.launch setting).
    Launch,
    /// The browser form: by URL-mode elicitation, else the browser opened here.
    Web,
    /// The client's own form (MCP elicitation).
    Elicit,
    /// The controlling terminal (only when asked for).
    Tty,
    /// No form: the 'Needs user input' result.
    None,
}

/// `ask mcp`.
#[derive(Debug, Args)]
pub(crate) struct McpArgs {
    /// How forms reach the person.
    #[arg(long, value_enum, default_value_t = McpUi::Auto, value_name = "HOW")]
    pub(crate) ui: McpUi,
    /// Launcher: run CMD with the 'ask run ...' command line appended to show a form
    /// (overrides the setting mcp.launch). Example: --launch 'tmux new-window -n ask'
    #[arg(long, value_name = "CMD")]
    pub(crate) launch: Option<String>,
    /// Serve Streamable HTTP on ADDR (host:port; port 0 picks one) instead of stdio.
    #[arg(long, value_name = "ADDR")]
    pub(crate) http: Option<String>,
    /// With --http: listen on a non-loopback address and accept any Host header.
    #[arg(long, requires = "http")]
    pub(crate) allow_remote: bool,
    /// Settings file (default: $ASK_CONFIG, else the platform config folder), read for
    /// mcp.launch and given to every form.
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    /// Answer later: when a call declares the MCP tasks extension, run the ask as a task
    /// the client polls, kept in the state folder across restarts, so the agent can carry
    /// on while the person answers. Off by default: the call then waits for the answer.
    #[arg(long)]
    pub(crate) answer_later: bool,
}

/// `--input FILE|-`.
#[derive(Debug, Args)]
pub(crate) struct InputArgs {
    /// Read from FILE (`-` or absent: stdin).
    #[arg(long, short, value_name = "FILE")]
    pub(crate) input: Option<PathBuf>,
}

/// `ask render-result`.
#[derive(Debug, Args)]
pub(crate) struct RenderResultArgs {
    /// The result.
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// Print the text of a user message carrying the answers instead of the transcript
    /// (hosts that send a command's answers back as a message): one `<question> ->
    /// <answers>` line per question. `replay` starts with a line saying the answers replace
    /// the earlier ones; `resume`, that they answer questions left open when the session
    /// stopped.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) message: Option<MessageKindArg>,
    /// With the transcript: name the host command that reopens a cancelled form
    /// (`Cancelled - CMD reopens it`). Example: --reopen /ask:replay
    #[arg(long, value_name = "CMD", conflicts_with = "message")]
    pub(crate) reopen: Option<String>,
}

/// `--message KIND`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum MessageKindArg {
    /// Answers to questions found in the agent's message (/answer).
    Answer,
    /// A form answered again: the answers replace the earlier ones.
    Replay,
    /// A form left open when the session stopped.
    Resume,
}

/// `ask validate`.
#[derive(Debug, Args)]
pub(crate) struct ValidateArgs {
    /// Read the payload from FILE (`-` or absent: stdin).
    #[arg(long, short, value_name = "FILE")]
    pub(crate) input: Option<PathBuf>,
    /// Accept `"freeform": true` options: the one-option "type your answer" questions that
    /// /answer extraction writes. Payloads from agents never need it (the tool schema has
    /// no such option), so without this flag one is an invalid payload.
    #[arg(long)]
    pub(crate) allow_freeform: bool,
}

/// When to colour the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub(crate) enum ColorChoice {
    /// Colours unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Colours even with `NO_COLOR`.
    Always,
    /// No colours.
    Never,
}

impl ColorChoice {
    /// Whether to use colours: `--color always|never`, else on unless `NO_COLOR` is set
    /// (non-empty).
    pub(crate) fn enabled(self) -> bool {
        match self {
            Self::Always => true,
            Self::Never => false,
            Self::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }
}

/// Where the UI is drawn: `--inline[=ROWS|PCT%]` or `--fullscreen`.
#[derive(Debug, Args, Clone, Copy)]
pub(crate) struct LayoutArgs {
    /// Draw inline under the current line, keeping the text above on screen (the default
    /// unless the `inline` setting is off); ROWS or PCT% caps the height (default: as tall
    /// as the form needs, at most the terminal height minus 2).
    #[arg(
        long,
        value_name = "ROWS|PCT%",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "auto",
        conflicts_with = "fullscreen",
        value_parser = crate::term::parse_inline_height
    )]
    pub(crate) inline: Option<InlineHeight>,
    /// Draw on the alternate screen (the whole terminal; the text above is hidden meanwhile).
    #[arg(long)]
    pub(crate) fullscreen: bool,
    /// Inline: leave ROWS rows above the form on screen (the host's text that led to the
    /// questions), so the form takes at most the rest, but never fewer than 8 rows; a form
    /// cut to fit says `↑ more above` or `↓ more below`. Ignored full screen.
    #[arg(long, value_name = "ROWS", default_value_t = 0)]
    pub(crate) keep_above: u16,
}

impl LayoutArgs {
    /// The layout the flags ask for; without either flag, inline when
    /// `inline_setting` is on (the behaviour setting), else full screen.
    pub(crate) fn layout(self, inline_setting: bool) -> Layout {
        match (self.inline, self.fullscreen) {
            (Some(height), false) => Layout::Inline {
                height,
                keep_above: self.keep_above,
            },
            (None, false) if inline_setting => Layout::Inline {
                height: InlineHeight::Auto,
                keep_above: self.keep_above,
            },
            _ => Layout::Fullscreen,
        }
    }
}

/// Options shared by everything that opens the UI.
#[derive(Debug, Args, Clone)]
pub(crate) struct UiArgs {
    /// Write the tool result to FILE (absent or -: stdout). A regular file or a new path
    /// is replaced atomically (written beside it, then renamed over it); a FIFO, a device
    /// such as /dev/null, /dev/stdout or /dev/fd/N is written into as it is, never replaced.
    #[arg(long, short, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Settings file. Without it, the first of: $ASK_CONFIG;
    /// $PI_CODING_AGENT_DIR/extensions/ask-user.json when PI_CODING_AGENT_DIR is set;
    /// $XDG_CONFIG_HOME/ask-user/config.json; %APPDATA%\ask-user\config.json on Windows;
    /// ~/.config/ask-user/config.json (~/Library/Application Support/ask-user/config.json on
    /// macOS without XDG_CONFIG_HOME). `ask settings --path` prints the one in use.
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    /// Root folder for `@` file completion (default: the current folder).
    #[arg(long, value_name = "DIR")]
    pub(crate) cwd: Option<PathBuf>,
    /// Colours: auto honours NO_COLOR.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(crate) color: ColorChoice,
    /// Inline or full screen.
    #[command(flatten)]
    pub(crate) layout: LayoutArgs,
    /// Accessible mode: one question at a time as plain lines, answers typed on a line
    /// (no cursor movement, no colours; for screen readers and dumb terminals). Without
    /// --accessible or --no-accessible it is on when TERM=dumb or the behaviour setting
    /// "accessible" is true. --timeout, --draft, --web and --control work as in the full
    /// form. Type ? in it for help.
    #[arg(long, overrides_with = "no_accessible")]
    pub(crate) accessible: bool,
    /// The full form even when TERM=dumb or the "accessible" setting is on.
    #[arg(long, overrides_with = "accessible")]
    pub(crate) no_accessible: bool,
    /// Close the form after SECS seconds without a key (every key restarts the clock; the
    /// last 60 s show a countdown). It ends as cancelled with details.timedOut, keeps what
    /// was answered and picks nothing for the user. 0 turns off the idleTimeoutSeconds
    /// setting. The accessible mode ignores it (and the setting): a screen-reader user
    /// is never timed out. Example: --timeout 300
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(0..=ask_keymap::behaviour::MAX_IDLE_TIMEOUT_SECONDS))]
    pub(crate) timeout: Option<u64>,
    /// The early-key guard for this form, in milliseconds, when the settings keep the
    /// default (150): keys and pastes within MS of the form's first paint are dropped.
    /// `ask mcp` passes 600 to its popup and launcher forms, which open right after the
    /// harness's own prompt (a permission dialog): a key meant for that prompt must not
    /// answer the form. A behaviour.ignoreEarlyKeysMs setting of your own wins.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(0..=ask_keymap::behaviour::MAX_IGNORE_EARLY_KEYS_MS))]
    pub(crate) early_keys_ms: Option<u64>,
    /// Keep a draft of the answers, notes, editor text and tab in FILE while the form is
    /// open (saved at most every 500 ms and on every tab change, in the accessible mode
    /// after every line; deleted once the result of a normal end is written, kept after a
    /// kill, a closed terminal, a crash or a result that could not be written). Both modes
    /// read and write the same drafts. FILE must be a new path or a draft: ask writes over
    /// and deletes it, so any other file (the payload, the result, the settings), a FIFO,
    /// a device or a folder is refused. Not with --script (a headless run keeps no draft:
    /// usage error).
    #[arg(long, value_name = "FILE")]
    pub(crate) draft: Option<PathBuf>,
    /// Reopen the form with the --draft FILE restored when it was made for the same
    /// questions (otherwise start fresh and say why). Example: --resume --draft d.json
    #[arg(long, requires = "draft")]
    pub(crate) resume: bool,
    /// Open the form with the answers of an earlier result for the same questions
    /// (a tool result {"content", "details"} or its details, as ask writes them) already
    /// given: a replay shows what was answered last time and the notice line says
    /// `prefilled from your last answers`. Nothing is submitted for the user: they
    /// confirm as usual. Answers that no longer fit the form are left out (the notice
    /// says which). With --resume, a restored draft wins over it.
    /// Example: --prefill last-result.json
    #[arg(long, value_name = "FILE")]
    pub(crate) prefill: Option<PathBuf>,
    /// Answering from elsewhere: a control socket, a browser form.
    #[command(flatten)]
    pub(crate) remote: crate::remote::RemoteArgs,
}

/// `ask schema`.
#[derive(Debug, Args)]
pub(crate) struct SchemaArgs {
    /// The schema of the control protocol (`ask run --control`) instead of the tool input.
    #[arg(long)]
    pub(crate) control: bool,
}

/// `ask run`.
#[derive(Debug, Args)]
pub(crate) struct RunArgs {
    /// Read the payload from FILE (`-` or absent: stdin).
    #[arg(long, short, value_name = "FILE")]
    pub(crate) input: Option<PathBuf>,
    /// Shared UI options.
    #[command(flatten)]
    pub(crate) ui: UiArgs,
    /// How the form is answered: UI, script, scripted answers or none.
    #[command(flatten)]
    pub(crate) flow: FlowArgs,
    /// Accept `"freeform": true` options: the one-option "type your answer" questions that
    /// /answer extraction writes. Payloads from agents never need it (the tool schema has
    /// no such option), so without this flag one is an invalid payload.
    #[arg(long)]
    pub(crate) allow_freeform: bool,
    /// Show an MCP `elicitation/create` form request from FILE (the JSON-RPC message or its
    /// params) instead of a payload, and write the MCP elicitation result (`accept` with
    /// `content`, `decline` on Cancel, `cancel` on dismiss) instead of the tool result.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["input", "allow_freeform"])]
    pub(crate) elicitation: Option<PathBuf>,
}

/// How a form is answered, shared by `run`, `answer`, `answer-again` and `replay`.
#[derive(Debug, Args, Clone)]
pub(crate) struct FlowArgs {
    /// Do not open the UI: write the non-interactive result and exit 3.
    #[arg(long, conflicts_with_all = ["answers", "script"])]
    pub(crate) no_ui: bool,
    /// Answer from FILE (scripted answers JSON) instead of opening the UI.
    #[arg(long, value_name = "FILE", conflicts_with = "script")]
    pub(crate) answers: Option<PathBuf>,
    /// Drive the UI headlessly with a JSON array of steps, inline or @FILE.
    #[arg(long, value_name = "JSON|@FILE")]
    pub(crate) script: Option<String>,
    /// Headless frame width.
    #[arg(long, value_name = "N", default_value_t = 80, value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) width: u16,
    /// Headless frame height.
    #[arg(long, value_name = "N", default_value_t = 24, value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) height: u16,
    /// Write the last headless frame as plain text to FILE (-: stdout). A regular file or a
    /// new path is replaced atomically; a FIFO or a device is written into as it is.
    #[arg(long, value_name = "FILE", requires = "script")]
    pub(crate) frame_out: Option<PathBuf>,
}

/// `--session FILE [--leaf ID]`.
#[derive(Debug, Args, Clone)]
pub(crate) struct SessionArgs {
    /// The pi session file (JSONL).
    #[arg(long, value_name = "FILE")]
    pub(crate) session: PathBuf,
    /// Entry id of the branch leaf (default: the last entry).
    #[arg(long, value_name = "ID")]
    pub(crate) leaf: Option<String>,
}

/// `ask extract`.
#[derive(Debug, Args)]
pub(crate) struct ExtractArgs {
    /// Session and branch.
    #[command(flatten)]
    pub(crate) session: SessionArgs,
    /// A model reply from an earlier step, oldest first (repeat the flag).
    #[arg(long, value_name = "FILE")]
    pub(crate) response: Vec<PathBuf>,
    /// Settings file (for answer.extractionRetries).
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
}

/// `ask answer`.
#[derive(Debug, Args)]
pub(crate) struct AnswerArgs {
    /// Session and branch.
    #[command(flatten)]
    pub(crate) session: SessionArgs,
    /// Shell command that answers one model request (JSON on stdin, reply on stdout).
    #[arg(long, value_name = "CMD")]
    pub(crate) completer: String,
    /// Shared UI options.
    #[command(flatten)]
    pub(crate) ui: UiArgs,
    /// How the form is answered.
    #[command(flatten)]
    pub(crate) flow: FlowArgs,
}

/// `ask answer-again` and `ask replay`.
#[derive(Debug, Args)]
pub(crate) struct SessionRunArgs {
    /// Session and branch.
    #[command(flatten)]
    pub(crate) session: SessionArgs,
    /// Shared UI options.
    #[command(flatten)]
    pub(crate) ui: UiArgs,
    /// How the form is answered.
    #[command(flatten)]
    pub(crate) flow: FlowArgs,
    /// Print the stored form (normalized payload JSON) instead of asking it, for hosts
    /// that draw their own dialogs; exit 0, or 4 when there is none.
    #[arg(long)]
    pub(crate) print_form: bool,
}

/// `ask settings`.
#[derive(Debug, Args)]
pub(crate) struct SettingsArgs {
    /// Print the absolute config path and exit.
    #[arg(long, conflicts_with = "json")]
    pub(crate) path: bool,
    /// Print the resolved settings as JSON and exit.
    #[arg(long)]
    pub(crate) json: bool,
    /// Settings file. Without it, the first of: $ASK_CONFIG;
    /// $PI_CODING_AGENT_DIR/extensions/ask-user.json when PI_CODING_AGENT_DIR is set;
    /// $XDG_CONFIG_HOME/ask-user/config.json; %APPDATA%\ask-user\config.json on Windows;
    /// ~/.config/ask-user/config.json (~/Library/Application Support/ask-user/config.json on
    /// macOS without XDG_CONFIG_HOME). `ask settings --path` prints the one in use.
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    /// Colours: auto honours NO_COLOR.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(crate) color: ColorChoice,
    /// Inline or full screen.
    #[command(flatten)]
    pub(crate) layout: LayoutArgs,
    /// The settings as numbered plain lines (type a number to switch one; no cursor
    /// movement, no colours; for screen readers). Without --accessible or
    /// --no-accessible it is on when TERM=dumb or the "accessible" setting is true.
    #[arg(long, overrides_with = "no_accessible")]
    pub(crate) accessible: bool,
    /// The settings overlay even when TERM=dumb or the "accessible" setting is on.
    #[arg(long, overrides_with = "accessible")]
    pub(crate) no_accessible: bool,
}
