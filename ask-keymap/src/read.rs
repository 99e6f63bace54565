//! Reading the settings file: only a regular file, and only up to a size cap, so a FIFO,
//! a device such as `/dev/zero` or a runaway file given as the settings path can neither
//! hang a command nor fill memory.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read};
use std::path::Path;

use crate::KeymapError;

/// The largest settings file read (1 MiB). Real settings files are a few kilobytes.
pub const MAX_SETTINGS_BYTES: u64 = 1024 * 1024;

/// The bytes of the settings file at `path`, or `None` when there is no file there.
///
/// Anything that is not a regular file (after following symlinks) is refused with
/// [`KeymapError::NotAFile`] without reading from it: the file is opened without blocking
/// (a FIFO with no writer would otherwise wait forever) and its type checked on the open
/// handle. A file larger than [`MAX_SETTINGS_BYTES`] is refused with
/// [`KeymapError::TooLarge`].
pub(crate) fn read_settings(path: &Path) -> Result<Option<Vec<u8>>, KeymapError> {
    let file = match open_nonblocking(path) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(KeymapError::io("read", path, e)),
    };
    let meta = file
        .metadata()
        .map_err(|e| KeymapError::io("read", path, e))?;
    if !meta.file_type().is_file() {
        return Err(KeymapError::NotAFile {
            path: path.to_path_buf(),
            kind: kind_of(meta.file_type()),
        });
    }
    let too_large = || KeymapError::TooLarge {
        path: path.to_path_buf(),
        limit: MAX_SETTINGS_BYTES,
    };
    if meta.len() > MAX_SETTINGS_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow between the size check and the read: read one byte past the cap
    // to tell.
    file.take(MAX_SETTINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| KeymapError::io("read", path, e))?;
    if bytes.len() as u64 > MAX_SETTINGS_BYTES {
        return Err(too_large());
    }
    Ok(Some(bytes))
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

/// A few words for what a path is, for [`KeymapError::NotAFile`].
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
