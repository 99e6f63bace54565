//! The tmux popup: the full form in `tmux display-popup` over the harness's own pane.

use ask_contract::AskForm;

use super::child::{self, Ended};
use super::{BoxFuture, Call, Presented, Presenter, RunCommand};

/// The shell line the popup runs. Every path reaches it through the environment
/// (`display-popup -e`), never inside the string: it records its process id (so a
/// cancelled call can end the form with SIGTERM) and becomes `ask run`.
const POPUP_SCRIPT: &str = "echo $$ > \"$ASK_MCP_DIR/pid\"; exec \"$ASK_MCP_BIN\" run \
--input \"$ASK_MCP_DIR/input.json\" --output \"$ASK_MCP_DIR/output.json\" \
--draft \"$ASK_MCP_DRAFT\" ${ASK_MCP_RESUME:+--resume} ${ASK_MCP_CONFIG:+--config \"$ASK_MCP_CONFIG\"} --fullscreen \
--early-keys-ms \"$ASK_MCP_EARLY_KEYS_MS\"";

/// Where the popup opens: the tmux server of `$TMUX` and the pane of `$TMUX_PANE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tmux {
    /// `$TMUX_PANE` (such as `%3`): the popup is drawn over this pane's window.
    pub pane: Option<String>,
}

impl Tmux {
    /// The tmux the server runs in, when `$TMUX` is set; `env` looks a variable up.
    pub(crate) fn from_env(env: impl Fn(&str) -> Option<String>) -> Option<Self> {
        env("TMUX").filter(|v| !v.is_empty())?;
        Some(Self {
            pane: env("TMUX_PANE").filter(|v| !v.is_empty()),
        })
    }
}

/// Shows forms in a tmux popup (tmux 3.3 or later: `display-popup -e` and `-T`).
#[derive(Debug, Clone)]
pub(crate) struct PopupPresenter {
    /// The tmux to open popups in.
    pub tmux: Tmux,
    /// The `ask run` to show in them.
    pub run: RunCommand,
}

impl PopupPresenter {
    fn tmux_command() -> tokio::process::Command {
        let mut command = tokio::process::Command::new("tmux");
        command.env_remove("ASK_MCP_BIN");
        command
    }

    /// The target pane's window size, when tmux tells it.
    async fn window_size(&self) -> Option<(u16, u16)> {
        let mut command = Self::tmux_command();
        command.args(["display-message", "-p"]);
        if let Some(pane) = &self.tmux.pane {
            command.args(["-t", pane]);
        }
        command.arg("#{window_width} #{window_height}");
        let out = command.output().await.ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        let mut parts = text.split_whitespace().map(str::parse::<u16>);
        Some((parts.next()?.ok()?, parts.next()?.ok()?))
    }

    fn close_popup(&self) {
        let mut command = std::process::Command::new("tmux");
        command.args(["display-popup", "-C"]);
        if let Some(pane) = &self.tmux.pane {
            command.args(["-t", pane]);
        }
        let _ = command
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
}

impl Presenter for PopupPresenter {
    fn name(&self) -> &'static str {
        "popup"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let (width, height) = self.window_size().await.unwrap_or((80, 24));
            let (w, h) = popup_size(&call.form, width, height);
            let mut command = Self::tmux_command();
            command.args(["display-popup", "-E"]);
            if let Some(pane) = &self.tmux.pane {
                command.args(["-t", pane]);
            }
            command
                .args(["-w", &w.to_string(), "-h", &h.to_string()])
                .args(["-T", &popup_title(&call.client, call.waiting)]);
            let mut env = |name: &str, value: &std::ffi::OsStr| {
                let mut pair = std::ffi::OsString::from(format!("{name}="));
                pair.push(value);
                command.arg("-e").arg(pair);
            };
            env("ASK_MCP_BIN", self.run.ask_bin.as_os_str());
            env("ASK_MCP_DIR", call.files.dir().as_os_str());
            env("ASK_MCP_DRAFT", call.files.draft.as_os_str());
            if call.files.has_draft() {
                env("ASK_MCP_RESUME", "1".as_ref());
            }
            if let Some(config) = &self.run.config {
                env("ASK_MCP_CONFIG", config.as_os_str());
            }
            env(
                "ASK_MCP_EARLY_KEYS_MS",
                super::files::HAND_OFF_GUARD_MS.to_string().as_ref(),
            );
            command.arg(POPUP_SCRIPT);
            let files = &call.files;
            let ended = child::run(command, true, &call.cancel, |_client| {
                match files.read_pid() {
                    Some(pid) => child::signal_pid(pid),
                    None => self.close_popup(),
                }
            })
            .await;
            match ended {
                Ended::NotStarted(err) => Presented::Unavailable(format!("tmux could not be started: {err}")),
                Ended::Exited { success: false } if files.read_pid().is_none() => Presented::Unavailable(
                    "tmux display-popup failed (it needs tmux 3.3 or later and an attached client)".into(),
                ),
                Ended::Exited { .. } | Ended::Cancelled => Presented::Done(Box::new(child::collect(files, &call.form))),
            }
        })
    }
}

/// The popup size for `form` in a window of `width` x `height`: as wide as the window
/// allows up to 120 columns, as tall as the form needs (its longest question with its
/// options, descriptions and previews, plus the tab strip, hints and borders), at least
/// 12 rows and at most the window height minus 2.
pub(crate) fn popup_size(form: &AskForm, width: u16, height: u16) -> (u16, u16) {
    let w = width.saturating_sub(4).clamp(20, 120).min(width.max(1));
    let inner = usize::from(w.saturating_sub(4)).max(10);
    let rows = |text: &str| -> usize {
        text.lines()
            .map(|line| line.chars().count().div_ceil(inner).max(1))
            .sum::<usize>()
            .max(1)
    };
    let tallest = form
        .questions
        .iter()
        .map(|q| {
            let options: usize = q
                .options
                .iter()
                .map(|o| 1 + o.description.as_deref().map_or(0, rows))
                .sum();
            let preview = q
                .options
                .iter()
                .filter_map(|o| o.preview.as_deref())
                .map(rows)
                .max()
                .unwrap_or(0);
            rows(&q.prompt) + options + preview + 2
        })
        .max()
        .unwrap_or(0);
    let title = usize::from(form.title.is_some());
    let want = u16::try_from(tallest + title + 8).unwrap_or(u16::MAX);
    let most = height.saturating_sub(2).max(1);
    (w, want.clamp(12.min(most), most))
}

/// ` ask_user: CLIENT asks (N waiting) `: the client name without control characters,
/// with `#` doubled (tmux expands formats in popup titles), at most 40 characters.
fn popup_title(client: &str, waiting: usize) -> String {
    let name: String = client
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect::<String>()
        .replace('#', "##");
    let name = if name.trim().is_empty() {
        "an agent".to_owned()
    } else {
        name
    };
    match waiting {
        0 => format!(" ask_user: {name} asks "),
        n => format!(" ask_user: {name} asks ({n} waiting) "),
    }
}

#[cfg(test)]
mod tests {
    use super::popup_title;

    #[test]
    fn popup_titles_name_the_client_and_the_queue_without_control_or_format_characters() {
        assert_eq!(
            popup_title("claude-code", 0),
            " ask_user: claude-code asks "
        );
        assert_eq!(
            popup_title("a#{b}\x1b[2J", 2),
            " ask_user: a##{b}[2J asks (2 waiting) "
        );
        assert_eq!(popup_title(" ", 1), " ask_user: an agent asks (1 waiting) ");
    }
}
