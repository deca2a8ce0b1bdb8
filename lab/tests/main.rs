//! The integration tests of `avatar-lab` as one test binary (`cargo test -p avatar-lab --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod exrotated_warmstart;
mod facing;
mod follow;
mod grounding;
mod own_avatar;
mod step_accuracy;
