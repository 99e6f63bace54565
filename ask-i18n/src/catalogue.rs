//! The catalogues: one text file per language compiled in, read once into a table
//! indexed by [`Msg`], and the lookups.
//!
//! A catalogue line is `key = text`; blank lines and lines starting with `#` are
//! skipped. The text is everything after the first ` = `, trimmed; `{name}` is a
//! placeholder, `{{` and `}}` are literal braces. A key the file lacks reads as the
//! English text, so a lookup never fails.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::locale::Locale;
use crate::msg::Msg;

/// The catalogue files, by [`Locale::index`] (the pseudo-locale has none).
const SOURCES: [&str; 7] = [
    include_str!("../locales/en.txt"),
    include_str!("../locales/es.txt"),
    include_str!("../locales/fr.txt"),
    include_str!("../locales/pt-BR.txt"),
    include_str!("../locales/de.txt"),
    include_str!("../locales/ja.txt"),
    include_str!("../locales/zh-CN.txt"),
];

/// One locale's texts, by `Msg as usize`.
type Table = Vec<Cow<'static, str>>;

static TABLES: [OnceLock<Table>; 8] = [const { OnceLock::new() }; 8];

/// The `(key, text)` entries of a catalogue file, in file order (duplicates and unknown
/// keys included: the tests look at them; the lookup table keeps the first of each).
pub fn entries(source: &str) -> impl Iterator<Item = (&str, &str)> {
    source.lines().filter_map(|line| {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (key, text) = line.split_once(" = ").or_else(|| {
            // `key =` with nothing after it: an empty text.
            line.strip_suffix(" =").map(|k| (k, ""))
        })?;
        Some((key.trim(), text.trim()))
    })
}

/// The catalogue file of `locale` as compiled in (`None` for the pseudo-locale, which
/// is made from the English one).
pub fn source(locale: Locale) -> Option<&'static str> {
    SOURCES.get(locale.index()).copied()
}

fn key_index() -> &'static HashMap<&'static str, usize> {
    static INDEX: OnceLock<HashMap<&'static str, usize>> = OnceLock::new();
    INDEX.get_or_init(|| {
        Msg::ALL
            .iter()
            .enumerate()
            .map(|(i, m)| (m.key(), i))
            .collect()
    })
}

fn read(source: &'static str) -> Vec<Option<&'static str>> {
    let index = key_index();
    let mut texts = vec![None; Msg::ALL.len()];
    for (key, text) in entries(source) {
        if let Some(&i) = index.get(key)
            && texts[i].is_none()
        {
            texts[i] = Some(text);
        }
    }
    texts
}

fn table(locale: Locale) -> &'static Table {
    TABLES[locale.index()].get_or_init(|| {
        let english = read(SOURCES[0]);
        let english = |i: usize| english[i].unwrap_or(Msg::ALL[i].key());
        match source(locale) {
            Some(source) => read(source)
                .into_iter()
                .enumerate()
                .map(|(i, t)| Cow::Borrowed(t.unwrap_or_else(|| english(i))))
                .collect(),
            None => (0..Msg::ALL.len())
                .map(|i| Cow::Owned(format!("⟦{}⟧", english(i))))
                .collect(),
        }
    })
}

impl Locale {
    /// The text of `msg` in this language (English when the catalogue lacks it), with
    /// its placeholders unfilled. A lookup costs an index into a table read once per
    /// language; it never allocates after that.
    ///
    /// ```
    /// use ask_i18n::{Locale, Msg};
    ///
    /// assert_eq!(Locale::En.text(Msg::ReviewTitle), "Review your answers");
    /// assert_eq!(Locale::De.text(Msg::ReviewTitle), "Antworten prüfen");
    /// assert_eq!(Locale::Pseudo.text(Msg::ReviewTitle), "⟦Review your answers⟧");
    /// ```
    pub fn text(self, msg: Msg) -> &'static str {
        table(self)
            .get(msg as usize)
            .map_or_else(|| msg.key(), |t| t.as_ref())
    }

    /// The text of `msg` with its placeholders filled ([`fill`]).
    ///
    /// ```
    /// use ask_i18n::{Locale, Msg};
    ///
    /// let text = Locale::Es.format(Msg::AccessibleQuestionOf, &[("n", &2), ("total", &5)]);
    /// assert_eq!(text, "Pregunta 2 de 5");
    /// ```
    pub fn format(self, msg: Msg, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.text(msg), args)
    }

    /// `one` or `other` for a count of `n`, by the language's plural rule
    /// ([`Locale::is_one`]), filled with `args` (which usually hold `n`).
    pub fn plural(
        self,
        n: u64,
        (one, other): (Msg, Msg),
        args: &[(&str, &dyn fmt::Display)],
    ) -> String {
        self.format(if self.is_one(n) { one } else { other }, args)
    }
}

/// Fills the `{name}` placeholders of `template` from `args`; a placeholder without a
/// value stays as it is, `{{` and `}}` are literal braces. Never panics.
///
/// ```
/// assert_eq!(ask_i18n::fill("{n} of {total}", &[("n", &1), ("total", &"3")]), "1 of 3");
/// assert_eq!(ask_i18n::fill("{{x}} {y}", &[]), "{x} {y}");
/// ```
pub fn fill(template: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    use fmt::Write as _;
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        if let Some(name) = tail.strip_prefix('{').and_then(|t| t.split_once('}'))
            && let Some((_, value)) = args.iter().find(|(k, _)| *k == name.0)
        {
            let _ = write!(out, "{value}");
            rest = name.1;
            continue;
        }
        out.push_str(&tail[..1]);
        rest = &tail[1..];
    }
    out.push_str(rest);
    out
}

/// The placeholder names of `template`, in order of appearance (`{{` and `}}` are not
/// placeholders).
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        let tail = &rest[at..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            rest = &tail[2..];
            continue;
        }
        match tail.strip_prefix('{').and_then(|t| t.split_once('}')) {
            Some((name, after)) => {
                names.push(name);
                rest = after;
            }
            None => rest = &tail[1..],
        }
    }
    names
}
