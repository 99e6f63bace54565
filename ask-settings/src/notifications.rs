//! The `notifications` section: whether and how the user is told a question is waiting.

use serde_json::Value;

use crate::doc::{Node, describe};

/// One way of delivering a notification.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Channel {
    /// `"bell"`: the terminal bell (BEL).
    Bell,
    /// `"osc9"`: an OSC 9 desktop notification with the message.
    Osc9,
    /// `"osc777"`: an OSC 777 `notify` with title and body.
    Osc777,
    /// `{"type": "command", "command": "..."}`: a shell command run with `sh -c`; the text
    /// reaches it in `ASK_NOTIFY_*` environment variables, never in the command string.
    Command(String),
}

impl Channel {
    /// The channel as it appears in the settings file.
    pub fn to_json(&self) -> Value {
        self.to_node().to_value()
    }

    /// The channel as it is written, keys in order.
    pub(crate) fn to_node(&self) -> Node {
        match self {
            Channel::Bell => Node::from("bell"),
            Channel::Osc9 => Node::from("osc9"),
            Channel::Osc777 => Node::from("osc777"),
            Channel::Command(command) => Node::object([
                ("type", Node::from("command")),
                ("command", Node::from(command.as_str())),
            ]),
        }
    }

    /// Reads one channel; the error says what was expected.
    pub fn from_json(value: &Value) -> Result<Channel, String> {
        match value {
            Value::String(s) => match s.as_str() {
                "bell" => Ok(Channel::Bell),
                "osc9" => Ok(Channel::Osc9),
                "osc777" => Ok(Channel::Osc777),
                _ => Err(format!(
                    "{} is not a channel; expected \"bell\", \"osc9\", \"osc777\" or \
                     {{\"type\": \"command\", \"command\": \"...\"}}",
                    describe(value)
                )),
            },
            Value::Object(obj) => {
                match (obj.get("type").and_then(Value::as_str), obj.get("command")) {
                    (Some("command"), Some(Value::String(c))) if !c.trim().is_empty() => {
                        Ok(Channel::Command(c.clone()))
                    }
                    (Some("command"), other) => Err(format!(
                        "a command channel needs a non-empty \"command\" string, found {}",
                        other.map_or_else(|| "none".to_owned(), describe)
                    )),
                    _ => Err(
                        "an object channel should be {\"type\": \"command\", \"command\": \"...\"}"
                            .to_owned(),
                    ),
                }
            }
            other => Err(format!(
                "{} is not a channel; expected a channel name or a command object",
                describe(other)
            )),
        }
    }
}

/// The `notifications` section. Start from [`Notifications::default`] and set the fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Notifications {
    /// Whether to notify at all (toggled in the settings overlay).
    pub enabled: bool,
    /// The channels to deliver on, in order; never empty.
    pub channels: Vec<Channel>,
}

impl Default for Notifications {
    /// Enabled, on the bell.
    fn default() -> Self {
        Notifications {
            enabled: true,
            channels: vec![Channel::Bell],
        }
    }
}

impl Notifications {
    /// The section as it appears in the settings file.
    pub fn to_json(&self) -> Value {
        self.to_node().to_value()
    }

    /// The section as it is written, keys in order.
    pub(crate) fn to_node(&self) -> Node {
        let channels: Vec<Node> = self.channels.iter().map(Channel::to_node).collect();
        Node::object([
            ("enabled", Node::from(self.enabled)),
            ("channels", Node::from(channels)),
        ])
    }

    /// Reads the section, never failing: a bad `enabled` keeps the default, invalid channels
    /// are skipped, and no valid channel at all means `["bell"]`. Each problem gives a notice.
    pub fn from_json(value: &Value, notices: &mut Vec<String>) -> Notifications {
        let mut out = Notifications::default();
        let Some(obj) = value.as_object() else {
            notices.push(format!(
                "notifications should be an object, found {}; using the default notifications",
                describe(value)
            ));
            return out;
        };
        match obj.get("enabled") {
            None => {}
            Some(Value::Bool(b)) => out.enabled = *b,
            Some(other) => notices.push(format!(
                "notifications.enabled should be true or false, found {}; using true",
                describe(other)
            )),
        }
        let Some(raw) = obj.get("channels") else {
            return out;
        };
        let Some(items) = raw.as_array() else {
            notices.push(format!(
                "notifications.channels should be an array, found {}; using [\"bell\"]",
                describe(raw)
            ));
            return out;
        };
        let mut channels = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match Channel::from_json(item) {
                Ok(channel) => channels.push(channel),
                Err(why) => notices.push(format!("notifications.channels[{i}]: {why}; skipped it")),
            }
        }
        if channels.is_empty() {
            if !items.is_empty() {
                notices.push(
                    "notifications.channels has no valid channel; using [\"bell\"]".to_owned(),
                );
            }
            channels.push(Channel::Bell);
        }
        out.channels = channels;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn channels_read_and_write() {
        let value = json!({"enabled": false, "channels": ["osc9", "osc777", "bell",
            {"type": "command", "command": "notify-send \"$ASK_NOTIFY_TITLE\""}]});
        let mut notices = Vec::new();
        let n = Notifications::from_json(&value, &mut notices);
        assert!(notices.is_empty());
        assert!(!n.enabled);
        assert_eq!(n.channels.len(), 4);
        assert_eq!(n.to_json(), value);
    }

    #[test]
    fn invalid_channels_are_skipped_and_none_valid_means_bell() {
        let mut notices = Vec::new();
        let n = Notifications::from_json(
            &json!({"channels": ["beep", {"type": "command"}, 3, "osc9"]}),
            &mut notices,
        );
        assert_eq!(n.channels, [Channel::Osc9]);
        assert_eq!(notices.len(), 3);
        assert!(
            notices[0].contains("\"beep\" is not a channel"),
            "{notices:?}"
        );
        let mut notices = Vec::new();
        let n = Notifications::from_json(
            &json!({"channels": ["beep"], "enabled": "yes"}),
            &mut notices,
        );
        assert_eq!(n, Notifications::default());
        assert!(
            notices.iter().any(|n| n.contains("no valid channel")),
            "{notices:?}"
        );
        assert!(
            notices.iter().any(|n| n.contains("notifications.enabled")),
            "{notices:?}"
        );
    }
}
