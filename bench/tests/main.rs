//! The integration tests of `avatard-bench` as one test binary (`cargo test -p avatard-bench --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod cli;
mod imports_alive;
