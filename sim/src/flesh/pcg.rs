//! Preconditioned conjugate gradients on vertex-major 3-vectors, the Krylov solver of every flesh system
//! (interior Eq. 7, boundary Eq. 13, the volumetric baseline).

use super::block::{axpy, dot, V3};

/// What one PCG solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PcgReport {
    pub iterations: usize,
    /// Final `‖b − A x‖ / ‖b‖` (recurrence residual).
    pub relative_residual: f64,
    pub converged: bool,
}

/// Solve `A x = b` from the initial guess in `x`, until `‖r‖ ≤ tol ‖b‖` or `max_iterations`.
/// `apply_a(v, out)` writes `A v`; `apply_p(r, out)` writes `P⁻¹ r` (both symmetric positive definite).
pub fn pcg(
    mut apply_a: impl FnMut(&[V3], &mut [V3]),
    mut apply_p: impl FnMut(&[V3], &mut [V3]),
    b: &[V3],
    x: &mut [V3],
    tol: f64,
    max_iterations: usize,
) -> PcgReport {
    let n = b.len();
    let b_norm = dot(b, b).sqrt();
    if b_norm == 0.0 {
        x.iter_mut().for_each(|v| *v = [0.0; 3]);
        return PcgReport { iterations: 0, relative_residual: 0.0, converged: true };
    }
    let mut r = vec![[0.0; 3]; n];
    apply_a(x, &mut r);
    for (r, b) in r.iter_mut().zip(b) {
        for c in 0..3 {
            r[c] = b[c] - r[c];
        }
    }
    let mut z = vec![[0.0; 3]; n];
    let mut q = vec![[0.0; 3]; n];
    let mut rel = dot(&r, &r).sqrt() / b_norm;
    if rel <= tol {
        return PcgReport { iterations: 0, relative_residual: rel, converged: true };
    }
    apply_p(&r, &mut z);
    let mut d = z.clone();
    let mut rz = dot(&r, &z);
    for it in 1..=max_iterations {
        apply_a(&d, &mut q);
        let dq = dot(&d, &q);
        if !(dq > 0.0) {
            return PcgReport { iterations: it - 1, relative_residual: rel, converged: false };
        }
        let alpha = rz / dq;
        axpy(alpha, &d, x);
        axpy(-alpha, &q, &mut r);
        rel = dot(&r, &r).sqrt() / b_norm;
        if rel <= tol {
            return PcgReport { iterations: it, relative_residual: rel, converged: true };
        }
        apply_p(&r, &mut z);
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        for (d, z) in d.iter_mut().zip(&z) {
            for c in 0..3 {
                d[c] = z[c] + beta * d[c];
            }
        }
    }
    PcgReport { iterations: max_iterations, relative_residual: rel, converged: false }
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
        let r = pcg(a, identity, &b, &mut x, 1e-12, 200);
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
        assert_eq!(pcg(a, p, &b, &mut x, 1e-12, 200).iterations, 1);
    }
}
