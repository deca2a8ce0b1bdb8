//! Dense vectors as slices: the reductions the solvers share.

use faer::Par;
use rayon::prelude::*;

/// Length above which [`dot_par`] splits the sum over threads.
const PAR_LEN: usize = 3 * 4 * 2048;

/// `a · b`, sequential.
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `‖a‖₂`, sequential.
pub fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

/// `a · b`, over rayon's threads when `par` allows and the vectors are long.
pub fn dot_par(a: &[f64], b: &[f64], par: Par) -> f64 {
    match par {
        Par::Rayon(_) if a.len() >= PAR_LEN => {
            a.par_chunks(PAR_LEN / 8).zip(b.par_chunks(PAR_LEN / 8)).map(|(a, b)| dot(a, b)).sum()
        }
        _ => dot(a, b),
    }
}

/// `‖a‖₂`, as [`dot_par`].
pub fn norm_par(a: &[f64], par: Par) -> f64 {
    dot_par(a, a, par).sqrt()
}
