//! The default avatar as the runtime precomputes it (the anatomical material): complementarity, bone much
//! stiffer than fat, and no secondary motion at rest or under a rigid motion of the whole body (≤ 0.1 mm on
//! the render mesh), measured from the asset's own tensors.

use avatar_sim::asset::default_avatar;
use avatar_sim::asset::RenderMesh;
use avatar_sim::precompute::precompute;
use avatar_sim::reduced::{ReducedModel, StepSettings, StepState};
use avatar_sim::rig::{write_affine, RigPart};
use std::sync::Arc;

/// Largest `|B z|` (m) over the render vertices: the render mesh's deformation with `z` minus without.
fn largest_displacement(render: &RenderMesh, p: &[f64], z: &[f64]) -> f64 {
    let with = render.deform(p, z).unwrap();
    let without = render.deform(p, &vec![0.0; z.len()]).unwrap();
    with.iter()
        .zip(&without)
        .map(|(a, b)| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt())
        .fold(0.0, f64::max)
}

#[test]
fn the_default_avatars_flesh_is_complementary_and_still_at_rest_and_under_rigid_motion() {
    let (mesh, rig) = default_avatar::inputs().unwrap();
    let (sim, report) = precompute(mesh, rig, &default_avatar::settings(), Arc::new(|_| {})).unwrap();
    assert!(report.complementarity_residual <= 1e-10, "JᵀMDB residual {:e}", report.complementarity_residual);
    let e: Vec<f64> = sim.material.mu.iter().map(|mu| mu * 2.0 * 1.4).collect();
    let (lo, hi) = e.iter().fold((f64::MAX, 0.0f64), |(a, b), v| (a.min(*v), b.max(*v)));
    assert!(e.iter().all(|v| v.is_finite() && *v > 0.0) && hi >= 100.0 * lo, "E from {lo:e} to {hi:e}");

    let render = avatar_sim::asset::RenderMesh::tet_surface(&sim).unwrap();
    let model = ReducedModel::from_parts(sim.reduced.clone()).unwrap();
    let p0 = sim.rig.rest_params();
    let mut state = StepState::at_rest(&model, &p0);
    for _ in 0..60 {
        model.step(&mut state, &p0, &StepSettings::default());
    }
    let at_rest = largest_displacement(&render, &p0, &state.z);
    assert!(at_rest <= 1e-4, "at rest: {:.3} mm", at_rest * 1e3);

    // the whole body turned 30° about the vertical and walking at 1.2 m/s: every bone by the same rigid
    // transform, already moving at the start (the Root's parameters move the body; every bone's skinning
    // transform is the same rigid one)
    let lbs =
        sim.rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None }).unwrap();
    let offset =
        sim.rig.part_offsets()[sim.rig.parts().iter().position(|p| matches!(p, RigPart::Lbs(_))).unwrap()];
    let (s, c) = (30f64.to_radians()).sin_cos();
    let h = sim.reduced.h;
    let pose = |k: f64| {
        let t = [[c, 0.0, s, 1.2 * h * k], [0.0, 1.0, 0.0, 0.0], [-s, 0.0, c, 0.0]];
        let mut p = p0.clone();
        for b in 0..lbs.num_bones() {
            write_affine(&mut p[offset + 12 * b..], &t);
        }
        p
    };
    let mut state = StepState::at_rest(&model, &pose(0.0));
    state.p_prev = pose(-1.0);
    let mut worst = 0.0f64;
    for k in 1..=120 {
        let p = pose(k as f64);
        model.step(&mut state, &p, &StepSettings::default());
        worst = worst.max(largest_displacement(&render, &p, &state.z));
    }
    assert!(worst <= 1e-4, "under a rigid motion: {:.3} mm", worst * 1e3);
}
