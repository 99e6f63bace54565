//! What the accessible mode prints, drawn from the live form's [`ViewModel`]: a question
//! with its options, rule and answer; the review; the help. Payload text is sanitized.

use std::fmt::Write as _;

use ask_contract::QuestionType;
use ask_i18n::{Locale, Msg};
use ask_state::Flow;

use crate::view::{QuestionView, ViewModel};

/// Untrusted text made safe for a terminal (control characters and bidi controls
/// become visible placeholders).
pub(super) fn clean(text: &str) -> String {
    ask_render::text::sanitize(text).into_owned()
}

/// The help text (`?`): the command letters stay, what they do is in `locale`.
pub(super) fn help(locale: Locale) -> String {
    let t = |m: Msg| locale.text(m);
    let word = t(Msg::AccessibleHelpTextWord);
    let (own, option, question) = (
        format!("o {word}"),
        format!("n N {word}"),
        format!("q {word}"),
    );
    let rows = [
        (own.as_str(), t(Msg::AccessibleHelpOwn)),
        (option.as_str(), t(Msg::AccessibleHelpOptionNote)),
        (question.as_str(), t(Msg::AccessibleHelpQuestionNote)),
        (t(Msg::AccessibleHelpEmpty), t(Msg::AccessibleHelpSkip)),
        ("b", t(Msg::AccessibleHelpBack)),
        ("?", t(Msg::AccessibleHelpHelp)),
    ];
    let w = (rows.iter())
        .map(|(k, _)| ask_render::text::display_width(k))
        .max()
        .unwrap_or(0);
    let mut out = format!("{}\n", t(Msg::AccessibleHelpIntro));
    for (key, what) in rows {
        let pad = w - ask_render::text::display_width(key);
        let _ = writeln!(out, "  {key}{}   {what}", " ".repeat(pad));
    }
    out.push_str(t(Msg::AccessibleHelpReview));
    out
}

/// Whether question `q` must be answered before Submit (a closed form's `required`).
fn required(flow: &Flow, q: &QuestionView) -> bool {
    flow.options().closed && q.required
}

/// Question `i` as it stands.
pub(super) fn question(view: &ViewModel, i: usize, flow: &Flow) -> String {
    let Some(q) = view.questions.get(i) else {
        return String::new();
    };
    let locale = flow.locale();
    let t = |m: Msg| locale.text(m);
    let mut out = String::new();
    let kind = t(match (q.freeform, q.kind) {
        (_, QuestionType::Confirm) => Msg::AccessibleKindConfirm,
        (_, QuestionType::Number) => Msg::AccessibleKindNumber,
        (_, QuestionType::Path) => Msg::AccessibleKindPath,
        (true, _) => Msg::AccessibleKindText,
        (_, QuestionType::Multi) => Msg::AccessibleKindMulti,
        _ if q.multiple => Msg::AccessibleKindSwitched,
        _ => Msg::AccessibleKindSingle,
    });
    let of = locale.format(
        Msg::AccessibleQuestionOf,
        &[("n", &(i + 1)), ("total", &view.questions.len())],
    );
    let kind = if required(flow, q) {
        locale.format(Msg::AccessibleKindRequired, &[("kind", &kind)])
    } else {
        kind.to_owned()
    };
    let _ = writeln!(out, "\n{of}: {} ({kind})", clean(&q.label));
    let _ = writeln!(out, "{}", clean(&q.prompt));
    for (j, option) in q.options.iter().enumerate() {
        let mut row = format!("{}. {}", j + 1, clean(&option.label));
        if option.recommended {
            let _ = write!(row, " {}", t(Msg::OptionRecommended));
        }
        if option.selected {
            let _ = write!(row, " {}", t(Msg::AccessibleSelected));
        }
        if let Some(description) = &option.description {
            let _ = write!(row, " - {}", clean(description));
        }
        let _ = writeln!(out, "{row}");
        if let Some(preview) = &option.preview {
            for l in clean(preview).lines() {
                let _ = writeln!(out, "    {l}");
            }
        }
        if let Some(note) = &option.note {
            let _ = writeln!(out, "   {} {}", t(Msg::AccessibleNote), clean(note));
        }
    }
    if q.custom_row {
        let _ = writeln!(out, "o. {}", t(Msg::OptionCustom));
    }
    rule_lines(q, &mut out, locale);
    if let Some(custom) = q.custom_text.as_ref().filter(|_| q.custom_selected) {
        let _ = writeln!(out, "{} {}", t(Msg::AccessibleOwnAnswer), clean(custom));
    }
    if let Some(problem) = &q.problem {
        let said = locale.format(Msg::AccessibleNotAccepted, &[("problem", problem)]);
        let _ = writeln!(out, "{}", clean(&said));
    }
    if let Some(note) = &q.note {
        let _ = writeln!(out, "{} {}", t(Msg::NoteQuestion), clean(note));
    }
    out
}

/// The rule, the example and the suggestion of a typed or confirm question.
fn rule_lines(q: &QuestionView, out: &mut String, locale: Locale) {
    match q.kind {
        QuestionType::Confirm => {
            let _ = writeln!(out, "{}", locale.text(Msg::AccessibleConfirmPrompt));
        }
        kind if kind.is_typed_input() || kind == QuestionType::Multi => {
            if let Some(rule) = &q.rule {
                let _ = writeln!(out, "{}", clean(rule));
            }
        }
        _ => {}
    }
    if let Some(placeholder) = q.input.as_ref().and_then(|i| i.placeholder.as_deref()) {
        let example = locale.text(Msg::AccessibleExample);
        let _ = writeln!(out, "{example} {}", clean(placeholder));
    }
    if let Some(suggestion) = q.suggestion.as_ref().filter(|_| q.kind.is_typed_input()) {
        let said = locale.format(Msg::AccessibleSuggested, &[("answer", &clean(suggestion))]);
        let _ = writeln!(out, "{said}");
    }
}

/// The review: every answer and note, then the question.
pub(super) fn review(view: &ViewModel, flow: &Flow) -> String {
    let locale = flow.locale();
    let t = |m: Msg| locale.text(m);
    let mut out = format!("\n{}\n", t(Msg::AccessibleReviewTitle));
    for q in &view.questions {
        let mut labels: Vec<String> = (q.options.iter())
            .filter(|o| o.selected)
            .map(|o| {
                let label = clean(&o.label);
                if o.recommended {
                    format!("{label} {}", t(Msg::OptionRecommended))
                } else {
                    label
                }
            })
            .collect();
        labels.extend((q.custom_text.as_deref().filter(|_| q.custom_selected)).map(clean));
        let answer = if !labels.is_empty() {
            labels.join(", ")
        } else if required(flow, q) {
            t(Msg::AccessibleUnansweredRequired).to_owned()
        } else {
            t(Msg::ReviewUnanswered).to_owned()
        };
        let _ = writeln!(out, "{}: {answer}", clean(&q.label));
        if let Some(note) = &q.note {
            let _ = writeln!(out, "  {} {}", t(Msg::AccessibleNote), clean(note));
        }
        for o in q.options.iter().filter(|o| o.note.is_some()) {
            // Submit drops the notes of options that are not selected.
            let unsent = if o.selected {
                String::new()
            } else {
                format!(" {}", t(Msg::AccessibleNotSelected))
            };
            let note = o.note.as_deref().map(clean).unwrap_or_default();
            let (label, said) = (clean(&o.label), t(Msg::AccessibleNote));
            let _ = writeln!(out, "  {label}{unsent} {said} {note}");
        }
    }
    let _ = writeln!(out, "{}", t(Msg::AccessibleReviewQuestion));
    out
}
