//! Grounding: the avatar's hips move with the performer's body, its planted feet stay on the floor, and its
//! legs rest when they are out of view.
//!
//! MediaPipe's world landmarks are hip-centred, so the body mapping ([`super::PoseMapper`]) poses the limbs
//! about a fixed root. This stage runs after it, once per pose frame, on the mapped skinning transforms:
//!
//! 1. **Where the body is** (`camera.rs`, `stage.rs`): the hip centre in camera space, on the ray through the
//!    image's hip centre at the depth the image scale gives, `Z = f / s` (`f` the focal length in pixels, `s`
//!    the image's pixels per metre at the body: its segments' image lengths over the world landmarks' lengths
//!    across the view, a median over half a second). The translation that projects the metric world landmarks
//!    onto the image landmarks (a 3 × 3 least-squares solve) serves where the hips or the scale are unseen;
//!    its own depth is the least certain thing it finds. One-Euro filtered in metres; the depth moves only
//!    beyond a dead band of 5 % and no faster than a walk. A position that jumps faster than a person moves
//!    (two people swapping, a bad detection) is held; if it persists, the stage re-anchors there and the
//!    avatar stays where it is (no glide across the room). Only a body **seen whole** moves the hips: both
//!    hips in view and clear of the image's edges, its landmarks spanning at least 8 % of the image (not a
//!    false pose a few pixels tall), for 0.3 s (the stage waits for evidence); a body entering, leaving, cut
//!    off or implausible holds the hips where they were, and the next whole body is taken where it is found
//!    (re-anchored, the floor learnt anew under it, the hips easing to its height over a second).
//! 2. **The floor and the feet** (`floor.rs`): a plane in camera space learnt from the lower of the two feet
//!    (nearly always a stance foot; a hop's are refused as too high), and per foot whether it is planted: the
//!    median speed of its ankle, heel and toe in metres per second at the body (image motion times metres per
//!    pixel; the ankle's own speed when lower: a still ankle is a still foot whatever the heel and toe's
//!    jitter reads) and the height of its lowest point above the floor, with hysteresis; no foot plants
//!    before its speed has history and the floor is known. (MediaPipe's world landmarks
//!    are not used for the speed: the depth of a still foot wanders 0.6-1.0 m/s there on real footage.)
//! 3. **The performer's proportions** (`performer.rs`): leg length and standing hip height, medians of recent
//!    frames (the first two seconds of standing still, facing the camera, are the calibration).
//! 4. **The avatar's root** (`skeleton.rs` for its geometry): moved across the floor by the performer's
//!    displacement since the first frame, and to the hip height `H + s (h − h₀)` above its floor, where `H` is
//!    the avatar's standing hip height, `h` and `h₀` the performer's current and standing hip heights above
//!    their floor, and `s` the avatar's leg length over the performer's. A crouch lowers the hips, a hop lifts
//!    them, a step moves them.
//! 5. **Planted feet locked** (`leg_ik.rs`): a foot that plants is held where it planted, on the floor and
//!    flat, by two-bone leg IK that keeps the knee's bend direction; it is released when it lifts, blended
//!    over [`RELEASE`] s. The hips come down if a locked foot would be out of reach; no foot goes below the
//!    floor.
//! 6. **At a desk** (`desk.rs`): legs out of view for a second, while the performer looks seated at a desk
//!    (the hips low in the image or below it, the shoulders well inside its sides, the upper body steady), go
//!    to a standing or seated rest (settable, automatic by default), the root's height then puts the lowest
//!    foot on the floor, and its position holds (the hips unseen move nothing). Legs that
//!    leave the view because the performer walks out of it (at a side edge, or moving) hold their stance
//!    instead.
//!
//! Rig frames and VMC without a root position get step 6's vertical rule only (the lowest foot on the floor),
//! so a crouch lowers the hips there too; rig frames that carry a root position pass through.

mod camera;
mod desk;
mod floor;
mod leg_ik;
mod performer;
mod skeleton;
mod stage;
#[cfg(test)]
mod tests;

pub use camera::{fit_translation, Camera, Fit};
pub use desk::LegsOutOfView;
pub use floor::{Contact, Floor};
pub use leg_ik::{flat, reach};
pub use performer::Performer;
pub use skeleton::{subtree, Leg, Skeleton};
pub use stage::{Grounding, GroundingReport, GroundingSettings, RELEASE};
