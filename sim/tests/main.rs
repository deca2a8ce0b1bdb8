//! The integration tests of `avatar-sim` as one test binary (`cargo test -p avatar-sim --test integration`): one
//! link instead of one per file, and the files' tests share the test threads. Each file is a module; a new
//! file in `tests/` is added here (`cargo xtask test` checks that none is left out).

mod default_avatar;
mod default_flesh;
mod flesh;
mod flesh_bend_sweep;
mod gltf;
