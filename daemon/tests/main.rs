//! The integration tests of `avatard` as one test binary (`cargo test -p avatard --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here or declared a `[[test]]` of its own in Cargo.toml (`cargo xtask test` checks
//! that none is left out). Own binaries: the files that measure the daemon's rate, phase or memory
//! (`hardening`, `vmc`, `web`), which must not share the process and its two cores with other files' daemons.

mod breathing;
mod common;
mod control_fuzz;
mod hands;
mod held;
mod runtime;
mod springs;
mod springs_reference;
