//! End-to-end tests: one integration-test binary, modules per area.
