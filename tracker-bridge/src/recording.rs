//! Recorded tracker streams (`.avtrrec`): the wire messages a tracker sent, with their timing, so that a real
//! session can be replayed exactly (tests, demos, benchmarks).
//!
//! # Format (version 1; written by this module and by the Python bridge `avatar_tracker`)
//! ```text
//! 8 bytes   magic "AVTRREC1"
//! u32 LE    L, then L bytes of UTF-8 JSON metadata: {"format": 1, "source": …, "created_by": …, "frames": n, …}
//! records until the end of the file:
//!   u64 LE  t_ns: time of this message since the first record (ns, non-decreasing)
//!   u32 LE  len, then len bytes: one encoded schema `Message`, exactly as sent on the wire
//! ```
//! Reading checks everything ([`RecordingError`] names the record and byte offset): magic, metadata JSON and
//! format number, truncated records, time going backwards, oversized records, and every message body through
//! the schema's verifying decoder.

use avatar_schema::{decode, Message};
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"AVTRREC1";
pub const FORMAT: u64 = 1;
/// Largest accepted record body.
pub const MAX_RECORD: usize = 16 << 20;
/// Largest accepted metadata block.
const MAX_META: usize = 1 << 20;

#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    #[error("cannot {op} {path}: {message}")]
    Io { op: &'static str, path: String, message: String },
    #[error("not a tracker recording (expected the magic bytes \"AVTRREC1\")")]
    Magic,
    #[error("the recording is truncated in its metadata (byte {0})")]
    TruncatedMeta(usize),
    #[error("the recording's metadata is not valid: {0}")]
    Meta(String),
    #[error("recording format {0} is not supported (this build reads format {FORMAT})")]
    Format(u64),
    #[error("record {index} at byte {offset} is truncated")]
    Truncated { index: usize, offset: usize },
    #[error("record {index} at byte {offset} has {len} bytes, more than the {MAX_RECORD} allowed")]
    TooLarge { index: usize, offset: usize, len: usize },
    #[error("record {index} at byte {offset} goes back in time ({t_ns} ns after {previous} ns)")]
    TimeReversed { index: usize, offset: usize, t_ns: u64, previous: u64 },
    #[error("record {index} at byte {offset} is not a valid message: {reason}")]
    Message { index: usize, offset: usize, reason: String },
}

/// One recorded message.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Time since the first record (ns).
    pub t_ns: u64,
    /// The decoded (verified) message.
    pub message: Message,
    /// Its bytes as recorded.
    pub body: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    pub meta: serde_json::Value,
    pub records: Vec<Record>,
}

impl Recording {
    /// Parse and verify a recording's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Recording, RecordingError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(RecordingError::Magic);
        }
        let len = read_u32(bytes, 8).ok_or(RecordingError::TruncatedMeta(8))? as usize;
        if len > MAX_META {
            return Err(RecordingError::Meta(format!("{len} bytes of metadata")));
        }
        let meta_bytes = bytes.get(12..12 + len).ok_or(RecordingError::TruncatedMeta(12))?;
        let meta: serde_json::Value =
            serde_json::from_slice(meta_bytes).map_err(|e| RecordingError::Meta(e.to_string()))?;
        match meta.get("format").and_then(|f| f.as_u64()) {
            Some(FORMAT) => {}
            Some(f) => return Err(RecordingError::Format(f)),
            None => return Err(RecordingError::Meta("no \"format\" number".into())),
        }
        let mut records = Vec::new();
        let mut at = 12 + len;
        let mut previous = 0u64;
        while at < bytes.len() {
            let index = records.len();
            let truncated = RecordingError::Truncated { index, offset: at };
            let t_ns = read_u64(bytes, at).ok_or(truncated)?;
            let len =
                read_u32(bytes, at + 8).ok_or(RecordingError::Truncated { index, offset: at })? as usize;
            if len > MAX_RECORD {
                return Err(RecordingError::TooLarge { index, offset: at, len });
            }
            if t_ns < previous {
                return Err(RecordingError::TimeReversed { index, offset: at, t_ns, previous });
            }
            let body =
                bytes.get(at + 12..at + 12 + len).ok_or(RecordingError::Truncated { index, offset: at })?;
            let message = decode(body).map_err(|e| RecordingError::Message {
                index,
                offset: at,
                reason: e.to_string(),
            })?;
            records.push(Record { t_ns, message, body: body.to_vec() });
            previous = t_ns;
            at += 12 + len;
        }
        Ok(Recording { meta, records })
    }

    pub fn load(path: &Path) -> Result<Recording, RecordingError> {
        let bytes = std::fs::read(path).map_err(|e| RecordingError::Io {
            op: "read",
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Self::from_bytes(&bytes)
    }

    /// The file's bytes (metadata `frames` is set to the record count).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut meta = self.meta.clone();
        if !meta.is_object() {
            meta = serde_json::json!({});
        }
        meta["format"] = FORMAT.into();
        meta["frames"] = self.records.len().into();
        let meta = serde_json::to_vec(&meta).expect("serialisable");
        let mut out = Vec::with_capacity(
            12 + meta.len() + self.records.iter().map(|r| 12 + r.body.len()).sum::<usize>(),
        );
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(meta.len() as u32).to_le_bytes());
        out.extend_from_slice(&meta);
        for r in &self.records {
            out.extend_from_slice(&r.t_ns.to_le_bytes());
            out.extend_from_slice(&(r.body.len() as u32).to_le_bytes());
            out.extend_from_slice(&r.body);
        }
        out
    }

    pub fn save(&self, path: &Path) -> Result<(), RecordingError> {
        std::fs::write(path, self.to_bytes()).map_err(|e| RecordingError::Io {
            op: "write",
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Duration from the first to the last record (ns).
    pub fn duration_ns(&self) -> u64 {
        self.records.last().map_or(0, |r| r.t_ns)
    }
}

fn read_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn read_u64(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::pose_frame;
    use avatar_schema::{encode, FrameHeader};
    use proptest::prelude::*;

    fn sample() -> Recording {
        let records = (0..20u64)
            .map(|i| {
                let header = FrameHeader {
                    source_id: "test".into(),
                    stream_id: 9,
                    seq: i + 1,
                    capture_time_ns: 1_700_000_000_000_000_000 + (i * 33_333_333) as i64,
                    send_time_ns: 1_700_000_000_000_000_000 + (i * 33_333_333) as i64,
                };
                let message = Message::Pose(pose_frame(header, i as f32 / 30.0, 2.0));
                Record { t_ns: i * 33_333_333, body: encode(&message), message }
            })
            .collect();
        Recording { meta: serde_json::json!({"format": 1, "source": "synthetic"}), records }
    }

    #[test]
    fn round_trip_is_lossless() {
        let rec = sample();
        let bytes = rec.to_bytes();
        let back = Recording::from_bytes(&bytes).unwrap();
        assert_eq!(back.records, rec.records);
        assert_eq!(back.meta["frames"], 20);
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.duration_ns(), 19 * 33_333_333);
    }

    #[test]
    fn damaged_recordings_name_the_problem() {
        let bytes = sample().to_bytes();
        let err = |b: &[u8]| Recording::from_bytes(b).unwrap_err().to_string();
        assert!(err(b"AVTRREC2....").contains("not a tracker recording"));
        assert!(err(&bytes[..10]).contains("metadata"));
        assert!(err(&bytes[..bytes.len() - 3]).contains("record 19"), "{}", err(&bytes[..bytes.len() - 3]));
        // record 1's time before record 0's
        let meta_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let first = 12 + meta_len;
        let body0 = u32::from_le_bytes(bytes[first + 8..first + 12].try_into().unwrap()) as usize;
        let mut reversed = bytes.clone();
        reversed[first..first + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(err(&reversed).contains("record 1 at byte"), "{}", err(&reversed));
        // a corrupted body is refused by the verifying decoder
        let mut garbled = bytes.clone();
        garbled[first + 12..first + 12 + body0].fill(0xff);
        assert!(err(&garbled).contains("record 0 at byte") && err(&garbled).contains("not a valid message"));
        let mut future = bytes.clone();
        let meta = br#"{"format":7}"#;
        future.splice(12..12 + meta_len, meta.iter().copied());
        future[8..12].copy_from_slice(&(meta.len() as u32).to_le_bytes());
        assert!(err(&future).contains("format 7"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Any corruption or truncation of a valid recording gives a result or an error, never a panic.
        #[test]
        fn arbitrary_damage_never_panics(at in 0usize..4000, byte in any::<u8>(), cut in 0usize..5000) {
            let mut bytes = sample().to_bytes();
            let at = at % bytes.len();
            bytes[at] = byte;
            bytes.truncate(cut.min(bytes.len()));
            let _ = Recording::from_bytes(&bytes);
        }
    }
}
