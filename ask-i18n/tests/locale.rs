//! Locale names from settings and the environment.

use ask_i18n::{Locale, LocaleSetting};

#[test]
fn setting_and_environment_values() {
    let cases = [
        ("en", Some(Locale::En)),
        ("en_US.UTF-8", Some(Locale::En)),
        ("C", Some(Locale::En)),
        ("POSIX", Some(Locale::En)),
        ("C.UTF-8", Some(Locale::En)),
        ("es", Some(Locale::Es)),
        ("es_MX.utf8", Some(Locale::Es)),
        ("FR", Some(Locale::Fr)),
        ("fr_CA@euro", Some(Locale::Fr)),
        ("pt-BR", Some(Locale::PtBr)),
        ("pt_BR.UTF-8", Some(Locale::PtBr)),
        ("pt_PT", Some(Locale::PtBr)),
        ("de_DE", Some(Locale::De)),
        ("de-CH", Some(Locale::De)),
        ("ja_JP.eucJP", Some(Locale::Ja)),
        ("zh-CN", Some(Locale::ZhCn)),
        ("zh_CN.GB18030", Some(Locale::ZhCn)),
        ("zh-Hans-SG", Some(Locale::ZhCn)),
        ("zh", Some(Locale::ZhCn)),
        ("zh_TW.UTF-8", None),
        ("zh-Hant", None),
        ("it_IT", None),
        ("", None),
        ("-", None),
        ("qps-ploc", Some(Locale::Pseudo)),
    ];
    for (value, want) in cases {
        assert_eq!(Locale::parse(value), want, "{value:?}");
    }
    for &locale in Locale::ALL.iter().chain([&Locale::Pseudo]) {
        assert_eq!(Locale::parse(locale.tag()), Some(locale));
        assert_eq!(
            LocaleSetting::parse(locale.tag()),
            Some(LocaleSetting::Fixed(locale))
        );
    }
    assert_eq!(LocaleSetting::parse("AUTO"), Some(LocaleSetting::Auto));
    assert_eq!(LocaleSetting::parse("klingon"), None);
}

#[test]
fn the_environment_is_read_as_posix_does() {
    assert_eq!(
        Locale::from_env(Some("de_DE"), Some("ja_JP"), Some("fr_FR")),
        Locale::De
    );
    assert_eq!(
        Locale::from_env(None, Some("ja_JP"), Some("fr_FR")),
        Locale::Ja
    );
    assert_eq!(
        Locale::from_env(Some(" "), Some(""), Some("fr_FR")),
        Locale::Fr
    );
    // The first value set wins even when it has no catalogue: English, not LANG's.
    assert_eq!(
        Locale::from_env(Some("it_IT"), None, Some("fr_FR")),
        Locale::En
    );
    assert_eq!(Locale::from_env(None, None, None), Locale::En);
}

#[test]
fn the_overlay_cycles_auto_then_every_language() {
    let mut setting = LocaleSetting::Auto;
    let mut seen = Vec::new();
    for _ in 0..=Locale::ALL.len() {
        setting = setting.next();
        seen.push(setting.as_str());
    }
    assert_eq!(
        seen,
        ["en", "es", "fr", "pt-BR", "de", "ja", "zh-CN", "auto"]
    );
    assert_eq!(
        LocaleSetting::Fixed(Locale::Pseudo).next(),
        LocaleSetting::Auto
    );
}

#[test]
fn serde_uses_the_setting_strings() {
    let json = serde_json::to_value(LocaleSetting::Fixed(Locale::PtBr)).unwrap();
    assert_eq!(json, "pt-BR");
    let back: LocaleSetting = serde_json::from_value("pt_br".into()).unwrap();
    assert_eq!(back, LocaleSetting::Fixed(Locale::PtBr));
    assert!(serde_json::from_value::<LocaleSetting>("xx".into()).is_err());
    assert_eq!(serde_json::to_value(Locale::ZhCn).unwrap(), "zh-CN");
}
