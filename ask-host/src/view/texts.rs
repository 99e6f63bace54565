//! The page's own texts: which catalogue messages it shows, in the form's language.

use std::collections::BTreeMap;

use ask_i18n::{Locale, Msg};

/// The catalogue texts the browser page shows, by their keys (`web.note`,
/// `review.submit`): the view model carries them in the form's language.
pub const PAGE_TEXTS: &[Msg] = &[
    Msg::WebPageTitle,
    Msg::WebHeading,
    Msg::WebKeys,
    Msg::WebKeysPick,
    Msg::WebKeysOptionNote,
    Msg::WebKeysQuestionNote,
    Msg::WebKeysYesNo,
    Msg::WebKeysEnter,
    Msg::WebLoading,
    Msg::WebNoscript,
    Msg::WebNotTaken,
    Msg::WebClosed,
    Msg::WebAnswered,
    Msg::WebNote,
    Msg::WebNoteOn,
    Msg::WebNoteOnPlain,
    Msg::WebYourAnswer,
    Msg::WebYourOwnAnswer,
    Msg::WebQuestionNote,
    Msg::WebNotAnswered,
    Msg::WebNotAnsweredSuggested,
    Msg::WebPrefilled,
    Msg::WebFixFirst,
    Msg::WebAnsweredInBrowser,
    Msg::WebAnsweredInTerminal,
    Msg::WebAnsweredInControl,
    Msg::WebAnsweredInScripted,
    Msg::WebCancelledInBrowser,
    Msg::WebCancelledInTerminal,
    Msg::WebCancelledInControl,
    Msg::WebCancelledInScripted,
    Msg::WebCancelled,
    Msg::WebEnded,
    Msg::WebTimedOut,
    Msg::WebClosePage,
    Msg::WebConnectionLost,
    Msg::WebUnavailable,
    Msg::WebAddNote,
    Msg::WebCancelConfirm,
    Msg::WebCancelYes,
    Msg::WebCancelNo,
    Msg::WebReconnecting,
    Msg::WebGone,
    Msg::WebRejected,
    Msg::WebExample,
    Msg::PreviewTitle,
    Msg::OptionCustom,
    Msg::OptionRecommended,
    Msg::TabReview,
    Msg::ReviewSubmit,
    Msg::ReviewElaborate,
    Msg::ReviewCancel,
];

/// [`PAGE_TEXTS`] in `locale`, by key.
pub fn page_texts(locale: Locale) -> BTreeMap<&'static str, &'static str> {
    PAGE_TEXTS
        .iter()
        .map(|m| (m.key(), locale.text(*m)))
        .collect()
}
