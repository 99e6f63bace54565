//! ask-mcp tests: the tool definition, results against the output schema, the
//! elicitation mapping both ways. The served protocol is tested with real MCP clients
//! in tests/mcp-e2e.

mod elicit;
mod elicit_typed;
mod handed;
mod mrtr;
mod queue;
mod schema;
mod tasks;
mod tool;
