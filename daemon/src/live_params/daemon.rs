//! The daemon's own live parameters: one value for every avatar at once (the solver's tick rate). `SetParams`
//! sets them through the same request as an avatar's (the `avatar_id` must exist, the value applies to all).

use crate::param_spec::{params, Declared, ParamSpec, Range};

/// Allowed solver tick rates (`tick_hz`'s range).
pub const TICK_HZ_RANGE: std::ops::RangeInclusive<f32> = 1.0..=2000.0;

/// The daemon-wide parameters, as [`crate::Shared`] holds them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DaemonParams {
    pub tick_hz: f32,
    /// The microphones' input gain before the lip sync's analysis (1: as captured).
    pub lip_sync_gain: f32,
}

impl Default for DaemonParams {
    fn default() -> Self {
        DaemonParams { tick_hz: 120.0, lip_sync_gain: crate::mapping::speech::LipSyncParams::default().gain }
    }
}

/// Every live parameter of the daemon, declared once.
#[rustfmt::skip]
pub const DAEMON_PARAMS: &[ParamSpec<DaemonParams>] = params! {
    "tick_hz" => tick_hz, "Hz", Range::Closed(*TICK_HZ_RANGE.start() as f64, *TICK_HZ_RANGE.end() as f64),
        "the solver's rate, from the next tick, for every avatar (reported in `AvatarInfo.tick_hz`); each \
         avatar's reduced model is refactored for the new time step (`solver.model_rebuilds`)";
    "lip_sync_gain" => lip_sync_gain, "", Range::Closed(0.0, 100.0),
        "gain on every microphone's samples before the lip sync (1: as captured; raise it for a quiet \
         microphone whose voice stays under the silence gate, 0: the mouth never follows the voice)";
};

impl Declared for DaemonParams {
    const PARAMS: &'static [ParamSpec<Self>] = DAEMON_PARAMS;
}
