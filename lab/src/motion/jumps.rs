//! The CMU jumps (`assets/fixtures/cmu_01_01_jumps960.bvh`: subject 01, trial 01, four forward jumps, then
//! standing) as `RigFrame`s for a humanoid avatar: what `avatard demo` plays after the webcam recordings and
//! what `avatard bench jiggle` calls its `jumps` motion.
//!
//! The frames carry the joints that have a VRM humanoid role ([`avatar_sim::rig::humanoid_role`]) on the
//! body's midline and legs: hips, spine, chest, upper chest, neck, head, upper and lower legs, feet and
//! toes, with the hips' position relative to the first frame
//! ([`tracker_bridge::mocap::root_relative_to_start`]). The arms are left out: a BVH rotation is relative
//! to the clip's T-pose, and on an A-pose avatar it would swing the arms into the body (rest-pose
//! retargeting is the own-avatar work); the arms keep the avatar's rest pose and move with the torso.

use anyhow::{bail, Context, Result};
use avatar_schema::{Message, RigFrame};
use std::path::{Path, PathBuf};
use tracker_bridge::mocap::{root_relative_to_start, to_rig_frames, Bvh, CMU_SCALE};
use tracker_bridge::recording::{Record, Recording};

/// The committed clip.
pub const JUMPS_BVH: &str = "assets/fixtures/cmu_01_01_jumps960.bvh";

/// Roles the frames keep (see the module doc).
const BODY_ROLES: &[&str] = &[
    "hips",
    "spine",
    "chest",
    "upperChest",
    "neck",
    "head",
    "leftUpperLeg",
    "leftLowerLeg",
    "leftFoot",
    "leftToes",
    "rightUpperLeg",
    "rightLowerLeg",
    "rightFoot",
    "rightToes",
];

/// The clip's path: the one given, or the committed one (from the current directory, then from the source
/// tree this binary was built from).
pub fn path(given: Option<&Path>) -> Result<PathBuf> {
    if let Some(p) = given {
        return Ok(p.to_owned());
    }
    let here = PathBuf::from(JUMPS_BVH);
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(JUMPS_BVH);
    if here.is_file() {
        Ok(here)
    } else if source_tree.is_file() {
        Ok(source_tree)
    } else {
        bail!(
            "{JUMPS_BVH} was found neither here nor in {}: run from the repository's root",
            source_tree.display()
        )
    }
}

/// A first frame whose rotation channels differ from the second's by more than this (degrees) is a reference
/// pose, not motion (the cgspeed.com conversions of the CMU files begin with one: every channel 0 but the
/// shoulders' and clavicles'), and is dropped.
pub const REFERENCE_FRAME_DEGREES: f64 = 10.0;

/// Whether `bvh`'s first frame is a reference pose ([`REFERENCE_FRAME_DEGREES`]).
pub fn starts_with_reference_pose(bvh: &Bvh) -> bool {
    let [a, b, ..] = &bvh.frames[..] else { return false };
    bvh.joints.iter().any(|j| {
        j.channels.iter().enumerate().any(|(i, c)| {
            let k = j.first_channel + i;
            c.is_rotation() && (a[k] - b[k]).abs() > REFERENCE_FRAME_DEGREES
        })
    })
}

/// The clip's frames (CMU joint names and units), for `source_id`: body joints only, a reference first
/// frame dropped, root positions relative to the first frame of motion (add the avatar's rest root position
/// before sending: a rig frame's root position is the root's place, [`rest_root`]), capture times from 0 at
/// the file's frame rate.
pub fn frames(path: &Path, source_id: &str) -> Result<Vec<RigFrame>> {
    let bvh = Bvh::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bvh.frames.len() < 3 {
        bail!("{}: {} frames, need at least 3", path.display(), bvh.frames.len());
    }
    let mut frames = to_rig_frames(&bvh, source_id, CMU_SCALE);
    if starts_with_reference_pose(&bvh) {
        frames.remove(0);
        let t0 = frames[0].header.capture_time_ns;
        for f in &mut frames {
            f.header.capture_time_ns -= t0;
        }
    }
    root_relative_to_start(&mut frames);
    for f in &mut frames {
        f.bones.retain(|b| avatar_sim::rig::humanoid_role(&b.name).is_some_and(|r| BODY_ROLES.contains(&r)));
    }
    Ok(frames)
}

/// The rest place of a rig's (first) root bone: its rest local translation, where a rig frame's root position
/// puts it (`[0; 3]` for a rig without bones).
pub fn rest_root(rig: &avatar_sim::rig::Rig) -> [f64; 3] {
    rig.parts()
        .iter()
        .find_map(|p| match p {
            avatar_sim::rig::RigPart::Lbs(l) => l.topological_order().first().map(|&b| {
                let t = l.rest_local(b);
                [t[0][3], t[1][3], t[2][3]]
            }),
            _ => None,
        })
        .unwrap_or([0.0; 3])
}

/// `frames` with `origin` added to their root positions.
pub fn offset_root(frames: &mut [RigFrame], origin: [f64; 3]) {
    for f in frames {
        if let Some(r) = &mut f.root_position {
            for (c, o) in r.iter_mut().zip(origin) {
                *c = (*c as f64 + o) as f32;
            }
        }
    }
}

/// The frames as a recording (one record per frame at its capture time), for a tracker replay.
pub fn recording(frames: Vec<RigFrame>) -> Recording {
    let records = frames
        .into_iter()
        .map(|f| {
            let message = Message::Rig(f);
            let body = avatar_schema::encode(&message);
            let t_ns = match &message {
                Message::Rig(f) => f.header.capture_time_ns.max(0) as u64,
                _ => unreachable!(),
            };
            Record { t_ns, message, body }
        })
        .collect();
    Recording { meta: serde_json::json!({"source": JUMPS_BVH}), records }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jumps_drive_the_default_avatars_body_and_leave_its_arms() {
        let frames = frames(&path(None).unwrap(), "t").unwrap();
        // 960 in the file, the first a reference pose
        assert_eq!(frames.len(), 959);
        let (_, rig) = avatar_sim::asset::default_avatar::inputs().unwrap();
        let lbs = rig
            .parts()
            .iter()
            .find_map(|p| if let avatar_sim::rig::RigPart::Lbs(l) = p { Some(l) } else { None })
            .unwrap();
        let names: Vec<&str> = lbs.bones().iter().map(|b| b.name.as_str()).collect();
        let roles = avatar_sim::rig::avatar_roles(names.iter().copied(), &Default::default());
        let mut driven: Vec<&str> = frames[0]
            .bones
            .iter()
            .filter_map(|b| avatar_sim::rig::resolve_bone(&b.name, |n| names.contains(&n), &roles))
            .collect();
        driven.sort_unstable();
        assert_eq!(
            driven,
            [
                "ball_l", "ball_r", "calf_l", "calf_r", "foot_l", "foot_r", "head", "neck_01", "pelvis",
                "spine_01", "spine_02", "spine_03", "thigh_l", "thigh_r"
            ]
        );
        assert_eq!(frames[0].root_position, Some([0.0; 3]));
        // 120 fps capture times from the first frame of motion (the file's frame time is 0.008333 s)
        assert_eq!(frames[0].header.capture_time_ns, 0);
        assert!((frames[120].header.capture_time_ns - 1_000_000_000).abs() < 10_000);
    }
}
