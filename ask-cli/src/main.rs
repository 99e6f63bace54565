//! The `ask` binary.
fn main() {}
