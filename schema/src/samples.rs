//! One message of every payload type and every request/response variant, with awkward values (fractions that
//! f32 cannot represent exactly, u64/i64 values above 2^53, empty and non-ASCII names). Used by the round-trip,
//! fuzz and cross-language tests as seeds; never by the runtime.

use crate::types::*;

fn header(source: &str, seq: u64) -> FrameHeader {
    FrameHeader {
        source_id: source.to_owned(),
        stream_id: 0xDEAD_BEEF_0BAD_F00D,
        seq,
        capture_time_ns: 1_790_000_000_123_456_789,
        send_time_ns: 1_790_000_000_133_456_789,
    }
}

fn landmark(i: usize, scale: f32) -> Landmark {
    let f = i as f32;
    Landmark {
        x: scale * (0.1 + 0.013 * f),
        y: scale * (0.9 - 0.021 * f),
        z: -0.3 + 0.01 * f,
        visibility: (0.05 * f).min(1.0),
        presence: 1.0 - (0.02 * f).min(1.0),
    }
}

use avatar_humanoid::mediapipe::BLENDSHAPES as MEDIAPIPE_BLENDSHAPES;

pub fn pose() -> PoseFrame {
    PoseFrame {
        header: header("webcam0/pose", 41),
        image_width: 1920,
        image_height: 1080,
        person_index: 0,
        landmarks: (0..POSE_LANDMARKS).map(|i| landmark(i, 1.0)).collect(),
        world_landmarks: (0..POSE_LANDMARKS).map(|i| landmark(i, 0.7)).collect(),
    }
}

/// 20 ms of a 220 Hz tone at 16 kHz, half scale.
pub fn audio() -> AudioFrame {
    AudioFrame {
        header: header("webcam0/mic", 7),
        sample_rate: 16_000,
        samples: (0..320)
            .map(|i| (16384.0 * (std::f64::consts::TAU * 220.0 * i as f64 / 16_000.0).sin()).round() as i16)
            .collect(),
    }
}

/// A right hand, its world landmarks a few centimetres around the origin.
pub fn hand() -> HandFrame {
    HandFrame {
        header: header("webcam0/hand", 12),
        image_width: 1280,
        image_height: 720,
        hand_index: 1,
        handedness: Handedness::Right,
        handedness_score: 0.97,
        landmarks: (0..HAND_LANDMARKS)
            .map(|i| [0.4 + 0.011 * i as f32, 0.6 - 0.013 * i as f32, -0.01 * i as f32])
            .collect(),
        world_landmarks: (0..HAND_LANDMARKS)
            .map(|i| [0.003 * i as f32 - 0.03, -0.004 * i as f32, 0.001 * i as f32])
            .collect(),
    }
}

pub fn face() -> FaceFrame {
    FaceFrame {
        header: header("webcam0/face", 7),
        image_width: 640,
        image_height: 480,
        face_index: 1,
        landmarks: (0..478).map(|i| [0.001 * i as f32, 1.0 - 0.0007 * i as f32, -0.02]).collect(),
        blendshapes: MEDIAPIPE_BLENDSHAPES
            .iter()
            .enumerate()
            .map(|(i, n)| NamedWeight { name: (*n).to_owned(), value: i as f32 / 51.0 })
            .collect(),
        facial_transform: Some(std::array::from_fn(|i| if i % 5 == 0 { 1.0 } else { 0.1 * i as f32 })),
    }
}

pub fn rig() -> RigFrame {
    let s = std::f32::consts::FRAC_1_SQRT_2;
    RigFrame {
        header: header("vmc:39539", u64::MAX - 3),
        bones: vec![
            BoneTransform {
                name: "hips".into(),
                rotation: [0.0, 0.0, 0.0, 1.0],
                translation: Some([0.0, 0.9, 0.1]),
            },
            BoneTransform { name: "leftUpperArm".into(), rotation: [0.0, 0.0, s, s], translation: None },
            BoneTransform { name: "köpf".into(), rotation: [0.5, 0.5, 0.5, 0.5], translation: None },
        ],
        blendshapes: vec![NamedWeight { name: "jawOpen".into(), value: 0.3 }],
        root_position: Some([1.5, 0.0, -2.25]),
    }
}

pub fn state() -> AvatarState {
    AvatarState {
        avatar_id: "default".into(),
        seq: (1 << 53) + 1,
        sim_time_ns: 8_333_333 * 120,
        publish_time_ns: 1_790_000_000_143_456_789,
        input_seq: 41,
        input_capture_time_ns: 1_790_000_000_123_456_789,
        asset_hash: (0..32).map(|i| (i * 37 % 256) as u8).collect(),
        // In f64, then rounded: the f32 `sin` of glibc and of Windows' C runtime differ in the last bit, and
        // the committed JSON of these samples must be the same on every OS.
        p: (0..12 * 53).map(|i| (i as f64 * 0.1).sin() as f32).collect(),
        z: (0..12 * 16).map(|i| (1e-3 * (i as f64 * 0.3).cos()) as f32).collect(),
        flags: state_flags::HELD_POSE | state_flags::DEGRADED,
        dropped_before: 2,
        run_id: 0x0123_4567_89AB_CDEF,
        // two held joints of 3 and 2 coefficients: R (a quarter turn about z; the identity), then c
        held: vec![
            0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.25, -0.5, 0.125, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0,
            0.0, 0.0, 1.0, -2.0, 0.0625,
        ],
    }
}

pub fn stats() -> Stats {
    Stats {
        daemon_id: "avatard@host:1234".into(),
        time_ns: 1_790_000_000_000_000_000,
        uptime_ns: 3_600_000_000_000,
        counters: vec![
            Counter { name: "input.accepted".into(), value: 1_000_001 },
            Counter { name: "input.dropped.malformed".into(), value: 3 },
        ],
        histograms: vec![Histogram {
            name: "tick.time".into(),
            unit: "us".into(),
            upper_bounds: vec![50.0, 100.0, 500.0, 1000.0],
            counts: vec![10, 20, 3, 1, 0],
            count: 34,
            sum: 3210.5,
            p50: 75.0,
            p99: 900.0,
            max: 987.25,
        }],
    }
}

fn req(request_id: u64, request: Request) -> Message {
    Message::Request(ControlRequest { request_id, request })
}

fn resp(request_id: u64, response: Response) -> Message {
    Message::Response(ControlResponse::ok(request_id, response))
}

/// One of every message type and variant.
pub fn all() -> Vec<Message> {
    vec![
        Message::Pose(pose()),
        Message::Face(face()),
        Message::Face(FaceFrame {
            landmarks: face().landmarks[..468].to_vec(),
            facial_transform: None,
            ..face()
        }),
        Message::Rig(rig()),
        Message::Hand(hand()),
        Message::Hand(HandFrame { handedness: Handedness::Left, hand_index: 0, ..hand() }),
        Message::Audio(audio()),
        Message::State(state()),
        Message::Stats(stats()),
        req(1, Request::ListAvatars),
        req(2, Request::GetAsset { avatar_id: "default".into(), offset: 1 << 40, max_len: 65536 }),
        req(
            3,
            Request::SetParams {
                avatar_id: "*".into(),
                params: vec![NamedWeight { name: "youngs_modulus".into(), value: 1e5 }],
            },
        ),
        req(4, Request::ResetAvatar { avatar_id: "default".into() }),
        req(5, Request::GetStats),
        req(u64::MAX, Request::GetState { avatar_id: "default".into() }),
        resp(
            1,
            Response::AvatarList {
                avatars: vec![AvatarInfo {
                    avatar_id: "default".into(),
                    topic: "state/default/".into(),
                    asset_hash: vec![1, 2, 3],
                    asset_len: 5_000_000,
                    num_p: 636,
                    num_z: 192,
                    tick_hz: 120.0,
                }],
            },
        ),
        resp(
            2,
            Response::AssetChunk(AssetChunk {
                avatar_id: "default".into(),
                asset_hash: vec![9; 32],
                total_len: 70_000,
                offset: 65536,
                data: (0..4464).map(|i| (i % 251) as u8).collect(),
            }),
        ),
        resp(5, Response::Stats(stats())),
        resp(6, Response::AvatarState(state())),
        resp(4, Response::Ack),
        Message::Response(ControlResponse::error(9, Status::NotFound, "no avatar 'bob'")),
    ]
}
