//! The stored reduced parts at another time step and stiffness, without a new precompute: what the runtime
//! does when a live parameter (`tick_hz`, `stiffness`) changes. The global matrix is refactored by
//! [`ReducedModel::from_parts`](crate::reduced::ReducedModel::from_parts).

use crate::reduced::model::ReducedParts;

impl ReducedParts {
    /// These parts at time step `h` (s) with the material's Lamé parameters μ and λ multiplied by
    /// `stiffness`: `BᵀLB`, `BᵀLJ`, `BᵀLx₀` (`L` is μ-weighted) and the cluster materials are linear in them,
    /// and are scaled; every other part (masses, geometry, rig) is kept. `stiffness = 1` copies the parts
    /// unchanged.
    pub fn rescaled(&self, h: f64, stiffness: f64) -> ReducedParts {
        let mut parts = self.clone();
        parts.h = h;
        if stiffness != 1.0 {
            parts.btlb = &parts.btlb * faer::Scale(stiffness);
            parts.btlj = &parts.btlj * faer::Scale(stiffness);
            parts.btl_x0.iter_mut().for_each(|v| *v *= stiffness);
            parts.cluster_mu.iter_mut().for_each(|v| *v *= stiffness);
            parts.cluster_lambda.iter_mut().for_each(|v| *v *= stiffness);
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use crate::fem::{lumped_mass, Material};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::problem::FemProblem;
    use crate::reduced::clusters::Clustering;
    use crate::reduced::ReducedModel;
    use crate::rig::{LbsRig, Rig, RigPart};
    use faer::Mat;

    /// Rescaling the stored parts equals precomputing again with μ and λ scaled and the new time step.
    #[test]
    fn rescaled_parts_equal_a_precompute_with_the_scaled_material() {
        let mesh = box_mesh(4, 2, 2, [2.0, 0.6, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 3) as f64;
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let rig =
            Rig::new(vec![RigPart::Affine, RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let w = Mat::<f64>::from_fn(mesh.n(), 3, |v, i| ((v * (i + 2)) as f64 * 0.37).cos());
        let clustering = Clustering { labels: (0..mesh.t()).map(|t| (t / 7) % 5).collect(), r: 5 };
        let model = |mat: &Material, h: f64| {
            let problem = FemProblem { mesh: &mesh, material: mat, mass: &mass, jac: &jac, x0: &x0, h };
            ReducedModel::new(&problem, &w, &clustering).unwrap().parts
        };
        let base = model(&mat, 0.01);
        assert_eq!(base.rescaled(0.01, 1.0), base, "stiffness 1 at the same h: the same parts");
        for (h, s) in [(1.0 / 60.0, 1.0), (1.0 / 240.0, 3.5), (0.01, 0.2)] {
            let mut scaled = mat.clone();
            scaled.mu.iter_mut().chain(scaled.lambda.iter_mut()).for_each(|v| *v *= s);
            let want = model(&scaled, h);
            let got = base.rescaled(h, s);
            assert_eq!(got.h, h);
            let close = |a: &Mat<f64>, b: &Mat<f64>, what: &str| {
                let err = (a - b).norm_max();
                assert!(err <= 1e-12 * b.norm_max(), "s = {s}: {what} off by {err:e}");
            };
            close(&got.btlb, &want.btlb, "BᵀLB");
            close(&got.btlj, &want.btlj, "BᵀLJ");
            close(&got.btmb, &want.btmb, "BᵀMB");
            close(&got.btmj, &want.btmj, "BᵀMJ");
            close(&got.g9kj, &want.g9kj, "G₉KJ");
            let vec_close = |a: &[f64], b: &[f64], what: &str| {
                let scale = b.iter().fold(0.0f64, |m, v| m.max(v.abs()));
                let err = a.iter().zip(b).fold(0.0f64, |m, (x, y)| m.max((x - y).abs()));
                assert!(a.len() == b.len() && err <= 1e-12 * scale, "s = {s}: {what} off by {err:e}");
            };
            vec_close(&got.cluster_mu, &want.cluster_mu, "cluster μ");
            vec_close(&got.cluster_lambda, &want.cluster_lambda, "cluster λ");
            // x₀ ≠ 0 here (an affine and an LBS part: x₀ = −X)
            vec_close(&got.btl_x0, &want.btl_x0, "BᵀLx₀");
            vec_close(&got.cluster_volume, &want.cluster_volume, "cluster volume");
            // the model builds from them
            ReducedModel::from_parts(got).unwrap();
        }
    }
}
