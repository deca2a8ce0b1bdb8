//! Preconditioned conjugate gradients, the Krylov solver of every iterative solve in the crate: the flesh's
//! interior (paper 002, Eq. 7), boundary (Eq. 13) and volumetric systems on vertex-major 3-vectors
//! ([`pcg_v3`]), and the reduced ex-rotated step (paper 002, Eq. 14–15) on reduced coordinates.

use super::block::V3;
use super::vector::{dot_par, norm_par};
use faer::Par;

/// When a solve has converged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `‖r‖ ≤ tol ‖b‖` (and `x = 0` for `b = 0`).
    Residual,
    /// `‖r‖_{P⁻¹} ≤ tol max(‖b‖_{P⁻¹}, ‖r₀‖_{P⁻¹})`, the norm the preconditioner induces (no extra reduction per
    /// iteration: `rᵀP⁻¹r` is needed anyway).
    Preconditioned,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PcgSettings {
    pub tolerance: f64,
    pub max_iterations: usize,
    pub stop: Stop,
    /// Parallelism of the reductions (`dot`); the operators parallelise themselves.
    pub par: Par,
}

/// What one PCG solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PcgReport {
    pub iterations: usize,
    /// The final residual relative to the scale of [`Stop`] (recurrence residual).
    pub relative_residual: f64,
    pub converged: bool,
}

/// Solve `A x = b` from the initial guess in `x`. `apply_a(v, out)` writes `A v`; `apply_p(r, out)` writes
/// `P⁻¹ r` (both symmetric positive definite). Stops when converged (see [`Stop`]), after `max_iterations`,
/// or at non-positive curvature (not converged); the iteration count is the number of updates of `x`.
pub fn pcg(
    mut apply_a: impl FnMut(&[f64], &mut [f64]),
    mut apply_p: impl FnMut(&[f64], &mut [f64]),
    b: &[f64],
    x: &mut [f64],
    opts: &PcgSettings,
) -> PcgReport {
    let (n, tol, par) = (b.len(), opts.tolerance, opts.par);
    let mut r = vec![0.0; n];
    apply_a(x, &mut r);
    r.iter_mut().zip(b).for_each(|(r, b)| *r = b - *r);
    let mut z = vec![0.0; n];
    // `scale`: what residuals are relative to; `rel`: the current relative residual
    let (scale, mut rel, mut rz) = match opts.stop {
        Stop::Residual => {
            let scale = norm_par(b, par);
            if scale == 0.0 {
                x.fill(0.0);
                return PcgReport { iterations: 0, relative_residual: 0.0, converged: true };
            }
            let rel = norm_par(&r, par) / scale;
            if rel <= tol {
                return PcgReport { iterations: 0, relative_residual: rel, converged: true };
            }
            apply_p(&r, &mut z);
            (scale, rel, dot_par(&r, &z, par))
        }
        Stop::Preconditioned => {
            apply_p(b, &mut z);
            let b_norm = dot_par(b, &z, par).max(0.0).sqrt();
            apply_p(&r, &mut z);
            let rz = dot_par(&r, &z, par);
            let scale = b_norm.max(rz.max(0.0).sqrt());
            let rel = if scale > 0.0 { rz.max(0.0).sqrt() / scale } else { 0.0 };
            if rz.max(0.0).sqrt() <= tol * scale {
                return PcgReport { iterations: 0, relative_residual: rel, converged: true };
            }
            (scale, rel, rz)
        }
    };
    let mut d = z.clone();
    let mut q = vec![0.0; n];
    for it in 1..=opts.max_iterations {
        apply_a(&d, &mut q);
        let curvature = dot_par(&d, &q, par);
        if curvature.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return PcgReport { iterations: it - 1, relative_residual: rel, converged: false };
        }
        let alpha = rz / curvature;
        x.iter_mut().zip(&d).for_each(|(x, d)| *x += alpha * d);
        r.iter_mut().zip(&q).for_each(|(r, q)| *r -= alpha * q);
        if opts.stop == Stop::Residual {
            rel = norm_par(&r, par) / scale;
            if rel <= tol {
                return PcgReport { iterations: it, relative_residual: rel, converged: true };
            }
        }
        apply_p(&r, &mut z);
        let rz_next = dot_par(&r, &z, par);
        if opts.stop == Stop::Preconditioned {
            rel = rz_next.max(0.0).sqrt() / scale;
            if rel <= tol {
                return PcgReport { iterations: it, relative_residual: rel, converged: true };
            }
        }
        let beta = rz_next / rz;
        rz = rz_next;
        d.iter_mut().zip(&z).for_each(|(d, z)| *d = z + beta * *d);
    }
    PcgReport { iterations: opts.max_iterations, relative_residual: rel, converged: false }
}

/// [`pcg`] on vertex-major 3-vectors, stopping on the residual ([`Stop::Residual`]), with parallel
/// reductions: the flesh's solves.
pub fn pcg_v3(
    mut apply_a: impl FnMut(&[V3], &mut [V3]),
    mut apply_p: impl FnMut(&[V3], &mut [V3]),
    b: &[V3],
    x: &mut [V3],
    tolerance: f64,
    max_iterations: usize,
) -> PcgReport {
    let opts = PcgSettings { tolerance, max_iterations, stop: Stop::Residual, par: Par::rayon(0) };
    pcg(
        |v, out| apply_a(as_v3(v), as_v3_mut(out)),
        |r, out| apply_p(as_v3(r), as_v3_mut(out)),
        b.as_flattened(),
        x.as_flattened_mut(),
        &opts,
    )
}

fn as_v3(v: &[f64]) -> &[V3] {
    let (v3, rest) = v.as_chunks::<3>();
    debug_assert!(rest.is_empty());
    v3
}

fn as_v3_mut(v: &mut [f64]) -> &mut [V3] {
    let (v3, rest) = v.as_chunks_mut::<3>();
    debug_assert!(rest.is_empty());
    v3
}

/// The identity preconditioner.
pub fn identity(r: &[V3], z: &mut [V3]) {
    z.copy_from_slice(r);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_diagonal_system_and_counts_iterations() {
        let diag: Vec<f64> = (0..50).map(|i| 1.0 + i as f64).collect();
        let b: Vec<V3> = (0..50).map(|i| [1.0, i as f64, -2.0]).collect();
        let mut x = vec![[0.0; 3]; 50];
        let a = |v: &[V3], out: &mut [V3]| {
            for (i, (o, v)) in out.iter_mut().zip(v).enumerate() {
                *o = v.map(|e| diag[i] * e);
            }
        };
        let r = pcg_v3(a, identity, &b, &mut x, 1e-12, 200);
        assert!(r.converged && r.iterations <= 50);
        for (i, x) in x.iter().enumerate() {
            assert!((x[1] * diag[i] - b[i][1]).abs() < 1e-9);
        }
        // the exact preconditioner converges in one iteration
        let mut x = vec![[0.0; 3]; 50];
        let p = |v: &[V3], out: &mut [V3]| {
            for (i, (o, v)) in out.iter_mut().zip(v).enumerate() {
                *o = v.map(|e| e / diag[i]);
            }
        };
        assert_eq!(pcg_v3(a, p, &b, &mut x, 1e-12, 200).iterations, 1);
    }

    /// Both stopping rules solve an SPD system (a 1-D Laplacian plus identity) to their tolerance, from a
    /// non-zero start, and agree on the solution; the preconditioned norm with `P = A` stops after one update.
    #[test]
    fn both_stopping_rules_converge_to_the_solution() {
        let n = 40;
        let a = |v: &[f64], out: &mut [f64]| {
            for i in 0..n {
                let left = if i > 0 { v[i - 1] } else { 0.0 };
                let right = if i + 1 < n { v[i + 1] } else { 0.0 };
                out[i] = 3.0 * v[i] - left - right;
            }
        };
        let b: Vec<f64> = (0..n).map(|i| (i as f64 * 0.3).sin()).collect();
        let mut solutions = Vec::new();
        for stop in [Stop::Residual, Stop::Preconditioned] {
            let mut x = vec![0.5; n];
            let opts = PcgSettings { tolerance: 1e-12, max_iterations: 200, stop, par: Par::Seq };
            let r = pcg(a, |r, z| z.copy_from_slice(r), &b, &mut x, &opts);
            assert!(r.converged && r.iterations > 1 && r.relative_residual <= 1e-12, "{stop:?}: {r:?}");
            let mut ax = vec![0.0; n];
            a(&x, &mut ax);
            let err: f64 = ax.iter().zip(&b).map(|(u, v)| (u - v).powi(2)).sum::<f64>().sqrt();
            assert!(err < 1e-10, "{stop:?}: ‖Ax − b‖ = {err:e}");
            solutions.push(x);
        }
        let diff: f64 =
            solutions[0].iter().zip(&solutions[1]).map(|(u, v)| (u - v).abs()).fold(0.0, f64::max);
        assert!(diff < 1e-10);
        // a negative-definite operator stops at once, not converged
        let mut x = vec![0.0; n];
        let opts = PcgSettings { tolerance: 1e-12, max_iterations: 10, stop: Stop::Residual, par: Par::Seq };
        let r = pcg(
            |v, out| out.iter_mut().zip(v).for_each(|(o, v)| *o = -v),
            |r, z| z.copy_from_slice(r),
            &b,
            &mut x,
            &opts,
        );
        assert!(!r.converged && r.iterations == 0);
    }
}
