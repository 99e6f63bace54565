//! The files of one form: a private temporary folder for the payload, the result and
//! the process id, and a draft under the state folder that outlives the call.

use std::path::{Path, PathBuf};

use ask_contract::AskForm;

use crate::error::Error;

/// The early-key guard, in milliseconds, of the forms `ask mcp` opens in a terminal
/// (popup, launcher, tty; `ask run --early-keys-ms`), unless the person set their own
/// `behaviour.ignoreEarlyKeysMs`. Such a form opens right after the harness's own prompt
/// (Claude Code's permission dialog opened the popup 0.11 s after its key, and the next
/// keys came 0.3 s later), so the 150 ms of a form the person opened is too short.
pub(crate) const HAND_OFF_GUARD_MS: u64 = 600;

/// Where one form's files live.
#[derive(Debug)]
pub(crate) struct FormFiles {
    dir: tempfile::TempDir,
    /// The payload `ask run --input` reads (the normalized form).
    pub input: PathBuf,
    /// The result `ask run --output` writes.
    pub output: PathBuf,
    /// The process id of the form's `ask run`, written by the popup's shell.
    pub pid: PathBuf,
    /// The draft (`--draft`), keyed by the form, so the same questions asked again resume.
    pub draft: PathBuf,
    /// The form's link while it is served in a browser (ask-web): progress messages
    /// carry it ([`FormFiles::set_link`]).
    link: tokio::sync::watch::Sender<Option<String>>,
}

impl FormFiles {
    /// Makes the private folder (mode 0700 on Unix), writes the form into it and picks
    /// the draft path under `state_dir` (made if missing).
    pub(crate) fn create(form: &AskForm, state_dir: &Path) -> Result<Self, Error> {
        let dir = tempfile::Builder::new()
            .prefix("ask-mcp-")
            .tempdir()
            .map_err(|source| Error::Io {
                what: "temporary folder",
                path: std::env::temp_dir(),
                source,
            })?;
        let input = dir.path().join("input.json");
        let text = serde_json::to_vec(form).unwrap_or_default();
        ask_settings::fs::write_atomic(&input, &text).map_err(|source| Error::Io {
            what: "form payload",
            path: input.clone(),
            source,
        })?;
        make_private_dir(state_dir)?;
        Ok(Self {
            output: dir.path().join("output.json"),
            pid: dir.path().join("pid"),
            draft: state_dir.join(format!("{}.json", form_key(form))),
            link: tokio::sync::watch::Sender::new(None),
            input,
            dir,
        })
    }

    /// The private folder.
    pub(crate) fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Whether a draft of this form exists (the form then opens with `--resume`).
    pub(crate) fn has_draft(&self) -> bool {
        self.draft.is_file()
    }

    /// The `ask run` arguments (after the binary) for this form, with the hand-off guard
    /// (600 ms, `--early-keys-ms`).
    pub(crate) fn run_args(
        &self,
        config: Option<&Path>,
        fullscreen: bool,
    ) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = vec![
            "run".into(),
            "--input".into(),
            self.input.clone().into(),
            "--output".into(),
            self.output.clone().into(),
            "--draft".into(),
            self.draft.clone().into(),
        ];
        if self.has_draft() {
            args.push("--resume".into());
        }
        if let Some(config) = config {
            args.push("--config".into());
            args.push(config.into());
        }
        if fullscreen {
            args.push("--fullscreen".into());
        }
        args.push("--early-keys-ms".into());
        args.push(HAND_OFF_GUARD_MS.to_string().into());
        args
    }

    /// Records the link where the person answers this form (the browser form), so the
    /// progress messages carry it: a client may hide the server's stderr.
    pub(crate) fn set_link(&self, url: &str) {
        self.link.send_replace(Some(url.to_owned()));
    }

    /// The link of [`FormFiles::set_link`], once there is one.
    pub(crate) fn link(&self) -> Option<String> {
        self.link.borrow().clone()
    }

    /// Wakes when the link is set.
    pub(crate) fn watch_link(&self) -> tokio::sync::watch::Receiver<Option<String>> {
        self.link.subscribe()
    }

    /// The process id the popup's shell wrote, once it did.
    pub(crate) fn read_pid(&self) -> Option<i32> {
        std::fs::read_to_string(&self.pid).ok()?.trim().parse().ok()
    }

    /// How many questions the draft has answered so far (`None` before the first save).
    pub(crate) fn answered(&self) -> Option<usize> {
        let text = std::fs::read_to_string(&self.draft).ok()?;
        let snapshot: ask_state::snapshot::FlowSnapshot = serde_json::from_str(&text).ok()?;
        Some(
            snapshot
                .questions
                .iter()
                .filter(|q| {
                    !q.selected.is_empty() || (q.custom_selected && q.custom_text.is_some())
                })
                .count(),
        )
    }
}

/// A stable key for a form: FNV-1a (64 bit) of its normalized JSON, in hex. The same
/// questions asked again get the same key, so their draft resumes.
pub(crate) fn form_key(form: &AskForm) -> String {
    let text = serde_json::to_string(form).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The state folder of `ask mcp` drafts: `$XDG_STATE_HOME/ask-user/mcp`, else
/// `~/.local/state/ask-user/mcp` (`%LOCALAPPDATA%\ask-user\mcp` on Windows), else a
/// folder under the temporary folder. `env` looks a variable up.
pub(crate) fn state_dir(env: impl Fn(&str) -> Option<String>) -> PathBuf {
    let set = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let base = if cfg!(windows) {
        set("LOCALAPPDATA")
    } else {
        set("XDG_STATE_HOME").or_else(|| set("HOME").map(|home| home.join(".local").join("state")))
    };
    base.unwrap_or_else(std::env::temp_dir)
        .join("ask-user")
        .join("mcp")
}

/// Makes `dir` and its parents; on Unix the folder itself is private (0700).
pub(crate) fn make_private_dir(dir: &Path) -> Result<(), Error> {
    let io = |source| Error::Io {
        what: "draft folder",
        path: dir.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(io)?;
    }
    Ok(())
}
