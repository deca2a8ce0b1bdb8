//! MediaPipe's own tables: the Pose landmarks' indices and left/right pairing, and the face blendshape
//! categories' names in MediaPipe's order. The wire format (`avatar-schema`), the tracker side, the mapping and
//! the glTF import (ARKit-named morph targets) all read them from here.

/// The names of MediaPipe's face blendshape categories (the 52 ARKit names and `_neutral`), in the order of
/// MediaPipe's `FaceBlendshapes` output: index `i` of a face frame's scores is `BLENDSHAPES[i]`.
pub const BLENDSHAPES: [&str; 52] = [
    "_neutral",
    "browDownLeft",
    "browDownRight",
    "browInnerUp",
    "browOuterUpLeft",
    "browOuterUpRight",
    "cheekPuff",
    "cheekSquintLeft",
    "cheekSquintRight",
    "eyeBlinkLeft",
    "eyeBlinkRight",
    "eyeLookDownLeft",
    "eyeLookDownRight",
    "eyeLookInLeft",
    "eyeLookInRight",
    "eyeLookOutLeft",
    "eyeLookOutRight",
    "eyeLookUpLeft",
    "eyeLookUpRight",
    "eyeSquintLeft",
    "eyeSquintRight",
    "eyeWideLeft",
    "eyeWideRight",
    "jawForward",
    "jawLeft",
    "jawOpen",
    "jawRight",
    "mouthClose",
    "mouthDimpleLeft",
    "mouthDimpleRight",
    "mouthFrownLeft",
    "mouthFrownRight",
    "mouthFunnel",
    "mouthLeft",
    "mouthLowerDownLeft",
    "mouthLowerDownRight",
    "mouthPressLeft",
    "mouthPressRight",
    "mouthPucker",
    "mouthRight",
    "mouthRollLower",
    "mouthRollUpper",
    "mouthShrugLower",
    "mouthShrugUpper",
    "mouthSmileLeft",
    "mouthSmileRight",
    "mouthStretchLeft",
    "mouthStretchRight",
    "mouthUpperUpLeft",
    "mouthUpperUpRight",
    "noseSneerLeft",
    "noseSneerRight",
];

/// MediaPipe Pose landmark indices (the 33 points of a pose frame's `landmarks` / `world_landmarks`) and their
/// left/right pairing.
pub mod pose {
    pub const NOSE: usize = 0;
    pub const LEFT_EAR: usize = 7;
    pub const RIGHT_EAR: usize = 8;
    pub const LEFT_SHOULDER: usize = 11;
    pub const RIGHT_SHOULDER: usize = 12;
    pub const LEFT_ELBOW: usize = 13;
    pub const RIGHT_ELBOW: usize = 14;
    pub const LEFT_WRIST: usize = 15;
    pub const RIGHT_WRIST: usize = 16;
    pub const LEFT_PINKY: usize = 17;
    pub const RIGHT_PINKY: usize = 18;
    pub const LEFT_INDEX: usize = 19;
    pub const RIGHT_INDEX: usize = 20;
    pub const LEFT_HIP: usize = 23;
    pub const RIGHT_HIP: usize = 24;
    pub const LEFT_KNEE: usize = 25;
    pub const RIGHT_KNEE: usize = 26;
    pub const LEFT_ANKLE: usize = 27;
    pub const RIGHT_ANKLE: usize = 28;
    pub const LEFT_HEEL: usize = 29;
    pub const RIGHT_HEEL: usize = 30;
    pub const LEFT_FOOT_INDEX: usize = 31;
    pub const RIGHT_FOOT_INDEX: usize = 32;
    /// Number of pose landmarks.
    pub const COUNT: usize = 33;

    /// The left/right partner of landmark `i` (itself for the nose): MediaPipe's odd/even pairing from 1 to 32
    /// (1-3 left eye vs 4-6 right eye, then odd = left, even = right from 7 on).
    pub fn mirror(i: usize) -> usize {
        match i {
            0 => 0,
            1..=3 => i + 3,
            4..=6 => i - 3,
            _ if i % 2 == 1 => i + 1,
            _ => i - 1,
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn mirror_is_an_involution_that_swaps_sides() {
            for i in 0..super::COUNT {
                assert_eq!(super::mirror(super::mirror(i)), i);
            }
            assert_eq!(super::mirror(super::LEFT_SHOULDER), super::RIGHT_SHOULDER);
            assert_eq!(super::mirror(super::RIGHT_ANKLE), super::LEFT_ANKLE);
        }
    }
}
