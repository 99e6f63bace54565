//! What the host around a flow can do: features the flow offers only when the host
//! carries them out (a completion source, an inline band, a peek key...).

/// One thing a host may or may not be able to do. More will come: match with a `_` arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum HostFeature {
    /// `@` file completion in editors (the host answers
    /// [`Flow::completion_query`](crate::Flow::completion_query)).
    FileCompletion,
    /// Drawing the form inline under the conversation (the `inline` setting).
    Inline,
    /// The accessible mode (the `accessible` setting).
    Accessible,
    /// Folding the form to one line to read the conversation (`global.peek`).
    Peek,
    /// Shift+Enter reaches the host as its own key (else editors offer Alt+Enter for a
    /// new line).
    ShiftEnter,
    /// Notifications when a question waits (the `notifications` settings).
    Notifications,
}

impl HostFeature {
    /// Every feature, in declaration order.
    pub const ALL: &'static [Self] = &[
        Self::FileCompletion,
        Self::Inline,
        Self::Accessible,
        Self::Peek,
        Self::ShiftEnter,
        Self::Notifications,
    ];

    const fn bit(self) -> u16 {
        match self {
            Self::FileCompletion => 1,
            Self::Inline => 2,
            Self::Accessible => 4,
            Self::Peek => 8,
            Self::ShiftEnter => 16,
            Self::Notifications => 32,
        }
    }
}

/// The set of [`HostFeature`]s a host declares. The footer, the settings overlay and the
/// keymap list show only what the host can do, and keys for the others do nothing.
/// A [`Flow`](crate::Flow) made with [`FlowOptions::default`](crate::FlowOptions) assumes
/// every feature (the `ask` binary's terminal); `ask_host::Session` starts from
/// [`HostFeatures::none`] and a host adds what it carries out.
///
/// ```
/// use ask_state::{HostFeature, HostFeatures};
///
/// let ratatui_app = HostFeatures::none().with(HostFeature::FileCompletion);
/// assert!(ratatui_app.has(HostFeature::FileCompletion));
/// assert!(!ratatui_app.has(HostFeature::Peek));
/// assert_eq!(HostFeatures::all().without(HostFeature::Inline).has(HostFeature::Inline), false);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HostFeatures(u16);

impl HostFeatures {
    /// Every feature.
    pub const fn all() -> Self {
        Self(63)
    }

    /// No feature: a host that only feeds keys and draws frames.
    pub const fn none() -> Self {
        Self(0)
    }

    /// The same set with `feature`.
    #[must_use]
    pub const fn with(self, feature: HostFeature) -> Self {
        Self(self.0 | feature.bit())
    }

    /// The same set without `feature`.
    #[must_use]
    pub const fn without(self, feature: HostFeature) -> Self {
        Self(self.0 & !feature.bit())
    }

    /// True when the set holds `feature`.
    pub const fn has(self, feature: HostFeature) -> bool {
        self.0 & feature.bit() != 0
    }

    /// The features in the set, in [`HostFeature::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = HostFeature> {
        HostFeature::ALL
            .iter()
            .copied()
            .filter(move |f| self.has(*f))
    }
}

impl Default for HostFeatures {
    /// Every feature (what the `ask` binary's terminal front end does).
    fn default() -> Self {
        Self::all()
    }
}

impl FromIterator<HostFeature> for HostFeatures {
    fn from_iter<I: IntoIterator<Item = HostFeature>>(iter: I) -> Self {
        iter.into_iter().fold(Self::none(), Self::with)
    }
}

impl serde::Serialize for HostFeatures {
    /// A list of feature names: `["fileCompletion", "peek"]`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for HostFeatures {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<HostFeature>::deserialize(deserializer)?;
        Ok(list.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{HostFeature, HostFeatures};

    #[test]
    fn every_feature_has_its_own_bit_and_all_holds_each() {
        let mut seen = 0u16;
        for &f in HostFeature::ALL {
            assert_eq!(seen & f.bit(), 0, "{f:?} shares a bit");
            seen |= f.bit();
            assert!(HostFeatures::all().has(f));
            assert!(!HostFeatures::none().has(f));
            assert_eq!(HostFeatures::none().with(f).iter().collect::<Vec<_>>(), [f]);
        }
        assert_eq!(
            HostFeatures::all(),
            HostFeature::ALL.iter().copied().collect()
        );
    }

    #[test]
    fn features_are_a_list_of_names_in_json() {
        let set = HostFeatures::none()
            .with(HostFeature::Peek)
            .with(HostFeature::FileCompletion);
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, r#"["fileCompletion","peek"]"#);
        assert_eq!(serde_json::from_str::<HostFeatures>(&json).unwrap(), set);
        assert!(serde_json::from_str::<HostFeatures>(r#"["teleport"]"#).is_err());
    }
}
