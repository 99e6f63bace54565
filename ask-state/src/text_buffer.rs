//! A grapheme-aware, multi-line text buffer with a cursor and undo: the text of one
//! editor, without the flow (`flow_editor.rs` opens, saves and pastes into editors).

use std::collections::VecDeque;

use unicode_segmentation::UnicodeSegmentation;

/// A semantic edit applied to a [`TextBuffer`]. With serde: `"newline"`,
/// `{"insert": "text"}`, ...
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum EditCommand {
    /// Insert text at the cursor (pasted newlines are kept; `\r\n` and `\r` become `\n`).
    Insert(String),
    /// Insert a line break.
    Newline,
    /// Delete the grapheme before the cursor.
    Backspace,
    /// Delete the grapheme after the cursor.
    Delete,
    /// Move one grapheme left.
    Left,
    /// Move one grapheme right.
    Right,
    /// Move to the start of the previous word.
    WordLeft,
    /// Move to the end of the next word.
    WordRight,
    /// Move to the start of the current line.
    LineStart,
    /// Move to the end of the current line.
    LineEnd,
    /// Move to the same column on the previous line (or the start).
    Up,
    /// Move to the same column on the next line (or the end).
    Down,
    /// Delete the word before the cursor.
    DeleteWordBack,
    /// Delete from the line start to the cursor.
    DeleteToLineStart,
    /// Delete from the cursor to the line end.
    DeleteToLineEnd,
    /// Undo the last change.
    Undo,
}

/// Most undo steps kept.
const UNDO_STEPS: usize = 200;

/// One undoable change: `inserted` bytes at `at` replaced `removed`, with the
/// cursor at `cursor` before. Only the changed text is kept, so an edit costs the
/// size of the edit, not of the buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Change {
    at: usize,
    removed: String,
    inserted: usize,
    cursor: usize,
}

/// Text with a cursor (a byte offset that always sits on a grapheme boundary).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextBuffer {
    text: String,
    cursor: usize,
    undo: VecDeque<Change>,
    /// True while consecutive single-character inserts are coalesced into one undo step.
    typing: bool,
}

impl TextBuffer {
    /// A buffer holding `text` with the cursor at its end.
    pub fn with_text(text: &str) -> Self {
        let text = normalize_newlines(text);
        let cursor = text.len();
        Self {
            text,
            cursor,
            undo: VecDeque::new(),
            typing: false,
        }
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a byte offset into [`text`](Self::text).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// True when the buffer holds no text at all.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The cursor as (line index, byte offset within that line).
    pub fn cursor_line_col(&self) -> (usize, usize) {
        let before = &self.text[..self.cursor];
        let line = before.matches('\n').count();
        let col = before
            .rfind('\n')
            .map_or(self.cursor, |i| self.cursor - i - 1);
        (line, col)
    }

    /// Applies one edit; returns true when text or cursor changed.
    pub fn apply(&mut self, command: &EditCommand) -> bool {
        let before = (self.text.len(), self.cursor);
        let is_typing = matches!(command, EditCommand::Insert(s) if s.chars().count() == 1 && !s.contains(char::is_whitespace));
        let change = match command {
            EditCommand::Insert(s) => {
                let s = normalize_newlines(s);
                self.insert(&s)
            }
            EditCommand::Newline => self.insert("\n"),
            EditCommand::Backspace => {
                let start = self.prev_boundary(self.cursor);
                self.remove(start, self.cursor)
            }
            EditCommand::Delete => {
                let end = self.next_boundary(self.cursor);
                self.remove(self.cursor, end)
            }
            EditCommand::DeleteWordBack => {
                let start = self.word_left(self.cursor);
                self.remove(start, self.cursor)
            }
            EditCommand::DeleteToLineStart => {
                let start = self.line_start(self.cursor);
                let start = if start == self.cursor && start > 0 {
                    start - 1
                } else {
                    start
                };
                self.remove(start, self.cursor)
            }
            EditCommand::DeleteToLineEnd => {
                let end = self.line_end(self.cursor);
                let end = if end == self.cursor && end < self.text.len() {
                    end + 1
                } else {
                    end
                };
                self.remove(self.cursor, end)
            }
            EditCommand::Undo => {
                self.typing = false;
                return match self.undo.pop_back() {
                    Some(change) => {
                        let end = change.at + change.inserted;
                        self.text.replace_range(change.at..end, &change.removed);
                        self.cursor = change.cursor;
                        true
                    }
                    None => false,
                };
            }
            motion => {
                self.typing = false;
                let old = self.cursor;
                self.cursor = self.motion(motion);
                return old != self.cursor;
            }
        };
        let edited = change.is_some();
        if let Some(change) = change {
            let coalesced = is_typing && self.typing;
            match self.undo.back_mut() {
                // The run of typed characters so far grows by this one.
                Some(last) if coalesced && last.at + last.inserted == change.at => {
                    last.inserted += change.inserted;
                }
                _ => self.record(change),
            }
            self.typing = is_typing;
        }
        edited || before != (self.text.len(), self.cursor)
    }

    /// Keeps `change` for undo, dropping the oldest beyond [`UNDO_STEPS`].
    fn record(&mut self, change: Change) {
        self.undo.push_back(change);
        if self.undo.len() > UNDO_STEPS {
            self.undo.pop_front();
        }
    }

    /// Inserts `s` at the cursor and moves the cursor after it.
    fn insert(&mut self, s: &str) -> Option<Change> {
        if s.is_empty() {
            return None;
        }
        let change = Change {
            at: self.cursor,
            removed: String::new(),
            inserted: s.len(),
            cursor: self.cursor,
        };
        self.text.insert_str(self.cursor, s);
        self.cursor += s.len();
        Some(change)
    }

    /// Replaces `start..end` with `text` as one undoable step; the cursor ends after the inserted text.
    /// Out-of-range or non-boundary offsets leave the buffer unchanged.
    pub fn replace(&mut self, start: usize, end: usize, text: &str) -> bool {
        if start > end || !self.text.is_char_boundary(start) || !self.text.is_char_boundary(end) {
            return false;
        }
        let text = normalize_newlines(text);
        let removed = self.text.get(start..end).unwrap_or("").to_owned();
        self.record(Change {
            at: start,
            removed,
            inserted: text.len(),
            cursor: self.cursor,
        });
        self.typing = false;
        self.text.replace_range(start..end, &text);
        self.cursor = start + text.len();
        true
    }

    /// Deletes `start..end` and puts the cursor at `start`.
    fn remove(&mut self, start: usize, end: usize) -> Option<Change> {
        if start >= end {
            return None;
        }
        let change = Change {
            at: start,
            removed: self.text.get(start..end)?.to_owned(),
            inserted: 0,
            cursor: self.cursor,
        };
        self.text.replace_range(start..end, "");
        self.cursor = start;
        Some(change)
    }

    fn motion(&self, motion: &EditCommand) -> usize {
        let c = self.cursor;
        match motion {
            EditCommand::Left => self.prev_boundary(c),
            EditCommand::Right => self.next_boundary(c),
            EditCommand::WordLeft => self.word_left(c),
            EditCommand::WordRight => self.word_right(c),
            EditCommand::LineStart => self.line_start(c),
            EditCommand::LineEnd => self.line_end(c),
            EditCommand::Up => self.vertical(c, false),
            EditCommand::Down => self.vertical(c, true),
            _ => c,
        }
    }

    fn prev_boundary(&self, at: usize) -> usize {
        self.text[..at]
            .grapheme_indices(true)
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self, at: usize) -> usize {
        self.text[at..]
            .graphemes(true)
            .next()
            .map_or(at, |g| at + g.len())
    }

    fn line_start(&self, at: usize) -> usize {
        self.text[..at].rfind('\n').map_or(0, |i| i + 1)
    }

    fn line_end(&self, at: usize) -> usize {
        self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |i| at + i)
    }

    fn word_left(&self, at: usize) -> usize {
        let mut pos = at;
        let mut seen_word = false;
        for (i, g) in self.text[..at].grapheme_indices(true).rev() {
            let space = g.chars().all(char::is_whitespace);
            if space && seen_word {
                break;
            }
            if !space {
                seen_word = true;
            }
            pos = i;
        }
        pos
    }

    fn word_right(&self, at: usize) -> usize {
        let mut pos = at;
        let mut seen_word = false;
        for g in self.text[at..].graphemes(true) {
            let space = g.chars().all(char::is_whitespace);
            if space && seen_word {
                break;
            }
            if !space {
                seen_word = true;
            }
            pos += g.len();
        }
        pos
    }

    fn vertical(&self, at: usize, down: bool) -> usize {
        let start = self.line_start(at);
        let column = self.text[start..at].graphemes(true).count();
        let target_start = if down {
            let end = self.line_end(at);
            if end >= self.text.len() {
                return self.text.len();
            }
            end + 1
        } else {
            if start == 0 {
                return 0;
            }
            self.line_start(start - 1)
        };
        let target_end = self.line_end(target_start);
        self.text[target_start..target_end]
            .grapheme_indices(true)
            .nth(column)
            .map_or(target_end, |(i, _)| target_start + i)
    }
}

fn normalize_newlines(s: &str) -> String {
    if s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::{EditCommand as E, TextBuffer};

    fn run(start: &str, commands: &[E]) -> (String, usize) {
        let mut b = TextBuffer::with_text(start);
        for c in commands {
            b.apply(c);
        }
        (b.text().to_owned(), b.cursor())
    }

    #[test]
    fn backspace_removes_whole_graphemes() {
        assert_eq!(run("ae\u{301}", &[E::Backspace]), ("a".into(), 1));
        assert_eq!(run("👨‍👩‍👧x", &[E::Left, E::Backspace]), ("x".into(), 0));
    }

    #[test]
    fn word_motions_and_deletes() {
        assert_eq!(run("foo bar baz", &[E::WordLeft]).1, 8);
        assert_eq!(run("foo bar baz", &[E::DeleteWordBack]).0, "foo bar ");
        assert_eq!(run("foo bar", &[E::LineStart, E::WordRight]).1, 3);
        assert_eq!(run("foo bar", &[E::WordLeft, E::DeleteToLineEnd]).0, "foo ");
        assert_eq!(
            run("foo bar", &[E::WordLeft, E::DeleteToLineStart]).0,
            "bar"
        );
    }

    #[test]
    fn lines_and_vertical_motion() {
        let (text, cursor) = run("ab", &[E::Newline, E::Insert("cdef".into()), E::Up]);
        assert_eq!(text, "ab\ncdef");
        assert_eq!(cursor, 2);
        assert_eq!(run("abcd\nx", &[E::Up, E::Down]).1, 6);
        assert_eq!(run("a\r\nb", &[]).0, "a\nb");
    }

    #[test]
    fn undo_restores_typing_runs_and_deletes() {
        let mut b = TextBuffer::default();
        for c in ["h", "i"] {
            b.apply(&E::Insert(c.into()));
        }
        b.apply(&E::Insert(" ".into()));
        b.apply(&E::Insert("x".into()));
        b.apply(&E::Backspace);
        assert_eq!(b.text(), "hi ");
        b.apply(&E::Undo);
        assert_eq!(b.text(), "hi x");
        b.apply(&E::Undo);
        assert_eq!(b.text(), "hi ");
        b.apply(&E::Undo);
        assert_eq!(b.text(), "hi");
        b.apply(&E::Undo);
        assert_eq!(b.text(), "");
        assert!(!b.apply(&E::Undo));
    }
}
