//! The CMU test fixture shared by the `mocap` tests.

use super::Bvh;

pub(super) const FIXTURE: &str = include_str!("../../../assets/fixtures/cmu_01_01_first240.bvh");

pub(super) const CMU_JOINTS: [&str; 31] = [
    "Hips",
    "LHipJoint",
    "LeftUpLeg",
    "LeftLeg",
    "LeftFoot",
    "LeftToeBase",
    "RHipJoint",
    "RightUpLeg",
    "RightLeg",
    "RightFoot",
    "RightToeBase",
    "LowerBack",
    "Spine",
    "Spine1",
    "Neck",
    "Neck1",
    "Head",
    "LeftShoulder",
    "LeftArm",
    "LeftForeArm",
    "LeftHand",
    "LeftFingerBase",
    "LFingers",
    "LThumb",
    "RightShoulder",
    "RightArm",
    "RightForeArm",
    "RightHand",
    "RightFingerBase",
    "RFingers",
    "RThumb",
];

pub(super) fn cmu() -> Bvh {
    Bvh::parse(FIXTURE).expect("the CMU fixture parses")
}
