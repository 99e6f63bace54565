//! The settings file schema (version 3) and its defaults; migrations live in `migrate.rs`.

use serde_json::Value;

use ask_keymap::{
    Keymap,
    behaviour::{
        Behaviour, BehaviourSetting, DEFAULT_IGNORE_EARLY_KEYS_MS, MAX_IDLE_TIMEOUT_SECONDS,
        MAX_IGNORE_EARLY_KEYS_MS, ResumeUnanswered,
    },
};

use crate::doc::{Node, Obj, describe, keymap_node, obj, to_map};
use crate::migrate::{v1_to_v2, v2_to_v3};
use crate::schema::{McpSettings, Notifications};

/// The schema version this crate reads and writes.
pub const SCHEMA_VERSION: u64 = 3;

/// Default `answer.extractionTimeoutMs`.
pub const DEFAULT_EXTRACTION_TIMEOUT_MS: u64 = 30_000;
/// Default `answer.extractionRetries`.
pub const DEFAULT_EXTRACTION_RETRIES: u8 = 1;
/// The largest accepted `answer.extractionRetries`; larger values clamp to it.
pub const MAX_EXTRACTION_RETRIES: u8 = 3;

/// A model used for `/answer` extraction, as `{"provider": ..., "id": ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModelRef {
    /// The provider name, e.g. `anthropic`.
    pub provider: String,
    /// The model id within the provider.
    pub id: String,
}

/// The `answer` section: settings of the `/answer` extraction.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnswerSettings {
    /// Models to try in order; empty means the host's current model.
    pub extraction_models: Vec<ModelRef>,
    /// Time limit of one extraction attempt, in milliseconds (always positive).
    pub extraction_timeout_ms: u64,
    /// Extra attempts after a reply that is not valid JSON, 0..=3.
    pub extraction_retries: u8,
}

impl Default for AnswerSettings {
    /// No models, 30000 ms, 1 retry.
    fn default() -> Self {
        AnswerSettings {
            extraction_models: Vec::new(),
            extraction_timeout_ms: DEFAULT_EXTRACTION_TIMEOUT_MS,
            extraction_retries: DEFAULT_EXTRACTION_RETRIES,
        }
    }
}

/// The whole settings file, validated. Start from [`AskConfig::default`] (or
/// [`AskConfig::from_json`]) and set the fields.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct AskConfig {
    /// `/answer` extraction settings.
    pub answer: AnswerSettings,
    /// The behaviour toggles.
    pub behaviour: Behaviour,
    /// The bindings of the configurable actions.
    pub keymap: Keymap,
    /// When and how to notify that a question is waiting.
    pub notifications: Notifications,
    /// Settings of `ask mcp` (`mcp.launch`).
    pub mcp: McpSettings,
}

/// Why a document cannot be read at all (the store backs such files up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unsupported {
    NotObject(String),
    FutureVersion(u64),
    BadVersion(String),
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NotObject(found) => {
                write!(f, "the settings should be a JSON object, found {found}")
            }
            Unsupported::FutureVersion(v) => write!(
                f,
                "schemaVersion {v} is newer than this version of ask understands (up to {SCHEMA_VERSION})"
            ),
            Unsupported::BadVersion(found) => write!(
                f,
                "schemaVersion should be a whole number from 1 to {SCHEMA_VERSION}, found {found}"
            ),
        }
    }
}

/// Brings a document to the current schema. Returns the migrated object and the version it
/// had (`SCHEMA_VERSION` when nothing changed). Migrations keep every user value and only add
/// defaults where fields are absent.
pub(crate) fn migrate(value: &Node) -> Result<(Obj, u64), Unsupported> {
    let Some(obj) = value.as_object() else {
        return Err(Unsupported::NotObject(describe(&value.to_value())));
    };
    let version = match obj.get("schemaVersion").map(Node::to_value) {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(n @ 1..=SCHEMA_VERSION) => n,
            Some(n) if n > SCHEMA_VERSION => return Err(Unsupported::FutureVersion(n)),
            _ => return Err(Unsupported::BadVersion(describe(&v))),
        },
    };
    let mut doc = obj.clone();
    let mut at = version;
    while at < SCHEMA_VERSION {
        doc = match at {
            1 => v1_to_v2(doc),
            2 => v2_to_v3(doc),
            _ => doc,
        };
        at += 1;
    }
    Ok((doc, version))
}

pub(crate) fn answer_to_json(answer: &AnswerSettings) -> Node {
    let models: Vec<Node> = answer
        .extraction_models
        .iter()
        .map(|m| {
            Node::object([
                ("provider", Node::from(m.provider.as_str())),
                ("id", Node::from(m.id.as_str())),
            ])
        })
        .collect();
    Node::object([
        ("extractionModels", Node::from(models)),
        (
            "extractionTimeoutMs",
            Node::from(answer.extraction_timeout_ms),
        ),
        (
            "extractionRetries",
            Node::from(u64::from(answer.extraction_retries)),
        ),
    ])
}

pub(crate) fn behaviour_to_json(behaviour: Behaviour) -> Node {
    let mut obj = Obj::new();
    for &s in BehaviourSetting::ALL {
        obj.insert(s.config_name().to_owned(), Node::Bool(behaviour.get(s)));
    }
    obj.insert(
        IDLE_TIMEOUT_NAME.to_owned(),
        Node::from(behaviour.idle_timeout_seconds),
    );
    obj.insert(
        EARLY_KEYS_NAME.to_owned(),
        Node::from(behaviour.ignore_early_keys_ms),
    );
    obj.insert(
        RESUME_UNANSWERED_NAME.to_owned(),
        Node::from(behaviour.resume_unanswered.as_str()),
    );
    obj.insert(
        LOCALE_NAME.to_owned(),
        Node::from(behaviour.locale.as_str()),
    );
    Node::Object(obj)
}

impl AskConfig {
    /// The settings file content (schema version 3). Serializing the config itself gives the
    /// same content with its keys in the file's documented order.
    pub fn to_json(&self) -> Value {
        Value::Object(to_map(&self.to_doc()))
    }

    /// The settings file content, in the order the file is written.
    /// The `mcp` section is written only when it differs from its defaults.
    pub(crate) fn to_doc(&self) -> Obj {
        let mut doc = obj([
            ("schemaVersion", Node::from(SCHEMA_VERSION)),
            ("answer", answer_to_json(&self.answer)),
            ("behaviour", behaviour_to_json(self.behaviour)),
            ("keymaps", keymap_node(&self.keymap)),
            ("notifications", self.notifications.to_node()),
        ]);
        if !self.mcp.is_default() {
            doc.insert("mcp".to_owned(), self.mcp.to_node());
        }
        doc
    }

    /// Reads a settings document of any supported version, never failing: version 1 is
    /// migrated, and every bad part falls back to its default with a notice. An invalid
    /// `keymaps` section falls back to the default keymap while the other sections still load.
    /// A document that is not an object or has an unsupported `schemaVersion` gives the
    /// defaults with a notice.
    pub fn from_json(value: &Value) -> (AskConfig, Vec<String>) {
        match migrate(&Node::from(value.clone())) {
            Ok((doc, _)) => read_doc(&doc),
            Err(why) => (
                AskConfig::default(),
                vec![format!("{why}; using the default settings")],
            ),
        }
    }
}

/// With serde the config is the settings file content, keys in the order the file is
/// written (`schemaVersion`, `answer`, `behaviour`, `keymaps`, `notifications`, then `mcp`
/// when it is set), whether or
/// not `serde_json`'s `preserve_order` feature is on.
impl serde::Serialize for AskConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Node::Object(self.to_doc()).serialize(serializer)
    }
}

/// Reads a migrated (current-version) document.
pub(crate) fn read_doc(doc: &Obj) -> (AskConfig, Vec<String>) {
    let doc = to_map(doc);
    let mut notices = Vec::new();
    let answer = doc
        .get("answer")
        .map_or_else(AnswerSettings::default, |v| read_answer(v, &mut notices));
    let behaviour = doc
        .get("behaviour")
        .map_or_else(Behaviour::default, |v| read_behaviour(v, &mut notices));
    let keymap = doc
        .get("keymaps")
        .map_or_else(Keymap::default, |v| read_keymap(v, &mut notices));
    let notifications = doc
        .get("notifications")
        .map_or_else(Notifications::default, |v| {
            Notifications::from_json(v, &mut notices)
        });
    let mcp = doc.get("mcp").map_or_else(McpSettings::default, |v| {
        McpSettings::from_json(v, &mut notices)
    });
    (
        AskConfig {
            answer,
            behaviour,
            keymap,
            notifications,
            mcp,
        },
        notices,
    )
}

fn read_answer(value: &Value, notices: &mut Vec<String>) -> AnswerSettings {
    let mut answer = AnswerSettings::default();
    let Some(obj) = value.as_object() else {
        notices.push(format!(
            "answer should be an object, found {}; using the default answer settings",
            describe(value)
        ));
        return answer;
    };
    if let Some(models) = obj.get("extractionModels") {
        match models.as_array() {
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    match read_model(item) {
                        Some(m) => answer.extraction_models.push(m),
                        None => notices.push(format!(
                            "answer.extractionModels[{i}] should be {{\"provider\": ..., \"id\": ...}} \
                             with non-empty strings, found {}; skipped it",
                            describe(item)
                        )),
                    }
                }
            }
            None => notices.push(format!(
                "answer.extractionModels should be an array of {{\"provider\", \"id\"}} objects, \
                 found {}; using no models",
                describe(models)
            )),
        }
    }
    if let Some(timeout) = obj.get("extractionTimeoutMs") {
        match timeout.as_f64() {
            Some(ms) if ms >= 1.0 && ms.is_finite() => answer.extraction_timeout_ms = ms_to_u64(ms),
            _ => notices.push(format!(
                "answer.extractionTimeoutMs should be a positive number of milliseconds, found {}; \
                 using {DEFAULT_EXTRACTION_TIMEOUT_MS}",
                describe(timeout)
            )),
        }
    }
    if let Some(retries) = obj.get("extractionRetries") {
        match retries.as_f64() {
            Some(n) if n.is_finite() => {
                let clamped = n.round().clamp(0.0, f64::from(MAX_EXTRACTION_RETRIES));
                // In range 0..=3 after the clamp, so the conversion is exact.
                #[allow(clippy::cast_sign_loss)]
                let whole = clamped as u8;
                answer.extraction_retries = whole;
                if (clamped - n).abs() > f64::EPSILON {
                    notices.push(format!(
                        "answer.extractionRetries should be a whole number from 0 to \
                         {MAX_EXTRACTION_RETRIES}, found {}; using {}",
                        describe(retries),
                        answer.extraction_retries
                    ));
                }
            }
            _ => notices.push(format!(
                "answer.extractionRetries should be a whole number from 0 to {MAX_EXTRACTION_RETRIES}, \
                 found {}; using {DEFAULT_EXTRACTION_RETRIES}",
                describe(retries)
            )),
        }
    }
    answer
}

#[allow(clippy::cast_sign_loss, clippy::cast_precision_loss)] // positive, finite, saturating
fn ms_to_u64(ms: f64) -> u64 {
    if ms >= u64::MAX as f64 {
        u64::MAX
    } else {
        ms.round() as u64
    }
}

fn read_model(item: &Value) -> Option<ModelRef> {
    let non_empty = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    match item {
        Value::Object(obj) => Some(ModelRef {
            provider: non_empty(obj.get("provider"))?,
            id: non_empty(obj.get("id"))?,
        }),
        // pi's own "provider/model" notation.
        Value::String(s) => {
            let (provider, id) = s.trim().split_once('/')?;
            (!provider.is_empty() && !id.is_empty()).then(|| ModelRef {
                provider: provider.to_owned(),
                id: id.to_owned(),
            })
        }
        _ => None,
    }
}

/// The field name of [`Behaviour::idle_timeout_seconds`].
pub(crate) const IDLE_TIMEOUT_NAME: &str = "idleTimeoutSeconds";

/// `idleTimeoutSeconds`: a whole number of seconds from 0 (off) to one week.
fn read_idle_timeout(value: &Value, notices: &mut Vec<String>) -> u64 {
    match value.as_u64() {
        Some(secs) if secs <= MAX_IDLE_TIMEOUT_SECONDS => secs,
        _ => {
            notices.push(format!(
                "behaviour.{IDLE_TIMEOUT_NAME} should be a whole number of seconds from 0 (off) to {MAX_IDLE_TIMEOUT_SECONDS}, found {}; using 0 (no timeout)",
                describe(value)
            ));
            0
        }
    }
}

/// The field name of [`Behaviour::ignore_early_keys_ms`].
pub(crate) const EARLY_KEYS_NAME: &str = "ignoreEarlyKeysMs";

/// `ignoreEarlyKeysMs`: a whole number of milliseconds from 0 (off) to two seconds.
fn read_early_keys(value: &Value, notices: &mut Vec<String>) -> u64 {
    match value.as_u64() {
        Some(ms) if ms <= MAX_IGNORE_EARLY_KEYS_MS => ms,
        _ => {
            notices.push(format!(
                "behaviour.{EARLY_KEYS_NAME} should be a whole number of milliseconds from 0 (off) to {MAX_IGNORE_EARLY_KEYS_MS}, found {}; using {DEFAULT_IGNORE_EARLY_KEYS_MS}",
                describe(value)
            ));
            DEFAULT_IGNORE_EARLY_KEYS_MS
        }
    }
}

/// The field name of [`Behaviour::resume_unanswered`].
pub(crate) const RESUME_UNANSWERED_NAME: &str = "resumeUnanswered";

/// `resumeUnanswered`: `"notify"` or `"open"`.
fn read_resume_unanswered(value: &Value, notices: &mut Vec<String>) -> ResumeUnanswered {
    if let Some(resume) = value.as_str().and_then(ResumeUnanswered::from_name) {
        return resume;
    }
    notices.push(format!(
        "behaviour.{RESUME_UNANSWERED_NAME} should be \"notify\" or \"open\", found {}; using \"notify\"",
        describe(value)
    ));
    ResumeUnanswered::Notify
}

/// The field name of [`Behaviour::locale`].
pub(crate) const LOCALE_NAME: &str = "locale";

/// `locale`: `auto` or a language tag (`es`, `pt-BR`; any case, `_` or `-`).
fn read_locale(value: &Value, notices: &mut Vec<String>) -> ask_i18n::LocaleSetting {
    if let Some(locale) = value.as_str().and_then(ask_i18n::LocaleSetting::parse) {
        return locale;
    }
    notices.push(format!(
        "behaviour.{LOCALE_NAME} should be \"auto\" or one of en, es, fr, pt-BR, de, ja, zh-CN, found {}; using auto",
        describe(value)
    ));
    ask_i18n::LocaleSetting::Auto
}

fn read_behaviour(value: &Value, notices: &mut Vec<String>) -> Behaviour {
    let mut behaviour = Behaviour::default();
    let Some(obj) = value.as_object() else {
        notices.push(format!(
            "behaviour should be an object, found {}; using the default behaviour",
            describe(value)
        ));
        return behaviour;
    };
    for &s in BehaviourSetting::ALL {
        match obj.get(s.config_name()) {
            None => {}
            Some(Value::Bool(b)) => behaviour.set(s, *b),
            Some(other) => notices.push(format!(
                "behaviour.{} should be true or false, found {}; using {}",
                s.config_name(),
                describe(other),
                behaviour.get(s)
            )),
        }
    }
    if let Some(value) = obj.get(IDLE_TIMEOUT_NAME) {
        behaviour.idle_timeout_seconds = read_idle_timeout(value, notices);
    }
    if let Some(value) = obj.get(EARLY_KEYS_NAME) {
        behaviour.ignore_early_keys_ms = read_early_keys(value, notices);
    }
    if let Some(value) = obj.get(RESUME_UNANSWERED_NAME) {
        behaviour.resume_unanswered = read_resume_unanswered(value, notices);
    }
    if let Some(value) = obj.get(LOCALE_NAME) {
        behaviour.locale = read_locale(value, notices);
    }
    behaviour
}

fn read_keymap(value: &Value, notices: &mut Vec<String>) -> Keymap {
    match Keymap::from_json(value) {
        Ok(keymap) => {
            for name in Keymap::unknown_names(value) {
                notices.push(format!(
                    "keymaps.{name} is not a context or action of the keymap (see the settings \
                     documentation for the list); ignored it"
                ));
            }
            keymap
        }
        Err(err) => {
            notices.push(format!("{err}; using the default keymap"));
            Keymap::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, json};

    fn migrate(value: &Value) -> Result<(Map<String, Value>, u64), Unsupported> {
        super::migrate(&Node::from(value.clone())).map(|(doc, from)| (to_map(&doc), from))
    }

    #[test]
    fn defaults_round_trip() {
        let config = AskConfig::default();
        let (back, notices) = AskConfig::from_json(&config.to_json());
        assert_eq!(back, config);
        assert!(notices.is_empty());
    }

    #[test]
    fn v1_gains_answer_and_notifications_and_keeps_user_values() {
        let v1 = json!({"schemaVersion": 1, "behaviour": {"showFooterHints": false}, "extra": 7});
        let (doc, from) = migrate(&v1).unwrap();
        assert_eq!(from, 1);
        assert_eq!(
            Value::Object(doc),
            json!({"schemaVersion": 3, "answer": answer_to_json(&AnswerSettings::default()).to_value(),
                   "behaviour": {"showFooterHints": false}, "extra": 7,
                   "notifications": {"enabled": true, "channels": ["bell"]}})
        );
    }

    #[test]
    fn locale_reads_auto_or_a_language_and_rejects_the_rest() {
        use ask_i18n::{Locale, LocaleSetting};
        let read = |v: Value| {
            AskConfig::from_json(&json!({"schemaVersion": 3, "behaviour": {"locale": v}}))
        };
        assert_eq!(AskConfig::default().behaviour.locale, LocaleSetting::Auto);
        let (config, notices) = read(json!("pt_BR"));
        assert_eq!(config.behaviour.locale, LocaleSetting::Fixed(Locale::PtBr));
        assert!(notices.is_empty());
        let written = config.to_json();
        assert_eq!(written["behaviour"]["locale"], "pt-BR");
        assert_eq!(
            AskConfig::from_json(&written).0,
            config,
            "written and read back"
        );
        for bad in [json!("it"), json!(3), json!(null), json!("zh-TW")] {
            let (config, notices) = read(bad.clone());
            assert_eq!(config.behaviour.locale, LocaleSetting::Auto, "{bad}");
            assert!(
                notices.len() == 1 && notices[0].contains("behaviour.locale should be \"auto\""),
                "{bad}: {notices:?}"
            );
        }
    }

    #[test]
    fn idle_timeout_reads_whole_seconds_and_rejects_the_rest() {
        let read = |v: Value| {
            AskConfig::from_json(
                &json!({"schemaVersion": 3, "behaviour": {"idleTimeoutSeconds": v}}),
            )
        };
        let (config, notices) = read(json!(300));
        assert_eq!(config.behaviour.idle_timeout_seconds, 300);
        assert!(notices.is_empty());
        let (back, _) = AskConfig::from_json(&config.to_json());
        assert_eq!(
            back.behaviour.idle_timeout_seconds, 300,
            "written and read back"
        );
        for bad in [
            json!(-5),
            json!(1.5),
            json!("60"),
            json!(MAX_IDLE_TIMEOUT_SECONDS + 1),
        ] {
            let (config, notices) = read(bad.clone());
            assert_eq!(config.behaviour.idle_timeout_seconds, 0, "{bad}");
            assert_eq!(notices.len(), 1, "{bad}");
            assert!(
                notices[0].contains("idleTimeoutSeconds should be a whole number"),
                "{}",
                notices[0]
            );
        }
        assert_eq!(
            AskConfig::default().behaviour.idle_timeout_seconds,
            0,
            "off by default"
        );
    }

    #[test]
    fn unsupported_versions() {
        assert_eq!(
            migrate(&json!({"schemaVersion": 4})).unwrap_err(),
            Unsupported::FutureVersion(4)
        );
        assert!(matches!(
            migrate(&json!({"schemaVersion": "2"})),
            Err(Unsupported::BadVersion(_))
        ));
        assert!(matches!(
            migrate(&json!({"schemaVersion": 0})),
            Err(Unsupported::BadVersion(_))
        ));
        assert!(matches!(
            migrate(&json!(null)),
            Err(Unsupported::NotObject(_))
        ));
    }
}
