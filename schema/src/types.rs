//! Owned, validated message types: what the rest of the runtime works with once a buffer has been verified.
//!
//! They mirror `schema/avatar.fbs` one to one. Their serde form (JSON) is the canonical text form shared with
//! the Python package (`schema/python/avatar/message_types.py` and `jsonify.py`) and used by the
//! cross-language tests.

use serde::{Deserialize, Serialize};

/// Version written into `Message.schema_version`; readers reject newer versions. 2 added `HandFrame`, 3
/// `AudioFrame` (new `Payload` members); older messages are still read.
pub const SCHEMA_VERSION: u16 = 3;
/// MediaPipe Pose: landmarks per person.
pub const POSE_LANDMARKS: usize = avatar_humanoid::mediapipe::pose::COUNT;
/// MediaPipe Face Mesh without / with iris refinement.
pub const FACE_LANDMARKS: [usize; 2] = [468, 478];
/// MediaPipe Hand Landmarker: landmarks per hand.
pub const HAND_LANDMARKS: usize = 21;
/// Sample rates an `AudioFrame` may have, Hz.
pub const AUDIO_SAMPLE_RATES: std::ops::RangeInclusive<u32> = 8000..=48000;
/// Most samples in one `AudioFrame`: 100 ms at 48 kHz.
pub const MAX_AUDIO_SAMPLES: usize = 4800;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FrameHeader {
    pub source_id: String,
    pub stream_id: u64,
    pub seq: u64,
    pub capture_time_ns: i64,
    pub send_time_ns: i64,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Landmark {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub visibility: f32,
    pub presence: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NamedWeight {
    pub name: String,
    pub value: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoseFrame {
    pub header: FrameHeader,
    pub image_width: u32,
    pub image_height: u32,
    pub person_index: u8,
    /// 33 normalized image landmarks.
    pub landmarks: Vec<Landmark>,
    /// 33 world landmarks, metres, hip-centred.
    pub world_landmarks: Vec<Landmark>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FaceFrame {
    pub header: FrameHeader,
    pub image_width: u32,
    pub image_height: u32,
    pub face_index: u8,
    /// 468 or 478 normalized landmarks (x, y, z).
    pub landmarks: Vec<[f32; 3]>,
    pub blendshapes: Vec<NamedWeight>,
    /// Column-major 4x4 facial transformation matrix, if the tracker sent one.
    pub facial_transform: Option<[f32; 16]>,
}

/// Which of the subject's own hands (anatomical, whatever the image's mirroring). The wire's `Unknown` is
/// refused by the decoder, so a decoded frame always names a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Handedness {
    Left,
    Right,
}

impl Handedness {
    pub fn as_str(self) -> &'static str {
        match self {
            Handedness::Left => "left",
            Handedness::Right => "right",
        }
    }
}

/// MediaPipe Hand Landmarker output for one hand in one image.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandFrame {
    pub header: FrameHeader,
    pub image_width: u32,
    pub image_height: u32,
    pub hand_index: u8,
    pub handedness: Handedness,
    /// [0,1]: the tracker's confidence in `handedness`.
    pub handedness_score: f32,
    /// 21 normalized image landmarks (x, y, z).
    pub landmarks: Vec<[f32; 3]>,
    /// 21 world landmarks (x, y, z), metres, origin near the hand's centre, camera-aligned axes.
    pub world_landmarks: Vec<[f32; 3]>,
}

/// Microphone sound for lip sync: one chunk of mono PCM from one microphone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AudioFrame {
    /// `capture_time_ns`: when the chunk's first sample was captured.
    pub header: FrameHeader,
    /// Hz, in [`AUDIO_SAMPLE_RATES`].
    pub sample_rate: u32,
    /// Mono 16-bit PCM (full scale 32767), 1..=[`MAX_AUDIO_SAMPLES`] samples.
    pub samples: Vec<i16>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoneTransform {
    pub name: String,
    /// Local rotation relative to the bind pose, (x, y, z, w).
    pub rotation: [f32; 4],
    pub translation: Option<[f32; 3]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RigFrame {
    pub header: FrameHeader,
    pub bones: Vec<BoneTransform>,
    pub blendshapes: Vec<NamedWeight>,
    pub root_position: Option<[f32; 3]>,
}

/// Bits of `AvatarState.flags` (schema enum `StateFlags`).
pub mod state_flags {
    pub const HELD_POSE: u32 = 1 << 0;
    pub const RESET: u32 = 1 << 1;
    pub const DEGRADED: u32 = 1 << 2;
    pub const REST_POSE: u32 = 1 << 3;
    pub const ALL: u32 = HELD_POSE | RESET | DEGRADED | REST_POSE;
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AvatarState {
    pub avatar_id: String,
    pub seq: u64,
    pub sim_time_ns: i64,
    pub publish_time_ns: i64,
    pub input_seq: u64,
    pub input_capture_time_ns: i64,
    pub asset_hash: Vec<u8>,
    pub p: Vec<f32>,
    pub z: Vec<f32>,
    pub flags: u32,
    pub dropped_before: u64,
    /// Random per daemon start; a change means the daemon restarted and `seq` started over.
    pub run_id: u64,
    /// The held flesh's joints (issue 53): per joint the parent's world rotation `R_j` (9, row-major), then its
    /// coefficients `c_j`; empty when the avatar has no held part. The asset (its glTF export's
    /// `extras.avatard.held`) says how many joints and coefficients; `schema/README.md` §4.5.
    #[serde(default)]
    pub held: Vec<f32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counter {
    pub name: String,
    pub value: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    pub name: String,
    pub unit: String,
    pub upper_bounds: Vec<f64>,
    /// `upper_bounds.len() + 1` entries; the last counts values above every bound.
    pub counts: Vec<u64>,
    pub count: u64,
    pub sum: f64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub daemon_id: String,
    pub time_ns: i64,
    pub uptime_ns: i64,
    pub counters: Vec<Counter>,
    pub histograms: Vec<Histogram>,
}

impl Stats {
    /// Value of the counter called `name`, if present.
    pub fn counter(&self, name: &str) -> Option<u64> {
        self.counters.iter().find(|c| c.name == name).map(|c| c.value)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Request {
    ListAvatars,
    GetAsset { avatar_id: String, offset: u64, max_len: u32 },
    SetParams { avatar_id: String, params: Vec<NamedWeight> },
    ResetAvatar { avatar_id: String },
    GetStats,
    GetState { avatar_id: String },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ControlRequest {
    pub request_id: u64,
    pub request: Request,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Ok,
    BadRequest,
    NotFound,
    InvalidParam,
    Unsupported,
    Internal,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AvatarInfo {
    pub avatar_id: String,
    pub topic: String,
    pub asset_hash: Vec<u8>,
    pub asset_len: u64,
    pub num_p: u32,
    pub num_z: u32,
    pub tick_hz: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssetChunk {
    pub avatar_id: String,
    pub asset_hash: Vec<u8>,
    pub total_len: u64,
    pub offset: u64,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Response {
    AvatarList { avatars: Vec<AvatarInfo> },
    AssetChunk(AssetChunk),
    Stats(Stats),
    AvatarState(AvatarState),
    Ack,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ControlResponse {
    pub request_id: u64,
    pub status: Status,
    pub error: Option<String>,
    pub response: Option<Response>,
}

impl ControlResponse {
    pub fn ok(request_id: u64, response: Response) -> Self {
        ControlResponse { request_id, status: Status::Ok, error: None, response: Some(response) }
    }

    pub fn error(request_id: u64, status: Status, error: impl Into<String>) -> Self {
        ControlResponse { request_id, status, error: Some(error.into()), response: None }
    }
}

/// One decoded message (the `Payload` union of the root table).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Message {
    Pose(PoseFrame),
    Face(FaceFrame),
    Rig(RigFrame),
    State(AvatarState),
    Stats(Stats),
    Request(ControlRequest),
    Response(ControlResponse),
    Hand(HandFrame),
    Audio(AudioFrame),
}

impl Message {
    /// Short name of the payload type, as used in logs and counters.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Pose(_) => "pose",
            Message::Face(_) => "face",
            Message::Rig(_) => "rig",
            Message::State(_) => "state",
            Message::Stats(_) => "stats",
            Message::Request(_) => "request",
            Message::Response(_) => "response",
            Message::Hand(_) => "hand",
            Message::Audio(_) => "audio",
        }
    }

    /// The tracker header, for tracker input messages.
    pub fn frame_header(&self) -> Option<&FrameHeader> {
        match self {
            Message::Pose(f) => Some(&f.header),
            Message::Face(f) => Some(&f.header),
            Message::Rig(f) => Some(&f.header),
            Message::Hand(f) => Some(&f.header),
            Message::Audio(f) => Some(&f.header),
            _ => None,
        }
    }
}
