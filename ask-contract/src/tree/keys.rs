//! The fields of a payload the contract reads, and which of them each kind of
//! object keeps.

use super::Place;

/// Declares [`Key`] and the JSON name of each.
macro_rules! keys {
    ($($key:ident => $name:literal,)*) => {
        /// A field the contract reads.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Key {
            $($key,)*
        }

        /// Every key's JSON name.
        #[cfg(test)]
        pub(super) const NAMES: &[&str] = &[$($name,)*];

        impl Key {
            /// The key of a JSON name (one `match`, not a search through every name).
            pub(super) fn named(name: &str) -> Option<Key> {
                match name {
                    $($name => Some(Key::$key),)*
                    _ => None,
                }
            }
        }
    };
}

keys! {
    Title => "title",
    Questions => "questions",
    Id => "id",
    Label => "label",
    Prompt => "prompt",
    Type => "type",
    Required => "required",
    Options => "options",
    Freeform => "freeform",
    Value => "value",
    Description => "description",
    Preview => "preview",
    Recommended => "recommended",
    Placeholder => "placeholder",
    Multiline => "multiline",
    MinLength => "minLength",
    MaxLength => "maxLength",
    Format => "format",
    Pattern => "pattern",
    Default => "default",
    YesLabel => "yesLabel",
    NoLabel => "noLabel",
    Min => "min",
    Max => "max",
    Integer => "integer",
    Unit => "unit",
    PathKind => "pathKind",
    MustExist => "mustExist",
    MinItems => "minItems",
    MaxItems => "maxItems",
}

/// The fields kept in the root, a question and an option (at most [`MAX_FIELDS`]).
pub(super) const ROOT_FIELDS: &[Key] = &[Key::Title, Key::Questions];
pub(super) const QUESTION_FIELDS: &[Key] = &[
    Key::Id,
    Key::Label,
    Key::Prompt,
    Key::Type,
    Key::Required,
    Key::Options,
    Key::Placeholder,
    Key::Multiline,
    Key::MinLength,
    Key::MaxLength,
    Key::Format,
    Key::Pattern,
    Key::Default,
    Key::YesLabel,
    Key::NoLabel,
    Key::Min,
    Key::Max,
    Key::Integer,
    Key::Unit,
    Key::PathKind,
    Key::MustExist,
    Key::MinItems,
    Key::MaxItems,
];
pub(super) const OPTION_FIELDS: &[Key] = &[
    Key::Freeform,
    Key::Value,
    Key::Label,
    Key::Description,
    Key::Preview,
    Key::Recommended,
];
pub(super) const MAX_FIELDS: usize = 23;

impl Key {
    /// Where this field's value sits.
    pub(super) fn place(self) -> Place {
        match self {
            Key::Questions => Place::Questions,
            Key::Options => Place::Options,
            Key::Default => Place::Default,
            _ => Place::Scalar,
        }
    }
}
