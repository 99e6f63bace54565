//! The behaviour toggles of the settings overlay.

/// The persisted behaviour settings.
///
/// More settings will come: build one from [`Behaviour::default`] and
/// [`Behaviour::with`]. With serde it is the `behaviour` section of the settings file
/// (camelCase names; missing fields take their defaults).
///
/// ```
/// use ask_keymap::behaviour::{Behaviour, BehaviourSetting};
///
/// let behaviour = Behaviour::default().with(BehaviourSetting::DoublePress, false);
/// assert!(!behaviour.double_press_review_shortcuts);
/// let json = serde_json::to_value(behaviour)?;
/// assert_eq!(json["doublePressReviewShortcuts"], false);
/// assert_eq!(serde_json::from_value::<Behaviour>(json)?, behaviour);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Behaviour {
    /// Submit at once when the review tab is reached with every question answered and no notes.
    pub auto_submit_when_answered_without_notes: bool,
    /// Ask for a second cancel/dismiss before discarding a dirty flow.
    pub confirm_dismiss_when_dirty: bool,
    /// Review-tab digits need the same key twice.
    pub double_press_review_shortcuts: bool,
    /// Open single-select questions as multi-select in new flows.
    pub present_single_as_multi: bool,
    /// Show the contextual key hints at the bottom.
    pub show_footer_hints: bool,
    /// Open the terminal form inline, under the text already on screen, instead
    /// of on the alternate screen (when neither `--inline` nor `--fullscreen` is given).
    pub inline: bool,
    /// Ask in the accessible mode (plain lines, answers typed on a line; for
    /// screen readers) instead of the full-screen form, as `ask run --accessible` does.
    /// `--accessible` / `--no-accessible` override it for one run.
    pub accessible: bool,
    /// End the flow as cancelled (`details.timedOut`) after this many seconds without a
    /// key; 0 means never (the default). `ask --timeout` overrides it for one run.
    pub idle_timeout_seconds: u64,
    /// Terminal keys and pastes that arrive within this many milliseconds of the form's
    /// first paint (input already waiting when it opens included) are dropped, and the
    /// form says so: a person typing in the chat when the form pops up does not answer it.
    /// 0 turns the guard off. Scripts and scripted answers are never affected.
    pub ignore_early_keys_ms: u64,
    /// The UI language (`locale`): `auto` (the default: the environment's language,
    /// which the host passes in) or one language. It changes every text the person
    /// reads, never what the agent reads.
    pub locale: ask_i18n::LocaleSetting,
    /// What a host that keeps sessions (the pi package) does with an `ask_user` form left
    /// unanswered when it stopped, once the session is opened again.
    pub resume_unanswered: ResumeUnanswered,
}

/// `behaviour.resumeUnanswered`: what happens to a question form that was still open
/// when the host stopped (pi killed, the terminal closed), when its session comes back.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum ResumeUnanswered {
    /// Say so once (`1 unanswered question form - /ask:replay to answer`); the user
    /// reopens it when they like.
    #[default]
    Notify,
    /// Open it at once, from its draft when one was kept.
    Open,
}

impl ResumeUnanswered {
    /// The settings-file value: `"notify"` or `"open"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Notify => "notify",
            Self::Open => "open",
        }
    }

    /// The value for a settings-file string, if it is one.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "notify" => Some(Self::Notify),
            "open" => Some(Self::Open),
            _ => None,
        }
    }
}

/// The default [`Behaviour::ignore_early_keys_ms`].
pub const DEFAULT_IGNORE_EARLY_KEYS_MS: u64 = 150;

/// The largest accepted `ignoreEarlyKeysMs`: two seconds.
pub const MAX_IGNORE_EARLY_KEYS_MS: u64 = 2000;

/// The largest accepted `idleTimeoutSeconds`: one week.
pub const MAX_IDLE_TIMEOUT_SECONDS: u64 = 7 * 24 * 60 * 60;

impl Default for Behaviour {
    /// Auto-submit, single-as-multi and accessible off, everything else on.
    fn default() -> Self {
        Behaviour {
            auto_submit_when_answered_without_notes: false,
            confirm_dismiss_when_dirty: true,
            double_press_review_shortcuts: true,
            present_single_as_multi: false,
            show_footer_hints: true,
            inline: true,
            accessible: false,
            idle_timeout_seconds: 0,
            ignore_early_keys_ms: DEFAULT_IGNORE_EARLY_KEYS_MS,
            locale: ask_i18n::LocaleSetting::Auto,
            resume_unanswered: ResumeUnanswered::Notify,
        }
    }
}

/// One behaviour toggle, as listed in the settings overlay. With serde it is its
/// settings-file name (`"showFooterHints"`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[non_exhaustive]
pub enum BehaviourSetting {
    /// `autoSubmitWhenAnsweredWithoutNotes`.
    #[serde(rename = "autoSubmitWhenAnsweredWithoutNotes")]
    AutoSubmit,
    /// `confirmDismissWhenDirty`.
    #[serde(rename = "confirmDismissWhenDirty")]
    ConfirmDismiss,
    /// `doublePressReviewShortcuts`.
    #[serde(rename = "doublePressReviewShortcuts")]
    DoublePress,
    /// `presentSingleAsMulti`.
    #[serde(rename = "presentSingleAsMulti")]
    SingleAsMulti,
    /// `showFooterHints`.
    #[serde(rename = "showFooterHints")]
    FooterHints,
    /// `inline`.
    #[serde(rename = "inline")]
    Inline,
    /// `accessible`.
    #[serde(rename = "accessible")]
    Accessible,
}

impl BehaviourSetting {
    /// Every setting, in the order the settings overlay lists them.
    pub const ALL: &'static [BehaviourSetting] = &[
        BehaviourSetting::AutoSubmit,
        BehaviourSetting::ConfirmDismiss,
        BehaviourSetting::DoublePress,
        BehaviourSetting::SingleAsMulti,
        BehaviourSetting::FooterHints,
        BehaviourSetting::Inline,
        BehaviourSetting::Accessible,
    ];

    /// The label shown in the settings overlay, in English
    /// ([`BehaviourSetting::msg`] gives it in any language).
    pub const fn label(self) -> &'static str {
        match self {
            BehaviourSetting::AutoSubmit => "Auto-submit when answered without notes",
            BehaviourSetting::ConfirmDismiss => "Confirm dismiss when dirty",
            BehaviourSetting::DoublePress => "Double-press review shortcuts",
            BehaviourSetting::SingleAsMulti => "Present single-select as multi-select",
            BehaviourSetting::FooterHints => "Show footer hints",
            BehaviourSetting::Inline => "Open the form inline",
            BehaviourSetting::Accessible => "Accessible mode (next form)",
        }
    }

    /// The catalogue message of the label, for [`ask_i18n::Locale::text`].
    pub const fn msg(self) -> ask_i18n::Msg {
        use ask_i18n::Msg;
        match self {
            BehaviourSetting::AutoSubmit => Msg::SettingAutoSubmit,
            BehaviourSetting::ConfirmDismiss => Msg::SettingConfirmDismiss,
            BehaviourSetting::DoublePress => Msg::SettingDoublePress,
            BehaviourSetting::SingleAsMulti => Msg::SettingSingleAsMulti,
            BehaviourSetting::FooterHints => Msg::SettingFooterHints,
            BehaviourSetting::Inline => Msg::SettingInline,
            BehaviourSetting::Accessible => Msg::SettingAccessible,
        }
    }

    /// The field name in the `behaviour` section of the settings file.
    pub const fn config_name(self) -> &'static str {
        match self {
            BehaviourSetting::AutoSubmit => "autoSubmitWhenAnsweredWithoutNotes",
            BehaviourSetting::ConfirmDismiss => "confirmDismissWhenDirty",
            BehaviourSetting::DoublePress => "doublePressReviewShortcuts",
            BehaviourSetting::SingleAsMulti => "presentSingleAsMulti",
            BehaviourSetting::FooterHints => "showFooterHints",
            BehaviourSetting::Inline => "inline",
            BehaviourSetting::Accessible => "accessible",
        }
    }
}

impl Behaviour {
    /// The value of one setting.
    pub const fn get(&self, setting: BehaviourSetting) -> bool {
        match setting {
            BehaviourSetting::AutoSubmit => self.auto_submit_when_answered_without_notes,
            BehaviourSetting::ConfirmDismiss => self.confirm_dismiss_when_dirty,
            BehaviourSetting::DoublePress => self.double_press_review_shortcuts,
            BehaviourSetting::SingleAsMulti => self.present_single_as_multi,
            BehaviourSetting::FooterHints => self.show_footer_hints,
            BehaviourSetting::Inline => self.inline,
            BehaviourSetting::Accessible => self.accessible,
        }
    }

    /// The same settings with one changed.
    #[must_use]
    pub fn with(mut self, setting: BehaviourSetting, on: bool) -> Self {
        self.set(setting, on);
        self
    }

    /// The same settings with another idle timeout in seconds (0: never). The settings
    /// file accepts up to [`MAX_IDLE_TIMEOUT_SECONDS`].
    #[must_use]
    pub fn with_idle_timeout_seconds(mut self, seconds: u64) -> Self {
        self.idle_timeout_seconds = seconds;
        self
    }

    /// The same settings with another early-key guard in milliseconds (0: off). The
    /// settings file accepts up to [`MAX_IGNORE_EARLY_KEYS_MS`].
    #[must_use]
    pub fn with_ignore_early_keys_ms(mut self, ms: u64) -> Self {
        self.ignore_early_keys_ms = ms;
        self
    }

    /// The same settings with another UI language.
    #[must_use]
    pub fn with_locale(mut self, locale: ask_i18n::LocaleSetting) -> Self {
        self.locale = locale;
        self
    }

    /// Changes one setting.
    pub fn set(&mut self, setting: BehaviourSetting, on: bool) {
        let field = match setting {
            BehaviourSetting::AutoSubmit => &mut self.auto_submit_when_answered_without_notes,
            BehaviourSetting::ConfirmDismiss => &mut self.confirm_dismiss_when_dirty,
            BehaviourSetting::DoublePress => &mut self.double_press_review_shortcuts,
            BehaviourSetting::SingleAsMulti => &mut self.present_single_as_multi,
            BehaviourSetting::FooterHints => &mut self.show_footer_hints,
            BehaviourSetting::Inline => &mut self.inline,
            BehaviourSetting::Accessible => &mut self.accessible,
        };
        *field = on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_set_round_trip() {
        let mut b = Behaviour::default();
        let defaults: Vec<bool> = BehaviourSetting::ALL.iter().map(|s| b.get(*s)).collect();
        assert_eq!(defaults, [false, true, true, false, true, true, false]);
        for &s in BehaviourSetting::ALL {
            let before = b.get(s);
            b.set(s, !before);
            assert_eq!(b.get(s), !before);
        }
        assert_eq!(
            b,
            Behaviour {
                auto_submit_when_answered_without_notes: true,
                confirm_dismiss_when_dirty: false,
                double_press_review_shortcuts: false,
                present_single_as_multi: true,
                show_footer_hints: false,
                inline: false,
                accessible: true,
                idle_timeout_seconds: 0,
                ignore_early_keys_ms: DEFAULT_IGNORE_EARLY_KEYS_MS,
                locale: ask_i18n::LocaleSetting::Auto,
                resume_unanswered: ResumeUnanswered::Notify,
            }
        );
    }
}
