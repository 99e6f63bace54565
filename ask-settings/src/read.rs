//! Reading files the tool owns (the settings file; a host's drafts): only a regular file,
//! and only up to a size cap, so a FIFO, a device such as `/dev/zero` or a runaway file
//! given as the path can neither hang a command nor fill memory.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read};
use std::path::Path;

use crate::SettingsError;

/// The largest settings file read (1 MiB). Real settings files are a few kilobytes.
pub const MAX_SETTINGS_BYTES: u64 = 1024 * 1024;

/// The bytes of the settings file at `path`, or `None` when there is no file there:
/// [`read_regular_file`] with [`MAX_SETTINGS_BYTES`], its errors told as the settings
/// file's ([`SettingsError::NotAFile`], [`SettingsError::TooLarge`], [`SettingsError::Io`]).
pub(crate) fn read_settings(path: &Path) -> Result<Option<Vec<u8>>, SettingsError> {
    read_regular_file(path, MAX_SETTINGS_BYTES).map_err(|err| match err {
        SettingsError::NotRegularFile { path, kind } => SettingsError::NotAFile { path, kind },
        SettingsError::FileTooLarge { path, limit } => SettingsError::TooLarge { path, limit },
        SettingsError::Read { path, source } => SettingsError::Io {
            op: "read",
            path,
            source,
        },
        other => other,
    })
}

/// The bytes of the regular file at `path` (symlinks followed), or `None` when there is
/// nothing there. For files a program keeps for itself (settings, drafts), which the
/// user may point anywhere.
///
/// Anything that is not a regular file is refused with [`SettingsError::NotRegularFile`]
/// without reading from it: the file is opened without blocking (a FIFO with no writer
/// would otherwise wait forever) and its type checked on the open handle. A file larger
/// than `cap` bytes is refused with [`SettingsError::FileTooLarge`], after reading at most
/// one byte past the cap. Other failures are [`SettingsError::Read`].
pub fn read_regular_file(path: &Path, cap: u64) -> Result<Option<Vec<u8>>, SettingsError> {
    let failed = |source| SettingsError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = match open_nonblocking(path) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(failed(e)),
    };
    let meta = file.metadata().map_err(failed)?;
    if !meta.file_type().is_file() {
        return Err(SettingsError::NotRegularFile {
            path: path.to_path_buf(),
            kind: kind_of(meta.file_type()),
        });
    }
    let too_large = || SettingsError::FileTooLarge {
        path: path.to_path_buf(),
        limit: cap,
    };
    if meta.len() > cap {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow between the size check and the read: read one byte past the cap
    // to tell.
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > cap {
        return Err(too_large());
    }
    Ok(Some(bytes))
}

/// What is at `path` when it is something other than a regular file (symlinks followed),
/// in the words of [`SettingsError::NotRegularFile`]: "a FIFO (named pipe)", "a character
/// device", "a folder"... `None` for a regular file, for nothing there, and for a path
/// that cannot be looked at (opening it will say why). Only looks (`stat`): never opens
/// the path, so it cannot block.
pub fn special_file_kind(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    (!meta.file_type().is_file()).then(|| kind_of(meta.file_type()))
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().read(true).open(path)
}

/// A few words for what a path is, for [`SettingsError::NotRegularFile`] and
/// [`SettingsError::NotAFile`].
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}
