//! `avatard`: the avatar runtime's daemon as a library — tracker frames in over ZeroMQ, simulated avatar
//! states out — for the `avatard` binary and for programs that embed the runtime. The simulation itself is
//! the `avatar-sim` crate, the pure mapping from tracker frames to rig parameters the `avatar-mapping` crate
//! (`mapping/`, re-exported as [`mapping`]); the command line and the demo are the `avatard-cli` package (`cli/`,
//! the `avatard` binary), the benchmarks the `avatard-bench` package (`bench/`), and what those share (motions,
//! measures, the tracking harness) the `avatar-lab` package (`lab/`). This library depends on none of those:
//! an engine that embeds the runtime compiles no renderer, plotting, command-line parser or measurement harness.
//!
//! # Layout
//! One tracker frame, from socket to published `z`, passes through these files in order:
//! 1. `service.rs` ([`run`]): loads the avatars ([`load_avatars`]), binds the sockets (tracker input SUB, state
//!    PUB, control ROUTER) and the web output, spawns the tasks and the tick thread, supervises them until the
//!    shutdown future resolves (or one of them dies), shuts them down: one step each.
//! 2. `ingest.rs` ([`Ingest`]): input socket bytes → verified frame ([`avatar_schema::decode()`]) → ordering
//!    check per stream → the avatar's lock-free latest-value slots per source ([`Inputs`]); every drop counted
//!    by reason in [`Metrics`]. A `HandFrame` goes to the slot of its hand ([`Slots::hand`]: the subject's left
//!    or right, from `handedness`), unless its `handedness_score` is under
//!    [`StreamRules::min_handedness_score`] (then only counted, `input.hands_gated`).
//! 3. `tick/` ([`Solver`]): the dedicated fixed-rate thread (`mod.rs`: phase-locked to the input; every tick
//!    it steps each avatar ([`AvatarSim::tick`]) and queues one `AvatarState` without ever waiting on the
//!    network), `wait.rs` (sleep to a learned margin, spin the rest: 120 Hz on every OS's timer),
//!    `placement.rs` (priority or QoS, and on Linux the core it is pinned to, never an efficiency core),
//!    `shed.rs` (work shed while ticks overrun: fewer flesh iterations, never the pose).
//! 4. `avatar/` ([`AvatarSim`]): one avatar's tick: `retarget/` (slots → One-Euro filtered, [`mapping`] →
//!    interpolated rig parameters `p`; hold and ease to rest on silence, and whether the avatar is idle), a
//!    struct per stage with its own state and reset, run in this order, each handing the next a typed value:
//!    `sources` (the new frames, `NewFrames`; a restarted tracker restarts the filters) → `labels` (a body
//!    frame whose left/right labels MediaPipe swapped is swapped back, `mapping/src/labels.rs`) → the mappers `pose`,
//!    `face`, `hand`, `rig_frame`, each with its own One-Euro filters (`filters`) (this tick's pieces,
//!    `Mapped`) → `ground` (the grounding, on the mapped body and rig frame) → `pieces` (the latest of each
//!    kind) → `silence`, per piece (held, eased out: `PieceWeights`) → `compose` (the target `p`) →
//!    `interpolate` (this tick's `p`) → `silence`, whole pose (held, eased to rest, idle). A body frame's
//!    world landmarks become bone rotations about a fixed root (`mapping/src/pose.rs`, called by
//!    `retarget/pose.rs`), then `mapping/src/grounding/` (called by `retarget/ground.rs`) places the root from
//!    the image (`camera.rs`: the translation that projects the world landmarks onto the image ones), learns
//!    the floor and which foot is planted (`floor.rs`), locks planted feet with leg IK (`leg_ik.rs`) and
//!    rests the legs when they are out of view (`desk.rs`), all on the mapped `p`.
//!    Then the spring bones when the avatar has them (`avatar_sim::spring`: hair
//!    and skirts turned on top of `p`, their colliders moved by the last tick's flesh), then `dynamics.rs` (the
//!    held part of the flesh `u_h(p)` when the asset has one, `avatar_sim::reduced::held`, laid under the
//!    reduced step of `avatar_sim::reduced` → `z`, its joints' rotations and coefficients published as the
//!    state's `held`; damping,
//!    teleports, the guard; while idle, `breathing.rs`'s chest/belly actuation `a` passed to the step, paper
//!    003's modal actuation) → [`TickOutput`]; both detect a jump in `p` with `teleport.rs`. A hand frame
//!    there: the avatar's hand of the same side (the other side when mirrored) takes it; `mapping/src/hand.rs`
//!    turns its 21 world landmarks into the palm frame and each finger's flexion and spread
//!    ([`mapping::hand::measure`]), `retarget/hand.rs` One-Euro filters those angles, and
//!    [`mapping::HandRig::apply`] poses the hand bone (the palm, relative to the forearm) and the finger bones
//!    on top of the body's `p` (`retarget/compose.rs`); a silent hand is held, then eased back like the other
//!    pieces.
//! 5. `publish.rs`: encodes the states and periodic `Stats` onto the PUB socket, one topic per avatar
//!    ([`state_topic`]); keeps the latest state for late joiners.
//!
//!    With `--web`, `web.rs` sends the same bytes to browsers over WebSocket (a fan-out ring that never blocks)
//!    and serves the browser viewer and each avatar's glb; `viewer.rs` holds the viewer's files (the committed
//!    `viewer/dist` embedded in the binary, or a folder for viewer development).
//!
//! Beside the frame's path: `control.rs` (request/response on the ROUTER socket: list, state, stats, params,
//! reset, asset), `config.rs` ([`RunConfig`]: endpoints, the TOML file, validation), `shared.rs` (the avatar
//! handles the tasks share: [`Shared`], [`AvatarHandle`]), `metrics.rs` (counters, histograms, `Stats`),
//! `avatar/load.rs` (an avatar's asset: the embedded default avatar or a file, through the precompute cache),
//! `avatar/params.rs` ([`SimParams`], the live per-avatar parameters, each declared once), `live_params/` (what is
//! derived from a declaration: setting by name, validation, a `SetParams` request split between the daemon's
//! own parameters, [`live_params::DaemonParams`] with `tick_hz`, and the avatars'; the schema's table; the
//! declaration machinery itself is `param_spec.rs`, below both sets) and
//! `time_step.rs` ([`TimeStep`]: a tick's `h`, period and `sim_time_ns` increment, made once per tick from
//! the rate).
//! `vmc/` sends one avatar's latest state as VMC protocol bones and blendshapes (OSC over UDP) to a VMC
//! receiver (`--vmc-out`): `config.rs` (its settings), `encoder.rs` (state → OSC bundles), `task.rs` (the UDP
//! sender); the Unity bone names and axes it sends in are the workspace's (`avatar_humanoid`).
//!
//! Modules depend one way: `config.rs` on the settings of the parts it assembles (`vmc/`'s [`VmcConfig`] and
//! its errors, `web.rs`, `tick/`, `ingest.rs`, `avatar/`), never the reverse; `metrics.rs` (every part's
//! counters, the web output's [`WebCounters`] too) on no other module.

mod avatar;
mod config;
mod control;
mod ingest;
pub mod live_params;
/// The pure mapping (MediaPipe frames -> `p`), its own crate `avatar-mapping` so that it is usable without this
/// crate's I/O stack; re-exported here under its old name.
pub use avatar_mapping as mapping;
mod metrics;
mod param_spec;
mod publish;
mod service;
mod shared;
mod tick;
mod time_step;
mod viewer;
pub mod vmc;
mod web;

pub use avatar::load::{load as load_avatar, load_asset, AvatarSpec, LoadedAsset, LoadedAvatar};
pub use avatar::params::{SimParams, SETTABLE};
/// The per-avatar reduced dynamics [`AvatarSim`] steps, and its teleport rule: for benchmarks that restart the
/// runtime's own step from a given state (`avatard bench fidelity`'s one-step error).
pub use avatar::{dynamics::Dynamics, dynamics::StepOutcome, teleport::is_teleport};
pub use avatar::{AvatarSim, TickOutput};
pub use config::{
    check_tick_hz, parse_web_addr, ConfigError, Endpoints, FileConfig, RunConfig, ANY_LOOPBACK_PORT,
    DEFAULT_WEB_PORT,
};
pub use ingest::{Accepted, Ingest, Inputs, Slots, SourceSlots, StreamRules};
pub use live_params::TICK_HZ_RANGE;
pub use mapping::FaceMap;
pub use metrics::{quantile as histogram_quantile, Metrics, PhaseCounters, WebCounters};
pub use service::{load_avatars, run, shutdown_signal, Running, STATE_QUEUE};
pub use shared::{state_topic, AvatarHandle, Shared, STATS_TOPIC};
pub use tick::{Fault, PhaseLock, Solver, SolverSettings};
pub use time_step::TimeStep;
pub use viewer::ViewerFiles;
pub use vmc::{VmcConfig, VmcEncoder};
pub use web::{
    Fanout, WebConfig, INPUT_BURST as WEB_INPUT_BURST, INPUT_MESSAGE_MAX as WEB_INPUT_MESSAGE_MAX,
    INPUT_QUEUE as WEB_INPUT_QUEUE, INPUT_RATE as WEB_INPUT_RATE, STALL as WEB_STALL,
};
