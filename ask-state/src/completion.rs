//! `@` file-path completion inside editors: the state side.
//!
//! The flow only knows the word being completed and the candidates the host
//! gave it; finding files is the host's job.

/// One completion candidate: [`Completion::file`] or [`Completion::dir`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Completion {
    /// Path relative to the completion root, `/`-separated, without a trailing slash.
    pub path: String,
    /// True for folders (inserted as `@dir/` and completion continues).
    pub is_dir: bool,
}

impl Completion {
    /// A file candidate; `path` is relative to the completion root and `/`-separated.
    pub fn file(path: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            is_dir: false,
        }
    }

    /// A folder candidate (inserted as `@dir/`, and completion continues inside it);
    /// `path` is relative to the completion root, `/`-separated, without a trailing slash.
    pub fn dir(path: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            is_dir: true,
        }
    }

    /// The text that replaces the `@word`: `@path ` for files, `@dir/` for folders,
    /// with the path quoted when it contains whitespace.
    pub fn insertion(&self) -> String {
        let body = if self.is_dir {
            format!("{}/", self.path)
        } else {
            self.path.clone()
        };
        let body = if body.contains(char::is_whitespace) {
            format!("\"{body}\"")
        } else {
            body
        };
        if self.is_dir {
            format!("@{body}")
        } else {
            format!("@{body} ")
        }
    }
}

/// The completion list of the open editor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompletionList {
    /// The query the items were computed for (text after `@`).
    pub query: String,
    /// Candidates, best first.
    pub items: Vec<Completion>,
    /// Index of the highlighted item.
    pub selected: usize,
    /// True when the candidates come from only part of what exists (the host's file index
    /// stopped at its cap): a path not listed may still be there.
    pub partial: bool,
}

/// Longest `@word` completed, in bytes: a longer run without whitespace before the
/// cursor is no file path, and looking no further keeps a key in a huge editor cheap.
const MAX_AT_WORD: usize = 4096;

/// Finds the `@word` that ends at `cursor`: returns (start byte of `@`, query after it).
/// The `@` must be at the start of the text or follow whitespace.
pub(crate) fn at_word(text: &str, cursor: usize) -> Option<(usize, &str)> {
    let before = text.get(..cursor)?;
    let mut from = cursor.saturating_sub(MAX_AT_WORD);
    while !before.is_char_boundary(from) {
        from -= 1;
    }
    let start = match before[from..].rfind(char::is_whitespace) {
        Some(i) => from + i + before[from + i..].chars().next().map_or(1, char::len_utf8),
        None if from == 0 => 0,
        None => return None,
    };
    let word = &before[start..];
    let query = word.strip_prefix('@')?;
    let query = query.strip_prefix('"').unwrap_or(query);
    Some((start, query))
}

#[cfg(test)]
mod tests {
    use super::{Completion, at_word};

    #[test]
    fn finds_the_at_word_before_the_cursor() {
        assert_eq!(at_word("see @src/ma", 11), Some((4, "src/ma")));
        assert_eq!(at_word("@", 1), Some((0, "")));
        assert_eq!(at_word("mail a@b", 8), None);
        assert_eq!(at_word("see @src more", 13), None);
        let long = format!("@{}", "a".repeat(super::MAX_AT_WORD + 10));
        assert_eq!(at_word(&long, long.len()), None);
        let text = format!("{} @src", "x".repeat(super::MAX_AT_WORD * 2));
        assert_eq!(at_word(&text, text.len()), Some((text.len() - 4, "src")));
    }

    #[test]
    fn insertion_quotes_spaces_and_keeps_folders_open() {
        let file = Completion::file("src/main.rs");
        assert_eq!(file.insertion(), "@src/main.rs ");
        let dir = Completion::dir("my docs");
        assert_eq!(dir.insertion(), "@\"my docs/\"");
    }
}
