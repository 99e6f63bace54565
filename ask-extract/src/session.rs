//! Reading pi session files (JSONL) and walking their branches.
//!
//! A pi session file starts with a `{"type":"session",...}` header line,
//! followed by one entry per line. Every entry has an `id` and a `parentId`
//! (`null` for the first one), which makes the file a tree: moving back in
//! `/tree` and continuing appends a sibling branch. The current branch is the
//! walk from a leaf back to the root.
//!
//! Only what extraction and replay need is kept of each entry (the text and
//! stop reason of assistant messages, the data of `ask:payload` custom
//! entries as raw JSON text, parsed only when a lookup reaches it), and nothing is
//! built for the rest: a message that is not the assistant's is skipped once its role
//! is read, so large sessions with big tool results stay cheap in memory.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use crate::error::ExtractError;
use crate::raw::{RawLine, RawMessage};

/// The largest session file [`PiSession::open`] reads (256 MiB). pi sessions with long
/// tool outputs and images grow to tens of megabytes; anything past this is not a
/// session someone is answering questions in (or not a session at all, such as
/// `/dev/zero`).
pub const MAX_SESSION_BYTES: u64 = 256 * 1024 * 1024;

/// The `customType` of the entries that store ask forms.
pub(crate) const PAYLOAD_CUSTOM_TYPE: &str = "ask:payload";

/// One entry of a session file (any type but the `session` header).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    id: String,
    parent_id: Option<String>,
    kind: String,
    line: usize,
    pub(crate) body: Body,
}

/// The part of an entry that lookups use.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Body {
    /// A `message` entry whose message has role `assistant`.
    Assistant {
        /// Its non-empty text blocks joined by newlines.
        text: String,
        /// `stopReason`, when it is a string.
        stop_reason: Option<String>,
    },
    /// A `custom` entry with `customType` `ask:payload`: its `data`, as the JSON text
    /// of the file (parsed when a lookup reaches it).
    Payload(Box<str>),
    /// Anything else.
    Other,
}

impl Entry {
    /// The entry id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The parent entry id; `None` for a root.
    pub fn parent_id(&self) -> Option<&str> {
        self.parent_id.as_deref()
    }

    /// The entry type as written in the file: `message`, `custom`,
    /// `custom_message`, `model_change`, `thinking_level_change`, `compaction`,
    /// `branch_summary`, `label`, `session_info`, ... (empty when missing).
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The 1-based line of the file the entry was read from.
    pub fn line(&self) -> usize {
        self.line
    }
}

/// A pi session file read into a tree of entries.
///
/// ```
/// use ask_extract::session::PiSession;
///
/// let jsonl = concat!(
///     r#"{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00Z","cwd":"/w"}"#, "\n",
///     r#"{"type":"message","id":"a","parentId":null,"timestamp":"","message":{"role":"user","content":"hi"}}"#, "\n",
///     r#"{"type":"message","id":"b","parentId":"a","timestamp":"","message":{"role":"assistant","content":[{"type":"text","text":"Hello"}],"stopReason":"stop"}}"#, "\n",
///     r#"{"type":"message","id":"c","parentId":"a","timest"#, // a torn last line is skipped
/// );
/// let session = PiSession::from_reader(jsonl.as_bytes()).unwrap();
/// assert_eq!(session.leaf_id(), Some("b"));
/// let ids: Vec<&str> = session.branch(None).unwrap().iter().map(|e| e.id()).collect();
/// assert_eq!(ids, ["a", "b"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct PiSession {
    entries: Vec<Entry>,
    by_id: HashMap<String, usize>,
    skipped_lines: usize,
}

/// What [`next_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// The end of the input.
    End,
    /// A line of whitespace only.
    Blank,
    /// A line whose first byte past whitespace is `{`: it is in the buffer.
    Object,
    /// Any other line, skipped unread: only objects are entries (serde would also map
    /// an array onto [`RawLine`]).
    Other,
}

/// Reads the next line. Only a line that starts like a JSON object (after whitespace) is
/// kept in `buf`; any other is skipped up to its newline without being stored, so a
/// line of garbage (a binary file, `/dev/zero`) costs no memory.
fn next_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    buf.clear();
    let mut consumed = false;
    loop {
        let chunk = reader.fill_buf()?;
        let Some(at) = chunk
            .iter()
            .position(|b| *b == b'\n' || !b.is_ascii_whitespace())
        else {
            if chunk.is_empty() {
                return Ok(if consumed { Line::Blank } else { Line::End });
            }
            let n = chunk.len();
            reader.consume(n);
            consumed = true;
            continue;
        };
        let first = chunk[at];
        reader.consume(at);
        return Ok(match first {
            b'\n' => {
                reader.consume(1);
                Line::Blank
            }
            b'{' => {
                reader.read_until(b'\n', buf)?;
                Line::Object
            }
            _ => {
                reader.skip_until(b'\n')?;
                Line::Other
            }
        });
    }
}

impl PiSession {
    /// Opens and reads a session file: a regular file, or a pipe such as a shell's
    /// `<(zcat s.jsonl.gz)`. At most [`MAX_SESSION_BYTES`] are read; a larger file (a
    /// regular one is measured before reading) is [`ExtractError::TooLarge`].
    pub fn open(path: impl AsRef<Path>) -> Result<Self, ExtractError> {
        let path = path.as_ref();
        let io_error = |source| ExtractError::Io {
            path: path.to_path_buf(),
            source: Arc::new(source),
        };
        let too_large = || ExtractError::TooLarge {
            path: path.to_path_buf(),
            limit: MAX_SESSION_BYTES,
        };
        let file = File::open(path).map_err(io_error)?;
        let meta = file.metadata().map_err(io_error)?;
        if meta.is_file() && meta.len() > MAX_SESSION_BYTES {
            return Err(too_large());
        }
        // One byte past the cap tells a file that is too large (or endless).
        let mut reader = BufReader::new(file.take(MAX_SESSION_BYTES + 1));
        let session = Self::from_reader(&mut reader).map_err(io_error)?;
        if reader.get_ref().limit() == 0 {
            return Err(too_large());
        }
        Ok(session)
    }

    /// Reads a session line by line. Blank lines and lines that are not a JSON
    /// object (such as a torn last line) are skipped, without being held in memory
    /// when they do not even start like one; only an I/O error fails.
    pub fn from_reader(mut reader: impl BufRead) -> std::io::Result<Self> {
        let mut session = Self::default();
        let mut buf = Vec::new();
        let mut line_no = 0usize;
        loop {
            let line = next_line(&mut reader, &mut buf)?;
            if line == Line::End {
                break;
            }
            line_no += 1;
            match line {
                Line::Object => {}
                Line::Other => {
                    session.skipped_lines += 1;
                    continue;
                }
                Line::Blank | Line::End => continue,
            }
            match serde_json::from_slice::<RawLine>(&buf) {
                Ok(raw) => session.push(raw, line_no),
                Err(_) => session.skipped_lines += 1,
            }
        }
        Ok(session)
    }

    fn push(&mut self, raw: RawLine, line: usize) {
        let kind = match raw.kind {
            Some(Value::String(kind)) => kind,
            _ => String::new(),
        };
        if kind == "session" {
            return;
        }
        // Version 1 files had no ids: pi chains such entries in file order.
        let (id, parent_id) = match raw.id {
            Some(Value::String(id)) => (id, as_string(raw.parent_id)),
            _ => (
                format!("line-{line}"),
                match raw.parent_id {
                    None => self.entries.last().map(|e| e.id.clone()),
                    other => as_string(other),
                },
            ),
        };
        let body = match kind.as_str() {
            "message" => raw.message.map_or(Body::Other, assistant_body),
            "custom" if matches!(&raw.custom_type, Some(Value::String(t)) if t == PAYLOAD_CUSTOM_TYPE) => {
                raw.data
                    .map_or(Body::Other, |data| Body::Payload(data.into()))
            }
            _ => Body::Other,
        };
        self.by_id.insert(id.clone(), self.entries.len());
        self.entries.push(Entry {
            id,
            parent_id,
            kind,
            line,
            body,
        });
    }

    /// Every entry in file order (the header excluded).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry with this id (the last one in the file when ids repeat).
    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.by_id.get(id).and_then(|&i| self.entries.get(i))
    }

    /// The default leaf: the last entry of the file, as pi resumes it.
    pub fn leaf_id(&self) -> Option<&str> {
        self.entries.last().map(Entry::id)
    }

    /// How many non-blank lines could not be read as a JSON object.
    pub fn skipped_lines(&self) -> usize {
        self.skipped_lines
    }

    /// The branch from the root to `leaf` (default: the last entry of the file),
    /// root first. Sibling branches and entries after the leaf are not part of
    /// it. A parent cycle ends the walk instead of looping; a missing parent
    /// makes the entry the root.
    pub fn branch(&self, leaf: Option<&str>) -> Result<Vec<&Entry>, ExtractError> {
        let start = match leaf {
            Some(id) => *self
                .by_id
                .get(id)
                .ok_or_else(|| ExtractError::UnknownLeaf {
                    leaf: id.to_owned(),
                })?,
            None => match self.entries.len().checked_sub(1) {
                Some(last) => last,
                None => return Ok(Vec::new()),
            },
        };
        let mut seen = vec![false; self.entries.len()];
        let mut path = Vec::new();
        let mut current = Some(start);
        while let Some(index) = current {
            let (Some(entry), Some(visited)) = (self.entries.get(index), seen.get_mut(index))
            else {
                break;
            };
            if *visited {
                break;
            }
            *visited = true;
            path.push(entry);
            current = entry
                .parent_id
                .as_deref()
                .and_then(|parent| self.by_id.get(parent).copied());
        }
        path.reverse();
        Ok(path)
    }
}

fn as_string(value: Option<Value>) -> Option<String> {
    match value {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

fn assistant_body(message: RawMessage) -> Body {
    if message.assistant != Some(true) {
        return Body::Other;
    }
    let text = message
        .texts
        .into_iter()
        .filter(|t| !t.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Body::Assistant {
        text,
        stop_reason: message.stop_reason,
    }
}
