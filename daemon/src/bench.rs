//! Benchmarks (`avatard bench ...`).

#[derive(clap::Args, Debug)]
pub struct TransportArgs {}

pub async fn transport(_args: TransportArgs) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
