//! Log set-up shared by the workspace's binaries (`avatard`, `avatar-view`, `tracker-bridge`; cargo feature
//! `logging`): `tracing` events to stderr, filtered by `RUST_LOG` (default `info`), so that stdout stays free
//! for machine-readable output.

/// Install the subscriber; call once, first thing in `main`.
pub fn init() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
}
