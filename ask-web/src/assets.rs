//! The page, embedded in the binary: nothing is loaded from anywhere else.

/// The HTML shell.
pub(crate) const PAGE: &str = include_str!("assets/index.html");
/// The script that draws the form from the view model and sends commands.
pub(crate) const SCRIPT: &str = include_str!("assets/app.js");
/// The style sheet (light and dark, narrow screens).
pub(crate) const STYLE: &str = include_str!("assets/app.css");
