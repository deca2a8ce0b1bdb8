//! Linear rigs and their Jacobian `J` (paper 000, Sec. 3 Eq. 2 and Sec. 4.0.1; the LBS block is Eq. 7).
//!
//! A [`Rig`] is a concatenation of [`RigPart`]s, each contributing a block of parameters to `p`:
//! - [`RigPart::Affine`]: one global affine handle with weight 1 everywhere (12 parameters),
//! - [`RigPart::Lbs`]: linear blend skinning with [`Bone`]s and per-vertex weights (12 parameters per bone),
//! - [`RigPart::Blendshapes`]: morph targets, one weight each (1 parameter per target).
//!
//! The parameter vector is the parts' blocks in order. Handle blocks follow the crate convention
//! ([`crate`]): handle-major, row-major, `p[o + 12*h + 4*c + k] = T_h[c][k]` where `o` is the part's
//! first parameter and `T_h = [A_h | b_h]` (3×4) **acts on rest positions**: a handle moves `X` to
//! `T_h [X; 1]`, so the identity `[I | 0]` is the rest pose (these are *skinning* transforms, not bone-local
//! ones: the bones' bind transforms only matter when converting a posed skeleton, see
//! [`LbsRig::skinning_from_world`]).
//!
//! # What is linear, and the offset
//! The rig is linear in `p`. Its deformed positions (coordinate-major, `x[c*n + v]`) are
//!
//! ```text
//! x = X + J (p - p_rest) = J p + x0,        x0 = X - J p_rest,
//! (J p)[c*n + v] = Σ_handles w_h(v) (T_h [X_v; 1])_c + Σ_targets β_i d_i(v)_c
//! ```
//!
//! where `p_rest` ([`Rig::rest_params`]) holds identity transforms and zero blendshape weights, and the
//! affine offset `x0` ([`Rig::offset`]) is `x0[c*n + v] = (1 - s(v)) X_v[c]` with `s(v)` the total handle
//! weight at `v` (1 for an affine part, `Σ_h w_h(v)` for an LBS part, summed over handle parts). Hence:
//! - one affine part, or one LBS part (weights sum to 1): `x0 = 0` up to the weight tolerance, `x = J p`;
//! - blendshapes only (no handle): `x0 = X`, i.e. `x = X + J p`;
//! - several handle parts (e.g. a global affine handle plus a skeleton): their *displacements* add,
//!   `x = X + Σ_parts Σ_h w_h (T_h - I)[X; 1] + Σ_i β_i d_i`, and `x0 = -X` for two parts.
//!
//! [`Rig::deform`] evaluates this directly (without `J`) in the displacement form above, so the rest
//! parameters reproduce the rest mesh bit for bit; [`Rig::displacement`] is the paper's `u^r = f_rig(p)`
//! (Eq. 2). The Jacobian `J = ∂x/∂p` (3n × p, [`Rig::jacobian`]) is constant:
//! - handle column `o + 12h + 4c + k` has `w_h(v) * [X_v; 1]_k` in row `c*n + v` for every `v` in the support
//!   of `w_h` (the sparsity pattern is the weight support; entries are stored even where `X_v[k] = 0`);
//! - blendshape column `o + i` holds target `i`'s displacements `d_i(v)_c` in rows `c*n + v` (exact zero
//!   components are not stored).
//!
//! Eq. 7 orders the LBS columns (coordinate, handle, entry); we use the crate's handle-major order
//! (handle, row c, column k) — same columns, permuted (see `shared/notes/method-pitfalls.md`, item 1).
//!
//! # Validation ([`RigError`])
//! Weights are finite, non-negative, refer to existing bones at most once per vertex and sum to 1 within
//! [`WEIGHT_SUM_TOLERANCE`] ([`LbsRig::normalize_weights`] renormalises); bone names are non-empty and
//! unique, parents are in range and form a forest (any order; cycles are refused); bind transforms are finite
//! with an invertible linear part; blendshape names are non-empty and unique, deltas finite, dense targets
//! have one delta per vertex, sparse targets distinct in-range indices; at most one affine part; bone names
//! are unique across LBS parts and target names across blendshape parts; the parts that know the vertex count
//! agree, and [`Rig::jacobian`] / [`Rig::deform`] check it against the mesh.
//!
//! # Rig file (`avatard precompute --rig R.json`)
//! ```json
//! {"parts": [
//!   {"type": "affine"},
//!   {"type": "lbs",
//!    "bones": [{"name": "hips",  "parent": null,   "bind": [[1,0,0,0],[0,1,0,0.9],[0,0,1,0]]},
//!              {"name": "spine", "parent": "hips", "bind": [[1,0,0,0],[0,1,0,1.1],[0,0,1,0]]}],
//!    "weights": {"format": "sparse", "vertices": [[[0, 1.0]], [["hips", 0.25], [1, 0.75]], ...]},
//!    "normalize": false},
//!   {"type": "blendshapes", "num_vertices": 1234,
//!    "targets": [{"name": "jawOpen", "deltas": [[dx,dy,dz], ...]},
//!                {"name": "smile", "indices": [10, 11], "deltas": [[dx,dy,dz], [dx,dy,dz]]}]}
//! ]}
//! ```
//! - `parent`: `null`, a bone index, or a bone name (of the same part). `bind`: the bone's rest-pose world
//!   transform, 3 rows of 4.
//! - `weights`: `{"format": "dense", "values": [[w_0, .., w_{m-1}], ...]}` (one row of `m` = bone count
//!   weights per vertex) or `{"format": "sparse", "vertices": [[[bone, w], ...], ...]}` (per vertex, `bone`
//!   an index or a name); the number of rows is the vertex count. `"normalize": true` renormalises each
//!   vertex's weights (they must still be finite, non-negative, with a positive sum).
//! - targets: dense (`deltas` only: one `[dx,dy,dz]` per vertex) or sparse (`indices` plus as many `deltas`).
//!   `num_vertices` is optional (dense targets imply it; sparse-only parts are checked against the mesh).
//! - Shorthand for a single global affine handle: `{"rig": "affine"}`.
//!
//! Unknown fields are refused. [`Rig::to_json_string`] writes the canonical form (sparse weights and
//! targets).
//!
//! # Rig animation file (`avatard simulate --rig-anim ANIM.json`)
//! ```json
//! {"dt": 0.0166667,
//!  "frames": [
//!    {"params": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, ...]},
//!    {"affine": [[..4],[..4],[..4]],
//!     "bones": {"spine": [[..4],[..4],[..4]]},
//!     "blendshapes": {"jawOpen": 0.4}}
//!  ]}
//! ```
//! `dt > 0` is the time between frames (s). A frame is either the full parameter vector `params` (length
//! [`Rig::num_params`]) or named values: `affine` (the affine part's transform), blendshape weights, and bone
//! transforms in exactly one of three forms — `bones` (skinning transforms `T`, acting on rest positions),
//! `bones_world` (posed world transforms `G`; `T = G · bind⁻¹`) or `bones_local` (transforms relative to the
//! parent's posed frame; `G = G_parent · L`, roots `G = L`; the rest local transform is `bind_parent⁻¹ ·
//! bind`). Omitted handles and targets take their rest value (identity skinning transform; for `bones_local`
//! the rest local transform, so an omitted child follows its parent; weight 0). Every value must be finite.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use faer::sparse::{SparseColMat, SymbolicSparseColMat};
use serde::{Deserialize, Serialize};

use crate::mesh::tet_mesh::TetMesh;

/// A 3×4 affine transform `[A | b]`, rows of 4.
pub type Affine = [[f64; 4]; 3];

/// The identity transform `[I | 0]`.
pub const IDENTITY: Affine = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];

/// Per-vertex LBS weights must sum to 1 within this (absolute) tolerance.
pub const WEIGHT_SUM_TOLERANCE: f64 = 1e-6;

/// A bind transform's linear part counts as singular when `|det A| <= SINGULAR_REL_DET * (‖A‖_F / √3)³`.
pub const SINGULAR_REL_DET: f64 = 1e-12;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RigError {
    #[error("the rig has no parts")]
    Empty,
    #[error("the rig has more than one affine part (their columns would be identical)")]
    MultipleAffine,
    #[error("an LBS part has no bones")]
    NoBones,
    #[error("bone {bone} has an empty name")]
    EmptyBoneName { bone: usize },
    #[error("bone name {name:?} is used twice")]
    DuplicateBone { name: String },
    #[error("bone {bone}: parent {parent} is out of range ({bones} bones)")]
    ParentOutOfRange { bone: usize, parent: usize, bones: usize },
    #[error("bone {bone}: unknown parent {name:?}")]
    UnknownParent { bone: usize, name: String },
    #[error("bone {bone} is on a parent cycle")]
    ParentCycle { bone: usize },
    #[error("new vertex {vertex}: bad resampling stencil entry ({message})")]
    Stencil { vertex: usize, message: String },
    #[error("bone {bone}: bind transform has a non-finite entry")]
    BindNonFinite { bone: usize },
    #[error("bone {bone}: bind transform's linear part is singular (det {det:e})")]
    BindSingular { bone: usize, det: f64 },
    #[error("vertex {vertex}: weight row has {got} entries for {bones} bones")]
    DenseWeightRow { vertex: usize, got: usize, bones: usize },
    #[error("vertex {vertex}: bone index {bone} is out of range ({bones} bones)")]
    WeightBone { vertex: usize, bone: usize, bones: usize },
    #[error("vertex {vertex}: unknown bone {name:?}")]
    WeightBoneName { vertex: usize, name: String },
    #[error("vertex {vertex}: bone {bone} is weighted twice")]
    DuplicateWeight { vertex: usize, bone: usize },
    #[error("vertex {vertex}: weight {weight} of bone {bone} is not finite")]
    WeightNonFinite { vertex: usize, bone: usize, weight: f64 },
    #[error("vertex {vertex}: weight {weight} of bone {bone} is negative")]
    WeightNegative { vertex: usize, bone: usize, weight: f64 },
    #[error(
        "vertex {vertex}: weights sum to {sum}, not 1 (tolerance {WEIGHT_SUM_TOLERANCE:e}; normalise them)"
    )]
    WeightSum { vertex: usize, sum: f64 },
    #[error("vertex {vertex}: weights sum to {sum}, cannot normalise")]
    WeightSumNotPositive { vertex: usize, sum: f64 },
    #[error("blendshape {target} has an empty name")]
    EmptyTargetName { target: usize },
    #[error("blendshape name {name:?} is used twice")]
    DuplicateTarget { name: String },
    #[error("blendshape {name:?} has {got} deltas for {n} vertices")]
    DeltaCount { name: String, got: usize, n: usize },
    #[error("blendshape {name:?} has {indices} indices but {deltas} deltas")]
    IndicesDeltas { name: String, indices: usize, deltas: usize },
    #[error("blendshape {name:?}: vertex index {index} is out of range ({n} vertices)")]
    DeltaIndex { name: String, index: usize, n: usize },
    #[error("blendshape {name:?}: vertex {index} appears twice")]
    DuplicateDeltaIndex { name: String, index: usize },
    #[error("blendshape {name:?}: vertex {vertex} has a non-finite delta {delta:?}")]
    DeltaNonFinite { name: String, vertex: usize, delta: [f64; 3] },
    #[error("{what} has {got} vertices but {expected} were expected")]
    VertexCount { what: String, got: usize, expected: usize },
    #[error("{got} parameters given, the rig has {expected}")]
    ParamCount { got: usize, expected: usize },
    #[error("rig file: {0}")]
    Json(String),
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("rig file: give either \"parts\" or the shorthand \"rig\": \"affine\"")]
    RigFileShape,
    #[error("rig file: unknown shorthand {0:?} (only \"affine\")")]
    UnknownShorthand(String),
    #[error("animation: dt = {0} must be finite and > 0")]
    Dt(f64),
    #[error("animation has no frames")]
    NoFrames,
    #[error("animation frame {frame}: {message}")]
    Frame { frame: usize, message: String },
    #[error("animation frame {frame}: parameter {name} = {value} is not finite")]
    FrameNonFinite { frame: usize, name: String, value: f64 },
    #[error("animation frame {frame}: {got} parameters, the rig has {expected}")]
    FrameParamCount { frame: usize, got: usize, expected: usize },
}

// -----------------------------------------------------------------------------------------------------------
// Small affine algebra.

/// `[X; 1]_k`: the homogeneous rest coordinate.
#[inline]
fn homogeneous(x: &[f64; 3], k: usize) -> f64 {
    if k < 3 {
        x[k]
    } else {
        1.0
    }
}

fn det3(t: &Affine) -> f64 {
    t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1]) - t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0])
        + t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])
}

/// Composition `a · b` of affine maps (apply `b` first).
pub fn affine_mul(a: &Affine, b: &Affine) -> Affine {
    let mut out = [[0.0; 4]; 3];
    for c in 0..3 {
        for k in 0..4 {
            let mut s = if k == 3 { a[c][3] } else { 0.0 };
            for j in 0..3 {
                s += a[c][j] * b[j][k];
            }
            out[c][k] = s;
        }
    }
    out
}

/// Inverse `[A⁻¹ | -A⁻¹ b]`, or `None` when `A` is singular (see [`SINGULAR_REL_DET`]) or not finite.
pub fn affine_inverse(t: &Affine) -> Option<Affine> {
    if !is_invertible(t) {
        return None;
    }
    let det = det3(t);
    // A⁻¹ = adj(A) / det: entry (r, c) is the cofactor of (c, r), written with cyclic indices.
    let a_inv: [[f64; 3]; 3] = std::array::from_fn(|r| {
        std::array::from_fn(|c| {
            let (r1, r2, c1, c2) = ((c + 1) % 3, (c + 2) % 3, (r + 1) % 3, (r + 2) % 3);
            (t[r1][c1] * t[r2][c2] - t[r1][c2] * t[r2][c1]) / det
        })
    });
    let inv = std::array::from_fn(|r| {
        let row = a_inv[r];
        [row[0], row[1], row[2], -(row[0] * t[0][3] + row[1] * t[1][3] + row[2] * t[2][3])]
    });
    Some(inv)
}

fn is_finite_affine(t: &Affine) -> bool {
    t.iter().flatten().all(|v| v.is_finite())
}

fn is_invertible(t: &Affine) -> bool {
    if !is_finite_affine(t) {
        return false;
    }
    let frob2: f64 = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).map(|(r, c)| t[r][c] * t[r][c]).sum();
    let scale = (frob2 / 3.0).sqrt();
    scale > 0.0 && det3(t).abs() > SINGULAR_REL_DET * scale.powi(3)
}

// -----------------------------------------------------------------------------------------------------------
// Bones and weights.

/// A skeleton bone.
#[derive(Clone, Debug, PartialEq)]
pub struct Bone {
    pub name: String,
    /// Parent bone index in the same [`LbsRig`] (any order; the parents must form a forest).
    pub parent: Option<usize>,
    /// Rest (bind) pose world transform of the bone, 3×4.
    pub bind: Affine,
}

/// Sparse per-vertex weights in compressed rows: vertex `v` has the entries `offsets[v]..offsets[v+1]`,
/// sorted by bone. Exact zeros are not stored.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct VertexWeights {
    offsets: Vec<usize>,
    bones: Vec<u32>,
    values: Vec<f64>,
}

impl VertexWeights {
    /// From per-vertex `(bone, weight)` lists (any order; exact zeros are dropped, nothing else is checked
    /// here).
    pub fn from_rows<R, I>(rows: R) -> Self
    where
        R: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, f64)>,
    {
        let mut out = VertexWeights { offsets: vec![0], bones: Vec::new(), values: Vec::new() };
        let mut row: Vec<(u32, f64)> = Vec::new();
        for r in rows {
            row.clear();
            row.extend(r.into_iter().filter(|(_, w)| *w != 0.0));
            row.sort_by_key(|(b, _)| *b);
            for &(b, w) in &row {
                out.bones.push(b);
                out.values.push(w);
            }
            out.offsets.push(out.bones.len());
        }
        out
    }

    /// From a dense row-major `n × bones` matrix (`values[v*bones + h]`).
    pub fn from_dense(bones: usize, values: &[f64]) -> Self {
        assert!(
            bones > 0 && values.len().is_multiple_of(bones),
            "dense weights: length is not a multiple of the bone count"
        );
        Self::from_rows(values.chunks(bones).map(|r| r.iter().enumerate().map(|(h, &w)| (h as u32, w))))
    }

    /// Number of vertices (rows).
    pub fn num_vertices(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of stored weights.
    pub fn nnz(&self) -> usize {
        self.values.len()
    }

    /// Bones and weights of vertex `v`, sorted by bone.
    pub fn row(&self, v: usize) -> (&[u32], &[f64]) {
        let r = self.offsets[v]..self.offsets[v + 1];
        (&self.bones[r.clone()], &self.values[r])
    }

    /// Iterator over `(bone, weight)` of vertex `v`.
    pub fn iter_row(&self, v: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (b, w) = self.row(v);
        b.iter().zip(w).map(|(&b, &w)| (b as usize, w))
    }

    /// Weight of `bone` at vertex `v` (0 when not stored).
    pub fn get(&self, v: usize, bone: usize) -> f64 {
        let (b, w) = self.row(v);
        b.binary_search(&(bone as u32)).map(|i| w[i]).unwrap_or(0.0)
    }

    /// `Σ_h w_h(v)`.
    pub fn row_sum(&self, v: usize) -> f64 {
        self.row(v).1.iter().sum()
    }

    /// Transpose: per bone, `(vertex, weight)` sorted by vertex.
    fn by_bone(&self, bones: usize) -> Vec<Vec<(usize, f64)>> {
        let mut cols = vec![Vec::new(); bones];
        for v in 0..self.num_vertices() {
            for (b, w) in self.iter_row(v) {
                cols[b].push((v, w));
            }
        }
        cols
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
    bones: Vec<Bone>,
    weights: VertexWeights,
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
    /// Validate bones (names, parents, bind transforms) and weights (see the module doc).
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
            let r = weights.offsets[v]..weights.offsets[v + 1];
            weights.values[r].iter_mut().for_each(|w| *w /= sum);
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

// -----------------------------------------------------------------------------------------------------------
// Blendshapes.

/// One morph target: sparse per-vertex displacements, sorted by vertex, no zero deltas.
#[derive(Clone, Debug, PartialEq)]
pub struct BlendTarget {
    pub name: String,
    pub indices: Vec<usize>,
    pub deltas: Vec<[f64; 3]>,
}

impl BlendTarget {
    /// From one delta per vertex (zeros are dropped).
    pub fn from_dense(name: impl Into<String>, deltas: &[[f64; 3]]) -> Self {
        let (indices, deltas) =
            deltas.iter().enumerate().filter(|(_, d)| **d != [0.0; 3]).map(|(v, d)| (v, *d)).unzip();
        BlendTarget { name: name.into(), indices, deltas }
    }
}

/// Blendshapes: targets validated by [`BlendshapeRig::new`].
#[derive(Clone, Debug, PartialEq)]
pub struct BlendshapeRig {
    num_vertices: Option<usize>,
    targets: Vec<BlendTarget>,
}

impl BlendshapeRig {
    /// Validate names, deltas and indices; sort each target by vertex and drop zero deltas. `num_vertices`,
    /// when known, bounds the indices (otherwise they are checked against the mesh by
    /// [`Rig::check_vertices`]).
    pub fn new(num_vertices: Option<usize>, mut targets: Vec<BlendTarget>) -> Result<Self, RigError> {
        let mut names = HashSet::new();
        for (target, t) in targets.iter_mut().enumerate() {
            if t.name.is_empty() {
                return Err(RigError::EmptyTargetName { target });
            }
            if !names.insert(t.name.clone()) {
                return Err(RigError::DuplicateTarget { name: t.name.clone() });
            }
            if t.indices.len() != t.deltas.len() {
                return Err(RigError::IndicesDeltas {
                    name: t.name.clone(),
                    indices: t.indices.len(),
                    deltas: t.deltas.len(),
                });
            }
            let mut entries: Vec<(usize, [f64; 3])> =
                t.indices.iter().copied().zip(t.deltas.iter().copied()).collect();
            entries.sort_by_key(|e| e.0);
            for (i, &(index, delta)) in entries.iter().enumerate() {
                if let Some(n) = num_vertices {
                    if index >= n {
                        return Err(RigError::DeltaIndex { name: t.name.clone(), index, n });
                    }
                }
                if i > 0 && entries[i - 1].0 == index {
                    return Err(RigError::DuplicateDeltaIndex { name: t.name.clone(), index });
                }
                if delta.iter().any(|d| !d.is_finite()) {
                    return Err(RigError::DeltaNonFinite { name: t.name.clone(), vertex: index, delta });
                }
            }
            entries.retain(|e| e.1 != [0.0; 3]);
            (t.indices, t.deltas) = entries.into_iter().unzip();
        }
        Ok(BlendshapeRig { num_vertices, targets })
    }

    /// From dense targets (one delta per vertex each; all must have the same length, which sets the vertex
    /// count).
    pub fn from_dense(targets: Vec<(String, Vec<[f64; 3]>)>) -> Result<Self, RigError> {
        let n = targets.first().map(|t| t.1.len());
        let mut sparse = Vec::with_capacity(targets.len());
        for (name, deltas) in &targets {
            if Some(deltas.len()) != n {
                return Err(RigError::DeltaCount {
                    name: name.clone(),
                    got: deltas.len(),
                    n: n.unwrap_or(0),
                });
            }
            sparse.push(BlendTarget::from_dense(name.clone(), deltas));
        }
        Self::new(n, sparse)
    }

    pub fn targets(&self) -> &[BlendTarget] {
        &self.targets
    }

    /// Target names, in parameter order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.targets.iter().map(|t| t.name.as_str())
    }

    pub fn num_vertices(&self) -> Option<usize> {
        self.num_vertices
    }
}

// -----------------------------------------------------------------------------------------------------------
// The rig.

/// One block of rig parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum RigPart {
    /// One global affine handle, weight 1 at every vertex (12 parameters).
    Affine,
    /// Linear blend skinning (12 parameters per bone).
    Lbs(LbsRig),
    /// Blendshapes (1 parameter per target).
    Blendshapes(BlendshapeRig),
}

impl RigPart {
    pub fn num_params(&self) -> usize {
        match self {
            RigPart::Affine => 12,
            RigPart::Lbs(l) => 12 * l.num_bones(),
            RigPart::Blendshapes(b) => b.targets.len(),
        }
    }

    /// The vertex count this part implies, if any.
    fn num_vertices(&self) -> Option<usize> {
        match self {
            RigPart::Affine => None,
            RigPart::Lbs(l) => Some(l.num_vertices()),
            RigPart::Blendshapes(b) => b.num_vertices,
        }
    }

    fn describe(&self, index: usize) -> String {
        let kind = match self {
            RigPart::Affine => "affine",
            RigPart::Lbs(_) => "lbs",
            RigPart::Blendshapes(_) => "blendshapes",
        };
        format!("rig part {index} ({kind})")
    }
}

/// A linear rig: its parts' parameter blocks concatenated (see the module doc for the layout and `x = J p +
/// x0`).
#[derive(Clone, Debug, PartialEq)]
pub struct Rig {
    parts: Vec<RigPart>,
    /// First parameter of each part.
    offsets: Vec<usize>,
}

impl Rig {
    /// Check the cross-part rules: non-empty, at most one affine part, unique bone and target names across
    /// parts, consistent vertex counts.
    pub fn new(parts: Vec<RigPart>) -> Result<Self, RigError> {
        if parts.is_empty() {
            return Err(RigError::Empty);
        }
        if parts.iter().filter(|p| matches!(p, RigPart::Affine)).count() > 1 {
            return Err(RigError::MultipleAffine);
        }
        let (mut bone_names, mut target_names) = (HashSet::new(), HashSet::new());
        let mut known_n: Option<(usize, usize)> = None;
        let mut offsets = Vec::with_capacity(parts.len());
        let mut offset = 0;
        for (i, part) in parts.iter().enumerate() {
            match part {
                RigPart::Affine => {}
                RigPart::Lbs(l) => {
                    for b in &l.bones {
                        if !bone_names.insert(b.name.as_str()) {
                            return Err(RigError::DuplicateBone { name: b.name.clone() });
                        }
                    }
                }
                RigPart::Blendshapes(b) => {
                    for t in &b.targets {
                        if !target_names.insert(t.name.as_str()) {
                            return Err(RigError::DuplicateTarget { name: t.name.clone() });
                        }
                    }
                }
            }
            if let Some(n) = part.num_vertices() {
                match known_n {
                    None => known_n = Some((n, i)),
                    Some((expected, _)) if expected != n => {
                        return Err(RigError::VertexCount { what: part.describe(i), got: n, expected });
                    }
                    _ => {}
                }
            }
            offsets.push(offset);
            offset += part.num_params();
        }
        Ok(Rig { parts, offsets })
    }

    /// A single global affine handle.
    pub fn affine() -> Self {
        Rig::new(vec![RigPart::Affine]).expect("valid")
    }

    pub fn parts(&self) -> &[RigPart] {
        &self.parts
    }

    /// First parameter index of each part.
    pub fn part_offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// `p`: 12 per affine handle or bone, 1 per blendshape.
    pub fn num_params(&self) -> usize {
        self.offsets.last().copied().unwrap_or(0) + self.parts.last().map_or(0, RigPart::num_params)
    }

    /// Vertex count the rig was built for, when any part knows it (LBS weights, dense blendshapes).
    pub fn num_vertices(&self) -> Option<usize> {
        self.parts.iter().find_map(RigPart::num_vertices)
    }

    /// Check the rig against a mesh of `n` vertices (counts and sparse blendshape indices).
    pub fn check_vertices(&self, n: usize) -> Result<(), RigError> {
        for (i, part) in self.parts.iter().enumerate() {
            if let Some(got) = part.num_vertices() {
                if got != n {
                    return Err(RigError::VertexCount { what: part.describe(i), got, expected: n });
                }
            }
            if let RigPart::Blendshapes(b) = part {
                for t in &b.targets {
                    if let Some(&index) = t.indices.last().filter(|&&i| i >= n) {
                        return Err(RigError::DeltaIndex { name: t.name.clone(), index, n });
                    }
                }
            }
        }
        Ok(())
    }

    /// Parameter names in order: `affine[c][k]`, `bone:NAME[c][k]`, `blendshape:NAME`.
    pub fn param_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.num_params());
        let handle = |names: &mut Vec<String>, prefix: &str| {
            for c in 0..3 {
                for k in 0..4 {
                    names.push(format!("{prefix}[{c}][{k}]"));
                }
            }
        };
        for part in &self.parts {
            match part {
                RigPart::Affine => handle(&mut names, "affine"),
                RigPart::Lbs(l) => {
                    l.bones.iter().for_each(|b| handle(&mut names, &format!("bone:{}", b.name)))
                }
                RigPart::Blendshapes(b) => names.extend(b.names().map(|n| format!("blendshape:{n}"))),
            }
        }
        names
    }

    /// `p_rest`: identity transforms for handles, 0 for blendshapes.
    pub fn rest_params(&self) -> Vec<f64> {
        let mut p = vec![0.0; self.num_params()];
        for (part, &o) in self.parts.iter().zip(&self.offsets) {
            let handles = match part {
                RigPart::Affine => 1,
                RigPart::Lbs(l) => l.num_bones(),
                RigPart::Blendshapes(_) => 0,
            };
            for h in 0..handles {
                write_affine(&mut p[o + 12 * h..], &IDENTITY);
            }
        }
        p
    }

    /// First parameter of the affine part's handle.
    pub fn affine_param_offset(&self) -> Option<usize> {
        self.parts.iter().position(|p| matches!(p, RigPart::Affine)).map(|i| self.offsets[i])
    }

    /// First parameter of the bone called `name` (its 12 entries follow, row-major).
    pub fn bone_param_offset(&self, name: &str) -> Option<usize> {
        self.parts.iter().zip(&self.offsets).find_map(|(part, &o)| match part {
            RigPart::Lbs(l) => l.bone_index(name).map(|h| o + 12 * h),
            _ => None,
        })
    }

    /// Parameter of the blendshape called `name`.
    pub fn blendshape_param_index(&self, name: &str) -> Option<usize> {
        self.parts.iter().zip(&self.offsets).find_map(|(part, &o)| match part {
            RigPart::Blendshapes(b) => b.targets.iter().position(|t| t.name == name).map(|i| o + i),
            _ => None,
        })
    }

    /// Total handle weight `s(v)` per vertex (see the module doc); `n` is the mesh's vertex count.
    fn handle_weight_sums(&self, n: usize) -> Vec<f64> {
        let mut s = vec![0.0; n];
        for part in &self.parts {
            match part {
                RigPart::Affine => s.iter_mut().for_each(|s| *s += 1.0),
                RigPart::Lbs(l) => (0..n).for_each(|v| s[v] += l.weights.row_sum(v)),
                RigPart::Blendshapes(_) => {}
            }
        }
        s
    }

    /// The affine offset `x0 = X - J p_rest`, coordinate-major: `x0[c*n + v] = (1 - s(v)) X_v[c]`, so that
    /// `x = J p + x0` for every `p`. Zero for one affine part; `X` for blendshapes only.
    pub fn offset(&self, rest: &[[f64; 3]]) -> Result<Vec<f64>, RigError> {
        let n = rest.len();
        self.check_vertices(n)?;
        let s = self.handle_weight_sums(n);
        let mut x0 = vec![0.0; 3 * n];
        for c in 0..3 {
            for v in 0..n {
                x0[c * n + v] = (1.0 - s[v]) * rest[v][c];
            }
        }
        Ok(x0)
    }

    /// The rig displacement `u^r = f_rig(p) = J (p - p_rest)` (Eq. 2), coordinate-major, evaluated directly:
    /// `Σ_handles w_h (T_h - I)[X; 1] + Σ_i β_i d_i`.
    pub fn displacement(&self, rest: &[[f64; 3]], p: &[f64]) -> Result<Vec<f64>, RigError> {
        let n = rest.len();
        self.check_vertices(n)?;
        if p.len() != self.num_params() {
            return Err(RigError::ParamCount { got: p.len(), expected: self.num_params() });
        }
        let mut u = vec![0.0; 3 * n];
        // Adds w (T - I)[X_v; 1] to vertex v.
        let add_handle = |u: &mut [f64], t: &[f64], v: usize, w: f64| {
            for c in 0..3 {
                let mut s = 0.0;
                for k in 0..4 {
                    let id = if k == c { 1.0 } else { 0.0 };
                    s += (t[4 * c + k] - id) * homogeneous(&rest[v], k);
                }
                u[c * n + v] += w * s;
            }
        };
        for (part, &o) in self.parts.iter().zip(&self.offsets) {
            match part {
                RigPart::Affine => (0..n).for_each(|v| add_handle(&mut u, &p[o..o + 12], v, 1.0)),
                RigPart::Lbs(l) => {
                    for v in 0..n {
                        for (h, w) in l.weights.iter_row(v) {
                            add_handle(&mut u, &p[o + 12 * h..o + 12 * h + 12], v, w);
                        }
                    }
                }
                RigPart::Blendshapes(b) => {
                    for (i, t) in b.targets.iter().enumerate() {
                        let beta = p[o + i];
                        for (&v, d) in t.indices.iter().zip(&t.deltas) {
                            (0..3).for_each(|c| u[c * n + v] += beta * d[c]);
                        }
                    }
                }
            }
        }
        Ok(u)
    }

    /// Deformed positions `x = X + u^r(p)` (= `J p + x0`), coordinate-major; `rest_params` give `X` exactly.
    pub fn deform(&self, rest: &[[f64; 3]], p: &[f64]) -> Result<Vec<f64>, RigError> {
        let n = rest.len();
        let mut x = self.displacement(rest, p)?;
        for c in 0..3 {
            for v in 0..n {
                x[c * n + v] += rest[v][c];
            }
        }
        Ok(x)
    }

    /// The rig Jacobian `J = ∂x/∂p` (3n × p, column layout in the module doc); `x = J p + x0` (see
    /// [`Rig::offset`]). Columns are built directly in compressed form with sorted rows.
    pub fn jacobian(&self, rest: &[[f64; 3]]) -> Result<SparseColMat<usize, f64>, RigError> {
        let n = rest.len();
        self.check_vertices(n)?;
        let mut col_ptr = Vec::with_capacity(self.num_params() + 1);
        col_ptr.push(0);
        let (mut rows, mut vals) = (Vec::new(), Vec::new());
        for part in &self.parts {
            match part {
                RigPart::Affine => {
                    let all: Vec<(usize, f64)> = (0..n).map(|v| (v, 1.0)).collect();
                    push_handle_columns(&all, rest, &mut col_ptr, &mut rows, &mut vals);
                }
                RigPart::Lbs(l) => {
                    for support in l.weights.by_bone(l.num_bones()) {
                        push_handle_columns(&support, rest, &mut col_ptr, &mut rows, &mut vals);
                    }
                }
                RigPart::Blendshapes(b) => {
                    // Column of target i: its deltas in rows c*n + v (c first, then v: sorted).
                    for t in &b.targets {
                        for c in 0..3 {
                            for (&v, d) in t.indices.iter().zip(&t.deltas) {
                                if d[c] != 0.0 {
                                    rows.push(c * n + v);
                                    vals.push(d[c]);
                                }
                            }
                        }
                        col_ptr.push(rows.len());
                    }
                }
            }
        }
        debug_assert_eq!(col_ptr.len(), self.num_params() + 1);
        let symbolic = SymbolicSparseColMat::new_checked(3 * n, self.num_params(), col_ptr, None, rows);
        Ok(SparseColMat::new(symbolic, vals))
    }

    // ---- JSON ---------------------------------------------------------------------------------------------

    /// Parse a rig file (format in the module doc).
    pub fn from_json_str(s: &str) -> Result<Self, RigError> {
        let file: RigFile = serde_json::from_str(s).map_err(|e| RigError::Json(e.to_string()))?;
        file.into_rig()
    }

    /// Read and parse a rig file.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, RigError> {
        let path = path.as_ref();
        let s = std::fs::read_to_string(path)
            .map_err(|e| RigError::Io { path: path.display().to_string(), message: e.to_string() })?;
        Self::from_json_str(&s).map_err(|e| match e {
            RigError::Json(m) => RigError::Io { path: path.display().to_string(), message: m },
            e => e,
        })
    }

    /// The canonical rig file (parents by index, sparse weights, sparse targets).
    pub fn to_json_string(&self) -> String {
        let parts = self
            .parts
            .iter()
            .map(|part| match part {
                RigPart::Affine => PartFile::Affine {},
                RigPart::Lbs(l) => PartFile::Lbs {
                    bones: l
                        .bones
                        .iter()
                        .map(|b| BoneFile {
                            name: b.name.clone(),
                            parent: b.parent.map(NameOrIndex::Index),
                            bind: b.bind,
                        })
                        .collect(),
                    weights: WeightsFile::Sparse {
                        vertices: (0..l.num_vertices())
                            .map(|v| l.weights.iter_row(v).map(|(b, w)| (NameOrIndex::Index(b), w)).collect())
                            .collect(),
                    },
                    normalize: false,
                },
                RigPart::Blendshapes(b) => PartFile::Blendshapes {
                    num_vertices: b.num_vertices,
                    targets: b
                        .targets
                        .iter()
                        .map(|t| TargetFile {
                            name: t.name.clone(),
                            indices: Some(t.indices.clone()),
                            deltas: t.deltas.clone(),
                        })
                        .collect(),
                },
            })
            .collect();
        serde_json::to_string(&RigFile { parts: Some(parts), rig: None }).expect("serialisable")
    }
}

/// Eq. 7: the 12 LBS Jacobian columns of one handle with weights `support` (`(vertex, w)` sorted by vertex):
/// column `(c, k)` holds `w(v) [X_v; 1]_k` in row `c*n + v`.
fn push_handle_columns(
    support: &[(usize, f64)],
    rest: &[[f64; 3]],
    col_ptr: &mut Vec<usize>,
    rows: &mut Vec<usize>,
    vals: &mut Vec<f64>,
) {
    let n = rest.len();
    for c in 0..3 {
        for k in 0..4 {
            for &(v, w) in support {
                rows.push(c * n + v);
                vals.push(w * homogeneous(&rest[v], k));
            }
            col_ptr.push(rows.len());
        }
    }
}

/// Write `t` row-major into `p[0..12]`.
pub fn write_affine(p: &mut [f64], t: &Affine) {
    for c in 0..3 {
        for k in 0..4 {
            p[4 * c + k] = t[c][k];
        }
    }
}

/// Read a row-major transform from `p[0..12]`.
pub fn read_affine(p: &[f64]) -> Affine {
    let mut t = [[0.0; 4]; 3];
    for c in 0..3 {
        for k in 0..4 {
            t[c][k] = p[4 * c + k];
        }
    }
    t
}

// -----------------------------------------------------------------------------------------------------------
// Rig file (serde side; the format is documented in the module doc).

/// A bone reference in a file: an index or a name.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum NameOrIndex {
    Index(usize),
    Name(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RigFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<PartFile>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rig: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum PartFile {
    // a struct variant, so that unknown fields are refused here too
    Affine {},
    Lbs {
        bones: Vec<BoneFile>,
        weights: WeightsFile,
        #[serde(default, skip_serializing_if = "is_false")]
        normalize: bool,
    },
    Blendshapes {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        num_vertices: Option<usize>,
        targets: Vec<TargetFile>,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoneFile {
    name: String,
    #[serde(default)]
    parent: Option<NameOrIndex>,
    bind: Affine,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "format", rename_all = "lowercase", deny_unknown_fields)]
enum WeightsFile {
    Dense { values: Vec<Vec<f64>> },
    Sparse { vertices: Vec<Vec<(NameOrIndex, f64)>> },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetFile {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    indices: Option<Vec<usize>>,
    deltas: Vec<[f64; 3]>,
}

impl RigFile {
    fn into_rig(self) -> Result<Rig, RigError> {
        match (self.parts, self.rig) {
            (None, Some(r)) if r == "affine" => Ok(Rig::affine()),
            (None, Some(r)) => Err(RigError::UnknownShorthand(r)),
            (Some(parts), None) => {
                Rig::new(parts.into_iter().map(PartFile::into_part).collect::<Result<_, _>>()?)
            }
            _ => Err(RigError::RigFileShape),
        }
    }
}

impl PartFile {
    fn into_part(self) -> Result<RigPart, RigError> {
        match self {
            PartFile::Affine {} => Ok(RigPart::Affine),
            PartFile::Lbs { bones, weights, normalize } => {
                let m = bones.len();
                // first occurrence wins here; duplicates are refused by LbsRig::new
                let mut by_name = HashMap::new();
                for (i, b) in bones.iter().enumerate() {
                    by_name.entry(b.name.clone()).or_insert(i);
                }
                let bones = bones
                    .into_iter()
                    .enumerate()
                    .map(|(bone, b)| {
                        let parent = match b.parent {
                            None => None,
                            Some(NameOrIndex::Index(i)) => Some(i),
                            Some(NameOrIndex::Name(name)) => {
                                Some(*by_name.get(&name).ok_or(RigError::UnknownParent { bone, name })?)
                            }
                        };
                        Ok(Bone { name: b.name, parent, bind: b.bind })
                    })
                    .collect::<Result<Vec<_>, RigError>>()?;
                let weights = match weights {
                    WeightsFile::Dense { values } => {
                        if let Some(vertex) = values.iter().position(|r| r.len() != m) {
                            return Err(RigError::DenseWeightRow {
                                vertex,
                                got: values[vertex].len(),
                                bones: m,
                            });
                        }
                        VertexWeights::from_rows(
                            values.iter().map(|r| r.iter().enumerate().map(|(h, &w)| (h as u32, w))),
                        )
                    }
                    WeightsFile::Sparse { vertices } => {
                        let mut rows = Vec::with_capacity(vertices.len());
                        for (vertex, r) in vertices.into_iter().enumerate() {
                            let mut row = Vec::with_capacity(r.len());
                            for (b, w) in r {
                                let bone = match b {
                                    NameOrIndex::Index(bone) => bone,
                                    NameOrIndex::Name(name) => *by_name
                                        .get(&name)
                                        .ok_or(RigError::WeightBoneName { vertex, name })?,
                                };
                                let bone = u32::try_from(bone).map_err(|_| RigError::WeightBone {
                                    vertex,
                                    bone,
                                    bones: m,
                                })?;
                                row.push((bone, w));
                            }
                            rows.push(row);
                        }
                        VertexWeights::from_rows(rows)
                    }
                };
                let lbs = if normalize {
                    LbsRig::new_normalized(bones, weights)?.0
                } else {
                    LbsRig::new(bones, weights)?
                };
                Ok(RigPart::Lbs(lbs))
            }
            PartFile::Blendshapes { num_vertices, targets } => {
                let n = num_vertices
                    .or_else(|| targets.iter().find(|t| t.indices.is_none()).map(|t| t.deltas.len()));
                let mut out = Vec::with_capacity(targets.len());
                for t in targets {
                    match t.indices {
                        Some(indices) => out.push(BlendTarget { name: t.name, indices, deltas: t.deltas }),
                        None => {
                            let n = n.expect("a dense target sets n");
                            if t.deltas.len() != n {
                                return Err(RigError::DeltaCount { name: t.name, got: t.deltas.len(), n });
                            }
                            out.push(BlendTarget {
                                name: t.name,
                                indices: (0..n).collect(),
                                deltas: t.deltas,
                            });
                        }
                    }
                }
                Ok(RigPart::Blendshapes(BlendshapeRig::new(n, out)?))
            }
        }
    }
}

// -----------------------------------------------------------------------------------------------------------
// Rig animation.

/// A rig animation: parameter vectors `p` sampled every `dt` seconds (format in the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct RigAnimation {
    dt: f64,
    frames: Vec<Vec<f64>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimationFile {
    dt: f64,
    frames: Vec<FrameFile>,
}

#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrameFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    params: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    affine: Option<Affine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones_world: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones_local: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blendshapes: Option<BTreeMap<String, f64>>,
}

/// How a frame gives bone transforms.
#[derive(Clone, Copy)]
enum BoneForm {
    Skinning,
    World,
    Local,
}

impl FrameFile {
    fn into_params(self, rig: &Rig, frame: usize) -> Result<Vec<f64>, RigError> {
        let err = |message: String| RigError::Frame { frame, message };
        let named = self.affine.is_some()
            || self.bones.is_some()
            || self.bones_world.is_some()
            || self.bones_local.is_some()
            || self.blendshapes.is_some();
        if let Some(p) = self.params {
            if named {
                return Err(err("\"params\" cannot be combined with named values".into()));
            }
            return Ok(p);
        }
        let mut p = rig.rest_params();
        if let Some(t) = self.affine {
            let o = rig
                .affine_param_offset()
                .ok_or_else(|| err("\"affine\" given but the rig has no affine part".into()))?;
            write_affine(&mut p[o..], &t);
        }
        let forms = [
            (BoneForm::Skinning, self.bones),
            (BoneForm::World, self.bones_world),
            (BoneForm::Local, self.bones_local),
        ];
        let mut given = forms.into_iter().filter_map(|(f, m)| m.map(|m| (f, m)));
        if let Some((form, bones)) = given.next() {
            if given.next().is_some() {
                return Err(err(
                    "give bone transforms in one form only (bones, bones_world or bones_local)".into()
                ));
            }
            if let Some(name) = bones.keys().find(|name| rig.bone_param_offset(name).is_none()) {
                return Err(err(format!("unknown bone {name:?}")));
            }
            for (part, &o) in rig.parts.iter().zip(&rig.offsets) {
                let RigPart::Lbs(l) = part else { continue };
                if !l.bones.iter().any(|b| bones.contains_key(&b.name)) {
                    continue; // untouched skeletons keep their exact identity transforms
                }
                let pick =
                    |b: usize, default: Affine| bones.get(&l.bones[b].name).copied().unwrap_or(default);
                let skinning: Vec<Affine> = match form {
                    BoneForm::Skinning => (0..l.num_bones()).map(|b| pick(b, IDENTITY)).collect(),
                    BoneForm::World => l.skinning_from_world(
                        &(0..l.num_bones()).map(|b| pick(b, l.bones[b].bind)).collect::<Vec<_>>(),
                    ),
                    BoneForm::Local => {
                        let local: Vec<Affine> =
                            (0..l.num_bones()).map(|b| pick(b, l.rest_local(b))).collect();
                        l.skinning_from_world(&l.world_from_local(&local))
                    }
                };
                for (h, t) in skinning.iter().enumerate() {
                    write_affine(&mut p[o + 12 * h..], t);
                }
            }
        }
        for (name, w) in self.blendshapes.unwrap_or_default() {
            let i = rig
                .blendshape_param_index(&name)
                .ok_or_else(|| err(format!("unknown blendshape {name:?}")))?;
            p[i] = w;
        }
        Ok(p)
    }
}

impl RigAnimation {
    /// Validate: `dt` finite and > 0, at least one frame, every frame of length [`Rig::num_params`] and
    /// finite.
    pub fn new(rig: &Rig, dt: f64, frames: Vec<Vec<f64>>) -> Result<Self, RigError> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(RigError::Dt(dt));
        }
        if frames.is_empty() {
            return Err(RigError::NoFrames);
        }
        let expected = rig.num_params();
        for (frame, p) in frames.iter().enumerate() {
            if p.len() != expected {
                return Err(RigError::FrameParamCount { frame, got: p.len(), expected });
            }
            if let Some(i) = p.iter().position(|v| !v.is_finite()) {
                return Err(RigError::FrameNonFinite {
                    frame,
                    name: rig.param_names().swap_remove(i),
                    value: p[i],
                });
            }
        }
        Ok(RigAnimation { dt, frames })
    }

    /// Parse an animation file for `rig` (format in the module doc).
    pub fn from_json_str(s: &str, rig: &Rig) -> Result<Self, RigError> {
        let file: AnimationFile = serde_json::from_str(s).map_err(|e| RigError::Json(e.to_string()))?;
        let frames = file
            .frames
            .into_iter()
            .enumerate()
            .map(|(i, f)| f.into_params(rig, i))
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(rig, file.dt, frames)
    }

    /// Read and parse an animation file for `rig`.
    pub fn load(path: impl AsRef<Path>, rig: &Rig) -> Result<Self, RigError> {
        let path = path.as_ref();
        let s = std::fs::read_to_string(path)
            .map_err(|e| RigError::Io { path: path.display().to_string(), message: e.to_string() })?;
        Self::from_json_str(&s, rig).map_err(|e| match e {
            RigError::Json(m) => RigError::Io { path: path.display().to_string(), message: m },
            e => e,
        })
    }

    /// The animation as a file with full parameter vectors.
    pub fn to_json_string(&self) -> String {
        let frames =
            self.frames.iter().map(|p| FrameFile { params: Some(p.clone()), ..Default::default() }).collect();
        serde_json::to_string(&AnimationFile { dt: self.dt, frames }).expect("serialisable")
    }

    /// Time between frames (s).
    pub fn dt(&self) -> f64 {
        self.dt
    }

    pub fn num_frames(&self) -> usize {
        self.frames.len()
    }

    /// Parameter vectors, one per frame.
    pub fn frames(&self) -> &[Vec<f64>] {
        &self.frames
    }

    /// Parameters of frame `i`.
    pub fn params(&self, i: usize) -> &[f64] {
        &self.frames[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;

    /// Deterministic xorshift64* generator: tests need no external randomness.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> f64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
        }
        fn range(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * self.next()
        }
    }

    /// `J p` by walking the compressed columns.
    fn matvec(j: &SparseColMat<usize, f64>, p: &[f64]) -> Vec<f64> {
        assert_eq!(j.ncols(), p.len());
        let (col_ptr, rows, vals) = (j.symbolic().col_ptr(), j.symbolic().row_idx(), j.val());
        let mut y = vec![0.0; j.nrows()];
        for col in 0..j.ncols() {
            for i in col_ptr[col]..col_ptr[col + 1] {
                y[rows[i]] += vals[i] * p[col];
            }
        }
        y
    }

    fn add(a: &[f64], b: &[f64]) -> Vec<f64> {
        a.iter().zip(b).map(|(a, b)| a + b).collect()
    }

    fn max_abs_diff(a: &[f64], b: &[f64]) -> f64 {
        assert_eq!(a.len(), b.len());
        a.iter().zip(b).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max)
    }

    fn coordinate_major(rest: &[[f64; 3]]) -> Vec<f64> {
        (0..3).flat_map(|c| rest.iter().map(move |p| p[c])).collect()
    }

    fn bone(name: &str, parent: Option<usize>) -> Bone {
        Bone { name: name.into(), parent, bind: IDENTITY }
    }

    /// A 3-bone rig with random sparse normalised weights (each vertex uses 1..=3 bones).
    fn random_lbs(rng: &mut Rng, n: usize) -> LbsRig {
        let bones = vec![bone("a", None), bone("b", Some(0)), bone("c", Some(1))];
        let weights = VertexWeights::from_rows((0..n).map(|_| {
            let k = 1 + (rng.next() * 3.0) as u32 % 3;
            (0..k).map(|b| (b, rng.range(0.1, 1.0))).collect::<Vec<_>>()
        }));
        LbsRig::new_normalized(bones, weights).unwrap().0
    }

    fn random_blendshapes(rng: &mut Rng, n: usize) -> BlendshapeRig {
        let dense: Vec<[f64; 3]> =
            (0..n).map(|_| [rng.range(-1.0, 1.0), 0.0, rng.range(-1.0, 1.0)]).collect();
        let sparse = BlendTarget {
            name: "smile".into(),
            indices: vec![n - 1, 0, 2],
            deltas: vec![[0.5, 0.25, 0.0], [0.0, 0.0, -1.0], [1.0, 2.0, 3.0]],
        };
        BlendshapeRig::new(Some(n), vec![BlendTarget::from_dense("jawOpen", &dense), sparse]).unwrap()
    }

    /// Independent evaluation, vertex by vertex: `X + Σ_handles w_h (T_h [X;1] - X) + Σ β_i d_i`, with the
    /// weights looked up by `(v, h)` and the deltas scanned per target (no `J`, no shared helper).
    fn direct(rig: &Rig, rest: &[[f64; 3]], p: &[f64]) -> Vec<f64> {
        let n = rest.len();
        let mut x = coordinate_major(rest);
        let apply = |t: &Affine, v: usize| -> [f64; 3] {
            let xv = rest[v];
            std::array::from_fn(|c| t[c][0] * xv[0] + t[c][1] * xv[1] + t[c][2] * xv[2] + t[c][3])
        };
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            for v in 0..n {
                let handles: Vec<(usize, f64)> = match part {
                    RigPart::Affine => vec![(0, 1.0)],
                    RigPart::Lbs(l) => (0..l.num_bones()).map(|h| (h, l.weights().get(v, h))).collect(),
                    RigPart::Blendshapes(_) => vec![],
                };
                for (h, w) in handles {
                    let y = apply(&read_affine(&p[o + 12 * h..]), v);
                    (0..3).for_each(|c| x[c * n + v] += w * (y[c] - rest[v][c]));
                }
            }
            if let RigPart::Blendshapes(b) = part {
                for (i, t) in b.targets().iter().enumerate() {
                    for (j, &v) in t.indices.iter().enumerate() {
                        (0..3).for_each(|c| x[c * n + v] += p[o + i] * t.deltas[j][c]);
                    }
                }
            }
        }
        x
    }

    fn random_params(rig: &Rig, rng: &mut Rng) -> Vec<f64> {
        let mut p = rig.rest_params();
        p.iter_mut().for_each(|v| *v += rng.range(-0.7, 0.7));
        p
    }

    #[test]
    fn affine_helpers_invert_and_compose() {
        let mut rng = Rng(99);
        for _ in 0..20 {
            let mut t = IDENTITY;
            t.iter_mut().flatten().for_each(|v| *v += rng.range(-0.5, 0.5));
            let inv = affine_inverse(&t).unwrap();
            for m in [affine_mul(&t, &inv), affine_mul(&inv, &t)] {
                assert!(m
                    .iter()
                    .flatten()
                    .zip(IDENTITY.iter().flatten())
                    .all(|(a, b)| (a - b).abs() < 1e-12));
            }
            let mut p = [0.0; 12];
            write_affine(&mut p, &t);
            assert_eq!(p[4 + 3], t[1][3]);
            assert_eq!(read_affine(&p), t);
        }
        let mut singular = IDENTITY;
        singular[2] = [0.0, 0.0, 1e-20, 0.0];
        assert_eq!(affine_inverse(&singular), None);
    }

    #[test]
    fn rest_params_reproduce_the_rest_mesh() {
        let mesh = box_mesh(3, 2, 2, [1.5, 1.0, 0.7]);
        let rest = &mesh.vertices;
        let x_rest = coordinate_major(rest);
        let mut rng = Rng(7);

        // one affine handle: J p_rest = X exactly, offset 0
        let rig = Rig::affine();
        let j = rig.jacobian(rest).unwrap();
        assert_eq!(matvec(&j, &rig.rest_params()), x_rest);
        assert!(rig.offset(rest).unwrap().iter().all(|v| *v == 0.0));

        // LBS, blendshapes only, and everything together
        let lbs = random_lbs(&mut rng, mesh.n());
        let shapes = random_blendshapes(&mut rng, mesh.n());
        for parts in [
            vec![RigPart::Lbs(lbs.clone())],
            vec![RigPart::Blendshapes(shapes.clone())],
            vec![RigPart::Affine, RigPart::Lbs(lbs), RigPart::Blendshapes(shapes)],
        ] {
            let rig = Rig::new(parts).unwrap();
            let p0 = rig.rest_params();
            let j = rig.jacobian(rest).unwrap();
            let x0 = rig.offset(rest).unwrap();
            assert!(max_abs_diff(&add(&matvec(&j, &p0), &x0), &x_rest) < 1e-14);
            assert_eq!(rig.deform(rest, &p0).unwrap(), x_rest, "the displacement form is exact at rest");
            assert!(rig.displacement(rest, &p0).unwrap().iter().all(|u| *u == 0.0));
        }

        // blendshapes only: no handle, x = X + J p
        let rig = Rig::new(vec![RigPart::Blendshapes(random_blendshapes(&mut rng, mesh.n()))]).unwrap();
        assert_eq!(rig.offset(rest).unwrap(), x_rest);
        // two handle parts: x0 = -X (to within the weight normalisation)
        let rig = Rig::new(vec![RigPart::Affine, RigPart::Lbs(random_lbs(&mut rng, mesh.n()))]).unwrap();
        let neg: Vec<f64> = x_rest.iter().map(|v| -v).collect();
        assert!(max_abs_diff(&rig.offset(rest).unwrap(), &neg) < 1e-14);
    }

    #[test]
    fn jacobian_matches_a_direct_lbs_evaluation() {
        let mesh = box_mesh(4, 2, 3, [2.0, 1.0, 1.2]);
        let rest = &mesh.vertices;
        let n = mesh.n();
        let mut rng = Rng(42);
        let lbs = random_lbs(&mut rng, n);
        let rig = Rig::new(vec![RigPart::Lbs(lbs.clone())]).unwrap();
        let j = rig.jacobian(rest).unwrap();
        assert_eq!((j.nrows(), j.ncols()), (3 * n, 36));
        for _ in 0..5 {
            let p = random_params(&rig, &mut rng);
            // x_v = Σ_h w_h(v) T_h [X_v; 1], straight from the definition
            let mut expected = vec![0.0; 3 * n];
            for v in 0..n {
                for h in 0..3 {
                    let t = read_affine(&p[12 * h..]);
                    let w = lbs.weights().get(v, h);
                    for c in 0..3 {
                        expected[c * n + v] += w
                            * (t[c][0] * rest[v][0] + t[c][1] * rest[v][1] + t[c][2] * rest[v][2] + t[c][3]);
                    }
                }
            }
            let jp = matvec(&j, &p);
            assert!(max_abs_diff(&jp, &expected) < 1e-12);
            // faer's sparse × dense product agrees with the column walk
            let pm = faer::Mat::<f64>::from_fn(p.len(), 1, |i, _| p[i]);
            let y = &j * &pm;
            assert!((0..3 * n).all(|i| (y[(i, 0)] - jp[i]).abs() < 1e-13));
            // and the direct evaluation (displacement form) equals J p + x0
            let x0 = rig.offset(rest).unwrap();
            assert!(max_abs_diff(&rig.deform(rest, &p).unwrap(), &add(&jp, &x0)) < 1e-12);
        }
    }

    #[test]
    fn combined_rig_is_exactly_linear_with_its_offset() {
        let mesh = box_mesh(3, 3, 2, [1.0, 1.0, 0.5]);
        let rest = &mesh.vertices;
        let mut rng = Rng(3);
        let rig = Rig::new(vec![
            RigPart::Blendshapes(random_blendshapes(&mut rng, mesh.n())),
            RigPart::Lbs(random_lbs(&mut rng, mesh.n())),
            RigPart::Affine,
        ])
        .unwrap();
        assert_eq!(rig.num_params(), 2 + 36 + 12);
        assert_eq!(rig.part_offsets(), &[0, 2, 38]);
        let j = rig.jacobian(rest).unwrap();
        let x0 = rig.offset(rest).unwrap();
        for _ in 0..5 {
            let p = random_params(&rig, &mut rng);
            let want = direct(&rig, rest, &p);
            assert!(max_abs_diff(&add(&matvec(&j, &p), &x0), &want) < 1e-12);
            assert!(max_abs_diff(&rig.deform(rest, &p).unwrap(), &want) < 1e-12);
        }
    }

    #[test]
    fn blendshape_columns_are_the_target_deltas() {
        let mesh = box_mesh(2, 1, 1, [1.0, 1.0, 1.0]);
        let (rest, n) = (&mesh.vertices, mesh.n());
        let mut rng = Rng(11);
        let shapes = random_blendshapes(&mut rng, n);
        let rig = Rig::new(vec![RigPart::Affine, RigPart::Blendshapes(shapes.clone())]).unwrap();
        let dense = rig.jacobian(rest).unwrap().to_dense();
        for (i, t) in shapes.targets().iter().enumerate() {
            let mut want = vec![0.0; 3 * n];
            for (&v, d) in t.indices.iter().zip(&t.deltas) {
                (0..3).for_each(|c| want[c * n + v] = d[c]);
            }
            assert!((0..3 * n).all(|r| dense[(r, 12 + i)] == want[r]), "target {i}");
        }
        // the sparse target's zero components are not stored
        let j = rig.jacobian(rest).unwrap();
        let cp = j.symbolic().col_ptr();
        assert_eq!(cp[14] - cp[13], 6);
        // blendshapes only: x = X + J β
        let rig = Rig::new(vec![RigPart::Blendshapes(shapes)]).unwrap();
        let beta = [0.3, -1.25];
        let x = rig.deform(rest, &beta).unwrap();
        let jb = matvec(&rig.jacobian(rest).unwrap(), &beta);
        assert!(max_abs_diff(&x, &add(&coordinate_major(rest), &jb)) < 1e-15);
    }

    #[test]
    fn column_layout_follows_the_convention_entry_by_entry() {
        // one tet, two bones with known weights, after an affine part
        let rest = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.5, 0.25, 4.0]];
        let n = rest.len();
        let w = [[1.0, 0.0], [0.25, 0.75], [0.5, 0.5], [0.0, 1.0]];
        let lbs = LbsRig::new(
            vec![bone("upper", None), bone("lower", Some(0))],
            VertexWeights::from_dense(2, &w.concat()),
        )
        .unwrap();
        let rig = Rig::new(vec![RigPart::Affine, RigPart::Lbs(lbs)]).unwrap();
        let j = rig.jacobian(&rest).unwrap().to_dense();
        assert_eq!((j.nrows(), j.ncols()), (12, 36));
        let names = rig.param_names();
        for h in 0..3 {
            for c in 0..3 {
                for k in 0..4 {
                    let col = 12 * h + 4 * c + k;
                    let prefix = if h == 0 {
                        "affine".to_string()
                    } else {
                        ["bone:upper", "bone:lower"][h - 1].to_string()
                    };
                    assert_eq!(names[col], format!("{prefix}[{c}][{k}]"));
                    for cr in 0..3 {
                        for (v, x) in rest.iter().enumerate() {
                            let weight = if h == 0 { 1.0 } else { w[v][h - 1] };
                            let hom = if k < 3 { x[k] } else { 1.0 };
                            let want = if cr == c { weight * hom } else { 0.0 };
                            assert_eq!(j[(cr * n + v, col)], want, "row {cr}*n+{v}, column ({h},{c},{k})");
                        }
                    }
                }
            }
        }
        // the rest parameters are identity handles, handle-major row-major
        let p0 = rig.rest_params();
        for h in 0..3 {
            assert_eq!(read_affine(&p0[12 * h..]), IDENTITY);
        }
        assert_eq!(rig.bone_param_offset("lower"), Some(24));
        assert_eq!(rig.affine_param_offset(), Some(0));
        assert_eq!(rig.bone_param_offset("nope"), None);
    }

    #[test]
    fn json_round_trip_and_documented_forms() {
        // dyadic values survive the text round trip exactly
        let bones = vec![
            Bone {
                name: "hips".into(),
                parent: Some(1),
                bind: [[1.0, 0.0, 0.0, 0.5], [0.0, 2.0, 0.0, 0.25], [0.0, 0.0, 1.0, -1.0]],
            },
            Bone { name: "root".into(), parent: None, bind: IDENTITY },
        ];
        let weights = VertexWeights::from_rows([vec![(0, 0.25), (1, 0.75)], vec![(1, 1.0)], vec![(0, 1.0)]]);
        let lbs = LbsRig::new(bones, weights).unwrap();
        let shapes = BlendshapeRig::from_dense(vec![
            ("jawOpen".into(), vec![[0.0; 3], [0.5, 0.0, -0.125], [1.0, 1.0, 1.0]]),
            ("blink".into(), vec![[0.0; 3], [0.0; 3], [0.0, 0.0, 0.0625]]),
        ])
        .unwrap();
        let rig = Rig::new(vec![RigPart::Affine, RigPart::Lbs(lbs), RigPart::Blendshapes(shapes)]).unwrap();
        let text = rig.to_json_string();
        assert_eq!(Rig::from_json_str(&text).unwrap(), rig);

        // non-dyadic values: equal to within float parsing (serde_json's default parser may be off by an ulp)
        let mesh = box_mesh(2, 2, 2, [1.0, 1.0, 1.0]);
        let mut rng = Rng(5);
        let rig = Rig::new(vec![
            RigPart::Lbs(random_lbs(&mut rng, mesh.n())),
            RigPart::Blendshapes(random_blendshapes(&mut rng, mesh.n())),
        ])
        .unwrap();
        let back = Rig::from_json_str(&rig.to_json_string()).unwrap();
        let a = rig.jacobian(&mesh.vertices).unwrap().to_dense();
        let b = back.jacobian(&mesh.vertices).unwrap().to_dense();
        assert!((0..a.nrows()).all(|r| (0..a.ncols()).all(|c| (a[(r, c)] - b[(r, c)]).abs() <= 1e-15)));
        assert_eq!(rig.param_names(), back.param_names());

        // the documented hand-written forms: names as parents and bone references, dense weights, dense and
        // sparse targets, normalisation, the affine shorthand
        let doc = r#"{"parts": [
            {"type": "affine"},
            {"type": "lbs",
             "bones": [{"name": "spine", "parent": "hips", "bind": [[1,0,0,0],[0,1,0,1.1],[0,0,1,0]]},
                       {"name": "hips", "parent": null, "bind": [[1,0,0,0],[0,1,0,0.9],[0,0,1,0]]}],
             "weights": {"format": "sparse", "vertices": [[[0, 1.0]], [["hips", 1], [0, 3]], [["spine", 2]]]},
             "normalize": true},
            {"type": "blendshapes",
             "targets": [{"name": "jawOpen", "deltas": [[0,0,0],[0,-0.5,0],[0,0,0]]},
                         {"name": "smile", "indices": [2], "deltas": [[0.1, 0, 0]]}]}]}"#;
        let rig = Rig::from_json_str(doc).unwrap();
        assert_eq!(rig.num_params(), 12 + 24 + 2);
        assert_eq!(rig.num_vertices(), Some(3));
        let RigPart::Lbs(l) = &rig.parts()[1] else { panic!() };
        assert_eq!(l.bones()[0].parent, Some(1));
        assert_eq!(l.weights().get(1, 0), 0.75);
        assert_eq!(l.weights().get(1, 1), 0.25);
        assert_eq!(l.weights().get(2, 0), 1.0);
        assert_eq!(l.topological_order(), &[1, 0]);
        assert_eq!(rig.param_names()[38 - 1], "blendshape:smile");
        let dense = r#"{"parts":[{"type":"lbs","bones":[{"name":"a","bind":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]},
            {"name":"b","parent":0,"bind":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}],
            "weights":{"format":"dense","values":[[1,0],[0.5,0.5]]}}]}"#;
        let rig = Rig::from_json_str(dense).unwrap();
        let RigPart::Lbs(l) = &rig.parts()[0] else { panic!() };
        assert_eq!(l.weights().nnz(), 3);
        assert_eq!(Rig::from_json_str(r#"{"rig": "affine"}"#).unwrap(), Rig::affine());
    }

    #[test]
    fn rig_file_errors() {
        let err = |s: &str| Rig::from_json_str(s).unwrap_err();
        assert_eq!(err(r#"{"rig": "lbs"}"#), RigError::UnknownShorthand("lbs".into()));
        assert_eq!(err(r#"{}"#), RigError::RigFileShape);
        assert_eq!(err(r#"{"rig": "affine", "parts": []}"#), RigError::RigFileShape);
        assert_eq!(err(r#"{"parts": []}"#), RigError::Empty);
        assert!(matches!(err(r#"{"parts": [{"type": "affine", "extra": 1}]}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": [{"type": "bogus"}]}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": [{"type": "affine"}], "typo": 1}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": "#), RigError::Json(_)));
        let id = "[[1,0,0,0],[0,1,0,0],[0,0,1,0]]";
        let lbs = |bones: &str, weights: &str| {
            format!(r#"{{"parts":[{{"type":"lbs","bones":{bones},"weights":{weights}}}]}}"#)
        };
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","parent":"zz","bind":{id}}}]"#),
                r#"{"format":"dense","values":[[1]]}"#
            )),
            RigError::UnknownParent { bone: 0, name: "zz".into() }
        );
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","bind":{id}}}]"#),
                r#"{"format":"dense","values":[[1],[0.5,0.5]]}"#
            )),
            RigError::DenseWeightRow { vertex: 1, got: 2, bones: 1 }
        );
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","bind":{id}}}]"#),
                r#"{"format":"sparse","vertices":[[["b",1]]]}"#
            )),
            RigError::WeightBoneName { vertex: 0, name: "b".into() }
        );
        let blend = r#"{"parts":[{"type":"blendshapes","targets":[{"name":"a","deltas":[[0,0,1],[0,0,0]]},
            {"name":"b","deltas":[[0,0,1]]}]}]}"#;
        assert_eq!(err(blend), RigError::DeltaCount { name: "b".into(), got: 1, n: 2 });
        let blend = r#"{"parts":[{"type":"blendshapes","num_vertices":3,
            "targets":[{"name":"a","deltas":[[0,0,1],[0,0,0]]}]}]}"#;
        assert_eq!(err(blend), RigError::DeltaCount { name: "a".into(), got: 2, n: 3 });
        let missing = Rig::load("/nonexistent/rig.json").unwrap_err();
        assert!(matches!(missing, RigError::Io { .. }), "{missing}");
    }

    #[test]
    fn every_validation_error() {
        let w1 = |n: usize| VertexWeights::from_rows((0..n).map(|_| [(0u32, 1.0)]));
        let lbs =
            |bones: Vec<Bone>, rows: Vec<Vec<(u32, f64)>>| LbsRig::new(bones, VertexWeights::from_rows(rows));
        // bones
        assert_eq!(LbsRig::new(vec![], w1(1)), Err(RigError::NoBones));
        assert_eq!(LbsRig::new(vec![bone("", None)], w1(1)), Err(RigError::EmptyBoneName { bone: 0 }));
        assert_eq!(
            LbsRig::new(vec![bone("a", None), bone("a", None)], w1(1)),
            Err(RigError::DuplicateBone { name: "a".into() })
        );
        assert_eq!(
            LbsRig::new(vec![bone("a", Some(5))], w1(1)),
            Err(RigError::ParentOutOfRange { bone: 0, parent: 5, bones: 1 })
        );
        assert_eq!(LbsRig::new(vec![bone("a", Some(0))], w1(1)), Err(RigError::ParentCycle { bone: 0 }));
        assert_eq!(
            LbsRig::new(vec![bone("r", None), bone("a", Some(2)), bone("b", Some(1))], w1(1)),
            Err(RigError::ParentCycle { bone: 1 })
        );
        // parents may come after their children
        assert!(LbsRig::new(vec![bone("a", Some(2)), bone("b", Some(0)), bone("r", None)], w1(1)).is_ok());
        let mut nan = bone("a", None);
        nan.bind[1][3] = f64::NAN;
        assert_eq!(LbsRig::new(vec![nan], w1(1)), Err(RigError::BindNonFinite { bone: 0 }));
        let mut flat = bone("a", None);
        flat.bind[2] = [1.0, 1.0, 0.0, 0.0];
        flat.bind[1] = [1.0, 1.0, 0.0, 0.0];
        assert!(matches!(LbsRig::new(vec![flat], w1(1)), Err(RigError::BindSingular { bone: 0, .. })));
        // weights
        let two = || vec![bone("a", None), bone("b", None)];
        assert_eq!(
            lbs(two(), vec![vec![(2, 1.0)]]),
            Err(RigError::WeightBone { vertex: 0, bone: 2, bones: 2 })
        );
        assert_eq!(
            lbs(two(), vec![vec![(0, 1.0)], vec![(1, 0.5), (1, 0.5)]]),
            Err(RigError::DuplicateWeight { vertex: 1, bone: 1 })
        );
        assert!(matches!(
            lbs(two(), vec![vec![(0, f64::INFINITY)]]),
            Err(RigError::WeightNonFinite { vertex: 0, bone: 0, .. })
        ));
        assert_eq!(
            lbs(two(), vec![vec![(0, 1.5), (1, -0.5)]]),
            Err(RigError::WeightNegative { vertex: 0, bone: 1, weight: -0.5 })
        );
        assert_eq!(lbs(two(), vec![vec![(0, 0.5)]]), Err(RigError::WeightSum { vertex: 0, sum: 0.5 }));
        assert_eq!(lbs(two(), vec![vec![]]), Err(RigError::WeightSum { vertex: 0, sum: 0.0 }));
        assert!(lbs(two(), vec![vec![(0, 0.5), (1, 0.5 + 0.9e-6)]]).is_ok(), "within the tolerance");
        // blendshapes
        let t = |name: &str, indices: Vec<usize>, deltas: Vec<[f64; 3]>| BlendTarget {
            name: name.into(),
            indices,
            deltas,
        };
        assert_eq!(
            BlendshapeRig::new(None, vec![t("", vec![], vec![])]),
            Err(RigError::EmptyTargetName { target: 0 })
        );
        assert_eq!(
            BlendshapeRig::new(None, vec![t("a", vec![], vec![]), t("a", vec![], vec![])]),
            Err(RigError::DuplicateTarget { name: "a".into() })
        );
        assert_eq!(
            BlendshapeRig::new(None, vec![t("a", vec![0, 1], vec![[1.0; 3]])]),
            Err(RigError::IndicesDeltas { name: "a".into(), indices: 2, deltas: 1 })
        );
        assert_eq!(
            BlendshapeRig::new(Some(3), vec![t("a", vec![3], vec![[1.0; 3]])]),
            Err(RigError::DeltaIndex { name: "a".into(), index: 3, n: 3 })
        );
        assert_eq!(
            BlendshapeRig::new(None, vec![t("a", vec![4, 1, 4], vec![[1.0; 3]; 3])]),
            Err(RigError::DuplicateDeltaIndex { name: "a".into(), index: 4 })
        );
        assert!(matches!(
            BlendshapeRig::new(None, vec![t("a", vec![0, 7], vec![[1.0; 3], [0.0, f64::NAN, 0.0]])]),
            Err(RigError::DeltaNonFinite { vertex: 7, .. })
        ));
        assert!(matches!(
            BlendshapeRig::from_dense(vec![("a".into(), vec![[0.0; 3], [f64::NEG_INFINITY, 0.0, 0.0]])]),
            Err(RigError::DeltaNonFinite { vertex: 1, .. })
        ));
        assert_eq!(
            BlendshapeRig::from_dense(vec![("a".into(), vec![[0.0; 3]; 2]), ("b".into(), vec![[0.0; 3]; 3])]),
            Err(RigError::DeltaCount { name: "b".into(), got: 3, n: 2 })
        );
        // the rig
        let l2 = LbsRig::new(vec![bone("a", None)], w1(2)).unwrap();
        let l3 = LbsRig::new(vec![bone("b", None)], w1(3)).unwrap();
        assert_eq!(Rig::new(vec![]), Err(RigError::Empty));
        assert_eq!(Rig::new(vec![RigPart::Affine, RigPart::Affine]), Err(RigError::MultipleAffine));
        assert!(matches!(
            Rig::new(vec![RigPart::Lbs(l2.clone()), RigPart::Lbs(l3.clone())]),
            Err(RigError::VertexCount { got: 3, expected: 2, .. })
        ));
        assert_eq!(
            Rig::new(vec![RigPart::Lbs(l2.clone()), RigPart::Lbs(l2.clone())]),
            Err(RigError::DuplicateBone { name: "a".into() })
        );
        let b = BlendshapeRig::new(None, vec![t("x", vec![1], vec![[1.0; 3]])]).unwrap();
        assert_eq!(
            Rig::new(vec![RigPart::Blendshapes(b.clone()), RigPart::Blendshapes(b.clone())]),
            Err(RigError::DuplicateTarget { name: "x".into() })
        );
        // rig against the mesh
        let rest3 = [[0.0; 3]; 3];
        let rig = Rig::new(vec![RigPart::Lbs(l2)]).unwrap();
        assert!(matches!(rig.jacobian(&rest3), Err(RigError::VertexCount { got: 2, expected: 3, .. })));
        assert!(matches!(rig.deform(&rest3, &rig.rest_params()), Err(RigError::VertexCount { .. })));
        assert!(matches!(rig.offset(&rest3), Err(RigError::VertexCount { .. })));
        let rig = Rig::new(vec![RigPart::Blendshapes(b)]).unwrap();
        assert_eq!(
            rig.jacobian(&[[0.0; 3]]).unwrap_err(),
            RigError::DeltaIndex { name: "x".into(), index: 1, n: 1 }
        );
        assert!(rig.jacobian(&[[0.0; 3]; 2]).is_ok());
        assert_eq!(
            rig.deform(&[[0.0; 3]; 2], &[1.0, 2.0]),
            Err(RigError::ParamCount { got: 2, expected: 1 })
        );
    }

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

    /// 90° about z as a 3×4 block with translation `t`.
    fn rot_z(t: [f64; 3]) -> Affine {
        [[0.0, -1.0, 0.0, t[0]], [1.0, 0.0, 0.0, t[1]], [0.0, 0.0, 1.0, t[2]]]
    }

    fn json_affine(t: &Affine) -> String {
        serde_json::to_string(t).unwrap()
    }

    #[test]
    fn animation_forms_agree_and_bend_the_bar() {
        let mesh = box_mesh(8, 1, 1, [4.0, 1.0, 1.0]);
        let rig = Rig::new(vec![
            RigPart::Affine,
            RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 2.0, 1.0)),
            RigPart::Blendshapes(
                BlendshapeRig::new(
                    None,
                    vec![BlendTarget {
                        name: "bulge".into(),
                        indices: vec![0],
                        deltas: vec![[0.0, 0.0, 1.0]],
                    }],
                )
                .unwrap(),
            ),
        ])
        .unwrap();
        let joint = [2.0, 0.5, 0.5];
        let skinning = {
            let r = rot_z([0.0; 3]);
            let mut t = r;
            for c in 0..3 {
                t[c][3] = joint[c] - (0..3).map(|j| r[c][j] * joint[j]).sum::<f64>();
            }
            t
        };
        let frames = [
            format!(
                r#"{{"bones": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&skinning)
            ),
            format!(
                r#"{{"bones_world": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&rot_z(joint))
            ),
            format!(
                r#"{{"bones_local": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&rot_z([2.0, 0.0, 0.0]))
            ),
            r#"{"affine": [[1,0,0,1],[0,1,0,0],[0,0,1,0]]}"#.to_string(),
            r#"{}"#.to_string(),
        ];
        let text = format!(r#"{{"dt": 0.02, "frames": [{}]}}"#, frames.join(","));
        let anim = RigAnimation::from_json_str(&text, &rig).unwrap();
        assert_eq!((anim.num_frames(), anim.dt()), (5, 0.02));
        for f in 1..3 {
            assert!(max_abs_diff(anim.params(f), anim.params(0)) < 1e-15, "frame {f}");
        }
        let x = rig.deform(&mesh.vertices, anim.params(2)).unwrap();
        let n = mesh.n();
        for (v, p) in mesh.vertices.iter().enumerate() {
            let got = [x[v], x[n + v], x[2 * n + v]];
            let want = if p[0] >= 2.5 {
                [joint[0] - (p[1] - joint[1]), joint[1] + (p[0] - joint[0]), p[2]]
            // fully on the child: rotated
            } else if p[0] <= 1.5 {
                [p[0], p[1], p[2] + if v == 0 { 0.5 } else { 0.0 }] // on the root: still
            } else {
                continue;
            };
            assert!((0..3).all(|c| (got[c] - want[c]).abs() < 1e-14), "vertex {v}: {got:?} vs {want:?}");
        }
        // the affine frame translates everything by +1 in x; the empty frame is the rest pose
        let x = rig.deform(&mesh.vertices, anim.params(3)).unwrap();
        assert!((0..n).all(|v| (x[v] - mesh.vertices[v][0] - 1.0).abs() < 1e-15));
        assert_eq!(anim.params(4), rig.rest_params().as_slice());
        // round trip through the params form
        let back = RigAnimation::from_json_str(&anim.to_json_string(), &rig).unwrap();
        assert!((0..5).all(|f| max_abs_diff(back.params(f), anim.params(f)) <= 1e-15));
    }

    #[test]
    fn animation_errors() {
        let rig = Rig::new(vec![RigPart::Lbs(
            LbsRig::new(vec![bone("a", None)], VertexWeights::from_rows([[(0, 1.0)]])).unwrap(),
        )])
        .unwrap();
        let p = rig.rest_params();
        let parse = |s: &str| RigAnimation::from_json_str(s, &rig);
        assert_eq!(RigAnimation::new(&rig, 0.0, vec![p.clone()]), Err(RigError::Dt(0.0)));
        assert!(matches!(RigAnimation::new(&rig, f64::NAN, vec![p.clone()]), Err(RigError::Dt(_))));
        assert_eq!(RigAnimation::new(&rig, 0.1, vec![]), Err(RigError::NoFrames));
        assert_eq!(
            RigAnimation::new(&rig, 0.1, vec![p.clone(), vec![1.0]]),
            Err(RigError::FrameParamCount { frame: 1, got: 1, expected: 12 })
        );
        let mut nan = p.clone();
        nan[7] = f64::NAN;
        assert!(matches!(
            RigAnimation::new(&rig, 0.1, vec![nan]),
            Err(RigError::FrameNonFinite { frame: 0, ref name, .. }) if name == "bone:a[1][3]"
        ));
        assert_eq!(parse(r#"{"dt": -1, "frames": [{}]}"#), Err(RigError::Dt(-1.0)));
        assert_eq!(
            parse(r#"{"dt": 1, "frames": [{"params": [1]}]}"#),
            Err(RigError::FrameParamCount { frame: 0, got: 1, expected: 12 })
        );
        let frame_err = |s: &str| match parse(s) {
            Err(RigError::Frame { frame, message }) => (frame, message),
            other => panic!("{other:?}"),
        };
        assert!(frame_err(r#"{"dt":1,"frames":[{},{"bones":{"zz":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}}]}"#)
            .1
            .contains("unknown bone"));
        assert!(frame_err(r#"{"dt":1,"frames":[{"blendshapes":{"zz":1}}]}"#)
            .1
            .contains("unknown blendshape"));
        assert!(frame_err(r#"{"dt":1,"frames":[{"affine":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}]}"#)
            .1
            .contains("no affine part"));
        let id = "[[1,0,0,0],[0,1,0,0],[0,0,1,0]]";
        assert!(frame_err(&format!(
            r#"{{"dt":1,"frames":[{{"bones":{{"a":{id}}},"bones_world":{{"a":{id}}}}}]}}"#
        ))
        .1
        .contains("one form"));
        assert!(frame_err(&format!(r#"{{"dt":1,"frames":[{{"params":[],"bones":{{"a":{id}}}}}]}}"#))
            .1
            .contains("cannot be combined"));
        assert!(matches!(parse(r#"{"dt":1,"frames":[{"bogus":1}]}"#), Err(RigError::Json(_))));
        assert!(matches!(parse(r#"{"frames":[{}]}"#), Err(RigError::Json(_))));
        assert!(matches!(RigAnimation::load("/nonexistent.json", &rig), Err(RigError::Io { .. })));
    }

    fn fixture(name: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rigs").join(name)
    }

    #[test]
    fn fixtures_load_and_match_their_generators() {
        let mesh = box_mesh(8, 1, 1, [4.0, 1.0, 1.0]);
        assert_eq!(Rig::load(fixture("affine.json")).unwrap(), Rig::affine());
        let bar = Rig::load(fixture("bar_two_bone.json")).unwrap();
        assert_eq!(bar, Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 2.0, 2.0))]).unwrap());
        let shapes = Rig::load(fixture("bar_blendshapes.json")).unwrap();
        assert_eq!(shapes.num_params(), 2);
        shapes.check_vertices(mesh.n()).unwrap();
        let full = Rig::load(fixture("bar_full.json")).unwrap();
        assert_eq!(full.num_params(), 12 + 24 + 2);
        full.jacobian(&mesh.vertices).unwrap();
        let anim = RigAnimation::load(fixture("bar_bend.anim.json"), &bar).unwrap();
        assert!(anim.num_frames() >= 2);
        // the last frame bends the child by 90° about z through the joint (2, 0.5, 0.5): the corner (4, 0, 0)
        // goes to (2.5, 2.5, 0)
        let x = bar.deform(&mesh.vertices, anim.params(anim.num_frames() - 1)).unwrap();
        let n = mesh.n();
        let tip = mesh.vertices.iter().position(|p| *p == [4.0, 0.0, 0.0]).unwrap();
        let got = [x[tip], x[n + tip], x[2 * n + tip]];
        assert!(
            (got[0] - 2.5).abs() < 1e-12 && (got[1] - 2.5).abs() < 1e-12 && got[2].abs() < 1e-12,
            "{got:?}"
        );
        RigAnimation::load(fixture("bar_full.anim.json"), &full).unwrap();
    }
}
