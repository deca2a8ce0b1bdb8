//! The `tracker-bridge` command line: replay and record tracker streams, BVH motion capture, VMC input, and a
//! synthetic tracker. Every command publishes to the daemon's tracker input through a [`TrackerPublisher`].

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;
use tracker_bridge::recording::{Record, Recording};
use tracker_bridge::replay::{record, replay, ReplayReport, ReplaySettings};
use tracker_bridge::{mocap, synth, TrackerPublisher, VmcReceiver};

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
    /// Motion capture (BVH) as `RigFrame`s with the file's timing.
    Bvh(BvhArgs),
    /// Receive the VMC protocol (OSC over UDP: VSeeFace, XR Animator, Warudo…) and forward `RigFrame`s.
    Vmc(VmcArgs),
}

#[derive(Args)]
struct BvhArgs {
    file: PathBuf,
    #[arg(long, default_value = "tcp://127.0.0.1:5560")]
    connect: String,
    /// Metres per file unit, or `cmu` (CMU files: 0.0254/0.45).
    #[arg(long, default_value = "1")]
    scale: String,
    #[arg(long, default_value_t = 1.0)]
    speed: f64,
    #[arg(long = "loop")]
    looping: bool,
    #[arg(long, default_value = "bvh")]
    source: String,
    /// Send normalized frames (bones by VRM humanoid role, rotations relative to the T-pose) that the daemon
    /// retargets onto any bind pose (an A-pose avatar's arms follow the clip's); without it, the clip's
    /// joints by name, rotations relative to the clip's own rest.
    #[arg(long)]
    normalized: bool,
}

#[derive(Args)]
struct VmcArgs {
    /// UDP address to listen on (VMC's default port is 39539; use 0.0.0.0 to accept other machines; port 0: a
    /// free port, printed on the line `listening for VMC on HOST:PORT`).
    #[arg(long, default_value = "127.0.0.1:39539")]
    listen: String,
    #[arg(long, default_value = "tcp://127.0.0.1:5560")]
    connect: String,
    /// Stop after this many seconds (default: until interrupted).
    #[arg(long)]
    seconds: Option<f64>,
    #[arg(long, default_value = "vmc")]
    source: String,
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

/// Replay `rec` to `connect` (once, or forever with `looping`) and let the last frames leave.
async fn send_recording(
    rec: &Recording,
    connect: &str,
    source: &str,
    speed: f64,
    looping: bool,
) -> Result<ReplayReport> {
    let mut publisher = TrackerPublisher::new(connect, source);
    connected(&publisher, connect).await?;
    let opts = ReplaySettings { speed, repeat: if looping { None } else { Some(1) } };
    let report = replay(rec, &mut publisher, &opts).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    Ok(report)
}

fn main() -> Result<()> {
    avatar_logging::init();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match Cli::parse().command {
        Command::Replay(a) => {
            let speed = positive("--speed", a.speed)?;
            let rec = Recording::load(&a.file).with_context(|| format!("reading {}", a.file.display()))?;
            rt.block_on(async {
                let report = send_recording(&rec, &a.connect, &a.source, speed, a.looping).await?;
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
        Command::Bvh(a) => {
            let speed = positive("--speed", a.speed)?;
            let scale = mocap::parse_scale(&a.scale)?;
            let bvh = mocap::Bvh::read(&a.file)?;
            let frames = if a.normalized {
                mocap::to_normalized_rig_frames(&bvh, &a.source, scale)
            } else {
                mocap::to_rig_frames(&bvh, &a.source, scale)
            };
            let records = frames
                .into_iter()
                .map(|f| {
                    let t_ns = f.header.capture_time_ns.max(0) as u64;
                    let message = avatar_schema::Message::Rig(f);
                    Record { t_ns, body: avatar_schema::encode(&message), message }
                })
                .collect();
            let rec = Recording { meta: serde_json::json!({"format": 1, "source": a.file.display().to_string()}), records };
            rt.block_on(async {
                let report = send_recording(&rec, &a.connect, &a.source, speed, a.looping).await?;
                println!(
                    "{} rig frames of {} joints sent ({:.1} s at {:.0} fps)",
                    report.sent,
                    bvh.joints.len(),
                    bvh.duration() / speed,
                    1.0 / bvh.frame_time
                );
                Ok(())
            })
        }
        Command::Vmc(a) => rt.block_on(async {
            let mut receiver = VmcReceiver::bind(a.listen.as_str(), &a.source)
                .await
                .with_context(|| format!("listening for VMC on {}", a.listen))?;
            let mut publisher = TrackerPublisher::new(&a.connect, &a.source);
            connected(&publisher, &a.connect).await?;
            println!("listening for VMC on {}", receiver.local_addr());
            let end = a.seconds.map(|s| tokio::time::Instant::now() + Duration::from_secs_f64(s));
            loop {
                let next = receiver.recv();
                let frame = match end {
                    Some(e) => match tokio::time::timeout_at(e, next).await {
                        Ok(f) => f,
                        Err(_) => break,
                    },
                    None => next.await,
                };
                let Some(mut frame) = frame else { break };
                frame.header = publisher.next_header(frame.header.capture_time_ns);
                publisher.send(&avatar_schema::Message::Rig(frame));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            let c = receiver.counts();
            println!(
                "{} rig frames forwarded; {} packets, {} malformed, {} bad arguments, {} non-finite, {} unknown addresses",
                publisher.counts.sent.load(std::sync::atomic::Ordering::Relaxed),
                c.packets,
                c.malformed_packets,
                c.bad_arguments,
                c.non_finite,
                c.unknown_address
            );
            Ok(())
        }),
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
                    let frame = synth::pose_frame(header, t as f32, a.period);
                    publisher.send(&avatar_schema::Message::Pose(frame));
                }
                println!("{} frames sent", publisher.counts.sent.load(std::sync::atomic::Ordering::Relaxed));
                Ok(())
            })
        }
    }
}
