//! Integration tests of ask-settings: one binary, one module per area.

mod early_keys;
mod fixtures;
mod import;
mod key_order;
mod mcp;
mod regular_file;
mod resume_unanswered;
mod settings_paths;
mod special_files;
mod store;
mod write_through;

/// Runs `f` on a thread and gives up after a generous guard time, so a regression that
/// blocks on a special file fails the test instead of hanging the whole run.
fn guarded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("{what} did not return (it blocks on the path)"))
}
