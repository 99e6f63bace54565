//! What identifies the form a draft was made on, without repeating the form: a hash of
//! its normalized questions and title.

use std::io::{self, Write};

use ask_contract::{AskForm, result::QuestionDetail};

/// FNV-1a, 64 bits: stable across platforms and releases, fed with the JSON of the form.
struct Fnv(u64);

impl Write for Fnv {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The `formHash` of a draft made on `form`: 16 hex digits of the FNV-1a 64 hash of the
/// compact JSON of `[title, [question detail...]]` (the normalized questions as results
/// carry them). Streams the JSON through the hash: nothing the size of the form is built.
///
/// ```
/// use ask_contract::{ParseOptions, parse_params};
/// let a = parse_params(&serde_json::json!({"questions": [{"id": "q", "prompt": "Which?",
///     "options": [{"value": "a", "label": "A"}]}]}), ParseOptions::default()).unwrap();
/// let mut b = a.clone();
/// b.questions[0].prompt = "Which one?".into();
/// assert_eq!(ask_state::snapshot::form_hash(&a).len(), 16);
/// assert_ne!(ask_state::snapshot::form_hash(&a), ask_state::snapshot::form_hash(&b));
/// ```
pub fn form_hash(form: &AskForm) -> String {
    let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
    let _ = hash.write_all(b"[");
    let _ = serde_json::to_writer(&mut hash, &form.title);
    let _ = hash.write_all(b",[");
    for (i, q) in form.questions.iter().enumerate() {
        if i > 0 {
            let _ = hash.write_all(b",");
        }
        let _ = serde_json::to_writer(&mut hash, &QuestionDetail::from(q));
    }
    let _ = hash.write_all(b"]]");
    format!("{:016x}", hash.0)
}
