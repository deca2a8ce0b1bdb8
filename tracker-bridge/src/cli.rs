//! The `tracker-bridge` command line: replay and record tracker streams, and a synthetic tracker.

use crate::publisher::TrackerPublisher;
use crate::recording::Recording;
use crate::replay::{record, replay, ReplayOptions};
use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "tracker-bridge",
    version,
    about = "Tracker streams for the avatar runtime: replay, record, synthesize"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Send a recording (.avtrrec) to the daemon with its original timing.
    Replay(ReplayArgs),
    /// Save the tracker messages arriving on an endpoint to a recording.
    Record(RecordArgs),
    /// A synthetic MediaPipe-like pose stream (a person raising an arm).
    Synth(SynthArgs),
}

#[derive(Args)]
struct ReplayArgs {
    file: PathBuf,
    /// The daemon's tracker input.
    #[arg(long, default_value = "tcp://127.0.0.1:5560")]
    connect: String,
    /// Playback speed.
    #[arg(long, default_value_t = 1.0)]
    speed: f64,
    /// Play again and again until interrupted.
    #[arg(long = "loop")]
    looping: bool,
    /// Source id put in the frame headers.
    #[arg(long, default_value = "replay")]
    source: String,
}

#[derive(Args)]
struct RecordArgs {
    /// Where tracker messages arrive.
    #[arg(long, default_value = "tcp://127.0.0.1:5560")]
    endpoint: String,
    /// Connect to the endpoint instead of binding it (to tap a publisher that binds).
    #[arg(long)]
    connect: bool,
    /// Stop after this many messages.
    #[arg(long)]
    max: Option<usize>,
    /// Stop after this many seconds.
    #[arg(long)]
    seconds: Option<f64>,
    /// Stop when nothing arrives for this many seconds after the first message.
    #[arg(long, default_value_t = 2.0)]
    idle: f64,
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args)]
struct SynthArgs {
    #[arg(long, default_value = "tcp://127.0.0.1:5560")]
    connect: String,
    /// Frames per second.
    #[arg(long, default_value_t = 30.0)]
    fps: f64,
    /// Seconds to run (default: until interrupted).
    #[arg(long)]
    seconds: Option<f64>,
    /// Period of the arm raise (s).
    #[arg(long, default_value_t = 2.0)]
    period: f32,
}

fn positive(name: &str, x: f64) -> Result<f64> {
    if !(x.is_finite() && x > 0.0) {
        bail!("{name} {x} must be a positive number");
    }
    Ok(x)
}

/// Wait (up to 5 s) for the publisher to reach the daemon, then a little more for the subscription.
async fn connected(publisher: &TrackerPublisher, endpoint: &str) -> Result<()> {
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while !publisher.counts.is_connected() {
        if tokio::time::Instant::now() > until {
            bail!("nothing listens on {endpoint} (is the daemon running?)");
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    Ok(())
}

pub fn main() -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match Cli::parse().command {
        Command::Replay(a) => {
            let speed = positive("--speed", a.speed)?;
            let rec = Recording::load(&a.file).with_context(|| format!("reading {}", a.file.display()))?;
            rt.block_on(async {
                let mut publisher = TrackerPublisher::new(&a.connect, &a.source);
                connected(&publisher, &a.connect).await?;
                let opts = ReplayOptions { speed, repeat: if a.looping { None } else { Some(1) } };
                let report = replay(&rec, &mut publisher, &opts).await;
                tokio::time::sleep(Duration::from_millis(100)).await;
                let mut late = report.lateness_ns.clone();
                late.sort_unstable();
                let pct = |q: f64| {
                    late.get(((late.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0) as f64 / 1e6
                };
                println!(
                    "{} frames sent ({} skipped), {:.1} s; send lateness p50 {:.3} ms, p99 {:.3} ms",
                    report.sent,
                    report.skipped,
                    rec.duration_ns() as f64 / 1e9 / speed,
                    pct(0.5),
                    pct(0.99)
                );
                Ok(())
            })
        }
        Command::Record(a) => {
            let idle = Duration::from_secs_f64(positive("--idle", a.idle)?);
            let duration =
                a.seconds.map(|s| positive("--seconds", s)).transpose()?.map(Duration::from_secs_f64);
            let (rec, counts) = rt
                .block_on(record(&a.endpoint, !a.connect, a.max, duration, idle))
                .with_context(|| format!("listening on {}", a.endpoint))?;
            rec.save(&a.out)?;
            println!(
                "{} messages recorded ({} undecodable dropped), {:.1} s -> {}",
                counts.kept,
                counts.undecodable,
                rec.duration_ns() as f64 / 1e9,
                a.out.display()
            );
            Ok(())
        }
        Command::Synth(a) => {
            let fps = positive("--fps", a.fps)?;
            rt.block_on(async {
                let mut publisher = TrackerPublisher::new(&a.connect, "synth");
                connected(&publisher, &a.connect).await?;
                let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / fps));
                let start = tokio::time::Instant::now();
                loop {
                    tick.tick().await;
                    let t = start.elapsed().as_secs_f64();
                    if a.seconds.is_some_and(|s| t > s) {
                        break;
                    }
                    let header = publisher.next_header(avatar_schema::clock::unix_ns());
                    let frame = crate::synth::pose_frame(header, t as f32, a.period);
                    publisher.send(&avatar_schema::Message::Pose(frame));
                }
                println!("{} frames sent", publisher.counts.sent.load(std::sync::atomic::Ordering::Relaxed));
                Ok(())
            })
        }
    }
}
