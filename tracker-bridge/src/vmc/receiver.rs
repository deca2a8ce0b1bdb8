//! [`VmcReceiver`]: a tokio UDP socket whose datagrams a [`VmcDecoder`] turns into frames in a background task.

use super::decoder::{VmcCounts, VmcDecoder};
use avatar_schema::clock::unix_ns;
use avatar_schema::RigFrame;
use futures::Stream;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::net::{ToSocketAddrs, UdpSocket};
use tokio::sync::{mpsc, watch};

/// The port VMC marionettes listen on.
pub const DEFAULT_PORT: u16 = 39539;
/// Frames queued between the receiver task and its reader; beyond this the newest frame is dropped.
pub const QUEUE: usize = 64;
/// Largest UDP payload.
const DATAGRAM: usize = 65_536;

/// Errors starting a [`VmcReceiver`].
#[derive(Debug, thiserror::Error)]
pub enum VmcError {
    #[error("binding the VMC UDP socket: {0}")]
    Bind(#[source] std::io::Error),
    #[error("reading the VMC socket's address: {0}")]
    LocalAddr(#[source] std::io::Error),
}

/// A UDP socket receiving VMC, decoded in a background task; read frames with [`Self::recv`] or as a
/// [`Stream`]. Dropping it stops the task.
pub struct VmcReceiver {
    frames: mpsc::Receiver<RigFrame>,
    counts: watch::Receiver<VmcCounts>,
    local_addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl VmcReceiver {
    /// Bind `addr` (e.g. `("0.0.0.0", DEFAULT_PORT)` or `"127.0.0.1:0"`) and start receiving. Frames carry
    /// `source_id`; their times are the receive time ([`unix_ns`]). Must be called inside a tokio runtime.
    pub async fn bind(addr: impl ToSocketAddrs, source_id: &str) -> Result<Self, VmcError> {
        let socket = UdpSocket::bind(addr).await.map_err(VmcError::Bind)?;
        Self::from_socket(socket, VmcDecoder::new(source_id))
    }

    /// Receive on an already bound socket with the given decoder.
    pub fn from_socket(socket: UdpSocket, decoder: VmcDecoder) -> Result<Self, VmcError> {
        let local_addr = socket.local_addr().map_err(VmcError::LocalAddr)?;
        let (tx, frames) = mpsc::channel(QUEUE);
        let (counts_tx, counts) = watch::channel(decoder.counts().clone());
        let task = tokio::spawn(receive_loop(socket, decoder, tx, counts_tx));
        Ok(VmcReceiver { frames, counts, local_addr, task })
    }

    /// The bound address (with the port the system chose for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The next frame; `None` only if the receive task ended (it does not on its own).
    pub async fn recv(&mut self) -> Option<RigFrame> {
        self.frames.recv().await
    }

    /// The counters as of the last datagram processed.
    pub fn counts(&self) -> VmcCounts {
        self.counts.borrow().clone()
    }
}

impl Stream for VmcReceiver {
    type Item = RigFrame;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<RigFrame>> {
        self.frames.poll_recv(cx)
    }
}

impl Drop for VmcReceiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn receive_loop(
    socket: UdpSocket,
    mut decoder: VmcDecoder,
    tx: mpsc::Sender<RigFrame>,
    counts_tx: watch::Sender<VmcCounts>,
) {
    let mut buf = vec![0u8; DATAGRAM];
    let (mut dropped, mut recv_errors) = (0u64, 0u64);
    loop {
        match socket.recv_from(&mut buf).await {
            Ok((n, _from)) => {
                for frame in decoder.feed(&buf[..n], unix_ns()) {
                    match tx.try_send(frame) {
                        Ok(()) => {}
                        Err(mpsc::error::TrySendError::Full(_)) => dropped += 1,
                        Err(mpsc::error::TrySendError::Closed(_)) => return,
                    }
                }
            }
            Err(e) => {
                // e.g. ICMP port unreachable reported on Windows; the socket stays usable
                recv_errors += 1;
                tracing::debug!("VMC socket: {e}");
            }
        }
        let mut counts = decoder.counts().clone();
        counts.dropped_queue_full = dropped;
        counts.recv_errors = recv_errors;
        counts_tx.send_replace(counts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vmc::testing::*;
    use crate::vmc::ADDR_ROOT;

    #[tokio::test]
    async fn receives_frames_over_loopback_udp() {
        use std::time::Duration;
        let mut rx = VmcReceiver::bind("127.0.0.1:0", "vmc-udp").await.unwrap();
        let addr = rx.local_addr();
        assert!(addr.ip().is_loopback() && addr.port() != 0);
        let tx = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        for k in 0..3 {
            let packet = bundle(vec![
                transform(ADDR_ROOT, "root", [0.0, 0.0, 1.0], ID),
                bone("Hips", [0.0, 0.9, 0.1 * k as f32], ID),
                bone("RightHand", [0.0; 3], [0.0, 0.0, 0.6, 0.8]),
                blend("Fun", 0.2 * k as f32),
                apply(),
            ]);
            tx.send_to(&enc(&packet), addr).unwrap();
        }
        tx.send_to(b"garbage", addr).unwrap();
        for k in 0..3 {
            let f = tokio::time::timeout(Duration::from_secs(5), rx.recv())
                .await
                .expect("no frame within 5 s")
                .unwrap();
            assert_eq!(f.header.seq, k + 1);
            assert_eq!(f.header.source_id, "vmc-udp");
            assert!(f.header.capture_time_ns > 0);
            assert_eq!(f.root_position, Some([-0.0, 0.0, 1.0]));
            assert_eq!(bone_named(&f, "Hips").translation, Some([-0.0, 0.9, 0.1 * k as f32]));
            assert!(close(&bone_named(&f, "RightHand").rotation, &[0.0, -0.0, -0.6, 0.8]));
            assert_eq!(weight(&f, "Fun"), Some(0.2 * k as f32));
        }
        // the garbage datagram is counted (the counts are published after each datagram)
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while rx.counts().malformed_packets == 0 {
            assert!(tokio::time::Instant::now() < deadline, "{:?}", rx.counts());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let c = rx.counts();
        assert_eq!((c.packets, c.frames, c.malformed_packets, c.dropped_queue_full), (4, 3, 1, 0));
    }
}
