//! The daemon as the end-to-end tests run it: exactly `avatard`'s main, built by this package so that
//! `cargo test` always tests the current code.
fn main() -> anyhow::Result<()> {
    avatard::cli::main()
}
