//! `--control` on Windows: not available yet (it needs a named pipe server, which the
//! standard library does not offer and `unsafe` code is forbidden in this workspace).

use std::path::Path;

use ask_host::Controller;

use crate::exit::CliError;

/// Stands in for the Unix socket server.
pub(crate) struct ControlSocket;

impl ControlSocket {
    /// Always refuses, saying why.
    pub(crate) fn bind(path: &Path, _controller: Controller) -> Result<Self, CliError> {
        Err(CliError::usage(format!(
            "--control '{}': the control channel needs a Unix socket; this Windows build has no named-pipe server yet",
            path.display()
        )))
    }
}
