//! The integration tests of `renderer` as one test binary (`cargo test -p renderer --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod gpu;
mod mtoon;
mod view_cli;
mod views;
