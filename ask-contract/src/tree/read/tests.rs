//! The fast reader against the serde path: the same tree or, through the fallback,
//! the same error, on tables of odd JSON and on many generated and mutated payloads.

use serde_json::Value;

use super::{read, special};
use crate::tree::keys::NAMES;
use crate::tree::{ARBITRARY_PRECISION, PRIVATE_NUMBER_KEY, Tree};
use crate::{ParseOptions, parse_params, parse_params_str};

/// Checks `text` every way and says whether the fast reader answered by itself:
/// the reader's tree is the serde path's, [`Tree::parse`] gives the serde path's tree
/// or error, and `parse_params_str` answers as `parse_params` on the `Value` does.
fn agree(text: &str) -> bool {
    let serde = Tree::parse_serde(text).map_err(|e| e.to_string());
    let fast = read(text);
    if let Some(tree) = &fast {
        assert_eq!(
            Ok(tree),
            serde.as_ref(),
            "reader and serde differ on {text:?}"
        );
    }
    let parsed = Tree::parse(text).map_err(|e| e.to_string());
    assert_eq!(parsed, serde, "{text:?}");
    let from_text = parse_params_str(text, ParseOptions::with_freeform());
    match serde_json::from_str::<Value>(text) {
        Ok(value) => assert_eq!(
            from_text,
            parse_params(&value, ParseOptions::with_freeform()),
            "{text:?}"
        ),
        // With `arbitrary_precision` the serde path reads a bad number object its own way
        // (`private_number`, and not at all where values are dropped); the reader leaves
        // such objects to it.
        Err(_) if *ARBITRARY_PRECISION && text.contains(PRIVATE_NUMBER_KEY) => {}
        Err(err) => {
            let issues = from_text.expect_err(text).issues().to_vec();
            assert_eq!(issues.len(), 1, "{text:?}");
            assert!(
                issues[0]
                    .message
                    .starts_with(&format!("is not valid JSON ({err})")),
                "{text:?}: {:?}",
                issues[0].message
            );
        }
    }
    fast.is_some()
}

/// A small deterministic random source (xorshift), so a failure replays.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'t>(&mut self, items: &[&'t str]) -> &'t str {
        items[self.below(items.len())]
    }
}

/// Strings the reader reads by itself (as JSON text, quotes included).
const EASY_STRINGS: &[&str] = &[
    r#""""#,
    r#""plain""#,
    r#""  Option 3 for question 12  ""#,
    r#""esc\"aped and \\ and \/ \b\f\n\r\t""#,
    r#""\u00e9t\u00E9 \u65e5\u672c \ud83d\ude00 \u0000""#,
    r#""été 日本 😀 raw""#,
    r#""a long run of plain text over several words before the quote""#,
    r#""\n\nfn f() {\n    x\n}\n\n""#,
    r#""single""#,
    r#""multi""#,
    r#""preview""#,
    r#""text""#,
    r#""number""#,
];

/// Strings the serde path answers for (bad escapes, lone surrogates, raw controls).
const HARD_STRINGS: &[&str] = &[
    r#""\ud800""#,
    r#""\ud800\u0041""#,
    r#""\udc00""#,
    r#""\q""#,
    r#""\u12""#,
    r#""\u12g4""#,
    "\"raw \u{1} control\"",
    "\"tab\there\"",
    r#""unterminated"#,
];

const EASY_NUMBERS: &[&str] = &[
    "0",
    "7",
    "-7",
    "1.5",
    "-0",
    "-0.0",
    "1e5",
    "1E+5",
    "2e-3",
    "0.1",
    "123456789012345678",
    "-123456789012345678",
    "1234567890123456789",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "-9223372036854775809",
    "1.5e300",
    "2.2250738585072014e-308",
    "3.141592653589793238462643383279",
    "99999999999999999999999999",
];

const HARD_NUMBERS: &[&str] = &["1e400", "-1e400", "01", "1.", ".5", "-", "+1", "1e", "1.e5"];

/// Keys the contract does not read, and escaped spellings of keys it does.
const OTHER_KEYS: &[&str] = &["x", "", r"t\u0069tle", r"\u0069d", "Title"];

/// A random JSON value text; `hard` lets in what only the serde path answers for.
fn value(rng: &mut Rng, depth: usize, hard: bool, out: &mut String) {
    let pick = if depth == 0 {
        rng.below(5)
    } else {
        rng.below(8)
    };
    match pick {
        0 => out.push_str(rng.pick(&["true", "false", "null"])),
        1..=4 => {
            let (easy, bad) = if pick <= 2 {
                (EASY_STRINGS, HARD_STRINGS)
            } else {
                (EASY_NUMBERS, HARD_NUMBERS)
            };
            let pool = if hard && rng.below(6) == 0 { bad } else { easy };
            out.push_str(rng.pick(pool));
        }
        5 => {
            out.push('[');
            for i in 0..rng.below(4) {
                if i > 0 {
                    out.push_str(rng.pick(&[",", ", ", " ,\n\t"]));
                }
                value(rng, depth - 1, hard, out);
            }
            out.push(']');
        }
        _ => object(rng, depth - 1, hard, out),
    }
}

/// A random object, keys from the contract's (repeats included).
fn object(rng: &mut Rng, depth: usize, hard: bool, out: &mut String) {
    out.push('{');
    for i in 0..rng.below(5) {
        if i > 0 {
            out.push_str(rng.pick(&[",", ", ", "\r\n, "]));
        }
        out.push('"');
        if hard && rng.below(20) == 0 {
            out.push_str("$serde_json::private::Number");
        } else {
            let names = if rng.below(4) == 0 { OTHER_KEYS } else { NAMES };
            out.push_str(rng.pick(names));
        }
        out.push_str(rng.pick(&["\":", "\" : ", "\":\n"]));
        value(rng, depth, hard, out);
    }
    out.push('}');
}

/// A payload shaped like the contract's (questions with options and defaults) with
/// random values in every field, and random extra fields.
fn payload(rng: &mut Rng, hard: bool) -> String {
    let mut out = String::from("{\"title\": ");
    value(rng, 1, hard, &mut out);
    out.push_str(", \"questions\": [");
    for i in 0..rng.below(4) {
        if i > 0 {
            out.push(',');
        }
        if rng.below(8) == 0 {
            value(rng, 2, hard, &mut out);
            continue;
        }
        out.push_str("{\"id\": ");
        value(rng, 1, hard, &mut out);
        out.push_str(", \"type\": ");
        value(rng, 0, hard, &mut out);
        out.push_str(", \"default\": ");
        value(rng, 2, hard, &mut out);
        out.push_str(", \"options\": [");
        for j in 0..rng.below(4) {
            if j > 0 {
                out.push(',');
            }
            object(rng, 2, hard, &mut out);
        }
        out.push_str("], \"extra\": ");
        value(rng, 3, hard, &mut out);
        out.push('}');
    }
    out.push_str("]}");
    out
}

/// `text` with a few random bytes deleted, inserted or replaced (kept only when
/// still UTF-8).
fn mutate(rng: &mut Rng, text: &str) -> Option<String> {
    const BYTES: &[u8] = b"\"\\,{}[]: 0-e.+u\x01nt9";
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let byte = BYTES[rng.below(BYTES.len())];
        match rng.below(3) {
            0 if at < bytes.len() => drop(bytes.remove(at)),
            1 if at < bytes.len() => bytes[at] = byte,
            _ => bytes.insert(at, byte),
        }
    }
    String::from_utf8(bytes).ok()
}

#[test]
fn generated_payloads_read_alike_both_ways() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut fast = 0;
    for round in 0..3000 {
        let hard = round % 2 == 1;
        let text = payload(&mut rng, hard);
        let answered = agree(&text);
        // Everything in the easy pools is the reader's to read.
        assert!(answered || hard, "the reader gave up on {text:?}");
        fast += usize::from(answered);
        for _ in 0..3 {
            if let Some(bad) = mutate(&mut rng, &text) {
                agree(&bad);
            }
        }
    }
    assert!(fast > 1500, "the reader answered {fast} of 3000");
}

#[test]
fn odd_texts_read_alike_both_ways() {
    let texts = [
        "",
        " ",
        "{",
        "}",
        "[",
        "[1,]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1: 2}",
        "{\"a\":1}x",
        "{\"a\":1}  \n",
        "\u{feff}{}",
        "tru",
        "truex",
        "nul",
        "null",
        "  {\"title\": \"t\", \"questions\": []}  ",
        "\"just a string\"",
        "[\"a\", \"b\"]",
        r#"{"title": "t", "title": "u"}"#,
        r#"{"questions": [{"id": "a", "id": "b", "options": [{}], "options": 3}]}"#,
        r#"{"$serde_json::private::Number": "5"}"#,
        r#"{"questions": [{"id": {"$serde_json::private::Number": "5"}}]}"#,
        r#"{"questions": [{"default": [1, "a", [2], {"b": 3}, -0.5]}]}"#,
    ];
    for text in texts {
        agree(text);
    }
    for number in EASY_NUMBERS.iter().chain(HARD_NUMBERS) {
        for text in [
            (*number).to_owned(),
            format!("[{number}]"),
            format!(r#"{{"title": {number}, "x": {number}}}"#),
            format!(r#"{{"questions": [{{"min": {number}, "default": [{number}]}}]}}"#),
        ] {
            agree(&text);
        }
    }
    for string in EASY_STRINGS.iter().chain(HARD_STRINGS) {
        agree(&format!(r#"{{"title": {string}, "x": {string}}}"#));
    }
}

#[test]
fn deep_nesting_reads_alike_both_ways() {
    for depth in [1, 50, 99, 100, 101, 126, 127, 128, 129, 200] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let objects = format!("{}1{}", "{\"x\":".repeat(depth), "}".repeat(depth));
        let inside = format!(
            r#"{{"questions": [{{"default": {deep}, "options": [{{"label": {deep}}}]}}]}}"#
        );
        // The reader gives up past 100 levels; `label`'s value sits five levels down.
        assert_eq!(agree(&deep), depth <= 100, "depth {depth}");
        assert_eq!(agree(&objects), depth <= 100, "depth {depth}");
        assert_eq!(agree(&inside), depth <= 95, "depth {depth}");
    }
}

#[test]
fn plain_runs_end_at_the_first_quote_backslash_or_control() {
    for len in 0..40 {
        for special_byte in [b'"', b'\\', 0x00, 0x1f] {
            for at in 0..=len {
                // Bytes that look close to the special ones must not end the run.
                let mut bytes: Vec<u8> = (0..len)
                    .map(|i| [b'a', b' ', b'#', b'[', b']', 0x7f, 0xc3, 0xa9][i % 8])
                    .collect();
                if at < len {
                    bytes[at] = special_byte;
                }
                for from in 0..=at {
                    assert_eq!(special(&bytes, from), at, "{bytes:?} from {from}");
                }
            }
        }
    }
}
