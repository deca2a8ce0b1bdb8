//! Field checks shared by every message: names, finite and ranged numbers, lengths, the frame header.

use super::{DecodeError, Reject, Result, MAX_HASH_BYTES, MAX_NAMED_ITEMS, MAX_NAME_BYTES};
use crate::generated as fb;
use crate::types::*;

pub(super) fn name(s: &str, what: &str) -> Result<String> {
    if s.is_empty() {
        return Err(DecodeError::new(Reject::Range, format!("{what} is empty")));
    }
    if s.len() > MAX_NAME_BYTES {
        return Err(DecodeError::new(Reject::TooMany, format!("{what} is {} bytes", s.len())));
    }
    Ok(s.to_owned())
}

pub(super) fn finite(v: f32, what: &str) -> Result<f32> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(DecodeError::new(Reject::NonFinite, format!("{what} = {v}")))
    }
}

pub(super) fn finite_all(v: &[f32], what: &str) -> Result<()> {
    match v.iter().position(|x| !x.is_finite()) {
        None => Ok(()),
        Some(i) => Err(DecodeError::new(Reject::NonFinite, format!("{what}[{i}] = {}", v[i]))),
    }
}

pub(super) fn at_most(len: usize, max: usize, what: &str) -> Result<()> {
    if len > max {
        Err(DecodeError::new(Reject::TooMany, format!("{what} has {len} entries, limit {max}")))
    } else {
        Ok(())
    }
}

pub(super) fn unit_interval(v: f32, what: &str) -> Result<f32> {
    let v = finite(v, what)?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(DecodeError::new(Reject::Range, format!("{what} = {v}, expected [0, 1]")))
    }
}

pub(super) fn time(t: i64, what: &str) -> Result<i64> {
    if t < 0 {
        Err(DecodeError::new(Reject::Range, format!("{what} = {t} is negative")))
    } else {
        Ok(t)
    }
}

pub(super) fn header(h: fb::FrameHeader) -> Result<FrameHeader> {
    Ok(FrameHeader {
        source_id: name(h.source_id(), "header.source_id")?,
        stream_id: h.stream_id(),
        seq: h.seq(),
        capture_time_ns: time(h.capture_time_ns(), "header.capture_time_ns")?,
        send_time_ns: time(h.send_time_ns(), "header.send_time_ns")?,
    })
}

pub(super) fn named_weights(
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

pub(super) fn vec3(v: &fb::Vec3, what: &str) -> Result<[f32; 3]> {
    let a = [v.x(), v.y(), v.z()];
    finite_all(&a, what)?;
    Ok(a)
}

pub(super) fn hash(v: Option<flatbuffers::Vector<'_, u8>>) -> Result<Vec<u8>> {
    let h = v.map(|v| v.bytes().to_vec()).unwrap_or_default();
    at_most(h.len(), MAX_HASH_BYTES, "asset_hash")?;
    Ok(h)
}
