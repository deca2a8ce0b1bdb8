//! The end-to-end tests as one test binary, built as a test of `avatard-cli` so that it can run the `avatard`
//! binary (`cargo test -p avatard-cli --test e2e`; one file: `--test e2e interop::`). Each file is a module; a new
//! file here is added below or declared a `[[test]]` of its own in cli/Cargo.toml (`cargo xtask test` checks
//! that none is left out). Own binaries: `runtime.rs` (`e2e_runtime`), which measures the daemon's deadline
//! and memory under floods, and `browser.rs` (`e2e_browser`), which counts the frames and states a headless
//! Chromium draws on a software rasterizer: neither may share the process with other files' daemons.

mod daemon;
mod interop;
mod live;
mod mediapipe;
