//! The `pattern` of a `text` question (and of an MCP string property): a regular
//! expression the answer must match somewhere, as JSON Schema's `pattern` does.
//!
//! JSON Schema names the ECMA-262 dialect; this crate checks patterns with the `regex`
//! crate, which runs in time linear in the input whatever the pattern (an agent's pattern
//! can never stall the form). The two agree on what patterns are usually written with:
//! literals, classes (`[a-z]`, `[^0-9]`), `.`, the anchors `^` and `$`, groups (`(...)`,
//! `(?:...)`, `(?<name>...)`), alternation, greedy and lazy quantifiers (`*`, `+`, `?`,
//! `{n}`, `{n,m}`) and the escapes `\d`, `\w`, `\s`, `\b`, `\uXXXX`. They differ in that
//! - look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) and backreferences (`\1`) are not
//!   supported: a pattern using them is refused with an issue, never silently ignored;
//! - `\d`, `\w`, `\s` and `\b` are Unicode-aware (`\d` also matches digits of other
//!   scripts), where ECMA-262 keeps them to ASCII;
//! - classes may nest and use set operations (`[a-z&&[^aeiou]]`), and `[^]` is an error.

use std::sync::Arc;

// Without the `regex` feature a stand-in refuses every pattern with an issue.
#[cfg(not(feature = "regex"))]
use crate::no_regex as regex;
use regex::{Regex, RegexBuilder};

use crate::issue::ContractError;

/// Most bytes a compiled pattern may take (the `regex` crate's default is 10 MiB; a
/// question's pattern needs far less).
const SIZE_LIMIT: usize = 1 << 20;

/// Longest pattern compiled, in bytes (8 KiB). Parsing a pattern takes about a hundred
/// times its size before [`SIZE_LIMIT`] can apply (a 5 MB alternation peaked near 1 GB),
/// so a longer one is refused unread; the patterns questions use are a few dozen bytes.
pub(crate) const MAX_PATTERN_BYTES: usize = 8 * 1024;

/// How much of a refused oversize pattern its error keeps (characters).
const QUOTED_CHARS: usize = 40;

/// Deepest nesting of groups and repetitions (the `regex` default is 250).
const NEST_LIMIT: u32 = 64;

/// A compiled `pattern`: the source as the payload spells it and the expression that
/// checks answers. Equal when the sources are equal; serialized as the source string.
///
/// ```
/// use ask_contract::rules::Pattern;
///
/// let slug = Pattern::new("^[a-z][a-z0-9-]*$")?;
/// assert!(slug.is_match("my-app"));
/// assert!(!slug.is_match("My App"));
/// // Unanchored, as in JSON Schema: a match anywhere counts.
/// assert!(Pattern::new("[0-9]")?.is_match("v2"));
/// // Look-around is not supported: an error naming the pattern and the reason.
/// let err = Pattern::new("^(?!admin).*$").unwrap_err();
/// assert!(err.to_string().contains("look-around"), "{err}");
/// # Ok::<(), ask_contract::ContractError>(())
/// ```
#[derive(Clone)]
pub struct Pattern {
    source: Arc<str>,
    regex: Regex,
}

impl Pattern {
    /// Compiles `source`.
    ///
    /// # Errors
    /// [`ContractError::InvalidPattern`] with the pattern and why it cannot be checked (a
    /// syntax error, look-around, a backreference, nested too deep, longer than 8 KiB or
    /// too big once compiled). A pattern over 8 KiB is refused before it is parsed, and
    /// its error keeps only its first 40 characters.
    pub fn new(source: &str) -> Result<Self, ContractError> {
        if source.len() > MAX_PATTERN_BYTES {
            let cut = source
                .char_indices()
                .nth(QUOTED_CHARS)
                .map_or(source.len(), |(at, _)| at);
            return Err(ContractError::InvalidPattern {
                pattern: format!("{}…", source.get(..cut).unwrap_or_default()),
                reason: format!(
                    "it is {} bytes long; a pattern may be at most {MAX_PATTERN_BYTES} bytes",
                    source.len()
                ),
            });
        }
        let regex = RegexBuilder::new(source)
            .nest_limit(NEST_LIMIT)
            .size_limit(SIZE_LIMIT)
            .dfa_size_limit(SIZE_LIMIT)
            .build()
            .map_err(|err| ContractError::InvalidPattern {
                pattern: source.to_owned(),
                reason: reason(&err),
            })?;
        Ok(Self {
            source: source.into(),
            regex,
        })
    }

    /// The pattern as the payload spells it.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// True when the pattern matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

/// The one-line reason of a `regex` error: its `error: ...` line (a syntax error prints
/// the pattern and a caret above it), with a hint for what ECMA-262 has and it lacks.
fn reason(err: &regex::Error) -> String {
    let text = err.to_string();
    let line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("error: "))
        .unwrap_or_else(|| text.lines().last().unwrap_or_default().trim());
    let line = line.trim_end_matches('.');
    if line.contains("look-around") || line.contains("backreferences") {
        format!(
            "{line} (patterns are checked in linear time, without look-around or backreferences)"
        )
    } else if matches!(err, regex::Error::CompiledTooBig(_)) {
        "it is too large once compiled; use a shorter pattern".to_owned()
    } else {
        line.to_owned()
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Pattern {}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Pattern").field(&&*self.source).finish()
    }
}

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.source)
    }
}

impl serde::Serialize for Pattern {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.source)
    }
}

impl<'de> serde::Deserialize<'de> for Pattern {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let source = String::deserialize(deserializer)?;
        Self::new(&source).map_err(serde::de::Error::custom)
    }
}
