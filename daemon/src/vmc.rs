//! The VMC sender (`avatard run --vmc-out HOST[:PORT]`): one avatar's latest published state as VMC protocol
//! messages (OSC over UDP, <https://protocol.vmc.info/english>) to a VMC receiver (a "Marionette": VSeeFace,
//! Warudo, VNyan, EVMC4U, … listen on UDP 39539), at a fixed rate (`vmc_rate_hz`, default 60).
//!
//! # What is sent
//! Every period, the avatar's latest state (the `AvatarState` the publisher last sent: the task only reads
//! [`AvatarHandle::latest`], it never waits on or slows the solver) as OSC bundles (time tag "immediately"),
//! each at most [`MAX_DATAGRAM`] bytes, the messages in this order, split across bundles where needed:
//!
//! | address | arguments | value |
//! |---|---|---|
//! | `/VMC/Ext/OK` | `iiii` | loaded 1, calibration state 3 (calibrated), calibration mode 0 (normal), tracking 1 when the avatar follows live input (its state has neither `REST_POSE` nor `HELD_POSE`), else 0 |
//! | `/VMC/Ext/T` | `f` | seconds since the sender started |
//! | `/VMC/Ext/Root/Pos` | `sfffffff` | `"root"`, position 0, rotation identity (the avatar's root motion is in the hips' position) |
//! | `/VMC/Ext/Bone/Pos` | `sfffffff` | per humanoid bone the avatar has: Unity `HumanBodyBones` name, local position, local rotation (x, y, z, w) |
//! | `/VMC/Ext/Blend/Val` | `sf` | per blendshape of the avatar: its name and weight; then the VRM presets of the table below |
//! | `/VMC/Ext/Blend/Apply` | none | last, in the last bundle |
//!
//! # Bones
//! Names: the VRM 1.0 humanoid role with its first letter upper-cased (`hips` → `Hips`, `leftUpperArm` →
//! `LeftUpperArm`, `upperChest` → `UpperChest`), except the thumbs, whose VRM 1.0 roles are one segment off
//! Unity's: `thumbMetacarpal` → `ThumbProximal`, `thumbProximal` → `ThumbIntermediate`, `thumbDistal` →
//! `ThumbDistal` (a VRM 0.x map's `thumbProximal/Intermediate/Distal` are Unity's already). Only names in
//! Unity's `HumanBodyBones` ([`HUMAN_BODY_BONES`]) are sent; the roles come from the avatar's role report
//! ([`crate::LoadedAvatar::roles`]).
//!
//! Rotations: a VMC receiver sets each bone's `localRotation` on a normalized (UniVRM) model: rest pose = the
//! T-pose with identity local rotations and world-aligned bone axes. This is the exact inverse of the
//! normalized rig frames the daemon takes in ([`crate::mapping::NormalizedSkeleton`]): with `T_b` the bone's
//! skinning transform in `p` (`G_b · bind_b⁻¹`, its rotation part by polar decomposition when it has scale)
//! and `B_b` the avatar's rest-pose correction (the rotation from the bone's T-pose direction to its bind
//! direction; identity on a T-pose avatar), the bone's normalized world rotation is `N_b = rot(T_b) · B_b`
//! and the sent local rotation is
//!
//! ```text
//! n_b = N_parent(b)ᵀ · N_b,     parent(b) = the nearest ancestor bone that has a role (the hips: none, N = I)
//! ```
//!
//! so a T-pose avatar sends `rot(T_parent)ᵀ · rot(T_b)`, and an A-pose avatar at rest sends the rotations that
//! bring the receiver's T-pose arms down to its A-pose. Positions: the bone's rest offset from that parent
//! (bind heads, world-aligned), for the hips their current world position (`T_hips` applied to the hips' bind
//! head) over the avatar's rest floor (the height of its lowest rest vertex is subtracted, so that a receiver's
//! model stands on its floor whatever the origin of our asset), in metres.
//!
//! Axes: ours are glTF's (right-handed, +Y up, the avatar faces +Z, its left at +X); Unity's are left-handed
//! (+Y up, the avatar faces +Z, its left at −X). The conversion mirrors X (UniVRM's glTF ↔ Unity convention
//! for VRM 1.0): a position `(x, y, z)` is sent as `(−x, y, z)`, a rotation quaternion `(x, y, z, w)` as
//! `(x, −y, −z, w)` (`M R M` with `M = diag(−1, 1, 1)`): [`to_unity_position`], [`to_unity_rotation`].
//!
//! # Blendshapes
//! Every blendshape of the avatar's rig goes out under its own name with its weight from `p`: ARKit-named ones
//! (the default avatar's 52, a "Perfect Sync" VRM's) pass as they are, for receivers that drive Perfect Sync.
//! Then, when the avatar has ARKit-named blendshapes, the VRM expressions that follow from them, under the
//! VMC (VRM 0.x `BlendShapePreset`) names, each `Σ weight × blendshape` clamped to [0, 1] over the terms the
//! avatar has (the same table the daemon maps the face tracker's scores with,
//! [`crate::mapping::EXPRESSION_TABLE`]); a preset is left out when the avatar has a blendshape of that name:
//!
//! | VMC name | VRM 1.0 preset | from the avatar's blendshapes |
//! |---|---|---|
//! | `A` | `aa` | `jawOpen` |
//! | `I` | `ih` | ½ `mouthUpperUpLeft` + ½ `mouthUpperUpRight` |
//! | `U` | `ou` | `mouthPucker` |
//! | `E` | `ee` | ½ `mouthStretchLeft` + ½ `mouthStretchRight` |
//! | `O` | `oh` | `mouthFunnel` |
//! | `Blink_L`, `Blink_R` | `blinkLeft`, `blinkRight` | `eyeBlinkLeft`, `eyeBlinkRight` |
//! | `Joy` | `happy` | ½ `mouthSmileLeft` + ½ `mouthSmileRight` |
//! | `Angry` | `angry` | ½ `browDownLeft` + ½ `browDownRight` |
//! | `Sorrow` | `sad` | ½ `mouthFrownLeft` + ½ `mouthFrownRight` |
//! | `Surprised` | `surprised` | ½ `browInnerUp` + ¼ `eyeWideLeft` + ¼ `eyeWideRight` |
//! | `LookUp`, `LookDown` | `lookUp`, `lookDown` | ½ `eyeLookUp/DownLeft` + ½ `eyeLookUp/DownRight` |
//! | `LookLeft` | `lookLeft` | ½ `eyeLookOutLeft` + ½ `eyeLookInRight` |
//! | `LookRight` | `lookRight` | ½ `eyeLookInLeft` + ½ `eyeLookOutRight` |
//!
//! `Blink` (both eyes) is not sent: with `Blink_L` and `Blink_R` it would close the eyes twice. `Fun`
//! (`relaxed`) and `Neutral` have no blendshape that stands for them.
//!
//! VMC carries bones and blendshapes only: the simulated flesh (`z`, the secondary motion) does not travel
//! over it.
//!
//! # Failures
//! A send error is counted (`vmc.errors`; sent datagrams: `vmc.sent`, both in `Stats`) and logged at most
//! every [`LOG_EVERY`]; the task goes on. It ends only when the daemon stops (aborted at shutdown).

use crate::avatar::load::LoadedAvatar;
use crate::config::ConfigError;
use crate::mapping::{NormalizedSkeleton, EXPRESSION_TABLE};
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::state_flags;
use avatar_sim::rig::{Rig, RigPart};
use nalgebra::{Matrix3, Rotation3, UnitQuaternion, Vector3};
use rosc::{OscBundle, OscMessage, OscPacket, OscTime, OscType};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The port VMC receivers listen on.
pub const DEFAULT_PORT: u16 = 39539;
/// Default send rate (Hz).
pub const DEFAULT_RATE_HZ: f32 = 60.0;
/// Allowed send rates (Hz).
pub const RATE_HZ_RANGE: std::ops::RangeInclusive<f32> = 1.0..=1000.0;
/// Largest datagram sent (bytes): well under the 64 KiB UDP limit and what receivers' buffers take.
pub const MAX_DATAGRAM: usize = 8192;
/// Send errors are logged at most this often.
pub const LOG_EVERY: Duration = Duration::from_secs(5);

/// Unity's `HumanBodyBones` (without `LastBone`): the bone names VMC receivers know.
pub const HUMAN_BODY_BONES: [&str; 55] = [
    "Hips",
    "LeftUpperLeg",
    "RightUpperLeg",
    "LeftLowerLeg",
    "RightLowerLeg",
    "LeftFoot",
    "RightFoot",
    "Spine",
    "Chest",
    "Neck",
    "Head",
    "LeftShoulder",
    "RightShoulder",
    "LeftUpperArm",
    "RightUpperArm",
    "LeftLowerArm",
    "RightLowerArm",
    "LeftHand",
    "RightHand",
    "LeftToes",
    "RightToes",
    "LeftEye",
    "RightEye",
    "Jaw",
    "LeftThumbProximal",
    "LeftThumbIntermediate",
    "LeftThumbDistal",
    "LeftIndexProximal",
    "LeftIndexIntermediate",
    "LeftIndexDistal",
    "LeftMiddleProximal",
    "LeftMiddleIntermediate",
    "LeftMiddleDistal",
    "LeftRingProximal",
    "LeftRingIntermediate",
    "LeftRingDistal",
    "LeftLittleProximal",
    "LeftLittleIntermediate",
    "LeftLittleDistal",
    "RightThumbProximal",
    "RightThumbIntermediate",
    "RightThumbDistal",
    "RightIndexProximal",
    "RightIndexIntermediate",
    "RightIndexDistal",
    "RightMiddleProximal",
    "RightMiddleIntermediate",
    "RightMiddleDistal",
    "RightRingProximal",
    "RightRingIntermediate",
    "RightRingDistal",
    "RightLittleProximal",
    "RightLittleIntermediate",
    "RightLittleDistal",
    "UpperChest",
];

/// VRM 1.0 preset → the VMC (VRM 0.x `BlendShapePreset`) name it is sent as (see the module doc's table).
pub const PRESET_NAMES: [(&str, &str); 15] = [
    ("aa", "A"),
    ("ih", "I"),
    ("ou", "U"),
    ("ee", "E"),
    ("oh", "O"),
    ("blinkLeft", "Blink_L"),
    ("blinkRight", "Blink_R"),
    ("happy", "Joy"),
    ("angry", "Angry"),
    ("sad", "Sorrow"),
    ("surprised", "Surprised"),
    ("lookUp", "LookUp"),
    ("lookDown", "LookDown"),
    ("lookLeft", "LookLeft"),
    ("lookRight", "LookRight"),
];

/// The VMC output of `avatard run`: where, how often, which avatar.
#[derive(Clone, Debug, PartialEq)]
pub struct VmcConfig {
    /// The receiver (UDP).
    pub target: SocketAddr,
    pub rate_hz: f32,
    /// The avatar sent; `None`: the first avatar with an asset.
    pub avatar: Option<String>,
}

impl VmcConfig {
    /// To `target` at the default rate, the first avatar.
    pub fn new(target: SocketAddr) -> Self {
        VmcConfig { target, rate_hz: DEFAULT_RATE_HZ, avatar: None }
    }

    /// The configuration after the given settings (a config file's keys or the command line's flags) over
    /// `base`: `out` (`HOST[:PORT]`, [`parse_target`]) turns the output on; a rate or avatar without an output
    /// (here or in `base`) is an error.
    pub fn merged(
        base: Option<VmcConfig>,
        out: Option<&str>,
        rate_hz: Option<f32>,
        avatar: Option<String>,
    ) -> Result<Option<VmcConfig>, ConfigError> {
        let mut c = match (base, out) {
            (_, Some(out)) => VmcConfig::new(parse_target(out)?),
            (Some(b), None) => b,
            (None, None) if rate_hz.is_none() && avatar.is_none() => return Ok(None),
            (None, None) => {
                return Err(ConfigError::Vmc("vmc_rate_hz / vmc_avatar need vmc_out (--vmc-out)".into()))
            }
        };
        c.rate_hz = rate_hz.unwrap_or(c.rate_hz);
        c.avatar = avatar.or(c.avatar);
        Ok(Some(c))
    }

    /// The rate is in [`RATE_HZ_RANGE`]; the avatar, if named, is one of `avatar_ids`.
    pub fn validate<'a>(&self, mut avatar_ids: impl Iterator<Item = &'a str>) -> Result<(), ConfigError> {
        if !RATE_HZ_RANGE.contains(&self.rate_hz) {
            return Err(ConfigError::OutOfRange {
                name: "vmc_rate_hz",
                value: self.rate_hz as f64,
                range: "1..=1000",
            });
        }
        match &self.avatar {
            Some(id) if !avatar_ids.any(|a| a == id) => {
                Err(ConfigError::Vmc(format!("vmc_avatar {id:?} is not one of the daemon's avatars")))
            }
            _ => Ok(()),
        }
    }
}

/// A VMC receiver's address: `HOST:PORT` or `HOST` (port [`DEFAULT_PORT`]); `HOST` an IP address (IPv6 in
/// brackets with a port) or a name, resolved now (an IPv4 address preferred).
pub fn parse_target(s: &str) -> Result<SocketAddr, ConfigError> {
    let bad = |why: &str| ConfigError::Vmc(format!("vmc_out {s:?}: {why} (expected HOST[:PORT])"));
    if let Ok(a) = s.parse::<SocketAddr>() {
        return Ok(a);
    }
    let bare = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')).unwrap_or(s);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    let (host, port) = match s.rsplit_once(':') {
        Some((h, p)) => (h, p.parse::<u16>().map_err(|_| bad("bad port"))?),
        None => (s, DEFAULT_PORT),
    };
    if host.is_empty() || host.contains([':', '/', ' ']) {
        return Err(bad("bad host"));
    }
    let addrs: Vec<SocketAddr> =
        (host, port).to_socket_addrs().map_err(|e| bad(&format!("cannot resolve: {e}")))?.collect();
    addrs.iter().find(|a| a.is_ipv4()).or(addrs.first()).copied().ok_or_else(|| bad("no address"))
}

/// Our position (glTF: right-handed, +Y up, facing +Z) in Unity's axes (left-handed): X mirrored.
pub fn to_unity_position(p: Vector3<f64>) -> [f32; 3] {
    [-p.x as f32, p.y as f32, p.z as f32]
}

/// Our rotation in Unity's axes: `M R M` with `M = diag(−1, 1, 1)`, as a quaternion `(x, −y, −z, w)`.
pub fn to_unity_rotation(q: &UnitQuaternion<f64>) -> [f32; 4] {
    [q.i as f32, -q.j as f32, -q.k as f32, q.w as f32]
}

/// The Unity `HumanBodyBones` name of a VRM 1.0 humanoid role (`None`: not a Unity humanoid bone).
pub fn unity_bone_name(role: &str) -> Option<&'static str> {
    if !avatar_schema::humanoid::is_role(role) {
        return None;
    }
    let mut chars = role.chars();
    let first = chars.next()?;
    let mut name: String = first.to_uppercase().chain(chars).collect();
    for (vrm1, unity) in [("ThumbMetacarpal", "ThumbProximal"), ("ThumbProximal", "ThumbIntermediate")] {
        if let Some(side) = name.strip_suffix(vrm1) {
            name = format!("{side}{unity}");
            break;
        }
    }
    HUMAN_BODY_BONES.iter().find(|b| **b == name).copied()
}

/// Role → bone with VRM 1.0's thumb roles, as the VRM export names them.
fn vrm1_roles(roles: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    avatar_sim::rig::vrm1_thumb_roles(roles.clone())
}

/// One humanoid bone as sent.
#[derive(Clone, Debug)]
struct VmcBone {
    name: &'static str,
    /// First of its 12 entries in `p`.
    offset: usize,
    /// Index in [`VmcEncoder::bones`] of the nearest ancestor with a role (before this one).
    parent: Option<usize>,
    /// `B_b`.
    bind_from_t: Rotation3<f64>,
    /// Bind head (world).
    head: Vector3<f64>,
    /// Bind head minus the parent's bind head (world-aligned).
    rest_offset: Vector3<f64>,
}

/// A VRM preset from the avatar's ARKit-named blendshapes.
#[derive(Clone, Debug)]
struct VmcPreset {
    name: &'static str,
    /// (parameter in `p`, weight)
    terms: Vec<(usize, f64)>,
}

/// One avatar's state → VMC messages and datagrams (pure: no socket; built once per avatar).
#[derive(Clone, Debug)]
pub struct VmcEncoder {
    /// Parents before children.
    bones: Vec<VmcBone>,
    /// (name, parameter in `p`)
    blendshapes: Vec<(String, usize)>,
    presets: Vec<VmcPreset>,
    num_p: usize,
    /// Height of the avatar's rest floor in its own coordinates (subtracted from the hips' position).
    floor_y: f64,
}

/// One bone as sent: Unity name, local position and rotation in Unity's axes.
#[derive(Clone, Debug, PartialEq)]
pub struct BonePose {
    pub name: &'static str,
    pub position: [f32; 3],
    /// (x, y, z, w)
    pub rotation: [f32; 4],
}

impl VmcEncoder {
    /// For a rig (its first skeleton, its blendshapes) and its humanoid roles (role → bone name).
    pub fn new(rig: &Rig, roles: &BTreeMap<String, String>) -> VmcEncoder {
        let roles = vrm1_roles(roles);
        let mut bones: Vec<VmcBone> = Vec::new();
        let lbs = rig.parts().iter().zip(rig.part_offsets()).find_map(|(part, &o)| match part {
            RigPart::Lbs(l) => Some((l, o)),
            _ => None,
        });
        if let Some((lbs, o)) = lbs {
            let skeleton = NormalizedSkeleton::new(lbs, &roles);
            // bone index → Unity name, one bone per name (the first role in role order)
            let mut named: Vec<Option<&'static str>> = vec![None; lbs.num_bones()];
            for (role, bone) in &roles {
                let (Some(unity), Some(b)) = (unity_bone_name(role), lbs.bone_index(bone)) else { continue };
                if named[b].is_none() && !named.contains(&Some(unity)) {
                    named[b] = Some(unity);
                }
            }
            let head = |b: usize| {
                let bind = &lbs.bones()[b].bind;
                Vector3::new(bind[0][3], bind[1][3], bind[2][3])
            };
            let mut index_of: Vec<Option<usize>> = vec![None; lbs.num_bones()];
            for &b in lbs.topological_order() {
                let Some(name) = named[b] else { continue };
                let mut up = lbs.bones()[b].parent;
                let parent = loop {
                    match up {
                        None => break None,
                        Some(p) if index_of[p].is_some() => break index_of[p],
                        Some(p) => up = lbs.bones()[p].parent,
                    }
                };
                let h = head(b);
                let rest_offset = parent.map_or(h, |p: usize| h - bones[p].head);
                index_of[b] = Some(bones.len());
                bones.push(VmcBone {
                    name,
                    offset: o + 12 * b,
                    parent,
                    bind_from_t: skeleton.bind_from_t(b),
                    head: h,
                    rest_offset,
                });
            }
        }
        let mut blendshapes = Vec::new();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            if let RigPart::Blendshapes(b) = part {
                blendshapes.extend(b.names().enumerate().map(|(i, n)| (n.to_owned(), o + i)));
            }
        }
        let presets = PRESET_NAMES
            .iter()
            .filter(|(_, vmc)| !blendshapes.iter().any(|(n, _)| n == vmc))
            .filter_map(|&(vrm1, vmc)| {
                let (_, terms) = EXPRESSION_TABLE.iter().find(|(p, _)| *p == vrm1)?;
                let terms: Vec<(usize, f64)> = terms
                    .iter()
                    .filter_map(|(n, w)| rig.blendshape_param_index(n).map(|i| (i, *w)))
                    .collect();
                (!terms.is_empty()).then_some(VmcPreset { name: vmc, terms })
            })
            .collect();
        VmcEncoder { bones, blendshapes, presets, num_p: rig.num_params(), floor_y: 0.0 }
    }

    /// For a loaded avatar (its rig and role report), the floor at its lowest rest vertex.
    pub fn for_avatar(a: &LoadedAvatar) -> VmcEncoder {
        let floor_y = a.asset.sim.mesh.bounds().0[1];
        VmcEncoder { floor_y, ..VmcEncoder::new(&a.asset.sim.rig, &a.roles.mapped) }
    }

    /// The same with the hips' positions measured from a floor at height `y` (our coordinates).
    pub fn with_floor(self, y: f64) -> VmcEncoder {
        VmcEncoder { floor_y: y, ..self }
    }

    /// The rig's parameter count (a state of another length is not sent).
    pub fn num_p(&self) -> usize {
        self.num_p
    }

    /// The Unity names of the bones sent, parents first.
    pub fn bone_names(&self) -> Vec<&'static str> {
        self.bones.iter().map(|b| b.name).collect()
    }

    /// Every humanoid bone's local pose in Unity's axes for the rig parameters `p` (see the module doc).
    pub fn bone_poses(&self, p: &[f32]) -> Vec<BonePose> {
        let mut world: Vec<Rotation3<f64>> = Vec::with_capacity(self.bones.len());
        let mut out = Vec::with_capacity(self.bones.len());
        for b in &self.bones {
            let t = &p[b.offset..b.offset + 12];
            let a = Matrix3::from_fn(|r, c| t[4 * r + c] as f64);
            let n = polar_rotation(&a) * b.bind_from_t;
            let local = match b.parent {
                Some(parent) => world[parent].inverse() * n,
                None => n,
            };
            world.push(n);
            let position = match b.parent {
                Some(_) => b.rest_offset,
                None => a * b.head + Vector3::new(t[3] as f64, t[7] as f64 - self.floor_y, t[11] as f64),
            };
            out.push(BonePose {
                name: b.name,
                position: to_unity_position(position),
                rotation: to_unity_rotation(&UnitQuaternion::from_rotation_matrix(&local)),
            });
        }
        out
    }

    /// (name, weight) per blendshape of the rig, then per VRM preset (see the module doc).
    pub fn blend_values(&self, p: &[f32]) -> Vec<(&str, f32)> {
        let mut out: Vec<(&str, f32)> = self.blendshapes.iter().map(|(n, i)| (n.as_str(), p[*i])).collect();
        out.extend(self.presets.iter().map(|pr| {
            let v: f64 = pr.terms.iter().map(|&(i, w)| p[i] as f64 * w).sum();
            (pr.name, v.clamp(0.0, 1.0) as f32)
        }));
        out
    }

    /// The messages of one frame, in the order of the module doc. `p` must have [`Self::num_p`] entries.
    pub fn messages(&self, p: &[f32], time_s: f32, tracked: bool) -> Vec<OscMessage> {
        let msg = |addr: &str, args: Vec<OscType>| OscMessage { addr: addr.to_owned(), args };
        let pose = |name: &str, pos: [f32; 3], rot: [f32; 4]| {
            let mut args = vec![OscType::String(name.to_owned())];
            args.extend(pos.iter().chain(&rot).map(|&v| OscType::Float(v)));
            args
        };
        let mut out = vec![
            msg("/VMC/Ext/OK", [1, 3, 0, tracked as i32].map(OscType::Int).to_vec()),
            msg("/VMC/Ext/T", vec![OscType::Float(time_s)]),
            msg("/VMC/Ext/Root/Pos", pose("root", [0.0; 3], [0.0, 0.0, 0.0, 1.0])),
        ];
        for b in self.bone_poses(p) {
            out.push(msg("/VMC/Ext/Bone/Pos", pose(b.name, b.position, b.rotation)));
        }
        for (name, v) in self.blend_values(p) {
            out.push(msg("/VMC/Ext/Blend/Val", vec![OscType::String(name.to_owned()), OscType::Float(v)]));
        }
        out.push(msg("/VMC/Ext/Blend/Apply", Vec::new()));
        out
    }

    /// One frame as encoded OSC bundles, in order, each at most [`MAX_DATAGRAM`] bytes.
    pub fn datagrams(&self, p: &[f32], time_s: f32, tracked: bool) -> Vec<Vec<u8>> {
        bundles(self.messages(p, time_s, tracked), MAX_DATAGRAM)
    }
}

/// The rotation nearest to `a` (polar decomposition by SVD; identity when `a` is degenerate or not finite).
fn polar_rotation(a: &Matrix3<f64>) -> Rotation3<f64> {
    if !a.iter().all(|v| v.is_finite()) {
        return Rotation3::identity();
    }
    let svd = a.svd(true, true);
    let (Some(u), Some(v_t)) = (svd.u, svd.v_t) else { return Rotation3::identity() };
    let mut r = u * v_t;
    if r.determinant() < 0.0 {
        let mut u = u;
        u.column_mut(2).neg_mut();
        r = u * v_t;
    }
    Rotation3::from_matrix_unchecked(r)
}

/// Pack messages, in order, into as few OSC bundles of at most `max` bytes as they fit in ("immediately").
fn bundles(messages: Vec<OscMessage>, max: usize) -> Vec<Vec<u8>> {
    const BUNDLE_HEADER: usize = 16; // "#bundle\0" + time tag
    let immediately = OscTime { seconds: 0, fractional: 1 };
    let encode = |content: Vec<OscPacket>| {
        rosc::encoder::encode(&OscPacket::Bundle(OscBundle { timetag: immediately, content }))
            .expect("an OSC bundle of strings, ints and floats encodes")
    };
    let (mut out, mut current, mut size) = (Vec::new(), Vec::new(), BUNDLE_HEADER);
    for m in messages {
        let packet = OscPacket::Message(m);
        let len = 4 + rosc::encoder::encode(&packet).map_or(0, |b| b.len());
        if !current.is_empty() && size + len > max {
            out.push(encode(std::mem::take(&mut current)));
            size = BUNDLE_HEADER;
        }
        current.push(packet);
        size += len;
    }
    if !current.is_empty() {
        out.push(encode(current));
    }
    out
}

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
        bones = encoder.bones.len(), blendshapes = encoder.blendshapes.len() + encoder.presets.len(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::rig::{BlendTarget, BlendshapeRig, Bone, LbsRig, VertexWeights, IDENTITY};
    use std::f64::consts::FRAC_1_SQRT_2;

    /// hips → spine → left upper arm → left lower arm; the arm along +X (T-pose) or 45° down (A-pose);
    /// blendshapes after the skeleton.
    fn test_rig(a_pose: bool, blendshapes: &[&str]) -> (Rig, BTreeMap<String, String>) {
        let bone = |name: &str, parent: Option<usize>, h: [f64; 3]| {
            let mut bind = IDENTITY;
            (0..3).for_each(|i| bind[i][3] = h[i]);
            Bone { name: name.into(), parent, bind }
        };
        let d = if a_pose { [FRAC_1_SQRT_2, -FRAC_1_SQRT_2] } else { [1.0, 0.0] };
        let bones = vec![
            bone("pelvis", None, [0.0, 1.0, 0.0]),
            bone("spine", Some(0), [0.0, 1.2, 0.0]),
            bone("twist", Some(1), [0.1, 1.4, 0.0]), // no role: skipped, its child's parent is the spine
            bone("ua", Some(2), [0.2, 1.4, 0.0]),
            bone("la", Some(3), [0.2 + 0.3 * d[0], 1.4 + 0.3 * d[1], 0.0]),
            bone("hand", Some(4), [0.2 + 0.6 * d[0], 1.4 + 0.6 * d[1], 0.0]),
        ];
        let n = bones.len();
        let weights = VertexWeights::from_rows((0..n).map(|b| vec![(b as u32, 1.0)]));
        let mut parts = vec![RigPart::Lbs(LbsRig::new(bones, weights).unwrap())];
        if !blendshapes.is_empty() {
            let targets = blendshapes
                .iter()
                .map(|s| BlendTarget {
                    name: s.to_string(),
                    indices: vec![0],
                    deltas: vec![[0.0, 0.01, 0.0]],
                })
                .collect();
            parts.push(RigPart::Blendshapes(BlendshapeRig::new(Some(n), targets).unwrap()));
        }
        let roles = [
            ("hips", "pelvis"),
            ("spine", "spine"),
            ("leftUpperArm", "ua"),
            ("leftLowerArm", "la"),
            ("leftHand", "hand"),
        ]
        .map(|(r, b)| (r.to_owned(), b.to_owned()))
        .into();
        (Rig::new(parts).unwrap(), roles)
    }

    fn rest(rig: &Rig) -> Vec<f32> {
        rig.rest_params().iter().map(|&v| v as f32).collect()
    }

    /// `T = [R | c − R c]`: rotation `r` about the point `c`, written as bone `b`'s skinning transform.
    fn set_rotation_about(p: &mut [f32], b: usize, r: &Rotation3<f64>, c: Vector3<f64>) {
        let x = c - r * c;
        for i in 0..3 {
            for j in 0..3 {
                p[12 * b + 4 * i + j] = r[(i, j)] as f32;
            }
            p[12 * b + 4 * i + 3] = x[i] as f32;
        }
    }

    fn pose<'a>(poses: &'a [BonePose], name: &str) -> &'a BonePose {
        poses.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("{name} not sent"))
    }

    /// Angle (radians) between two (x, y, z, w) quaternions, sign-blind.
    fn angle(a: [f32; 4], b: [f32; 4]) -> f64 {
        let dot: f64 = a.iter().zip(&b).map(|(x, y)| *x as f64 * *y as f64).sum();
        2.0 * dot.abs().min(1.0).acos()
    }

    /// A known local rotation on one bone comes out as that rotation, in Unity's axes (written out by hand
    /// here: axis (ax, ay, az) → (ax, −ay, −az) for the X mirror), whatever its parent's world rotation.
    #[test]
    fn a_bone_rotation_comes_out_as_its_local_rotation_in_unity_axes() {
        let (rig, roles) = test_rig(false, &[]);
        let enc = VmcEncoder::new(&rig, &roles);
        assert_eq!(enc.bone_names(), ["Hips", "Spine", "LeftUpperArm", "LeftLowerArm", "LeftHand"]);
        let (axis, theta) = (Vector3::new(0.3, -0.5, 0.8).normalize(), 0.9f64);
        let r = Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), theta);
        let (s, c) = ((theta / 2.0).sin(), (theta / 2.0).cos());
        let want = [axis.x * s, -axis.y * s, -axis.z * s, c].map(|v| v as f32);
        // the upper arm (and below) turned about the shoulder, the rest at rest
        let mut p = rest(&rig);
        let shoulder = Vector3::new(0.2, 1.4, 0.0);
        for b in 3..6 {
            set_rotation_about(&mut p, b, &r, shoulder);
        }
        let poses = enc.bone_poses(&p);
        assert!(angle(pose(&poses, "LeftUpperArm").rotation, want) < 1e-6);
        for other in ["Hips", "Spine", "LeftLowerArm", "LeftHand"] {
            assert!(angle(pose(&poses, other).rotation, [0.0, 0.0, 0.0, 1.0]) < 1e-6, "{other}");
        }
        // the hips turned by a yaw too: everything carried, the arm's local rotation the same
        let yaw = Rotation3::from_axis_angle(&Vector3::y_axis(), 0.7);
        let hips = Vector3::new(0.0, 1.0, 0.0);
        let mut p2 = rest(&rig);
        for b in 0..6 {
            let world = if b >= 3 { yaw * r } else { yaw };
            // joints together: rotate the arm about the shoulder, then everything about the hips
            let mut t = Rotation3::identity();
            let mut x = Vector3::zeros();
            if b >= 3 {
                t = r;
                x = shoulder - r * shoulder;
            }
            let (t2, x2) = (yaw * t, yaw * x + hips - yaw * hips);
            assert!((t2.matrix() - world.matrix()).norm() < 1e-12);
            for i in 0..3 {
                for j in 0..3 {
                    p2[12 * b + 4 * i + j] = t2[(i, j)] as f32;
                }
                p2[12 * b + 4 * i + 3] = x2[i] as f32;
            }
        }
        let poses = enc.bone_poses(&p2);
        assert!(angle(pose(&poses, "LeftUpperArm").rotation, want) < 1e-6);
        let (s, c) = (0.35f64.sin(), 0.35f64.cos());
        assert!(angle(pose(&poses, "Hips").rotation, [0.0, -s as f32, 0.0, c as f32]) < 1e-6);
        assert!(angle(pose(&poses, "Spine").rotation, [0.0, 0.0, 0.0, 1.0]) < 1e-6);
        // positions: the hips' world position, the others their rest offsets from the parent, X mirrored
        assert_eq!(pose(&poses, "Hips").position, [0.0, 1.0, 0.0]);
        let ua = pose(&poses, "LeftUpperArm").position;
        assert!((ua[0] + 0.2).abs() < 1e-6 && (ua[1] - 0.2).abs() < 1e-6 && ua[2].abs() < 1e-6, "{ua:?}");
        // the hips moved: their world position, the others' rest offsets unchanged
        let mut p4 = p2.clone();
        for b in 0..6 {
            p4[12 * b + 3] += 0.1;
            p4[12 * b + 11] += 0.2;
        }
        let moved = enc.bone_poses(&p4);
        let h = pose(&moved, "Hips").position;
        assert!((h[0] + 0.1).abs() < 1e-6 && (h[1] - 1.0).abs() < 1e-6 && (h[2] - 0.2).abs() < 1e-6, "{h:?}");
        assert_eq!(pose(&moved, "LeftUpperArm").position, ua);
        let floored = enc.clone().with_floor(-0.5).bone_poses(&p4);
        assert!((pose(&floored, "Hips").position[1] - 1.5).abs() < 1e-6, "the hips over a floor at -0.5");
        // a scaled transform: the rotation part is taken
        let mut p3 = p.clone();
        for b in 3..6 {
            for i in 0..3 {
                for j in 0..3 {
                    p3[12 * b + 4 * i + j] *= 1.3;
                }
            }
        }
        assert!(angle(pose(&enc.bone_poses(&p3), "LeftUpperArm").rotation, want) < 1e-6);
    }

    /// An A-pose avatar at rest sends the rotation that takes a T-pose arm (Unity: along −X) to its A-pose arm
    /// (45° down); its forearm, already along the upper arm, sends the identity.
    #[test]
    fn an_a_pose_avatar_at_rest_sends_its_arms_down_from_the_t_pose() {
        let (rig, roles) = test_rig(true, &[]);
        let enc = VmcEncoder::new(&rig, &roles);
        let poses = enc.bone_poses(&rest(&rig));
        let [x, y, z, w] = pose(&poses, "LeftUpperArm").rotation.map(|v| v as f64);
        let q = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
        // in Unity's axes the avatar's left is −X; the A-pose arm points (−1, −1, 0)/√2
        let arm = q * Vector3::new(-1.0, 0.0, 0.0);
        assert!((arm - Vector3::new(-FRAC_1_SQRT_2, -FRAC_1_SQRT_2, 0.0)).norm() < 1e-6, "{arm}");
        assert!(angle(pose(&poses, "LeftLowerArm").rotation, [0.0, 0.0, 0.0, 1.0]) < 1e-6);
        assert!(angle(pose(&poses, "Hips").rotation, [0.0, 0.0, 0.0, 1.0]) < 1e-6);
    }

    /// The axis conversion is the X mirror: it maps our rotated vector to Unity's rotated mirrored vector
    /// (`to_unity(R v) = to_unity(R) to_unity(v)`) and keeps the handedness of a turn as seen in the mirror.
    #[test]
    fn the_axis_conversion_mirrors_x() {
        assert_eq!(to_unity_position(Vector3::new(1.0, 2.0, 3.0)), [-1.0, 2.0, 3.0]);
        let mut seed = 7u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        for _ in 0..50 {
            let axis = Vector3::new(rnd(), rnd(), rnd());
            let q = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), 3.0 * rnd());
            let v = Vector3::new(rnd(), rnd(), rnd());
            let [x, y, z, w] = to_unity_rotation(&q).map(|c| c as f64);
            let qu = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
            let lhs = to_unity_position(q * v).map(|c| c as f64);
            let rhs = qu * Vector3::from(to_unity_position(v).map(|c| c as f64));
            assert!((Vector3::from(lhs) - rhs).norm() < 1e-5);
        }
        // our avatar bending forward (+Z) about +X bends forward in Unity too (same X rotation)
        let bow = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), 0.5);
        let u = to_unity_rotation(&bow);
        assert!(u[0] > 0.0 && u[1] == 0.0 && u[2] == 0.0);
    }

    #[test]
    fn unity_bone_names_follow_the_roles() {
        for (role, unity) in [
            ("hips", Some("Hips")),
            ("leftUpperArm", Some("LeftUpperArm")),
            ("upperChest", Some("UpperChest")),
            ("rightToes", Some("RightToes")),
            ("jaw", Some("Jaw")),
            ("leftThumbMetacarpal", Some("LeftThumbProximal")),
            ("leftThumbProximal", Some("LeftThumbIntermediate")),
            ("rightThumbDistal", Some("RightThumbDistal")),
            ("leftIndexIntermediate", Some("LeftIndexIntermediate")),
            ("rightLittleDistal", Some("RightLittleDistal")),
            ("leftThumbIntermediate", None),
            ("LeftArm", None),
            ("", None),
        ] {
            assert_eq!(unity_bone_name(role), unity, "{role}");
        }
        // every VRM 1.0 role has a Unity name, and no two share one
        let roles: Vec<String> = avatar_schema::humanoid::REQUIRED
            .iter()
            .chain(&avatar_schema::humanoid::OPTIONAL)
            .map(|r| r.to_string())
            .chain(["left", "right"].iter().flat_map(|s| {
                ["ThumbMetacarpal", "ThumbProximal", "ThumbDistal", "MiddleDistal"].map(|f| format!("{s}{f}"))
            }))
            .collect();
        let names: std::collections::BTreeSet<_> =
            roles.iter().map(|r| unity_bone_name(r).unwrap()).collect();
        assert_eq!(names.len(), roles.len());
        // a VRM 0.x map's thumbs are Unity's names as they are
        let vrm0: BTreeMap<String, String> = [("leftThumbProximal", "t1"), ("leftThumbIntermediate", "t2")]
            .map(|(r, b)| (r.to_owned(), b.to_owned()))
            .into();
        let r = vrm1_roles(&vrm0);
        assert_eq!(unity_bone_name(r.iter().find(|(_, b)| *b == "t1").unwrap().0), Some("LeftThumbProximal"));
        assert_eq!(
            unity_bone_name(r.iter().find(|(_, b)| *b == "t2").unwrap().0),
            Some("LeftThumbIntermediate")
        );
    }

    /// ARKit-named blendshapes pass as they are; the presets follow the table; a preset the avatar has as a
    /// blendshape is not duplicated.
    #[test]
    fn blendshapes_pass_through_and_presets_follow_the_table() {
        let names = ["eyeBlinkLeft", "eyeBlinkRight", "jawOpen", "mouthSmileLeft", "custom", "Joy"];
        let (rig, roles) = test_rig(false, &names);
        let enc = VmcEncoder::new(&rig, &roles);
        let mut p = rest(&rig);
        let first = rig.blendshape_param_index("eyeBlinkLeft").unwrap();
        for (i, v) in [0.9f32, 0.2, 0.6, 0.8, 0.4, 0.3].iter().enumerate() {
            p[first + i] = *v;
        }
        let values: BTreeMap<&str, f32> = enc.blend_values(&p).into_iter().collect();
        for (n, v) in names.iter().zip([0.9, 0.2, 0.6, 0.8, 0.4, 0.3]) {
            assert_eq!(values[n], v, "{n}");
        }
        assert_eq!(values["Blink_L"], 0.9);
        assert_eq!(values["Blink_R"], 0.2);
        assert_eq!(values["A"], 0.6);
        assert_eq!(values["Joy"], 0.3, "the avatar's own Joy, not ½ mouthSmileLeft");
        assert!(!values.contains_key("Blink"), "Blink would close the eyes twice");
        assert!(!values.contains_key("U"), "no mouthPucker: no U");
        assert_eq!(enc.blend_values(&p).iter().filter(|(n, _)| *n == "Joy").count(), 1);
        // the weighted sums are clamped
        p[rig.blendshape_param_index("jawOpen").unwrap()] = 1.7;
        assert_eq!(enc.blend_values(&p).iter().find(|(n, _)| *n == "A").unwrap().1, 1.0);
    }

    /// A frame's messages in order, split into bundles under the size limit with Apply last; rosc decodes
    /// them back.
    #[test]
    fn frames_are_split_into_bundles_under_the_limit_with_apply_last() {
        let names: Vec<String> = (0..300).map(|i| format!("shape_with_a_long_name_{i}")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let (rig, roles) = test_rig(false, &refs);
        let enc = VmcEncoder::new(&rig, &roles);
        let p = rest(&rig);
        let messages = enc.messages(&p, 1.5, true);
        assert_eq!(messages.len(), 3 + 5 + 300 + 1);
        let grams = enc.datagrams(&p, 1.5, true);
        assert!(grams.len() >= 3, "{} datagrams", grams.len());
        let mut decoded = Vec::new();
        for g in &grams {
            assert!(g.len() <= MAX_DATAGRAM, "{} bytes", g.len());
            let (_, packet) = rosc::decoder::decode_udp(g).unwrap();
            let OscPacket::Bundle(b) = packet else { panic!("not a bundle") };
            for c in b.content {
                let OscPacket::Message(m) = c else { panic!("a nested bundle") };
                decoded.push(m);
            }
        }
        assert_eq!(decoded, messages);
        assert_eq!(decoded[0].addr, "/VMC/Ext/OK");
        assert_eq!(decoded[0].args, [1, 3, 0, 1].map(OscType::Int));
        assert_eq!(decoded.last().unwrap().addr, "/VMC/Ext/Blend/Apply");
        let small = VmcEncoder::new(&test_rig(false, &["jawOpen"]).0, &roles);
        assert_eq!(small.datagrams(&rest(&test_rig(false, &["jawOpen"]).0), 0.0, false).len(), 1);
    }

    #[test]
    fn targets_and_settings_are_checked() {
        let t = |s: &str| parse_target(s);
        assert_eq!(t("127.0.0.1").unwrap(), "127.0.0.1:39539".parse().unwrap());
        assert_eq!(t("127.0.0.1:9000").unwrap(), "127.0.0.1:9000".parse().unwrap());
        assert_eq!(t("[::1]:5").unwrap(), "[::1]:5".parse().unwrap());
        assert_eq!(t("[::1]").unwrap(), "[::1]:39539".parse().unwrap());
        assert_eq!(t("localhost").unwrap().port(), 39539);
        for bad in ["", ":5", "127.0.0.1:99999", "host:port", "a b:1"] {
            assert!(t(bad).is_err(), "{bad}");
        }
        let c = VmcConfig::merged(None, Some("127.0.0.1"), Some(30.0), Some("a".into())).unwrap().unwrap();
        assert_eq!((c.rate_hz, c.avatar.as_deref()), (30.0, Some("a")));
        assert!(c.validate(["a", "b"].into_iter()).is_ok());
        assert!(c.validate(["b"].into_iter()).unwrap_err().to_string().contains("vmc_avatar"));
        for hz in [0.0, 1001.0, f32::NAN] {
            let bad = VmcConfig { rate_hz: hz, ..c.clone() };
            assert!(bad.validate(["a"].into_iter()).unwrap_err().to_string().contains("vmc_rate_hz"));
        }
        assert_eq!(VmcConfig::merged(None, None, None, None), Ok(None));
        assert!(VmcConfig::merged(None, None, Some(30.0), None).is_err(), "a rate without an output");
        let over = VmcConfig::merged(Some(c.clone()), None, Some(90.0), None).unwrap().unwrap();
        assert_eq!((over.target, over.rate_hz, over.avatar), (c.target, 90.0, c.avatar));
    }
}
