//! The avatar's side of grounding: its legs, floor and proportions from the bind pose and rest mesh, and rigid
//! motions of bone subtrees applied to skinning transforms.
//!
//! A skinning transform `T_b = G_b · bind_b⁻¹` maps the bind pose to the posed world, so a rigid motion `A` of
//! bone `b` and everything below it is `T_c ← A · T_c` for each `c` in the subtree, and the posed position of
//! a bind-pose point `x` carried by bone `b` is `T_b x` (a joint's head by its own bone or its parent's).

use avatar_sim::rig::{Affine, LbsRig};
use nalgebra::{Rotation3, Vector3};
use std::collections::BTreeMap;

/// `T x`.
pub fn apply(t: &Affine, x: &Vector3<f64>) -> Vector3<f64> {
    Vector3::from_fn(|r, _| t[r][0] * x[0] + t[r][1] * x[1] + t[r][2] * x[2] + t[r][3])
}

/// The 3×3 part of `T` as a rotation (skinning transforms of a rigid skeleton are rotations).
pub fn rotation(t: &Affine) -> Rotation3<f64> {
    Rotation3::from_matrix(&nalgebra::Matrix3::from_fn(|r, c| t[r][c]))
}

/// `[R | pivot − R pivot]`: rotation `r` about `pivot`.
pub fn rigid(r: &Rotation3<f64>, pivot: &Vector3<f64>) -> Affine {
    let m = r.matrix();
    let tr = pivot - r * pivot;
    std::array::from_fn(|i| [m[(i, 0)], m[(i, 1)], m[(i, 2)], tr[i]])
}

/// `T_c ← A · T_c` for every bone `c` in `subtree`.
pub fn premultiply(ts: &mut [Affine], subtree: &[usize], a: &Affine) {
    for &c in subtree {
        ts[c] = avatar_sim::rig::affine_mul(a, &ts[c]);
    }
}

/// `T_c ← T_c + [0 | d]` for every bone `c` in `subtree`.
pub fn translate(ts: &mut [Affine], subtree: &[usize], d: &Vector3<f64>) {
    for &c in subtree {
        for r in 0..3 {
            ts[c][r][3] += d[r];
        }
    }
}

/// One leg: its three bones, their subtrees and bind-pose joints.
#[derive(Clone, Debug)]
pub struct Leg {
    pub upper: usize,
    pub lower: usize,
    pub foot: usize,
    /// `upper` and everything below it; the same for `lower` and `foot`.
    pub upper_tree: Vec<usize>,
    pub lower_tree: Vec<usize>,
    pub foot_tree: Vec<usize>,
    /// Bind-pose heads: hip, knee, ankle.
    pub hip: Vector3<f64>,
    pub knee: Vector3<f64>,
    pub ankle: Vector3<f64>,
    /// Thigh and shin lengths.
    pub l1: f64,
    pub l2: f64,
    /// The ankle's height above the floor at rest (m).
    pub ankle_height: f64,
    /// Points of the sole at rest (the lowest mesh vertices mostly on the foot: heel, toe, sides), each with
    /// the bone that carries it; without a mesh, the point below the ankle on the floor.
    pub sole: Vec<(usize, Vector3<f64>)>,
}

impl Leg {
    /// Height above the floor `floor` of the lowest posed sole point.
    pub fn sole_height(&self, ts: &[Affine], floor: f64) -> f64 {
        self.sole.iter().map(|(b, x)| apply(&ts[*b], x).y).fold(f64::INFINITY, f64::min) - floor
    }

    /// Posed hip, knee and ankle under skinning transforms `ts`.
    pub fn posed(&self, ts: &[Affine]) -> [Vector3<f64>; 3] {
        [
            apply(&ts[self.upper], &self.hip),
            apply(&ts[self.lower], &self.knee),
            apply(&ts[self.foot], &self.ankle),
        ]
    }
}

/// The avatar's grounding geometry.
#[derive(Clone, Debug)]
pub struct Skeleton {
    /// Number of bones (of the skinning transforms this geometry poses).
    pub bones: usize,
    /// The pose map's root (the hips) and everything below it.
    pub root: usize,
    pub root_tree: Vec<usize>,
    /// The avatar's left and right legs.
    pub legs: [Leg; 2],
    /// The floor's height at rest: the lowest rest vertex (or, without a mesh, 8 cm below the lowest ankle).
    pub floor: f64,
    /// Rest height of the hip centre (mid of the two hip joints) above the floor.
    pub hip_height: f64,
    /// Mean rest leg length (thigh + shin).
    pub leg_length: f64,
}

/// Bone `b` and every bone below it, given each bone's parent.
pub fn subtree(parents: &[Option<usize>], b: usize) -> Vec<usize> {
    (0..parents.len())
        .filter(|&c| {
            let mut x = Some(c);
            while let Some(y) = x {
                if y == b {
                    return true;
                }
                x = parents[y];
            }
            false
        })
        .collect()
}

impl Skeleton {
    /// From the skeleton `lbs`, its VRM humanoid roles (role → bone name) and the rest mesh's vertices (for
    /// the floor). `None` when a leg role or the hips are missing, or a leg is degenerate.
    pub fn new(lbs: &LbsRig, roles: &BTreeMap<String, String>, rest: Option<&[[f64; 3]]>) -> Option<Self> {
        let bones = lbs.bones();
        let idx = |role: &str| roles.get(role).and_then(|n| lbs.bone_index(n));
        let head = |b: usize| Vector3::new(bones[b].bind[0][3], bones[b].bind[1][3], bones[b].bind[2][3]);
        let parents: Vec<Option<usize>> = bones.iter().map(|b| b.parent).collect();
        let root = idx("hips")?;
        let leg = |side: &str| -> Option<(usize, usize, usize)> {
            Some((
                idx(&format!("{side}UpperLeg"))?,
                idx(&format!("{side}LowerLeg"))?,
                idx(&format!("{side}Foot"))?,
            ))
        };
        let (l, r) = (leg("left")?, leg("right")?);
        let lowest_ankle = head(l.2).y.min(head(r.2).y);
        let floor = rest
            .filter(|v| !v.is_empty())
            .map(|v| v.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min))
            .filter(|f| f.is_finite() && *f < lowest_ankle)
            .unwrap_or(lowest_ankle - 0.08);
        let make = |(upper, lower, foot): (usize, usize, usize)| -> Option<Leg> {
            let (hip, knee, ankle) = (head(upper), head(lower), head(foot));
            let (l1, l2) = ((knee - hip).norm(), (ankle - knee).norm());
            let foot_tree = subtree(&parents, foot);
            (l1 > 1e-3 && l2 > 1e-3).then(|| Leg {
                upper,
                lower,
                foot,
                upper_tree: subtree(&parents, upper),
                lower_tree: subtree(&parents, lower),
                sole: sole_points(lbs, &foot_tree, rest, foot, ankle, floor),
                foot_tree,
                hip,
                knee,
                ankle,
                l1,
                l2,
                ankle_height: ankle.y - floor,
            })
        };
        let legs = [make(l)?, make(r)?];
        let hip_height = 0.5 * (legs[0].hip.y + legs[1].hip.y) - floor;
        let leg_length = 0.5 * (legs[0].l1 + legs[0].l2 + legs[1].l1 + legs[1].l2);
        Some(Skeleton {
            bones: bones.len(),
            root,
            root_tree: subtree(&parents, root),
            legs,
            floor,
            hip_height,
            leg_length,
        })
    }

    /// The posed hip centre.
    pub fn hip_centre(&self, ts: &[Affine]) -> Vector3<f64> {
        0.5 * (apply(&ts[self.legs[0].upper], &self.legs[0].hip)
            + apply(&ts[self.legs[1].upper], &self.legs[1].hip))
    }

    /// Height of leg `k`'s sole (its lowest posed sole point) above the floor under `ts`.
    pub fn sole_height(&self, ts: &[Affine], k: usize) -> f64 {
        self.legs[k].sole_height(ts, self.floor)
    }
}

/// The sole of a foot: among the rest vertices with more than half their weight on `foot_tree`, the extreme
/// ones towards the floor and every side (heel, toe tip, both edges), each carried by its heaviest bone of
/// the foot. Without such vertices, the point on the floor below the ankle.
fn sole_points(
    lbs: &LbsRig,
    foot_tree: &[usize],
    rest: Option<&[[f64; 3]]>,
    foot: usize,
    ankle: Vector3<f64>,
    floor: f64,
) -> Vec<(usize, Vector3<f64>)> {
    let fallback = vec![(foot, Vector3::new(ankle.x, floor, ankle.z))];
    let Some(rest) = rest.filter(|r| r.len() == lbs.num_vertices()) else { return fallback };
    let on_foot: Vec<(usize, Vector3<f64>)> = rest
        .iter()
        .enumerate()
        .filter_map(|(v, x)| {
            let row: Vec<(usize, f64)> =
                lbs.weights().iter_row(v).filter(|(b, _)| foot_tree.contains(b)).collect();
            let w: f64 = row.iter().map(|(_, w)| w).sum();
            let heaviest = row.iter().max_by(|a, b| a.1.total_cmp(&b.1))?.0;
            (w > 0.5).then(|| (heaviest, Vector3::from(*x)))
        })
        .collect();
    // the foot's extreme points towards the floor and to every side: whichever way the foot is turned, its
    // lowest point is (nearly) one of them
    let mut pts: Vec<(usize, Vector3<f64>)> = vec![];
    for a in [-1.0, 0.0, 1.0] {
        for b in [-1.0, 0.0, 1.0] {
            for down in [1.0, 0.3] {
                let d = Vector3::new(a, -down, b);
                if let Some(p) = on_foot.iter().max_by(|x, y| d.dot(&x.1).total_cmp(&d.dot(&y.1))) {
                    pts.push(*p);
                }
            }
        }
    }
    pts.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)).then(a.1.z.total_cmp(&b.1.z)));
    pts.dedup_by(|a, b| (a.1 - b.1).norm() < 1e-9);
    if pts.is_empty() {
        fallback
    } else {
        pts
    }
}
