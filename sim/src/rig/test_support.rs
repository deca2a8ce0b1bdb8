//! Test helpers shared by the rig's unit tests: a deterministic generator, random rigs, `J p`.

use faer::sparse::SparseColMat;

use crate::rig::affine::IDENTITY;
use crate::rig::blendshapes::{BlendTarget, BlendshapeRig};
use crate::rig::lbs::{Bone, LbsRig, VertexWeights};

/// Deterministic xorshift64* generator: tests need no external randomness.
pub(crate) struct Rng(pub(crate) u64);
impl Rng {
    pub(crate) fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// `J p` by walking the compressed columns.
pub(crate) fn matvec(j: &SparseColMat<usize, f64>, p: &[f64]) -> Vec<f64> {
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

pub(crate) fn add(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter().zip(b).map(|(a, b)| a + b).collect()
}

pub(crate) fn max_abs_diff(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max)
}

pub(crate) fn coordinate_major(rest: &[[f64; 3]]) -> Vec<f64> {
    (0..3).flat_map(|c| rest.iter().map(move |p| p[c])).collect()
}

pub(crate) fn bone(name: &str, parent: Option<usize>) -> Bone {
    Bone { name: name.into(), parent, bind: IDENTITY }
}

/// A 3-bone rig with random sparse normalised weights (each vertex uses 1..=3 bones).
pub(crate) fn random_lbs(rng: &mut Rng, n: usize) -> LbsRig {
    let bones = vec![bone("a", None), bone("b", Some(0)), bone("c", Some(1))];
    let weights = VertexWeights::from_rows((0..n).map(|_| {
        let k = 1 + (rng.next() * 3.0) as u32 % 3;
        (0..k).map(|b| (b, rng.range(0.1, 1.0))).collect::<Vec<_>>()
    }));
    LbsRig::new_normalized(bones, weights).unwrap().0
}

pub(crate) fn random_blendshapes(rng: &mut Rng, n: usize) -> BlendshapeRig {
    let dense: Vec<[f64; 3]> = (0..n).map(|_| [rng.range(-1.0, 1.0), 0.0, rng.range(-1.0, 1.0)]).collect();
    let sparse = BlendTarget {
        name: "smile".into(),
        indices: vec![n - 1, 0, 2],
        deltas: vec![[0.5, 0.25, 0.0], [0.0, 0.0, -1.0], [1.0, 2.0, 3.0]],
    };
    BlendshapeRig::new(Some(n), vec![BlendTarget::from_dense("jawOpen", &dense), sparse]).unwrap()
}
