//! `--ui auto`, decided per request: which surfaces to try for one `ask_user` call, in
//! order, from what the request declared, what this machine offers and what the form
//! needs. Pure: no I/O, no clock, so every branch is a unit test.
//!
//! The rule, and why:
//!
//! 1. **Popup** when the server runs inside tmux: the full form (previews, notes, `@`
//!    files, settings) opens over the harness's own pane, where the person already
//!    looks, and needs nothing from the client.
//! 2. **Launch** when a launcher is set (`--launch` or `mcp.launch`): the person chose
//!    it, and it runs the full form too.
//! 3. **The client's own form** (form-mode elicitation) and **the link to the browser
//!    form** (URL-mode elicitation), each only when the request declared that mode. The
//!    client's form comes first when the questions map to it without loss (no
//!    previews): the person answers where they are, with no window to switch to. When
//!    a question carries previews, which a host form can only fold into a description,
//!    the link comes first: our browser form shows them side by side. Option notes are
//!    not a property of the payload (the person decides to write one), so they cannot
//!    decide the order; a host form still takes a note for the agent.
//! 4. **Browser** opened here, only when this machine has a desktop: the last resort,
//!    since the person may not be looking at this machine's screen (the link is also
//!    announced on stderr).
//!
//! An empty list means no surface: the "Needs user input" result.

use ask_contract::AskForm;

/// A way one call can reach the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum Surface {
    /// A tmux popup over the harness's pane.
    Popup,
    /// The launcher command.
    Launch,
    /// The client's own form (form-mode elicitation).
    HostForm,
    /// The browser form's link, opened by the client (URL-mode elicitation).
    Link,
    /// The browser form, opened on this machine.
    Browser,
    /// The controlling terminal (`--ui tty` only; never chosen by `auto`).
    Tty,
}

impl Surface {
    /// The name the server's stderr line uses.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Popup => "popup",
            Self::Launch => "launch",
            Self::HostForm => "the client's own form",
            Self::Link => "a link to the browser form",
            Self::Browser => "the browser opened here",
            Self::Tty => "tty",
        }
    }
}

/// The elicitation modes a request declared (its own `_meta` on 2026-07-28, the
/// `initialize` capabilities on 2025-11-25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Declared {
    /// Form-mode elicitation.
    pub form: bool,
    /// URL-mode elicitation.
    pub url: bool,
}

/// What this machine offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Environment {
    /// The server runs inside tmux (3.3 or later for popups).
    pub tmux: bool,
    /// A launcher command is set.
    pub launcher: bool,
    /// A browser can be opened here (a desktop session).
    pub desktop: bool,
}

/// What the form needs that a host form cannot show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct FormNeeds {
    /// Some option carries preview text.
    pub previews: bool,
}

impl FormNeeds {
    /// The needs of `form`.
    pub(crate) fn of(form: &AskForm) -> Self {
        Self {
            previews: form
                .questions
                .iter()
                .any(|q| q.options.iter().any(|o| o.preview.is_some())),
        }
    }
}

/// The surfaces to try for one call, in order (see the module docs for the rule).
pub(crate) fn surfaces(declared: Declared, env: Environment, needs: FormNeeds) -> Vec<Surface> {
    let mut out = Vec::with_capacity(5);
    if env.tmux {
        out.push(Surface::Popup);
    }
    if env.launcher {
        out.push(Surface::Launch);
    }
    let host = declared.form.then_some(Surface::HostForm);
    let link = declared.url.then_some(Surface::Link);
    if needs.previews {
        out.extend(link.into_iter().chain(host));
    } else {
        out.extend(host.into_iter().chain(link));
    }
    if env.desktop {
        out.push(Surface::Browser);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Declared, Environment, FormNeeds, Surface, surfaces};

    const NONE: Environment = Environment {
        tmux: false,
        launcher: false,
        desktop: false,
    };
    const BOTH: Declared = Declared {
        form: true,
        url: true,
    };
    const PLAIN: FormNeeds = FormNeeds { previews: false };
    const PREVIEWS: FormNeeds = FormNeeds { previews: true };

    #[test]
    fn tmux_puts_the_popup_first_whatever_the_client_declared() {
        let env = Environment { tmux: true, ..NONE };
        assert_eq!(
            surfaces(BOTH, env, PLAIN),
            [Surface::Popup, Surface::HostForm, Surface::Link]
        );
        assert_eq!(
            surfaces(Declared::default(), env, PREVIEWS),
            [Surface::Popup]
        );
    }

    #[test]
    fn a_launcher_comes_after_the_popup_and_before_the_client() {
        let env = Environment {
            tmux: true,
            launcher: true,
            desktop: true,
        };
        assert_eq!(
            surfaces(BOTH, env, PLAIN),
            [
                Surface::Popup,
                Surface::Launch,
                Surface::HostForm,
                Surface::Link,
                Surface::Browser
            ]
        );
    }

    #[test]
    fn outside_tmux_the_host_form_wins_unless_previews_need_the_browser_form() {
        assert_eq!(
            surfaces(BOTH, NONE, PLAIN),
            [Surface::HostForm, Surface::Link]
        );
        assert_eq!(
            surfaces(BOTH, NONE, PREVIEWS),
            [Surface::Link, Surface::HostForm]
        );
    }

    #[test]
    fn only_declared_modes_are_used() {
        let url_only = Declared {
            form: false,
            url: true,
        };
        assert_eq!(surfaces(url_only, NONE, PLAIN), [Surface::Link]);
        let form_only = Declared {
            form: true,
            url: false,
        };
        assert_eq!(surfaces(form_only, NONE, PREVIEWS), [Surface::HostForm]);
        assert!(surfaces(Declared::default(), NONE, PLAIN).is_empty());
    }

    #[test]
    fn the_local_browser_is_the_last_resort_and_only_with_a_desktop() {
        let desktop = Environment {
            desktop: true,
            ..NONE
        };
        assert_eq!(
            surfaces(Declared::default(), desktop, PLAIN),
            [Surface::Browser]
        );
        assert_eq!(
            surfaces(BOTH, desktop, PLAIN).last(),
            Some(&Surface::Browser)
        );
    }
}
