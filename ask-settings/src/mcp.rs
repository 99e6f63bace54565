//! The `mcp` section: settings of `ask mcp`, the MCP server.

use serde_json::Value;

use crate::doc::{Node, describe};

/// The `mcp` section: how `ask mcp` shows a form when it opens one itself.
///
/// Absent from the file means the defaults; the section is written only when a value
/// differs from them, so files without it stay as they are.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct McpSettings {
    /// `mcp.launch`: a shell command that opens a terminal for a form (`ask mcp --ui
    /// launch`, and a step of `--ui auto`), e.g. `tmux new-window -n ask`. The form's
    /// own command is appended as arguments. `None` when unset or blank; `--launch`
    /// overrides it.
    pub launch: Option<String>,
}

impl McpSettings {
    /// A copy with `mcp.launch` set (a blank command means unset).
    #[must_use]
    pub fn with_launch(mut self, launch: Option<String>) -> Self {
        self.launch = launch.filter(|cmd| !cmd.trim().is_empty());
        self
    }

    /// True when every value is its default (the section is then left out of the file).
    pub fn is_default(&self) -> bool {
        *self == McpSettings::default()
    }

    /// The section as written to the settings file.
    pub(crate) fn to_node(&self) -> Node {
        let launch = self.launch.as_deref().map_or(Node::Null, Node::from);
        Node::object([("launch", launch)])
    }

    /// Reads the section; a bad value is ignored with a notice that quotes it and says
    /// what was expected.
    pub(crate) fn from_json(value: &Value, notices: &mut Vec<String>) -> McpSettings {
        let Value::Object(section) = value else {
            notices.push(format!(
                "mcp should be an object such as {{\"launch\": \"tmux new-window -n ask\"}}, found {}; using no mcp settings",
                describe(value)
            ));
            return McpSettings::default();
        };
        let launch = match section.get("launch") {
            None | Some(Value::Null) => None,
            Some(Value::String(cmd)) => Some(cmd.clone()),
            Some(other) => {
                notices.push(format!(
                    "mcp.launch should be a shell command as a string, e.g. \"tmux new-window -n ask\", found {}; using no launcher (pass --launch CMD, or fix the setting)",
                    describe(other)
                ));
                None
            }
        };
        McpSettings::default().with_launch(launch)
    }
}
