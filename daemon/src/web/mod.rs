//! Web output (`--web 127.0.0.1:PORT`): the browser viewer's files, each avatar's glb, and the state stream
//! over WebSocket, for browsers, OBS browser sources and engines that speak WebSocket but not ZeroMQ.
//!
//! # Routes
//! - `GET /ws` (WebSocket; `?avatar=ID`, repeatable, to filter): one binary message per published
//!   `Message`, byte for byte what the PUB socket sends after its topic frame: every `AvatarState` of the
//!   chosen avatars and every `Stats`. What a client sends is ignored and counted.
//! - `GET /ws/input` (WebSocket): tracker frames from the daemon's own pages (the capture page) into the input
//!   stage, through the same verifier, stream rules and counters as the ZeroMQ input ([`input`]).
//! - `GET /api/avatars`: the avatars as JSON (id, asset hash, sizes of `p` and `z`, the glb's address).
//! - `GET /api/avatars/{id}/avatar.glb`: the avatar's render mesh, skin, morph targets and mode weights
//!   ([`avatar_sim::asset::to_glb`], the same file as `avatard export --gltf`), made once per asset.
//! - `GET /capture/assets/…`: the capture page's MediaPipe files from [`WebConfig::capture_assets`] (the web
//!   tasks' wasm and the model bundles, fetched once by `avatard setup capture`).
//! - everything else: the browser viewer's files ([`crate::viewer`]): the bundle embedded in the binary, or
//!   the folder [`WebConfig::root`] (viewer development), served by tower-http.
//!
//! # The solver never waits for a browser
//! The publisher hands every encoded message to a [`Fanout`]: a `tokio::sync::broadcast` ring of
//! [`WebConfig::queue`] messages, which never blocks the sender. Each client's task reads the ring at its own
//! pace; a client that falls a whole ring behind loses the oldest messages (counted in `web.dropped`), and one
//! whose socket has not taken a message for [`STALL`] is disconnected (`web.stalled`). Memory is bounded by the
//! ring, shared by all clients, plus each socket's write buffer ([`WRITE_BUFFER_MAX`]).
//!
//! # Origins
//! A browser sends the page's origin with a WebSocket upgrade. Allowed: no `Origin` (non-browser clients), the
//! daemon's own origin (the viewer it serves), and the configured [`WebConfig::origins`] (`*`: any). Others get
//! 403 and count in `web.rejected_origin`, so that a web page elsewhere cannot read the stream through the
//! user's browser.

mod input;

pub use input::{InputMessage, WebInput, INPUT_BURST, INPUT_MESSAGE_MAX, INPUT_QUEUE, INPUT_RATE};

use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use crate::viewer::ViewerFiles;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// A client whose socket has not accepted a message for this long is disconnected.
pub const STALL: Duration = Duration::from_secs(5);
/// Largest message or frame a client may send (they are ignored anyway).
pub const CLIENT_MESSAGE_MAX: usize = 64 << 10;
/// Bytes queued in one client's socket before a send waits (then [`STALL`] applies).
pub const WRITE_BUFFER_MAX: usize = 1 << 20;

/// The web output's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct WebConfig {
    /// Address to listen on; loopback unless the user says otherwise (there is no authentication).
    pub addr: SocketAddr,
    /// A built viewer folder to serve instead of the embedded one; `None`: `$AVATARD_WEB_ROOT` when set, else
    /// the bundle embedded in the binary ([`ViewerFiles::choose`]).
    pub root: Option<PathBuf>,
    /// Origins allowed besides the daemon's own (`http://host:port`; `*` allows any).
    pub origins: Vec<String>,
    /// Messages in the fan-out ring: how far a client may fall behind before it loses states.
    pub queue: usize,
    /// The capture page's MediaPipe files (the web tasks' wasm, the model bundles), served under
    /// `/capture/assets/`; `None`: that path answers 404 and the page says how to fetch them.
    pub capture_assets: Option<PathBuf>,
}

impl WebConfig {
    pub fn new(addr: SocketAddr) -> Self {
        WebConfig { addr, root: None, origins: Vec::new(), queue: 256, capture_assets: None }
    }
}

/// One published message for the web clients: the avatar it is about (`None`: Stats) and its bytes.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub avatar: Option<Arc<str>>,
    pub body: Bytes,
}

/// The publisher's side of the web fan-out: never blocks, costs nothing without clients.
#[derive(Clone, Debug)]
pub struct Fanout {
    tx: broadcast::Sender<Outgoing>,
}

impl Fanout {
    pub fn new(queue: usize) -> Self {
        Fanout { tx: broadcast::channel(queue.max(1)).0 }
    }

    pub fn send(&self, avatar: Option<&Arc<str>>, body: &Bytes) {
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Outgoing { avatar: avatar.cloned(), body: body.clone() });
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<Outgoing> {
        self.tx.subscribe()
    }
}

#[derive(Clone)]
struct App {
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    fanout: Fanout,
    /// Where `/ws/input` hands browsers' tracker frames (`None`: the route answers 503).
    input: Option<WebInput>,
    origins: Arc<Vec<String>>,
    /// glb per asset hash, made on first request.
    glbs: Arc<Mutex<HashMap<Vec<u8>, Bytes>>>,
    stop: Arc<tokio::sync::Notify>,
}

/// A bound web server, ready to serve ([`Server::serve`]).
pub struct Server {
    listener: tokio::net::TcpListener,
    router: Router,
    stop: Arc<tokio::sync::Notify>,
}

impl Server {
    /// Bind `config.addr` and build the routes. Fails if the address cannot be bound.
    pub async fn bind(
        config: &WebConfig,
        shared: Arc<Shared>,
        metrics: Arc<Metrics>,
        fanout: Fanout,
        input: Option<WebInput>,
    ) -> std::io::Result<Server> {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        if !config.addr.ip().is_loopback() {
            tracing::warn!(addr = %config.addr, "the web output is reachable from other machines: it has no authentication");
        }
        let files = ViewerFiles::choose(config.root.clone());
        if let ViewerFiles::Dir(root) = &files {
            if !root.join("index.html").is_file() {
                tracing::warn!(
                    root = %root.display(),
                    "no index.html in the viewer folder given (--web-root or AVATARD_WEB_ROOT): `/` answers 404"
                );
            }
        }
        let stop = Arc::new(tokio::sync::Notify::new());
        let app = App {
            shared,
            metrics,
            fanout,
            input,
            origins: Arc::new(config.origins.clone()),
            glbs: Arc::default(),
            stop: stop.clone(),
        };
        let router = Router::new()
            .route("/ws", get(upgrade))
            .route("/ws/input", get(input::upgrade))
            .route("/api/avatars", get(list))
            .route("/api/avatars/{id}/avatar.glb", get(glb));
        let router = match &config.capture_assets {
            Some(dir) => router.nest_service("/capture/assets", tower_http::services::ServeDir::new(dir)),
            None => router,
        };
        let router = match files {
            ViewerFiles::Embedded => router.fallback(get(crate::viewer::embedded)),
            ViewerFiles::Dir(root) => router.fallback_service(tower_http::services::ServeDir::new(root)),
        }
        .with_state(app);
        Ok(Server { listener, router, stop })
    }

    /// The address it listens on (the port chosen by the system when it was 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serve until `shutdown` resolves; open WebSockets are closed then.
    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let stop = self.stop.clone();
        axum::serve(self.listener, self.router)
            .with_graceful_shutdown(async move {
                shutdown.await;
                stop.notify_waiters();
            })
            .await
    }
}

/// Whether an upgrade's `Origin` may read the stream (see the module doc).
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    if allowed.iter().any(|a| a == "*" || a.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let own = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    own.is_some_and(|host| {
        origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) == Some(host)
    })
}

async fn upgrade(
    State(app): State<App>,
    headers: HeaderMap,
    Query(query): Query<Vec<(String, String)>>,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &app.origins) {
        let n = app.metrics.web.rejected_origin.fetch_add(1, Relaxed) + 1;
        if n.is_power_of_two() {
            tracing::warn!(count = n, origin = ?headers.get(header::ORIGIN), "WebSocket origin refused");
        }
        return (StatusCode::FORBIDDEN, "origin not allowed\n").into_response();
    }
    let mut wanted: Vec<Arc<str>> = Vec::new();
    for (key, value) in query {
        match key.as_str() {
            "avatar" if app.shared.avatar(&value).is_some() => wanted.push(value.into()),
            "avatar" => return (StatusCode::NOT_FOUND, format!("no avatar {value:?}\n")).into_response(),
            _ => return (StatusCode::BAD_REQUEST, format!("unknown parameter {key:?}\n")).into_response(),
        }
    }
    ws.max_message_size(CLIENT_MESSAGE_MAX)
        .max_frame_size(CLIENT_MESSAGE_MAX)
        .max_write_buffer_size(WRITE_BUFFER_MAX)
        .on_upgrade(move |socket| client(socket, app, wanted))
}

/// One WebSocket client: fan-out ring → its socket; its own messages are read, counted and dropped.
async fn client(socket: WebSocket, app: App, wanted: Vec<Arc<str>>) {
    let web = &app.metrics.web;
    web.connections.fetch_add(1, Relaxed);
    web.clients.fetch_add(1, Relaxed);
    let mut ring = app.fanout.subscribe();
    let (mut sink, mut incoming) = socket.split();
    let metrics = app.metrics.clone();
    let reader = async move {
        while let Some(msg) = incoming.next().await {
            match msg {
                Ok(WsMessage::Close(_)) => return,
                Ok(WsMessage::Ping(_) | WsMessage::Pong(_)) => {}
                Ok(_) => {
                    metrics.web.client_frames.fetch_add(1, Relaxed);
                }
                Err(e) => {
                    metrics.web.client_errors.fetch_add(1, Relaxed);
                    tracing::debug!("web client error: {e}");
                    return;
                }
            }
        }
    };
    tokio::pin!(reader);
    let stop = app.stop.notified();
    tokio::pin!(stop);
    loop {
        let out = tokio::select! {
            out = ring.recv() => out,
            () = &mut reader => break,
            () = &mut stop => break,
        };
        match out {
            Ok(out) => {
                if let Some(avatar) = &out.avatar {
                    if !wanted.is_empty() && !wanted.contains(avatar) {
                        continue;
                    }
                }
                match tokio::time::timeout(STALL, sink.send(WsMessage::Binary(out.body))).await {
                    Ok(Ok(())) => {
                        web.sent.fetch_add(1, Relaxed);
                    }
                    Ok(Err(_)) => break,
                    Err(_) => {
                        web.stalled.fetch_add(1, Relaxed);
                        // what it would have been sent next is lost with it
                        web.dropped.fetch_add(ring.len() as u64, Relaxed);
                        tracing::info!("a web client took nothing for {} s: disconnected", STALL.as_secs());
                        break;
                    }
                }
            }
            Err(broadcast::error::RecvError::Lagged(n)) => {
                web.dropped.fetch_add(n, Relaxed);
            }
            Err(broadcast::error::RecvError::Closed) => break,
        }
    }
    let _ = tokio::time::timeout(Duration::from_millis(100), sink.close()).await;
    web.clients.fetch_sub(1, Relaxed);
}

async fn list(State(app): State<App>) -> Response {
    let avatars: Vec<serde_json::Value> = app
        .shared
        .avatars
        .iter()
        .map(|a| {
            serde_json::json!({
                "id": a.id,
                "asset_hash": a.asset_hash.iter().map(|b| format!("{b:02x}")).collect::<String>(),
                "num_p": a.num_p,
                "num_z": a.num_z,
                "glb": a.avatar.as_ref().map(|_| format!("/api/avatars/{}/avatar.glb", urlencode(&a.id))),
            })
        })
        .collect();
    axum::Json(serde_json::json!({ "tick_hz": app.shared.tick_hz(), "avatars": avatars })).into_response()
}

/// Percent-encode an avatar id for a path segment.
fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn glb(State(app): State<App>, Path(id): Path<String>) -> Response {
    let Some(handle) = app.shared.avatar(&id).cloned() else {
        return (StatusCode::NOT_FOUND, format!("no avatar {id:?}\n")).into_response();
    };
    match glb_bytes(&app, &handle).await {
        Ok(Some(bytes)) => ([(header::CONTENT_TYPE, "model/gltf-binary")], bytes).into_response(),
        Ok(None) => (StatusCode::NOT_FOUND, format!("avatar {id:?} has no asset\n")).into_response(),
        Err(e) => {
            tracing::warn!(avatar = %id, "glb export failed: {e}");
            (StatusCode::INTERNAL_SERVER_ERROR, format!("glb export failed: {e}\n")).into_response()
        }
    }
}

/// The glb of the avatar's asset, made on the blocking pool once per asset.
async fn glb_bytes(app: &App, handle: &AvatarHandle) -> Result<Option<Bytes>, String> {
    let Some(avatar) = handle.avatar.clone() else { return Ok(None) };
    if let Some(b) = app.glbs.lock().unwrap_or_else(|e| e.into_inner()).get(&handle.asset_hash) {
        return Ok(Some(b.clone()));
    }
    let bytes = tokio::task::spawn_blocking(move || avatar_sim::asset::to_glb(&avatar.asset, &avatar.hash))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let bytes = Bytes::from(bytes);
    app.glbs.lock().unwrap_or_else(|e| e.into_inner()).insert(handle.asset_hash.clone(), bytes.clone());
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn origins_are_the_daemons_own_or_listed() {
        let none: Vec<String> = vec![];
        // no Origin: not a browser
        assert!(origin_allowed(&headers(&[("host", "127.0.0.1:8080")]), &none));
        // the page the daemon served
        assert!(origin_allowed(
            &headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")]),
            &none
        ));
        // another site, another port, a file:// page
        assert!(!origin_allowed(
            &headers(&[("host", "127.0.0.1:8080"), ("origin", "https://evil.example")]),
            &none
        ));
        assert!(!origin_allowed(
            &headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:9999")]),
            &none
        ));
        assert!(!origin_allowed(&headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]), &none));
        assert!(!origin_allowed(&headers(&[("origin", "http://127.0.0.1:8080")]), &none));
        // listed, or any
        let listed = vec!["http://localhost:5173".to_owned()];
        assert!(origin_allowed(
            &headers(&[("host", "127.0.0.1:8080"), ("origin", "http://localhost:5173")]),
            &listed
        ));
        assert!(origin_allowed(
            &headers(&[("host", "x"), ("origin", "https://evil.example")]),
            &["*".to_owned()]
        ));
    }

    #[test]
    fn the_fanout_never_blocks_and_a_slow_reader_loses_the_oldest() {
        let f = Fanout::new(4);
        // no receiver: nothing kept
        f.send(None, &Bytes::from_static(b"x"));
        let mut rx = f.subscribe();
        for i in 0..10u8 {
            f.send(None, &Bytes::from(vec![i]));
        }
        match rx.try_recv() {
            Err(broadcast::error::TryRecvError::Lagged(n)) => assert_eq!(n, 6),
            other => panic!("expected a lag, got {other:?}"),
        }
        let rest: Vec<u8> = std::iter::from_fn(|| rx.try_recv().ok()).map(|o| o.body[0]).collect();
        assert_eq!(rest, vec![6, 7, 8, 9]);
    }

    #[test]
    fn ids_are_percent_encoded() {
        assert_eq!(urlencode("a b/c"), "a%20b%2Fc");
        assert_eq!(urlencode("default-1.x_y~"), "default-1.x_y~");
    }
}
