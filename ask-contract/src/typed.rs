//! Typed questions (`text`, `confirm`, `number`, `path`) and the rules every question
//! type may carry (`default`, `minItems`, ...): the normalized [`Rules`] and the checks
//! the flow, scripted answers and the accessible mode share, so a typed answer is
//! judged the same way everywhere.

use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use ask_i18n::{Locale, Msg};

use crate::form::{Question, QuestionType};
use crate::pattern::Pattern;

/// A `format` of a `text` question: the string formats MCP elicitation defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TextFormat {
    /// An e-mail address (`name@example.com`).
    Email,
    /// An absolute URI with a scheme (`https://example.com/x`).
    Uri,
    /// An RFC 3339 full date (`2026-12-01`).
    Date,
    /// An RFC 3339 date-time (`2026-12-01T09:30:00Z`).
    DateTime,
}

impl TextFormat {
    /// The payload spelling: `email`, `uri`, `date` or `date-time`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Uri => "uri",
            Self::Date => "date",
            Self::DateTime => "date-time",
        }
    }

    /// The format for a payload spelling.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "email" => Some(Self::Email),
            "uri" => Some(Self::Uri),
            "date" => Some(Self::Date),
            "date-time" => Some(Self::DateTime),
            _ => None,
        }
    }

    /// What a valid value looks like, for messages (`an e-mail address`), in English.
    pub fn describe(self) -> &'static str {
        self.describe_in(Locale::En)
    }

    /// [`TextFormat::describe`] in `locale`.
    pub fn describe_in(self, locale: Locale) -> &'static str {
        locale.text(match self {
            Self::Email => Msg::FormatEmail,
            Self::Uri => Msg::FormatUri,
            Self::Date => Msg::FormatDate,
            Self::DateTime => Msg::FormatDateTime,
        })
    }

    /// True when `text` is in this format.
    pub fn matches(self, text: &str) -> bool {
        match self {
            Self::Email => crate::formats::is_email(text),
            Self::Uri => crate::formats::is_uri(text),
            Self::Date => crate::formats::is_date(text),
            Self::DateTime => crate::formats::is_date_time(text),
        }
    }
}

/// What a `path` question accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum PathKind {
    /// A file.
    File,
    /// A directory.
    Dir,
    /// Either (the default).
    #[default]
    Any,
}

impl PathKind {
    /// The payload spelling: `file`, `dir` or `any`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::File => "file",
            Self::Dir => "dir",
            Self::Any => "any",
        }
    }
}

/// The rules of a question beyond its options, as the payload spells them (camelCase
/// fields, absent ones omitted). Which fields apply depends on the type: `placeholder`,
/// `multiline`, `minLength`, `maxLength`, `format` and `pattern` on `text`; `yesLabel` and `noLabel`
/// on `confirm`; `min`, `max`, `integer` and `unit` on `number`; `pathKind` and
/// `mustExist` on `path`; `minItems` and `maxItems` on `multi`; `placeholder` also on
/// `number` and `path`; `default` on every type. Validation reports a field on a type it
/// does not apply to.
///
/// ```
/// use ask_contract::{
///     QuestionType,
///     payload::{AskParams, QuestionParams},
///     rules::Rules,
/// };
///
/// let mut rules = Rules::default();
/// rules.min = Some(1.into());
/// rules.max = Some(10.into());
/// rules.integer = true;
/// let form = AskParams::new()
///     .question(QuestionParams::new("replicas", "How many replicas?").kind(QuestionType::Number).rules(rules))
///     .validate()?;
/// let q = &form.questions[0];
/// assert_eq!(q.rule_text().as_deref(), Some("A whole number from 1 to 10"));
/// assert_eq!(q.check_input("12"), Err("at most 10".to_owned()));
/// assert_eq!(q.check_input(" 3 "), Ok(serde_json::json!(3)));
/// # Ok::<(), ask_contract::ContractError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Rules {
    /// Muted text shown in an empty editor (`text`, `number`, `path`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The editor takes several lines (`text`); Enter still submits, the newline key adds a line.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub multiline: bool,
    /// Fewest characters (`text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    /// Most characters (`text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    /// The format the text must have (`text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<TextFormat>,
    /// A regular expression the text must match somewhere (`text`; as JSON Schema's
    /// `pattern`, in the dialect [`Pattern`] describes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Pattern>,
    /// Label of the yes answer (`confirm`; `Yes` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yes_label: Option<String>,
    /// Label of the no answer (`confirm`; `No` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_label: Option<String>,
    /// Smallest number allowed (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Number>,
    /// Largest number allowed (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Number>,
    /// Only whole numbers (`number`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub integer: bool,
    /// Unit shown after the field, like `MB` (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// What the path names (`path`; `any` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_kind: Option<PathKind>,
    /// The path must exist (`path`; checked by the host, which knows the file system).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must_exist: bool,
    /// Fewest options chosen (`multi`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_items: Option<u64>,
    /// Most options chosen (`multi`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
    /// The suggested answer: a string (`text`, `path`, the option value of `single` and
    /// `preview`), a number (`number`), a boolean (`confirm`) or an array of option values
    /// (`multi`). Editors start prefilled with it and choice questions show it as
    /// recommended; it becomes the answer only when the person confirms or edits it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
}

impl Rules {
    /// True when no field is set.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

impl QuestionType {
    /// True for the types answered by typing (`text`, `number`, `path`): no option rows,
    /// only an editor, and answers carry `value`.
    pub fn is_typed_input(self) -> bool {
        matches!(self, Self::Text | Self::Number | Self::Path)
    }

    /// True for the types whose answers carry `value` (`text`, `number`, `path`, `confirm`).
    pub fn has_value(self) -> bool {
        self.is_typed_input() || self == Self::Confirm
    }
}

/// A number for messages: `10`, `2.5`.
pub(crate) fn show_number(n: &Number) -> String {
    n.to_string()
}

/// `n` as a float (every JSON number has one).
pub(crate) fn as_f64(n: &Number) -> f64 {
    n.as_f64().unwrap_or(0.0)
}

/// Parses a typed number: an optional sign, digits, an optional fraction and exponent
/// (no `inf`, `NaN`, hex or blanks inside).
pub(crate) fn parse_number(text: &str) -> Option<Number> {
    let t = text.trim();
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (body.get(..at)?, Some(body.get(at + 1..)?)),
        None => (body, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let ok_mantissa = digits(whole)
        && fraction.is_none_or(digits)
        && (!whole.is_empty() || fraction.is_some_and(|f| !f.is_empty()));
    let ok_exponent = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if !ok_mantissa || !ok_exponent {
        return None;
    }
    // A whole value, however written (`2.0`, `1e3`, `18446744073709551615`), stays whole
    // and exact when an integer can carry it.
    if let Some(whole) = exact_whole(whole, fraction.unwrap_or(""), exponent) {
        let whole = if t.starts_with('-') { -whole } else { whole };
        if let Ok(i) = i64::try_from(whole) {
            return Some(i.into());
        }
        if let Ok(u) = u64::try_from(whole) {
            return Some(u.into());
        }
    }
    let f: f64 = t.strip_prefix('+').unwrap_or(t).parse().ok()?;
    Number::from_f64(f)
}

/// The exact value of `whole.fraction e exponent` (all ASCII digits, already checked)
/// when it is a whole number of at most 38 digits; `None` otherwise.
fn exact_whole(whole: &str, fraction: &str, exponent: Option<&str>) -> Option<i128> {
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) if e.len() > 6 => return None,
        Some(e) => e.parse().ok()?,
    };
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let scale = exponent - i64::try_from(fraction.len()).ok()?;
    if digits.is_empty() {
        return Some(0);
    }
    let kept = if scale >= 0 {
        digits
    } else {
        let cut = digits.len().checked_sub(usize::try_from(-scale).ok()?)?;
        let (kept, dropped) = digits.split_at(cut);
        if dropped.bytes().any(|b| b != b'0') {
            return None;
        }
        kept
    };
    let zeros = usize::try_from(scale.max(0)).ok()?;
    if kept.len() + zeros > 38 {
        return None;
    }
    let mut value: i128 = if kept.is_empty() {
        0
    } else {
        kept.parse().ok()?
    };
    for _ in 0..zeros {
        value = value.checked_mul(10)?;
    }
    Some(value)
}

/// The order of two JSON numbers, exact whenever one of them is whole (an integer, or a
/// whole float such as `1e19`); two fractions compare as floats.
pub(crate) fn cmp_numbers(a: &Number, b: &Number) -> std::cmp::Ordering {
    use std::cmp::Ordering::{Equal, Greater, Less};
    // Floats this small in magnitude convert to i128 exactly when whole.
    const EXACT: f64 = 1.0e37;
    let float = |n: &Number| as_f64(n);
    let exact = |n: &Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
            .or_else(|| {
                let f = float(n);
                #[allow(clippy::cast_possible_truncation)]
                (f.is_finite() && f.fract() == 0.0 && f.abs() < EXACT).then_some(f as i128)
            })
    };
    // An integer against a fraction: compared with the whole part below the fraction.
    let against = |x: i128, f: f64| {
        #[allow(clippy::cast_possible_truncation)]
        let below = f.floor() as i128;
        if x <= below { Less } else { Greater }
    };
    match (exact(a), exact(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(x), None) if float(b).abs() < EXACT => against(x, float(b)),
        (None, Some(y)) if float(a).abs() < EXACT => against(y, float(a)).reverse(),
        _ => float(a).partial_cmp(&float(b)).unwrap_or(Equal),
    }
}

/// The whole numbers an `integer` answer can carry: those of a 64-bit integer, signed or
/// not (-9223372036854775808 to 18446744073709551615).
pub(crate) const WHOLE_MIN: i64 = i64::MIN;
/// See [`WHOLE_MIN`].
pub(crate) const WHOLE_MAX: u64 = u64::MAX;

/// True for a number an `integer` answer can carry ([`WHOLE_MIN`] to [`WHOLE_MAX`]);
/// whole floats past that range (`1e20`) are not.
pub(crate) fn is_whole(n: &Number) -> bool {
    n.is_i64() || n.is_u64()
}

impl Question {
    /// The text an editor of this question starts with: the `default` of a `text`,
    /// `path` or `number` question.
    pub fn default_text(&self) -> Option<String> {
        if !self.kind.is_typed_input() {
            return None;
        }
        match self.rules.default.as_ref()? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(show_number(n)),
            _ => None,
        }
    }

    /// The default shown in the review as `unanswered (suggested: ...)`: the prefilled
    /// text, the default option's label (`confirm`, `single`, `preview`) or labels (`multi`).
    pub fn suggestion(&self) -> Option<String> {
        if let Some(text) = self.default_text() {
            return Some(text);
        }
        self.rules.default.as_ref()?;
        let labels: Vec<&str> = self
            .options
            .iter()
            .filter(|o| o.recommended)
            .map(|o| o.label.as_str())
            .collect();
        (!labels.is_empty()).then(|| labels.join(", "))
    }

    /// The rule of a typed question in words, for the inline hint and the accessible
    /// mode: `A number from 1 to 10`, `At most 80 characters`, `Yes or no`. `None` when the
    /// question has no rule worth saying. In English ([`Question::rule_text_in`] gives
    /// it in the person's language).
    pub fn rule_text(&self) -> Option<String> {
        self.rule_text_in(Locale::En)
    }

    /// [`Question::rule_text`] in `locale`.
    pub fn rule_text_in(&self, locale: Locale) -> Option<String> {
        let r = &self.rules;
        let t = |m: Msg| locale.text(m);
        match self.kind {
            QuestionType::Number => {
                let what: &dyn std::fmt::Display = &t(if r.integer {
                    Msg::RuleWholeNumber
                } else {
                    Msg::RuleNumber
                });
                let rule = match (&r.min, &r.max) {
                    (Some(lo), Some(hi)) => locale.format(
                        Msg::RuleNumberRange,
                        &[
                            ("what", what),
                            ("min", &show_number(lo)),
                            ("max", &show_number(hi)),
                        ],
                    ),
                    (Some(lo), None) => locale.format(
                        Msg::RuleNumberMin,
                        &[("what", what), ("min", &show_number(lo))],
                    ),
                    (None, Some(hi)) => locale.format(
                        Msg::RuleNumberMax,
                        &[("what", what), ("max", &show_number(hi))],
                    ),
                    (None, None) => what.to_string(),
                };
                Some(match r.unit.as_deref() {
                    Some(unit) => {
                        locale.format(Msg::RuleWithUnit, &[("rule", &rule), ("unit", &unit)])
                    }
                    None => rule,
                })
            }
            QuestionType::Text => {
                let length = match (r.min_length, r.max_length) {
                    (Some(lo), Some(hi)) if lo == hi => {
                        Some(locale.format(Msg::RuleCharsExact, &[("n", &lo)]))
                    }
                    (Some(lo), Some(hi)) => {
                        Some(locale.format(Msg::RuleCharsRange, &[("min", &lo), ("max", &hi)]))
                    }
                    (Some(lo), None) => Some(locale.format(Msg::RuleCharsMin, &[("n", &lo)])),
                    (None, Some(hi)) => Some(locale.format(Msg::RuleCharsMax, &[("n", &hi)])),
                    (None, None) => None,
                };
                let rule = match (r.format, length) {
                    (Some(f), Some(l)) => Some(locale.format(
                        Msg::RuleFormatAndLength,
                        &[("format", &f.describe_in(locale)), ("length", &l)],
                    )),
                    (Some(f), None) => Some(f.describe_in(locale).to_owned()),
                    (None, Some(l)) => Some(l),
                    (None, None) => None,
                };
                let rule = match (rule, &r.pattern) {
                    (Some(rule), Some(p)) => Some(
                        locale.format(Msg::RuleWithPattern, &[("rule", &rule), ("pattern", p)]),
                    ),
                    (None, Some(p)) => Some(locale.format(Msg::RulePattern, &[("pattern", p)])),
                    (rule, None) => rule,
                };
                rule.map(|r| capitalize(&r))
            }
            QuestionType::Path => Some(
                t(match (r.path_kind.unwrap_or_default(), r.must_exist) {
                    (PathKind::File, true) => Msg::RulePathFileExisting,
                    (PathKind::Dir, true) => Msg::RulePathDirExisting,
                    (PathKind::Any, true) => Msg::RulePathAnyExisting,
                    (PathKind::File, false) => Msg::RulePathFile,
                    (PathKind::Dir, false) => Msg::RulePathDir,
                    (PathKind::Any, false) => Msg::RulePathAny,
                })
                .to_owned(),
            ),
            QuestionType::Confirm => Some(t(Msg::RuleConfirm).to_owned()),
            QuestionType::Multi => match (r.min_items, r.max_items) {
                (Some(lo), Some(hi)) if lo == hi => {
                    Some(locale.format(Msg::RuleChooseExact, &[("n", &lo)]))
                }
                (Some(lo), Some(hi)) => {
                    Some(locale.format(Msg::RuleChooseRange, &[("min", &lo), ("max", &hi)]))
                }
                (Some(lo), None) => Some(locale.format(Msg::RuleChooseMin, &[("n", &lo)])),
                (None, Some(hi)) => Some(locale.format(Msg::RuleChooseMax, &[("n", &hi)])),
                (None, None) => None,
            },
            _ => None,
        }
    }

    /// Checks typed input of a `text`, `number` or `path` question (trimmed, as the
    /// editor commits it) and returns the answer's `value`, or the broken rule in a few
    /// words (`at most 10`, `not a number`). Questions of other types accept any text as
    /// their free-form answer (a string value). In English, as scripted answers and
    /// validation issues say it ([`Question::check_input_in`] for the person).
    pub fn check_input(&self, text: &str) -> Result<Value, String> {
        check_input(self.kind, &self.rules, text)
    }

    /// [`Question::check_input`] with the broken rule said in `locale`.
    pub fn check_input_in(&self, locale: Locale, text: &str) -> Result<Value, String> {
        check_input_in(locale, self.kind, &self.rules, text)
    }

    /// Checks how many options a `multi` question has chosen against `minItems` and
    /// `maxItems`; `Err` says the rule (`choose at least 2`). Zero chosen is unanswered,
    /// which is always allowed.
    pub fn check_count(&self, chosen: usize) -> Result<(), String> {
        self.check_count_in(Locale::En, chosen)
    }

    /// [`Question::check_count`] with the rule said in `locale`.
    pub fn check_count_in(&self, locale: Locale, chosen: usize) -> Result<(), String> {
        let n = chosen as u64;
        if n == 0 {
            return Ok(());
        }
        if let Some(lo) = self.rules.min_items.filter(|lo| n < *lo) {
            return Err(locale.format(Msg::ProblemChooseMin, &[("min", &lo), ("count", &n)]));
        }
        if let Some(hi) = self.rules.max_items.filter(|hi| n > *hi) {
            return Err(locale.format(Msg::ProblemChooseMax, &[("max", &hi), ("count", &n)]));
        }
        Ok(())
    }
}

/// [`Question::check_input`] for a type and its rules.
pub(crate) fn check_input(kind: QuestionType, r: &Rules, text: &str) -> Result<Value, String> {
    check_input_in(Locale::En, kind, r, text)
}

/// [`check_input`] with the broken rule said in `locale`.
fn check_input_in(
    locale: Locale,
    kind: QuestionType,
    r: &Rules,
    text: &str,
) -> Result<Value, String> {
    let t = text.trim();
    match kind {
        QuestionType::Number => {
            let Some(n) = parse_number(t) else {
                return Err(locale
                    .text(if t.is_empty() {
                        Msg::ProblemTypeNumber
                    } else {
                        Msg::ProblemNotNumber
                    })
                    .to_owned());
            };
            if r.integer && !is_whole(&n) {
                let f = as_f64(&n);
                // A whole number past what an integer answer carries says the range.
                return Err(if f.fract() != 0.0 || !f.is_finite() {
                    locale.text(Msg::ProblemWholeNumber).to_owned()
                } else if f < 0.0 {
                    locale.format(Msg::ProblemAtLeast, &[("min", &WHOLE_MIN)])
                } else {
                    locale.format(Msg::ProblemAtMost, &[("max", &WHOLE_MAX)])
                });
            }
            if let Some(lo) = r
                .min
                .as_ref()
                .filter(|lo| cmp_numbers(&n, lo) == std::cmp::Ordering::Less)
            {
                return Err(locale.format(Msg::ProblemAtLeast, &[("min", &show_number(lo))]));
            }
            if let Some(hi) = r
                .max
                .as_ref()
                .filter(|hi| cmp_numbers(&n, hi) == std::cmp::Ordering::Greater)
            {
                return Err(locale.format(Msg::ProblemAtMost, &[("max", &show_number(hi))]));
            }
            Ok(Value::Number(n))
        }
        QuestionType::Text => {
            let count = t.chars().count() as u64;
            if let Some(lo) = r.min_length.filter(|lo| count < *lo) {
                return Err(locale.format(Msg::ProblemCharsMin, &[("min", &lo), ("count", &count)]));
            }
            if let Some(hi) = r.max_length.filter(|hi| count > *hi) {
                return Err(locale.format(Msg::ProblemCharsMax, &[("max", &hi), ("count", &count)]));
            }
            if let Some(format) = r.format.filter(|f| !t.is_empty() && !f.matches(t)) {
                return Err(locale.format(
                    Msg::ProblemNotFormat,
                    &[("format", &format.describe_in(locale))],
                ));
            }
            if let Some(p) = r
                .pattern
                .as_ref()
                .filter(|p| !t.is_empty() && !p.is_match(t))
            {
                return Err(locale.format(Msg::ProblemPattern, &[("pattern", p)]));
            }
            Ok(Value::String(t.to_owned()))
        }
        _ => Ok(Value::String(t.to_owned())),
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
