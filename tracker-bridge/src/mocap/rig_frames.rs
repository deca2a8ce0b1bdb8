//! Forward kinematics of a [`Bvh`] (its joints' local and world transforms, with nalgebra) and the conversion of
//! its frames to [`RigFrame`]s, scaled to metres ([`CMU_SCALE`], [`parse_scale`]). Conventions: see the
//! [`crate::mocap`] documentation.

use super::bvh::{Bvh, BvhError};
use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

/// Metres per CMU BVH length unit (the ASF unit, 1/0.45 inch).
pub const CMU_SCALE: f64 = 0.0254 / 0.45;
/// Accepted range of the `scale` argument of [`to_rig_frames`] / [`rig_frame`] (and of [`parse_scale`]).
pub const SCALE_RANGE: std::ops::RangeInclusive<f64> = 1e-6..=1e6;

impl Bvh {
    /// Local rotation of `joint` in `frame` relative to the rest pose, a unit quaternion (x, y, z, w): the
    /// product of its rotation channels in the listed order (identity if it has none).
    ///
    /// # Panics
    /// If `frame` or `joint` is out of range.
    pub fn local_rotation(&self, frame: usize, joint: usize) -> [f64; 4] {
        self.local_quaternion(frame, joint).coords.into()
    }

    /// [`Bvh::local_rotation`] as a quaternion: intrinsic rotations about the channels' axes, composed in the
    /// listed order (`Rz · Ry · Rx` for `Zrotation Yrotation Xrotation`).
    fn local_quaternion(&self, frame: usize, joint: usize) -> UnitQuaternion<f64> {
        let j = &self.joints[joint];
        let row = &self.frames[frame][j.first_channel..j.first_channel + j.channels.len()];
        let mut q = UnitQuaternion::identity();
        for (c, v) in j.channels.iter().zip(row) {
            if c.is_rotation() {
                q *= UnitQuaternion::from_axis_angle(&Vector3::ith_axis(c.axis()), v.to_radians());
            }
        }
        q.renormalize();
        q
    }

    /// World transform (rotation, and position in file units) of every joint in `frame`, or in the rest pose for
    /// `None`: each joint's local `T(offset + position channels) · R` after its parent's world transform.
    fn world_transforms(&self, frame: Option<usize>) -> Vec<Isometry3<f64>> {
        let mut out: Vec<Isometry3<f64>> = Vec::with_capacity(self.joints.len());
        for (i, j) in self.joints.iter().enumerate() {
            let local = match frame {
                Some(f) => Isometry3::from_parts(
                    Translation3::from(
                        Vector3::from(j.offset) + Vector3::from(self.channel_translation(f, i)),
                    ),
                    self.local_quaternion(f, i),
                ),
                None => Isometry3::from_parts(Translation3::from(j.offset), UnitQuaternion::identity()),
            };
            let world = match j.parent {
                None => local,
                Some(p) => {
                    let mut w = out[p] * local;
                    w.rotation.renormalize();
                    w
                }
            };
            out.push(world);
        }
        out
    }

    /// World rotation (a unit quaternion (x, y, z, w)) and position (file units) of every joint in `frame`, or in
    /// the rest pose for `None`.
    ///
    /// # Panics
    /// If `frame` is out of range.
    pub fn world_poses(&self, frame: Option<usize>) -> Vec<([f64; 4], [f64; 3])> {
        self.world_transforms(frame)
            .into_iter()
            .map(|w| (w.rotation.coords.into(), w.translation.vector.into()))
            .collect()
    }

    /// Height of the (first) root above the lowest joint or end site in the rest pose, file units: the hip height
    /// for a humanoid rooted at the hips. Used to pick or check a scale (× [`CMU_SCALE`] ≈ 0.9 m for CMU data).
    pub fn rest_hip_height(&self) -> f64 {
        if self.joints.is_empty() {
            return 0.0;
        }
        let poses = self.world_transforms(None);
        let height = |w: &Isometry3<f64>| w.translation.vector.y;
        let mut lowest = height(&poses[0]);
        for (j, w) in self.joints.iter().zip(&poses) {
            lowest = lowest.min(height(w));
            for e in &j.end_sites {
                lowest = lowest.min(height(w) + e[1]);
            }
        }
        height(&poses[0]) - lowest
    }
}

/// Parse a `--scale` argument: a positive number within [`SCALE_RANGE`], or `cmu` for [`CMU_SCALE`].
pub fn parse_scale(arg: &str) -> Result<f64, BvhError> {
    let bad = |problem| BvhError::BadScale { text: arg.to_owned(), problem };
    if arg.eq_ignore_ascii_case("cmu") {
        return Ok(CMU_SCALE);
    }
    let v: f64 = arg.trim().parse().map_err(|_| bad("not a number (or `cmu`)"))?;
    if !SCALE_RANGE.contains(&v) {
        return Err(bad("outside 1e-6 ..= 1e6"));
    }
    Ok(v)
}

/// The rig frame for frame `index` of `bvh`:
/// - one bone per joint (End Sites are not bones), named by the joint names, in file order; `rotation` is
///   [`Bvh::local_rotation`] (the BVH rest pose has zero rotations, so the channel rotation is the rotation
///   relative to the rest pose);
/// - the first root's position channels go into `root_position`: [`Bvh::root_position`] × `scale`, absolute in
///   the file's world frame (not relative to the first frame); `None` if that root has no position channels.
///   Other joints with position channels get `translation` = their channel values × `scale` (the displacement
///   from their rest offset); all other translations are `None`;
/// - header: `seq` = index + 1, `capture_time_ns` = index × frame time from 0, `stream_id` and `send_time_ns`
///   0 (the [`crate::TrackerPublisher`] stamps those, and its own `seq`).
///
/// # Panics
/// If `index` is out of range or `scale` is outside [`SCALE_RANGE`] (check user input with [`parse_scale`]).
pub fn rig_frame(bvh: &Bvh, index: usize, source_id: &str, scale: f64) -> RigFrame {
    assert!(SCALE_RANGE.contains(&scale), "BVH scale {scale} outside {SCALE_RANGE:?}");
    let f32x3 = |v: [f64; 3]| [(v[0] * scale) as f32, (v[1] * scale) as f32, (v[2] * scale) as f32];
    let bones = (0..bvh.joints.len())
        .map(|j| {
            let q = bvh.local_rotation(index, j);
            BoneTransform {
                name: bvh.joints[j].name.clone(),
                rotation: [q[0] as f32, q[1] as f32, q[2] as f32, q[3] as f32],
                translation: (j != 0 && bvh.has_position_channels(j))
                    .then(|| f32x3(bvh.channel_translation(index, j))),
            }
        })
        .collect();
    RigFrame {
        header: FrameHeader {
            source_id: source_id.to_owned(),
            stream_id: 0,
            seq: index as u64 + 1,
            capture_time_ns: (index as f64 * bvh.frame_time * 1e9).round() as i64,
            send_time_ns: 0,
        },
        bones,
        blendshapes: Vec::new(),
        root_position: (!bvh.joints.is_empty() && bvh.has_position_channels(0))
            .then(|| f32x3(bvh.root_position(index))),
    }
}

/// Every frame of `bvh` as a [`RigFrame`] (see [`rig_frame`] for the mapping).
///
/// # Panics
/// If `scale` is outside [`SCALE_RANGE`].
pub fn to_rig_frames(bvh: &Bvh, source_id: &str, scale: f64) -> Vec<RigFrame> {
    (0..bvh.frames.len()).map(|i| rig_frame(bvh, i, source_id, scale)).collect()
}

/// Make the frames' root positions relative to the first frame's, for a clip that starts standing: the avatar's
/// root then rests at its own rest place and moves by the hips' displacement (a jump's drop, rise and travel),
/// wherever in the capture volume the clip was recorded. Frames without a root position are left alone.
pub fn root_relative_to_start(frames: &mut [RigFrame]) {
    let Some(start) = frames.iter().find_map(|f| f.root_position) else { return };
    for f in frames {
        if let Some(p) = &mut f.root_position {
            *p = [p[0] - start[0], p[1] - start[1], p[2] - start[2]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mocap::fixtures::{cmu, CMU_JOINTS};
    use crate::mocap::Channel;
    use nalgebra::{Quaternion, UnitQuaternion, Vector3, Vector4};

    /// Height (y) of the point `e` of a joint's frame, given the joint's world rotation `q` (x, y, z, w) and
    /// position `p`.
    fn tip_height(q: [f64; 4], p: [f64; 3], e: [f64; 3]) -> f64 {
        let q = UnitQuaternion::from_quaternion(Quaternion::from(Vector4::from(q)));
        (Vector3::from(p) + q * Vector3::from(e)).y
    }

    fn norm(q: [f32; 4]) -> f32 {
        q.iter().map(|c| c * c).sum::<f32>().sqrt()
    }

    #[test]
    fn cmu_scale_gives_a_human_hip_height() {
        let b = cmu();
        // rest pose: hips to the tip of the (longer, right) leg's toes, 1.79463 + 6.98555 + 7.05623 + 0.45259
        let h = b.rest_hip_height();
        assert!((h - 16.289).abs() < 1e-9, "{h}");
        assert!((0.85..0.95).contains(&(h * CMU_SCALE)), "{} m", h * CMU_SCALE);
        // and in the motion (forward kinematics with the scale): while the subject stands, before the jump, the
        // lower toe tip stays 3–6 cm above the floor y = 0 (a toe joint's height), neither sinking nor floating
        for f in (0..=150).step_by(10) {
            let poses = b.world_poses(Some(f));
            let lowest = b
                .joints
                .iter()
                .zip(&poses)
                .flat_map(|(j, (q, p))| j.end_sites.iter().map(move |e| tip_height(*q, *p, *e)))
                .fold(f64::INFINITY, f64::min);
            let m = lowest * CMU_SCALE;
            assert!((0.03..0.06).contains(&m), "frame {f}: lowest toe tip {m} m above the floor");
        }
    }

    #[test]
    fn rotations_compose_in_the_listed_order() {
        // independent check with nalgebra: every joint, several frames, R = Rz(a) · Ry(b) · Rx(c) as listed
        let b = cmu();
        let mut nontrivial = 0;
        for f in [0, 37, 120, 239] {
            for (j, joint) in b.joints.iter().enumerate() {
                let row = &b.frames[f][joint.first_channel..];
                let mut want = UnitQuaternion::identity();
                for (c, v) in joint.channels.iter().zip(row) {
                    let axis = match c {
                        Channel::Xrotation => Vector3::x_axis(),
                        Channel::Yrotation => Vector3::y_axis(),
                        Channel::Zrotation => Vector3::z_axis(),
                        _ => continue,
                    };
                    want *= UnitQuaternion::from_axis_angle(&axis, v.to_radians());
                }
                let q = b.local_rotation(f, j);
                let got = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(q[3], q[0], q[1], q[2]));
                assert!(got.angle_to(&want) < 1e-9, "frame {f} joint {}", joint.name);
                nontrivial += (want.angle() > 0.2) as usize;
            }
        }
        assert!(nontrivial > 20, "the check must see real rotations, saw {nontrivial}");
        // and the order matters: the reversed product differs for the left upper arm in frame 120
        let (j, f) = (b.joint("LeftArm").unwrap(), 120);
        let r = &b.frames[f][b.joints[j].first_channel..];
        let (z, y, x) = (r[0].to_radians(), r[1].to_radians(), r[2].to_radians());
        let reversed = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), x)
            * UnitQuaternion::from_axis_angle(&Vector3::y_axis(), y)
            * UnitQuaternion::from_axis_angle(&Vector3::z_axis(), z);
        let q = b.local_rotation(f, j);
        let got = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(q[3], q[0], q[1], q[2]));
        assert!(got.angle_to(&reversed) > 0.05, "{}", got.angle_to(&reversed));
    }

    #[test]
    fn hand_written_rotation_moves_the_child_where_expected() {
        // Zrotation 90 then Xrotation 90 (intrinsic): R = Rz(90) · Rx(90). The child at +Y goes first to +Z
        // (Rx), then Rz leaves +Z alone; the child at +Z goes to -Y (Rx), then to +X (Rz).
        let text = "HIERARCHY\nROOT a\n{\n OFFSET 0 0 0\n CHANNELS 2 Zrotation Xrotation\n \
                    JOINT up\n {\n  OFFSET 0 1 0\n  CHANNELS 0\n }\n \
                    JOINT fwd\n {\n  OFFSET 0 0 1\n  End Site\n  {\n   OFFSET 0 0 1\n  }\n }\n}\n\
                    MOTION\nFrames: 1\nFrame Time: 0.5\n90 90\n";
        let b = Bvh::parse(text).unwrap();
        let w = b.world_poses(Some(0));
        let close = |a: [f64; 3], e: [f64; 3]| (0..3).all(|i| (a[i] - e[i]).abs() < 1e-12);
        assert!(close(w[1].1, [0.0, 0.0, 1.0]), "{:?}", w[1].1);
        assert!(close(w[2].1, [1.0, 0.0, 0.0]), "{:?}", w[2].1);
        assert!(b.joints[2].channels.is_empty() && b.joints[2].end_sites == [[0.0, 0.0, 1.0]]);
        let r = to_rig_frames(&b, "t", 1.0);
        assert_eq!(r[0].root_position, None, "no position channels: no root position");
    }

    #[test]
    fn rig_frames_from_cmu() {
        let b = cmu();
        let frames = to_rig_frames(&b, "cmu-01-01", CMU_SCALE);
        assert_eq!(frames.len(), 240);
        for (i, f) in frames.iter().enumerate() {
            assert_eq!(f.header.seq, i as u64 + 1);
            assert_eq!(f.header.source_id, "cmu-01-01");
            let want_ns = (i as f64 * 0.0083333 * 1e9).round() as i64;
            assert_eq!(f.header.capture_time_ns, want_ns);
            assert_eq!(f.bones.len(), 31);
            for (bone, name) in f.bones.iter().zip(CMU_JOINTS) {
                assert_eq!(bone.name, name);
                assert!((norm(bone.rotation) - 1.0).abs() < 1e-6, "{name}: {:?}", bone.rotation);
                assert_eq!(bone.translation, None);
            }
            assert!(f.blendshapes.is_empty());
        }
        assert_eq!(frames[239].header.capture_time_ns, 1_991_658_700);
        // root: absolute, scaled to metres (hips about 1 m up)
        let r0 = frames[0].root_position.unwrap();
        let want = [9.3722 * CMU_SCALE, 17.8693 * CMU_SCALE, -17.3198 * CMU_SCALE];
        assert!((0..3).all(|k| (r0[k] as f64 - want[k]).abs() < 1e-6), "{r0:?}");
        assert!((0.9..1.1).contains(&r0[1]));
        // bone rotation = the channel rotation (rest = zero rotations)
        let arm = b.joint("LeftArm").unwrap();
        let q = b.local_rotation(120, arm);
        let got = frames[120].bones[arm].rotation;
        assert!((0..4).all(|k| (got[k] as f64 - q[k]).abs() < 1e-6));
        // unscaled: the file's units
        let raw = rig_frame(&b, 0, "x", 1.0);
        assert_eq!(raw.root_position, Some([9.3722, 17.8693, -17.3198]));
        // every frame passes the wire's own validation
        for f in [&frames[0], &frames[239]] {
            let msg = avatar_schema::Message::Rig(f.clone());
            assert_eq!(avatar_schema::decode(&avatar_schema::encode(&msg)).unwrap(), msg);
        }
    }

    #[test]
    fn non_root_position_channels_become_translations() {
        let text = "HIERARCHY\nROOT r\n{\n OFFSET 1 2 3\n CHANNELS 1 Yposition\n JOINT c\n {\n  OFFSET 0 1 0\n  \
                    CHANNELS 4 Xrotation Zposition Yrotation Xposition\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n\
                    10 0 5 0 7\n-1 90 6 0 8\n";
        let b = Bvh::parse(text).unwrap();
        assert_eq!(b.root_position(0), [1.0, 12.0, 3.0]);
        assert_eq!(b.channel_translation(1, 1), [8.0, 0.0, 6.0]);
        let r = to_rig_frames(&b, "t", 2.0);
        assert_eq!(r[1].root_position, Some([2.0, 2.0, 6.0]));
        assert_eq!(r[1].bones[0].translation, None);
        assert_eq!(r[1].bones[1].translation, Some([16.0, 0.0, 12.0]));
        assert_eq!(r[1].header.capture_time_ns, 100_000_000);
        let q = r[1].bones[1].rotation;
        let s = 0.5f32.sqrt();
        assert!((q[0] - s).abs() < 1e-6 && (q[3] - s).abs() < 1e-6, "{q:?}");
    }

    #[test]
    fn scale_argument() {
        assert_eq!(parse_scale("cmu").unwrap(), CMU_SCALE);
        assert_eq!(parse_scale("0.01").unwrap(), 0.01);
        for bad in ["0", "-1", "nan", "inf", "1e9", "x", ""] {
            assert!(matches!(parse_scale(bad), Err(BvhError::BadScale { .. })), "{bad}");
        }
    }

    #[test]
    fn root_relative_to_start_subtracts_the_first_root_position() {
        let b = cmu();
        let mut frames = to_rig_frames(&b, "s", CMU_SCALE);
        let raw: Vec<[f32; 3]> = frames.iter().map(|f| f.root_position.unwrap()).collect();
        root_relative_to_start(&mut frames);
        assert_eq!(frames[0].root_position, Some([0.0; 3]));
        for (f, r) in frames.iter().zip(&raw) {
            let p = f.root_position.unwrap();
            assert!((0..3).all(|i| (p[i] - (r[i] - raw[0][i])).abs() < 1e-6));
        }
        // the crouch before the jump (frame 190, independent: the file's Yposition 14.62 vs 17.87 at frame 0)
        let crouch = frames[190].root_position.unwrap()[1] as f64;
        assert!((crouch - (14.62 - 17.87) * CMU_SCALE).abs() < 0.02, "{crouch}");
    }
}
