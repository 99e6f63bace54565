//! How a form reaches the person: the [`Presenter`] trait and its implementations.
//!
//! A stdio MCP server shares the harness's terminal, so no presenter draws on it or
//! reads its keys except [`TtyPresenter`], which only runs when asked for. The popup,
//! launcher and tty presenters run this same `ask` binary's `ask run` with
//! `--input/--output/--draft` files in a private folder ([`FormFiles`]); the web
//! presenter ([`WebPresenter`]) runs the form in this process and serves it to a browser.

mod child;
mod elicit;
mod files;
mod launch;
mod popup;
mod web;

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;

use ask_contract::{AskForm, result::AskResult};
use rmcp::{Peer, RoleServer};
use tokio_util::sync::CancellationToken;

pub(crate) use elicit::ElicitPresenter;
pub(crate) use files::make_private_dir;
pub(crate) use files::{FormFiles, form_key, state_dir};
pub(crate) use launch::{LaunchPresenter, TtyPresenter};
#[cfg(test)]
pub(crate) use popup::popup_size;
pub(crate) use popup::{PopupPresenter, Tmux};
pub(crate) use web::{Running, Setup, url_message};
pub(crate) use web::{WebPresenter, WebVia};

/// A boxed future, as [`Presenter::present`] returns.
pub(crate) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// One call's form, ready to show.
pub(crate) struct Call {
    /// The validated form.
    pub form: AskForm,
    /// The client's name (from `initialize`), for the popup title.
    pub client: String,
    /// How many other calls wait behind this one.
    pub waiting: usize,
    /// The form's files.
    pub files: FormFiles,
    /// Cancelled when the call is (`notifications/cancelled`, the client went away, the
    /// server stops): the form closes and the result keeps what was answered.
    pub cancel: CancellationToken,
    /// The client, for elicitation.
    pub peer: Option<Peer<RoleServer>>,
}

/// What a presenter made of a call.
#[derive(Debug)]
pub(crate) enum Presented {
    /// The form ran (or was cancelled): this is the call's result.
    Done(Box<AskResult>),
    /// This presenter cannot show forms here (the next one in `auto` order is tried).
    Unavailable(String),
}

/// A way to show a form to the person.
pub(crate) trait Presenter: Send + Sync {
    /// The `--ui` name: `popup`, `launch`, `web`, `elicit`, `tty`.
    fn name(&self) -> &'static str;
    /// Shows the form and waits for the result, or for [`Call::cancel`].
    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented>;
}

/// What the presenters that run `ask run` need to know.
#[derive(Debug, Clone)]
pub(crate) struct RunCommand {
    /// This `ask` binary.
    pub ask_bin: PathBuf,
    /// `--config FILE` for the form, when the server was given one.
    pub config: Option<PathBuf>,
}

impl RunCommand {
    /// The `ask run ...` argv (binary first) for one form.
    pub(crate) fn argv(&self, files: &FormFiles, fullscreen: bool) -> Vec<std::ffi::OsString> {
        let mut argv = vec![self.ask_bin.clone().into_os_string()];
        argv.extend(files.run_args(self.config.as_deref(), fullscreen));
        argv
    }
}
