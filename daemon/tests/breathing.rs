//! Idle breathing (paper 003 modal actuation of the chest and belly, `avatard::avatar::breathing`) on the
//! default avatar, ticked at 120 Hz on a simulated clock with no tracker input (idle, at rest): how far the
//! chest and belly move and how fast, that far regions stay still, that breathing off leaves z exactly 0,
//! and that the parameters change live through `SimParams::with_all` (what `SetParams` applies).

use crate::common;
use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use avatar_sim::rig::{vertex_regions, BodyRegion, RigPart};
use avatard::{AvatarSim, Inputs, LoadedAvatar, SimParams};
use common::avatar;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

const HZ: f32 = 120.0;
const TICK_NS: i64 = 1_000_000_000 / 120;
const H: f64 = 1.0 / 120.0;

/// The render vertices' secondary displacement `u_v = Σ_k W(v,k) Z_k [X_v; 1]` and their regions.
struct Render {
    a: Vec<Vec<f64>>,
    regions: Vec<Option<BodyRegion>>,
}

impl Render {
    fn new(av: &LoadedAvatar) -> Render {
        let r = &av.asset.render;
        let w = &r.mode_weights;
        let a = (0..r.vertices.len())
            .map(|v| {
                (0..4 * w.ncols())
                    .map(|c| w[(v, c / 4)] * if c % 4 == 3 { 1.0 } else { r.vertices[v][c % 4] })
                    .collect()
            })
            .collect();
        let lbs = r.rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None });
        let regions = vertex_regions(lbs.unwrap(), &r.vertices, &av.asset.source.humanoid);
        Render { a, regions }
    }

    /// Largest `|u|` of each region's vertices for `z`.
    fn region_max(&self, z: &[f32], region: BodyRegion) -> f64 {
        let mut max: f64 = 0.0;
        for (row, r) in self.a.iter().zip(&self.regions) {
            if *r != Some(region) {
                continue;
            }
            let mut u = [0.0; 3];
            for (q, a) in row.iter().enumerate() {
                let (k, j) = (q / 4, q % 4);
                for (c, uc) in u.iter_mut().enumerate() {
                    *uc += a * z[12 * k + 4 * c + j] as f64;
                }
            }
            max = max.max((u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt());
        }
        max
    }
}

/// Upward crossings of `s` about its mean: the frequency `(count − 1) / (last − first)` (written for this test,
/// not the bench's).
fn frequency(s: &[f64]) -> f64 {
    let mean = s.iter().sum::<f64>() / s.len() as f64;
    let ups: Vec<f64> = (1..s.len())
        .filter(|&i| s[i - 1] < mean && s[i] >= mean)
        .map(|i| (i - 1) as f64 + (mean - s[i - 1]) / (s[i] - s[i - 1]))
        .collect();
    assert!(ups.len() >= 2, "fewer than two breaths");
    (ups.len() - 1) as f64 / ((ups[ups.len() - 1] - ups[0]) * H)
}

struct Run {
    sim: AvatarSim,
    inputs: Inputs,
    now: i64,
}

impl Run {
    fn new(params: &SimParams) -> Run {
        Run {
            sim: AvatarSim::new(avatar(), params, HZ).unwrap(),
            inputs: Inputs::default(),
            now: 1_000_000_000,
        }
    }

    /// `seconds` of ticks; per tick the largest |u| of each of `regions`, and the z.
    fn ticks(
        &mut self,
        seconds: f64,
        params: &SimParams,
        render: &Render,
        regions: &[BodyRegion],
    ) -> Vec<Vec<f64>> {
        let mut out = vec![Vec::new(); regions.len()];
        for _ in 0..(seconds / H).round() as usize {
            let o = self.sim.tick(&self.inputs, self.now, HZ, params, false);
            self.now += TICK_NS;
            for (s, &r) in out.iter_mut().zip(regions) {
                s.push(render.region_max(&o.z, r));
            }
        }
        out
    }
}

fn peak(s: &[f64]) -> f64 {
    s.iter().cloned().fold(0.0, f64::max)
}

#[test]
fn the_idle_default_avatar_breathes_in_chest_and_belly() {
    let av = avatar();
    let render = Render::new(&av);
    let params = SimParams::default();
    assert!(params.breathing, "breathing is on by default");
    let mut run = Run::new(&params);
    assert!(run.sim.dynamics().can_breathe(), "the default avatar has breathing fields");
    let regions = [BodyRegion::Chest, BodyRegion::Belly, BodyRegion::Feet, BodyRegion::Hands];
    run.ticks(2.0, &params, &render, &regions); // the ramp in
    let s = run.ticks(12.0, &params, &render, &regions); // three breaths at 0.25 Hz
    let (chest, belly, feet, hands) = (peak(&s[0]), peak(&s[1]), peak(&s[2]), peak(&s[3]));
    eprintln!(
        "peak |u|: chest {:.2} mm, belly {:.2} mm, feet {:.4} mm, hands {:.4} mm",
        chest * 1e3,
        belly * 1e3,
        feet * 1e3,
        hands * 1e3
    );
    for (name, p) in [("chest", chest), ("belly", belly)] {
        assert!((0.003..=0.008).contains(&p), "{name} moves {:.2} mm, want 3–8 mm", p * 1e3);
    }
    assert!(feet.max(hands) < 0.1 * chest.min(belly), "far regions move too: feet {feet:e}, hands {hands:e}");
    for (name, series) in [("chest", &s[0]), ("belly", &s[1])] {
        let f = frequency(series);
        eprintln!("{name}: {f:.4} Hz");
        assert!((f - 0.25).abs() <= 0.03, "{name} breathes at {f} Hz, want 0.25");
    }
}

/// Breathing off: no actuation reaches the step, and z stays at the passive rest's own round-off (the
/// default avatar's rest is an equilibrium to ~1e-14 in z, not bitwise, with or without this feature: the
/// bitwise zero-effect check is the reduced step's `zero_actuation_is_bitwise_the_passive_step`). A depth of 0
/// is the same as off, bitwise.
#[test]
fn breathing_off_leaves_z_at_rest() {
    let off = SimParams { breathing: false, ..SimParams::default() };
    let zero_depth = SimParams { breathing_depth: 0.0, ..SimParams::default() };
    let (mut a, mut b) = (Run::new(&off), Run::new(&zero_depth));
    let mut largest: f32 = 0.0;
    for _ in 0..(4.0 / H) as usize {
        let o = a.sim.tick(&a.inputs, a.now, HZ, &off, false);
        let q = b.sim.tick(&b.inputs, b.now, HZ, &zero_depth, false);
        a.now += TICK_NS;
        b.now += TICK_NS;
        assert_eq!(o.step.breathing, [0.0, 0.0]);
        assert_eq!(o.z, q.z, "depth 0 differs from off");
        largest = o.z.iter().fold(largest, |m, v| m.max(v.abs()));
    }
    eprintln!("breathing off: largest |z| {largest:e}");
    assert!(largest < 1e-10, "z moved with breathing off: {largest:e}");
}

/// Rate, depth and on/off through the same validated path as `SetParams` (`SimParams::with_all`), live.
#[test]
fn breathing_parameters_change_live() {
    let av = avatar();
    let render = Render::new(&av);
    let chest = [BodyRegion::Chest];
    let params = SimParams::default();
    let mut run = Run::new(&params);
    run.ticks(2.0, &params, &render, &chest);
    let before = peak(&run.ticks(8.0, &params, &render, &chest)[0]);
    assert!(params.with("breathing_rate_hz", 2.0).is_err(), "rate 2 Hz is out of range");
    assert!(params.with("breathing_depth", -1.0).is_err(), "negative depth");
    assert!(params.with("breathing", 0.5).is_err(), "breathing is 0 or 1");
    let depth = params.breathing_depth as f32 * 2.0;
    let faster = params.with_all([("breathing_rate_hz", 0.5), ("breathing_depth", depth)]).unwrap();
    run.ticks(2.0, &faster, &render, &chest); // the depth settles
    let s = run.ticks(8.0, &faster, &render, &chest);
    let (after, f) = (peak(&s[0]), frequency(&s[0]));
    eprintln!(
        "chest: {:.2} mm at 0.25 Hz, {:.2} mm at {f:.3} Hz with twice the depth",
        before * 1e3,
        after * 1e3
    );
    assert!((f - 0.5).abs() <= 0.03, "rate change: {f} Hz");
    assert!(after > 1.5 * before && after < 2.5 * before, "depth change: {before} → {after}");
    // off: ramps out, then no actuation and the flesh settles back
    let stopped = faster.with("breathing", 0.0).unwrap();
    let mut last = Vec::new();
    for _ in 0..(4.0 / H) as usize {
        let o = run.sim.tick(&run.inputs, run.now, HZ, &stopped, false);
        run.now += TICK_NS;
        last.push((o.step.breathing, render.region_max(&o.z, BodyRegion::Chest)));
    }
    assert_ne!(last[0].0, [0.0, 0.0], "off ramps out over a second, not at once");
    let (a, u) = *last.last().unwrap();
    assert_eq!(a, [0.0, 0.0], "still actuating 4 s after breathing was switched off");
    assert!(u < 0.05 * after, "the chest did not settle: {u}");
}

/// While tracking drives the body (input arriving), there is no breathing; once the input goes silent past
/// `hold_after`, breathing ramps in.
#[test]
fn tracking_input_stops_breathing() {
    let params = SimParams::default();
    let mut run = Run::new(&params);
    let bone = match &avatar().asset.sim.rig.parts()[0] {
        RigPart::Lbs(l) => l.bones()[1].name.clone(),
        _ => "pelvis".into(),
    };
    let mut breathing = Vec::new();
    for k in 0..(6.0 / H) as usize {
        if k < (3.0 / H) as usize && k % 4 == 0 {
            let f = RigFrame {
                header: FrameHeader {
                    source_id: "test".into(),
                    stream_id: 1,
                    seq: k as u64 + 1,
                    capture_time_ns: run.now,
                    send_time_ns: run.now,
                },
                bones: vec![BoneTransform {
                    name: bone.clone(),
                    rotation: [0.0, 0.0, 0.0, 1.0],
                    translation: None,
                }],
                blendshapes: Vec::new(),
                root_position: None,
            };
            run.inputs.any.rig.store(Some(Arc::new(f)));
            run.inputs.any.received_ns.store(run.now, Relaxed);
        }
        let o = run.sim.tick(&run.inputs, run.now, HZ, &params, false);
        run.now += TICK_NS;
        breathing.push(o.step.breathing[1]);
    }
    let tracked = &breathing[(1.0 / H) as usize..(3.0 / H) as usize];
    assert!(tracked.iter().all(|&a| a == 0.0), "breathing while tracked");
    assert!(peak(&breathing[(4.0 / H) as usize..]) > 0.0, "no breathing once the input went silent");
}
