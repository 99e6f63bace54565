//! The flow state and its read-only view for renderers. A question's draft lives in
//! `question_draft.rs`, the host's options in `flow_options.rs`.

use ask_contract::{AskForm, Question, QuestionType};
use ask_keymap::{
    Keymap,
    behaviour::{Behaviour, BehaviourSetting},
};

use crate::completion::CompletionList;
pub use crate::flow_options::FlowOptions;
pub use crate::question_draft::QuestionDraft;
use crate::text_buffer::TextBuffer;

/// The active tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Tab {
    /// Question at this index of the form.
    Question(usize),
    /// The review tab after the last question.
    Review,
}

/// An action of the review tab, in display order. With serde: `"submit"`, `"elaborate"`,
/// `"cancel"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReviewAction {
    /// Finish normally.
    Submit,
    /// Ask the agent to follow up on the notes first.
    Elaborate,
    /// Cancel the flow.
    Cancel,
}

impl ReviewAction {
    /// All actions in display order (digits 1, 2, 3).
    pub const ALL: [ReviewAction; 3] = [Self::Submit, Self::Elaborate, Self::Cancel];

    /// `Submit`, `Elaborate` or `Cancel`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Submit => "Submit",
            Self::Elaborate => "Elaborate",
            Self::Cancel => "Cancel",
        }
    }

    /// The digit that triggers it (1-based).
    pub fn digit(self) -> u8 {
        match self {
            Self::Submit => 1,
            Self::Elaborate => 2,
            Self::Cancel => 3,
        }
    }

    pub(crate) fn from_index(i: usize) -> Self {
        match i {
            0 => Self::Submit,
            1 => Self::Elaborate,
            _ => Self::Cancel,
        }
    }

    pub(crate) fn index(self) -> usize {
        usize::from(self.digit() - 1)
    }
}

/// What an open editor writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EditorTarget {
    /// The free-form ("Type your own") answer.
    Custom,
    /// The question note.
    QuestionNote,
    /// The note of the declared option at this index.
    OptionNote(usize),
}

/// The open editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    /// Question index the editor belongs to.
    pub question: usize,
    /// What it writes to.
    pub target: EditorTarget,
    /// The text being edited.
    pub buffer: TextBuffer,
    /// The `@` completion list, when one is open.
    pub completion: Option<CompletionList>,
    /// The `@` query the user closed the list for (it stays closed until the word changes).
    pub(crate) completion_closed_for: Option<String>,
    /// True while a "Type your own" editor that opened by itself (the cursor moved onto
    /// its row) is still empty and untyped: `1`-`9` then pick options as on the list.
    pub(crate) picks_digits: bool,
}

impl Editor {
    /// True while this is a "Type your own" editor that opened by itself (the cursor
    /// arrived on its row) and nothing was typed into it yet: `1`-`9` pick options
    /// exactly as on the list, so a digit meant for the list never becomes the answer.
    /// Enter or any other typed character makes it a typing editor.
    pub fn picks_digits(&self) -> bool {
        self.picks_digits && self.buffer.is_empty()
    }
}

/// A row of the settings overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SettingsRow {
    /// A behaviour toggle.
    Behaviour(BehaviourSetting),
    /// `notifications.enabled`.
    Notifications,
    /// `behaviour.locale`, the UI language: the toggle key cycles `auto` and each
    /// language ([`ask_i18n::LocaleSetting::next`]).
    Locale,
    /// `Reset settings to defaults` (needs a second press within 3 s).
    Reset,
}

impl SettingsRow {
    /// The label shown in the overlay, in English ([`SettingsRow::label_in`] for others).
    pub fn label(self) -> &'static str {
        self.label_in(ask_i18n::Locale::En)
    }

    /// The label shown in the overlay in `locale`.
    pub fn label_in(self, locale: ask_i18n::Locale) -> &'static str {
        use ask_i18n::Msg;
        locale.text(match self {
            SettingsRow::Behaviour(s) => s.msg(),
            SettingsRow::Notifications => Msg::SettingNotifications,
            SettingsRow::Locale => Msg::SettingLocale,
            SettingsRow::Reset => Msg::SettingReset,
        })
    }
}

/// The whole ask flow: form, drafts, tabs, editors, overlays.
///
/// Pure state: no I/O, no clock. Drive it with [`Flow::handle_key`] and [`Flow::apply`];
/// read it through its accessors (or render it with `ask-render`).
///
/// ```
/// use ask_contract::{
///     QuestionType,
///     payload::{AskParams, OptionParams, QuestionParams},
/// };
/// use ask_keymap::{Key, KeyCode, Keymap, behaviour::Behaviour};
/// use ask_state::{Command, Effect, Flow, FlowOptions, Outcome, Tab, model::ReviewAction};
///
/// let form = AskParams::new()
///     .question(
///         QuestionParams::new("features", "Which features ship first?")
///             .kind(QuestionType::Multi)
///             .options([("auth", "Auth"), ("billing", "Billing"), ("search", "Search")]),
///     )
///     .validate()?;
/// let mut flow = Flow::new(form, Behaviour::default(), Keymap::default(), FlowOptions::default());
///
/// // Keys resolve to commands in context; a frontend may also build commands itself.
/// assert_eq!(flow.handle_key(Key::char('1')), Command::Digit(1));
/// for command in [Command::Digit(1), Command::Digit(3)] {
///     assert!(flow.apply(command).is_changed());
/// }
/// assert_eq!(flow.draft(0).map(|d| d.selected.clone()), Some(vec![true, false, true]));
///
/// // Enter moves on to the review tab; choosing Submit finishes with the result.
/// let _ = flow.apply(flow.handle_key(Key::plain(KeyCode::Enter)));
/// assert_eq!(flow.tab(), Tab::Review);
/// let Outcome::Effects(effects) = flow.apply(Command::Review(ReviewAction::Submit)) else {
///     panic!("submitting ends the flow");
/// };
/// let Some(Effect::Done(result)) = effects.first() else { panic!("a result") };
/// assert_eq!(result.details.answers["features"].values, ["auth", "search"]);
/// # Ok::<(), ask_contract::ContractError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Flow {
    pub(crate) form: AskForm,
    pub(crate) behaviour: Behaviour,
    pub(crate) keymap: Keymap,
    pub(crate) options: FlowOptions,
    pub(crate) drafts: Vec<QuestionDraft>,
    pub(crate) tab: Tab,
    pub(crate) editor: Option<Editor>,
    pub(crate) review_cursor: ReviewAction,
    pub(crate) armed: Option<ReviewAction>,
    pub(crate) settings_cursor: Option<usize>,
    /// Rows the settings overlay is scrolled by PageUp/PageDown.
    pub(crate) settings_scroll: usize,
    pub(crate) dismiss_warning: bool,
    pub(crate) done: bool,
    /// Question whose multi-to-single switch waits for a second press.
    pub(crate) pending_switch: Option<usize>,
    /// A one-line hint shown until the next command (type switches, the empty editor).
    pub(crate) hint: Option<String>,
    /// The host's last [`Command::Clock`](crate::Command::Clock) reading.
    pub(crate) clock_ms: u64,
    /// When the reset row was armed (host clock).
    pub(crate) reset_armed_at: Option<u64>,
    pub(crate) notifications_enabled: bool,
    /// Host clock at the last user command (the idle timeout counts from here).
    pub(crate) last_input_ms: u64,
    /// The countdown second last reported as a change.
    pub(crate) shown_countdown: Option<u64>,
    /// The open type-to-filter line of the current question.
    pub(crate) filter: Option<crate::option_filter::OptionFilter>,
    /// First question of the review tab's answer list.
    pub(crate) review_scroll: usize,
    /// Questions with a question note or an option note, kept as notes are saved so
    /// that nothing walks every draft on each key.
    pub(crate) noted: std::collections::BTreeSet<usize>,
    /// Line indexes of the form's long texts.
    pub(crate) lines: crate::lines::FormLines,
    /// The host's [`Command::PathStatus`](crate::Command::PathStatus) reports: typed paths and what is there.
    pub(crate) path_status: crate::paths::KnownPaths,
    /// The flow ended by a dismiss or the cancel key rather than the review's Cancel.
    pub(crate) dismissed: bool,
    /// The form's [`crate::snapshot::form_hash`], computed at the first snapshot.
    pub(crate) form_hash: std::sync::OnceLock<String>,
}

impl Flow {
    /// A flow on the first tab of `form`.
    pub fn new(form: AskForm, behaviour: Behaviour, keymap: Keymap, options: FlowOptions) -> Self {
        let drafts = QuestionDraft::fresh(&form, behaviour.present_single_as_multi);
        let settings_cursor = options.settings_only.then_some(0);
        let lines = crate::lines::FormLines::new(&form);
        let mut flow = Self {
            form,
            behaviour,
            keymap,
            options,
            drafts,
            tab: Tab::Question(0),
            editor: None,
            review_cursor: ReviewAction::Submit,
            armed: None,
            settings_cursor,
            settings_scroll: 0,
            dismiss_warning: false,
            done: false,
            pending_switch: None,
            hint: None,
            clock_ms: 0,
            reset_armed_at: None,
            notifications_enabled: true,
            last_input_ms: 0,
            shown_countdown: None,
            filter: None,
            review_scroll: 0,
            form_hash: std::sync::OnceLock::new(),
            noted: std::collections::BTreeSet::new(),
            lines,
            path_status: crate::paths::KnownPaths::new(),
            dismissed: false,
        };
        flow.enter_tab();
        flow
    }

    /// The validated form.
    pub fn form(&self) -> &AskForm {
        &self.form
    }

    /// Current behaviour settings.
    pub fn behaviour(&self) -> &Behaviour {
        &self.behaviour
    }

    /// Current keymap.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Host options (config path, notice).
    pub fn options(&self) -> &FlowOptions {
        &self.options
    }

    /// The active tab.
    pub fn tab(&self) -> Tab {
        self.tab
    }

    /// Number of tabs: one per question plus Review.
    pub fn tab_count(&self) -> usize {
        self.form.questions.len() + 1
    }

    /// The draft of question `i`.
    pub fn draft(&self, i: usize) -> Option<&QuestionDraft> {
        self.drafts.get(i)
    }

    /// The open editor, if any.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// The highlighted review action.
    pub fn review_cursor(&self) -> ReviewAction {
        self.review_cursor
    }

    /// The review action armed by a first digit press (double-press mode).
    pub fn armed(&self) -> Option<ReviewAction> {
        self.armed
    }

    /// The same flow with the `notifications.enabled` setting the overlay shows and toggles
    /// (on by default).
    #[must_use]
    pub fn with_notifications_enabled(mut self, enabled: bool) -> Self {
        self.notifications_enabled = enabled;
        self
    }

    /// Whether notifications are enabled (the settings overlay's `Notifications` row).
    pub fn notifications_enabled(&self) -> bool {
        self.notifications_enabled
    }

    /// The settings overlay cursor when the overlay is open (index into
    /// [`Flow::settings_rows`]).
    pub fn settings_cursor(&self) -> Option<usize> {
        self.settings_cursor
    }

    /// True while the reset row waits for its confirming second press.
    pub fn reset_armed(&self) -> bool {
        self.reset_armed_at.is_some()
    }

    /// The one-line hint of the last command (a question type switch, an empty editor that
    /// cannot be submitted, an armed reset), if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// How question `i` is presented now.
    pub fn presented_type(&self, i: usize) -> Option<QuestionType> {
        self.drafts.get(i).map(|d| d.presented)
    }

    /// True while the dirty-dismiss warning is shown (a second cancel or dismiss discards).
    pub fn dismiss_warning(&self) -> bool {
        self.dismiss_warning
    }

    /// True once the flow produced its result.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The `@` query of the open editor, when the cursor ends an `@word`
    /// and the user did not close the list for it. Hosts compute candidates for it
    /// and send them with [`Command::SetCompletions`](crate::Command::SetCompletions).
    pub fn completion_query(&self) -> Option<&str> {
        if !self.options.host.has(crate::HostFeature::FileCompletion) {
            return None;
        }
        let editor = self.editor.as_ref()?;
        let (_, query) = self.completion_word()?;
        if editor.completion_closed_for.as_deref() == Some(query) {
            return None;
        }
        Some(query)
    }

    /// True when every question has a committed answer.
    pub fn all_answered(&self) -> bool {
        self.drafts.iter().all(QuestionDraft::is_answered)
    }

    /// True when any question or option note exists.
    pub fn has_notes(&self) -> bool {
        !self.noted.is_empty()
    }

    /// True when dismissing would lose something: any answer, note, or editor text.
    pub fn is_dirty(&self) -> bool {
        self.drafts
            .iter()
            .any(|d| d.is_answered() || d.has_notes() || d.custom_text.is_some())
            || (self.editor.as_ref().is_some_and(|e| !e.buffer.is_empty())
                && !self.editor_holds_default())
    }

    /// The pending double-press hint, e.g. `Press 1 again to Submit.`, in the flow's
    /// language.
    pub fn armed_hint(&self) -> Option<String> {
        use ask_i18n::Msg;
        self.armed.map(|a| {
            let msg = match a {
                ReviewAction::Submit => Msg::FlowArmedSubmit,
                ReviewAction::Elaborate => Msg::FlowArmedElaborate,
                ReviewAction::Cancel => Msg::FlowArmedCancel,
            };
            self.locale().format(msg, &[("digit", &a.digit())])
        })
    }

    /// The settings overlay rows in order: each behaviour setting, `Notifications`, then
    /// `Reset settings to defaults`.
    ///
    /// Rows for what the host cannot do ([`FlowOptions::host`]) are left out: the inline
    /// and accessible toggles, notifications.
    pub fn settings_rows(&self) -> Vec<SettingsRow> {
        use crate::HostFeature;
        let host = self.options.host;
        let offered = |row: &SettingsRow| match row {
            SettingsRow::Behaviour(BehaviourSetting::Inline) => host.has(HostFeature::Inline),
            SettingsRow::Behaviour(BehaviourSetting::Accessible) => {
                host.has(HostFeature::Accessible)
            }
            SettingsRow::Notifications => host.has(HostFeature::Notifications),
            _ => true,
        };
        BehaviourSetting::ALL
            .iter()
            .map(|s| SettingsRow::Behaviour(*s))
            .chain([
                SettingsRow::Notifications,
                SettingsRow::Locale,
                SettingsRow::Reset,
            ])
            .filter(offered)
            .collect()
    }

    /// What the host declared it can do.
    pub fn host_features(&self) -> crate::HostFeatures {
        self.options.host
    }

    /// Declares what the host can do from now on (a host that gained a completion source,
    /// say). The settings overlay's cursor stays on a row that is still offered.
    pub fn set_host_features(&mut self, host: crate::HostFeatures) {
        self.options.host = host;
        if let Some(cursor) = self.settings_cursor {
            let last = self.settings_rows().len().saturating_sub(1);
            self.settings_cursor = Some(cursor.min(last));
        }
    }

    /// The on/off value a settings row shows (`None` for the language and reset rows).
    pub fn settings_value(&self, row: SettingsRow) -> Option<bool> {
        match row {
            SettingsRow::Behaviour(s) => Some(self.behaviour.get(s)),
            SettingsRow::Notifications => Some(self.notifications_enabled),
            SettingsRow::Locale | SettingsRow::Reset => None,
        }
    }

    /// Number of cursor rows of question `i`: declared options plus the custom row.
    pub(crate) fn row_count(&self, i: usize) -> usize {
        self.form.questions.get(i).map_or(1, |q| {
            if q.freeform {
                1
            } else {
                q.options.len() + usize::from(q.offers_custom_row())
            }
        })
    }

    pub(crate) fn question(&self, i: usize) -> Option<&Question> {
        self.form.questions.get(i)
    }

    /// True when `row` is the custom row of question `i`.
    pub(crate) fn is_custom_row(&self, i: usize, row: usize) -> bool {
        self.question(i)
            .is_none_or(|q| q.freeform || (q.offers_custom_row() && row >= q.options.len()))
    }

    /// How question `i` is presented now (what selection rules apply).
    pub(crate) fn kind(&self, i: usize) -> QuestionType {
        self.drafts
            .get(i)
            .map(|d| d.presented)
            .or_else(|| self.question(i).map(|q| q.kind))
            .unwrap_or(QuestionType::Single)
    }
}
