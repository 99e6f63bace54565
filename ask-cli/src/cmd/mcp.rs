//! `ask mcp`: the `ask_user` tool as an MCP server (`ask-mcp`), over stdio or HTTP.

use ask_mcp::{HttpOptions, ServerOptions, Ui};

use crate::cli::{McpArgs, McpUi};
use crate::config;
use crate::exit::{CliError, CliResult, Exit};

/// Runs the server until the client goes away or a terminating signal arrives.
pub(crate) fn mcp(args: &McpArgs) -> CliResult {
    let paths =
        config::resolve(args.config.as_deref()).map_err(|err| CliError::usage(err.to_string()))?;
    let launch = args
        .launch
        .clone()
        .or_else(|| launch_setting(&paths))
        .filter(|cmd| !cmd.trim().is_empty());
    let settings = paths.config;
    let ask_bin = std::env::current_exe()
        .map_err(|err| CliError::new(Exit::IoErr, format!("cannot find the ask binary: {err}")))?;
    let mut options =
        ServerOptions::from_env(ui(args.ui), ask_bin, |name| std::env::var(name).ok());
    options.launch = launch;
    options.config = Some(settings);
    options.announce_link = Some(announce_link);
    options.announce_surface = Some(announce_surface);
    options.answer_later = args.answer_later;
    if args.ui == McpUi::Launch && options.launch.is_none() {
        return Err(CliError::usage(
            "--ui launch needs --launch CMD or the setting \"mcp\": {\"launch\": \"CMD\"}",
        ));
    }
    let outcome = match &args.http {
        None => ask_mcp::serve_stdio(options),
        Some(addr) => {
            let http = HttpOptions::new(addr, args.allow_remote).map_err(|err| match err {
                ask_mcp::Error::BadAddress { .. } | ask_mcp::Error::RemoteAddress { .. } => {
                    CliError::usage(err.to_string())
                }
                _ => CliError::new(Exit::IoErr, err.to_string()),
            })?;
            let token = http.token.clone();
            ask_mcp::serve_http(options, &http, |bound| {
                eprintln!(
                    "ask mcp: serving http://{bound}{}\nask mcp: token {token} (send it as Authorization: Bearer <token>)",
                    ask_mcp::MCP_PATH
                );
            })
        }
    };
    outcome.map_err(|err| CliError::new(Exit::IoErr, err.to_string()))?;
    Ok(Exit::Completed)
}

/// The browser form's link, when `ask mcp` opened the browser on it: also on stderr, for
/// a person whose browser did not open (the harness usually shows or logs stderr).
fn announce_link(url: &str) {
    eprintln!("ask mcp: answer in a browser: {url}");
}

/// Which surface a call is asked through (and why one was passed over), for a person
/// wondering where the form went.
fn announce_surface(line: &str) {
    eprintln!("ask mcp: {line}");
}

fn ui(choice: McpUi) -> Ui {
    match choice {
        McpUi::Auto => Ui::Auto,
        McpUi::Popup => Ui::Popup,
        McpUi::Launch => Ui::Launch,
        McpUi::Web => Ui::Web,
        McpUi::Elicit => Ui::Elicit,
        McpUi::Tty => Ui::Tty,
        McpUi::None => Ui::None,
    }
}

/// `mcp.launch` from the settings file, read only (never created or rewritten here). A
/// bad `mcp` value is said on stderr (the settings' own notice: the file, the value and
/// what was expected) and leaves no launcher; a file that cannot be read is left to the
/// forms, which report it.
fn launch_setting(paths: &ask_settings::paths::ConfigPaths) -> Option<String> {
    let loaded = ask_settings::ConfigStore::load_read_only(paths).ok()?;
    for notice in &loaded.notices {
        if let ask_settings::ConfigNotice::Fallback { problem, .. } = notice
            && problem.starts_with("mcp")
        {
            eprintln!("ask mcp: {notice}");
        }
    }
    loaded.config.mcp.launch
}
