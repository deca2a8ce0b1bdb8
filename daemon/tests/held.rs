//! The held part of the flesh (issue 53) on the daemon's output: an avatar with a trained held part publishes,
//! every tick, its joints' rotations and coefficients in `held`; what a subscriber draws from them
//! (`HeldSurface`) is the simulation's own `u_h` at the published pose.

use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use avatar_sim::asset::{hex, to_bytes, HeldSurface};
use avatar_sim::reduced::held::HeldModel;
use avatard::{AvatarSim, AvatarSpec, Inputs, LoadedAvatar, SimParams};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

const HZ: f32 = 120.0;
const TICK_NS: i64 = 1_000_000_000 / 120;

#[test]
fn the_published_held_draws_the_simulations_held_part_at_the_published_pose() {
    let asset = avatar_sim::asset::held_bar_avatar().unwrap();
    let (bytes, hash) = to_bytes(&asset).unwrap();
    assert!(!bytes.is_empty() && !hex(&hash).is_empty());
    let parts = asset.sim.held.clone().expect("trained");
    let wire_len = parts.wire_len();
    let (lbs, _) = asset.sim.rig.skeleton().unwrap();
    let child = lbs.bones()[1].name.clone();
    let loaded = avatard::LoadedAsset { asset: Arc::new(asset), hash, path: std::path::PathBuf::new() };
    let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("bar"), &loaded));
    let params = SimParams::default();
    let mut sim = AvatarSim::new(avatar.clone(), &params, HZ).unwrap();
    let inputs = Inputs::default();
    let sim_asset = &avatar.asset.sim;
    let mass = avatar_sim::fem::lumped_mass(&sim_asset.mesh, &sim_asset.material.density);
    let model = HeldModel::new(parts, &sim_asset.mesh, &mass, &sim_asset.weights, &sim_asset.rig).unwrap();
    let surface = HeldSurface::of(&avatar.asset).unwrap();
    let mut now = 1_700_000_000_000_000_000i64;
    let mut largest = 0.0f64;
    for k in 0..120u64 {
        // the child bone bends up to 50° about z and back, as a rig tracker would send it
        let angle = 50f64.to_radians() * (std::f64::consts::PI * k as f64 / 120.0).sin();
        let half = 0.5 * angle;
        let frame = RigFrame {
            header: FrameHeader {
                source_id: "test".into(),
                stream_id: 1,
                seq: k + 1,
                capture_time_ns: now,
                send_time_ns: now,
            },
            bones: vec![BoneTransform {
                name: child.clone(),
                rotation: [0.0, 0.0, half.sin() as f32, half.cos() as f32],
                translation: None,
            }],
            blendshapes: Vec::new(),
            root_position: None,
        };
        inputs.any.rig.store(Some(Arc::new(frame)));
        inputs.any.received_ns.store(now, Relaxed);
        let o = sim.tick(&inputs, now, HZ, &params, false);
        now += TICK_NS;
        assert_eq!(o.held.len(), wire_len, "tick {k}: every tick publishes the held joints");
        // the simulation's u_h at the published p, against what a subscriber draws from the published held
        let p: Vec<f64> = o.p.iter().map(|&x| x as f64).collect();
        let u = model.displacement(&model.pose(&p));
        let mut drawn = vec![[0.0f32; 3]; surface.vertices()];
        surface.displacement(&o.held, &mut drawn).unwrap();
        let n = sim_asset.mesh.n();
        let r = &avatar.asset.render;
        for (v, x) in drawn.iter().enumerate() {
            let (t, beta) = (r.embed_tet[v] as usize, r.embed_bary[v]);
            for a in 0..3 {
                let want: f64 = (0..4).map(|i| beta[i] * u[a * n + sim_asset.mesh.tets[t][i]]).sum();
                largest = largest.max(want.abs());
                assert!((want - x[a] as f64).abs() < 1e-4, "tick {k}: {want} vs {}", x[a]);
            }
        }
    }
    assert!(largest > 1e-3, "the bent bar holds a visible correction: {largest}");
}
