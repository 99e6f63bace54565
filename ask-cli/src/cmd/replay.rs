//! `ask answer-again` and `ask replay`: reopen the latest form of a source
//! stored on the session branch, answered the same way as `ask run`.

use ask_extract::lookup::{Source, latest_payload};

use crate::cli::SessionRunArgs;
use crate::cmd::extract::{open_session, session_error};
use crate::cmd::run::FormRunner;
use crate::exit::{CliResult, Exit};
use crate::io::write_text;

/// Reopens the latest still-valid `ask:payload` form of `source` on the branch
/// (`answer-extraction` for `answer-again`, `tool` for `replay`); exit 4 with
/// the reason when there is none.
pub(crate) fn reopen(args: &SessionRunArgs, source: Source) -> CliResult {
    let runner = FormRunner::new(
        &args.ui,
        &args.flow,
        &[("--session", Some(args.session.session.as_path()))],
    )?;
    let session = open_session(&args.session)?;
    let branch = session
        .branch(args.session.leaf.as_deref())
        .map_err(|err| session_error(&err))?;
    let stored = latest_payload(&branch, source).map_err(|err| session_error(&err))?;
    if args.print_form {
        let json = crate::json_out::json_text(&stored.form.to_params(), false);
        write_text(args.ui.output.as_deref(), "form", &json)?;
        return Ok(Exit::Completed);
    }
    runner.run(stored.form)
}
