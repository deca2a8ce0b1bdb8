//! State shared between the solver thread, the publisher and the control server.

use crate::avatar::load::LoadedAvatar;
use crate::avatar::params::SimParams;
use crate::live_params::DaemonParams;
use crate::time_step::TimeStep;
use arc_swap::{ArcSwap, ArcSwapOption};
use avatar_schema::{AvatarInfo, AvatarState};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::Arc;

/// One avatar as seen by the I/O side: identity, asset, the latest published state, pending commands.
#[derive(Debug)]
pub struct AvatarHandle {
    pub id: String,
    /// PUB topic of this avatar's states: `state/<id>/` (the trailing slash keeps `a` from matching `ab`).
    pub topic: String,
    pub asset_hash: Vec<u8>,
    /// The asset file served by `GetAsset`, if this avatar has one.
    pub asset_path: Option<PathBuf>,
    pub num_p: u32,
    pub num_z: u32,
    /// Latest state the publisher sent (answers `GetState` for late joiners).
    pub latest: ArcSwapOption<AvatarState>,
    /// Set by a `ResetAvatar` request, taken by the solver at its next tick.
    pub reset_requested: AtomicBool,
    /// The simulated avatar; `None` for a placeholder that publishes empty `p` and `z`.
    pub avatar: Option<Arc<LoadedAvatar>>,
    /// Current parameters: written by `SetParams` (validated), read by the solver every tick.
    pub params: ArcSwap<SimParams>,
}

impl AvatarHandle {
    pub fn new(id: &str) -> Self {
        AvatarHandle {
            id: id.to_owned(),
            topic: state_topic(id),
            asset_hash: Vec::new(),
            asset_path: None,
            num_p: 0,
            num_z: 0,
            latest: ArcSwapOption::empty(),
            reset_requested: AtomicBool::new(false),
            avatar: None,
            params: ArcSwap::from_pointee(SimParams::default()),
        }
    }

    /// The handle of a loaded avatar, with its starting parameters.
    pub fn loaded(avatar: Arc<LoadedAvatar>, params: SimParams) -> Self {
        AvatarHandle {
            asset_hash: avatar.hash.to_vec(),
            asset_path: avatar.path.clone(),
            num_p: avatar.num_p() as u32,
            num_z: avatar.num_z() as u32,
            params: ArcSwap::from_pointee(params),
            avatar: Some(avatar.clone()),
            ..AvatarHandle::new(&avatar.id)
        }
    }
}

/// The PUB topic of an avatar's states.
pub fn state_topic(avatar_id: &str) -> String {
    format!("state/{avatar_id}/")
}

/// PUB topic of the periodic Stats messages.
pub const STATS_TOPIC: &str = "stats/";

/// Everything the tasks share; cheap to clone (`Arc`).
#[derive(Debug)]
pub struct Shared {
    pub avatars: Vec<Arc<AvatarHandle>>,
    /// Solver tick rate in Hz (f32 bits), settable at run time.
    tick_hz_bits: AtomicU32,
    /// Set to stop the solver thread.
    pub stop: AtomicBool,
    /// Random per daemon start, sent in every state so subscribers can tell a restart from a gap.
    pub run_id: u64,
    /// The microphones' lip sync settings (`lip_sync_gain`), read by the input stage per audio frame.
    pub lip_sync: Arc<ArcSwap<crate::mapping::speech::LipSyncParams>>,
}

impl Shared {
    pub fn new(avatars: Vec<AvatarHandle>, tick_hz: f32) -> Self {
        Shared {
            avatars: avatars.into_iter().map(Arc::new).collect(),
            tick_hz_bits: AtomicU32::new(tick_hz.to_bits()),
            stop: AtomicBool::new(false),
            run_id: rand::random(),
            lip_sync: Arc::default(),
        }
    }

    pub fn tick_hz(&self) -> f32 {
        f32::from_bits(self.tick_hz_bits.load(Relaxed))
    }

    pub fn set_tick_hz(&self, hz: f32) {
        self.tick_hz_bits.store(hz.to_bits(), Relaxed);
    }

    /// The time step of a tick at the current rate.
    pub fn time_step(&self) -> TimeStep {
        TimeStep::new(self.tick_hz())
    }

    /// The daemon's live parameters (`SetParams` `tick_hz`), as they are now.
    pub fn daemon_params(&self) -> DaemonParams {
        DaemonParams { tick_hz: self.tick_hz(), lip_sync_gain: self.lip_sync.load().gain }
    }

    pub fn set_daemon_params(&self, p: DaemonParams) {
        self.set_tick_hz(p.tick_hz);
        let lip_sync = **self.lip_sync.load();
        if lip_sync.gain != p.lip_sync_gain {
            self.lip_sync
                .store(Arc::new(crate::mapping::speech::LipSyncParams { gain: p.lip_sync_gain, ..lip_sync }));
        }
    }

    pub fn avatar(&self, id: &str) -> Option<&Arc<AvatarHandle>> {
        self.avatars.iter().find(|a| a.id == id)
    }

    /// The avatars an id addresses: one by name, or all for `*`.
    pub fn select(&self, id: &str) -> Vec<&Arc<AvatarHandle>> {
        if id == "*" {
            self.avatars.iter().collect()
        } else {
            self.avatar(id).into_iter().collect()
        }
    }

    pub fn info(&self, a: &AvatarHandle) -> AvatarInfo {
        AvatarInfo {
            avatar_id: a.id.clone(),
            topic: a.topic.clone(),
            asset_hash: a.asset_hash.clone(),
            asset_len: a.asset_path.as_ref().and_then(|p| std::fs::metadata(p).ok()).map_or(0, |m| m.len()),
            num_p: a.num_p,
            num_z: a.num_z,
            tick_hz: self.tick_hz(),
        }
    }
}
