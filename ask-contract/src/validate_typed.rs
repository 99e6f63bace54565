//! Validation of the typed-question fields ([`Rules`]): each field's JSON type, the type
//! it applies to, bounds that contradict each other, and a `default` that breaks its own
//! question's rules. Every issue has its path, like the rest of validation.

use serde_json::{Number, Value};

use crate::form::{QuestionOption, QuestionType};
use crate::issue::ContractError;
use crate::json::{Node, View};
use crate::loc::{Loc, describe, quote};
use crate::pattern::Pattern;
use crate::typed::{
    PathKind, Rules, TextFormat, WHOLE_MAX, WHOLE_MIN, as_f64, check_input, cmp_numbers, is_whole,
    show_number,
};
use crate::validate::Validator;

/// Which types a field applies to.
const TEXT: &[QuestionType] = &[QuestionType::Text];
const EDITORS: &[QuestionType] = &[QuestionType::Text, QuestionType::Number, QuestionType::Path];
const CONFIRM: &[QuestionType] = &[QuestionType::Confirm];
const NUMBER: &[QuestionType] = &[QuestionType::Number];
const PATH: &[QuestionType] = &[QuestionType::Path];
const MULTI: &[QuestionType] = &[QuestionType::Multi];

/// The two options of a confirm question.
pub(crate) fn confirm_options(rules: &Rules) -> Vec<QuestionOption> {
    let option = |value: &str, label: Option<&String>, fallback: &str| QuestionOption {
        value: value.to_owned(),
        label: label.map_or_else(|| fallback.to_owned(), Clone::clone),
        description: None,
        preview: None,
        recommended: false,
    };
    vec![
        option("yes", rules.yes_label.as_ref(), "Yes"),
        option("no", rules.no_label.as_ref(), "No"),
    ]
}

impl Validator {
    /// The field `key` of `obj` when present (`null` counts as absent) and `kind` is one
    /// of the types it applies to. On other types it is ignored like any unknown field:
    /// payloads written before these fields existed keep validating as they did.
    fn field<'v, N: Node>(
        obj: &'v N,
        key: &'static str,
        kind: QuestionType,
        applies: &[QuestionType],
    ) -> Option<View<'v, N>> {
        if !applies.contains(&kind) {
            return None;
        }
        obj.get(key)
            .map(Node::view)
            .filter(|v| !matches!(v, View::Null))
    }

    fn flag<N: Node>(
        &mut self,
        obj: &N,
        i: usize,
        key: &'static str,
        kind: QuestionType,
        applies: &[QuestionType],
    ) -> bool {
        match Self::field(obj, key, kind, applies) {
            None => false,
            Some(View::Bool(b)) => b,
            Some(other) => {
                self.issue(
                    Loc::Question(i, key),
                    format!("must be true or false, got {}", describe(&other)),
                );
                false
            }
        }
    }

    fn text_field<N: Node>(
        &mut self,
        obj: &N,
        i: usize,
        key: &'static str,
        kind: QuestionType,
        applies: &[QuestionType],
    ) -> Option<String> {
        match Self::field(obj, key, kind, applies)? {
            View::Str(s) if s.trim().is_empty() => {
                self.issue(
                    Loc::Question(i, key),
                    "must not be blank when provided; remove it or add text",
                );
                None
            }
            View::Str(s) => Some(s.trim().to_owned()),
            other => {
                self.issue(
                    Loc::Question(i, key),
                    format!("must be a string, got {}", describe(&other)),
                );
                None
            }
        }
    }

    fn count_field<N: Node>(
        &mut self,
        obj: &N,
        i: usize,
        key: &'static str,
        kind: QuestionType,
        applies: &[QuestionType],
    ) -> Option<u64> {
        match Self::field(obj, key, kind, applies)? {
            View::Number(n) if n.as_u64().is_some() => n.as_u64(),
            other => {
                self.issue(
                    Loc::Question(i, key),
                    format!(
                        "must be a whole number of 0 or more, got {}",
                        describe(&other)
                    ),
                );
                None
            }
        }
    }

    fn number_field<N: Node>(
        &mut self,
        obj: &N,
        i: usize,
        key: &'static str,
        kind: QuestionType,
    ) -> Option<Number> {
        match Self::field(obj, key, kind, NUMBER)? {
            View::Number(n) => Some(n.clone()),
            other => {
                self.issue(
                    Loc::Question(i, key),
                    format!("must be a number, got {}", describe(&other)),
                );
                None
            }
        }
    }

    /// The rules of question `i` of type `kind`; marks default options of choice questions
    /// as recommended.
    pub(crate) fn rules<N: Node>(
        &mut self,
        obj: &N,
        i: usize,
        kind: QuestionType,
        options: &mut Vec<QuestionOption>,
    ) -> Rules {
        let mut r = Rules {
            placeholder: self.text_field(obj, i, "placeholder", kind, EDITORS),
            multiline: self.flag(obj, i, "multiline", kind, TEXT),
            min_length: self.count_field(obj, i, "minLength", kind, TEXT),
            max_length: self.count_field(obj, i, "maxLength", kind, TEXT),
            yes_label: self.text_field(obj, i, "yesLabel", kind, CONFIRM),
            no_label: self.text_field(obj, i, "noLabel", kind, CONFIRM),
            min: self.number_field(obj, i, "min", kind),
            max: self.number_field(obj, i, "max", kind),
            integer: self.flag(obj, i, "integer", kind, NUMBER),
            unit: self.text_field(obj, i, "unit", kind, NUMBER),
            must_exist: self.flag(obj, i, "mustExist", kind, PATH),
            min_items: self.count_field(obj, i, "minItems", kind, MULTI),
            max_items: self.count_field(obj, i, "maxItems", kind, MULTI),
            ..Rules::default()
        };
        r.format = match Self::field(obj, "format", kind, TEXT) {
            None => None,
            Some(View::Str(s)) => TextFormat::parse(s.trim()).or_else(|| {
                self.issue(
                    Loc::Question(i, "format"),
                    format!(
                        "unknown format {}; use \"email\", \"uri\", \"date\" or \"date-time\"",
                        quote(s)
                    ),
                );
                None
            }),
            Some(other) => {
                self.issue(
                    Loc::Question(i, "format"),
                    format!(
                        "must be \"email\", \"uri\", \"date\" or \"date-time\", got {}",
                        describe(&other)
                    ),
                );
                None
            }
        };
        r.pattern = match Self::field(obj, "pattern", kind, TEXT) {
            None => None,
            Some(View::Str(s)) => Pattern::new(s)
                .map_err(|err| {
                    let reason = match &err {
                        ContractError::InvalidPattern { reason, .. } => reason.clone(),
                        other => other.to_string(),
                    };
                    self.issue(
                        Loc::Question(i, "pattern"),
                        format!(
                            "{} is not a pattern that can be checked: {reason}",
                            quote(s)
                        ),
                    );
                })
                .ok(),
            Some(other) => {
                self.issue(
                    Loc::Question(i, "pattern"),
                    format!(
                        "must be a regular expression (a string), got {}",
                        describe(&other)
                    ),
                );
                None
            }
        };
        r.path_kind = match Self::field(obj, "pathKind", kind, PATH) {
            None => None,
            Some(View::Str("file")) => Some(PathKind::File),
            Some(View::Str("dir")) => Some(PathKind::Dir),
            Some(View::Str("any")) => Some(PathKind::Any),
            Some(other) => {
                self.issue(
                    Loc::Question(i, "pathKind"),
                    format!(
                        "must be \"file\", \"dir\" or \"any\", got {}",
                        describe(&other)
                    ),
                );
                None
            }
        };
        if kind == QuestionType::Confirm {
            *options = confirm_options(&r);
        }
        self.bounds(i, &r, options.len());
        if kind == QuestionType::Confirm
            && let Some(label) = r
                .yes_label
                .as_ref()
                .filter(|y| r.no_label.as_ref() == Some(*y))
        {
            self.issue(
                Loc::Question(i, "noLabel"),
                format!(
                    "is the same as yesLabel ({}); give the two answers different labels",
                    quote(label)
                ),
            );
        }
        let before = self.count();
        if let Some(default) = obj
            .get("default")
            .filter(|d| !matches!(d.view(), View::Null))
        {
            r.default = self.default(default, i, kind, &r, options);
        }
        if self.count() > before {
            r.default = None;
        }
        r
    }

    /// `min` and `max` of an `integer` question past what an answer can carry: a bound
    /// no answer could reach (`max` 1e20 would promise answers up to it).
    fn whole_bounds(&mut self, i: usize, r: &Rules) {
        let range = format!("whole-number answers run from {WHOLE_MIN} to {WHOLE_MAX}");
        for (field, bound) in [("min", &r.min), ("max", &r.max)] {
            let Some(n) = bound else { continue };
            let f = as_f64(n);
            // 2^64 and -2^63, the first floats past the range.
            let past = !is_whole(n)
                && !(-9_223_372_036_854_775_808.0..18_446_744_073_709_551_616.0).contains(&f);
            if past {
                self.issue(
                    Loc::Question(i, field),
                    format!(
                        "is {}, past what an integer answer can carry ({range}); use a {field} in that range or drop integer",
                        show_number(n)
                    ),
                );
            }
        }
    }

    /// Bounds that contradict each other or the options.
    fn bounds(&mut self, i: usize, r: &Rules, option_count: usize) {
        if let (Some(lo), Some(hi)) = (r.min_length, r.max_length)
            && lo > hi
        {
            self.issue(
                Loc::Question(i, "minLength"),
                format!("is {lo}, more than maxLength {hi}; lower minLength or raise maxLength"),
            );
        }
        if let (Some(lo), Some(hi)) = (&r.min, &r.max)
            && cmp_numbers(lo, hi) == std::cmp::Ordering::Greater
        {
            self.issue(
                Loc::Question(i, "min"),
                format!(
                    "is {}, more than max {}; lower min or raise max",
                    show_number(lo),
                    show_number(hi)
                ),
            );
        }
        if r.integer {
            self.whole_bounds(i, r);
            if let (Some(lo), Some(hi)) = (&r.min, &r.max)
                && as_f64(lo).ceil() > as_f64(hi).floor()
            {
                self.issue(
                    Loc::Question(i, "min"),
                    format!(
                        "no whole number lies between min {} and max {}",
                        show_number(lo),
                        show_number(hi)
                    ),
                );
            }
        }
        if let (Some(lo), Some(hi)) = (r.min_items, r.max_items)
            && lo > hi
        {
            self.issue(
                Loc::Question(i, "minItems"),
                format!("is {lo}, more than maxItems {hi}; lower minItems or raise maxItems"),
            );
        }
        if let Some(lo) = r.min_items.filter(|lo| {
            usize::try_from(*lo).map_or(true, |lo| lo > option_count) && option_count > 0
        }) {
            self.issue(
                Loc::Question(i, "minItems"),
                format!("is {lo}, but the question has only {option_count} options"),
            );
        }
        if r.max_items == Some(0) {
            self.issue(
                Loc::Question(i, "maxItems"),
                "must be at least 1 (an unanswered question is always allowed)",
            );
        }
    }

    /// The `default`, checked against the question's own rules and options.
    fn default<N: Node>(
        &mut self,
        node: &N,
        i: usize,
        kind: QuestionType,
        r: &Rules,
        options: &mut [QuestionOption],
    ) -> Option<Value> {
        let loc = Loc::Question(i, "default");
        let view = node.view();
        let bad = |v: &mut Self, what: &str| {
            v.issue(
                loc,
                format!(
                    "must be {what} on a \"{}\" question, got {}",
                    kind.as_str(),
                    describe(&view)
                ),
            );
            None
        };
        match kind {
            QuestionType::Text | QuestionType::Path => {
                let View::Str(s) = node.view() else {
                    return bad(self, "a string");
                };
                let value = check_input(kind, r, s);
                self.own_rules(loc, s, value)
            }
            QuestionType::Number => {
                let View::Number(n) = node.view() else {
                    return bad(self, "a number");
                };
                let value = check_input(kind, r, &n.to_string());
                self.own_rules(loc, &n.to_string(), value)
            }
            QuestionType::Confirm => {
                let View::Bool(b) = node.view() else {
                    return bad(self, "true or false");
                };
                if let Some(o) = options.get_mut(usize::from(!b)) {
                    o.recommended = true;
                }
                Some(Value::Bool(b))
            }
            QuestionType::Multi => {
                let View::Array(items) = node.view() else {
                    return bad(self, "an array of option values");
                };
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    let View::Str(s) = item.view() else {
                        self.issue(
                            loc,
                            format!(
                                "must list option values (strings), got {}",
                                describe(&item.view())
                            ),
                        );
                        return None;
                    };
                    values.push(self.default_option(loc, s, options)?);
                }
                if let Some(lo) = r
                    .min_items
                    .filter(|lo| (values.len() as u64) < *lo && !values.is_empty())
                {
                    self.issue(
                        loc,
                        format!("names {} options, fewer than minItems {lo}", values.len()),
                    );
                }
                if let Some(hi) = r.max_items.filter(|hi| values.len() as u64 > *hi) {
                    self.issue(
                        loc,
                        format!("names {} options, more than maxItems {hi}", values.len()),
                    );
                }
                Some(Value::Array(values))
            }
            _ => {
                let View::Str(s) = node.view() else {
                    return bad(self, "an option value");
                };
                let value = self.default_option(loc, s, options)?;
                if let Some(k) = options
                    .iter()
                    .position(|o| o.recommended && o.value != s.trim())
                {
                    self.issue(loc, format!("names {} but options[{k}] is recommended; a single-choice question shows one suggestion, so keep one", quote(s)));
                    return None;
                }
                Some(value)
            }
        }
    }

    fn own_rules(
        &mut self,
        loc: Loc<'_>,
        text: &str,
        value: Result<Value, String>,
    ) -> Option<Value> {
        match value {
            Ok(v) if !text.trim().is_empty() => Some(v),
            Ok(_) => {
                self.issue(
                    loc,
                    "must not be blank when provided; remove it or give a suggestion",
                );
                None
            }
            Err(rule) => {
                self.issue(
                    loc,
                    format!("{} breaks the question's own rules: {rule}", quote(text)),
                );
                None
            }
        }
    }

    /// A default naming option `value`: marks it recommended.
    fn default_option(
        &mut self,
        loc: Loc<'_>,
        value: &str,
        options: &mut [QuestionOption],
    ) -> Option<Value> {
        let value = value.trim();
        if let Some(o) = options.iter_mut().find(|o| o.value == value) {
            o.recommended = true;
            return Some(Value::String(value.to_owned()));
        }
        if !options.is_empty() {
            self.issue(
                loc,
                format!(
                    "names {} which is not an option value of this question",
                    quote(value)
                ),
            );
        }
        None
    }

    /// Options on a question typed by hand (`text`, `number`, `path`) or a `confirm`
    /// question: none allowed (an empty array is fine).
    pub(crate) fn no_options<N: Node>(&mut self, obj: &N, i: usize, kind: QuestionType) {
        match obj.get("options").map(Node::view) {
            None | Some(View::Null | View::Array([])) => {}
            Some(_) if kind == QuestionType::Confirm => self.issue(
                Loc::Question(i, "options"),
                "a confirm question has no options (its answers are yes and no); remove them, use yesLabel and noLabel for the labels, or use type \"single\"",
            ),
            Some(_) => self.issue(
                Loc::Question(i, "options"),
                format!("a \"{}\" question is answered by typing and takes no options; remove them or use type \"single\"", kind.as_str()),
            ),
        }
    }
}
