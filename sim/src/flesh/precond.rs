//! The skinned preconditioner (paper 002, §5.1 and §6.3): a sparse approximation `K̃_b(0)` of the rest-pose
//! boundary operator `K_b(0) = K_bb − K_bi K_ii⁻¹ K_ib` (Eq. 12 at q = 0; stored with our sign, `S = −K_b`),
//! kept on pairs of boundary vertices at most `depth` mesh edges apart, then factored by block IC(0). At run
//! time it is applied rotated by the skeleton, `P⁻¹ = R* (L̃ L̃ᵀ)⁻¹ R*ᵀ` (Eq. 15).
//!
//! Construction. The paper accumulates `K_bi L⁻ᵀ` column by column (Eq. 16). We obtain the same entries by
//! *probing* with the exact sparse Cholesky factor of `K_ii(0)`: boundary vertices are coloured so that two
//! vertices of one colour are more than `2·depth` edges apart; one solve per colour and coordinate then gives,
//! for every vertex `j` of the colour, the column block `S[r, j]` at every `r` within `depth` of `j` (other
//! vertices of the colour are farther than `depth` from `r`, so they only add entries the pattern drops
//! anyway). Rows within no pattern of the colour receive only out-of-pattern entries: their absolute value
//! is added to the diagonal (our sign) as the paper's compensation for discarded entries, which keeps the
//! sparsified matrix positive definite.

use crate::flesh::partition::Partition;
use crate::linalg::block::{BlockMatrix, V3};
use crate::linalg::cholesky::Cholesky;
use crate::linalg::ichol::BlockIc;
use faer::Mat;
use rayon::prelude::*;
use std::collections::HashSet;

/// Knobs of the preconditioner.
#[derive(Clone, Debug, PartialEq)]
pub struct PreconditionerSettings {
    /// Largest graph distance (mesh edges) between two boundary vertices with a stored entry (paper: 4–8).
    pub depth: usize,
    /// Add discarded entries' magnitudes to the diagonal (§6.3).
    pub compensate: bool,
}

impl Default for PreconditionerSettings {
    fn default() -> Self {
        PreconditionerSettings { depth: 2, compensate: true }
    }
}

/// `K̃_b(0)` (boundary numbering `0..nb`, our sign; absent when the factor was read from an asset) and its
/// IC(0) factor.
pub struct SkinnedPreconditioner {
    pub matrix: Option<BlockMatrix>,
    pub factor: BlockIc,
    /// Colours used for probing (3 solves each).
    pub colours: usize,
}

/// Boundary vertices (boundary numbering) within `depth` edges of boundary vertex `j`, through any vertex.
fn boundary_ball(h: &BlockMatrix, part: &Partition, j: usize, depth: usize) -> Vec<u32> {
    let b = part.boundary_range();
    let start = b.start + j;
    let mut seen: HashSet<u32> = HashSet::from([start as u32]);
    let mut frontier = vec![start as u32];
    for _ in 0..depth {
        let mut next = Vec::new();
        for &v in &frontier {
            for &c in &h.cols[h.row_ptr[v as usize]..h.row_ptr[v as usize + 1]] {
                if seen.insert(c) {
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    let mut out: Vec<u32> =
        seen.into_iter().filter(|&v| b.contains(&(v as usize))).map(|v| v - b.start as u32).collect();
    out.sort_unstable();
    out
}

impl SkinnedPreconditioner {
    /// Build from the rest-pose stiffness `h0` (renumbered by `part`, our sign) and the exact factor of its
    /// interior block.
    pub fn new(
        h0: &BlockMatrix,
        part: &Partition,
        interior: Option<&Cholesky>,
        settings: &PreconditionerSettings,
    ) -> Self {
        let nb = part.boundary;
        let ni = part.interior;
        let pattern: Vec<Vec<u32>> =
            (0..nb).into_par_iter().map(|j| boundary_ball(h0, part, j, settings.depth)).collect();
        // greedy colouring: j and j' conflict when some r lies within depth of both
        let mut colour = vec![usize::MAX; nb];
        let mut stamp: Vec<usize> = Vec::new();
        for j in 0..nb {
            for &r in &pattern[j] {
                for &k in &pattern[r as usize] {
                    let c = colour[k as usize];
                    if c != usize::MAX {
                        if c >= stamp.len() {
                            stamp.resize(c + 1, usize::MAX);
                        }
                        stamp[c] = j;
                    }
                }
            }
            colour[j] = (0..).find(|&c| c >= stamp.len() || stamp[c] != j).unwrap();
        }
        let colours = colour.iter().map(|&c| c + 1).max().unwrap_or(0);
        let mut members = vec![Vec::new(); colours];
        (0..nb).for_each(|j| members[colour[j]].push(j));

        let mut matrix = BlockMatrix::from_pairs(
            nb,
            pattern.iter().enumerate().flat_map(|(j, p)| p.iter().map(move |&r| (j, r as usize))),
        );
        let mut diag_extra = vec![[0.0f64; 3]; nb];
        let (b0, i_range) = (part.boundary_range().start, part.interior_range());
        const BATCH: usize = 32;
        for batch in members.chunks(BATCH) {
            let cols = 3 * batch.len();
            // H_ib E for each (colour, coordinate) column
            let mut rhs = Mat::<f64>::zeros(3 * ni, cols);
            for (ci, m) in batch.iter().enumerate() {
                for &j in m {
                    let g = b0 + j;
                    for k in h0.row_ptr[g]..h0.row_ptr[g + 1] {
                        let i = h0.cols[k] as usize;
                        if i_range.contains(&i) {
                            // H_ij[:, d] = (H_ji)[d, :]
                            for d in 0..3 {
                                for e in 0..3 {
                                    rhs[(3 * i + e, 3 * ci + d)] += h0.vals[k][3 * d + e];
                                }
                            }
                        }
                    }
                }
            }
            let sol = match interior {
                Some(llt) => llt.solve(rhs.as_ref()),
                None => rhs,
            };
            // y = H_bb E − H_bi K_ii⁻¹ H_ib E on every boundary row, one column at a time
            let results: Vec<Vec<V3>> = (0..cols)
                .into_par_iter()
                .map(|col| {
                    let (ci, d) = (col / 3, col % 3);
                    let is_member: HashSet<usize> = batch[ci].iter().copied().collect();
                    (0..nb)
                        .map(|r| {
                            let g = b0 + r;
                            let mut y = [0.0; 3];
                            for k in h0.row_ptr[g]..h0.row_ptr[g + 1] {
                                let c = h0.cols[k] as usize;
                                let v = &h0.vals[k];
                                if i_range.contains(&c) {
                                    for e in 0..3 {
                                        y[e] -= v[3 * e] * sol[(3 * c, col)]
                                            + v[3 * e + 1] * sol[(3 * c + 1, col)]
                                            + v[3 * e + 2] * sol[(3 * c + 2, col)];
                                    }
                                } else if c >= b0 && c < b0 + nb && is_member.contains(&(c - b0)) {
                                    for e in 0..3 {
                                        y[e] += v[3 * e + d];
                                    }
                                }
                            }
                            y
                        })
                        .collect()
                })
                .collect();
            for (col, y) in results.iter().enumerate() {
                let (ci, d) = (col / 3, col % 3);
                let mut covered = vec![false; nb];
                for &j in &batch[ci] {
                    for &r in &pattern[j] {
                        let r = r as usize;
                        covered[r] = true;
                        let k = matrix.find(r, j).expect("pattern is symmetric");
                        for e in 0..3 {
                            matrix.vals[k][3 * e + d] = y[r][e];
                        }
                    }
                }
                if settings.compensate {
                    for r in (0..nb).filter(|&r| !covered[r]) {
                        // each discarded pair adds its magnitude to both diagonals: here the row side, the
                        // column side when r's own colour is probed
                        for e in 0..3 {
                            diag_extra[r][e] += y[r][e].abs();
                        }
                    }
                }
            }
        }
        // symmetrise (probing contamination makes S[r,j] and S[j,r] differ slightly) and compensate
        let mut sym = matrix.clone();
        for r in 0..nb {
            for k in matrix.row_ptr[r]..matrix.row_ptr[r + 1] {
                let j = matrix.cols[k] as usize;
                let t = crate::linalg::block::transpose(&matrix.vals[matrix.find(j, r).unwrap()]);
                for e in 0..9 {
                    sym.vals[k][e] = 0.5 * (matrix.vals[k][e] + t[e]);
                }
            }
            let dk = sym.find(r, r).unwrap();
            for e in 0..3 {
                sym.vals[dk][4 * e] += diag_extra[r][e];
            }
        }
        let factor = BlockIc::new(&sym);
        SkinnedPreconditioner { matrix: Some(sym), factor, colours }
    }
}
