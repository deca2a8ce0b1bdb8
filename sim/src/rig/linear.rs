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
//! [`WEIGHT_SUM_TOLERANCE`](crate::rig::WEIGHT_SUM_TOLERANCE) ([`LbsRig::normalize_weights`] renormalises); bone names are non-empty and
//! unique, parents are in range and form a forest (any order; cycles are refused); bind transforms are finite
//! with an invertible linear part; blendshape names are non-empty and unique, deltas finite, dense targets
//! have one delta per vertex, sparse targets distinct in-range indices; at most one affine part; bone names
//! are unique across LBS parts and target names across blendshape parts; the parts that know the vertex count
//! agree, and [`Rig::jacobian`] / [`Rig::deform`] check it against the mesh.
//!
//! [`Bone`]: crate::rig::Bone

use std::collections::HashSet;

use faer::sparse::{SparseColMat, SymbolicSparseColMat};

use crate::rig::affine::{homogeneous, write_affine, IDENTITY};
use crate::rig::blendshapes::BlendshapeRig;
use crate::rig::error::RigError;
use crate::rig::lbs::LbsRig;

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
    pub(super) parts: Vec<RigPart>,
    /// First parameter of each part.
    pub(super) offsets: Vec<usize>,
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

    /// The names of the skeleton's bones (of every LBS part, in order); empty without one.
    pub fn bone_names(&self) -> Vec<&str> {
        self.parts
            .iter()
            .flat_map(|p| match p {
                RigPart::Lbs(l) => l.bones().iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
                _ => Vec::new(),
            })
            .collect()
    }

    /// First parameter index of each part.
    pub fn part_offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// First parameter index of every 12-entry transform handle of `p`: the affine part's and every bone's
    /// (blendshape weights are not handles).
    pub fn handle_offsets(&self) -> Vec<usize> {
        let mut handles = Vec::new();
        for (part, &o) in self.parts.iter().zip(&self.offsets) {
            match part {
                RigPart::Affine => handles.push(o),
                RigPart::Lbs(l) => handles.extend((0..l.num_bones()).map(|b| o + 12 * b)),
                RigPart::Blendshapes(_) => {}
            }
        }
        handles
    }

    /// The first skeleton (LBS part) and its first parameter index, if the rig has one.
    pub fn skeleton(&self) -> Option<(&LbsRig, usize)> {
        self.parts.iter().zip(&self.offsets).find_map(|(p, &o)| match p {
            RigPart::Lbs(l) => Some((l, o)),
            _ => None,
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::affine::{read_affine, Affine};
    use crate::rig::blendshapes::BlendTarget;
    use crate::rig::lbs::{Bone, VertexWeights};
    use crate::rig::test_support::{
        add, bone, coordinate_major, matvec, max_abs_diff, random_blendshapes, random_lbs, Rng,
    };

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
        // the handles: the three bones (3 x 12 parameters from 2) and the affine part, not the two weights
        assert_eq!(rig.handle_offsets(), vec![2, 14, 26, 38]);
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
}
