//! Decoding untrusted bytes: FlatBuffers verification, then semantic validation, into owned [`Message`]s.
//!
//! Every rejection carries a [`Reject`] reason; [`RejectCounts`] tallies them so that no bad frame vanishes
//! silently. Nothing that fails here can reach the solver: the only way from bytes to a frame is [`decode`].

use crate::generated as fb;
use crate::types::*;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Largest message accepted, in bytes (asset chunks are the largest legitimate messages).
pub const MAX_MESSAGE_BYTES: usize = 32 << 20;
/// Longest identifier string (source ids, avatar ids, bone/blendshape/parameter names), in bytes.
pub const MAX_NAME_BYTES: usize = 256;
/// Most bones or blendshapes in one rig frame, params in one request, avatars in one list.
pub const MAX_NAMED_ITEMS: usize = 4096;
/// Most rig parameters `p` or reduced coordinates `z` in one state.
pub const MAX_STATE_FLOATS: usize = 1 << 20;
/// Most counters or histograms in one Stats, buckets in one histogram.
pub const MAX_STATS_ITEMS: usize = 4096;
/// Longest asset hash, in bytes.
pub const MAX_HASH_BYTES: usize = 64;
/// Tolerance on a rotation quaternion's norm.
pub const QUAT_NORM_TOLERANCE: f32 = 0.01;

/// Why a buffer was rejected. The `as_str` names are stable: they appear in counters and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reject {
    /// Shorter than a FlatBuffer header.
    TooShort,
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// The file identifier is not "AVTR".
    Identifier,
    /// The FlatBuffers verifier refused the buffer (bad offsets, bad UTF-8, missing required field...).
    Malformed,
    /// `schema_version` missing or newer than this reader.
    Version,
    /// Unknown or missing payload/union type.
    Payload,
    /// A vector has the wrong number of elements (e.g. 32 pose landmarks).
    Count,
    /// A NaN or infinity in a float field.
    NonFinite,
    /// A value outside its documented range (negative time, non-unit quaternion, empty id...).
    Range,
    /// A vector or string longer than its limit.
    TooMany,
    /// A valid message of a type this socket does not take (e.g. a state sent to the tracker input).
    Unexpected,
    /// Out of order: a frame not newer than the previous one of its stream (time reversal or duplicate).
    Order,
    /// A capture time further ahead of the receiver's clock than its skew window (a far-future time would
    /// otherwise block every later frame of its stream).
    Skew,
    /// A new `stream_id` for a source whose current stream is still sending (two processes sharing a
    /// `source_id`); it may take over once the current stream has gone quiet.
    StreamBusy,
    /// A new `source_id` while the source table is full of sources that are all still sending.
    SourcesFull,
}

impl Reject {
    pub const ALL: [Reject; 15] = [
        Reject::TooShort,
        Reject::TooLarge,
        Reject::Identifier,
        Reject::Malformed,
        Reject::Version,
        Reject::Payload,
        Reject::Count,
        Reject::NonFinite,
        Reject::Range,
        Reject::TooMany,
        Reject::Unexpected,
        Reject::Order,
        Reject::Skew,
        Reject::StreamBusy,
        Reject::SourcesFull,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reject::TooShort => "too_short",
            Reject::TooLarge => "too_large",
            Reject::Identifier => "identifier",
            Reject::Malformed => "malformed",
            Reject::Version => "version",
            Reject::Payload => "payload",
            Reject::Count => "count",
            Reject::NonFinite => "non_finite",
            Reject::Range => "range",
            Reject::TooMany => "too_many",
            Reject::Unexpected => "unexpected",
            Reject::Order => "order",
            Reject::Skew => "skew",
            Reject::StreamBusy => "stream_busy",
            Reject::SourcesFull => "sources_full",
        }
    }

    fn index(self) -> usize {
        Reject::ALL.iter().position(|r| *r == self).unwrap_or(0)
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rejected buffer: the reason (for counting) and a human-readable detail (for logs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}: {detail}")]
pub struct DecodeError {
    pub reason: Reject,
    pub detail: String,
}

impl DecodeError {
    pub fn new(reason: Reject, detail: impl Into<String>) -> Self {
        DecodeError { reason, detail: detail.into() }
    }
}

type Result<T> = std::result::Result<T, DecodeError>;

/// Lock-free tally of rejections by reason, shared between the receiving task and the stats reporter.
#[derive(Debug, Default)]
pub struct RejectCounts {
    counts: [AtomicU64; Reject::ALL.len()],
}

impl RejectCounts {
    pub fn record(&self, reason: Reject) {
        self.counts[reason.index()].fetch_add(1, Ordering::Relaxed);
    }

    pub fn get(&self, reason: Reject) -> u64 {
        self.counts[reason.index()].load(Ordering::Relaxed)
    }

    pub fn total(&self) -> u64 {
        Reject::ALL.iter().map(|r| self.get(*r)).sum()
    }

    /// (reason, count) for every reason, zeros included.
    pub fn snapshot(&self) -> Vec<(Reject, u64)> {
        Reject::ALL.iter().map(|r| (*r, self.get(*r))).collect()
    }
}

/// Verifier limits for a buffer of `len` bytes. The apparent-size budget (bytes of every object visited, shared
/// ones once per reference) is tied to the buffer's own length: an honest encoder never shares offsets between
/// vector elements, so a buffer whose contents "expand" far beyond its size is an amplification attack (a small
/// message decoding into a huge one), not a message.
fn verifier_options(len: usize) -> flatbuffers::VerifierOptions {
    flatbuffers::VerifierOptions {
        max_depth: 16,
        max_tables: 1_000_000,
        max_apparent_size: 2 * len + (64 << 10),
        ignore_missing_null_terminator: false,
    }
}

/// Verify and validate one message. The only way from network bytes to a [`Message`].
pub fn decode(buf: &[u8]) -> Result<Message> {
    if buf.len() < 8 {
        return Err(DecodeError::new(Reject::TooShort, format!("{} bytes", buf.len())));
    }
    if buf.len() > MAX_MESSAGE_BYTES {
        return Err(DecodeError::new(Reject::TooLarge, format!("{} bytes", buf.len())));
    }
    if !fb::message_buffer_has_identifier(buf) {
        return Err(DecodeError::new(
            Reject::Identifier,
            format!("file identifier {:?}, expected \"AVTR\"", String::from_utf8_lossy(&buf[4..8])),
        ));
    }
    let root = fb::root_as_message_with_opts(&verifier_options(buf.len()), buf)
        .map_err(|e| DecodeError::new(Reject::Malformed, e.to_string()))?;
    let version = root.schema_version();
    if version == 0 || version > SCHEMA_VERSION {
        return Err(DecodeError::new(
            Reject::Version,
            format!("schema_version {version}, this reader knows 1..={SCHEMA_VERSION}"),
        ));
    }
    let wrong = || DecodeError::new(Reject::Payload, "payload does not match payload_type");
    match root.payload_type() {
        fb::Payload::PoseFrame => pose(root.payload_as_pose_frame().ok_or_else(wrong)?).map(Message::Pose),
        fb::Payload::FaceFrame => face(root.payload_as_face_frame().ok_or_else(wrong)?).map(Message::Face),
        fb::Payload::RigFrame => rig(root.payload_as_rig_frame().ok_or_else(wrong)?).map(Message::Rig),
        fb::Payload::HandFrame => hand(root.payload_as_hand_frame().ok_or_else(wrong)?).map(Message::Hand),
        fb::Payload::AvatarState => {
            state(root.payload_as_avatar_state().ok_or_else(wrong)?).map(Message::State)
        }
        fb::Payload::Stats => stats(root.payload_as_stats().ok_or_else(wrong)?).map(Message::Stats),
        fb::Payload::ControlRequest => {
            request(root.payload_as_control_request().ok_or_else(wrong)?).map(Message::Request)
        }
        fb::Payload::ControlResponse => {
            response(root.payload_as_control_response().ok_or_else(wrong)?).map(Message::Response)
        }
        other => Err(DecodeError::new(Reject::Payload, format!("payload type {}", other.0))),
    }
}

// ---------------------------------------------------------------------------------------------------------
// field checks

fn name(s: &str, what: &str) -> Result<String> {
    if s.is_empty() {
        return Err(DecodeError::new(Reject::Range, format!("{what} is empty")));
    }
    if s.len() > MAX_NAME_BYTES {
        return Err(DecodeError::new(Reject::TooMany, format!("{what} is {} bytes", s.len())));
    }
    Ok(s.to_owned())
}

fn finite(v: f32, what: &str) -> Result<f32> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(DecodeError::new(Reject::NonFinite, format!("{what} = {v}")))
    }
}

fn finite_all(v: &[f32], what: &str) -> Result<()> {
    match v.iter().position(|x| !x.is_finite()) {
        None => Ok(()),
        Some(i) => Err(DecodeError::new(Reject::NonFinite, format!("{what}[{i}] = {}", v[i]))),
    }
}

fn at_most(len: usize, max: usize, what: &str) -> Result<()> {
    if len > max {
        Err(DecodeError::new(Reject::TooMany, format!("{what} has {len} entries, limit {max}")))
    } else {
        Ok(())
    }
}

fn unit_interval(v: f32, what: &str) -> Result<f32> {
    let v = finite(v, what)?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(DecodeError::new(Reject::Range, format!("{what} = {v}, expected [0, 1]")))
    }
}

fn time(t: i64, what: &str) -> Result<i64> {
    if t < 0 {
        Err(DecodeError::new(Reject::Range, format!("{what} = {t} is negative")))
    } else {
        Ok(t)
    }
}

fn header(h: fb::FrameHeader) -> Result<FrameHeader> {
    Ok(FrameHeader {
        source_id: name(h.source_id(), "header.source_id")?,
        stream_id: h.stream_id(),
        seq: h.seq(),
        capture_time_ns: time(h.capture_time_ns(), "header.capture_time_ns")?,
        send_time_ns: time(h.send_time_ns(), "header.send_time_ns")?,
    })
}

fn named_weights(
    v: Option<flatbuffers::Vector<'_, flatbuffers::ForwardsUOffset<fb::NamedWeight<'_>>>>,
    what: &str,
) -> Result<Vec<NamedWeight>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    at_most(v.len(), MAX_NAMED_ITEMS, what)?;
    v.iter()
        .enumerate()
        .map(|(i, w)| {
            Ok(NamedWeight {
                name: name(w.name(), &format!("{what}[{i}].name"))?,
                value: finite(w.value(), &format!("{what}[{i}].value"))?,
            })
        })
        .collect()
}

fn pose_landmarks(v: Option<flatbuffers::Vector<'_, fb::Landmark>>, what: &str) -> Result<Vec<Landmark>> {
    let n = v.map_or(0, |v| v.len());
    if n != POSE_LANDMARKS {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{what} has {n} landmarks, expected {POSE_LANDMARKS}"),
        ));
    }
    v.into_iter()
        .flatten()
        .enumerate()
        .map(|(i, l)| {
            Ok(Landmark {
                x: finite(l.x(), &format!("{what}[{i}].x"))?,
                y: finite(l.y(), &format!("{what}[{i}].y"))?,
                z: finite(l.z(), &format!("{what}[{i}].z"))?,
                visibility: unit_interval(l.visibility(), &format!("{what}[{i}].visibility"))?,
                presence: unit_interval(l.presence(), &format!("{what}[{i}].presence"))?,
            })
        })
        .collect()
}

fn vec3(v: &fb::Vec3, what: &str) -> Result<[f32; 3]> {
    let a = [v.x(), v.y(), v.z()];
    finite_all(&a, what)?;
    Ok(a)
}

fn hash(v: Option<flatbuffers::Vector<'_, u8>>) -> Result<Vec<u8>> {
    let h = v.map(|v| v.bytes().to_vec()).unwrap_or_default();
    at_most(h.len(), MAX_HASH_BYTES, "asset_hash")?;
    Ok(h)
}

// ---------------------------------------------------------------------------------------------------------
// message types

fn pose(m: fb::PoseFrame) -> Result<PoseFrame> {
    Ok(PoseFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        person_index: m.person_index(),
        landmarks: pose_landmarks(m.landmarks(), "landmarks")?,
        world_landmarks: pose_landmarks(m.world_landmarks(), "world_landmarks")?,
    })
}

fn face(m: fb::FaceFrame) -> Result<FaceFrame> {
    let n = m.landmarks().map_or(0, |v| v.len());
    if !FACE_LANDMARKS.contains(&n) {
        return Err(DecodeError::new(Reject::Count, format!("face has {n} landmarks, expected 468 or 478")));
    }
    let landmarks = m
        .landmarks()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, p)| vec3(p, &format!("landmarks[{i}]")))
        .collect::<Result<Vec<_>>>()?;
    let blendshapes = named_weights(m.blendshapes(), "blendshapes")?;
    for (i, b) in blendshapes.iter().enumerate() {
        unit_interval(b.value, &format!("blendshapes[{i}] ({})", b.name))?;
    }
    let facial_transform = match m.facial_transform() {
        None => None,
        Some(t) => {
            let a: [f32; 16] = std::array::from_fn(|i| t.m().get(i));
            finite_all(&a, "facial_transform")?;
            Some(a)
        }
    };
    Ok(FaceFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        face_index: m.face_index(),
        landmarks,
        blendshapes,
        facial_transform,
    })
}

fn hand_landmarks(v: Option<flatbuffers::Vector<'_, fb::Vec3>>, what: &str) -> Result<Vec<[f32; 3]>> {
    let n = v.map_or(0, |v| v.len());
    if n != HAND_LANDMARKS {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{what} has {n} landmarks, expected {HAND_LANDMARKS}"),
        ));
    }
    v.into_iter().flatten().enumerate().map(|(i, p)| vec3(p, &format!("{what}[{i}]"))).collect()
}

fn hand(m: fb::HandFrame) -> Result<HandFrame> {
    let handedness = match m.handedness() {
        fb::Handedness::Left => Handedness::Left,
        fb::Handedness::Right => Handedness::Right,
        other => {
            return Err(DecodeError::new(
                Reject::Range,
                format!("handedness {} is not Left (1) or Right (2)", other.0),
            ))
        }
    };
    Ok(HandFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        hand_index: m.hand_index(),
        handedness,
        handedness_score: unit_interval(m.handedness_score(), "handedness_score")?,
        landmarks: hand_landmarks(m.landmarks(), "landmarks")?,
        world_landmarks: hand_landmarks(m.world_landmarks(), "world_landmarks")?,
    })
}

fn rig(m: fb::RigFrame) -> Result<RigFrame> {
    let bones = match m.bones() {
        None => Vec::new(),
        Some(v) => {
            at_most(v.len(), MAX_NAMED_ITEMS, "bones")?;
            v.iter()
                .enumerate()
                .map(|(i, b)| {
                    let rotation = match b.rotation() {
                        None => [0.0, 0.0, 0.0, 1.0],
                        Some(q) => {
                            let q = [q.x(), q.y(), q.z(), q.w()];
                            finite_all(&q, &format!("bones[{i}].rotation"))?;
                            let norm = q.iter().map(|c| c * c).sum::<f32>().sqrt();
                            if (norm - 1.0).abs() > QUAT_NORM_TOLERANCE {
                                return Err(DecodeError::new(
                                    Reject::Range,
                                    format!("bones[{i}].rotation has norm {norm}, expected 1"),
                                ));
                            }
                            q
                        }
                    };
                    Ok(BoneTransform {
                        name: name(b.name(), &format!("bones[{i}].name"))?,
                        rotation,
                        translation: b
                            .translation()
                            .map(|t| vec3(t, &format!("bones[{i}].translation")))
                            .transpose()?,
                    })
                })
                .collect::<Result<Vec<_>>>()?
        }
    };
    Ok(RigFrame {
        header: header(m.header())?,
        bones,
        blendshapes: named_weights(m.blendshapes(), "blendshapes")?,
        root_position: m.root_position().map(|t| vec3(t, "root_position")).transpose()?,
    })
}

fn floats(v: Option<flatbuffers::Vector<'_, f32>>, what: &str) -> Result<Vec<f32>> {
    let v: Vec<f32> = v.map(|v| v.iter().collect()).unwrap_or_default();
    at_most(v.len(), MAX_STATE_FLOATS, what)?;
    finite_all(&v, what)?;
    Ok(v)
}

fn state(m: fb::AvatarState) -> Result<AvatarState> {
    let flags = m.flags().bits();
    if flags & !state_flags::ALL != 0 {
        return Err(DecodeError::new(Reject::Range, format!("unknown state flags {flags:#x}")));
    }
    Ok(AvatarState {
        avatar_id: name(m.avatar_id(), "avatar_id")?,
        seq: m.seq(),
        sim_time_ns: time(m.sim_time_ns(), "sim_time_ns")?,
        publish_time_ns: time(m.publish_time_ns(), "publish_time_ns")?,
        input_seq: m.input_seq(),
        input_capture_time_ns: time(m.input_capture_time_ns(), "input_capture_time_ns")?,
        asset_hash: hash(m.asset_hash())?,
        p: floats(m.p(), "p")?,
        z: floats(m.z(), "z")?,
        flags,
        dropped_before: m.dropped_before(),
        run_id: m.run_id(),
    })
}

fn stats(m: fb::Stats) -> Result<Stats> {
    let counters = match m.counters() {
        None => Vec::new(),
        Some(v) => {
            at_most(v.len(), MAX_STATS_ITEMS, "counters")?;
            v.iter()
                .enumerate()
                .map(|(i, c)| {
                    Ok(Counter { name: name(c.name(), &format!("counters[{i}].name"))?, value: c.value() })
                })
                .collect::<Result<Vec<_>>>()?
        }
    };
    let histograms = match m.histograms() {
        None => Vec::new(),
        Some(v) => {
            at_most(v.len(), MAX_STATS_ITEMS, "histograms")?;
            v.iter().enumerate().map(|(i, h)| histogram(i, h)).collect::<Result<Vec<_>>>()?
        }
    };
    Ok(Stats {
        daemon_id: m.daemon_id().unwrap_or_default().to_owned(),
        time_ns: m.time_ns(),
        uptime_ns: m.uptime_ns(),
        counters,
        histograms,
    })
}

fn histogram(i: usize, h: fb::Histogram) -> Result<Histogram> {
    let what = format!("histograms[{i}]");
    let upper_bounds: Vec<f64> = h.upper_bounds().map(|v| v.iter().collect()).unwrap_or_default();
    let counts: Vec<u64> = h.counts().map(|v| v.iter().collect()).unwrap_or_default();
    at_most(upper_bounds.len(), MAX_STATS_ITEMS, &what)?;
    if counts.len() != upper_bounds.len() + 1 {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{what}: {} counts for {} bounds", counts.len(), upper_bounds.len()),
        ));
    }
    let scalars = [h.sum(), h.p50(), h.p99(), h.max()];
    if upper_bounds.iter().chain(scalars.iter()).any(|x| !x.is_finite()) {
        return Err(DecodeError::new(Reject::NonFinite, format!("{what} has a non-finite value")));
    }
    Ok(Histogram {
        name: name(h.name(), &format!("{what}.name"))?,
        unit: h.unit().unwrap_or_default().to_owned(),
        upper_bounds,
        counts,
        count: h.count(),
        sum: h.sum(),
        p50: h.p50(),
        p99: h.p99(),
        max: h.max(),
    })
}

fn request(m: fb::ControlRequest) -> Result<ControlRequest> {
    let missing = || DecodeError::new(Reject::Payload, "request body does not match request_type");
    let request = match m.request_type() {
        fb::Request::ListAvatars => Request::ListAvatars,
        fb::Request::GetAsset => {
            let r = m.request_as_get_asset().ok_or_else(missing)?;
            Request::GetAsset {
                avatar_id: name(r.avatar_id(), "avatar_id")?,
                offset: r.offset(),
                max_len: r.max_len(),
            }
        }
        fb::Request::SetParams => {
            let r = m.request_as_set_params().ok_or_else(missing)?;
            Request::SetParams {
                avatar_id: name(r.avatar_id(), "avatar_id")?,
                params: named_weights(r.params(), "params")?,
            }
        }
        fb::Request::ResetAvatar => {
            let r = m.request_as_reset_avatar().ok_or_else(missing)?;
            Request::ResetAvatar { avatar_id: name(r.avatar_id(), "avatar_id")? }
        }
        fb::Request::GetStats => Request::GetStats,
        fb::Request::GetState => {
            let r = m.request_as_get_state().ok_or_else(missing)?;
            Request::GetState { avatar_id: name(r.avatar_id(), "avatar_id")? }
        }
        other => return Err(DecodeError::new(Reject::Payload, format!("request type {}", other.0))),
    };
    Ok(ControlRequest { request_id: m.request_id(), request })
}

fn response(m: fb::ControlResponse) -> Result<ControlResponse> {
    let status = match m.status() {
        fb::Status::Ok => Status::Ok,
        fb::Status::BadRequest => Status::BadRequest,
        fb::Status::NotFound => Status::NotFound,
        fb::Status::InvalidParam => Status::InvalidParam,
        fb::Status::Unsupported => Status::Unsupported,
        fb::Status::Internal => Status::Internal,
        other => return Err(DecodeError::new(Reject::Range, format!("status {}", other.0))),
    };
    let missing = || DecodeError::new(Reject::Payload, "response body does not match response_type");
    let response = match m.response_type() {
        fb::Response::NONE => None,
        fb::Response::AvatarList => {
            let l = m.response_as_avatar_list().ok_or_else(missing)?;
            let avatars = match l.avatars() {
                None => Vec::new(),
                Some(v) => {
                    at_most(v.len(), MAX_NAMED_ITEMS, "avatars")?;
                    v.iter()
                        .map(|a| {
                            Ok(AvatarInfo {
                                avatar_id: name(a.avatar_id(), "avatar_id")?,
                                topic: name(a.topic(), "topic")?,
                                asset_hash: hash(a.asset_hash())?,
                                asset_len: a.asset_len(),
                                num_p: a.num_p(),
                                num_z: a.num_z(),
                                tick_hz: finite(a.tick_hz(), "tick_hz")?,
                            })
                        })
                        .collect::<Result<Vec<_>>>()?
                }
            };
            Some(Response::AvatarList { avatars })
        }
        fb::Response::AssetChunk => {
            let c = m.response_as_asset_chunk().ok_or_else(missing)?;
            Some(Response::AssetChunk(AssetChunk {
                avatar_id: name(c.avatar_id(), "avatar_id")?,
                asset_hash: hash(c.asset_hash())?,
                total_len: c.total_len(),
                offset: c.offset(),
                data: c.data().map(|d| d.bytes().to_vec()).unwrap_or_default(),
            }))
        }
        fb::Response::Stats => Some(Response::Stats(stats(m.response_as_stats().ok_or_else(missing)?)?)),
        fb::Response::AvatarState => {
            Some(Response::AvatarState(state(m.response_as_avatar_state().ok_or_else(missing)?)?))
        }
        fb::Response::Ack => Some(Response::Ack),
        other => return Err(DecodeError::new(Reject::Payload, format!("response type {}", other.0))),
    };
    Ok(ControlResponse { request_id: m.request_id(), status, error: m.error().map(str::to_owned), response })
}
