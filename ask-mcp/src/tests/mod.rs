//! ask-mcp tests, inside the crate so its public surface stays small: the tool
//! definition, results against the output schema, the elicitation mapping both ways,
//! rounds and tasks over an in-memory pipe. The served protocol is tested with real MCP
//! clients in tests/mcp-e2e.

mod elicit;
mod elicit_typed;
mod examples;
mod handed;
mod mrtr;
mod queue;
mod schema;
mod tasks;
mod tool;
