//! The fast way to a [`Tree`]: a byte-level reader of well-formed JSON that keeps what
//! the serde visitor in `tree.rs` keeps, with no visitor calls in between and strings
//! scanned eight bytes at a time.
//!
//! It only answers for text it reads completely: on anything it does not handle (text
//! that is not JSON, a lone surrogate, a number `serde_json` would not read as given,
//! nesting near the recursion limit, the key of `arbitrary_precision` numbers) it gives
//! up with `None`, and [`Tree::parse`] reads the text again with `serde_json`, whose
//! error (or tree) is then the answer. So an error is always `serde_json`'s own, and a
//! tree it gives is the tree the serde path gives (tested in `read/tests.rs`).

use serde_json::Number;

use super::{
    ARBITRARY_PRECISION, Key, KeyKind, MAX_FIELDS, PRIVATE_NUMBER_KEY, Place, Tree, take_items,
};

/// Deeper than this the reader gives up (`serde_json` allows 128 levels and its error
/// past them is the one to show).
const MAX_DEPTH: usize = 100;

/// Reads a whole payload text, or `None` when the serde path has to (see the module docs).
pub(super) fn read(text: &str) -> Option<Tree<'_>> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        depth: 0,
        stack: Vec::new(),
        fields: Vec::new(),
        scratch: String::new(),
    };
    let tree = reader.value(Some(Place::Root))?;
    reader.space();
    (reader.pos == reader.bytes.len()).then_some(tree)
}

/// What a string read gave: borrowed text, or escaped text unescaped into the scratch
/// buffer (only when the string was wanted).
enum Text<'a> {
    Plain(&'a str),
    Escaped,
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
    /// The elements of kept arrays being read (see `Seed` in `tree.rs`).
    stack: Vec<Tree<'a>>,
    /// The kept fields of the objects being read, the same way.
    fields: Vec<(Key, Tree<'a>)>,
    /// Where escaped strings are unescaped.
    scratch: String,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips JSON whitespace.
    fn space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    /// Whitespace, then `byte`.
    fn expect(&mut self, byte: u8) -> Option<()> {
        self.space();
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    /// One value at `place`; `None` for a value that is parsed and dropped.
    fn value(&mut self, place: Option<Place>) -> Option<Tree<'a>> {
        self.space();
        match self.peek()? {
            b'{' => self.nested(|r| r.object(place)),
            b'[' => self.nested(|r| r.array(place)),
            b'"' => {
                self.pos += 1;
                let keep = place.is_some();
                Some(match self.string(keep)? {
                    Text::Plain(s) => Tree::Str(s),
                    Text::Escaped if keep => Tree::Owned(self.scratch.as_str().into()),
                    Text::Escaped => Tree::Null,
                })
            }
            b't' => self.literal(b"true", Tree::Bool(true)),
            b'f' => self.literal(b"false", Tree::Bool(false)),
            b'n' => self.literal(b"null", Tree::Null),
            b'-' | b'0'..=b'9' => self.number(place.is_some()),
            _ => None,
        }
    }

    fn nested(&mut self, read: impl FnOnce(&mut Self) -> Option<Tree<'a>>) -> Option<Tree<'a>> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        self.pos += 1;
        let tree = read(self);
        self.depth -= 1;
        tree
    }

    fn literal(&mut self, word: &[u8], tree: Tree<'a>) -> Option<Tree<'a>> {
        let end = self.pos + word.len();
        (self.bytes.get(self.pos..end)? == word).then(|| {
            self.pos = end;
            tree
        })
    }

    /// After an element: a `,` (more follow: `false`) or `close` (`true`), skipped.
    fn closes(&mut self, close: u8) -> Option<bool> {
        self.space();
        let byte = self.peek()?;
        self.pos += 1;
        match byte {
            b',' => Some(false),
            _ => (byte == close).then_some(true),
        }
    }

    /// The rest of an array after its `[`.
    fn array(&mut self, place: Option<Place>) -> Option<Tree<'a>> {
        let item = place.and_then(Place::items);
        let start = self.stack.len();
        self.space();
        if self.peek()? == b']' {
            self.pos += 1;
        } else {
            loop {
                let value = self.value(item)?;
                if item.is_some() {
                    self.stack.push(value);
                }
                if self.closes(b']')? {
                    break;
                }
            }
        }
        Some(Tree::Array(take_items(&mut self.stack, start)))
    }

    /// The rest of an object after its `{`.
    fn object(&mut self, place: Option<Place>) -> Option<Tree<'a>> {
        let known = place.and_then(Place::fields).unwrap_or(&[]);
        let start = self.fields.len();
        // Per known field, one past its index in `fields[start..]` once it is there.
        let mut slots = [0u8; MAX_FIELDS];
        let (mut ordered, mut last) = (true, 0);
        self.space();
        if self.peek()? == b'}' {
            self.pos += 1;
        } else {
            loop {
                self.expect(b'"')?;
                let kind = self.key(known)?;
                self.expect(b':')?;
                let field = match kind {
                    KeyKind::Known(i) => known.get(i).map(|key| (i, *key)),
                    _ => None,
                };
                match field {
                    Some((i, key)) => {
                        let value = self.value(Some(key.place()))?;
                        // The last of repeated keys wins, as in `serde_json::Value`.
                        match slots.get_mut(i)? {
                            0 => {
                                self.fields.push((key, value));
                                *slots.get_mut(i)? = (self.fields.len() - start) as u8;
                                ordered &= i >= last;
                                last = i;
                            }
                            at => self.fields.get_mut(start + usize::from(*at) - 1)?.1 = value,
                        }
                    }
                    None => drop(self.value(None)?),
                }
                if self.closes(b'}')? {
                    break;
                }
            }
        }
        // Kept fields in the order of `known`, as the serde path keeps them.
        if !ordered {
            let mut kept = Vec::with_capacity(self.fields.len() - start);
            for at in slots.iter().filter(|at| **at != 0) {
                let field = self.fields.get_mut(start + usize::from(*at) - 1)?;
                kept.push((field.0, std::mem::replace(&mut field.1, Tree::Null)));
            }
            self.fields.truncate(start);
            return Some(Tree::Object(kept.into_boxed_slice()));
        }
        Some(Tree::Object(self.fields.drain(start..).collect()))
    }

    /// An object key after its `"`: the field at an index of `fields`, or another key.
    /// Gives up on the key `arbitrary_precision` numbers are written with.
    fn key(&mut self, fields: &[Key]) -> Option<KeyKind> {
        let name = match self.string(true)? {
            Text::Plain(s) => s,
            Text::Escaped => self.scratch.as_str(),
        };
        if name == PRIVATE_NUMBER_KEY {
            return None;
        }
        if fields.is_empty() {
            return Some(KeyKind::Other);
        }
        let known = Key::named(name).and_then(|key| fields.iter().position(|k| *k == key));
        Some(known.map_or(KeyKind::Other, KeyKind::Known))
    }

    /// A string after its `"`, up to and past its closing `"`. Escaped text is unescaped
    /// into `scratch` when `keep`, and only checked otherwise.
    fn string(&mut self, keep: bool) -> Option<Text<'a>> {
        let start = self.pos;
        let mut at = special(self.bytes, start);
        match self.bytes.get(at)? {
            b'"' => {
                self.pos = at + 1;
                return self.text.get(start..at).map(Text::Plain);
            }
            b'\\' => {}
            _ => return None,
        }
        self.scratch.clear();
        let mut from = start;
        loop {
            // `from..at` is plain text, and a backslash or the closing quote is at `at`.
            if keep {
                self.scratch.push_str(self.text.get(from..at)?);
            }
            match self.bytes.get(at)? {
                b'"' => {
                    self.pos = at + 1;
                    return Some(Text::Escaped);
                }
                b'\\' => {}
                _ => return None,
            }
            let (c, len) = escape(self.bytes.get(at + 1..)?)?;
            if keep {
                self.scratch.push(c);
            }
            from = at + 1 + len;
            at = special(self.bytes, from);
        }
    }

    /// A number, read as `serde_json` reads it (and only checked when not `keep`).
    fn number(&mut self, keep: bool) -> Option<Tree<'a>> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let int_start = self.pos;
        match self.peek()? {
            b'0' => self.pos += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        let int_len = self.pos - int_start;
        let mut plain = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.some_digits()?;
            plain = false;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.some_digits()?;
            plain = false;
        }
        let digits = self.bytes.get(int_start..self.pos)?;
        let small = plain && int_len <= 18 && !*ARBITRARY_PRECISION;
        if small && !(negative && digits == b"0") {
            // Up to 18 digits fit both ways; `-0` is a float to `serde_json`.
            if !keep {
                return Some(Tree::Null);
            }
            let n = digits
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
            let number = if negative {
                Number::from(-i64::try_from(n).ok()?)
            } else {
                Number::from(n)
            };
            return Some(Tree::Number(number));
        }
        // Floats, long integers and every number with `arbitrary_precision`: the way
        // `serde_json` itself reads them (an out-of-range float is its error).
        let number = self.text.get(start..self.pos)?.parse::<Number>().ok()?;
        Some(if keep {
            Tree::Number(number)
        } else {
            Tree::Null
        })
    }

    /// Skips ASCII digits.
    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    /// At least one ASCII digit, skipped.
    fn some_digits(&mut self) -> Option<()> {
        let start = self.pos;
        self.digits();
        (self.pos > start).then_some(())
    }
}

/// The escape after a backslash (`rest` starts after it): the character and the
/// length of the escape. `None` for a bad escape or a surrogate that is not half of
/// a pair (`serde_json` says which).
fn escape(rest: &[u8]) -> Option<(char, usize)> {
    let c = match rest.first()? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let unit = hex4(rest.get(1..5)?)?;
            return match unit {
                0xD800..=0xDBFF => {
                    let (b'\\', b'u') = (*rest.get(5)?, *rest.get(6)?) else {
                        return None;
                    };
                    let low = hex4(rest.get(7..11)?)?;
                    if !(0xDC00..=0xDFFF).contains(&low) {
                        return None;
                    }
                    let c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                    Some((char::from_u32(c)?, 11))
                }
                _ => Some((char::from_u32(unit)?, 5)),
            };
        }
        _ => return None,
    };
    Some((c, 1))
}

/// Four hex digits.
fn hex4(digits: &[u8]) -> Option<u32> {
    digits
        .iter()
        .try_fold(0u32, |n, d| Some(n * 16 + char::from(*d).to_digit(16)?))
}

/// The index of the first byte at or after `from` that ends the plain run of a string
/// (a `"`, a `\` or a control character, which JSON strings may not hold), or the
/// length of `bytes`. Eight bytes at a time: in each word the lowest flag marks the
/// first such byte exactly (a false flag only ever sits above a true one).
fn special(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |w: u64, n: u64| w.wrapping_sub(ONES * n) & !w & HIGH;
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(word);
        let flags = below(w ^ (ONES * u64::from(b'"')), 1)
            | below(w ^ (ONES * u64::from(b'\\')), 1)
            | below(w, 0x20);
        if flags != 0 {
            return at + (flags.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            return at;
        }
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests;
