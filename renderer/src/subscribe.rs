//! [`StateSubscriber`]: the daemon's state stream, decoded, with sequence accounting.

use avatar_schema::{decode, AvatarState, DecodeError, Message, RejectCounts, Stats};
use std::collections::HashMap;
use std::time::Duration;
use zeromq::{Socket, SocketOptions, SocketRecv, SubSocket};

/// Per-avatar sequence accounting: states lost between daemon and subscriber, and daemon restarts.
#[derive(Debug, Default, Clone)]
pub struct GapTracker {
    /// Per avatar: (run_id, seq) of the last state.
    last: HashMap<String, (u64, u64)>,
    /// States missing from the sequence (lost anywhere between the solver and here).
    pub missing: u64,
    /// Of those, states the daemon itself reported dropping (`dropped_before`).
    pub dropped_by_daemon: u64,
    /// Times an avatar's `run_id` changed (the daemon restarted and its seq started over).
    pub restarts: u64,
    pub received: u64,
}

impl GapTracker {
    pub fn observe(&mut self, s: &AvatarState) {
        self.received += 1;
        self.dropped_by_daemon += s.dropped_before;
        match self.last.insert(s.avatar_id.clone(), (s.run_id, s.seq)) {
            Some((run, prev)) if run == s.run_id && s.seq > prev => self.missing += s.seq - prev - 1,
            Some(_) => self.restarts += 1,
            None => {}
        }
    }
}

/// What arrived on the state socket.
#[derive(Debug)]
pub enum Received {
    State(AvatarState),
    Stats(Stats),
}

/// The newest state of one avatar, kept up to date by a subscription (`avatar-view follow` and `window`).
pub type Latest = std::sync::Arc<std::sync::Mutex<Option<AvatarState>>>;

pub struct StateSubscriber {
    socket: SubSocket,
    pub gaps: GapTracker,
    pub rejected: RejectCounts,
}

impl StateSubscriber {
    /// Connect to the daemon's state endpoint and subscribe to `topic` (`"state/"` = every avatar,
    /// `"state/<id>/"` = one, `""` = states and stats). Waits up to `timeout` for the daemon to be reachable;
    /// afterwards the socket reconnects by itself if the daemon restarts.
    pub async fn connect(endpoint: &str, topic: &str, timeout: Duration) -> zeromq::ZmqResult<Self> {
        let mut options = SocketOptions::default();
        options.connect_timeout(timeout);
        let mut socket = SubSocket::with_options(options);
        socket.connect(endpoint).await?;
        socket.subscribe(topic).await?;
        Ok(StateSubscriber { socket, gaps: GapTracker::default(), rejected: RejectCounts::default() })
    }

    /// Next decoded message. Undecodable ones are counted in `rejected` and returned as errors.
    pub async fn recv(&mut self) -> Result<Received, RecvError> {
        let msg = self.socket.recv().await.map_err(RecvError::Socket)?;
        let frames = msg.into_vec();
        let body = frames.last().ok_or(RecvError::Empty)?;
        let decoded = decode(body).inspect_err(|e| self.rejected.record(e.reason))?;
        match decoded {
            Message::State(s) => {
                self.gaps.observe(&s);
                Ok(Received::State(s))
            }
            Message::Stats(s) => Ok(Received::Stats(s)),
            other => Err(RecvError::Unexpected(other.kind())),
        }
    }

    /// Next `AvatarState`, skipping stats; `None` on timeout.
    pub async fn next_state(&mut self, timeout: Duration) -> Option<Result<AvatarState, RecvError>> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            match tokio::time::timeout_at(deadline, self.recv()).await {
                Err(_) => return None,
                Ok(Ok(Received::State(s))) => return Some(Ok(s)),
                Ok(Ok(Received::Stats(_))) => continue,
                Ok(Err(e)) => return Some(Err(e)),
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RecvError {
    #[error("socket: {0}")]
    Socket(zeromq::ZmqError),
    #[error("empty message")]
    Empty,
    #[error("rejected: {0}")]
    Decode(#[from] DecodeError),
    #[error("unexpected {0} message on the state socket")]
    Unexpected(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(id: &str, seq: u64, dropped: u64) -> AvatarState {
        AvatarState { avatar_id: id.into(), seq, dropped_before: dropped, ..Default::default() }
    }

    #[test]
    fn gaps_and_restarts_are_counted_per_avatar() {
        let mut g = GapTracker::default();
        for s in [st("a", 1, 0), st("b", 10, 0), st("a", 2, 0), st("a", 5, 2), st("b", 11, 0), st("a", 1, 0)]
        {
            g.observe(&s);
        }
        assert_eq!(g.received, 6);
        assert_eq!(g.missing, 2); // a: 3 and 4
        assert_eq!(g.dropped_by_daemon, 2);
        assert_eq!(g.restarts, 1);
    }
}
