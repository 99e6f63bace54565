//! The control channel: programs (a socket client, a browser front end, an embedder's
//! thread) drive a running [`Session`](crate::Session) next to its terminal.
//!
//! A [`Controller`] (from [`Session::controller`](crate::Session::controller)) makes one
//! [`ControlHandle`] per client. Clients send [`ControlCommand`]s (answer, submit,
//! elaborate, cancel, focus) and receive [`ControlEvent`]s (started, changed, completed,
//! error). The session applies commands in arrival order whenever its host calls
//! [`Session::pump_control`](crate::Session::pump_control): the first command that ends
//! the form wins, every later one gets an `alreadyCompleted` error, and every client gets
//! `completed`. A refused command changes nothing.

mod error;
mod handle;
mod hub;
mod protocol;
mod wait;

pub use error::ControlError;
pub use handle::{CommandSender, ControlHandle, Controller, LiveState};
pub(crate) use hub::Hub;
pub use protocol::{
    ControlCommand, ControlEvent, FocusTarget, FormView, MAX_LINE_BYTES, PROTOCOL_VERSION,
};
pub use wait::TICK_INTERVAL;

/// JSON Schema (draft 2020-12) of the control protocol's lines, both ways.
pub const CONTROL_SCHEMA: &str = include_str!("schema.json");
