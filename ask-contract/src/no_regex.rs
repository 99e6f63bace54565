//! Stands in for the `regex` crate when the `regex` feature is off: every pattern is
//! refused with an issue that says why, so a payload's `pattern` is never silently
//! ignored. Only what `pattern.rs` names is here.

/// Never built: [`RegexBuilder::build`] always fails.
#[derive(Debug, Clone)]
pub(crate) enum Regex {}

impl Regex {
    pub(crate) fn is_match(&self, _text: &str) -> bool {
        match *self {}
    }
}

/// Why a pattern was refused.
#[derive(Debug)]
pub(crate) enum Error {
    /// Kept so `pattern.rs` reads the same with or without the feature; never made.
    #[allow(dead_code)]
    CompiledTooBig(usize),
    /// This build checks no patterns.
    Unsupported,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::CompiledTooBig(limit) => write!(f, "error: compiled pattern over {limit} bytes"),
            Self::Unsupported => f.write_str(
                "error: this build checks no patterns (ask-contract's `regex` feature is off)",
            ),
        }
    }
}

/// Takes the settings `pattern.rs` gives and refuses the pattern.
pub(crate) struct RegexBuilder;

impl RegexBuilder {
    pub(crate) fn new(_source: &str) -> Self {
        Self
    }

    pub(crate) fn size_limit(&mut self, _bytes: usize) -> &mut Self {
        self
    }

    pub(crate) fn dfa_size_limit(&mut self, _bytes: usize) -> &mut Self {
        self
    }

    pub(crate) fn nest_limit(&mut self, _depth: u32) -> &mut Self {
        self
    }

    #[allow(clippy::unused_self)]
    pub(crate) fn build(&self) -> Result<Regex, Error> {
        Err(Error::Unsupported)
    }
}
