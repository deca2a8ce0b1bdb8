//! The control socket under hostile input: a real daemon in this process (placeholder avatars, one with an
//! asset file, loopback tcp), a DEALER client pipelining 100,000 requests (valid requests of every kind with
//! random arguments, their mutations, random bytes, odd envelopes) and a REQ client beside it. Every message
//! must get exactly one reply, in order, with its envelope echoed; every error reply a non-Ok status and a
//! message; every asset chunk the file's bytes; the daemon must stay up, and `control.requests` and
//! `control.errors` must count exactly what was sent and answered.
//!
//! `CONTROL_FUZZ_SEED` and `CONTROL_FUZZ_REQUESTS` override the seed and the DEALER's request count.

use avatar_schema::{
    decode, encode, AssetChunk, ControlRequest, ControlResponse, Message, NamedWeight, Request, Response,
    Status,
};
use avatard::{AvatarHandle, Endpoints, RunConfig};
use bytes::Bytes;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};
use zeromq::{DealerSocket, ReqSocket, Socket, SocketRecv, SocketSend, ZmqMessage};

/// Requests the DEALER client keeps in flight.
const WINDOW: usize = 512;
/// Longest wait for one reply before the daemon counts as hung.
const REPLY_TIMEOUT: Duration = Duration::from_secs(20);
/// Size of the asset file (not a multiple of anything in particular).
const ASSET_LEN: usize = 200_003;
/// `avatard`'s cap on one chunk (`control::MAX_ASSET_CHUNK`).
const MAX_CHUNK: u64 = 16 << 20;

const AVATARS: [&str; 3] = ["a", "b", "c"];

/// What the reply to one message must be, beyond the checks every reply gets.
#[derive(Clone, Debug)]
enum Expect {
    /// Bytes of unknown meaning (random or mutated): any status.
    Anything,
    /// A valid request: the reply carries its id, and a status of these.
    Request { id: u64, statuses: &'static [Status], kind: Kind },
    /// A request the decoder refuses (a non-finite `SetParams` value): `BadRequest`, request id 0.
    Refused,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    List,
    Stats,
    State,
    Ack,
    /// A chunk of "a"'s asset from `offset`, `max_len` at most.
    Asset {
        offset: u64,
        max_len: u32,
    },
    /// An error (NotFound, BadRequest...).
    Error,
}

struct Case {
    /// Every frame the client sends; the last is the body.
    frames: Vec<Bytes>,
    expect: Expect,
}

const OK: &[Status] = &[Status::Ok];
const NOT_FOUND: &[Status] = &[Status::NotFound];
const BAD: &[Status] = &[Status::BadRequest];
const SET: &[Status] = &[Status::Ok, Status::InvalidParam];
const INVALID: &[Status] = &[Status::InvalidParam];

fn avatar_id(rng: &mut StdRng) -> String {
    match rng.random_range(0..10) {
        0..=5 => AVATARS[rng.random_range(0..3)].into(),
        6 => "*".into(),
        7 => String::new(),
        8 => "zz".into(),
        _ => (0..rng.random_range(1..80)).map(|_| rng.random_range(' '..='\u{3ff}')).collect(),
    }
}

fn value(rng: &mut StdRng) -> f32 {
    match rng.random_range(0..16) {
        0 => 0.0,
        1 => 1.0,
        2 => -1.0,
        3 => 0.5,
        4 => 5.0,
        5 => 6.0,
        6 => f32::NAN,
        7 => f32::INFINITY,
        8 => f32::NEG_INFINITY,
        9 => 1e30,
        10 => -1e30,
        11 => f32::MAX,
        12 => f32::MIN_POSITIVE / 2.0, // subnormal
        13 => f32::from_bits(rng.random()),
        _ => rng.random_range(-10.0..10.0),
    }
}

fn param(rng: &mut StdRng) -> NamedWeight {
    let name: String = match rng.random_range(0..20) {
        0..=13 => avatard::SETTABLE[rng.random_range(0..avatard::SETTABLE.len())].into(),
        14 => {
            // the daemon's rate: values that leave the tick thread cheap (or are refused)
            let value = [0.0, -5.0, 30.0, 60.0, 120.0, 2001.0, 1e9, f32::NAN][rng.random_range(0..8)];
            return NamedWeight { name: "tick_hz".into(), value };
        }
        15 => "filter_beta".into(),
        16 => String::new(),
        17 => "x".repeat(rng.random_range(1..2000)),
        _ => (0..rng.random_range(1..30)).map(|_| rng.random_range('\0'..='\u{2fff}')).collect(),
    };
    NamedWeight { name, value: value(rng) }
}

/// A request of a random kind, encoded, and what its reply must be: `Refused` if the decoder refuses it (an
/// empty or over-long name, a non-finite value), else what the daemon answers a request of its kind and
/// arguments.
fn request(rng: &mut StdRng, id: u64) -> (Vec<u8>, Expect) {
    let (r, expect) = request_of(rng, id);
    let body = encode(&Message::Request(r));
    match decode(&body) {
        Ok(_) => (body, expect),
        Err(_) => (body, Expect::Refused),
    }
}

fn request_of(rng: &mut StdRng, id: u64) -> (ControlRequest, Expect) {
    let known = |a: &str| AVATARS.contains(&a);
    let (request, statuses, kind): (Request, &'static [Status], Kind) = match rng.random_range(0..6) {
        0 => (Request::ListAvatars, OK, Kind::List),
        1 => (Request::GetStats, OK, Kind::Stats),
        2 => {
            let a = avatar_id(rng);
            let ok = known(&a);
            (
                Request::GetState { avatar_id: a },
                if ok { OK } else { NOT_FOUND },
                if ok { Kind::State } else { Kind::Error },
            )
        }
        3 => {
            let a = avatar_id(rng);
            let ok = known(&a) || a == "*";
            (
                Request::ResetAvatar { avatar_id: a },
                if ok { OK } else { NOT_FOUND },
                if ok { Kind::Ack } else { Kind::Error },
            )
        }
        4 => {
            let a = avatar_id(rng);
            let n = match rng.random_range(0..20) {
                0 => 0,
                1 => rng.random_range(100..300),
                _ => rng.random_range(1..6),
            };
            let params: Vec<NamedWeight> = (0..n).map(|_| param(rng)).collect();
            let r = Request::SetParams { avatar_id: a.clone(), params: params.clone() };
            let statuses = if !(known(&a) || a == "*") {
                NOT_FOUND
            } else if params
                .iter()
                .any(|p| p.name != "tick_hz" && !avatard::SETTABLE.contains(&p.name.as_str()))
            {
                INVALID
            } else {
                SET
            };
            (r, statuses, if statuses == OK || statuses == SET { Kind::Ack } else { Kind::Error })
        }
        _ => {
            let a = match rng.random_range(0..6) {
                0 => avatar_id(rng),
                _ => "a".into(),
            };
            let len = ASSET_LEN as u64;
            let offset = match rng.random_range(0..8) {
                0 => 0,
                1 => len,
                2 => len - 1,
                3 => len + 1,
                4 => u64::MAX,
                5 => rng.random(),
                _ => rng.random_range(0..len),
            };
            let max_len = match rng.random_range(0..8) {
                0 => 0,
                1 => 1,
                2 => u32::MAX,
                3 => (MAX_CHUNK + 1) as u32,
                _ => rng.random_range(1..70_000),
            };
            let (statuses, kind) = if max_len == 0 {
                (BAD, Kind::Error)
            } else if a == "a" {
                (OK, Kind::Asset { offset, max_len })
            } else {
                (NOT_FOUND, Kind::Error) // unknown, "*", or a placeholder without an asset file
            };
            (Request::GetAsset { avatar_id: a, offset, max_len }, statuses, kind)
        }
    };
    (ControlRequest { request_id: id, request }, Expect::Request { id, statuses, kind })
}

/// A valid request's bytes, damaged.
fn mutate(rng: &mut StdRng, mut body: Vec<u8>) -> Vec<u8> {
    for _ in 0..rng.random_range(1..4) {
        match rng.random_range(0..6) {
            0 if !body.is_empty() => {
                let i = rng.random_range(0..body.len() * 8);
                body[i / 8] ^= 1 << (i % 8);
            }
            1 if !body.is_empty() => {
                let i = rng.random_range(0..body.len());
                body[i] = rng.random();
            }
            2 => body.truncate(rng.random_range(0..=body.len())),
            3 => body.extend((0..rng.random_range(1..64)).map(|_| rng.random::<u8>())),
            4 if body.len() >= 4 => {
                // a 32-bit field (an offset, a length) set to something large
                let i = rng.random_range(0..body.len() - 3);
                body[i..i + 4].copy_from_slice(&[0xff, 0xff, 0xff, rng.random_range(0x00..0x80)]);
            }
            _ => {
                let i = rng.random_range(0..=body.len());
                let n = rng.random_range(1..16);
                body.splice(i..i, (0..n).map(|_| rng.random::<u8>()));
            }
        }
    }
    body
}

/// One message: its envelope, its body, what its reply must be.
fn case(rng: &mut StdRng, seq: u64) -> Case {
    let id = seq + 1; // never 0: a reply with id 0 is the decoder's
    let (body, expect) = match rng.random_range(0..10) {
        0..=4 => request(rng, id),
        5..=7 => {
            let body = request(rng, id).0;
            (mutate(rng, body), Expect::Anything)
        }
        8 => {
            let n = match rng.random_range(0..50) {
                0 => rng.random_range(10_000..70_000),
                _ => rng.random_range(0..300),
            };
            ((0..n).map(|_| rng.random::<u8>()).collect(), Expect::Anything)
        }
        _ => {
            // a valid message of another kind: BadRequest
            let m = &avatar_schema::samples::all()[rng.random_range(0..avatar_schema::samples::all().len())];
            let m = match m {
                Message::Request(_) | Message::Response(_) => Message::State(avatar_schema::samples::state()),
                m => m.clone(),
            };
            (encode(&m), Expect::Refused)
        }
    };
    // the envelope: the sequence number first (echoed: the reply names its message), then what clients send
    let mut frames = vec![Bytes::copy_from_slice(&seq.to_le_bytes())];
    match rng.random_range(0..10) {
        0..=5 => frames.push(Bytes::new()), // ["", body], as REQ sends
        6 => {}                             // [body]
        7 => frames.extend([Bytes::new(), Bytes::new()]), // empty frames
        8 => {
            for _ in 0..rng.random_range(1..64) {
                let n = if rng.random_bool(0.3) { 0 } else { rng.random_range(1..100) };
                frames.push((0..n).map(|_| rng.random::<u8>()).collect::<Vec<u8>>().into());
            }
        }
        _ => {
            // the body frame is empty (a delimiter with nothing after it)
            frames.push(Bytes::new());
            frames.push(Bytes::new());
            return Case { frames, expect: Expect::Refused };
        }
    }
    frames.push(body.into());
    Case { frames, expect }
}

#[derive(Default, Debug)]
struct Tally {
    replies: u64,
    errors: u64,
    ok: u64,
    chunks: u64,
    chunk_bytes: u64,
    by_status: std::collections::BTreeMap<String, u64>,
}

/// The checks every reply gets, and those its case asks for.
fn check(case: &Case, reply: &ControlResponse, asset: &[u8], t: &mut Tally) {
    t.replies += 1;
    *t.by_status.entry(format!("{:?}", reply.status)).or_default() += 1;
    if reply.status == Status::Ok {
        t.ok += 1;
        assert!(reply.error.is_none() && reply.response.is_some(), "{reply:?}");
    } else {
        t.errors += 1;
        assert!(reply.response.is_none(), "{reply:?}");
        assert!(reply.error.as_deref().is_some_and(|e| !e.is_empty()), "error without a message: {reply:?}");
    }
    if let Some(Response::AssetChunk(AssetChunk { avatar_id, total_len, offset, data, .. })) = &reply.response
    {
        assert_eq!((avatar_id.as_str(), *total_len), ("a", asset.len() as u64));
        let start = (*offset).min(asset.len() as u64) as usize;
        assert!(data.len() as u64 <= MAX_CHUNK);
        assert_eq!(data[..], asset[start..start + data.len()], "chunk at {offset}");
        t.chunks += 1;
        t.chunk_bytes += data.len() as u64;
    }
    match &case.expect {
        Expect::Anything => {}
        Expect::Refused => {
            assert_eq!((reply.status, reply.request_id), (Status::BadRequest, 0), "{reply:?}")
        }
        Expect::Request { id, statuses, kind } => {
            assert_eq!(reply.request_id, *id);
            assert!(statuses.contains(&reply.status), "{:?}: {reply:?}", case.expect);
            match (kind, &reply.response) {
                (_, None) => {}
                (Kind::List, Some(Response::AvatarList { avatars })) => {
                    let ids: Vec<&str> = avatars.iter().map(|a| a.avatar_id.as_str()).collect();
                    assert_eq!(ids, AVATARS);
                    assert_eq!(avatars[0].asset_len, asset.len() as u64);
                }
                (Kind::Stats, Some(Response::Stats(s))) => assert!(s.counter("control.requests").is_some()),
                (Kind::State, Some(Response::AvatarState(_))) | (Kind::Ack, Some(Response::Ack)) => {}
                (Kind::Asset { offset, max_len }, Some(Response::AssetChunk(c))) => {
                    assert_eq!(c.offset, *offset);
                    let want =
                        (asset.len() as u64).saturating_sub(*offset).min(*max_len as u64).min(MAX_CHUNK);
                    assert_eq!(c.data.len() as u64, want, "GetAsset at {offset}, {max_len} bytes at most");
                }
                (kind, other) => panic!("{kind:?}: {other:?}"),
            }
        }
    }
}

fn response(body: &[u8]) -> ControlResponse {
    match decode(body) {
        Ok(Message::Response(r)) => r,
        other => panic!("the reply is not a response: {other:?}"),
    }
}

/// A REQ client's own stream of valid and damaged requests, one at a time.
async fn req_client(endpoint: String, seed: u64, count: usize, asset: Arc<Vec<u8>>) -> Tally {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut req = ReqSocket::new();
    req.connect(&endpoint).await.unwrap();
    let mut t = Tally::default();
    for i in 0..count {
        let (body, expect) = request(&mut rng, 1 << 40 | i as u64);
        let (body, expect) =
            if rng.random_bool(0.3) { (mutate(&mut rng, body), Expect::Anything) } else { (body, expect) };
        let case = Case { frames: vec![body.clone().into()], expect };
        req.send(ZmqMessage::from(body)).await.unwrap();
        let reply = tokio::time::timeout(REPLY_TIMEOUT, req.recv()).await.expect("a REQ reply").unwrap();
        let frames = reply.into_vec();
        assert_eq!(frames.len(), 1, "REQ strips the delimiter");
        check(&case, &response(&frames[0]), &asset, &mut t);
    }
    t
}

async fn stats(dealer: &mut DealerSocket, id: u64) -> avatar_schema::Stats {
    let body = encode(&Message::Request(ControlRequest { request_id: id, request: Request::GetStats }));
    dealer.send(ZmqMessage::try_from(vec![Bytes::new(), body.into()]).unwrap()).await.unwrap();
    let reply = tokio::time::timeout(REPLY_TIMEOUT, dealer.recv()).await.expect("a GetStats reply").unwrap();
    match response(reply.into_vec().last().unwrap()).response {
        Some(Response::Stats(s)) => s,
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn control_socket_answers_100k_hostile_requests_exactly_once() {
    let seed: u64 = std::env::var("CONTROL_FUZZ_SEED").map_or(0xa7a7, |s| s.parse().unwrap());
    let count: usize = std::env::var("CONTROL_FUZZ_REQUESTS").map_or(100_000, |s| s.parse().unwrap());
    let req_count = 2_000;
    let mut rng = StdRng::seed_from_u64(seed);

    let dir = std::env::temp_dir().join(format!("avatard-control-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let asset_path = dir.join("a.asset");
    let asset: Vec<u8> = (0..ASSET_LEN).map(|_| rng.random()).collect();
    std::fs::write(&asset_path, &asset).unwrap();
    let asset = Arc::new(asset);

    let config =
        RunConfig { endpoints: Endpoints::loopback_any_port(), tick_hz: 30.0, ..RunConfig::default() };
    let mut with_asset = AvatarHandle::new("a");
    with_asset.asset_path = Some(asset_path);
    let avatars = vec![with_asset, AvatarHandle::new("b"), AvatarHandle::new("c")];
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let daemon = tokio::spawn(avatard::run(
        config,
        avatars,
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send(r.endpoints.clone());
        },
    ));
    // the endpoints as bound (port 0 asked for)
    let endpoints =
        tokio::time::timeout(Duration::from_secs(30), ready_rx).await.expect("ready within 30 s").unwrap();

    let cases: Arc<Vec<Case>> = Arc::new((0..count as u64).map(|seq| case(&mut rng, seq)).collect());
    let started = Instant::now();
    let req = tokio::spawn(req_client(endpoints.control.clone(), seed ^ 0x5eed, req_count, asset.clone()));

    let mut dealer = DealerSocket::new();
    dealer.connect(&endpoints.control).await.unwrap();
    let (mut tx, mut rx) = dealer.split();
    let window = Arc::new(tokio::sync::Semaphore::new(WINDOW));
    let sender = {
        let (cases, window) = (cases.clone(), window.clone());
        tokio::spawn(async move {
            for c in cases.iter() {
                window.acquire().await.unwrap().forget();
                tx.send(ZmqMessage::try_from(c.frames.clone()).unwrap()).await.unwrap();
            }
            tx
        })
    };
    let mut t = Tally::default();
    for (seq, c) in cases.iter().enumerate() {
        let reply = match tokio::time::timeout(REPLY_TIMEOUT, rx.recv()).await {
            Ok(r) => r.unwrap(),
            Err(_) => panic!("no reply to message {seq} within {REPLY_TIMEOUT:?} ({t:?})"),
        };
        window.add_permits(1);
        let mut frames = reply.into_vec();
        let body = frames.pop().unwrap();
        // exactly one reply per message, in order, with the envelope echoed unchanged
        assert_eq!(frames[..], c.frames[..c.frames.len() - 1], "the envelope of message {seq}");
        check(c, &response(&body), &asset, &mut t);
    }
    let tx = sender.await.unwrap();
    let dealer_s = started.elapsed().as_secs_f64();
    let r = req.await.unwrap();
    let total_s = started.elapsed().as_secs_f64();
    // nothing more arrives: every message had exactly one reply
    assert!(tokio::time::timeout(Duration::from_millis(300), rx.recv()).await.is_err(), "an extra reply");

    // the daemon is still up and counted exactly what it was sent and what it answered with an error
    let mut dealer = DealerSocket::new();
    dealer.connect(&endpoints.control).await.unwrap();
    let body = encode(&Message::Request(ControlRequest { request_id: 7, request: Request::ListAvatars }));
    dealer.send(ZmqMessage::try_from(vec![Bytes::new(), body.into()]).unwrap()).await.unwrap();
    let reply =
        tokio::time::timeout(REPLY_TIMEOUT, dealer.recv()).await.expect("the final ListAvatars").unwrap();
    let reply = response(reply.into_vec().last().unwrap());
    assert_eq!((reply.request_id, reply.status), (7, Status::Ok));
    let s = stats(&mut dealer, 8).await;
    let sent = (count + req_count + 2) as u64;
    assert_eq!(s.counter("control.requests"), Some(sent), "control.requests");
    assert_eq!(s.counter("control.errors"), Some(t.errors + r.errors), "control.errors");
    drop((tx, rx));

    eprintln!(
        "control fuzz (seed {seed}): DEALER {count} messages in {dealer_s:.1} s ({:.0}/s), {} ok, {} errors \
         {:?}, {} asset chunks ({} bytes); REQ {req_count} requests ({} ok, {} errors); {total_s:.1} s in all",
        count as f64 / dealer_s,
        t.ok,
        t.errors,
        t.by_status,
        t.chunks,
        t.chunk_bytes,
        r.ok,
        r.errors,
    );
    assert!(count < 100_000 || (t.chunks > 1000 && t.ok > 10_000 && t.errors > 10_000), "{t:?}");

    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(30), daemon).await.expect("shutdown").unwrap().unwrap();
    std::fs::remove_dir_all(dir).ok();
}
