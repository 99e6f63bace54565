//! The session's draft (see [`Session::with_draft`]): restored, saved when due, kept
//! until the host has stored the result.

use crate::{Notice, Session};

impl Session {
    /// Keeps a draft of the user's work in `path` while the form is open: saved atomically
    /// at most every [`DRAFT_SAVE_INTERVAL_MS`](crate::draft::DRAFT_SAVE_INTERVAL_MS), on every
    /// tab change and once more when the flow ends; a draft over 512 KiB (a form of many
    /// thousand questions) at most once per its size at 1 MiB a second, tab changes
    /// included, so typing in it does not rewrite megabytes twice a second. The draft outlives the flow: the host
    /// deletes it with [`Session::discard_draft`] once the result is stored, so answers
    /// are never lost between the end of the form and a result that could not be written;
    /// it stays when the session is dropped (a kill, a closed terminal, a crash). With
    /// `resume`, first restores the draft found there when it was made for the same
    /// questions (what breaks the form's rules is dropped, and a
    /// [`Notice::DraftAdjusted`](crate::Notice::DraftAdjusted) says what); otherwise the
    /// form starts fresh and a [`Notice::DraftNotRestored`](crate::Notice::DraftNotRestored)
    /// says why.
    ///
    /// A draft is a file the session owns ([`DraftFile`](crate::draft::DraftFile)): a path that
    /// holds anything but a draft (a payload, a FIFO, a device such as `/dev/null`, a
    /// folder, a symlink to a non-draft) is never read into the form, written or deleted;
    /// the session then keeps no draft and a
    /// [`Notice::DraftNotSaved`](crate::Notice::DraftNotSaved) says why. A draft larger
    /// than [`MAX_DRAFT_BYTES`](crate::draft::MAX_DRAFT_BYTES) is not restored.
    #[must_use]
    pub fn with_draft(mut self, path: impl Into<std::path::PathBuf>, resume: bool) -> Self {
        let file = match crate::draft::DraftFile::open(path) {
            Ok(file) => file,
            Err(why) => {
                self.show(Notice::DraftNotSaved(why));
                return self;
            }
        };
        if resume {
            match crate::draft::restore(&mut self.flow, file.path()) {
                Ok(dropped) if dropped.is_empty() => {}
                Ok(dropped) => self.show(Notice::DraftAdjusted(format!(
                    "draft {} restored without what the form does not allow: {}",
                    file.path().display(),
                    dropped.join("; ")
                ))),
                Err(why) => self.show(Notice::DraftNotRestored(why)),
            }
        }
        self.draft = Some(crate::draft::DraftSaver::new(file));
        self.save_draft(0);
        self
    }

    /// The draft file, while one is kept (see [`Session::with_draft`]).
    pub fn draft_path(&self) -> Option<&std::path::Path> {
        self.draft.as_ref().map(|d| d.file.path())
    }

    /// Deletes the draft: call it once the result is stored (written and synced). Only a
    /// draft is deleted; whatever else took the path since is left. Returns true when a
    /// file was deleted. No draft is kept from then on.
    pub fn discard_draft(&mut self) -> bool {
        self.draft.take().is_some_and(|d| d.file.remove())
    }

    /// Saves the draft when due; once the flow finished, saves its final state once.
    pub(crate) fn save_draft(&mut self, now_ms: u64) {
        if self.draft_final {
            return;
        }
        let finished = self.result().is_some();
        let Some(draft) = self.draft.as_mut() else {
            return;
        };
        let saved = draft.save_if_due(&self.flow, now_ms, finished);
        let was_failing = draft.failing;
        draft.failing = matches!(saved, Err(crate::draft::SaveError::Retry(_)))
            || (was_failing && draft.waiting);
        let recovered = was_failing && !draft.failing;
        let path = draft.file.path().display().to_string();
        match saved {
            Ok(()) if recovered => {
                self.show(Notice::DraftSavedAgain(format!(
                    "the draft is saved again to {path}"
                )));
            }
            Ok(()) => {}
            Err(crate::draft::SaveError::Stop(why)) => {
                self.draft = None;
                self.show(Notice::DraftNotSaved(why));
            }
            Err(crate::draft::SaveError::Retry(why)) => {
                // Told once per run of failures; the draft stays kept (and is deleted at
                // a normal end), and the next save is tried after the interval.
                if !was_failing {
                    let interval = crate::draft::DRAFT_SAVE_INTERVAL_MS;
                    self.show(Notice::DraftNotSaved(format!(
                        "{why}; trying again every {interval} ms"
                    )));
                }
                // The final state is not on disk yet: keep trying it.
                if finished {
                    return;
                }
            }
        }
        self.draft_final = finished;
    }
}
