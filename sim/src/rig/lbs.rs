//! Linear blend skinning (paper 000, Eq. 7): bones, sparse per-vertex weights and their validation, forward
//! kinematics between local, world and skinning transforms.

use std::collections::HashSet;

use crate::mesh::tet_mesh::TetMesh;
use crate::rig::affine::{
    affine_inverse, affine_mul, det3, is_finite_affine, is_invertible, Affine, IDENTITY,
};
use crate::rig::error::{RigError, WEIGHT_SUM_TOLERANCE};
use crate::rig::sparse_rows::SparseRows;

/// A skeleton bone.
#[derive(Clone, Debug, PartialEq)]
pub struct Bone {
    pub name: String,
    /// Parent bone index in the same [`LbsRig`] (any order; the parents must form a forest).
    pub parent: Option<usize>,
    /// Rest (bind) pose world transform of the bone, 3×4.
    pub bind: Affine,
}

/// Sparse per-vertex LBS weights `w_h(v)`: one [`SparseRows`] row per vertex, columns are bones (sorted;
/// exact zeros not stored). The rows' read access (`row`, `iter_row`, `get`, `row_sum`, `nnz`) is
/// [`SparseRows`]'.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct VertexWeights(SparseRows);

impl std::ops::Deref for VertexWeights {
    type Target = SparseRows;
    fn deref(&self) -> &SparseRows {
        &self.0
    }
}

impl VertexWeights {
    /// From per-vertex `(bone, weight)` lists (any order; exact zeros are dropped, nothing else is checked
    /// here).
    pub fn from_rows<R, I>(rows: R) -> Self
    where
        R: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, f64)>,
    {
        VertexWeights(SparseRows::from_rows(rows))
    }

    /// From a dense row-major `n × bones` matrix (`values[v*bones + h]`).
    pub fn from_dense(bones: usize, values: &[f64]) -> Self {
        VertexWeights(SparseRows::from_dense(bones, values))
    }

    /// Number of vertices (rows).
    pub fn num_vertices(&self) -> usize {
        self.0.num_rows()
    }

    /// Transpose: per bone, `(vertex, weight)` sorted by vertex.
    pub(super) fn by_bone(&self, bones: usize) -> Vec<Vec<(usize, f64)>> {
        self.0.by_column(bones)
    }

    /// Everything but the sum: bone range, duplicates, finiteness, sign.
    fn check_entries(&self, bones: usize) -> Result<(), RigError> {
        for vertex in 0..self.num_vertices() {
            let (b, w) = self.row(vertex);
            for (i, (&bone, &weight)) in b.iter().zip(w).enumerate() {
                let bone = bone as usize;
                if bone >= bones {
                    return Err(RigError::WeightBone { vertex, bone, bones });
                }
                if i > 0 && b[i - 1] as usize == bone {
                    return Err(RigError::DuplicateWeight { vertex, bone });
                }
                if !weight.is_finite() {
                    return Err(RigError::WeightNonFinite { vertex, bone, weight });
                }
                if weight < 0.0 {
                    return Err(RigError::WeightNegative { vertex, bone, weight });
                }
            }
        }
        Ok(())
    }
}

/// Linear blend skinning: bones and weights, validated by [`LbsRig::new`].
#[derive(Clone, Debug, PartialEq)]
pub struct LbsRig {
    pub(super) bones: Vec<Bone>,
    pub(super) weights: VertexWeights,
    /// Bones ordered parents first (for forward kinematics).
    order: Vec<usize>,
}

/// Bones ordered so that every parent comes before its children; a cycle is reported by its smallest bone.
fn topological_order(bones: &[Bone]) -> Result<Vec<usize>, RigError> {
    let m = bones.len();
    let mut children = vec![Vec::new(); m];
    for (bone, b) in bones.iter().enumerate() {
        if let Some(parent) = b.parent {
            if parent >= m {
                return Err(RigError::ParentOutOfRange { bone, parent, bones: m });
            }
            children[parent].push(bone);
        }
    }
    let mut order: Vec<usize> = (0..m).filter(|&b| bones[b].parent.is_none()).collect();
    let mut i = 0;
    while i < order.len() {
        let b = order[i];
        order.extend_from_slice(&children[b]);
        i += 1;
    }
    if order.len() < m {
        let mut seen = vec![false; m];
        order.iter().for_each(|&b| seen[b] = true);
        let bone = seen.iter().position(|s| !s).expect("an unreached bone");
        return Err(RigError::ParentCycle { bone });
    }
    Ok(order)
}

impl LbsRig {
    /// Validate bones (names, parents, bind transforms) and weights (see the validation rules in the module
    /// doc of `linear`).
    pub fn new(bones: Vec<Bone>, weights: VertexWeights) -> Result<Self, RigError> {
        if bones.is_empty() {
            return Err(RigError::NoBones);
        }
        let mut names = HashSet::new();
        for (bone, b) in bones.iter().enumerate() {
            if b.name.is_empty() {
                return Err(RigError::EmptyBoneName { bone });
            }
            if !names.insert(b.name.as_str()) {
                return Err(RigError::DuplicateBone { name: b.name.clone() });
            }
            if !is_finite_affine(&b.bind) {
                return Err(RigError::BindNonFinite { bone });
            }
            if !is_invertible(&b.bind) {
                return Err(RigError::BindSingular { bone, det: det3(&b.bind) });
            }
        }
        let order = topological_order(&bones)?;
        weights.check_entries(bones.len())?;
        for vertex in 0..weights.num_vertices() {
            let sum = weights.row_sum(vertex);
            if (sum - 1.0).abs() > WEIGHT_SUM_TOLERANCE {
                return Err(RigError::WeightSum { vertex, sum });
            }
        }
        Ok(LbsRig { bones, weights, order })
    }

    /// Like [`LbsRig::new`] after [`LbsRig::normalize_weights`]; also returns the largest `|Σ_h w_h(v) - 1|`
    /// that was fixed.
    pub fn new_normalized(bones: Vec<Bone>, mut weights: VertexWeights) -> Result<(Self, f64), RigError> {
        weights.check_entries(bones.len())?;
        let fixed = Self::normalize_weights(&mut weights)?;
        Ok((Self::new(bones, weights)?, fixed))
    }

    /// Divide each vertex's weights by their sum; returns the largest deviation `|Σ_h w_h(v) - 1|` before.
    /// Refuses non-finite or negative weights and vertices whose weights sum to zero (nothing is changed
    /// then).
    pub fn normalize_weights(weights: &mut VertexWeights) -> Result<f64, RigError> {
        weights.check_entries(usize::MAX)?;
        let mut sums = Vec::with_capacity(weights.num_vertices());
        for vertex in 0..weights.num_vertices() {
            let sum = weights.row_sum(vertex);
            if !(sum > 0.0 && sum.is_finite()) {
                return Err(RigError::WeightSumNotPositive { vertex, sum });
            }
            sums.push(sum);
        }
        let mut max_dev: f64 = 0.0;
        for (v, sum) in sums.into_iter().enumerate() {
            max_dev = max_dev.max((sum - 1.0).abs());
            weights.0.row_values_mut(v).iter_mut().for_each(|w| *w /= sum);
        }
        Ok(max_dev)
    }

    pub fn bones(&self) -> &[Bone] {
        &self.bones
    }

    pub fn weights(&self) -> &VertexWeights {
        &self.weights
    }

    pub fn num_bones(&self) -> usize {
        self.bones.len()
    }

    pub fn num_vertices(&self) -> usize {
        self.weights.num_vertices()
    }

    /// Index of the bone called `name`.
    pub fn bone_index(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }

    /// Bones ordered parents first.
    pub fn topological_order(&self) -> &[usize] {
        &self.order
    }

    /// Rest-pose local transform of `bone`: `bind_parent⁻¹ · bind` (the bind itself for a root).
    pub fn rest_local(&self, bone: usize) -> Affine {
        let b = &self.bones[bone];
        match b.parent {
            None => b.bind,
            Some(p) => affine_mul(&affine_inverse(&self.bones[p].bind).expect("validated bind"), &b.bind),
        }
    }

    /// Skinning transforms `T_b = G_b · bind_b⁻¹` from posed world transforms `G_b` (one per bone).
    pub fn skinning_from_world(&self, world: &[Affine]) -> Vec<Affine> {
        assert_eq!(world.len(), self.bones.len());
        world
            .iter()
            .zip(&self.bones)
            .map(|(g, b)| affine_mul(g, &affine_inverse(&b.bind).expect("validated bind")))
            .collect()
    }

    /// Forward kinematics: world transforms `G_b = G_parent · L_b` (roots: `G_b = L_b`) from local ones.
    pub fn world_from_local(&self, local: &[Affine]) -> Vec<Affine> {
        assert_eq!(local.len(), self.bones.len());
        let mut world = vec![IDENTITY; self.bones.len()];
        for &b in &self.order {
            world[b] = match self.bones[b].parent {
                None => local[b],
                Some(p) => affine_mul(&world[p], &local[b]),
            };
        }
        world
    }

    /// Smooth two-bone weights for a bar along `axis` (0, 1 or 2) bent at `joint` (a coordinate along that
    /// axis): bone `"root"` (bind: translation to the bar's start on the axis, centred on the others) and its
    /// child `"child"` (bind: translation to the joint). The child's weight is a smoothstep from `joint -
    /// blend_width/2` to `joint + blend_width/2` (a hard step at `joint` when `blend_width <= 0`); the root's
    /// is the complement.
    pub fn two_bone_bar(mesh: &TetMesh, axis: usize, joint: f64, blend_width: f64) -> LbsRig {
        assert!(axis < 3, "axis must be 0, 1 or 2");
        let (lo, hi) = mesh.bounds();
        let mut centre = [0.0; 3];
        for c in 0..3 {
            centre[c] = 0.5 * (lo[c] + hi[c]);
        }
        let at = |t: f64| {
            let mut b = IDENTITY;
            for c in 0..3 {
                b[c][3] = if c == axis { t } else { centre[c] };
            }
            b
        };
        let bones = vec![
            Bone { name: "root".into(), parent: None, bind: at(lo[axis]) },
            Bone { name: "child".into(), parent: Some(0), bind: at(joint) },
        ];
        let child_weight = |x: f64| {
            if blend_width <= 0.0 {
                return if x >= joint { 1.0 } else { 0.0 };
            }
            let t = ((x - (joint - 0.5 * blend_width)) / blend_width).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        };
        let weights = VertexWeights::from_rows(mesh.vertices.iter().map(|p| {
            let s = child_weight(p[axis]);
            [(0u32, 1.0 - s), (1u32, s)]
        }));
        LbsRig::new(bones, weights).expect("two-bone bar rig is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::test_support::bone;

    #[test]
    fn weights_normalisation() {
        let mut w = VertexWeights::from_rows([vec![(0, 2.0), (1, 2.0)], vec![(1, 0.5)], vec![(0, 1.0)]]);
        let fixed = LbsRig::normalize_weights(&mut w).unwrap();
        assert_eq!(fixed, 3.0);
        assert_eq!(w.row(0), (&[0u32, 1][..], &[0.5, 0.5][..]));
        assert_eq!(w.row(1), (&[1u32][..], &[1.0][..]));
        let (rig, fixed) = LbsRig::new_normalized(vec![bone("a", None), bone("b", None)], w).unwrap();
        assert_eq!(fixed, 0.0);
        assert_eq!(rig.weights().row_sum(2), 1.0);
        let mut bad = VertexWeights::from_rows([vec![(0, 1.0)], vec![]]);
        assert_eq!(
            LbsRig::normalize_weights(&mut bad),
            Err(RigError::WeightSumNotPositive { vertex: 1, sum: 0.0 })
        );
        let mut neg = VertexWeights::from_rows([vec![(0, 2.0), (1, -1.0)]]);
        assert!(matches!(LbsRig::normalize_weights(&mut neg), Err(RigError::WeightNegative { .. })));
        assert_eq!(neg.row(0).1, &[2.0, -1.0], "unchanged on error");
        // new_normalized checks bone indices against the skeleton
        let w = VertexWeights::from_rows([vec![(3, 1.0)]]);
        assert!(matches!(
            LbsRig::new_normalized(vec![bone("a", None)], w),
            Err(RigError::WeightBone { bone: 3, .. })
        ));
    }

    #[test]
    fn two_bone_bar_weights_are_smooth_and_partition_unity() {
        let mesh = box_mesh(8, 1, 1, [4.0, 1.0, 1.0]);
        let l = LbsRig::two_bone_bar(&mesh, 0, 2.0, 2.0);
        assert_eq!(l.bones()[1].parent, Some(0));
        assert_eq!(l.bones()[1].bind[0][3], 2.0);
        assert_eq!([l.bones()[0].bind[1][3], l.bones()[0].bind[2][3]], [0.5, 0.5]);
        for (v, p) in mesh.vertices.iter().enumerate() {
            let child = l.weights().get(v, 1);
            assert!((l.weights().row_sum(v) - 1.0).abs() < 1e-15);
            let want = match p[0] {
                x if x <= 1.0 => 0.0,
                x if x >= 3.0 => 1.0,
                1.5 => 0.15625,
                2.0 => 0.5,
                2.5 => 0.84375,
                x => panic!("unexpected x {x}"),
            };
            assert_eq!(child, want);
        }
        let hard = LbsRig::two_bone_bar(&mesh, 0, 2.0, 0.0);
        assert!(mesh
            .vertices
            .iter()
            .enumerate()
            .all(|(v, p)| hard.weights().get(v, 1) == if p[0] >= 2.0 { 1.0 } else { 0.0 }));
    }
}
