//! The daemon's messages: avatar states, stats, control requests and responses.

use super::fields::{at_most, finite, finite_all, hash, name, named_weights, time};
use super::{DecodeError, Reject, Result, MAX_NAMED_ITEMS, MAX_STATE_FLOATS, MAX_STATS_ITEMS};
use crate::generated as fb;
use crate::types::*;

fn floats(v: Option<flatbuffers::Vector<'_, f32>>, what: &str) -> Result<Vec<f32>> {
    let v: Vec<f32> = v.map(|v| v.iter().collect()).unwrap_or_default();
    at_most(v.len(), MAX_STATE_FLOATS, what)?;
    finite_all(&v, what)?;
    Ok(v)
}

pub(super) fn state(m: fb::AvatarState) -> Result<AvatarState> {
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
        held: floats(m.held(), "held")?,
    })
}

pub(super) fn stats(m: fb::Stats) -> Result<Stats> {
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

pub(super) fn request(m: fb::ControlRequest) -> Result<ControlRequest> {
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

pub(super) fn response(m: fb::ControlResponse) -> Result<ControlResponse> {
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
