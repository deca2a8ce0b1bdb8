fn main() -> anyhow::Result<()> {
    renderer::view::main()
}
