//! `avatard`: the avatar runtime daemon.
//!
//! # Layout
//! One tracker frame, from socket to published state, passes through these files in order:
//! - [`service`]: loads the avatars, binds the sockets (tracker input SUB, state PUB, control ROUTER), starts
//!   the tasks and the solver thread, runs until SIGINT/SIGTERM.
//! - [`ingest`]: input socket bytes -> verified frame ([`avatar_schema::decode`]) -> ordering check ->
//!   lock-free latest-value slots per source ([`ingest::Inputs`]); every drop counted by reason.
//! - [`solver`]: the dedicated fixed-rate thread (pinned, phase-locked to the input); steps every avatar and
//!   queues one `AvatarState` each tick without ever waiting on the network.
//! - [`avatar`]: one avatar's tick: [`avatar::retarget`] (slots -> filtered, mapped `p`) then
//!   [`avatar::dynamics`] (the reduced step -> `z`, guard).
//! - [`publish`]: encodes states and periodic stats onto the PUB socket, one topic per avatar; keeps the
//!   latest state for late joiners.
//! - [`control`]: request/response on the ROUTER socket (list, state, stats, params, reset, asset).
//!
//! Supporting pieces: [`config`] (endpoints, TOML file, validation), [`shared`] (avatar handles shared by the
//! tasks), [`metrics`] (counters, histograms, `Stats`), [`clock`], [`cli`] (the `avatard` command line),
//! [`mapping`] (tracker landmarks and blendshapes -> rig parameters, One-Euro filtering), [`demo`] and
//! [`demo_render`] (`avatard demo`), [`bench`] and [`bench_sim`] (`avatard bench ...`), [`bench_runtime`]
//! (`avatard bench runtime`: the daemon's end-to-end latency, solver throughput with 1-26 avatars),
//! [`sim`] (the simulation core), [`asset`] (avatar assets: file format, render mesh, cache, default avatar,
//! glTF import/export), [`flesh`] (quasistatic Steklov-Poincaré flesh, paper 002), [`flesh_commands`]
//! (`avatard flesh`, `avatard bench flesh`), [`sim_commands`] (`avatard precompute` and `avatard simulate`),
//! [`asset_commands`] (`avatard import` and `avatard export`), [`bench_asset`] (`avatard bench assets`).

pub mod avatar;
pub mod clock;
pub mod config;
pub mod control;
pub mod ingest;
pub mod mapping;
pub mod metrics;
pub mod publish;
pub mod service;
pub mod shared;
pub mod solver;
