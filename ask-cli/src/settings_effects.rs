//! Settings effects of the flow that touch the disk (the notifications toggle, the guarded
//! reset), and the host clock the flow's reset window is measured with.

use std::time::Instant;

use ask_keymap::ConfigStore;
use ask_state::Effect;

/// Milliseconds since the UI started, for [`ask_state::Command::Clock`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock(Instant);

impl Clock {
    pub(crate) fn start() -> Self {
        Clock(Instant::now())
    }

    pub(crate) fn now_ms(self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// Carries out a settings effect on the store; returns a notice for the user, if any.
pub(crate) fn run(store: Option<&mut ConfigStore>, effect: &Effect) -> Option<String> {
    let store = store?;
    match effect {
        Effect::PersistNotifications(enabled) => store
            .save_notifications_enabled(*enabled)
            .err()
            .map(|err| format!("settings not saved: {err}")),
        Effect::ResetSettings => Some(match store.reset() {
            Ok(Some(backup)) => format!(
                "Settings reset to defaults; the old file is saved as {}",
                backup.display()
            ),
            Ok(None) => "Settings reset to defaults.".to_owned(),
            Err(err) => format!("settings not reset on disk: {err}"),
        }),
        _ => None,
    }
}
