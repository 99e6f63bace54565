//! Texts a person reads that the binary itself writes on the terminal (the form's own
//! texts come from ask-render). Kept together so a message catalogue can take them over.

/// The row that stands for cut rows above a form taller than its rows on screen.
pub(crate) const MORE_ABOVE: &str = "↑ more above";

/// The row that stands for cut rows below it.
pub(crate) const MORE_BELOW: &str = "↓ more below";
