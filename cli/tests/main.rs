//! The integration tests of `avatard-cli` as one test binary (`cargo test -p avatard-cli --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod common;
mod demo;
mod flesh_cli;
mod flesh_views;
mod force_dual_cli;
mod run_cli;
mod sim_cli;
mod vrm_export;
