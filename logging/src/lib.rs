//! The binaries' logging, set up in one place for all of them (`avatard`, `avatard-bench`, `avatar-view`,
//! `tracker-bridge`): `tracing` events to stderr, because stdout carries only results (JSON lines, reports,
//! the ready line), filtered by `RUST_LOG` (default `info`); colours only when stderr is a terminal (a piped
//! or redirected log is plain text) and `NO_COLOR` is not set.
//!
//! # Layout
//! - [`init`]: call once, first thing in `main`.

/// Install the stderr subscriber, filtered by `RUST_LOG` (default `info`). Call once, first thing in `main`.
pub fn init() {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    tracing_subscriber::fmt()
        .with_ansi(colour)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
}
