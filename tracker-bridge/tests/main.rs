//! The integration tests of `tracker-bridge` as one test binary (`cargo test -p tracker-bridge --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod cli;
mod recordings;
mod replay;
