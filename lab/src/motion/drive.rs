//! Playing a [`Timeline`] through the daemon's own per-avatar step, [`AvatarSim::tick`], on a simulated clock.
//!
//! As in the daemon: frames go into the avatar's latest-value slots ([`Inputs`], `any`, since a bench avatar
//! follows every source) when their capture time comes, with `received_ns` = that tick's time (no transport
//! delay); the avatar ticks at `tick_hz`, `now_ns` advancing by one period per tick. Several frames due
//! before one tick leave only the newest in the slot, as they would in the daemon. Only the tick is timed.

use super::motions::Timeline;
use anyhow::Result;
use avatard::{AvatarSim, Inputs, SimParams};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

/// The simulated clock starts here (ns), clear of 0 (which the runtime reads as "never").
pub const CLOCK_START_NS: i64 = 1_000_000_000;

/// One tick of the measured part of a run (from the motion's first frame on).
pub struct TickSample<'a> {
    /// Seconds since the motion's first frame.
    pub t: f64,
    /// The rig parameters and reduced coordinates after the tick (f64, as the solver holds them).
    pub p: &'a [f64],
    pub z: &'a [f64],
    /// The step treated this tick as a jump of the rig (its velocity not fed to the flesh).
    pub teleport: bool,
}

/// What the ticks of the measured part did.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    /// Wall time of each `AvatarSim::tick` (µs).
    pub tick_us: Vec<f64>,
    pub iterations: Vec<usize>,
    pub teleports: usize,
    pub guard_resets: usize,
    /// Ticks flagged `HELD_POSE` or `REST_POSE` (the input went silent: must be 0, the bench keeps sending).
    pub held_ticks: usize,
    /// Frame bone names the avatar's rig does not resolve, summed over the frames taken.
    pub unknown_names: u64,
}

/// Play `tl` into a fresh `sim` at `tick_hz`; `on_tick` sees every tick from the motion's first frame to the
/// end of the settle phase.
pub fn drive(
    sim: &mut AvatarSim,
    tl: &Timeline,
    tick_hz: f32,
    params: &SimParams,
    mut on_tick: impl FnMut(&TickSample<'_>) -> Result<()>,
) -> Result<RunSummary> {
    let inputs = Inputs::default();
    let period_ns = 1e9 / tick_hz as f64;
    let mut summary = RunSummary::default();
    let mut next = 0;
    for k in 0u64.. {
        let clock = (k as f64 * period_ns).round() as i64;
        if clock > tl.end_ns {
            break;
        }
        let now = CLOCK_START_NS + clock;
        let mut arrived = false;
        while next < tl.frames.len() && tl.frames[next].header.capture_time_ns <= clock {
            next += 1;
            arrived = true;
        }
        if arrived {
            let mut f = tl.frames[next - 1].clone();
            f.header.capture_time_ns += CLOCK_START_NS;
            f.header.send_time_ns = now;
            inputs.any.rig.store(Some(Arc::new(f)));
            inputs.any.received_ns.store(now, Relaxed);
            inputs.arrived_ns.store(now, Relaxed);
            inputs.generation.fetch_add(1, Relaxed);
        }
        let started = Instant::now();
        let out = sim.tick(&inputs, now, tick_hz, params, false);
        let elapsed_us = started.elapsed().as_secs_f64() * 1e6;
        if clock < tl.motion_start_ns {
            continue;
        }
        let state = &sim.dynamics().state;
        summary.tick_us.push(elapsed_us);
        summary.iterations.push(out.step.iterations);
        summary.teleports += out.step.teleport as usize;
        summary.guard_resets += out.step.guard_reset as usize;
        let silent = avatar_schema::state_flags::HELD_POSE | avatar_schema::state_flags::REST_POSE;
        summary.held_ticks += (out.flags & silent != 0) as usize;
        summary.unknown_names += out.counts.unknown_names;
        let t = (clock - tl.motion_start_ns) as f64 * 1e-9;
        on_tick(&TickSample { t, p: &state.p, z: &state.z, teleport: out.step.teleport })?;
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::super::motions::{twist, Timeline};
    use super::*;
    use avatar_sim::asset::bar_avatar;
    use avatard::{AvatarSpec, LoadedAsset, LoadedAvatar};

    /// The bar has no humanoid bones: every frame's bones are unknown names, nothing moves, and the run covers
    /// the motion and the settle phase at the tick rate.
    #[test]
    fn jiggle_drive_ticks_through_the_timeline() {
        let asset = bar_avatar([6, 2, 2], [1.0, 0.25, 0.25], 0.3, &[], 4, 8).unwrap();
        let loaded = LoadedAsset { asset: Arc::new(asset), hash: [0; 32], path: "bar".into() };
        let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("bar"), &loaded));
        let params = SimParams::default();
        let mut sim = AvatarSim::new(avatar, &params, 120.0).unwrap();
        let tl = Timeline::new(&twist(), 0.5, [0.0; 3]);
        let mut times = Vec::new();
        let s = drive(&mut sim, &tl, 120.0, &params, |t| {
            times.push(t.t);
            Ok(())
        })
        .unwrap();
        assert_eq!(times.len(), 3 * 120 + 60 + 1, "3 s of motion and 0.5 s of settling at 120 Hz");
        assert_eq!(times[0], 0.0);
        assert!((times.last().unwrap() - 3.5).abs() < 1e-9);
        assert_eq!(s.tick_us.len(), times.len());
        assert_eq!(s.held_ticks, 0, "the input never goes silent");
        assert!(s.unknown_names > 0, "spine/chest do not exist on the bar");
    }
}
