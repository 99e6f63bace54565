//! Every catalogue has exactly the English keys with the same placeholders; lookups
//! fall back and never panic; the pseudo-locale marks every text.

use std::collections::{BTreeMap, BTreeSet};

use ask_i18n::{Locale, Msg, entries, fill, placeholders, source};

/// What is wrong with one catalogue, or nothing.
fn problems(locale: Locale) -> Vec<String> {
    problems_in(source(locale).unwrap())
}

/// What is wrong with the catalogue `text`, measured against the English one.
fn problems_in(text: &str) -> Vec<String> {
    let english: BTreeMap<&str, &str> = entries(source(Locale::En).unwrap()).collect();
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim_start();
        if !(l.is_empty() || l.starts_with('#') || l.contains(" = ") || l.ends_with(" =")) {
            out.push(format!("line {}: not `key = text`: {line:?}", n + 1));
        }
    }
    let mut seen = BTreeSet::new();
    for (key, value) in entries(text) {
        if !seen.insert(key) {
            out.push(format!("{key}: given twice"));
        }
        let Some(reference) = english.get(key) else {
            out.push(format!("{key}: not an English key (extra)"));
            continue;
        };
        let mut want = placeholders(reference);
        let mut got = placeholders(value);
        want.sort_unstable();
        got.sort_unstable();
        if want != got {
            out.push(format!("{key}: placeholders {got:?}, English has {want:?}"));
        }
        let stripped = value.replace("{{", "").replace("}}", "");
        let stray = placeholders(&stripped)
            .iter()
            .fold(stripped.clone(), |s, p| s.replace(&format!("{{{p}}}"), ""));
        let odd_name = placeholders(value)
            .iter()
            .any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        if stray.contains(['{', '}']) || odd_name {
            out.push(format!(
                "{key}: a brace that opens or closes no placeholder: {value:?}"
            ));
        }
        if value.is_empty() {
            out.push(format!("{key}: empty text"));
        }
        if value.chars().any(char::is_control) {
            out.push(format!("{key}: control character in {value:?}"));
        }
    }
    for key in english.keys() {
        if !seen.contains(key) {
            out.push(format!("{key}: missing"));
        }
    }
    out
}

#[test]
fn english_has_every_key_once() {
    let keys: Vec<&str> = entries(source(Locale::En).unwrap())
        .map(|(k, _)| k)
        .collect();
    let wanted: Vec<&str> = Msg::ALL.iter().map(|m| m.key()).collect();
    assert_eq!(keys, wanted, "en.txt lists the keys of `Msg` in its order");
    assert!(
        problems(Locale::En).is_empty(),
        "{:?}",
        problems(Locale::En)
    );
}

#[test]
fn every_catalogue_has_the_english_keys_and_placeholders() {
    let mut all = Vec::new();
    for &locale in Locale::ALL {
        all.extend(
            problems(locale)
                .into_iter()
                .map(|p| format!("{locale}: {p}")),
        );
    }
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

#[test]
fn the_check_catches_a_missing_an_extra_and_a_broken_key() {
    // The checker itself, on a copy of the English catalogue made wrong on purpose:
    // its first key dropped, one placeholder renamed, an unknown key and a stray brace.
    use std::fmt::Write as _;
    let english: Vec<(&str, &str)> = entries(source(Locale::En).unwrap()).collect();
    let (first, _) = english[0];
    let (renamed, _) = *english
        .iter()
        .find(|(_, t)| !placeholders(t).is_empty())
        .unwrap();
    let mut text = String::new();
    for (key, value) in &english[1..] {
        let value = if *key == renamed {
            value.replacen('{', "{x", 1)
        } else {
            (*value).to_owned()
        };
        let _ = writeln!(text, "{key} = {value}");
    }
    text.push_str("no.such.key = x\nnot a line\n");
    let found = problems_in(&text);
    for want in [
        format!("{first}: missing"),
        "no.such.key: not an English key (extra)".to_owned(),
        format!("{renamed}: placeholders"),
        "not `key = text`".to_owned(),
    ] {
        assert!(
            found.iter().any(|p| p.contains(&want)),
            "{want:?} in {found:?}"
        );
    }
    let braces = format!("{renamed} = {{ {{n}}\n");
    assert!(problems_in(&braces).iter().any(|p| p.contains("a brace")));
}

#[test]
fn lookups_fall_back_and_fill_placeholders() {
    for &locale in Locale::ALL.iter().chain([&Locale::Pseudo]) {
        for &msg in Msg::ALL {
            assert!(!locale.text(msg).is_empty(), "{locale} {}", msg.key());
        }
    }
    assert_eq!(Locale::En.text(Msg::ReviewTitle), "Review your answers");
    assert_eq!(
        Locale::En.format(Msg::FilterCount, &[("n", &2), ("total", &9)]),
        "(2 of 9)"
    );
    assert_eq!(fill("{a} {b} {a}", &[("a", &1)]), "1 {b} 1");
    for odd in [
        "{", "}", "{{", "}}", "{a", "a}", "{}", "{{a}}", "}{", "é{", "{é}",
    ] {
        let _ = fill(odd, &[("a", &1), ("", &2)]);
        let _ = placeholders(odd);
    }
    assert_eq!(fill("{{a}}", &[("a", &1)]), "{a}");
}

#[test]
fn plurals_follow_each_language() {
    let one = (Msg::ReviewMoreOne, Msg::ReviewMoreOther);
    assert_eq!(Locale::En.plural(1, one, &[("n", &1)]), "1 more question");
    assert_eq!(Locale::En.plural(0, one, &[("n", &0)]), "0 more questions");
    assert!(Locale::Fr.is_one(0) && Locale::Fr.is_one(1) && !Locale::Fr.is_one(2));
    assert!(Locale::PtBr.is_one(0) && !Locale::PtBr.is_one(2));
    assert!(!Locale::Es.is_one(0) && Locale::Es.is_one(1));
    assert!(!Locale::Ja.is_one(1) && !Locale::ZhCn.is_one(1));
}

#[test]
fn the_pseudo_locale_marks_every_text() {
    for &msg in Msg::ALL {
        let text = Locale::Pseudo.text(msg);
        assert!(
            text.starts_with('⟦') && text.ends_with('⟧'),
            "{}: {text:?}",
            msg.key()
        );
        assert_eq!(
            &text['⟦'.len_utf8()..text.len() - '⟧'.len_utf8()],
            Locale::En.text(msg)
        );
    }
    // The marks are one column wide, like the text they wrap.
    assert_eq!(unicode_width::UnicodeWidthStr::width("⟦⟧"), 2);
}

#[test]
fn translations_are_not_english_left_over() {
    // A catalogue where most texts equal the English ones was copied, not translated.
    for &locale in &Locale::ALL[1..] {
        let same = Msg::ALL
            .iter()
            .filter(|m| locale.text(**m) == Locale::En.text(**m))
            .count();
        assert!(
            same * 5 < Msg::ALL.len(),
            "{locale}: {same} of {} texts are the English ones",
            Msg::ALL.len()
        );
    }
}
