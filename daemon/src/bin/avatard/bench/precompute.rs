//! `avatard bench precompute`: skinning eigenmodes (Eq. 22) on box meshes of the paper's Table 1 sizes (or
//! `--mesh`), against the paper's times. Meshes are procedural boxes (Kuhn subdivision) sized to the paper's
//! vertex counts.

use super::write_report;
use crate::util::median;
use anyhow::{Context, Result};
use avatar_sim::fem::{lumped_mass, weight_space_hessian, Material};
use avatar_sim::mesh::read_mesh;
use avatar_sim::mesh::{shapes::box_mesh, TetMesh};
use avatar_sim::modes::{complementarity_matrix, WeightConstraint};
use avatar_sim::modes::{sparse_modes, EigenOptions};
use avatar_sim::rig::Rig;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PrecomputeArgs {
    /// Box meshes with about these many vertices (default: the paper's Table 1 sizes).
    #[arg(long, value_delimiter = ',', default_values_t = [7_842usize, 31_368, 99_813])]
    pub vertices: Vec<usize>,
    /// A tet mesh file instead of boxes.
    #[arg(long)]
    pub mesh: Option<PathBuf>,
    #[arg(long, default_value_t = 10)]
    pub modes: usize,
    /// Repetitions per mesh (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub repeat: usize,
    #[arg(long, default_value = "out/bench-precompute.json")]
    pub out: PathBuf,
}

/// A bar-shaped box (4:1:1) with about `target` vertices.
fn box_with_vertices(target: usize) -> TetMesh {
    // the k whose (4k+1)(k+1)² vertices come closest to the target
    let count = |k: usize| (4 * k + 1) * (k + 1) * (k + 1);
    let k = (1..200).min_by_key(|k| count(*k).abs_diff(target)).unwrap_or(1);
    box_mesh(4 * k, k, k, [4.0, 1.0, 1.0])
}

/// Table 1 anchors: (vertices, seconds) for 10 modes, affine rig, MATLAB on an i9.
const TABLE1: [(usize, f64); 3] = [(7_842, 0.135), (31_368, 0.83), (99_813, 5.14)];

pub fn precompute(a: PrecomputeArgs) -> Result<()> {
    let meshes: Vec<TetMesh> = match &a.mesh {
        Some(path) => vec![read_mesh(path).with_context(|| format!("reading {}", path.display()))?.0],
        None => a.vertices.iter().map(|v| box_with_vertices(*v)).collect(),
    };
    let mut rows = Vec::new();
    println!(
        "{:>9} {:>9} {:>6} {:>12} {:>12} {:>10}",
        "vertices", "tets", "modes", "median s", "paper s", "ratio"
    );
    for mesh in &meshes {
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0)?;
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..a.repeat.max(1) {
            let t0 = Instant::now();
            let mass = lumped_mass(mesh, &mat.density);
            let rig = Rig::affine();
            let jac = rig.jacobian(&mesh.vertices)?;
            let jw = WeightConstraint::new(
                &mesh.vertices,
                &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]),
            );
            let hw = weight_space_hessian(mesh, &mat);
            let (modes, stats) = sparse_modes(&hw, &mass, &jw, a.modes, &EigenOptions::default())?;
            times.push(t0.elapsed().as_secs_f64());
            last = Some((modes, stats));
        }
        let (modes, stats) = last.expect("at least one repetition");
        let med = median(times.clone());
        let anchor = TABLE1
            .iter()
            .min_by_key(|(v, _)| v.abs_diff(mesh.n()))
            .filter(|(v, _)| v.abs_diff(mesh.n()) * 10 < *v);
        println!(
            "{:>9} {:>9} {:>6} {:>12.3} {:>12} {:>10}",
            mesh.n(),
            mesh.t(),
            a.modes,
            med,
            anchor.map_or("-".into(), |(_, s)| format!("{s:.3}")),
            anchor.map_or("-".into(), |(_, s)| format!("{:.2}", med / s))
        );
        rows.push(serde_json::json!({
            "vertices": mesh.n(), "tets": mesh.t(), "modes": a.modes, "seconds": times, "median_s": med,
            "paper_s": anchor.map(|(_, s)| *s), "constraint_rank": modes.constraint_rank,
            "eigenvalues": modes.eigenvalues, "krylov": stats.krylov,
            "phase_s": {"constraints": stats.seconds_constraints, "factor": stats.seconds_factor,
                         "schur": stats.seconds_schur, "lanczos": stats.seconds_lanczos},
        }));
    }
    write_report(&a.out, &serde_json::json!({"benchmark": "precompute", "rig": "affine", "results": rows}))
}
