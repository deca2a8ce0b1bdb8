//! The VMC sender task ([`run`]): every period, the chosen avatar's latest state through its [`VmcEncoder`] to
//! the receiver over UDP; send errors counted and logged at most every [`LOG_EVERY`].

use super::config::VmcConfig;
use super::encoder::VmcEncoder;
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::state_flags;
use std::net::SocketAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Send errors are logged at most this often.
pub const LOG_EVERY: Duration = Duration::from_secs(5);

/// The avatar the output sends: the one named, else the first with an asset.
fn pick<'a>(shared: &'a Shared, id: Option<&str>) -> Option<&'a Arc<AvatarHandle>> {
    match id {
        Some(id) => shared.avatar(id),
        None => shared.avatars.iter().find(|a| a.avatar.is_some()),
    }
}

/// The sender task: every `1 / rate_hz` s, the chosen avatar's latest state to the target. Runs until
/// aborted; failures are counted and logged, never fatal.
pub async fn run(config: VmcConfig, shared: Arc<Shared>, metrics: Arc<Metrics>) {
    let Some(handle) = pick(&shared, config.avatar.as_deref()).cloned() else {
        tracing::warn!(avatar = ?config.avatar, "VMC output: no such avatar with an asset; nothing is sent");
        return;
    };
    let Some(avatar) = handle.avatar.clone() else {
        tracing::warn!(avatar = %handle.id, "VMC output: the avatar has no asset; nothing is sent");
        return;
    };
    let encoder = VmcEncoder::for_avatar(&avatar);
    let bind: SocketAddr = if config.target.is_ipv4() {
        (std::net::Ipv4Addr::UNSPECIFIED, 0).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let mut log = RateLimitedLog::default();
    let socket = loop {
        match tokio::net::UdpSocket::bind(bind).await {
            Ok(s) => break s,
            Err(e) => {
                metrics.vmc_errors.fetch_add(1, Relaxed);
                log.warn(format_args!("VMC output: binding a UDP socket failed: {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    tracing::info!(
        target = %config.target, rate_hz = config.rate_hz, avatar = %handle.id,
        bones = encoder.num_bones(), blendshapes = encoder.num_blend_values(),
        "VMC output"
    );
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / config.rate_hz as f64));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let started = Instant::now();
    loop {
        ticks.tick().await;
        let Some(state) = handle.latest.load_full() else { continue };
        if state.p.len() != encoder.num_p() {
            metrics.vmc_errors.fetch_add(1, Relaxed);
            log.warn(format_args!(
                "VMC output: a state with {} parameters, the rig has {}",
                state.p.len(),
                encoder.num_p()
            ));
            continue;
        }
        let tracked = state.flags & (state_flags::REST_POSE | state_flags::HELD_POSE) == 0;
        for d in encoder.datagrams(&state.p, started.elapsed().as_secs_f32(), tracked) {
            match socket.send_to(&d, config.target).await {
                Ok(_) => metrics.vmc_sent.fetch_add(1, Relaxed),
                Err(e) => {
                    log.warn(format_args!("VMC output: sending to {} failed: {e}", config.target));
                    metrics.vmc_errors.fetch_add(1, Relaxed)
                }
            };
        }
    }
}

/// A warning at most every [`LOG_EVERY`], with the count of those left out since.
#[derive(Default)]
struct RateLimitedLog {
    last: Option<Instant>,
    suppressed: u64,
}

impl RateLimitedLog {
    fn warn(&mut self, what: std::fmt::Arguments) {
        if self.last.is_some_and(|t| t.elapsed() < LOG_EVERY) {
            self.suppressed += 1;
            return;
        }
        tracing::warn!(suppressed = self.suppressed, "{what}");
        self.last = Some(Instant::now());
        self.suppressed = 0;
    }
}
