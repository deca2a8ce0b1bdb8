//! Decoding untrusted bytes: FlatBuffers verification, then semantic validation, into owned [`Message`]s.
//!
//! Every rejection carries a [`Reject`] reason; [`RejectCounts`] tallies them so that no bad frame vanishes
//! silently. Nothing that fails here can reach the solver: the only way from bytes to a frame is [`decode`].
//!
//! # Layout
//! - `reject`: [`Reject`] reasons, [`DecodeError`], [`RejectCounts`].
//! - `mod.rs`: the limits, the FlatBuffers verification and the dispatch on the payload type ([`decode()`]).
//! - `fields`: checks shared by every message (names, finite and ranged numbers, lengths, the frame header).
//! - `tracker`: the trackers' frames (pose, face, hand, rig, audio).
//! - `daemon`: the daemon's messages (avatar states, stats, control requests and responses).

mod daemon;
mod fields;
mod reject;
mod tracker;

pub use reject::{DecodeError, Reject, RejectCounts};

use crate::generated as fb;
use crate::types::*;
use daemon::{request, response, state, stats};
use tracker::{audio, face, hand, pose, rig};

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

type Result<T> = std::result::Result<T, DecodeError>;

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
        fb::Payload::AudioFrame => {
            audio(root.payload_as_audio_frame().ok_or_else(wrong)?).map(Message::Audio)
        }
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
