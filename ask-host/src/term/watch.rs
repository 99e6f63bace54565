//! Watching the settings file instead of polling it: on Linux an inotify descriptor on the
//! file's folder (and on the folder of the file a symlink points to) joins the input
//! `poll`, so an idle form sleeps until a key, a signal or an edit of the file, and an
//! edit applies as soon as it is written. Elsewhere there is no watch and the session
//! polls the file on its ticks, as before.

use std::path::Path;

/// A watch on the settings file, or nothing where watching is not available.
pub struct SettingsWatch {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    inner: linux::Watch,
}

impl SettingsWatch {
    /// Watches `path`; `None` when it cannot be watched (no such folder, no inotify, not
    /// Linux): the caller polls then.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub fn new(path: &Path) -> Option<Self> {
        linux::Watch::new(path).map(|inner| Self { inner })
    }

    /// Watches `path`: never here (not Linux), so the caller polls.
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub fn new(_path: &Path) -> Option<Self> {
        None
    }

    /// The descriptor to poll for readability.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub fn fd(&self) -> std::os::fd::BorrowedFd<'_> {
        use std::os::fd::AsFd;
        self.inner.fd.as_fd()
    }

    /// Reads the pending events; true when one concerns the settings file.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub fn changed(&mut self) -> bool {
        self.inner.changed()
    }
}

#[cfg(any(target_os = "linux", target_os = "android"))]
mod linux {
    use std::ffi::OsString;
    use std::mem::MaybeUninit;
    use std::os::fd::OwnedFd;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    use rustix::fs::inotify::{self, CreateFlags, WatchFlags};

    pub(super) struct Watch {
        pub(super) fd: OwnedFd,
        /// The names that matter: the settings file's, and its symlink target's.
        names: Vec<OsString>,
    }

    impl Watch {
        pub(super) fn new(path: &Path) -> Option<Self> {
            let fd = inotify::init(CreateFlags::CLOEXEC | CreateFlags::NONBLOCK).ok()?;
            // A finished write, an atomic rename into place, a removal or new permissions.
            let flags = WatchFlags::CLOSE_WRITE
                | WatchFlags::MOVED_TO
                | WatchFlags::MOVED_FROM
                | WatchFlags::DELETE
                | WatchFlags::ATTRIB;
            let mut names = Vec::new();
            let mut watched = false;
            let real = std::fs::canonicalize(path).ok();
            for file in std::iter::once(path).chain(real.as_deref()) {
                let (Some(dir), Some(name)) = (file.parent(), file.file_name()) else {
                    continue;
                };
                let dir = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir
                };
                if inotify::add_watch(&fd, dir, flags).is_ok() {
                    watched = true;
                    names.push(name.to_owned());
                }
            }
            watched.then_some(Self { fd, names })
        }

        pub(super) fn changed(&mut self) -> bool {
            let mut buf = [MaybeUninit::<u8>::uninit(); 4096];
            let mut reader = inotify::Reader::new(&self.fd, &mut buf);
            let mut changed = false;
            // Until the queue is empty (EAGAIN) or broken.
            while let Ok(event) = reader.next() {
                // A full queue lost events: take it as a change.
                changed |= event.events().contains(inotify::ReadFlags::QUEUE_OVERFLOW)
                    || event.file_name().is_some_and(|name| {
                        self.names.iter().any(|n| n.as_bytes() == name.to_bytes())
                    });
            }
            changed
        }
    }

    impl Drop for Watch {
        /// The last close of an inotify descriptor waits for the kernel to retire its
        /// watches (an RCU grace period: 10-20 ms measured), which on the way out of a
        /// form came before the terminal was restored and the result written (a lone
        /// Esc took 15 ms more than it needed). A duplicate takes that wait on a thread
        /// of its own, so the descriptor closed here is not the last; at exit the
        /// process closes it if that thread has not run yet.
        fn drop(&mut self) {
            if let Ok(last) = self.fd.try_clone() {
                let _ = std::thread::Builder::new()
                    .name("ask-watch-close".into())
                    .spawn(move || drop(last));
            }
        }
    }
}
