//! The integration tests of `avatar-schema` as one test binary (`cargo test -p avatar-schema --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod decode_fuzz;
mod roundtrip;
