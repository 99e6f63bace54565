//! The signal setup is ask-host's (`ask_host::term::signals`: one place installs the
//! handlers and hands the signals back); this name stays for the accessible mode until it
//! moves into the library.
pub(crate) use ask_host::term::signals::*;
