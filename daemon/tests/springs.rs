//! Spring bones in an avatar's tick: the joints' rotations land in the published `p` (so the flesh's rig terms,
//! the renderer and every subscriber see them), springs off is bitwise the pose without springs, and a reset
//! restarts them at rest.

use crate::common;

use avatar_sim::spring::{ChainTail, JointParams, SpringChain, SpringJoint, SpringModel};
use avatard::{AvatarSim, Inputs, SimParams};
use common::{avatar, clone_loaded};
use std::sync::Arc;

const HZ: f32 = 120.0;

/// The default avatar with its left index finger as a spring chain that droops under gravity.
fn with_springs() -> Arc<avatard::LoadedAvatar> {
    let a = avatar();
    let mut loaded = clone_loaded(&a);
    let mut asset = (*a.asset).clone();
    let params = JointParams { stiffness: 0.2, gravity_power: 2.0, drag_force: 0.4, ..Default::default() };
    asset.springs = SpringModel {
        chains: vec![SpringChain {
            name: "finger".into(),
            joints: ["index_01_l", "index_02_l"]
                .map(|b| SpringJoint { bone: b.into(), params: params.clone() })
                .to_vec(),
            tail: ChainTail::Bone("index_03_l".into()),
            collider_groups: vec![],
            center: None,
        }],
        ..Default::default()
    };
    loaded.asset = Arc::new(asset);
    Arc::new(loaded)
}

/// `ticks` ticks without input; the published `p` of each.
fn run(
    a: Arc<avatard::LoadedAvatar>,
    params: &SimParams,
    ticks: usize,
    reset_at: Option<usize>,
) -> Vec<Vec<f32>> {
    let mut sim = AvatarSim::new(a, params, HZ).unwrap();
    let inputs = Inputs::default();
    (0..ticks)
        .map(|k| sim.tick(&inputs, 1_000_000_000 + (k as i64) * 8_333_333, HZ, params, reset_at == Some(k)).p)
        .collect()
}

#[test]
fn springs_move_the_published_pose_and_off_is_bitwise_the_pose_without_them() {
    let params = SimParams::default();
    let plain = run(avatar(), &params, 60, None);
    let sprung = run(with_springs(), &params, 60, None);
    let rig = &avatar().asset.sim.rig;
    let o = rig.bone_param_offset("index_02_l").unwrap();
    let moved = |p: &[f32], q: &[f32]| (0..12).map(|i| (p[o + i] - q[o + i]).abs()).fold(0.0f32, f32::max);
    assert!(moved(&sprung[59], &plain[59]) > 0.01, "the finger did not droop");
    // bones outside the chain's subtree are untouched
    let hand = rig.bone_param_offset("hand_l").unwrap();
    assert_eq!(&sprung[59][hand..hand + 12], &plain[59][hand..hand + 12]);
    // off: bitwise the same p as an avatar without springs
    let off = SimParams { springs: false, ..SimParams::default() };
    let sprung_off = run(with_springs(), &off, 60, None);
    let plain_off = run(avatar(), &off, 60, None);
    for (a, b) in sprung_off.iter().zip(&plain_off) {
        assert!(a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()));
    }
    // a reset puts the chain back at rest on its tick
    let reset = run(with_springs(), &params, 31, Some(30));
    assert_eq!(moved(&reset[30], &plain[30]), 0.0);
}

/// The finger chain swinging under a rig frame that bends the hand, then the same frames from a new tracker
/// stream: on the first tick of the new stream the springs are back at rest (the published finger is the pose
/// without springs), while the old stream's frames keep them moving.
#[test]
fn a_new_tracker_stream_restarts_the_springs_at_rest() {
    use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
    use std::sync::atomic::Ordering::Relaxed;
    let params = SimParams::default();
    let rig = &avatar().asset.sim.rig;
    let o = rig.bone_param_offset("index_02_l").unwrap();
    let run = |a: Arc<avatard::LoadedAvatar>, switch_at: Option<usize>| {
        let mut sim = AvatarSim::new(a, &params, HZ).unwrap();
        let inputs = Inputs::default();
        (0..40)
            .map(|k| {
                let now = 1_000_000_000 + (k as i64) * 8_333_333;
                let stream = if switch_at.is_some_and(|s| k >= s) { 2 } else { 1 };
                let angle = 0.6 * (k as f32 * 0.3).sin();
                let frame = RigFrame {
                    header: FrameHeader {
                        source_id: "test".into(),
                        stream_id: stream,
                        seq: k as u64 + 1,
                        capture_time_ns: now,
                        send_time_ns: now,
                    },
                    bones: vec![BoneTransform {
                        name: "hand_l".into(),
                        rotation: [0.0, 0.0, (angle / 2.0).sin(), (angle / 2.0).cos()],
                        translation: None,
                    }],
                    blendshapes: Vec::new(),
                    root_position: None,
                };
                inputs.any.rig.store(Some(Arc::new(frame)));
                inputs.any.received_ns.store(now, Relaxed);
                inputs.arrived_ns.store(now, Relaxed);
                inputs.generation.fetch_add(1, Relaxed);
                sim.tick(&inputs, now, HZ, &params, false).p[o..o + 12].to_vec()
            })
            .collect::<Vec<_>>()
    };
    let plain = run(avatar(), None);
    let sprung = run(with_springs(), None);
    let switched = run(with_springs(), Some(30));
    let differs = |a: &[f32], b: &[f32]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0f32, f32::max);
    assert!(differs(&sprung[29], &plain[29]) > 1e-3, "the springs did not move the finger");
    assert!(differs(&sprung[30], &plain[30]) > 1e-3, "the old stream's springs are at rest at tick 30");
    assert!(differs(&switched[30], &plain[30]) < 1e-6, "a new stream did not restart the springs at rest");
}
