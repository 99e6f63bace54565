//! Opening the link in the person's default browser (`--open`, `ask mcp --ui web`).

/// True when a browser can be opened on this machine: macOS and Windows, or elsewhere a
/// desktop session (`DISPLAY` or `WAYLAND_DISPLAY` set) with `xdg-open` on the `PATH`.
/// `env` looks a variable up. A machine reached over SSH without a display has none.
pub fn can_open_browser(env: impl Fn(&str) -> Option<String>) -> bool {
    if cfg!(any(target_os = "macos", windows)) {
        return true;
    }
    let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
    if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
        return false;
    }
    env("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("xdg-open").is_file()))
}

/// Opens `link` in the default browser (`open` on macOS, the URL handler on Windows,
/// `xdg-open` elsewhere). The link is one argument, never shell text; the opener's
/// output goes nowhere.
pub fn open_browser(link: &str) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("rundll32");
        c.arg("url.dll,FileProtocolHandler");
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(link)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(drop)
}
