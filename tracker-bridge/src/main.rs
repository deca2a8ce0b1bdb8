fn main() -> anyhow::Result<()> {
    tracker_bridge::cli::main()
}
