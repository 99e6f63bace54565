//! Atomic file writes and backup names.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Distinguishes temporary files of concurrent writes within one process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path`, atomically when `path` is a regular file (or absent).
///
/// - A regular file or a new path: a temporary file in the same folder is written, flushed
///   and synced, then renamed over the file (and the folder synced), so readers and a crash
///   at any point see the old content or the new one, never a mix. The permissions of an
///   existing file are kept. A symlink to a regular file is followed: its target is replaced
///   and the link stays a link.
/// - Anything else (a FIFO, a character device such as `/dev/null`, a socket, `/dev/stdout`,
///   `/dev/fd/N`, `/proc/self/fd/N`, a pipe from a shell's `>(cmd)`, or a symlink to one of
///   those) is written through: opened for writing and written, with no temporary file and
///   no rename, so a device or pipe the user named is never replaced by a regular file.
///   Paths under a process's `fd` folder are always written through, even when the
///   descriptor is a regular file (the bytes are appended, as a shell's `>>` would).
///   A socket cannot be opened by path, so this process's standard output or error named
///   that way (`/dev/stdout`, `/dev/fd/2`, `/proc/self/fd/1`, as when the caller is a
///   Node.js program, whose child processes get sockets) is written on the open
///   descriptor instead.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match resolve_target(path)? {
        Target::Through { append, own_fd } => write_through(path, bytes, append, own_fd),
        Target::Replace(target) => replace(&target, bytes),
    }
}

/// How [`write_atomic`] writes a path.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// Open the path the user gave and write into it.
    Through {
        /// Append (the descriptor is a regular file).
        append: bool,
        /// The path stands for this descriptor of this process.
        own_fd: Option<u32>,
    },
    /// Replace this regular file (or create it) with a rename.
    Replace(PathBuf),
}

/// Symlink hops followed before giving up, as the kernel does (`ELOOP`).
const MAX_LINKS: usize = 40;

fn resolve_target(path: &Path) -> io::Result<Target> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(folder) = fd_folder(&current) {
            let append = fs::metadata(path).is_ok_and(|m| m.file_type().is_file());
            let own_fd = (folder == FdFolder::Own)
                .then(|| current.file_name()?.to_str()?.parse().ok())
                .flatten();
            return Ok(Target::Through { append, own_fd });
        }
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(meta) if meta.file_type().is_file() => return Ok(Target::Replace(current)),
            Ok(_) => {
                return Ok(Target::Through {
                    append: false,
                    own_fd: None,
                });
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::Replace(current)),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{} goes through more than {MAX_LINKS} symlinks",
            path.display()
        ),
    ))
}

/// Whose descriptor folder a path is in.
#[derive(Debug, PartialEq, Eq)]
enum FdFolder {
    /// This process's (`/proc/self/fd`, `/dev/fd`, `/proc/thread-self/fd`,
    /// `/proc/<our pid>/fd`, `/proc/<our pid>/task/<tid>/fd`).
    Own,
    /// Another process's.
    Other,
}

/// Whether `path` names an entry of a process's descriptor folder (`/proc/<pid>/fd/N`,
/// `/proc/<pid>/task/<tid>/fd/N`, or `/dev/fd/N`, which links there): such an entry stands
/// for an open descriptor, not for a file that could be replaced.
fn fd_folder(path: &Path) -> Option<FdFolder> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    let dir = fs::canonicalize(dir).ok()?;
    let parts: Vec<_> = dir.components().map(|c| c.as_os_str().to_owned()).collect();
    let proc_fd = parts.len() >= 4 && parts[1] == "proc" && parts[parts.len() - 1] == "fd";
    if !(proc_fd && (parts.len() == 4 || (parts.len() == 6 && parts[3] == "task"))) {
        return None;
    }
    // A thread's folder (`task/<tid>/fd`) shares the process's descriptor table.
    let own = parts[2].to_str() == Some(&std::process::id().to_string());
    Some(if own { FdFolder::Own } else { FdFolder::Other })
}

fn write_through(path: &Path, bytes: &[u8], append: bool, own_fd: Option<u32>) -> io::Result<()> {
    let mut file = match OpenOptions::new().write(true).append(append).open(path) {
        Ok(file) => file,
        Err(e) if is_socket_error(&e) && own_fd == Some(1) => {
            return write_on(&mut io::stdout().lock(), bytes);
        }
        Err(e) if is_socket_error(&e) && own_fd == Some(2) => {
            return write_on(&mut io::stderr().lock(), bytes);
        }
        Err(e) => return Err(e),
    };
    write_on(&mut file, bytes)
}

fn write_on(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    out.write_all(bytes)?;
    out.flush()
}

/// What opening a socket by its `/proc/<pid>/fd/N` path fails with.
#[cfg(unix)]
fn is_socket_error(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ENXIO)
}

#[cfg(not(unix))]
fn is_socket_error(_: &io::Error) -> bool {
    false
}

fn replace(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} has no file name to write", target.display()),
        )
    })?;
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, file) = create_temp(&dir, &name.to_string_lossy())?;
    // Only the temporary file this call created is ever removed.
    let result = write_then_rename(file, &tmp, target, bytes);
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    // Make the rename itself durable. Opening a folder fails on some platforms: best effort.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Attempts at a free temporary name before giving up.
const TEMP_ATTEMPTS: usize = 64;

/// Creates a new temporary file `.<name>.<pid>.<counter>.tmp` in `dir`. A name that is
/// taken (a file left by a killed process whose id this one now has, or anyone else's) is
/// never opened nor removed: the next counter value is tried.
fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..TEMP_ATTEMPTS {
        let tmp = dir.join(format!(
            ".{name}.{}.{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::from(io::ErrorKind::AlreadyExists)))
}

fn write_then_rename(mut file: File, tmp: &Path, target: &Path, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.flush()?;
    if let Ok(meta) = fs::metadata(target) {
        file.set_permissions(meta.permissions())?;
    }
    file.sync_all()?;
    drop(file);
    fs::rename(tmp, target)
}

/// Temporary files of writes that were killed before their rename are left behind; this
/// removes those beside `path` that are older than `min_age` (so writes in flight in other
/// processes are never touched). Best effort: errors are ignored.
pub(crate) fn remove_stale_temp_files(path: &Path, min_age: Duration) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let Some(middle) = file_name
            .strip_prefix(prefix.as_str())
            .and_then(|rest| rest.strip_suffix(".tmp"))
        else {
            continue;
        };
        // <pid>.<counter>
        if !middle
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        {
            continue;
        }
        let old_enough = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= min_age);
        if old_enough {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// A free backup name beside `path`: `<stem>.<UTC timestamp>.bak.json`, with `-2`, `-3`...
/// appended to the timestamp when that name is taken.
pub(crate) fn backup_path(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "ask-user".into(), |s| s.to_string_lossy());
    let stamp = utc_timestamp(SystemTime::now());
    let mut n = 1;
    loop {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let candidate = path.with_file_name(format!("{stem}.{stamp}{suffix}.bak.json"));
        if fs::symlink_metadata(&candidate).is_err() {
            return candidate;
        }
        n += 1;
    }
}

/// `YYYYMMDDTHHMMSSZ` in UTC.
pub(crate) fn utc_timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps() {
        assert_eq!(utc_timestamp(UNIX_EPOCH), "19700101T000000Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_210_096); // 2024-02-29 12:34:56
        assert_eq!(utc_timestamp(t), "20240229T123456Z");
    }

    #[test]
    fn writes_replace_and_leave_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["f.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn follows_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        let link = dir.path().join("link.json");
        fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn a_taken_temp_name_is_skipped_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        // Files with the names the next writes of this process would pick, as a killed
        // process with the same id leaves them.
        let next = COUNTER.load(Ordering::Relaxed);
        let planted: Vec<_> = (next..next + 32)
            .map(|n| {
                let p = dir
                    .path()
                    .join(format!(".out.json.{}.{n}.tmp", std::process::id()));
                fs::write(&p, b"not ours").unwrap();
                p
            })
            .collect();
        write_atomic(&path, b"result").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"result");
        for p in &planted {
            assert_eq!(fs::read(p).unwrap(), b"not ours", "{}", p.display());
        }
    }

    #[test]
    fn stale_temp_files_are_removed_and_fresh_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ask-user.json");
        let stale = dir.path().join(".ask-user.json.123.0.tmp");
        let fresh = dir.path().join(".ask-user.json.124.0.tmp");
        let other = dir.path().join(".other.json.123.0.tmp");
        for p in [&stale, &fresh, &other] {
            fs::write(p, b"x").unwrap();
        }
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        for p in [&stale, &other] {
            File::options()
                .write(true)
                .open(p)
                .unwrap()
                .set_modified(hour_ago)
                .unwrap();
        }
        remove_stale_temp_files(&path, Duration::from_secs(600));
        assert!(!stale.exists());
        assert!(fresh.exists());
        assert!(other.exists());
    }

    #[test]
    fn backup_names_do_not_collide() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ask-user.json");
        let first = backup_path(&path);
        fs::write(&first, b"x").unwrap();
        let second = backup_path(&path);
        assert_ne!(first, second);
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("ask-user.") && name.ends_with("Z.bak.json"),
            "{name}"
        );
    }
}
