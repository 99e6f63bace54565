//! The UI languages, how a setting or an environment value names one, and the
//! `locale` setting (`auto` or a language).

use std::fmt;

/// A UI language of the person answering: the language of every text the form, the
/// settings overlay, the accessible mode and the binary's runtime messages show.
///
/// What the agent reads (the result's content text, the elaboration instruction,
/// validation issues, JSON) is English whatever the locale.
///
/// ```
/// use ask_i18n::Locale;
///
/// assert_eq!(Locale::parse("pt_BR.UTF-8"), Some(Locale::PtBr));
/// assert_eq!(Locale::parse("de-AT"), Some(Locale::De));
/// assert_eq!(Locale::parse("it_IT"), None);
/// assert_eq!(Locale::ZhCn.tag(), "zh-CN");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Locale {
    /// English (`en`), the fallback of every lookup.
    #[default]
    En,
    /// Spanish (`es`).
    Es,
    /// French (`fr`).
    Fr,
    /// Brazilian Portuguese (`pt-BR`).
    PtBr,
    /// German (`de`).
    De,
    /// Japanese (`ja`).
    Ja,
    /// Simplified Chinese (`zh-CN`).
    ZhCn,
    /// The pseudo-locale `qps-ploc`: every text is English wrapped in `⟦` `⟧`, so a
    /// test (or a translator) sees at once which words on screen came from the
    /// catalogue and which are inline in the code. Not offered in the settings overlay.
    Pseudo,
}

impl Locale {
    /// The languages with a catalogue, in the order the settings overlay cycles them
    /// (the pseudo-locale is not one of them).
    pub const ALL: &'static [Locale] = &[
        Locale::En,
        Locale::Es,
        Locale::Fr,
        Locale::PtBr,
        Locale::De,
        Locale::Ja,
        Locale::ZhCn,
    ];

    /// The BCP 47 tag, as the `locale` setting writes it: `en`, `es`, `fr`, `pt-BR`,
    /// `de`, `ja`, `zh-CN` (`qps-ploc` for the pseudo-locale).
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Es => "es",
            Locale::Fr => "fr",
            Locale::PtBr => "pt-BR",
            Locale::De => "de",
            Locale::Ja => "ja",
            Locale::ZhCn => "zh-CN",
            Locale::Pseudo => "qps-ploc",
        }
    }

    /// The language's own name (`Español`, `日本語`), as the settings overlay lists it
    /// in every locale.
    pub const fn native_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::Es => "Español",
            Locale::Fr => "Français",
            Locale::PtBr => "Português (Brasil)",
            Locale::De => "Deutsch",
            Locale::Ja => "日本語",
            Locale::ZhCn => "简体中文",
            Locale::Pseudo => "⟦Pseudo⟧",
        }
    }

    /// The locale a setting or environment value names, or `None` for a language
    /// without a catalogue. Accepts BCP 47 tags and POSIX locale names in any case:
    /// `es`, `es-MX`, `pt_BR.UTF-8`, `fr_CA@euro`, `zh-Hans-CN`; `C` and `POSIX` are
    /// English. Every Portuguese is Brazilian Portuguese (the only one with a
    /// catalogue); Chinese is Simplified Chinese unless the value names Traditional
    /// Chinese (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant`), which has no catalogue.
    pub fn parse(value: &str) -> Option<Locale> {
        // `language[_territory][.codeset][@modifier]`, or a BCP 47 tag.
        let value = value.trim();
        let base = value.split(['.', '@']).next().unwrap_or_default();
        let mut parts = base.split(['_', '-']).filter(|p| !p.is_empty());
        let language = parts.next()?.to_ascii_lowercase();
        let rest: Vec<String> = parts.map(str::to_ascii_lowercase).collect();
        let has = |s: &str| rest.iter().any(|p| p == s);
        match language.as_str() {
            "c" | "posix" if rest.is_empty() => Some(Locale::En),
            "en" => Some(Locale::En),
            "es" => Some(Locale::Es),
            "fr" => Some(Locale::Fr),
            "pt" => Some(Locale::PtBr),
            "de" => Some(Locale::De),
            "ja" => Some(Locale::Ja),
            "zh" if has("hant") || has("tw") || has("hk") || has("mo") => None,
            "zh" => Some(Locale::ZhCn),
            "qps" if rest.is_empty() || has("ploc") => Some(Locale::Pseudo),
            _ => None,
        }
    }

    /// The locale of the process environment as POSIX reads it for messages: the
    /// first set and non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`. A language
    /// without a catalogue, or no value at all, is English. The host reads the
    /// variables and passes their values; this crate reads nothing itself.
    ///
    /// ```
    /// use ask_i18n::Locale;
    ///
    /// assert_eq!(Locale::from_env(None, Some("ja_JP.UTF-8"), Some("de_DE")), Locale::Ja);
    /// assert_eq!(Locale::from_env(Some(""), None, Some("fr_FR.UTF-8")), Locale::Fr);
    /// assert_eq!(Locale::from_env(Some("C"), None, Some("fr_FR.UTF-8")), Locale::En);
    /// assert_eq!(Locale::from_env(None, None, None), Locale::En);
    /// ```
    pub fn from_env(lc_all: Option<&str>, lc_messages: Option<&str>, lang: Option<&str>) -> Locale {
        [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.trim().is_empty())
            .and_then(Locale::parse)
            .unwrap_or_default()
    }

    /// True when a count of `n` takes the language's singular form (`one`): 1 in
    /// English, Spanish and German, 0 and 1 in French and Brazilian Portuguese, never
    /// in Japanese and Chinese (one form for every count).
    pub const fn is_one(self, n: u64) -> bool {
        match self {
            Locale::Fr | Locale::PtBr => n <= 1,
            Locale::Ja | Locale::ZhCn => false,
            Locale::En | Locale::Es | Locale::De | Locale::Pseudo => n == 1,
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Locale::En => 0,
            Locale::Es => 1,
            Locale::Fr => 2,
            Locale::PtBr => 3,
            Locale::De => 4,
            Locale::Ja => 5,
            Locale::ZhCn => 6,
            Locale::Pseudo => 7,
        }
    }
}

impl fmt::Display for Locale {
    /// The tag ([`Locale::tag`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// The `locale` setting: `auto` (the default: the environment's language, see
/// [`Locale::from_env`]) or one language.
///
/// ```
/// use ask_i18n::{Locale, LocaleSetting};
///
/// let setting = LocaleSetting::parse("pt-BR").unwrap();
/// assert_eq!(setting, LocaleSetting::Fixed(Locale::PtBr));
/// assert_eq!(setting.resolve(Locale::Ja), Locale::PtBr);
/// assert_eq!(LocaleSetting::Auto.resolve(Locale::Ja), Locale::Ja);
/// assert_eq!(LocaleSetting::Auto.as_str(), "auto");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LocaleSetting {
    /// The language of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
    #[default]
    Auto,
    /// This language, whatever the environment says.
    Fixed(Locale),
}

impl LocaleSetting {
    /// `auto`, or a value [`Locale::parse`] accepts (any case, `_` or `-`). `None` for
    /// anything else, including a language without a catalogue.
    pub fn parse(value: &str) -> Option<LocaleSetting> {
        if value.trim().eq_ignore_ascii_case("auto") {
            return Some(LocaleSetting::Auto);
        }
        Locale::parse(value).map(LocaleSetting::Fixed)
    }

    /// The setting as the settings file writes it: `auto` or the tag.
    pub const fn as_str(self) -> &'static str {
        match self {
            LocaleSetting::Auto => "auto",
            LocaleSetting::Fixed(locale) => locale.tag(),
        }
    }

    /// The language in effect: the fixed one, or `system` (the environment's) for `auto`.
    pub const fn resolve(self, system: Locale) -> Locale {
        match self {
            LocaleSetting::Auto => system,
            LocaleSetting::Fixed(locale) => locale,
        }
    }

    /// The next value of the settings overlay's cycle: `auto`, then every language of
    /// [`Locale::ALL`], then `auto` again (the pseudo-locale goes back to `auto`).
    #[must_use]
    pub fn next(self) -> LocaleSetting {
        match self {
            LocaleSetting::Auto => LocaleSetting::Fixed(Locale::ALL[0]),
            LocaleSetting::Fixed(locale) => Locale::ALL
                .iter()
                .position(|l| *l == locale)
                .and_then(|i| Locale::ALL.get(i + 1))
                .map_or(LocaleSetting::Auto, |l| LocaleSetting::Fixed(*l)),
        }
    }
}

impl fmt::Display for LocaleSetting {
    /// [`LocaleSetting::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Locale, LocaleSetting};

    impl serde::Serialize for Locale {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.tag())
        }
    }

    impl<'de> serde::Deserialize<'de> for Locale {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            Locale::parse(&text).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown locale {text:?}: expected one of en, es, fr, pt-BR, de, ja, zh-CN"
                ))
            })
        }
    }

    impl serde::Serialize for LocaleSetting {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.as_str())
        }
    }

    impl<'de> serde::Deserialize<'de> for LocaleSetting {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            LocaleSetting::parse(&text).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown locale {text:?}: expected \"auto\" or one of en, es, fr, pt-BR, de, ja, zh-CN"
                ))
            })
        }
    }
}
