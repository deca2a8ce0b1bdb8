//! Thin and open geometry skinned to spring joints (hair cards, skirts, ribbons) is not flesh: it is left out of
//! the voxelized simulation mesh and of the rig transfer, and follows its joints only (its mode weights are
//! zero, so `u = 0` there and the spring bones move it).
//!
//! A render vertex is *detached* when at least half of its skin weight is on spring bones: the bones of the
//! spring chains' joints and everything below them in the skeleton, except a humanoid bone or a bone with a
//! humanoid bone below it (a careless chain rooted at the hips must not detach the body). A triangle is left
//! out of the body's surface when all three of its vertices are detached. When that would leave no body at
//! all, nothing is detached.

use crate::rig::{Rig, RigPart};
use crate::spring::SpringModel;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A render vertex is detached from at least this share of its skin weight on spring bones.
pub const DETACH_WEIGHT: f64 = 0.5;

/// The render surface split into the body (voxelized, carries the flesh) and the spring-driven parts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Detached {
    /// Per render vertex: follows spring bones only.
    pub vertex: Vec<bool>,
    /// The body's triangles (indices into the render vertices).
    pub body_triangles: Vec<[usize; 3]>,
    /// Bones counted as spring bones.
    pub spring_bones: usize,
}

impl Detached {
    pub fn count(&self) -> usize {
        self.vertex.iter().filter(|&&d| d).count()
    }
}

/// Which render vertices and triangles follow spring bones only (see the module doc).
pub fn detach(
    rig: &Rig,
    triangles: &[[usize; 3]],
    springs: &SpringModel,
    humanoid: &BTreeMap<String, String>,
    vertices: usize,
) -> Detached {
    let all =
        || Detached { vertex: vec![false; vertices], body_triangles: triangles.to_vec(), spring_bones: 0 };
    if springs.chains.is_empty() {
        return all();
    }
    let humanoid: HashSet<&str> = humanoid.values().map(String::as_str).collect();
    let mut share = vec![0.0; vertices];
    let mut total = vec![0.0; vertices];
    let mut spring_bones = 0;
    for part in rig.parts() {
        let RigPart::Lbs(l) = part else { continue };
        let bones = l.bones();
        let index: HashMap<&str, usize> =
            bones.iter().enumerate().map(|(i, b)| (b.name.as_str(), i)).collect();
        let mut children = vec![Vec::new(); bones.len()];
        for (i, b) in bones.iter().enumerate() {
            if let Some(p) = b.parent {
                children[p].push(i);
            }
        }
        // bones with a humanoid bone in their subtree (themselves included), children before parents
        let mut holds_humanoid: Vec<bool> =
            bones.iter().map(|b| humanoid.contains(b.name.as_str())).collect();
        for &b in l.topological_order().iter().rev() {
            if holds_humanoid[b] {
                if let Some(p) = bones[b].parent {
                    holds_humanoid[p] = true;
                }
            }
        }
        let mut spring = vec![false; bones.len()];
        let mut stack: Vec<usize> = springs
            .chains
            .iter()
            .flat_map(|c| c.joints.iter().filter_map(|j| index.get(j.bone.as_str()).copied()))
            .collect();
        while let Some(b) = stack.pop() {
            if spring[b] || holds_humanoid[b] {
                continue;
            }
            spring[b] = true;
            stack.extend(&children[b]);
        }
        spring_bones += spring.iter().filter(|&&s| s).count();
        let w = l.weights();
        for v in 0..vertices.min(w.num_rows()) {
            for (b, x) in w.iter_row(v) {
                total[v] += x.abs();
                if spring[b] {
                    share[v] += x.abs();
                }
            }
        }
    }
    let vertex: Vec<bool> =
        share.iter().zip(&total).map(|(&s, &t)| t > 0.0 && s >= DETACH_WEIGHT * t).collect();
    let body_triangles: Vec<[usize; 3]> =
        triangles.iter().filter(|t| !t.iter().all(|&v| vertex[v])).copied().collect();
    if body_triangles.is_empty() || !vertex.iter().any(|&d| d) {
        return Detached { spring_bones, ..all() };
    }
    Detached { vertex, body_triangles, spring_bones }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rig::{Bone, LbsRig, VertexWeights};
    use crate::spring::{ChainTail, JointParams, SpringChain, SpringJoint};

    const I: [[f64; 4]; 3] = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];

    /// hips → head (humanoid), head → hair0 → hair1 → hair_end; vertex weights as rows of (bone, weight).
    fn rig(rows: &[&[(usize, f64)]]) -> Rig {
        let names = [
            ("hips", None),
            ("head", Some(0)),
            ("hair0", Some(1)),
            ("hair1", Some(2)),
            ("hair_end", Some(3)),
        ];
        let bones = names.iter().map(|(n, p)| Bone { name: (*n).into(), parent: *p, bind: I }).collect();
        let w = VertexWeights::from_rows(rows.iter().map(|r| r.iter().map(|&(b, x)| (b as u32, x))));
        Rig::new(vec![RigPart::Lbs(LbsRig::new(bones, w).unwrap())]).unwrap()
    }

    fn chain(joints: &[&str]) -> SpringModel {
        SpringModel {
            chains: vec![SpringChain {
                name: "hair".into(),
                joints: joints
                    .iter()
                    .map(|b| SpringJoint { bone: (*b).into(), params: JointParams::default() })
                    .collect(),
                tail: ChainTail::Point([0.0, -0.1, 0.0]),
                collider_groups: vec![],
                center: None,
            }],
            ..Default::default()
        }
    }

    fn humanoid() -> BTreeMap<String, String> {
        [("hips", "hips"), ("head", "head")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .into_iter()
            .collect()
    }

    #[test]
    fn geometry_mostly_on_spring_bones_is_detached_and_the_body_is_not() {
        // 0, 1: body (hips, head); 2: half on the head, half on the hair (detached: ≥ 0.5); 3: mostly head;
        // 4, 5: on the hair's lower bones (below the chain's joint, still spring bones)
        let r = rig(&[
            &[(0, 1.0)],
            &[(1, 1.0)],
            &[(1, 0.5), (2, 0.5)],
            &[(1, 0.7), (2, 0.3)],
            &[(3, 1.0)],
            &[(4, 1.0)],
        ]);
        let tris = [[0, 1, 3], [1, 2, 3], [2, 4, 5], [3, 4, 5]];
        let d = detach(&r, &tris, &chain(&["hair0"]), &humanoid(), 6);
        assert_eq!(d.vertex, [false, false, true, false, true, true]);
        assert_eq!(d.spring_bones, 3);
        // only the triangle with every vertex detached leaves the body
        assert_eq!(d.body_triangles, [[0, 1, 3], [1, 2, 3], [3, 4, 5]]);
        assert_eq!(d.count(), 3);
    }

    #[test]
    fn a_chain_rooted_on_the_body_or_no_springs_detach_nothing() {
        let r = rig(&[&[(0, 1.0)], &[(1, 1.0)], &[(2, 1.0)], &[(3, 1.0)]]);
        let tris = [[0, 1, 2], [1, 2, 3], [2, 3, 3]];
        // a chain whose joint is the hips: the hips and head hold humanoid bones, so only the hair below the
        // head counts
        let d = detach(&r, &tris, &chain(&["hips", "head"]), &humanoid(), 4);
        assert_eq!(d.spring_bones, 0);
        assert!(d.vertex.iter().all(|&v| !v));
        assert_eq!(d.body_triangles.len(), 3);
        let none = detach(&r, &tris, &SpringModel::default(), &humanoid(), 4);
        assert_eq!(none.body_triangles.len(), 3);
        assert_eq!(none.count(), 0);
        // everything on spring bones: nothing would be left to voxelize, so nothing is detached
        let hair = rig(&[&[(2, 1.0)], &[(3, 1.0)], &[(4, 1.0)]]);
        let d = detach(&hair, &[[0, 1, 2]], &chain(&["hair0"]), &humanoid(), 3);
        assert_eq!((d.count(), d.body_triangles.len()), (0, 1));
    }
}
