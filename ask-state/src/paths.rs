//! The host's answer to "what is at this path?": the one way `mustExist` and `pathKind`
//! are checked, whichever way an answer comes in (keys, scripted answers, the control
//! channel, a browser, a prefill). The flow stays free of I/O: the host looks the path
//! up ([`PathLookup`]) and the flow judges what it found ([`path_problem_in`]).

use std::collections::BTreeMap;

use ask_contract::{Question, QuestionType, rules::PathKind};

use crate::command::Outcome;
use crate::flow::{EditorTarget, Flow};
pub use crate::typed::{PathStatus, path_problem, path_problem_in};

/// Paths the flow remembers the host's answer for (the open editor's and the drafts').
const REMEMBERED_PATHS: usize = 64;

/// Looks up what is at a typed path, for the `mustExist` and `pathKind` rules of path
/// questions. The host supplies it (a file index, `std::fs::metadata` under the working
/// directory); `None` means it cannot tell, and those rules are then not checked. Any
/// `FnMut(&str) -> Option<PathStatus>` is one.
///
/// ```
/// use ask_state::paths::{PathLookup, PathStatus};
/// let mut lookup = |path: &str| Some(if path == "src" { PathStatus::Dir } else { PathStatus::Missing });
/// assert_eq!(lookup.path_status("src"), Some(PathStatus::Dir));
/// ```
pub trait PathLookup {
    /// What is at `path` (relative to the host's working directory, or absolute).
    fn path_status(&mut self, path: &str) -> Option<PathStatus>;
}

impl<F> PathLookup for F
where
    F: FnMut(&str) -> Option<PathStatus>,
{
    fn path_status(&mut self, path: &str) -> Option<PathStatus> {
        self(path)
    }
}

/// A lookup that can never tell: `mustExist` and `pathKind` go unchecked. For hosts
/// without a file system, and for checks of an answer's shape alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoPathLookup;

impl PathLookup for NoPathLookup {
    fn path_status(&mut self, _path: &str) -> Option<PathStatus> {
        None
    }
}

/// True when question `q` is a path question whose answer the host must look up.
pub(crate) fn wants_lookup(q: &Question) -> bool {
    q.kind == QuestionType::Path
        && (q.rules.must_exist || q.rules.path_kind.is_some_and(|k| k != PathKind::Any))
}

/// What is wrong with `text` as the answer of path question `q` given what `paths` finds
/// there, said in `locale`; `None` when it may be the answer or nobody can tell. A path
/// with a NUL byte names nothing on any system.
pub(crate) fn looked_up_problem(
    q: &Question,
    text: &str,
    paths: &mut dyn PathLookup,
    locale: ask_i18n::Locale,
) -> Option<String> {
    if !wants_lookup(q) {
        return None;
    }
    let text = text.trim();
    if text.contains('\0') {
        return Some(locale.text(ask_i18n::Msg::ProblemPathMissing).to_owned());
    }
    let status = paths.path_status(text)?;
    path_problem_in(q, status, locale)
}

impl Flow {
    /// What the host last reported at `text`, for question `q`'s rules; `None` when it
    /// was never asked (or could not tell).
    pub(crate) fn known_path_problem(&self, q: &Question, text: &str) -> Option<String> {
        if text.contains('\0') && wants_lookup(q) {
            return Some(
                self.locale()
                    .text(ask_i18n::Msg::ProblemPathMissing)
                    .to_owned(),
            );
        }
        let status = self.path_status.get(text)?;
        path_problem_in(q, *status, self.locale())
    }

    /// The typed path the host should look at ([`Command::PathStatus`](crate::Command::PathStatus)
    /// answers it): the open editor's text of a path question that has `mustExist` or a
    /// `pathKind`, else a path answer kept in a draft (from the control channel, a
    /// browser, a prefill), when not yet reported. Hosts ask until it is `None`.
    pub fn path_check_query(&self) -> Option<&str> {
        fn unknown<'a>(known: &KnownPaths, q: &Question, text: &'a str) -> Option<&'a str> {
            let text = text.trim();
            (wants_lookup(q)
                && !text.is_empty()
                && !text.contains('\0')
                && !known.contains_key(text))
            .then_some(text)
        }
        let known = &self.path_status;
        let editor = self
            .editor
            .as_ref()
            .filter(|e| e.target == EditorTarget::Custom)
            .and_then(|e| Some((self.question(e.question)?, e.buffer.text())));
        if let Some(found) = editor.and_then(|(q, text)| unknown(known, q, text)) {
            return Some(found);
        }
        self.form
            .questions
            .iter()
            .zip(&self.drafts)
            .find_map(|(q, d)| unknown(known, q, d.custom_text.as_deref()?))
    }

    pub(crate) fn set_path_status(&mut self, path: String, status: PathStatus) -> Outcome {
        if self.path_status.get(&path) == Some(&status) {
            return Outcome::Unchanged;
        }
        if self.path_status.len() >= REMEMBERED_PATHS {
            self.path_status.clear();
        }
        self.path_status.insert(path, status);
        Outcome::Changed
    }
}

/// What the flow remembers of the host's path lookups.
pub(crate) type KnownPaths = BTreeMap<String, PathStatus>;
