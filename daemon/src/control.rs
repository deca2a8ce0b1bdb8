//! Control server: request/response on a ROUTER socket (clients use REQ or DEALER).
//!
//! A request arrives as `[identity, envelope..., body]` (REQ adds an empty delimiter frame); the reply echoes
//! every frame before the body. Undecodable requests get a `BadRequest` reply, never silence.

use crate::avatar::params::SimParams;
use crate::config::check_tick_hz;
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::{
    decode, AssetChunk, ControlRequest, ControlResponse, Encoder, Message, NamedWeight, Request, Response,
    Status,
};
use bytes::Bytes;
use std::io::{Read, Seek, SeekFrom};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use zeromq::{RouterSocket, SocketRecv, SocketSend, ZmqMessage};

/// Largest asset chunk served in one reply.
pub const MAX_ASSET_CHUNK: u32 = 16 << 20;

pub async fn run(mut socket: RouterSocket, shared: Arc<Shared>, metrics: Arc<Metrics>) {
    let mut encoder = Encoder::new();
    loop {
        let msg = match socket.recv().await {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!("control socket closed: {e}");
                break;
            }
        };
        let mut frames = msg.into_vec();
        if frames.len() < 2 {
            continue; // an identity frame alone: nothing to answer
        }
        let body = frames.pop().unwrap_or_default();
        metrics.control_requests.fetch_add(1, Relaxed);
        let reply = handle_bytes(&body, &shared, &metrics);
        if reply.status != Status::Ok {
            metrics.control_errors.fetch_add(1, Relaxed);
        }
        let bytes = Bytes::copy_from_slice(encoder.encode(&Message::Response(reply)));
        let mut out = ZmqMessage::from(frames.remove(0));
        for f in frames {
            out.push_back(f);
        }
        out.push_back(bytes);
        if let Err(e) = socket.send(out).await {
            tracing::debug!("control reply not delivered: {e}");
        }
    }
}

/// Decode and answer one request body.
pub fn handle_bytes(body: &[u8], shared: &Shared, metrics: &Metrics) -> ControlResponse {
    match decode(body) {
        Ok(Message::Request(req)) => handle(req, shared, metrics),
        Ok(other) => {
            ControlResponse::error(0, Status::BadRequest, format!("expected a request, got {}", other.kind()))
        }
        Err(e) => ControlResponse::error(0, Status::BadRequest, e.to_string()),
    }
}

pub fn handle(req: ControlRequest, shared: &Shared, metrics: &Metrics) -> ControlResponse {
    let id = req.request_id;
    let not_found = |a: &str| ControlResponse::error(id, Status::NotFound, format!("no avatar {a:?}"));
    match req.request {
        Request::ListAvatars => ControlResponse::ok(
            id,
            Response::AvatarList { avatars: shared.avatars.iter().map(|a| shared.info(a)).collect() },
        ),
        Request::GetStats => ControlResponse::ok(id, Response::Stats(metrics.stats())),
        Request::GetState { avatar_id } => match shared.avatar(&avatar_id) {
            None => not_found(&avatar_id),
            Some(a) => match a.latest.load_full() {
                Some(s) => ControlResponse::ok(id, Response::AvatarState((*s).clone())),
                None => ControlResponse::error(id, Status::NotFound, "no state published yet"),
            },
        },
        Request::ResetAvatar { avatar_id } => {
            let targets = shared.select(&avatar_id);
            if targets.is_empty() {
                return not_found(&avatar_id);
            }
            for a in targets {
                a.reset_requested.store(true, Relaxed);
            }
            ControlResponse::ok(id, Response::Ack)
        }
        Request::SetParams { avatar_id, params } => {
            let targets = shared.select(&avatar_id);
            if targets.is_empty() {
                return not_found(&avatar_id);
            }
            match set_params(&params, &targets, shared) {
                Ok(()) => ControlResponse::ok(id, Response::Ack),
                Err(e) => ControlResponse::error(id, Status::InvalidParam, e),
            }
        }
        Request::GetAsset { max_len: 0, .. } => {
            ControlResponse::error(id, Status::BadRequest, "GetAsset.max_len must be > 0")
        }
        Request::GetAsset { avatar_id, offset, max_len } => match shared.avatar(&avatar_id) {
            None => not_found(&avatar_id),
            Some(a) => match &a.asset_path {
                None => ControlResponse::error(
                    id,
                    Status::NotFound,
                    format!("avatar {avatar_id:?} has no asset file"),
                ),
                Some(path) => match read_chunk(path, offset, max_len.min(MAX_ASSET_CHUNK)) {
                    Ok((total_len, data)) => ControlResponse::ok(
                        id,
                        Response::AssetChunk(AssetChunk {
                            avatar_id,
                            asset_hash: a.asset_hash.clone(),
                            total_len,
                            offset,
                            data,
                        }),
                    ),
                    Err(e) => ControlResponse::error(
                        id,
                        Status::Internal,
                        format!("reading {}: {e}", path.display()),
                    ),
                },
            },
        },
    }
}

/// Apply `SetParams` to `targets`: `tick_hz` is the daemon's, every other name an avatar's
/// ([`crate::avatar::params::SETTABLE`]). Every entry is validated for every target before anything changes
/// (all or nothing).
fn set_params(params: &[NamedWeight], targets: &[&Arc<AvatarHandle>], shared: &Shared) -> Result<(), String> {
    let mut tick_hz = None;
    let mut next: Vec<SimParams> = targets.iter().map(|a| (**a.params.load()).clone()).collect();
    for p in params {
        if p.name == "tick_hz" {
            check_tick_hz(p.value).map_err(|e| e.to_string())?;
            tick_hz = Some(p.value);
            continue;
        }
        for (a, n) in targets.iter().zip(&mut next) {
            *n = n.with(&p.name, p.value).map_err(|e| format!("avatar {:?}: {e}", a.id))?;
        }
    }
    for (a, n) in targets.iter().zip(next) {
        a.params.store(Arc::new(n));
    }
    if let Some(hz) = tick_hz {
        shared.set_tick_hz(hz);
    }
    Ok(())
}

fn read_chunk(path: &std::path::Path, offset: u64, max_len: u32) -> std::io::Result<(u64, Vec<u8>)> {
    let mut f = std::fs::File::open(path)?;
    let total = f.metadata()?.len();
    let len = total.saturating_sub(offset).min(max_len as u64);
    let mut data = vec![0; len as usize];
    if len > 0 {
        f.seek(SeekFrom::Start(offset))?;
        f.read_exact(&mut data)?;
    }
    Ok((total, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_schema::{encode, samples};
    use avatar_sim::reduced::FleshMode;

    fn setup() -> (Shared, Metrics) {
        (Shared::new(vec![AvatarHandle::new("a"), AvatarHandle::new("b")], 120.0), Metrics::new("t"))
    }

    fn ask(r: Request, s: &Shared, m: &Metrics) -> ControlResponse {
        let bytes = encode(&Message::Request(ControlRequest { request_id: 77, request: r }));
        handle_bytes(&bytes, s, m)
    }

    #[test]
    fn lists_resets_and_sets_params() {
        let (s, m) = setup();
        let r = ask(Request::ListAvatars, &s, &m);
        assert_eq!(r.request_id, 77);
        match r.response {
            Some(Response::AvatarList { avatars }) => {
                assert_eq!(
                    avatars.iter().map(|a| a.topic.as_str()).collect::<Vec<_>>(),
                    ["state/a/", "state/b/"]
                )
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(ask(Request::ResetAvatar { avatar_id: "*".into() }, &s, &m).status, Status::Ok);
        assert!(s.avatars.iter().all(|a| a.reset_requested.load(Relaxed)));
        assert_eq!(ask(Request::ResetAvatar { avatar_id: "zz".into() }, &s, &m).status, Status::NotFound);

        let set = |v: f32, extra: Option<&str>| {
            let mut params = vec![NamedWeight { name: "tick_hz".into(), value: v }];
            if let Some(n) = extra {
                params.push(NamedWeight { name: n.into(), value: 1.0 });
            }
            ask(Request::SetParams { avatar_id: "a".into(), params }, &s, &m)
        };
        assert_eq!(set(60.0, None).status, Status::Ok);
        assert_eq!(s.tick_hz(), 60.0);
        assert_eq!(set(0.0, None).status, Status::InvalidParam);
        // all or nothing: a valid tick_hz next to an unknown name changes nothing
        let r = set(90.0, Some("warp_factor"));
        assert_eq!(r.status, Status::InvalidParam);
        assert!(r.error.unwrap().contains("warp_factor"));
        assert_eq!(s.tick_hz(), 60.0);

        // per-avatar parameters, validated for every target before any changes
        let ask_set = |who: &str, params: &[(&str, f32)]| {
            let params = params.iter().map(|(n, v)| NamedWeight { name: (*n).into(), value: *v }).collect();
            ask(Request::SetParams { avatar_id: who.into(), params }, &s, &m)
        };
        assert_eq!(ask_set("a", &[("damping", 7.0), ("gravity_y", -9.81)]).status, Status::Ok);
        assert_eq!(s.avatars[0].params.load().damping, 7.0);
        assert_eq!(s.avatars[1].params.load().damping, SimParams::default().damping);
        let r = ask_set("*", &[("damping", 1.0), ("stiffness", -1.0)]);
        assert_eq!(r.status, Status::InvalidParam);
        assert!(r.error.unwrap().contains("stiffness"));
        assert_eq!(s.avatars[0].params.load().damping, 7.0, "nothing applied");
        let r = ask_set("*", &[("momentum_leak", 0.5)]);
        assert!(r.error.unwrap().contains("precompute"));
        assert_eq!(ask_set("*", &[("flesh_mode", 0.0)]).status, Status::Ok);
        assert!(s.avatars.iter().all(|a| a.params.load().flesh_mode == FleshMode::ALL[0]));
    }

    #[test]
    fn late_joiners_get_the_latest_state() {
        let (s, m) = setup();
        assert_eq!(ask(Request::GetState { avatar_id: "a".into() }, &s, &m).status, Status::NotFound);
        let mut st = samples::state();
        st.avatar_id = "a".into();
        s.avatars[0].latest.store(Some(std::sync::Arc::new(st.clone())));
        assert_eq!(
            ask(Request::GetState { avatar_id: "a".into() }, &s, &m).response,
            Some(Response::AvatarState(st))
        );
    }

    #[test]
    fn garbage_and_wrong_types_get_bad_request() {
        let (s, m) = setup();
        assert_eq!(handle_bytes(b"\x00\x01garbage", &s, &m).status, Status::BadRequest);
        let state = encode(&Message::State(samples::state()));
        let r = handle_bytes(&state, &s, &m);
        assert_eq!(r.status, Status::BadRequest);
        assert!(r.error.unwrap().contains("state"));
    }

    #[test]
    fn assets_are_served_in_chunks() {
        let dir = std::env::temp_dir().join(format!("avatard-asset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.asset");
        let content: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 256) as u8).collect();
        std::fs::write(&path, &content).unwrap();
        let mut h = AvatarHandle::new("a");
        h.asset_path = Some(path);
        let s = Shared::new(vec![h], 120.0);
        let m = Metrics::new("t");
        let mut got = Vec::new();
        loop {
            let r = ask(
                Request::GetAsset { avatar_id: "a".into(), offset: got.len() as u64, max_len: 3000 },
                &s,
                &m,
            );
            let Some(Response::AssetChunk(c)) = r.response else { panic!("{r:?}") };
            assert_eq!(c.total_len, 10_000);
            if c.data.is_empty() {
                break;
            }
            got.extend(c.data);
        }
        assert_eq!(got, content);
        let r = ask(Request::GetAsset { avatar_id: "b".into(), offset: 0, max_len: 1 }, &s, &m);
        assert_eq!(r.status, Status::NotFound);
        let r = ask(Request::GetAsset { avatar_id: "a".into(), offset: 0, max_len: 0 }, &s, &m);
        assert_eq!(r.status, Status::BadRequest);
        std::fs::remove_dir_all(dir).ok();
    }
}
