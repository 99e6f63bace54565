//! Skeleton: this crate is being built; see ARCHITECTURE.md for its role.
