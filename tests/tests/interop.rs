//! Cross-language interop over real sockets: Rust encodes -> Python decodes, Python encodes -> Rust decodes,
//! for every message type and variant, over tcp and ipc.
//!
//! Python prints what it decoded as canonical JSON; the Rust side parses that back into `Message` and compares
//! with what it sent (and vice versa), so neither side's decoder is trusted to check itself.

use avatar_e2e::{scratch_dir, Eps, Python, ANY_TCP};
use avatar_schema::{decode, encode, samples, Message};
use bytes::Bytes;
use std::time::{Duration, Instant};
use zeromq::{PubSocket, Socket, SocketRecv, SocketSend, SubSocket, ZmqMessage};

/// Where to bind: loopback on port 0 (the bind returns the port) or a fresh ipc path; `None` (the reason
/// printed) where the transport is missing on this OS.
fn endpoint(transport: &str) -> Option<String> {
    match transport {
        "tcp" => Some(ANY_TCP.into()),
        _ => Eps::ipc_or_skip("interop").map(|e| e.state),
    }
}

/// Rust PUB (bound) -> pyzmq SUB (connects): every sample must arrive and decode to what was sent.
async fn rust_to_python(transport: &str) {
    let Some(ep) = endpoint(transport) else { return };
    let mut publisher = PubSocket::new();
    let ep = publisher.bind(&ep).await.unwrap().to_string();
    let peer = Python::peer(&["sub", "--connect", &ep, "--timeout", "20"]);
    peer.expect_line("READY", Duration::from_secs(20)).unwrap();

    let want = samples::all();
    let (tx, rx) = std::sync::mpsc::channel();
    let expected = want.clone();
    std::thread::spawn(move || {
        // Collect what Python decoded until every sample was seen at least once (or 20 s).
        let mut seen = vec![false; expected.len()];
        let lines = peer.json_lines_until(Duration::from_secs(20), |line| {
            if let Ok(got) = serde_json::from_value::<Message>(line["message"].clone()) {
                if let Some(i) = expected.iter().position(|w| *w == got) {
                    seen[i] = true;
                }
            }
            seen.iter().all(|s| *s)
        });
        let _ = tx.send(lines);
    });
    // Keep publishing the whole set until Python has seen all of it: the first rounds may be lost in the
    // slow-joiner window before the subscription reaches the publisher.
    let started = Instant::now();
    let lines = loop {
        for msg in &want {
            let mut m = ZmqMessage::from(Bytes::from_static(b"interop"));
            m.push_back(Bytes::from(encode(msg)));
            publisher.send(m).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        if let Ok(lines) = rx.try_recv() {
            break lines;
        }
        if started.elapsed() > Duration::from_secs(25) {
            panic!("the Python subscriber never finished");
        }
    };
    let mut seen = vec![false; want.len()];
    for line in &lines {
        assert_eq!(line["topic"], "interop");
        assert!(line.get("error").is_none(), "Python rejected a valid message: {line}");
        let got: Message = serde_json::from_value(line["message"].clone()).unwrap();
        match want.iter().position(|w| *w == got) {
            Some(i) => seen[i] = true,
            None => panic!("Python decoded something that was never sent: {}", line["message"]),
        }
    }
    let missing: Vec<_> = want.iter().zip(&seen).filter(|(_, s)| !**s).map(|(m, _)| m.kind()).collect();
    assert!(
        missing.is_empty(),
        "never decoded by Python over {transport}: {missing:?} ({} lines)",
        lines.len()
    );
}

/// pyzmq PUB (connects) -> Rust SUB (bound): Python encodes every sample from its canonical JSON.
async fn python_to_rust(transport: &str) {
    let Some(ep) = endpoint(transport) else { return };
    let mut sub = SubSocket::new();
    let ep = sub.bind(&ep).await.unwrap().to_string();
    sub.subscribe("").await.unwrap();
    let want = samples::all();
    let file = scratch_dir("interop").join("samples.json");
    std::fs::write(&file, serde_json::to_string(&want).unwrap()).unwrap();
    let peer =
        Python::peer(&["pub", "--connect", &ep, "--messages", file.to_str().unwrap(), "--interval-ms", "2"]);
    peer.expect_line("READY", Duration::from_secs(20)).unwrap();
    let mut seen = vec![false; want.len()];
    let deadline = Instant::now() + Duration::from_secs(20);
    while seen.iter().any(|s| !s) && Instant::now() < deadline {
        let Ok(Ok(msg)) = tokio::time::timeout(Duration::from_secs(1), sub.recv()).await else { continue };
        let body = msg.into_vec().pop().unwrap();
        let got = decode(&body).unwrap_or_else(|e| panic!("Rust rejected Python's encoding: {e}"));
        let i = want.iter().position(|w| *w == got).unwrap_or_else(|| panic!("unexpected message {got:?}"));
        seen[i] = true;
    }
    let missing: Vec<_> = want.iter().zip(&seen).filter(|(_, s)| !**s).map(|(m, _)| m.kind()).collect();
    assert!(missing.is_empty(), "never received from Python over {transport}: {missing:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rust_pub_to_python_sub_tcp() {
    rust_to_python("tcp").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rust_pub_to_python_sub_ipc() {
    rust_to_python("ipc").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_pub_to_rust_sub_tcp() {
    python_to_rust("tcp").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_pub_to_rust_sub_ipc() {
    python_to_rust("ipc").await;
}
