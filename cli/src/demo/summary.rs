//! The demo's summary: the figures over the replay as JSON (`out/demo-summary.json`) and for people.

use super::collect::Collected;
use super::trackers::SourceReport;
use super::{Avatar, DemoArgs, AVATAR, TAIL};
use avatar_schema::Stats;
use avatar_sim::stats::percentile;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// Everything the summary is made of.
pub struct Run<'a> {
    pub args: &'a DemoArgs,
    pub played: Duration,
    /// The trackers' random phase against the solver's ticks.
    pub phase: Duration,
    pub avatar: &'a Avatar,
    pub asset_hash: &'a str,
    /// The daemon's Stats when the trackers started, and after they stopped.
    pub before: &'a Stats,
    pub after: &'a Stats,
    pub sources: Vec<serde_json::Value>,
    pub collected: &'a Collected,
    pub trajectory: &'a Path,
    pub rendered: serde_json::Value,
    pub wall_s: f64,
    /// Where the wall time went (s): `setup` (the avatars loaded or precomputed, the daemon started, the
    /// sockets connected), `replay` (the trackers played, in real time), `film` (the trajectory written, both
    /// avatars filmed while the summary's figures are computed).
    pub timings: &'a [(&'a str, f64)],
    /// Secondary motion per body region and phase ([`flesh`]).
    pub flesh: serde_json::Value,
    /// The spring-bone avatar ([`super::springs::summary`]).
    pub springs: serde_json::Value,
}

/// The secondary displacement `|u| = |B z|` on the render mesh per body region (as `avatard bench jiggle`
/// reports it) over each phase `(name, from s, to s)` of the collected steps (thinned to the render frame
/// rate, so peaks between frames are missed): `{phase: {region: {"peak_mm", "rms_mm"}}}`.
pub fn flesh(
    asset: &avatar_sim::asset::Asset,
    steps: &[super::render::TrajectoryStep],
    phases: &[(&str, f64, f64)],
) -> serde_json::Value {
    use avatar_lab::measure::{regions, Displacement};
    let regions = regions(asset);
    let d = Displacement::new(&asset.render.vertices, asset.render.mode_weights.as_ref());
    let mut out = serde_json::Map::new();
    for &(name, from, to) in phases {
        let k = regions.names.len();
        let (mut peak, mut sumsq, mut count) = (vec![0.0f64; k], vec![0.0f64; k], vec![0usize; k]);
        for st in steps.iter().filter(|st| st.t >= from && st.t < to) {
            let z: Vec<f64> = st.z.iter().map(|&v| v as f64).collect();
            for (u, r) in d.norms(&z).into_iter().zip(&regions.of) {
                if let Some(r) = *r {
                    peak[r] = peak[r].max(u);
                    sumsq[r] += u * u;
                    count[r] += 1;
                }
            }
        }
        let mm = |v: f64| (v * 1e6).round() / 1e3;
        let table: serde_json::Map<String, serde_json::Value> = (0..k)
            .map(|r| {
                let rms = if count[r] > 0 { (sumsq[r] / count[r] as f64).sqrt() } else { 0.0 };
                (regions.names[r].to_owned(), serde_json::json!({"peak_mm": mm(peak[r]), "rms_mm": mm(rms)}))
            })
            .collect();
        out.insert(name.to_owned(), serde_json::json!({"from_s": from, "to_s": to, "regions": table}));
    }
    out.into()
}

/// What each tracker source sent.
pub fn sources(sources: &[(&str, &SourceReport, &std::path::PathBuf)]) -> Vec<serde_json::Value> {
    sources
        .iter()
        .map(|(kind, r, path)| {
            let c = &r.publisher.counts;
            serde_json::json!({
                "kind": kind,
                "recording": path.display().to_string(),
                "passes": r.passes,
                "frames_given": r.frames,
                "frames_sent": c.sent.load(Relaxed),
                "dropped_not_connected": c.dropped_disconnected.load(Relaxed),
                "dropped_queue_full": c.dropped_queue_full.load(Relaxed),
            })
        })
        .collect()
}

fn sorted(v: &[f64]) -> Vec<f64> {
    let mut v = v.to_vec();
    v.sort_by(|x, y| x.total_cmp(y));
    v
}

/// The figures over the replay (daemon counters as differences from the trackers' start).
pub fn summary(r: &Run) -> serde_json::Value {
    let (a, stats, collected) = (r.args, r.after, r.collected);
    let c = |n: &str| stats.counter(n).unwrap_or(0);
    let since = |n: &str| c(n).saturating_sub(r.before.counter(n).unwrap_or(0));
    let dropped_by_reason: BTreeMap<String, u64> = stats
        .counters
        .iter()
        .filter_map(|k| Some((k.name.strip_prefix("input.dropped.")?.to_owned(), k.value)))
        .filter(|(_, v)| *v > 0)
        .collect();
    let hist = |name: &str| stats.histograms.iter().find(|h| h.name == name).cloned().unwrap_or_default();
    let tick = hist("tick.time");
    let lat = sorted(&collected.latencies_ms);
    let to_publish = sorted(&collected.capture_to_publish_ms);
    let to_receive = sorted(&collected.publish_to_receive_ms);
    let frac =
        |n: u64| if collected.states_played > 0 { n as f64 / collected.states_played as f64 } else { 0.0 };
    let rms_z =
        if collected.count_z > 0 { (collected.sum_sq_z / collected.count_z as f64).sqrt() } else { 0.0 };
    let expected_states = (r.played + TAIL).as_secs_f64() * a.tick_hz as f64;
    serde_json::json!({
        "avatar": {
            "id": AVATAR,
            "asset": r.avatar.asset_path.display().to_string(),
            "asset_hash": r.asset_hash,
            "tets": r.avatar.loaded.tets(),
            "num_p": collected.num_p,
            "num_z": collected.num_z,
            "load_s": r.avatar.load_s,
        },
        "played_s": r.played.as_secs_f64(),
        "tick_hz": a.tick_hz,
        "solver_ticks": c("solver.ticks"),
        "deadline_misses": c("solver.deadline_misses"),
        "tick_time_us": {
            "p50_bucket": tick.p50,
            "p99_bucket": tick.p99,
            "mean": if tick.count > 0 { tick.sum / tick.count as f64 } else { 0.0 },
            "max": tick.max,
        },
        "tracker": {
            "sources": r.sources,
            "accepted": since("input.accepted"),
            "dropped": since("input.dropped"),
            "dropped_by_reason": dropped_by_reason,
        },
        "states": {
            "received": collected.states,
            "received_while_playing": collected.states_played,
            "expected_while_playing": expected_states.round(),
            "published": c("publish.states"),
            "dropped_in_daemon": c("publish.dropped"),
            "sequence_gaps": collected.sequence_gaps,
            "dropped_before_reported": collected.dropped_before,
            "daemon_restarts_seen": collected.restarts,
            "undecodable": collected.undecodable,
            "non_finite": collected.non_finite,
        },
        "capture_to_receive_ms": {
            "fresh_inputs": lat.len(),
            "p50": percentile(&lat, 0.5),
            "p99": percentile(&lat, 0.99),
            "max": lat.last().copied(),
            "capture_to_publish_p50": percentile(&to_publish, 0.5),
            "capture_to_publish_p99": percentile(&to_publish, 0.99),
            "publish_to_receive_p50": percentile(&to_receive, 0.5),
            "publish_to_receive_p99": percentile(&to_receive, 0.99),
            "tick_period": 1e3 / a.tick_hz as f64,
            "tracker_phase": r.phase.as_secs_f64() * 1e3,
        },
        "z": {
            "peak_abs": collected.peak_abs_z,
            "rms": rms_z,
        },
        "flags_fraction": {
            "held": frac(collected.held),
            "rest": frac(collected.rest),
            "degraded": frac(collected.degraded),
            "reset": frac(collected.reset),
        },
        "guard_resets": since("solver.guard_resets"),
        "teleports": since("solver.teleports"),
        "mapping": {
            "unknown_names": since("mapping.unknown_names"),
            "rejected_values": since("mapping.rejected_values"),
        },
        "trajectory": {
            "path": r.trajectory.display().to_string(),
            "steps": collected.steps.len(),
            "fps": a.render_fps,
        },
        "render": r.rendered,
        "flesh": r.flesh,
        "springs_avatar": r.springs,
        "wall_s": r.wall_s,
        "timings_s": r.timings.iter().map(|(k, v)| (k.to_string(), serde_json::json!(v))).collect::<serde_json::Map<_, _>>(),
    })
}

/// The summary for people.
pub fn print(s: &serde_json::Value) {
    let f = |v: &serde_json::Value| match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{x}"),
        Some(x) => format!("{x:.3}"),
        None => v.to_string(),
    };
    let st = &s["states"];
    let lat = &s["capture_to_receive_ms"];
    let tk = &s["tick_time_us"];
    println!(
        "avatard demo: default avatar ({} rig parameters, {} z)",
        st_num(&s["avatar"]["num_p"]),
        st_num(&s["avatar"]["num_z"])
    );
    println!("  played                 {} s at {} Hz", f(&s["played_s"]), f(&s["tick_hz"]));
    println!(
        "  solver ticks           {} ({} deadline misses)",
        f(&s["solver_ticks"]),
        f(&s["deadline_misses"])
    );
    println!(
        "  tick time              p50 {} us, p99 {} us, mean {} us",
        f(&tk["p50_bucket"]),
        f(&tk["p99_bucket"]),
        f(&tk["mean"])
    );
    for src in s["tracker"]["sources"].as_array().into_iter().flatten() {
        println!(
            "  tracker {:<4}           {} frames sent (passes: {}), {} dropped unconnected, {} queue full",
            src["kind"].as_str().unwrap_or("?"),
            f(&src["frames_sent"]),
            f(&src["passes"]),
            f(&src["dropped_not_connected"]),
            f(&src["dropped_queue_full"])
        );
    }
    println!(
        "  tracker frames         {} accepted, {} dropped {}",
        f(&s["tracker"]["accepted"]),
        f(&s["tracker"]["dropped"]),
        s["tracker"]["dropped_by_reason"]
    );
    println!(
        "  states received        {} ({} while playing, ~{} expected), {} sequence gaps, {} dropped",
        f(&st["received"]),
        f(&st["received_while_playing"]),
        f(&st["expected_while_playing"]),
        f(&st["sequence_gaps"]),
        f(&st["dropped_in_daemon"])
    );
    println!(
        "  capture -> receive     p50 {} ms, p99 {} ms ({} fresh inputs)",
        f(&lat["p50"]),
        f(&lat["p99"]),
        f(&lat["fresh_inputs"])
    );
    println!(
        "    of which              capture -> publish p50 {} ms (waiting for the next {} ms tick, then the \
         tick), publish -> receive p50 {} ms",
        f(&lat["capture_to_publish_p50"]),
        f(&lat["tick_period"]),
        f(&lat["publish_to_receive_p50"])
    );
    println!("  z                      peak |z| {}, RMS {}", f(&s["z"]["peak_abs"]), f(&s["z"]["rms"]));
    let fl = &s["flags_fraction"];
    println!(
        "  flags                  held {}, rest {}, degraded {}, reset {} (fraction of states)",
        f(&fl["held"]),
        f(&fl["rest"]),
        f(&fl["degraded"]),
        f(&fl["reset"])
    );
    println!("  guard resets           {}, teleports {}", f(&s["guard_resets"]), f(&s["teleports"]));
    println!(
        "  trajectory             {} ({} steps)",
        s["trajectory"]["path"].as_str().unwrap_or("?"),
        f(&s["trajectory"]["steps"])
    );
    let r = &s["render"];
    match r["skipped"].as_str() {
        Some(why) => println!("  render                 skipped: {why}"),
        None => {
            println!(
                "  render                 {} frames at {} fps ({} drawn) in {} s, written in {} s -> {}",
                f(&r["frames"]),
                f(&r["fps"]),
                f(&r["drawn"]),
                f(&r["seconds"]),
                f(&r["written_s"]),
                r["dir"].as_str().unwrap_or("?")
            );
            let files = r["files"].as_array().into_iter().flatten();
            for (k, file) in files.enumerate() {
                let mb = r["bytes"][k].as_f64().unwrap_or(0.0) / 1e6;
                println!("                         {} ({mb:.1} MB)", file.as_str().unwrap_or("?"));
            }
        }
    }
    for (phase, v) in s["flesh"].as_object().into_iter().flatten() {
        let regions = v["regions"].as_object();
        let cell = |r: &str| regions.and_then(|m| m.get(r)).map_or("-".to_owned(), |x| f(&x["peak_mm"]));
        println!(
            "  flesh peak |u| mm      {phase:<7} chest {}, belly {}, buttocks {}, thighs {}, calves {}, head {}, \
             hands {}, feet {}",
            cell("chest"),
            cell("belly"),
            cell("buttocks"),
            cell("thighs"),
            cell("calves"),
            cell("head"),
            cell("hands"),
            cell("feet")
        );
    }
    let sp = &s["springs_avatar"];
    match sp["skipped"].as_str() {
        Some(why) => println!("  spring-bone avatar     skipped: {why}"),
        None => {
            println!(
                "  spring-bone avatar     {} chains, {} joints, {} colliders: swing max {}°, p95 {}°, RMS {}°; \
                 deepest joint in a collider {} mm",
                f(&sp["chains"]),
                f(&sp["joints"]),
                f(&sp["colliders"]),
                f(&sp["swing_deg"]["max"]),
                f(&sp["swing_deg"]["p95"]),
                f(&sp["swing_deg"]["rms"]),
                f(&sp["max_penetration_mm"])
            );
            if let Some(dir) = sp["render"]["dir"].as_str() {
                println!("                         rendered into {dir}");
            }
        }
    }
    let timings: Vec<String> = ["setup", "replay", "film"]
        .iter()
        .filter_map(|k| Some(format!("{k} {:.1} s", s["timings_s"][k].as_f64()?)))
        .collect();
    println!("  wall time              {} s ({})", f(&s["wall_s"]), timings.join(", "));
}

fn st_num(v: &serde_json::Value) -> String {
    v.as_u64().map_or_else(|| v.to_string(), |n| n.to_string())
}
