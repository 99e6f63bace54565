//! The `ask` binary: structured `ask_user` questions in the terminal.
//! Everything lives in the crate's library; see `lib.rs`.

fn main() -> std::process::ExitCode {
    ask_user::main_exit()
}
