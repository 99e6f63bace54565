//! Typed notices: what the host tells the user about settings, besides the form itself.

use std::fmt;
use std::path::PathBuf;

use ask_i18n::{Locale, Msg};
use ask_settings::ConfigNotice;

/// Something the user should know that is not part of the form: settings that could not be
/// loaded, reloaded or saved, and what loading them did. A [`Session`](crate::Session)
/// shows the ones with [`Notice::is_shown`] in the frame's notice line and keeps all of
/// them for the frontend ([`Session::notices`](crate::Session::notices)).
///
/// With serde (for frontends that show notices themselves): `{"type": "settingsNotSaved",
/// "value": "..."}`, `{"type": "settingsCreated", "value": {"path": "..."}}`, and for
/// [`Notice::Settings`] the [`ConfigNotice`] as its value: `{"type": "settings", "value":
/// {"type": "upgraded", "path": "...", "from": 2, "to": 3}}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
#[non_exhaustive]
pub enum Notice {
    /// The settings file did not exist and was created with the defaults. Routine on first
    /// use, so not shown.
    SettingsCreated {
        /// The created file.
        path: PathBuf,
    },
    /// Loading or reloading the settings file did something the user should know about
    /// (moved, upgraded or backed up the file, kept the settings in effect, or fell back
    /// to a default for a bad value). Its `Display` names the file.
    Settings(ConfigNotice),
    /// The settings file could not be located (no `HOME`, bad `--config`...); defaults apply.
    SettingsUnresolved(String),
    /// The settings file could not be opened or read; defaults apply.
    SettingsNotLoaded(String),
    /// The settings file changed on disk but could not be read again; the settings in
    /// effect stay.
    SettingsReloadFailed(String),
    /// A change made in the settings overlay could not be written, or there was no file
    /// to write it to (the settings file could not be read or located). The overlay shows
    /// the change, which applies to the open form only; the text says it will not persist.
    SettingsNotSaved(String),
    /// There was no settings file, so the pi-ask settings were imported into a new one
    /// (the pi-ask file was only read). Shown once: the next run finds the new file.
    SettingsImported {
        /// The pi-ask file read.
        from: PathBuf,
        /// The settings file written.
        to: PathBuf,
    },
    /// `--resume` found no usable draft (missing, unreadable, or made for other
    /// questions); the form starts fresh. The text says why.
    DraftNotRestored(String),
    /// The draft file could not be written (tried again after
    /// [`DRAFT_SAVE_INTERVAL_MS`](crate::draft::DRAFT_SAVE_INTERVAL_MS), until a save works:
    /// [`Notice::DraftSavedAgain`]), or the draft path holds something other than a draft
    /// (a payload, a FIFO, a device, a folder), which is never touched: no draft is kept
    /// from then on. The text says why.
    DraftNotSaved(String),
    /// A draft save worked again after [`Notice::DraftNotSaved`] for a failed write. The
    /// text names the file.
    DraftSavedAgain(String),
    /// `--resume` restored a draft but dropped what breaks the form's rules (several
    /// options on a single-select question, a type the switch cannot give...). The text
    /// says what.
    DraftAdjusted(String),
    /// The form opened with the answers it was given last time
    /// ([`Session::with_prefill`](crate::Session::with_prefill)): they still need the
    /// person's confirmation. `dropped` lists what no longer fit the form and was left out.
    Prefilled {
        /// What was left out, and why.
        dropped: Vec<String>,
    },
    /// The settings overlay's reset row wrote the defaults.
    SettingsReset {
        /// Where the previous file was copied first (`None` when there was none).
        backup: Option<PathBuf>,
    },
}

impl Notice {
    /// True when the notice belongs in the notice line (all but routine ones).
    pub fn is_shown(&self) -> bool {
        !matches!(self, Self::SettingsCreated { .. })
    }
}

impl Notice {
    /// The notice in `locale`, for the person at the form. What it quotes (an I/O error,
    /// a problem found in the settings file, why a draft was not restored) stays as it
    /// is, in English, like every message about a bad input file. `Display` is the
    /// English text.
    pub fn text(&self, locale: Locale) -> String {
        let show = |p: &std::path::Path| p.display().to_string();
        match self {
            Self::SettingsCreated { path } => {
                locale.format(Msg::NoticeCreated, &[("path", &show(path))])
            }
            Self::Settings(notice) => notice.text(locale),
            Self::SettingsUnresolved(err) => {
                locale.format(Msg::NoticeUnresolved, &[("error", err)])
            }
            Self::SettingsNotLoaded(err) => locale.format(Msg::NoticeNotLoaded, &[("error", err)]),
            Self::SettingsReloadFailed(err) => {
                locale.format(Msg::NoticeReloadFailed, &[("error", err)])
            }
            Self::SettingsNotSaved(err) => locale.format(Msg::NoticeNotSaved, &[("error", err)]),
            Self::SettingsImported { from, to } => locale.format(
                Msg::NoticeImported,
                &[("from", &show(from)), ("to", &show(to))],
            ),
            Self::SettingsReset {
                backup: Some(backup),
            } => locale.format(Msg::NoticeResetBackup, &[("backup", &show(backup))]),
            Self::SettingsReset { backup: None } => locale.text(Msg::NoticeReset).to_owned(),
            Self::Prefilled { dropped } if dropped.is_empty() => {
                locale.text(Msg::NoticePrefilled).to_owned()
            }
            Self::Prefilled { dropped } => locale.format(
                Msg::NoticePrefilledDropped,
                &[("dropped", &dropped.join("; "))],
            ),
            Self::DraftNotRestored(why)
            | Self::DraftNotSaved(why)
            | Self::DraftSavedAgain(why)
            | Self::DraftAdjusted(why) => why.clone(),
        }
    }
}

impl fmt::Display for Notice {
    /// The English text ([`Notice::text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::En))
    }
}

/// The notice line for `notices` in `locale`: the shown ones joined with `; `, or `None`.
pub(crate) fn notice_line(notices: &[Notice], locale: Locale) -> Option<String> {
    let shown: Vec<String> = notices
        .iter()
        .filter(|n| n.is_shown())
        .map(|n| n.text(locale))
        .collect();
    (!shown.is_empty()).then(|| shown.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_come_from_the_catalogue_in_every_language() {
        use ask_settings::ConfigNotice as C;
        let path = || PathBuf::from("/tmp/ask-user.json");
        let problem = || "is not valid JSON".to_owned();
        let notices = [
            Notice::SettingsCreated { path: path() },
            Notice::SettingsUnresolved("no HOME".into()),
            Notice::SettingsNotLoaded("denied".into()),
            Notice::SettingsReloadFailed("gone".into()),
            Notice::SettingsNotSaved("disk full".into()),
            Notice::SettingsImported {
                from: path(),
                to: path(),
            },
            Notice::SettingsReset {
                backup: Some(path()),
            },
            Notice::SettingsReset { backup: None },
            Notice::Prefilled {
                dropped: Vec::new(),
            },
            Notice::Prefilled {
                dropped: vec!["question 2 has an option out of range".into()],
            },
            Notice::Settings(C::Moved {
                from: path(),
                to: path(),
            }),
            Notice::Settings(C::Upgraded {
                path: path(),
                from: 2,
                to: 3,
            }),
            Notice::Settings(C::BackedUp {
                path: path(),
                problem: problem(),
                backup: path(),
            }),
            Notice::Settings(C::LeftAsIs {
                path: path(),
                problem: problem(),
            }),
            Notice::Settings(C::KeptCurrent {
                path: path(),
                problem: problem(),
            }),
            Notice::Settings(C::Fallback {
                path: path(),
                problem: problem(),
            }),
            Notice::Settings(C::ImportSkipped {
                path: path(),
                problem: problem(),
            }),
        ];
        for notice in &notices {
            let marked = notice.text(Locale::Pseudo);
            assert!(marked.starts_with('⟦') && marked.ends_with('⟧'), "{marked}");
            assert_eq!(notice.text(Locale::En), notice.to_string());
            // `path: problem` has no words of its own to translate.
            let wordless = matches!(notice, Notice::Settings(C::Fallback { .. }));
            for &locale in Locale::ALL.iter().skip(1).filter(|_| !wordless) {
                assert_ne!(
                    notice.text(locale),
                    notice.to_string(),
                    "{locale}: {notice}"
                );
            }
        }
        assert_eq!(
            notice_line(&notices[4..5], Locale::De).as_deref(),
            Some(
                "nicht gespeichert (disk full): die Änderung gilt nur für dieses Formular und bleibt nicht erhalten"
            )
        );
    }

    #[test]
    fn notices_round_trip_through_serde() {
        for notice in [
            Notice::SettingsCreated {
                path: PathBuf::from("/tmp/ask-user.json"),
            },
            Notice::Settings(ConfigNotice::Upgraded {
                path: PathBuf::from("/tmp/ask-user.json"),
                from: 2,
                to: 3,
            }),
            Notice::SettingsNotSaved("disk full".to_owned()),
        ] {
            let json = serde_json::to_value(&notice).unwrap();
            assert!(json["type"].is_string(), "{json}");
            assert_eq!(serde_json::from_value::<Notice>(json).unwrap(), notice);
        }
        assert_eq!(
            serde_json::to_value(Notice::SettingsNotSaved("x".to_owned())).unwrap(),
            serde_json::json!({"type": "settingsNotSaved", "value": "x"})
        );
        let upgraded = Notice::Settings(ConfigNotice::Upgraded {
            path: PathBuf::from("/tmp/ask-user.json"),
            from: 2,
            to: 3,
        });
        assert_eq!(
            serde_json::to_value(&upgraded).unwrap(),
            serde_json::json!({"type": "settings", "value": {"type": "upgraded",
                "path": "/tmp/ask-user.json", "from": 2, "to": 3}})
        );
        assert_eq!(
            upgraded.to_string(),
            "upgraded /tmp/ask-user.json from schema version 2 to 3"
        );
    }
}
