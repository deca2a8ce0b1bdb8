//! Rig-parameter series `p(t)` of an avatar at the solver's tick rate, from the motions the product sees: the
//! jiggle benchmark's motions (the CMU mocap clip and the procedural ones) played as `RigFrame`s, and the
//! committed tracker recordings (MediaPipe pose, face and hand streams) through the daemon's real input path
//! (`Ingest` → latest-value slots → [`AvatarSim::tick`]: decoding, filtering, retargeting).

use super::drive::drive;
use super::motions::{self, Timeline};
use anyhow::{Context, Result};
use avatar_schema::{encode, Message};
use avatard::{AvatarSim, Ingest, Inputs, LoadedAvatar, Metrics, SimParams};
use bytes::Bytes;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// One motion's rig parameters, one entry per tick.
pub struct PSeries {
    pub name: String,
    pub p: Vec<Vec<f64>>,
    /// Ticks the daemon's step treated as a jump, not motion (`SimParams::teleport_distance` and
    /// `teleport_angle`: a tracker's first frame snapping the avatar out of its rest pose, a lost and found
    /// limb): the flesh never sees their velocity, so neither does the prior.
    pub teleports: Vec<bool>,
    /// The runtime's reduced coordinates `z` after each tick (the flesh the daemon would publish, in f64).
    pub z: Vec<Vec<f64>>,
}

impl PSeries {
    /// Only the first `ticks` ticks.
    pub fn truncate(&mut self, ticks: usize) {
        self.p.truncate(ticks);
        self.teleports.truncate(ticks);
        self.z.truncate(ticks);
    }
}

/// A jiggle motion (`jumps`, `hop`, `twist`, `head`, `arms`) through the avatar's own step at `tick_hz`, from the
/// motion's first frame to `settle_s` after its last.
pub fn motion_series(
    avatar: &Arc<LoadedAvatar>,
    name: &str,
    bvh: &Path,
    tick_hz: f32,
    settle_s: f64,
) -> Result<PSeries> {
    motion_series_with(avatar, name, bvh, tick_hz, settle_s, &SimParams::default())
}

/// [`motion_series`] with the avatar's parameters `params` (the solver's iterations, damping, ...).
pub fn motion_series_with(
    avatar: &Arc<LoadedAvatar>,
    name: &str,
    bvh: &Path,
    tick_hz: f32,
    settle_s: f64,
    params: &SimParams,
) -> Result<PSeries> {
    let params = params.clone();
    let motion = motions::motion(name, bvh)?;
    let tl = Timeline::new(&motion, settle_s, crate::motion::jumps::rest_root(&avatar.asset.sim.rig));
    let mut sim = AvatarSim::new(avatar.clone(), &params, tick_hz).map_err(anyhow::Error::msg)?;
    let (mut p, mut z, mut teleports) = (Vec::new(), Vec::new(), Vec::new());
    drive(&mut sim, &tl, tick_hz, &params, |s| {
        p.push(s.p.to_vec());
        z.push(s.z.to_vec());
        teleports.push(s.teleport);
        Ok(())
    })?;
    Ok(PSeries { name: name.into(), p, teleports, z })
}

/// A tracker recording (`.avtrrec`) through `Ingest` into the avatar at `tick_hz`, each message at its recorded
/// time, every source on its own stream; ticks from the first message to 0.5 s after the last.
pub fn recording_series(avatar: &Arc<LoadedAvatar>, path: &Path, tick_hz: f32) -> Result<PSeries> {
    recording_series_with(avatar, path, tick_hz, &SimParams::default())
}

/// [`recording_series`] with the avatar's parameters `params`.
pub fn recording_series_with(
    avatar: &Arc<LoadedAvatar>,
    path: &Path,
    tick_hz: f32,
    params: &SimParams,
) -> Result<PSeries> {
    const T0: i64 = 1_700_000_000_000_000_000;
    let rec = tracker_bridge::recording::Recording::load(path)
        .with_context(|| format!("reading the recording {}", path.display()))?;
    let params = params.clone();
    let mut sim = AvatarSim::new(avatar.clone(), &params, tick_hz).map_err(anyhow::Error::msg)?;
    let inputs = Arc::new(Inputs::default());
    let mut ingest = Ingest::new(inputs.clone(), Arc::new(Metrics::new("prior")));
    let period = (1e9 / tick_hz as f64).round() as i64;
    let last = rec.records.last().map(|r| r.t_ns as i64).unwrap_or(0);
    let (mut next, mut seqs) = (0, HashMap::<String, u64>::new());
    let (mut p, mut z, mut teleports) = (Vec::new(), Vec::new(), Vec::new());
    let mut now = T0;
    while now <= T0 + last + 500_000_000 {
        while next < rec.records.len() && T0 + rec.records[next].t_ns as i64 <= now {
            let r = &rec.records[next];
            let mut m = r.message.clone();
            let header = match &mut m {
                Message::Pose(f) => Some(&mut f.header),
                Message::Face(f) => Some(&mut f.header),
                Message::Hand(f) => Some(&mut f.header),
                Message::Rig(f) => Some(&mut f.header),
                _ => None,
            };
            if let Some(h) = header {
                let seq = seqs.entry(h.source_id.clone()).and_modify(|s| *s += 1).or_insert(1);
                h.seq = *seq;
                h.capture_time_ns = T0 + r.t_ns as i64;
                h.send_time_ns = h.capture_time_ns;
                // a refused frame is counted by Ingest and simply does not drive the avatar
                let _ = ingest.handle_at(&[Bytes::from(encode(&m))], now);
            }
            next += 1;
        }
        let out = sim.tick(&inputs, now, tick_hz, &params, false);
        teleports.push(out.step.teleport);
        p.push(sim.dynamics().state.p.clone());
        z.push(sim.dynamics().state.z.clone());
        now += period;
    }
    let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(PSeries { name, p, teleports, z })
}

/// Second differences `p̈_k = (p_{k+1} − 2p_k + p_{k−1}) / h²` of each series (never across two series, nor
/// across a teleport).
pub fn accelerations(series: &[PSeries], h: f64) -> Vec<Vec<f64>> {
    let mut out = Vec::new();
    for s in series {
        for k in 1..s.p.len().saturating_sub(1) {
            if s.teleports.get(k).copied().unwrap_or(false)
                || s.teleports.get(k + 1).copied().unwrap_or(false)
            {
                continue;
            }
            let (a, b, c) = (&s.p[k - 1], &s.p[k], &s.p[k + 1]);
            out.push((0..b.len()).map(|i| (c[i] - 2.0 * b[i] + a[i]) / (h * h)).collect());
        }
    }
    out
}
