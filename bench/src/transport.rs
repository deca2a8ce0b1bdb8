//! Benchmarks (`avatard bench ...`). Figures go to stdout as JSON and to `./out/` as files.
//!
//! `transport`: 1 KiB messages over loopback tcp, PUB -> SUB, in three pairings measured in one run:
//! Rust -> Rust (in-process, two tasks), Rust -> pyzmq (a Python subscriber process) and pyzmq -> pyzmq (two
//! Python processes, the baseline). Each pairing is measured twice: a flood (throughput, and loss if any) and a
//! paced stream (one-way latency, CLOCK_REALTIME on both sides). Message body: u64 LE seq, i64 LE send time (ns),
//! zero padding; seq `u64::MAX` marks warm-up messages that only open the slow-joiner window.

use anyhow::{bail, Context, Result};
use avatar_sim::stats::percentile;
use bytes::Bytes;
use serde::Serialize;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use zeromq::{PubSocket, Socket, SocketRecv, SocketSend, SubSocket, ZmqMessage};

#[derive(clap::Args, Debug, Clone)]
pub struct TransportArgs {
    /// Messages in the throughput flood.
    #[arg(long, default_value_t = 100_000)]
    pub count: u64,
    /// Message body size in bytes.
    #[arg(long, default_value_t = 1024)]
    pub size: usize,
    /// Messages in the paced latency run.
    #[arg(long, default_value_t = 5_000)]
    pub latency_count: u64,
    /// Interval between paced messages (µs).
    #[arg(long, default_value_t = 200)]
    pub interval_us: u64,
    /// Python interpreter with pyzmq (default: the project venv's, ./.venv/bin/python; .venv\Scripts\python.exe on Windows).
    #[arg(long)]
    pub python: Option<PathBuf>,
    /// Where to write the JSON report.
    #[arg(long, default_value = "out/bench-transport.json")]
    pub out: PathBuf,
}

/// One pairing's figures.
#[derive(Debug, Serialize, Clone)]
pub struct PairResult {
    pub pair: String,
    pub flood_sent: u64,
    pub flood_received: u64,
    pub throughput_msgs_per_s: f64,
    pub throughput_mb_per_s: f64,
    pub latency_received: u64,
    pub latency_p50_us: f64,
    pub latency_p99_us: f64,
    pub latency_max_us: f64,
}

const WARMUP: u64 = u64::MAX;

fn body(size: usize, seq: u64) -> Bytes {
    let mut b = vec![0u8; size.max(16)];
    b[..8].copy_from_slice(&seq.to_le_bytes());
    b[8..16].copy_from_slice(&avatar_schema::clock::unix_ns().to_le_bytes());
    Bytes::from(b)
}

fn header(b: &[u8]) -> Option<(u64, i64)> {
    Some((
        u64::from_le_bytes(b.get(..8)?.try_into().ok()?),
        i64::from_le_bytes(b.get(8..16)?.try_into().ok()?),
    ))
}

fn msg(size: usize, seq: u64) -> ZmqMessage {
    let mut m = ZmqMessage::from(Bytes::from_static(b"b"));
    m.push_back(body(size, seq));
    m
}

fn latency_summary(mut lat_us: Vec<f64>) -> (u64, f64, f64, f64) {
    lat_us.sort_by(|a, b| a.total_cmp(b));
    let max = lat_us.last().copied().unwrap_or(f64::NAN);
    (lat_us.len() as u64, percentile(&lat_us, 0.5), percentile(&lat_us, 0.99), max)
}

/// Send warm-up messages until the subscriber side reports (via `ready`) that one arrived.
async fn warm_up(publisher: &mut PubSocket, size: usize, mut ready: impl FnMut() -> bool) -> Result<()> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !ready() {
        if Instant::now() > deadline {
            bail!("subscriber never received a warm-up message");
        }
        publisher.send(msg(size, WARMUP)).await?;
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Ok(())
}

/// Run a send schedule: `count` messages, paced by `interval` (zero = flood).
async fn send_run(publisher: &mut PubSocket, size: usize, count: u64, interval: Duration) -> Result<()> {
    let start = Instant::now();
    for seq in 0..count {
        if !interval.is_zero() {
            // tokio's timer has millisecond resolution: sleep the coarse part on it, the rest with a blocking
            // sleep (~60 µs precision on Linux; this worker has nothing else to do), so messages are not sent
            // in bursts. Spinning instead would starve a Python peer on a 2-core machine.
            let due = start + interval * seq as u32;
            if let Some(coarse) = due.checked_duration_since(Instant::now() + Duration::from_micros(1500)) {
                tokio::time::sleep(coarse).await;
            }
            if let Some(fine) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(fine);
            }
        }
        publisher.send(msg(size, seq)).await?;
    }
    Ok(())
}

/// What a subscriber saw in one run.
struct Received {
    count: u64,
    /// Send time of the first message; throughput is measured from it to the last receive.
    first_ns: i64,
    last_ns: i64,
    latencies_us: Vec<f64>,
}

async fn rust_receive(sub: &mut SubSocket, count: u64, idle: Duration) -> Received {
    let mut r =
        Received { count: 0, first_ns: 0, last_ns: 0, latencies_us: Vec::with_capacity(count as usize) };
    while r.count < count {
        let Ok(Ok(m)) = tokio::time::timeout(idle, sub.recv()).await else { break };
        let now = avatar_schema::clock::unix_ns();
        let Some((seq, sent)) = m.get(1).and_then(|b| header(b)) else { continue };
        if seq == WARMUP {
            continue;
        }
        if r.count == 0 {
            r.first_ns = sent;
        }
        r.last_ns = now;
        r.count += 1;
        r.latencies_us.push((now - sent) as f64 / 1e3);
    }
    r
}

fn throughput(r: &Received, size: usize) -> (f64, f64) {
    let secs = ((r.last_ns - r.first_ns) as f64 / 1e9).max(1e-9);
    let rate = r.count as f64 / secs;
    (rate, rate * size as f64 / 1e6)
}

async fn rust_to_rust(a: &TransportArgs) -> Result<PairResult> {
    let mut publisher = PubSocket::new();
    let ep = publisher.bind(avatard::ANY_LOOPBACK_PORT).await?.to_string();
    let mut sub = SubSocket::new();
    sub.connect(&ep).await?;
    sub.subscribe("b").await?;
    let mut runs = Vec::new();
    for (count, interval) in
        [(a.count, Duration::ZERO), (a.latency_count, Duration::from_micros(a.interval_us))]
    {
        // Warm up: wait for one message through, then drain the rest of the warm-up messages.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            publisher.send(msg(a.size, WARMUP)).await?;
            if let Ok(Ok(_)) = tokio::time::timeout(Duration::from_millis(20), sub.recv()).await {
                break;
            }
            if Instant::now() > deadline {
                bail!("Rust subscriber never connected");
            }
        }
        while let Ok(Ok(_)) = tokio::time::timeout(Duration::from_millis(50), sub.recv()).await {}
        let receiver = tokio::spawn(async move {
            let r = rust_receive(&mut sub, count, Duration::from_secs(2)).await;
            (sub, r)
        });
        send_run(&mut publisher, a.size, count, interval).await?;
        let (s, received) = receiver.await?;
        sub = s;
        runs.push(received);
    }
    let paced = runs.pop().unwrap();
    Ok(pair_result("rust->rust", a, &runs[0], paced))
}

fn pair_result(pair: &str, a: &TransportArgs, flood: &Received, paced: Received) -> PairResult {
    let (rate, mb) = throughput(flood, a.size);
    let (n, p50, p99, max) = latency_summary(paced.latencies_us);
    PairResult {
        pair: pair.to_owned(),
        flood_sent: a.count,
        flood_received: flood.count,
        throughput_msgs_per_s: rate,
        throughput_mb_per_s: mb,
        latency_received: n,
        latency_p50_us: p50,
        latency_p99_us: p99,
        latency_max_us: max,
    }
}

fn python(a: &TransportArgs) -> Result<PathBuf> {
    // the venv's layout differs on Windows
    let venv = if cfg!(windows) { ".venv/Scripts/python.exe" } else { ".venv/bin/python" };
    let p = a.python.clone().unwrap_or_else(|| PathBuf::from(venv));
    if !p.exists() {
        bail!("{} not found: run `cargo xtask setup` (or pass --python)", p.display());
    }
    Ok(p)
}

fn peer_script() -> Result<PathBuf> {
    let p = PathBuf::from("tests/py/peer.py");
    if !p.exists() {
        bail!("{} not found: run `avatard bench transport` from the repository root", p.display());
    }
    Ok(p)
}

/// Rust PUB -> pyzmq SUB (`peer.py bench-sub`), one subscriber process per run.
async fn rust_to_python(a: &TransportArgs) -> Result<PairResult> {
    let (py, script) = (python(a)?, peer_script()?);
    let mut publisher = PubSocket::new();
    let ep = publisher.bind(avatard::ANY_LOOPBACK_PORT).await?.to_string();
    let mut runs = Vec::new();
    for (count, interval) in
        [(a.count, Duration::ZERO), (a.latency_count, Duration::from_micros(a.interval_us))]
    {
        let mut child = Command::new(&py)
            .arg(&script)
            .args(["bench-sub", "--connect", &ep, "--count", &count.to_string(), "--timeout", "5"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("starting the pyzmq subscriber")?;
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let ready = rx.recv_timeout(Duration::from_secs(20)).context("pyzmq subscriber did not start")?;
        if ready.trim() != "READY" {
            bail!("pyzmq subscriber said {ready:?}");
        }
        warm_up(&mut publisher, a.size, || false_until_warm(&rx)).await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        send_run(&mut publisher, a.size, count, interval).await?;
        let report = rx.recv_timeout(Duration::from_secs(120)).context("pyzmq subscriber report")?;
        child.wait()?;
        runs.push(parse_py_report(&report)?);
    }
    let paced = runs.pop().unwrap();
    Ok(pair_result("rust->pyzmq", a, &runs[0], paced))
}

/// `peer.py bench-sub` prints `WARM` once it has seen a warm-up message.
fn false_until_warm(rx: &std::sync::mpsc::Receiver<String>) -> bool {
    matches!(rx.try_recv(), Ok(l) if l.trim() == "WARM")
}

fn parse_py_report(line: &str) -> Result<Received> {
    let v: serde_json::Value = serde_json::from_str(line).with_context(|| format!("bad report {line:?}"))?;
    let lat: Vec<f64> = v["latencies_ns"]
        .as_array()
        .map(|a| a.iter().filter_map(|x| x.as_f64()).map(|ns| ns / 1e3).collect())
        .unwrap_or_default();
    // Python reports the first message's receive time; throughput runs from its send time, as on the Rust side.
    let first_latency_ns = lat.first().map_or(0, |us| (us * 1e3) as i64);
    Ok(Received {
        count: v["received"].as_u64().unwrap_or(0),
        first_ns: v["first_ns"].as_i64().unwrap_or(0) - first_latency_ns,
        last_ns: v["last_ns"].as_i64().unwrap_or(0),
        latencies_us: lat,
    })
}

/// pyzmq PUB -> pyzmq SUB, measured by `peer.py bench-baseline`.
fn python_baseline(a: &TransportArgs) -> Result<PairResult> {
    let (py, script) = (python(a)?, peer_script()?);
    let run = |count: u64, mode: &str| -> Result<serde_json::Value> {
        let out = Command::new(&py)
            .arg(&script)
            .args(["bench-baseline", "--count", &count.to_string(), "--size", &a.size.to_string()])
            .args(["--mode", mode, "--interval-us", &a.interval_us.to_string()])
            .stderr(Stdio::inherit())
            .output()?;
        if !out.status.success() {
            bail!("pyzmq baseline failed: {}", String::from_utf8_lossy(&out.stdout));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let last = text.lines().last().unwrap_or_default().to_owned();
        serde_json::from_str(&last).with_context(|| format!("bad baseline report {last:?}"))
    };
    let flood = run(a.count, "flood")?;
    let paced = run(a.latency_count, "paced")?;
    let f = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    let rate = f(&flood, "throughput_msgs_per_s");
    Ok(PairResult {
        pair: "pyzmq->pyzmq (baseline)".into(),
        flood_sent: a.count,
        flood_received: flood["received"].as_u64().unwrap_or(0),
        throughput_msgs_per_s: rate,
        throughput_mb_per_s: rate * a.size as f64 / 1e6,
        latency_received: paced["received"].as_u64().unwrap_or(0),
        latency_p50_us: f(&paced, "p50_us"),
        latency_p99_us: f(&paced, "p99_us"),
        latency_max_us: f(&paced, "max_us"),
    })
}

pub async fn transport(a: TransportArgs) -> Result<()> {
    let mut results = vec![rust_to_rust(&a).await?];
    results.push(rust_to_python(&a).await?);
    results.push(
        tokio::task::spawn_blocking({
            let a = a.clone();
            move || python_baseline(&a)
        })
        .await??,
    );
    let base = results.last().unwrap().clone();
    println!(
        "{:<26} {:>10} {:>12} {:>10} {:>10} {:>10} {:>12}",
        "pair", "recv/sent", "msgs/s", "x pyzmq", "p50 us", "p99 us", "p99/pyzmq"
    );
    for r in &results {
        println!(
            "{:<26} {:>10} {:>12.0} {:>10.2} {:>10.1} {:>10.1} {:>12.2}",
            r.pair,
            format!("{}/{}", r.flood_received, r.flood_sent),
            r.throughput_msgs_per_s,
            r.throughput_msgs_per_s / base.throughput_msgs_per_s,
            r.latency_p50_us,
            r.latency_p99_us,
            r.latency_p99_us / base.latency_p99_us
        );
    }
    let report = serde_json::json!({
        "benchmark": "transport",
        "message_bytes": a.size,
        "flood_count": a.count,
        "latency_count": a.latency_count,
        "latency_interval_us": a.interval_us,
        "results": results,
    });
    super::write_report(&a.out, &report)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_bodies_carry_seq_and_time() {
        let b = body(1024, 42);
        assert_eq!(b.len(), 1024);
        let (seq, t) = header(&b).unwrap();
        assert_eq!(seq, 42);
        assert!((avatar_schema::clock::unix_ns() - t).abs() < 1_000_000_000);
        assert!(header(&b[..10]).is_none());
    }
}
