//! [`VmcEncoder`], the pure part of the VMC output: one avatar's rig parameters `p` → the VMC messages of a
//! frame (bones, blendshapes, presets: see the [`crate::vmc`] documentation) and their OSC bundles. No socket,
//! no clock.

use crate::avatar::load::LoadedAvatar;
use crate::mapping::{NormalizedSkeleton, EXPRESSION_TABLE};
use avatar_humanoid::{gltf_to_unity_position, gltf_to_unity_rotation, unity_bone_name};
use avatar_sim::rig::{Rig, RigPart};
use nalgebra::{Matrix3, Rotation3, UnitQuaternion, Vector3};
use rosc::{OscBundle, OscMessage, OscPacket, OscTime, OscType};
use std::collections::BTreeMap;

/// Largest datagram sent (bytes): well under the 64 KiB UDP limit and what receivers' buffers take.
pub const MAX_DATAGRAM: usize = 8192;

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

/// Our position (glTF: right-handed, +Y up, facing +Z) in Unity's axes (left-handed): X mirrored
/// ([`avatar_humanoid::axes`]).
pub fn to_unity_position(p: Vector3<f64>) -> [f32; 3] {
    gltf_to_unity_position([p.x, p.y, p.z]).map(|c| c as f32)
}

/// Our rotation in Unity's axes: `M R M` with `M = diag(−1, 1, 1)`, as a quaternion `(x, −y, −z, w)`
/// ([`avatar_humanoid::axes`]).
pub fn to_unity_rotation(q: &UnitQuaternion<f64>) -> [f32; 4] {
    gltf_to_unity_rotation([q.i, q.j, q.k, q.w]).map(|c| c as f32)
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

    /// How many bones a frame sends.
    pub(super) fn num_bones(&self) -> usize {
        self.bones.len()
    }

    /// How many blendshape values a frame sends (the rig's blendshapes and the presets).
    pub(super) fn num_blend_values(&self) -> usize {
        self.blendshapes.len() + self.presets.len()
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

    /// A VRM 0.x map's thumb roles are renamed to VRM 1.0's ([`vrm1_roles`]), so that they are sent as the
    /// Unity names they are ([`unity_bone_name`]'s own cases: `avatar_humanoid::unity`).
    #[test]
    fn vrm0_thumbs_are_sent_as_their_unity_names() {
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
}
