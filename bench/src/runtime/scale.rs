//! The scale half of `avatard bench runtime`: N avatars stepped back to back by the solver's own tick.

use super::*;
use anyhow::Result;
use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use avatar_sim::asset::Cache;
use avatar_sim::asset::{cached, default_avatar, precompute_tet_mesh, tet_mesh_key, Built};
use avatar_sim::precompute::{ClusterCount, PrecomputeSettings};
use avatard::mapping::PoseMap;
use avatard::LoadedAvatar;
use avatard::Metrics;
use avatard::SimParams;
use avatard::{state_topic, AvatarHandle, Shared};
use avatard::{Inputs, Slots, SourceSlots};
use avatard::{Solver, SolverSettings};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;
use tracker_bridge::synth;

#[derive(Serialize, Debug)]
pub struct ScaleReport {
    pub threads: usize,
    pub tick_hz: f32,
    pub goal: String,
    pub goal_met: Option<bool>,
    pub assets: Vec<AssetInfo>,
    pub mix: String,
    pub runs: Vec<ScaleRun>,
    pub notes: Vec<String>,
}

#[derive(Serialize, Debug, Clone)]
pub struct AssetInfo {
    pub name: String,
    pub tets: usize,
    pub vertices: usize,
    pub modes: usize,
    pub clusters: usize,
    pub driven_by: String,
    /// Seconds to get the asset now (a cache hit is a load).
    pub load_s: f64,
    pub cached: bool,
    /// The original precompute's total seconds, from its stored report.
    pub precompute_report_s: Option<f64>,
}

#[derive(Serialize, Debug)]
pub struct ScaleRun {
    pub avatars: usize,
    pub total_tets: usize,
    /// Copies of each asset in this run, in the order of `assets`.
    pub copies: Vec<usize>,
    pub ticks: usize,
    pub seconds: f64,
    /// Ticks over the wall time of the timed loop (input feeding and queue draining included).
    pub ticks_per_s: f64,
    /// Ticks over the summed `Solver::tick` time alone.
    pub ticks_per_s_solver_only: f64,
    /// CPU time of this process (user + system, all threads) per tick over the timed loop: what a tick costs
    /// whatever share of the cores the bench got.
    pub cpu_ms_per_tick: f64,
    pub cpu_ms_per_avatar_step: f64,
    /// `threads / cpu time per tick`: the rate with the cores to ourselves, if the avatars split evenly (an
    /// estimate; rayon's idle spinning counts as CPU time, so it errs low).
    pub ticks_per_s_cpu_bound_est: f64,
    pub tick_ms: Dist,
    /// Per avatar step, ms of thread time in each phase ([`avatard::PhaseCounters`]: retarget, rig_terms,
    /// local, global, publish — here only the state's hand-off to the queue; the encoding happens in the
    /// daemon's publisher task, which the scale runs replace by draining the queue).
    pub phase_ms_per_step: Vec<(String, f64)>,
    pub mean_iterations_per_step: f64,
    pub guard_resets: u64,
    pub teleports: u64,
    /// Largest |z| seen per asset (non-zero: the rig moved and excited secondary motion).
    pub peak_abs_z: Vec<f32>,
}

/// One distinct asset, shared by its avatars through the `Arc`.
pub(crate) struct Kind {
    info: AssetInfo,
    avatar: Arc<LoadedAvatar>,
}

impl Kind {
    /// An avatar loaded from a file (its landmark map from its own skeleton), driven by the synthetic pose
    /// frames.
    pub(crate) fn from_loaded(name: &str, avatar: LoadedAvatar) -> Result<Kind> {
        let sim = &avatar.asset.sim;
        let info = AssetInfo {
            name: name.into(),
            tets: sim.mesh.t(),
            vertices: sim.mesh.vertices.len(),
            modes: sim.reduced.btmb.nrows() / 12,
            clusters: sim.clustering.r,
            driven_by: "synthetic MediaPipe pose frames (tracker_bridge::synth)".into(),
            load_s: f64::NAN,
            cached: true,
            precompute_report_s: None,
        };
        anyhow::ensure!(
            avatar.pose_map.is_some(),
            "{name}: its skeleton has no landmark map (humanoid roles missing)"
        );
        let avatar = LoadedAvatar { sources: vec![POSE_SOURCE.to_owned()], ..avatar };
        Ok(Kind { info, avatar: Arc::new(avatar) })
    }
}

/// Bend of the bars' `child` bone (rad, at 0.5 Hz).
pub(super) const BAR_AMPLITUDE: f64 = 0.5;
pub(super) const POSE_SOURCE: &str = "bench/pose";
pub(super) const RIG_SOURCE: &str = "bench/rig";

/// Box grids of the procedural bars (cells; 6 tets per cell), largest first.
pub(super) const BARS: [[usize; 3]; 4] = [[60, 15, 15], [56, 14, 14], [48, 12, 12], [40, 10, 10]];

pub(super) fn report_seconds(report: &serde_json::Value) -> Option<f64> {
    let s = report.get("seconds")?;
    match s {
        serde_json::Value::Object(m) => Some(m.values().filter_map(|v| v.as_f64()).sum()),
        v => v.as_f64(),
    }
}

pub(super) fn bar_built(cells: [usize; 3], cache: Option<&Cache>) -> Result<Built> {
    use avatar_sim::rig::{LbsRig, Rig, RigPart};
    // limb-sized (1 m × 25 cm), of the default avatar's material
    let size = [1.0, 0.25, 0.25];
    let mesh = avatar_sim::mesh::shapes::box_mesh(cells[0], cells[1], cells[2], size);
    let lbs = LbsRig::two_bone_bar(&mesh, 0, 0.5 * size[0], 1.0);
    let rig = Rig::new(vec![RigPart::Lbs(lbs)])?;
    let settings =
        PrecomputeSettings { modes: 16, clusters: ClusterCount::KMeans(100), ..Default::default() };
    let key = tet_mesh_key(&mesh, &rig, &settings);
    let name = format!("bench-runtime bar {}x{}x{}", cells[0], cells[1], cells[2]);
    cached(key, cache, |key| {
        precompute_tet_mesh(mesh, rig, &settings, ("procedural", &name), key, Arc::new(|_| {}))
    })
}

pub(super) fn kinds(cache: Option<&Cache>, modes: Option<usize>) -> Result<Vec<Kind>> {
    let mut kinds = Vec::new();
    let mut add = |name: String, built: Built, load_s: f64, source: &str, driven_by: &str| {
        let asset = built.asset;
        let info = AssetInfo {
            name,
            tets: asset.sim.mesh.t(),
            vertices: asset.sim.mesh.vertices.len(),
            modes: asset.sim.reduced.btmb.nrows() / 12,
            clusters: asset.sim.clustering.r,
            driven_by: driven_by.into(),
            load_s,
            cached: built.cached,
            precompute_report_s: report_seconds(&built.report),
        };
        eprintln!(
            "scale: {} ({} tets, {} modes, {} clusters): {:.2} s{}",
            info.name,
            info.tets,
            info.modes,
            info.clusters,
            load_s,
            if built.cached { " (cache hit)" } else { " (precomputed)" }
        );
        let avatar = LoadedAvatar {
            id: info.name.clone(),
            asset: Arc::new(asset),
            hash: built.hash,
            path: None,
            sources: vec![source.to_owned()],
            pose_map: Some(PoseMap::default_avatar()),
            roles: Default::default(),
        };
        kinds.push(Kind { info, avatar: Arc::new(avatar) });
    };
    let t = Instant::now();
    let mut settings = avatar_sim::asset::default_avatar::settings();
    if let Some(m) = modes {
        settings.modes = m;
    }
    let built = default_avatar(&settings, cache, Arc::new(|_| {}))?;
    add(
        "default".into(),
        built,
        t.elapsed().as_secs_f64(),
        POSE_SOURCE,
        "synthetic MediaPipe pose frames (tracker_bridge::synth)",
    );
    for cells in BARS {
        let t = Instant::now();
        let built = bar_built(cells, cache)?;
        add(
            format!("bar {}x{}x{} cells", cells[0], cells[1], cells[2]),
            built,
            t.elapsed().as_secs_f64(),
            RIG_SOURCE,
            "RigFrames bending the `child` bone ±0.5 rad at 0.5 Hz (simulated time)",
        );
    }
    Ok(kinds)
}

/// User + system CPU seconds of this process so far (every thread), on every OS.
pub(super) fn cpu_seconds() -> f64 {
    cpu_time::ProcessTime::try_now().map_or(f64::NAN, |t| t.as_duration().as_secs_f64())
}

pub(super) fn quat_z(angle: f64) -> [f32; 4] {
    let h = 0.5 * angle;
    [0.0, 0.0, h.sin() as f32, h.cos() as f32]
}

pub(super) fn scale_bench(a: &RuntimeArgs, cache: Option<&Cache>) -> Result<ScaleReport> {
    let started = Instant::now();
    let kinds = kinds(cache, a.modes)?;
    eprintln!("scale: assets ready in {:.1} s", started.elapsed().as_secs_f64());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .thread_name(|i| format!("bench-solver-{i}"))
        .build()?;
    let mut counts: Vec<usize> = a.avatars.clone();
    counts.sort_unstable();
    counts.dedup();
    let mut runs = Vec::new();
    for &n in &counts {
        let run = scale_run(a, &kinds, n, &pool)?;
        eprintln!(
            "scale: {n:>3} avatars, {:>9} tets: {:>7.1} ticks/s, tick p50 {:.2} ms p99 {:.2} ms, {:.2} iterations/step",
            run.total_tets, run.ticks_per_s, run.tick_ms.p50, run.tick_ms.p99, run.mean_iterations_per_step
        );
        runs.push(run);
    }
    let goal_run = runs.iter().find(|r| r.avatars == GOAL_AVATARS);
    let copies26: Vec<String> = (0..kinds.len())
        .map(|k| {
            let c = (0..GOAL_AVATARS).filter(|i| i % kinds.len() == k).count();
            format!("{} × {c}", kinds[k].info.name)
        })
        .collect();
    let tets26: usize = (0..GOAL_AVATARS).map(|i| kinds[i % kinds.len()].info.tets).sum();
    Ok(ScaleReport {
        threads: a.threads,
        tick_hz: a.tick_hz,
        goal: format!(
            "{GOAL_AVATARS} avatars, >= {GOAL_TETS} tets in all, >= {GOAL_TICKS_PER_S} ticks/s on {} threads",
            a.threads
        ),
        goal_met: goal_run.map(|r| r.ticks_per_s >= GOAL_TICKS_PER_S && r.total_tets >= GOAL_TETS),
        assets: kinds.iter().map(|k| k.info.clone()).collect(),
        mix: format!(
            "avatar i uses asset i mod {}; {} distinct assets: for {GOAL_AVATARS} avatars {} = {tets26} tets",
            kinds.len(),
            kinds.len(),
            copies26.join(", ")
        ),
        runs,
        notes: vec![
            "Stepped by Solver::tick itself (the daemon's code: mapping, reduced dynamics, one AvatarState per \
             avatar into the bounded publisher queue), back to back without sleeping; the queue is drained \
             between ticks (outside the per-tick time, inside ticks_per_s)."
                .into(),
            "Avatars of one asset share its read-only data (mesh, reduced matrices) through an Arc but each has its \
             own dynamics state; 26 distinct assets would use more memory and cache than this mix."
                .into(),
            "ticks_per_s is measured on this machine as it was (load average in `machine`: other processes \
             compete for the cores); ticks_per_s_cpu_bound_est = threads / CPU time per tick is what the same \
             work would reach with the cores to itself, an estimate that assumes an even split over the threads."
                .into(),
            "The reduced step's cost depends on modes × clusters (16 × 100 here for every asset), not on the \
             tet count: tets matter for the precompute and memory, hardly for ticks/s."
                .into(),
            "Inputs: one frame per 4 ticks (30 Hz of simulated 120 Hz time) whose motion is a function of the \
             simulated time, so every run excites the avatars alike per tick whatever rate it reaches; frames \
             are stamped with the wall clock, which the solver's interpolation and hold logic use."
                .into(),
        ],
    })
}

pub(super) fn scale_run(
    a: &RuntimeArgs,
    kinds: &[Kind],
    n: usize,
    pool: &rayon::ThreadPool,
) -> Result<ScaleRun> {
    scale_run_with(a, kinds, n, pool, &SimParams::default())
}

/// [`scale_run`] with every avatar on `params`.
pub(crate) fn scale_run_with(
    a: &RuntimeArgs,
    kinds: &[Kind],
    n: usize,
    pool: &rayon::ThreadPool,
    params: &SimParams,
) -> Result<ScaleRun> {
    let mut copies = vec![0; kinds.len()];
    let mut kind_of = HashMap::new();
    let handles: Vec<AvatarHandle> = (0..n)
        .map(|i| {
            let k = i % kinds.len();
            copies[k] += 1;
            let id = format!("a{i:03}");
            kind_of.insert(id.clone(), k);
            AvatarHandle {
                topic: state_topic(&id),
                id,
                ..AvatarHandle::loaded(kinds[k].avatar.clone(), params.clone())
            }
        })
        .collect();
    let total_tets: usize = (0..n).map(|i| kinds[i % kinds.len()].info.tets).sum();
    let shared = Arc::new(Shared::new(handles, a.tick_hz));
    let inputs = Arc::new(Inputs::default());
    let pose_slot = Arc::new(SourceSlots { source_id: POSE_SOURCE.into(), slots: Slots::default() });
    let rig_slot = Arc::new(SourceSlots { source_id: RIG_SOURCE.into(), slots: Slots::default() });
    inputs.sources.store(Arc::new(vec![pose_slot.clone(), rig_slot.clone()]));
    let metrics = Arc::new(Metrics::new("bench-runtime"));
    let (tx, mut rx) = tokio::sync::mpsc::channel(avatard::STATE_QUEUE);
    // The bars have no human skeleton: their retargeting warns that body tracking is off (expected; they are
    // driven by RigFrames), once per avatar. Keep those warnings out of the bench's output.
    let mut solver = tracing::subscriber::with_default(tracing::subscriber::NoSubscriber::default(), || {
        Solver::new(
            shared.clone(),
            inputs.clone(),
            metrics.clone(),
            tx,
            SolverSettings { core: None, threads: a.threads, ..SolverSettings::default() },
        )
    })
    .map_err(anyhow::Error::msg)?;

    let feed_every = ((a.tick_hz as f64 / 30.0).round() as u64).max(1);
    let mut seq = 0u64;
    // `t`: simulated time (ticks / tick_hz), so the motion per tick is the same however fast the ticks run
    let mut feed = |now_ns: i64, t: f64| {
        seq += 1;
        let header = |source: &str| FrameHeader {
            source_id: source.into(),
            stream_id: 1,
            seq,
            capture_time_ns: now_ns,
            send_time_ns: now_ns,
        };
        let pose = synth::pose_frame(header(POSE_SOURCE), t as f32, 2.0);
        pose_slot.slots.pose.store(Some(Arc::new(pose)));
        pose_slot.slots.received_ns.store(now_ns, Relaxed);
        let angle = BAR_AMPLITUDE * (std::f64::consts::PI * t).sin();
        let rig = RigFrame {
            header: header(RIG_SOURCE),
            bones: vec![BoneTransform { name: "child".into(), rotation: quat_z(angle), translation: None }],
            blendshapes: Vec::new(),
            root_position: None,
        };
        rig_slot.slots.rig.store(Some(Arc::new(rig)));
        rig_slot.slots.received_ns.store(now_ns, Relaxed);
    };
    let mut peak = vec![0f32; kinds.len()];
    let warmup_ticks = 60u64;
    let (mut tick_ms, mut k) = (Vec::new(), 0u64);
    let mut timed_start = Instant::now();
    let mut before = (0u64, 0u64);
    let mut cpu_start = 0.0;
    let mut phases_before = metrics.phase_ns.snapshot();
    loop {
        if k == warmup_ticks {
            timed_start = Instant::now();
            cpu_start = cpu_seconds();
            before = (metrics.steps.load(Relaxed), metrics.step_iterations.load(Relaxed));
            phases_before = metrics.phase_ns.snapshot();
        }
        if k % feed_every == 0 {
            feed(avatar_schema::clock::unix_ns(), k as f64 / a.tick_hz as f64);
        }
        let t = Instant::now();
        solver.tick(Some(pool));
        let dt = t.elapsed();
        while let Ok(s) = rx.try_recv() {
            let kind = kind_of[&s.avatar_id];
            peak[kind] = s.z.iter().fold(peak[kind], |m, v| m.max(v.abs()));
        }
        if k >= warmup_ticks {
            tick_ms.push(dt.as_secs_f64() * 1e3);
            if timed_start.elapsed().as_secs_f64() >= a.scale_seconds {
                break;
            }
        }
        k += 1;
    }
    let wall = timed_start.elapsed().as_secs_f64();
    let cpu_ms_per_tick = (cpu_seconds() - cpu_start) * 1e3 / tick_ms.len() as f64;
    let steps = metrics.steps.load(Relaxed) - before.0;
    let iterations = metrics.step_iterations.load(Relaxed) - before.1;
    let solver_s: f64 = tick_ms.iter().sum::<f64>() / 1e3;
    let phase_ms_per_step = metrics
        .phase_ns
        .snapshot()
        .iter()
        .zip(&phases_before)
        .map(|((name, ns), (_, ns0))| (name.to_string(), (ns - ns0) as f64 * 1e-6 / steps.max(1) as f64))
        .collect();
    Ok(ScaleRun {
        avatars: n,
        total_tets,
        copies,
        ticks: tick_ms.len(),
        seconds: wall,
        ticks_per_s: tick_ms.len() as f64 / wall,
        ticks_per_s_solver_only: tick_ms.len() as f64 / solver_s,
        cpu_ms_per_tick,
        cpu_ms_per_avatar_step: cpu_ms_per_tick / n as f64,
        ticks_per_s_cpu_bound_est: a.threads.min(n) as f64 * 1e3 / cpu_ms_per_tick,
        tick_ms: dist(&tick_ms),
        phase_ms_per_step,
        mean_iterations_per_step: iterations as f64 / steps.max(1) as f64,
        guard_resets: metrics.guard_resets.load(Relaxed),
        teleports: metrics.teleports.load(Relaxed),
        peak_abs_z: peak,
    })
}
