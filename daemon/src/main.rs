fn main() -> anyhow::Result<()> {
    avatard::cli::main()
}
