//! Where `@` completion candidates come from.

use ask_state::{Completion, paths::PathStatus};

/// A source of `@` completion candidates, given to [`Session::with_completions`](crate::Session::with_completions).
///
/// The session calls [`CompletionSource::complete`] when the `@` query under the cursor
/// changes, and again when [`CompletionSource::revision`] changes for the same query (a
/// source that fills in the background bumps its revision as it grows; the session checks
/// at each input and [`tick`](crate::Session::tick)). The session takes sources that are
/// also `Send`, so it can move between threads itself (share state with `Arc<Mutex<_>>`
/// rather than `Rc<RefCell<_>>`).
///
/// ```
/// use ask_host::{setup::CompletionSource, state::Completion};
///
/// struct Fixed(Vec<&'static str>);
/// impl CompletionSource for Fixed {
///     fn complete(&mut self, query: &str) -> Vec<Completion> {
///         self.0.iter().filter(|p| p.contains(query))
///             .map(|p| Completion::file(*p))
///             .collect()
///     }
/// }
/// assert_eq!(Fixed(vec!["a.rs", "b.rs"]).complete("b")[0].path, "b.rs");
/// ```
pub trait CompletionSource {
    /// The candidates for `query` (the text after `@`, without quotes), best first. The
    /// flow shows them in this order.
    fn complete(&mut self, query: &str) -> Vec<Completion>;

    /// Changes when the answer to the same query may have changed. Constant by default.
    fn revision(&self) -> u64 {
        0
    }

    /// What is at `path` (relative to the completion root, or absolute), for the
    /// `mustExist` and `pathKind` rules of path questions. `None` (the default) when the
    /// source cannot tell: those rules are then not checked.
    fn path_status(&mut self, path: &str) -> Option<PathStatus> {
        let _ = path;
        None
    }

    /// False while the answers may still change by themselves (a background walk runs), so
    /// the host keeps ticking to pick them up ([`Session::needs_ticks`](crate::Session::needs_ticks)).
    /// True by default.
    fn is_settled(&self) -> bool {
        true
    }

    /// True when the source holds only part of what exists (an index that stopped at its
    /// size cap), so the list tells the person that a path not listed may still be there.
    /// False by default.
    fn is_partial(&self) -> bool {
        false
    }
}

impl<F> CompletionSource for F
where
    F: FnMut(&str) -> Vec<Completion>,
{
    fn complete(&mut self, query: &str) -> Vec<Completion> {
        self(query)
    }
}
