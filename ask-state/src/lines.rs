//! Counting and finding the lines of long texts without walking them on every key.
//!
//! [`count_newlines`] counts `\n` at memory speed. A [`LineIndex`] is built once for
//! a long text of the form (see [`Flow::line_index`](crate::Flow::line_index)) and
//! answers "how many lines", "where does line N start" and "where does the line
//! holding byte B start" by looking at one chunk of the text at most, so a key and a
//! frame on a 10 MB prompt or preview cost the same as on a short one.

use std::collections::HashMap;

use ask_contract::AskForm;

use crate::Flow;

/// Bytes per chunk of a [`LineIndex`]; texts up to this long get no index (scanning
/// them is cheap).
pub const LINE_INDEX_CHUNK: usize = 1 << 16;

/// Number of `\n` bytes in `text`, eight bytes a step.
///
/// The same as `text.matches('\n').count()`, several times faster; a text's line
/// count as `str::lines` sees it is this plus one when the text does not end with a
/// newline (and is not empty).
///
/// ```
/// assert_eq!(ask_state::model::count_newlines("a\nb\n\nc"), 3);
/// assert_eq!(ask_state::model::count_newlines(""), 0);
/// ```
pub fn count_newlines(text: &str) -> usize {
    count_bytes(text.as_bytes())
}

fn count_bytes(bytes: &[u8]) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const PAIRS: u64 = 0x00ff_00ff_00ff_00ff;
    // Eight bytes a step (SWAR): a byte of `x` is zero exactly where the text has a
    // newline, and the classic exact zero-byte test leaves 0x80 there. Each byte of
    // `acc` counts its lane; it is summed before 255 steps can overflow it.
    let sum = |acc: u64| {
        let pairs = (acc & PAIRS) + ((acc >> 8) & PAIRS);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    };
    let mut words = bytes.chunks_exact(8);
    let (mut total, mut acc, mut steps) = (0, 0u64, 0);
    for word in &mut words {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        let x = u64::from_le_bytes(eight) ^ (LO * u64::from(b'\n'));
        acc += !((((x & HI7).wrapping_add(HI7)) | x) | HI7) >> 7;
        steps += 1;
        if steps == 255 {
            total += sum(acc);
            (acc, steps) = (0, 0);
        }
    }
    total += sum(acc);
    total
        + words
            .remainder()
            .iter()
            .map(|b| usize::from(*b == b'\n'))
            .sum::<usize>()
}

/// Where the lines of one text are, kept every [`LINE_INDEX_CHUNK`] bytes.
///
/// Built in one pass; it takes two words per chunk (32 bytes for each 64 KiB of
/// text). Every query looks at one chunk of the text at most. The index belongs to
/// the text it was built from: given another text (another length), each query
/// falls back to scanning that text, so a mismatch is slow, never wrong.
///
/// ```
/// use ask_state::model::LineIndex;
///
/// let text = "first\nsecond\nthird";
/// let index = LineIndex::new(text);
/// assert_eq!(index.newlines(), 2);
/// assert_eq!(index.line_offset(text, 2), 13);
/// assert_eq!(index.line_start(text, 9), 6);
/// assert_eq!(index.newlines_before(text, 13), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    len: usize,
    total: usize,
    /// Per chunk `k`: newlines in `text[..k * CHUNK]` and the start of the line
    /// holding byte `k * CHUNK`.
    marks: Vec<(usize, usize)>,
}

impl LineIndex {
    /// Indexes `text` (one pass over it).
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut marks = Vec::with_capacity(bytes.len() / LINE_INDEX_CHUNK + 1);
        let (mut before, mut line_start) = (0, 0);
        for (k, chunk) in bytes.chunks(LINE_INDEX_CHUNK).enumerate() {
            marks.push((before, line_start));
            before += count_bytes(chunk);
            if let Some(i) = chunk.iter().rposition(|b| *b == b'\n') {
                line_start = k * LINE_INDEX_CHUNK + i + 1;
            }
        }
        Self {
            len: bytes.len(),
            total: before,
            marks,
        }
    }

    /// Number of `\n` in the text.
    pub fn newlines(&self) -> usize {
        self.total
    }

    /// Number of lines as `str::lines` counts them (a final newline ends the last
    /// line rather than starting an empty one).
    pub fn lines(&self, text: &str) -> usize {
        self.newlines_in(text) + usize::from(!text.is_empty() && !text.ends_with('\n'))
    }

    fn fits(&self, text: &str) -> bool {
        text.len() == self.len
    }

    /// The chunk holding byte `at` (the last one for the text's end).
    fn chunk(&self, at: usize) -> usize {
        (at / LINE_INDEX_CHUNK).min(self.marks.len().saturating_sub(1))
    }

    fn newlines_in(&self, text: &str) -> usize {
        if self.fits(text) {
            self.total
        } else {
            count_newlines(text)
        }
    }

    /// Number of `\n` in `text[..at]` (`at` is clamped to the text).
    pub fn newlines_before(&self, text: &str, at: usize) -> usize {
        let bytes = text.as_bytes();
        let at = at.min(bytes.len());
        if !self.fits(text) {
            return count_bytes(&bytes[..at]);
        }
        let k = self.chunk(at);
        let before = self.marks.get(k).map_or(0, |m| m.0);
        before + count_bytes(&bytes[(k * LINE_INDEX_CHUNK).min(at)..at])
    }

    /// Byte offset where the line holding byte `at` starts (just after the last `\n`
    /// before `at`, or 0).
    pub fn line_start(&self, text: &str, at: usize) -> usize {
        let bytes = text.as_bytes();
        let at = at.min(bytes.len());
        let fits = self.fits(text);
        let k = self.chunk(at);
        let from = if fits {
            (k * LINE_INDEX_CHUNK).min(at)
        } else {
            0
        };
        match bytes[from..at].iter().rposition(|b| *b == b'\n') {
            Some(i) => from + i + 1,
            None if fits => self.marks.get(k).map_or(0, |m| m.1),
            None => 0,
        }
    }

    /// Byte offset where source line `line` (0-based) starts; the text length when
    /// the text has fewer lines.
    pub fn line_offset(&self, text: &str, line: usize) -> usize {
        if line == 0 {
            return 0;
        }
        let bytes = text.as_bytes();
        let (from, before) = if self.fits(text) {
            // The last chunk that starts before the `line`-th newline.
            let k = self.marks.partition_point(|m| m.0 < line).saturating_sub(1);
            (k * LINE_INDEX_CHUNK, self.marks.get(k).map_or(0, |m| m.0))
        } else {
            (0, 0)
        };
        bytes
            .get(from..)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .nth(line - before - 1)
            .map_or(bytes.len(), |(i, _)| from + i + 1)
    }
}

/// A text of the form that can be long enough to need a [`LineIndex`]: the title, a
/// prompt, or an option's description or preview (by question and option index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FormText {
    /// The form title.
    Title,
    /// The prompt of the question at this index.
    Prompt(usize),
    /// The description of an option.
    Description {
        /// Question index.
        question: usize,
        /// Declared option index.
        option: usize,
    },
    /// The preview of an option.
    Preview {
        /// Question index.
        question: usize,
        /// Declared option index.
        option: usize,
    },
}

/// The line indexes of a form's texts longer than [`LINE_INDEX_CHUNK`], built once.
#[derive(Debug, Clone, Default)]
pub(crate) struct FormLines(HashMap<FormText, LineIndex>);

impl FormLines {
    pub(crate) fn new(form: &AskForm) -> Self {
        let long = |t: &&String| t.len() > LINE_INDEX_CHUNK;
        let mut map = HashMap::new();
        if let Some(title) = form.title.as_ref().filter(long) {
            map.insert(FormText::Title, LineIndex::new(title));
        }
        for (question, q) in form.questions.iter().enumerate() {
            if long(&&q.prompt) {
                map.insert(FormText::Prompt(question), LineIndex::new(&q.prompt));
            }
            for (option, o) in q.options.iter().enumerate() {
                if let Some(d) = o.description.as_ref().filter(long) {
                    map.insert(
                        FormText::Description { question, option },
                        LineIndex::new(d),
                    );
                }
                if let Some(p) = o.preview.as_ref().filter(long) {
                    map.insert(FormText::Preview { question, option }, LineIndex::new(p));
                }
            }
        }
        Self(map)
    }
}

impl Flow {
    /// The [`LineIndex`] of a text of the form, built when the flow was made; `None`
    /// for texts of at most [`LINE_INDEX_CHUNK`] bytes (scanning those is cheap) and
    /// for texts the form does not have. Renderers use it to lay out one screen of a
    /// long text without walking all of it.
    pub fn line_index(&self, text: FormText) -> Option<&LineIndex> {
        self.lines.0.get(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::{LINE_INDEX_CHUNK, LineIndex, count_newlines};

    #[test]
    fn newline_count_agrees_with_a_plain_count() {
        let text: String = (0..20_000)
            .map(|i| if i % 7 == 0 { '\n' } else { 'é' })
            .collect();
        for end in [0, 1, 31, 32, 33, 8160, 8161, 20_000, text.len()] {
            let end = (0..=end)
                .rev()
                .find(|e| text.is_char_boundary(*e))
                .unwrap_or(0);
            let part = &text[..end];
            assert_eq!(count_newlines(part), part.matches('\n').count(), "{end}");
        }
        for n in [0, 7, 8, 255 * 8, 255 * 8 + 1, 10_000] {
            assert_eq!(count_newlines(&"\n".repeat(n)), n);
        }
    }

    #[test]
    fn line_counts_agree_with_str_lines() {
        let long = "ab\n".repeat(50_000);
        for text in [
            "",
            "a",
            "a\n",
            "a\nb",
            "\n",
            "\n\n",
            "a\r\nb\r\n",
            "x\n\ny",
            &long,
            &long[1..long.len() - 1],
        ] {
            assert_eq!(
                LineIndex::new(text).lines(text),
                text.lines().count(),
                "{text:?}"
            );
        }
    }

    /// Every query against a plain scan, on texts spanning several chunks with lines
    /// longer and shorter than a chunk.
    #[test]
    fn index_queries_agree_with_plain_scans() {
        let mut text = String::new();
        for (n, len) in [
            3,
            0,
            LINE_INDEX_CHUNK * 2 + 5,
            10,
            0,
            LINE_INDEX_CHUNK - 1,
            7,
        ]
        .into_iter()
        .enumerate()
        {
            text.push_str(&"é".repeat(len / 2));
            text.push_str(&"x".repeat(len % 2));
            if n % 2 == 0 {
                text.push('\n');
            } else {
                text.push_str("\n\n");
            }
        }
        text.push_str("tail");
        let index = LineIndex::new(&text);
        assert_eq!(index.newlines(), text.matches('\n').count());
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        for (line, start) in starts.iter().enumerate() {
            assert_eq!(index.line_offset(&text, line), *start, "line {line}");
        }
        assert_eq!(index.line_offset(&text, starts.len()), text.len());
        let step = 997;
        for at in (0..=text.len()).step_by(step).chain([text.len()]) {
            let plain_start = text.as_bytes()[..at]
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |i| i + 1);
            assert_eq!(index.line_start(&text, at), plain_start, "start at {at}");
            let floor = (0..=at)
                .rev()
                .find(|e| text.is_char_boundary(*e))
                .unwrap_or(0);
            let plain_before = text[..floor].matches('\n').count();
            assert_eq!(
                index.newlines_before(&text, at),
                plain_before,
                "before {at}"
            );
        }
        // A text that ends on a chunk boundary.
        let exact = format!("a\n{}", "b".repeat(LINE_INDEX_CHUNK - 2));
        let index = LineIndex::new(&exact);
        assert_eq!(index.line_start(&exact, exact.len()), 2);
        assert_eq!(index.newlines_before(&exact, exact.len()), 1);
        assert_eq!(index.line_offset(&exact, 1), 2);
        // Another text: answers come from scanning it.
        let other = "one\ntwo";
        assert_eq!(index.line_offset(other, 1), 4);
        assert_eq!(index.line_start(other, 6), 4);
        assert_eq!(index.newlines_before(other, 7), 1);
        assert_eq!(index.lines(other), 2);
    }
}
