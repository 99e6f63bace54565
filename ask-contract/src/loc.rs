//! Issue locations and the wording of bad values in issue messages.

use crate::json::View;

/// A short description of a JSON value's type for messages, quoting strings.
pub(crate) fn describe<N>(value: &View<'_, N>) -> String {
    match value {
        View::Null => "null".into(),
        View::Bool(b) => format!("boolean {b}"),
        View::Number(n) => format!("number {n}"),
        View::Str(s) => format!("string {}", quote(s)),
        View::Array(_) => "an array".into(),
        View::Object => "an object".into(),
    }
}

/// Quotes payload text for a message (escaped, cut after 40 characters), so an
/// issue names the bad input without repeating a whole document.
pub(crate) fn quote(s: &str) -> String {
    match s.char_indices().nth(40) {
        None => format!("{s:?}"),
        Some((cut, _)) => format!("{:?}", format!("{}…", s.get(..cut).unwrap_or(s))),
    }
}

/// Where an issue is, formatted only when an issue is actually recorded so a
/// valid payload costs no path allocations.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Loc<'k> {
    /// A top-level field (`payload`, `title`, `questions`).
    Root(&'k str),
    /// `questions[i]` or `questions[i].<field>` (empty field: the question itself).
    Question(usize, &'k str),
    /// `questions[i].options[j]` or `questions[i].options[j].<field>`.
    Option(usize, usize, &'k str),
}

impl Loc<'_> {
    pub(crate) fn field(self, key: &str) -> Loc<'_> {
        match self {
            Loc::Root(_) => Loc::Root(key),
            Loc::Question(i, _) => Loc::Question(i, key),
            Loc::Option(i, j, _) => Loc::Option(i, j, key),
        }
    }
}

impl std::fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (base, field) = match *self {
            Loc::Root(field) => return f.write_str(field),
            Loc::Question(i, field) => (format!("questions[{i}]"), field),
            Loc::Option(i, j, field) => (format!("questions[{i}].options[{j}]"), field),
        };
        if field.is_empty() {
            f.write_str(&base)
        } else {
            write!(f, "{base}.{field}")
        }
    }
}

/// The payload key a location names.
pub(crate) fn field_name(loc: Loc<'_>) -> &str {
    match loc {
        Loc::Root(key) | Loc::Question(_, key) | Loc::Option(_, _, key) => key,
    }
}
