//! The reader's one wait: the terminal, the signals' wake-up pipe and the settings
//! file's watch, until one is ready or the time is up.
//!
//! On Linux it is an edge-triggered `epoll` set made once: between keys the kernel only
//! sleeps and wakes the loop. A `poll` of the terminal asks it, whenever no input is
//! waiting, to push what is in flight into the line discipline first (`n_tty_poll`
//! flushes the input work), once per key; with the terminal registered edge-triggered
//! the set is not even asked while nothing new arrived. An edge is only reported for
//! new bytes, so a read that filled the reader's buffer (more may wait) makes the next
//! wait a plain `poll`, which sees bytes already there. Elsewhere, and when the set
//! cannot be made, every wait is a `poll`.

use std::io;
use std::os::fd::BorrowedFd;
#[cfg(any(target_os = "linux", target_os = "android"))]
use std::os::fd::{AsRawFd, RawFd};
use std::time::Duration;

use rustix::event::{PollFd, PollFlags, Timespec, poll};

/// Which of the waited-on descriptors are ready.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ready {
    /// The terminal has bytes (or hung up).
    pub(crate) tty: bool,
    /// The wake-up pipe has bytes (a signal, a control client's command).
    pub(crate) woken: bool,
    /// The settings file's watch has events.
    pub(crate) watched: bool,
}

/// The descriptors of one wait: the terminal, the wake-up pipe, the watch.
#[derive(Clone, Copy)]
pub(crate) struct Sources<'a> {
    pub(crate) tty: BorrowedFd<'a>,
    pub(crate) wake: Option<BorrowedFd<'a>>,
    pub(crate) watch: Option<BorrowedFd<'a>>,
}

/// The descriptors an epoll set was made for.
#[cfg(any(target_os = "linux", target_os = "android"))]
type SetKey = (RawFd, Option<RawFd>, Option<RawFd>);

#[cfg(any(target_os = "linux", target_os = "android"))]
impl Sources<'_> {
    fn key(&self) -> SetKey {
        (
            self.tty.as_raw_fd(),
            self.wake.map(|fd| fd.as_raw_fd()),
            self.watch.map(|fd| fd.as_raw_fd()),
        )
    }
}

/// Waits on [`Sources`]; see the module docs.
#[derive(Default)]
pub(crate) struct Waiter {
    /// The epoll set and the descriptors it holds (Linux); `None` until the first wait,
    /// or when it could not be made.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    set: Option<(std::os::fd::OwnedFd, SetKey)>,
    /// The epoll set could not be made: `poll` from now on.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    no_set: bool,
    /// The last read filled the buffer: more bytes may wait that no edge announces.
    more: bool,
}

impl Waiter {
    /// The last read of the terminal took `n` bytes into a buffer of `capacity`.
    pub(crate) fn read(&mut self, n: usize, capacity: usize) {
        self.more = n >= capacity;
    }

    /// A read of the terminal was interrupted before it took anything: the next wait
    /// looks at what is there rather than for news of it.
    pub(crate) fn unread(&mut self) {
        self.more = true;
    }

    /// Waits up to `timeout`; `None` when a signal interrupted the wait.
    pub(crate) fn wait(
        &mut self,
        sources: Sources<'_>,
        timeout: Duration,
    ) -> io::Result<Option<Ready>> {
        let spec = Timespec::try_from(timeout).unwrap_or(Timespec {
            tv_sec: 1,
            tv_nsec: 0,
        });
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if !self.more
            && let Some(set) = self.set(sources)
        {
            return epoll_wait(set, &spec);
        }
        self.more = false;
        poll_wait(sources, &spec)
    }

    /// The epoll set for `sources`, made (again) when they changed.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn set(&mut self, sources: Sources<'_>) -> Option<BorrowedFd<'_>> {
        use std::os::fd::AsFd;
        if self.no_set {
            return None;
        }
        if self
            .set
            .as_ref()
            .is_none_or(|(_, key)| *key != sources.key())
        {
            self.set = None;
            let Ok(set) = make_set(sources) else {
                self.no_set = true;
                return None;
            };
            self.set = Some((set, sources.key()));
        }
        self.set.as_ref().map(|(set, _)| set.as_fd())
    }
}

/// Event data of the sources in an epoll set.
#[cfg(any(target_os = "linux", target_os = "android"))]
const TTY: u64 = 0;
#[cfg(any(target_os = "linux", target_os = "android"))]
const WAKE: u64 = 1;
#[cfg(any(target_os = "linux", target_os = "android"))]
const WATCH: u64 = 2;

/// An epoll set with the terminal edge-triggered and the pipe and the watch
/// level-triggered (they are drained whole when they fire).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn make_set(sources: Sources<'_>) -> io::Result<std::os::fd::OwnedFd> {
    use rustix::event::epoll::{self, CreateFlags, EventData, EventFlags};
    let set = epoll::create(CreateFlags::CLOEXEC)?;
    epoll::add(
        &set,
        sources.tty,
        EventData::new_u64(TTY),
        EventFlags::IN | EventFlags::ET,
    )?;
    for (fd, data) in [(sources.wake, WAKE), (sources.watch, WATCH)] {
        if let Some(fd) = fd {
            epoll::add(&set, fd, EventData::new_u64(data), EventFlags::IN)?;
        }
    }
    Ok(set)
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn epoll_wait(set: BorrowedFd<'_>, spec: &Timespec) -> io::Result<Option<Ready>> {
    use std::mem::MaybeUninit;

    use rustix::event::epoll;
    let mut events = [MaybeUninit::<epoll::Event>::uninit(); 3];
    let (got, _) = match epoll::wait(set, &mut events, Some(spec)) {
        Ok(got) => got,
        Err(rustix::io::Errno::INTR) => return Ok(None),
        Err(err) => return Err(err.into()),
    };
    let mut ready = Ready::default();
    for event in got.iter() {
        match event.data.u64() {
            TTY => ready.tty = true,
            WAKE => ready.woken = true,
            _ => ready.watched = true,
        }
    }
    Ok(Some(ready))
}

fn poll_wait(sources: Sources<'_>, spec: &Timespec) -> io::Result<Option<Ready>> {
    let mut fds = vec![PollFd::from_borrowed_fd(sources.tty, PollFlags::IN)];
    let wake_at = sources.wake.map(|fd| {
        fds.push(PollFd::from_borrowed_fd(fd, PollFlags::IN));
        fds.len() - 1
    });
    let watch_at = sources.watch.map(|fd| {
        fds.push(PollFd::from_borrowed_fd(fd, PollFlags::IN));
        fds.len() - 1
    });
    match poll(&mut fds, Some(spec)) {
        Ok(_) => {}
        Err(rustix::io::Errno::INTR) => return Ok(None),
        Err(err) => return Err(err.into()),
    }
    let ready = |at: Option<usize>| {
        at.and_then(|i| fds.get(i))
            .is_some_and(|fd| !fd.revents().is_empty())
    };
    Ok(Some(Ready {
        tty: ready(Some(0)),
        woken: ready(wake_at),
        watched: ready(watch_at),
    }))
}
