//! The retargeting path driven through the real input path on the default avatar: after a reset the output
//! is, bit for bit, that of a freshly made [`Retarget`]; after a restarted tracker the mapped pieces are a fresh
//! one's (the filters and the grounding start over).

use super::*;
use crate::avatar::load::{load, AvatarSpec, LoadedAvatar};
use crate::ingest::Ingest;
use crate::metrics::Metrics;
use avatar_schema::{encode, state_flags, BoneTransform, FrameHeader, Message, NamedWeight, RigFrame};
use bytes::Bytes;
use std::sync::{Arc, OnceLock};

const MS: i64 = 1_000_000;
const TICK_NS: i64 = 1_000_000_000 / 120;
const FRAME_NS: i64 = 33 * MS;
const T0: i64 = 1_700_000_000_000 * MS;

fn avatar() -> Arc<LoadedAvatar> {
    static A: OnceLock<Arc<LoadedAvatar>> = OnceLock::new();
    A.get_or_init(|| {
        let cache = avatar_sim::asset::Cache::default_dir().map(avatar_sim::asset::Cache::new);
        Arc::new(load(&AvatarSpec::new("test"), cache.as_ref()).expect("default avatar"))
    })
    .clone()
}

fn retarget(a: &LoadedAvatar, params: &SimParams, sources: &[&str]) -> Retarget {
    Retarget::new(
        &a.asset.sim.rig,
        Some((&a.asset.render.rig, &a.asset.render.vertices)),
        a.pose_map.as_ref(),
        params,
        sources.iter().map(|s| s.to_string()).collect(),
        a.asset.source.humanoid.clone(),
        &a.asset.expressions,
    )
    .unwrap()
}

/// The messages of a committed recording that `keep` keeps.
fn recorded(name: &str, keep: fn(&Message) -> bool) -> Vec<Message> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/recordings").join(name);
    let r = tracker_bridge::recording::Recording::load(&path).unwrap();
    r.records.into_iter().map(|r| r.message).filter(keep).collect()
}

/// The frames every stream draws from: body, face and hand recordings.
struct Recorded {
    pose: Vec<Message>,
    face: Vec<Message>,
    hands: Vec<Message>,
}

fn recordings() -> &'static Recorded {
    static R: OnceLock<Recorded> = OnceLock::new();
    R.get_or_init(|| Recorded {
        pose: recorded("grounding_dance.avtrrec", |m| matches!(m, Message::Pose(_))),
        face: recorded("face_carphone.avtrrec", |m| matches!(m, Message::Face(_))),
        hands: recorded("hands_fingerpose.avtrrec", |m| matches!(m, Message::Hand(_))),
    })
}

/// A tracker session: frames at 30 Hz from local time `start` for `seconds` on the sources `cam/pose`,
/// `cam/face`, `cam/hand` and `cam/rig`, all with stream id `stream`, capture times from `capture0`; drawn
/// from the recordings from frame `skip` on; rig frames (a few bones turning, a blendshape) for the first
/// `rig_s` seconds. Returns (local receive time, message).
fn session(
    stream: u64,
    start: i64,
    seconds: f64,
    skip: usize,
    capture0: i64,
    rig_s: f64,
) -> Vec<(i64, Message)> {
    let rec = recordings();
    let rig = &avatar().asset.sim.rig;
    let bones: Vec<String> =
        rig.bone_names().iter().skip(1).step_by(7).take(4).map(|b| b.to_string()).collect();
    let mut out = vec![];
    let frames = (seconds * 1e9) as i64 / FRAME_NS;
    for k in 0..frames {
        let local = start + k * FRAME_NS;
        let header = |source: &str| FrameHeader {
            source_id: source.into(),
            stream_id: stream,
            seq: k as u64 + 1,
            capture_time_ns: capture0 + k * FRAME_NS,
            send_time_ns: capture0 + k * FRAME_NS,
        };
        let i = skip + k as usize;
        let mut pose = rec.pose[i % rec.pose.len()].clone();
        let mut face = rec.face[i % rec.face.len()].clone();
        let mut hand = rec.hands[i % rec.hands.len()].clone();
        match (&mut pose, &mut face, &mut hand) {
            (Message::Pose(p), Message::Face(f), Message::Hand(h)) => {
                p.header = header("cam/pose");
                f.header = header("cam/face");
                h.header = header("cam/hand");
            }
            _ => unreachable!(),
        }
        out.extend([(local, pose), (local, face), (local, hand)]);
        if (k as f64) < rig_s * 30.0 {
            let a = 0.02 * (k + skip as i64) as f32;
            let (s, c) = a.sin_cos();
            out.push((
                local,
                Message::Rig(RigFrame {
                    header: header("cam/rig"),
                    bones: bones
                        .iter()
                        .map(|b| BoneTransform {
                            name: b.clone(),
                            rotation: [s, 0.0, 0.0, c],
                            translation: None,
                        })
                        .collect(),
                    blendshapes: vec![NamedWeight { name: "jawOpen".into(), value: 0.5 + 0.5 * s }],
                    root_position: None,
                }),
            ));
        }
    }
    out
}

/// Tracker messages on their way in: each handed to the input stage once its receive time has come.
struct Feed {
    events: Vec<(i64, Message)>,
    next: usize,
    ingest: Ingest,
}

impl Feed {
    fn new(events: &[(i64, Message)]) -> Self {
        let ingest = Ingest::new(Arc::new(Inputs::default()), Arc::new(Metrics::new("t")));
        Feed { events: events.to_vec(), next: 0, ingest }
    }

    /// Tick `r` at 120 Hz from local time `from` to `to`, the messages received by each tick first.
    fn run(&mut self, r: &mut Retarget, from: i64, to: i64, params: &SimParams) -> Vec<Target> {
        let rig = &avatar().asset.sim.rig;
        let mut out = vec![];
        let mut now = from;
        while now < to {
            while let Some((t, m)) = self.events.get(self.next).filter(|(t, _)| *t <= now) {
                self.ingest.handle_at(&[Bytes::from(encode(m))], *t).unwrap();
                self.next += 1;
            }
            out.push(r.tick(rig, &self.ingest.inputs, now, 1.0 / 120.0, params));
            now += TICK_NS;
        }
        out
    }
}

/// The first tick where `got` and `want` differ (the whole [`Target`], `p` bit for bit), described.
fn first_difference(got: &[Target], want: &[Target]) -> Option<String> {
    assert_eq!(got.len(), want.len());
    got.iter().zip(want).enumerate().find_map(|(i, (g, w))| {
        let p = g.p.len() != w.p.len() || g.p.iter().zip(&w.p).any(|(a, b)| a.to_bits() != b.to_bits());
        let rest = (g.flags, g.input_seq, g.input_capture_time_ns, g.fresh, g.restarted, g.counts, g.idle)
            != (w.flags, w.input_seq, w.input_capture_time_ns, w.fresh, w.restarted, w.counts, w.idle);
        (p || rest).then(|| {
            let worst = g.p.iter().zip(&w.p).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            format!(
                "tick {i}: p differs by up to {worst:e}; flags {} vs {}, input_seq {} vs {}, fresh {} vs {}, \
                 restarted {} vs {}, counts {:?} vs {:?}, idle {} vs {}",
                g.flags, w.flags, g.input_seq, w.input_seq, g.fresh, w.fresh, g.restarted, w.restarted, g.counts,
                w.counts, g.idle, w.idle
            )
        })
    })
}

/// Stream A drives every piece (the rig frames stop early, so that piece is easing out when it ends); then a
/// reset; then stream B (another tracker session: body, face and hands, no rig frames) and a silence long
/// enough to hold and ease to rest. From the reset on, the output is bit for bit that of a fresh `Retarget`
/// fed stream B alone: every stage forgot stream A.
#[test]
fn after_a_reset_the_output_is_a_fresh_retargets_bit_for_bit() {
    let a = avatar();
    let params = SimParams::default();
    for sources in [&[][..], &["cam/pose", "cam/face", "cam/hand", "cam/rig"][..]] {
        let stream_a = session(1, T0, 3.0, 0, T0 - 20 * MS, 0.5);
        let reset_at = T0 + 3000 * MS;
        let b_start = reset_at + 200 * MS;
        let stream_b = session(2, b_start, 2.0, 40, 5_000 * MS, 0.0);
        let end = b_start + 2000 * MS + ((params.ease_after + params.ease_duration) * 1e9) as i64 + 300 * MS;

        let mut used = retarget(&a, &params, sources);
        let before = Feed::new(&stream_a).run(&mut used, T0, reset_at, &params);
        used.reset();
        let after = Feed::new(&stream_b).run(&mut used, reset_at, end, &params);
        let mut fresh = retarget(&a, &params, sources);
        let want = Feed::new(&stream_b).run(&mut fresh, reset_at, end, &params);

        // the streams do what they are for: A moved the avatar and held the silent rig frame; B moved it, held
        // it and eased it to rest
        let rest = used.rest_p().to_vec();
        let moved = |t: &Target| t.p.iter().zip(&rest).any(|(a, b)| (a - b).abs() > 1e-3);
        let flagged = |ts: &[Target], f: u32| ts.iter().any(|t| t.flags & f != 0);
        assert!(before.iter().any(moved) && want.iter().any(moved));
        assert!(flagged(&before, state_flags::HELD_POSE), "stream A's rig frames were never held");
        assert!(
            flagged(&want, state_flags::HELD_POSE)
                && want.last().unwrap().flags & state_flags::REST_POSE != 0
        );
        assert!(want.iter().any(|t| t.fresh) && want.iter().any(|t| t.idle));
        if let Some(d) = first_difference(&after, &want) {
            panic!("sources {sources:?}: after a reset, stream B's output is not a fresh Retarget's: {d}");
        }
    }
}

/// A tracker restarts (a new stream id on the same sources, its capture clock starting over, after the half
/// second of quiet the input stage waits for): from the new stream's first frame on, the pieces it drives
/// (body, face, hands) and the grounding are bit for bit those of a fresh `Retarget` fed the new stream alone:
/// the filters and the grounding started over. The rest goes on: the old stream's rig frame is still a
/// piece, and `restarted` is set once.
#[test]
fn a_restarted_tracker_starts_the_filters_and_the_grounding_over() {
    let a = avatar();
    let params = SimParams::default();
    let stream_a = session(1, T0, 3.0, 0, T0 - 20 * MS, 3.0);
    let b_start = T0 + 3600 * MS;
    let stream_b = session(2, b_start, 2.0, 40, 5_000 * MS, 0.0);
    let end = b_start + 2000 * MS;
    let events: Vec<_> = stream_a.iter().chain(&stream_b).cloned().collect();
    let (mut used, mut fresh) = (retarget(&a, &params, &[]), retarget(&a, &params, &[]));
    let (mut feed_used, mut feed_fresh) = (Feed::new(&events), Feed::new(&stream_b));
    feed_used.run(&mut used, T0, b_start, &params);
    let driven = |r: &Retarget| {
        let p = &r.pieces;
        let mut g = r.grounding().cloned().unwrap();
        // (cumulative counts, kept over a restart)
        (g.jumps_held, g.unfitted, g.gave, g.partial) = (0, 0, 0, 0);
        format!("{:?}", (&p.body, &p.head, &p.gaze, &p.face_blend, &p.hands, g))
    };
    let (mut restarts, mut now) = (0, b_start);
    while now < end {
        let got = feed_used.run(&mut used, now, now + TICK_NS, &params);
        let want = feed_fresh.run(&mut fresh, now, now + TICK_NS, &params);
        restarts += got[0].restarted as usize;
        assert!(!want[0].restarted);
        assert!(
            driven(&used) == driven(&fresh),
            "{:.3} s after the restart, the pieces or the grounding still carry the old stream",
            (now - b_start) as f64 * 1e-9
        );
        now += TICK_NS;
    }
    assert_eq!(restarts, 1);
    assert!(used.pieces.rig.is_some() && fresh.pieces.rig.is_none());
    assert!(
        fresh.pieces.body.is_some()
            && fresh.pieces.head.is_some()
            && fresh.pieces.hands.iter().any(Option::is_some)
    );
}

/// A body frame the grounding cannot place (no image landmark visible: not a whole body) counts as held, also
/// when a face frame is taken in the same tick (its counts once replaced the body's).
#[test]
fn an_unfitted_body_frame_counts_with_a_face_frame_in_the_same_tick() {
    let a = avatar();
    let params = SimParams::default();
    let mut events = session(1, T0, 0.2, 0, T0 - 20 * MS, 0.0);
    for (_, m) in &mut events {
        if let Message::Pose(p) = m {
            p.landmarks.iter_mut().for_each(|l| l.visibility = 0.0);
        }
    }
    let out = Feed::new(&events).run(&mut retarget(&a, &params, &[]), T0, T0 + 200 * MS, &params);
    let fresh: Vec<_> = out.iter().filter(|t| t.fresh).map(|t| t.counts.grounding_held).collect();
    assert_eq!(fresh, vec![1; events.iter().filter(|(_, m)| matches!(m, Message::Pose(_))).count()]);
}
