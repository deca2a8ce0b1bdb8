//! Why a buffer was rejected ([`Reject`], [`DecodeError`]) and the tally of rejections ([`RejectCounts`]).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a buffer was rejected. The `as_str` names are stable: they appear in counters and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reject {
    /// Shorter than a FlatBuffer header.
    TooShort,
    /// Longer than [`MAX_MESSAGE_BYTES`](super::MAX_MESSAGE_BYTES).
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
