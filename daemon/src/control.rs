//! Control server: request/response on a ROUTER socket (clients use REQ or DEALER).
//!
//! A request arrives as `[identity, envelope..., body]` (REQ adds an empty delimiter frame); the reply echoes
//! every frame before the body. Undecodable requests get a `BadRequest` reply, never silence.
//!
//! The request loop answers every request but `GetAsset` on the spot (each is a few microseconds of work on
//! the shared state). A `GetAsset` reads up to [`MAX_ASSET_CHUNK`] bytes of a file: that read runs on
//! tokio's blocking pool (at most [`MAX_ASSET_READS`] at once) and its reply is sent from a task of its own,
//! so the loop goes on answering while the chunk is read. Replies to one client still come in the order of
//! its requests: while a client has a reply pending, its later replies queue behind it (other clients are
//! not held up).
//!
//! The loop never ends on an error: a receive error is counted (`control.errors`), logged (at most once a
//! second) and followed by a short back-off. zeromq 0.7's ROUTER does not in fact report one: a peer's
//! broken connection is handled inside `recv` (the peer is dropped), and its one error, `NoMessage`, would
//! need its fair queue to end, which a ROUTER's never does (it waits for peers). The socket closes only when
//! the daemon shuts down, by aborting this task.

use crate::avatar::params::SimParams;
use crate::live_params::{self, Declared};
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::{
    decode, encode, AssetChunk, ControlRequest, ControlResponse, Encoder, Message, NamedWeight, Request,
    Response, Status,
};
use bytes::Bytes;
use futures::{Stream, StreamExt};
use std::collections::HashMap;
use std::future::Future;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use zeromq::{RouterSendHalf, RouterSocket, SocketRecv, SocketSend, ZmqError, ZmqMessage, ZmqResult};

/// Largest asset chunk served in one reply.
pub const MAX_ASSET_CHUNK: u32 = 16 << 20;

/// Asset reads running at once (each holds up to [`MAX_ASSET_CHUNK`] bytes until its reply is sent).
pub const MAX_ASSET_READS: usize = 4;

/// Replies that wait (for an asset read, or behind one to the same client) before the request loop waits for
/// one of them to go out.
const MAX_DEFERRED: usize = 1024;

/// Receive errors are logged at most this often (each is counted).
const ERROR_LOG_INTERVAL: Duration = Duration::from_secs(1);

/// Pause after a receive error, doubled for each error in a row up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(10);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

pub async fn run(socket: RouterSocket, shared: Arc<Shared>, metrics: Arc<Metrics>) {
    let (send, recv) = socket.split();
    let incoming = futures::stream::unfold(recv, |mut recv| async move {
        let msg = recv.recv().await;
        Some((msg, recv))
    });
    serve(incoming, send, shared, metrics).await
}

/// Where replies go: the ROUTER socket's send half (cloned into the tasks of deferred replies), or a test's
/// channel.
pub(crate) trait Replies: Clone + Send + 'static {
    fn reply(&mut self, msg: ZmqMessage) -> impl Future<Output = ZmqResult<()>> + Send;
}

impl Replies for RouterSendHalf {
    fn reply(&mut self, msg: ZmqMessage) -> impl Future<Output = ZmqResult<()>> + Send {
        self.send(msg)
    }
}

/// The request loop: answer every message of `incoming` on `out` until `incoming` ends (a ROUTER socket's
/// never does).
pub(crate) async fn serve(
    incoming: impl Stream<Item = ZmqResult<ZmqMessage>>,
    mut out: impl Replies,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
) {
    futures::pin_mut!(incoming);
    let mut encoder = Encoder::new();
    let mut recv_errors = RecvErrors::default();
    let deferred = Arc::new(Semaphore::new(MAX_DEFERRED));
    let reads = Arc::new(Semaphore::new(MAX_ASSET_READS));
    // Per client (routing identity): the task sending its latest deferred reply.
    let mut pending: HashMap<Bytes, JoinHandle<()>> = HashMap::new();
    while let Some(msg) = incoming.next().await {
        let msg = match msg {
            Ok(m) => {
                recv_errors.streak = 0;
                m
            }
            Err(e) => {
                metrics.control_errors.fetch_add(1, Relaxed);
                let pause = recv_errors.failed(&e);
                tokio::time::sleep(pause).await;
                continue;
            }
        };
        let mut frames = msg.into_vec();
        if frames.len() < 2 {
            continue; // an identity frame alone: nothing to answer
        }
        let body = frames.pop().unwrap_or_default();
        metrics.control_requests.fetch_add(1, Relaxed);
        let answer = match decode_request(&body) {
            Ok(req) => answer(req, &shared, &metrics),
            Err(why) => Answer::Now(bad_request(why)),
        };
        let peer = frames[0].clone();
        match (answer, pending.remove(&peer).filter(|t| !t.is_finished())) {
            (Answer::Now(reply), None) => {
                count_error(&reply, &metrics);
                let body = Bytes::copy_from_slice(encoder.encode(&Message::Response(reply)));
                send_reply(&mut out, frames, body).await;
            }
            (answer, before) => {
                let permit = deferred.clone().acquire_owned().await.expect("the semaphore is never closed");
                let (mut out, metrics, reads) = (out.clone(), metrics.clone(), reads.clone());
                let task = tokio::spawn(async move {
                    if let Some(before) = before {
                        before.await.ok(); // this client's earlier reply is out (or its task failed)
                    }
                    let (failed, body) = match answer {
                        Answer::Now(reply) => (reply.status != Status::Ok, encode(&Message::Response(reply))),
                        Answer::Asset(read) => {
                            let request_id = read.request_id;
                            let _read = reads.acquire_owned().await.expect("the semaphore is never closed");
                            tokio::task::spawn_blocking(move || {
                                let reply = read.run();
                                (reply.status != Status::Ok, encode(&Message::Response(reply)))
                            })
                            .await
                            .unwrap_or_else(|e| {
                                let reply = ControlResponse::error(
                                    request_id,
                                    Status::Internal,
                                    format!("reading the asset failed: {e}"),
                                );
                                (true, encode(&Message::Response(reply)))
                            })
                        }
                    };
                    if failed {
                        metrics.control_errors.fetch_add(1, Relaxed);
                    }
                    send_reply(&mut out, frames, body.into()).await;
                    drop(permit);
                });
                pending.insert(peer, task);
                if pending.len() > 2 * MAX_DEFERRED {
                    // at most MAX_DEFERRED are unfinished (each holds a permit): this runs once per
                    // MAX_DEFERRED insertions at most
                    pending.retain(|_, t| !t.is_finished());
                }
            }
        }
    }
}

/// Count an error reply.
fn count_error(reply: &ControlResponse, metrics: &Metrics) {
    if reply.status != Status::Ok {
        metrics.control_errors.fetch_add(1, Relaxed);
    }
}

/// Send `body` after the request's envelope (`frames`: the identity and any frames before the body).
async fn send_reply(out: &mut impl Replies, mut frames: Vec<Bytes>, body: Bytes) {
    frames.push(body);
    let msg = ZmqMessage::try_from(frames).expect("an identity frame and a body");
    if let Err(e) = out.reply(msg).await {
        // the client is gone (zeromq drops a disconnected peer's identity)
        tracing::debug!("control reply not delivered: {e}");
    }
}

/// Receive errors in a row, and when one was last logged.
#[derive(Default)]
struct RecvErrors {
    streak: u32,
    logged: Option<Instant>,
    unlogged: u64,
}

impl RecvErrors {
    /// Log `e` unless one was logged less than [`ERROR_LOG_INTERVAL`] ago; the pause before the next receive.
    fn failed(&mut self, e: &ZmqError) -> Duration {
        self.streak = self.streak.saturating_add(1);
        let now = Instant::now();
        if self.logged.is_none_or(|t| now.duration_since(t) >= ERROR_LOG_INTERVAL) {
            tracing::warn!(
                "control socket receive error (still serving): {e}; {} more since the last one logged",
                self.unlogged
            );
            self.logged = Some(now);
            self.unlogged = 0;
        } else {
            self.unlogged += 1;
        }
        FIRST_BACKOFF.saturating_mul(1 << self.streak.min(16).saturating_sub(1)).min(MAX_BACKOFF)
    }
}

/// What a request gets: a reply now, or an asset read to run off the async workers.
pub(crate) enum Answer {
    Now(ControlResponse),
    Asset(AssetRead),
}

/// One `GetAsset` chunk to read (blocking file I/O), checked but not yet read.
pub(crate) struct AssetRead {
    request_id: u64,
    avatar_id: String,
    asset_hash: Vec<u8>,
    path: PathBuf,
    offset: u64,
    max_len: u32,
}

impl AssetRead {
    /// Read the chunk (blocking) and make the reply.
    pub(crate) fn run(self) -> ControlResponse {
        let AssetRead { request_id, avatar_id, asset_hash, path, offset, max_len } = self;
        match read_chunk(&path, offset, max_len.min(MAX_ASSET_CHUNK)) {
            Ok((total_len, data)) => ControlResponse::ok(
                request_id,
                Response::AssetChunk(AssetChunk { avatar_id, asset_hash, total_len, offset, data }),
            ),
            Err(e) => ControlResponse::error(
                request_id,
                Status::Internal,
                format!("reading {}: {e}", path.display()),
            ),
        }
    }
}

/// Decode a request body; if it is not a request, why (the `BadRequest` reply's message, see [`bad_request`]).
fn decode_request(body: &[u8]) -> Result<ControlRequest, String> {
    match decode(body) {
        Ok(Message::Request(req)) => Ok(req),
        Ok(other) => Err(format!("expected a request, got {}", other.kind())),
        Err(e) => Err(e.to_string()),
    }
}

/// The reply to a body that is not a request: `BadRequest`, request id 0.
fn bad_request(why: String) -> ControlResponse {
    ControlResponse::error(0, Status::BadRequest, why)
}

/// Decode and answer one request body (a `GetAsset` is read here, blocking): the request loop without the
/// socket, for tests.
#[cfg(test)]
pub fn handle_bytes(body: &[u8], shared: &Shared, metrics: &Metrics) -> ControlResponse {
    match decode_request(body) {
        Ok(req) => handle(req, shared, metrics),
        Err(why) => bad_request(why),
    }
}

/// Answer one request (a `GetAsset` is read here, blocking).
#[cfg(test)]
pub fn handle(req: ControlRequest, shared: &Shared, metrics: &Metrics) -> ControlResponse {
    match answer(req, shared, metrics) {
        Answer::Now(reply) => reply,
        Answer::Asset(read) => read.run(),
    }
}

/// Answer one request, but for the file read of a `GetAsset`, which is returned to run elsewhere.
pub(crate) fn answer(req: ControlRequest, shared: &Shared, metrics: &Metrics) -> Answer {
    let id = req.request_id;
    let not_found = |a: &str| ControlResponse::error(id, Status::NotFound, format!("no avatar {a:?}"));
    Answer::Now(match req.request {
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
                return Answer::Now(not_found(&avatar_id));
            }
            for a in targets {
                a.reset_requested.store(true, Relaxed);
            }
            ControlResponse::ok(id, Response::Ack)
        }
        Request::SetParams { avatar_id, params } => {
            let targets = shared.select(&avatar_id);
            if targets.is_empty() {
                return Answer::Now(not_found(&avatar_id));
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
                Some(path) => {
                    return Answer::Asset(AssetRead {
                        request_id: id,
                        asset_hash: a.asset_hash.clone(),
                        avatar_id,
                        path: path.clone(),
                        offset,
                        max_len,
                    })
                }
            },
        },
    })
}

/// Apply `SetParams` to `targets`. Its entries go to the set each name is declared in ([`live_params::split`]): the
/// daemon's ([`live_params::DaemonParams`], `tick_hz`) or each target avatar's ([`SimParams`]); a name of neither is
/// refused. All or nothing: every entry is applied in order to a copy of its set (a non-finite value or one
/// the field cannot hold refused on the spot), then each copy is validated as a whole, so cross-field rules
/// (`ease_after ≥ hold_after`) hold between the final values whatever the entries' order; only when the
/// daemon's and every target's final set are valid is anything stored.
fn set_params(params: &[NamedWeight], targets: &[&Arc<AvatarHandle>], shared: &Shared) -> Result<(), String> {
    let entries = live_params::split(params.iter().map(|p| (p.name.as_str(), p.value)))?;
    let daemon = shared.daemon_params().with_all(entries.daemon.iter().copied())?;
    let next = targets
        .iter()
        .map(|a| {
            let next: Result<SimParams, String> = a.params.load().with_all(entries.avatar.iter().copied());
            next.map_err(|e| format!("avatar {:?}: {e}", a.id))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (a, n) in targets.iter().zip(next) {
        a.params.store(Arc::new(n));
    }
    if !entries.daemon.is_empty() {
        shared.set_daemon_params(daemon);
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

    fn ask_set(s: &Shared, m: &Metrics, who: &str, params: &[(&str, f32)]) -> ControlResponse {
        let params = params.iter().map(|(n, v)| NamedWeight { name: (*n).into(), value: *v }).collect();
        ask(Request::SetParams { avatar_id: who.into(), params }, s, m)
    }

    #[test]
    fn set_params_is_validated_on_the_final_set_and_all_or_nothing() {
        let (s, m) = setup();
        let params = |i: usize| (**s.avatars[i].params.load()).clone();
        // hold_after = 5 alone would be before ease_after = 2: with ease_after = 6 in the same request the
        // final set is valid, whichever comes first
        for (hold, ease) in [(5.0, 6.0), (7.0, 8.0)] {
            let r = ask_set(&s, &m, "*", &[("hold_after", hold), ("ease_after", ease)]);
            assert_eq!(r.status, Status::Ok, "{r:?}");
            assert!(s
                .avatars
                .iter()
                .all(|a| (a.params.load().hold_after, a.params.load().ease_after)
                    == (hold as f64, ease as f64)));
        }
        let r = ask_set(&s, &m, "*", &[("ease_after", 3.0), ("hold_after", 2.0)]);
        assert_eq!(r.status, Status::Ok, "{r:?}");
        assert_eq!((params(1).hold_after, params(1).ease_after), (2.0, 3.0));

        // the cross-field rule holds between the final values: refused, nothing applied anywhere
        let before = (params(0), params(1), s.tick_hz());
        for entries in [
            &[("hold_after", 5.0)][..],
            &[("ease_after", 6.0), ("hold_after", 7.0), ("tick_hz", 50.0)],
            &[("damping", 9.0), ("hold_after", 1.0), ("ease_after", 0.5)],
            &[("tick_hz", 50.0), ("damping", 9.0), ("stiffness", 0.0)],
            &[("damping", 9.0), ("tick_hz", 5000.0)],
        ] {
            let r = ask_set(&s, &m, "*", entries);
            assert_eq!(r.status, Status::InvalidParam, "{entries:?}");
            let e = r.error.unwrap();
            let named = ["ease_after", "stiffness", "tick_hz"].iter().any(|n| e.contains(n));
            assert!(named, "{entries:?}: {e}");
            assert_eq!((params(0), params(1), s.tick_hz()), before, "{entries:?} changed something");
        }

        // all or nothing across targets: valid for "b" but not for "a" (whose ease_after stays 3)
        assert_eq!(ask_set(&s, &m, "b", &[("ease_after", 10.0)]).status, Status::Ok);
        let before = (params(0), params(1));
        let r = ask_set(&s, &m, "*", &[("hold_after", 8.0), ("damping", 4.0)]);
        assert_eq!(r.status, Status::InvalidParam);
        assert!(r.error.as_deref().unwrap().contains("avatar \"a\""), "{r:?}");
        assert_eq!((params(0), params(1)), before);
        assert_eq!(ask_set(&s, &m, "b", &[("hold_after", 8.0), ("damping", 4.0)]).status, Status::Ok);
        assert_eq!((params(1).hold_after, params(1).damping), (8.0, 4.0));
    }

    /// The replies of [`serve`] in a channel.
    impl Replies for tokio::sync::mpsc::UnboundedSender<ZmqMessage> {
        fn reply(&mut self, msg: ZmqMessage) -> impl Future<Output = ZmqResult<()>> + Send {
            std::future::ready(self.send(msg).map_err(|_| ZmqError::Other("test channel closed")))
        }
    }

    fn request_msg(peer: &'static [u8], request_id: u64, request: Request) -> ZmqResult<ZmqMessage> {
        let body = encode(&Message::Request(ControlRequest { request_id, request }));
        Ok(ZmqMessage::try_from(vec![Bytes::from_static(peer), Bytes::new(), body.into()]).unwrap())
    }

    fn reply_of(msg: &ZmqMessage) -> (Bytes, ControlResponse) {
        let frames = msg.clone().into_vec();
        assert_eq!(frames.len(), 3, "identity, delimiter, body");
        assert!(frames[1].is_empty());
        match decode(&frames[2]) {
            Ok(Message::Response(r)) => (frames[0].clone(), r),
            other => panic!("{other:?}"),
        }
    }

    async fn next_reply(
        rx: &mut tokio::sync::mpsc::UnboundedReceiver<ZmqMessage>,
    ) -> (Bytes, ControlResponse) {
        let msg = tokio::time::timeout(Duration::from_secs(5), rx.recv()).await.expect("a reply within 5 s");
        reply_of(&msg.expect("the request loop is still running"))
    }

    /// Receive errors neither end the request loop nor go uncounted.
    #[tokio::test]
    async fn the_loop_survives_receive_errors() {
        let (s, m) = setup();
        let (s, m) = (Arc::new(s), Arc::new(m));
        let incoming = futures::stream::iter(vec![
            Err(ZmqError::NoMessage),
            request_msg(b"p", 1, Request::ListAvatars),
            Err(ZmqError::NoMessage),
            Err(ZmqError::Other("boom")),
            request_msg(b"p", 2, Request::GetState { avatar_id: "nobody".into() }),
            request_msg(b"p", 3, Request::GetStats),
        ])
        .chain(futures::stream::pending());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let task = tokio::spawn(serve(incoming, tx, s, m.clone()));
        let mut got = Vec::new();
        for _ in 0..3 {
            got.push(next_reply(&mut rx).await.1);
        }
        assert_eq!(
            got.iter().map(|r| (r.request_id, r.status)).collect::<Vec<_>>(),
            [(1, Status::Ok), (2, Status::NotFound), (3, Status::Ok)]
        );
        let Some(Response::Stats(stats)) = &got[2].response else { panic!("{:?}", got[2]) };
        // 3 receive errors and one error reply, counted before the GetStats
        assert_eq!(stats.counter("control.errors"), Some(4));
        assert_eq!(stats.counter("control.requests"), Some(3));
        assert!(!task.is_finished());
        task.abort();
    }

    /// A `GetAsset` read that blocks (a FIFO with no writer yet) holds up neither the loop nor other clients;
    /// the same client's later replies wait for it, in order.
    #[cfg(unix)]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_blocked_asset_read_holds_up_only_its_own_client() {
        let dir = std::env::temp_dir().join(format!("avatard-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("asset.fifo");
        std::fs::remove_file(&fifo).ok();
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        /// Opens the FIFO for writing on drop (non-blocking: it succeeds only while a read waits in `open`),
        /// so a read left waiting by a failed assertion does not hold up the runtime's shutdown.
        struct Unblock(PathBuf);
        impl Drop for Unblock {
            fn drop(&mut self) {
                use std::os::unix::fs::OpenOptionsExt;
                std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(&self.0).ok();
            }
        }
        let _unblock = Unblock(fifo.clone());
        let mut h = AvatarHandle::new("a");
        h.asset_path = Some(fifo.clone());
        let s = Arc::new(Shared::new(vec![h, AvatarHandle::new("b")], 120.0));
        let m = Arc::new(Metrics::new("t"));
        let (in_tx, in_rx) = tokio::sync::mpsc::unbounded_channel();
        let incoming =
            futures::stream::unfold(in_rx, |mut rx| async move { rx.recv().await.map(|m| (m, rx)) });
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let task = tokio::spawn(serve(incoming, tx, s, m));
        let get = || Request::GetAsset { avatar_id: "a".into(), offset: 0, max_len: 100 };
        in_tx.send(request_msg(b"A", 1, get())).unwrap(); // blocks in open() until a writer comes
        in_tx.send(request_msg(b"A", 2, Request::ListAvatars)).unwrap();
        in_tx.send(request_msg(b"B", 3, Request::ListAvatars)).unwrap();
        in_tx.send(request_msg(b"B", 4, Request::GetStats)).unwrap();
        let (p, r) = next_reply(&mut rx).await;
        assert_eq!((&p[..], r.request_id), (&b"B"[..], 3), "client B answered while A's read blocks");
        assert_eq!(next_reply(&mut rx).await.1.request_id, 4);
        assert!(tokio::time::timeout(Duration::from_millis(200), rx.recv()).await.is_err(), "A waits");
        // a writer opens the FIFO: the read ends (empty chunk), then A's second reply follows
        let writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        drop(writer);
        let (p, r) = next_reply(&mut rx).await;
        assert_eq!((&p[..], r.request_id, r.status), (&b"A"[..], 1, Status::Ok), "{r:?}");
        assert!(
            matches!(r.response, Some(Response::AssetChunk(AssetChunk { ref data, .. })) if data.is_empty())
        );
        let (p, r) = next_reply(&mut rx).await;
        assert_eq!((&p[..], r.request_id), (&b"A"[..], 2));
        task.abort();
        std::fs::remove_dir_all(dir).ok();
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

    mod fuzz {
        use super::*;
        use proptest::prelude::*;

        /// Every request kind with arbitrary arguments (names and values included).
        fn any_request() -> impl Strategy<Value = Request> {
            let id = prop_oneof![Just("a".to_string()), Just("*".to_string()), "\\PC{0,12}"];
            let weight = (
                prop_oneof![proptest::sample::select(crate::avatar::params::SETTABLE), Just("tick_hz")],
                any::<f32>(),
            )
                .prop_map(|(n, value)| NamedWeight { name: n.to_string(), value });
            prop_oneof![
                Just(Request::ListAvatars),
                Just(Request::GetStats),
                id.clone().prop_map(|avatar_id| Request::GetState { avatar_id }),
                id.clone().prop_map(|avatar_id| Request::ResetAvatar { avatar_id }),
                (id.clone(), proptest::collection::vec(weight, 0..6))
                    .prop_map(|(avatar_id, params)| Request::SetParams { avatar_id, params }),
                (id, any::<u64>(), any::<u32>()).prop_map(|(avatar_id, offset, max_len)| Request::GetAsset {
                    avatar_id,
                    offset,
                    max_len
                }),
            ]
        }

        fn well_formed(r: &ControlResponse) {
            if r.status == Status::Ok {
                assert!(r.error.is_none() && r.response.is_some(), "{r:?}");
            } else {
                assert!(r.response.is_none() && r.error.as_deref().is_some_and(|e| !e.is_empty()), "{r:?}");
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

            /// Arbitrary bytes, and requests damaged (bits flipped, cut, extended): a well-formed reply, no
            /// panic; a SetParams either applies entirely or leaves every avatar's parameters as they were.
            #[test]
            fn any_body_gets_one_well_formed_reply(
                req in any_request(),
                id in any::<u64>(),
                flips in proptest::collection::vec(any::<usize>(), 0..4),
                cut in proptest::option::of(any::<usize>()),
                tail in proptest::collection::vec(any::<u8>(), 0..16),
                raw in proptest::collection::vec(any::<u8>(), 0..128),
            ) {
                let (s, m) = setup();
                let before: Vec<SimParams> = s.avatars.iter().map(|a| (**a.params.load()).clone()).collect();
                well_formed(&handle_bytes(&raw, &s, &m));
                let body = encode(&Message::Request(ControlRequest { request_id: id, request: req.clone() }));
                let r = handle_bytes(&body, &s, &m);
                well_formed(&r);
                let after: Vec<SimParams> = s.avatars.iter().map(|a| (**a.params.load()).clone()).collect();
                if let (Request::SetParams { avatar_id, params }, false) = (&req, r.status == Status::Ok) {
                    prop_assert_eq!(&after, &before, "{:?} {:?}: refused but changed", avatar_id, params);
                }
                let mut bad = body.clone();
                for f in &flips {
                    let i = f % (bad.len() * 8);
                    bad[i / 8] ^= 1 << (i % 8);
                }
                if let Some(c) = cut {
                    bad.truncate(c % (bad.len() + 1));
                }
                bad.extend(&tail);
                well_formed(&handle_bytes(&bad, &s, &m));
            }
        }
    }
}
