//! `avatard bench precompute`: skinning eigenmodes (Eq. 22) on box meshes of the paper's Table 1 sizes (or
//! `--mesh`, or the default avatar's mesh, rig and settings with `--default-avatar`), against the paper's
//! times, with the median seconds of each phase of the sparse path. Meshes are procedural boxes (Kuhn
//! subdivision) sized to the paper's vertex counts. `--dump DIR` writes each problem for the SciPy peer
//! (`tools/modes_peer.py`).

use super::write_report;
use anyhow::{Context, Result};
use avatar_sim::fem::{lumped_mass, weight_space_hessian, Material};
use avatar_sim::mesh::read_mesh;
use avatar_sim::mesh::{shapes::box_mesh, TetMesh};
use avatar_sim::modes::{complementarity_matrix, WeightConstraint};
use avatar_sim::modes::{sparse_modes, EigenSettings};
use avatar_sim::precompute::operators;
use avatar_sim::rig::Rig;
use avatar_sim::stats::median;
use faer::sparse::SparseColMat;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PrecomputeArgs {
    /// Box meshes with about these many vertices (default: the paper's Table 1 sizes).
    #[arg(long, value_delimiter = ',', default_values_t = [7_842usize, 31_368, 99_813])]
    pub vertices: Vec<usize>,
    /// A tet mesh file instead of boxes.
    #[arg(long)]
    pub mesh: Option<PathBuf>,
    /// The default avatar's Eq. 22 instead (its mesh, LBS rig, anatomical material and momentum leak; its
    /// mode count unless `--modes` is given).
    #[arg(long, conflicts_with = "mesh")]
    pub default_avatar: bool,
    /// Modes (default: 10, the paper's Table 1; the default avatar's own count with `--default-avatar`).
    #[arg(long)]
    pub modes: Option<usize>,
    /// Also write each problem (H_w, M_w, J_w's distinct rows) here for `tools/modes_peer.py`.
    #[arg(long)]
    pub dump: Option<PathBuf>,
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

/// One Eq. 22 to time: `H_w`, `M_w`, `J_w` by its distinct rows.
struct Problem {
    name: String,
    tets: usize,
    hw: SparseColMat<usize, f64>,
    mass: Vec<f64>,
    jw: WeightConstraint,
}

/// Eq. 22 on `mesh` with the affine rig and a homogeneous material (Table 1's setup).
fn affine_problem(name: String, mesh: &TetMesh) -> Result<Problem> {
    let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0)?;
    let mass = lumped_mass(mesh, &mat.density);
    let jac = Rig::affine().jacobian(&mesh.vertices)?;
    let jw =
        WeightConstraint::new(&mesh.vertices, &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]));
    let hw = weight_space_hessian(mesh, &mat);
    Ok(Problem { name, tets: mesh.t(), hw, mass, jw })
}

/// Writes `p` as raw little-endian arrays and a `meta.json` (the layout `tools/modes_peer.py` reads).
fn dump(dir: &Path, p: &Problem, modes: usize) -> Result<()> {
    let dir = dir.join(&p.name);
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let write = |name: &str, bytes: Vec<u8>| {
        std::fs::write(dir.join(name), bytes).with_context(|| format!("writing {name}"))
    };
    let u64s = |x: &[usize]| x.iter().flat_map(|v| (*v as u64).to_le_bytes()).collect::<Vec<u8>>();
    let f64s = |x: &mut dyn Iterator<Item = f64>| x.flat_map(f64::to_le_bytes).collect::<Vec<u8>>();
    let n = p.mass.len();
    write("hw_colptr.u64", u64s(p.hw.symbolic().col_ptr()))?;
    write("hw_row.u64", u64s(p.hw.symbolic().row_idx()))?;
    write("hw_val.f64", f64s(&mut p.hw.val().iter().copied()))?;
    write("mass.f64", f64s(&mut p.mass.iter().copied()))?;
    write("count.u64", u64s(&p.jw.count))?;
    let rows = &p.jw.rows;
    write("rows.f64", f64s(&mut (0..rows.nrows()).flat_map(|i| (0..n).map(move |j| rows[(i, j)]))))?;
    let meta = serde_json::json!({"n": n, "tets": p.tets, "constraint_rows": rows.nrows(), "modes": modes});
    write("meta.json", serde_json::to_vec_pretty(&meta)?)
}

pub fn precompute(a: PrecomputeArgs) -> Result<()> {
    let (problems, modes, rig) = if a.default_avatar {
        let settings = avatar_sim::asset::default_avatar::settings();
        let (mesh, rig) = avatar_sim::asset::default_avatar::inputs()?;
        let ops = operators(&mesh, &rig, &settings)?;
        let jw = WeightConstraint::new(&mesh.vertices, &ops.jcal);
        let p = Problem { name: "default-avatar".into(), tets: mesh.t(), hw: ops.hw, mass: ops.mass, jw };
        (vec![p], a.modes.unwrap_or(settings.modes), "default avatar (LBS, anatomical)")
    } else {
        let meshes: Vec<(String, TetMesh)> = match &a.mesh {
            Some(path) => {
                let mesh = read_mesh(path).with_context(|| format!("reading {}", path.display()))?.0;
                let stem = path.file_stem().map_or("mesh".into(), |s| s.to_string_lossy().into_owned());
                vec![(stem, mesh)]
            }
            None => a
                .vertices
                .iter()
                .map(|v| box_with_vertices(*v))
                .map(|m| (format!("box-{}", m.n()), m))
                .collect(),
        };
        let problems =
            meshes.iter().map(|(name, m)| affine_problem(name.clone(), m)).collect::<Result<_>>()?;
        (problems, a.modes.unwrap_or(10), "affine")
    };
    let mut rows = Vec::new();
    println!(
        "{:>9} {:>9} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>6}",
        "vertices",
        "tets",
        "modes",
        "rank",
        "median s",
        "constr s",
        "factor s",
        "schur s",
        "lanczos s",
        "paper s",
        "krylov"
    );
    for p in &problems {
        if let Some(dir) = &a.dump {
            dump(dir, p, modes)?;
        }
        let n = p.mass.len();
        let mut times = Vec::new();
        let mut phases: [Vec<f64>; 4] = Default::default();
        let mut last = None;
        for _ in 0..a.repeat.max(1) {
            let t0 = Instant::now();
            let (m, stats) = sparse_modes(&p.hw, &p.mass, &p.jw, modes, &EigenSettings::default())?;
            times.push(t0.elapsed().as_secs_f64());
            let s =
                [stats.seconds_constraints, stats.seconds_factor, stats.seconds_schur, stats.seconds_lanczos];
            for (all, x) in phases.iter_mut().zip(s) {
                all.push(x);
            }
            last = Some((m, stats));
        }
        let (m, stats) = last.expect("at least one repetition");
        let med = median(times.clone());
        let phase_med: Vec<f64> = phases.iter().map(|x| median(x.clone())).collect();
        let anchor = TABLE1
            .iter()
            .min_by_key(|(v, _)| v.abs_diff(n))
            .filter(|(v, _)| v.abs_diff(n) * 10 < *v && !a.default_avatar);
        println!(
            "{:>9} {:>9} {:>6} {:>6} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>8} {:>6} {:?} {:.1} GFlop",
            n,
            p.tets,
            modes,
            m.constraint_rank,
            med,
            phase_med[0],
            phase_med[1],
            phase_med[2],
            phase_med[3],
            anchor.map_or("-".into(), |(_, s)| format!("{s:.3}")),
            stats.krylov,
            stats.ordering,
            stats.factor_flops / 1e9,
        );
        rows.push(serde_json::json!({
            "problem": p.name, "vertices": n, "tets": p.tets, "modes": modes, "seconds": times, "median_s": med,
            "paper_s": anchor.map(|(_, s)| *s), "constraint_rank": m.constraint_rank,
            "constraint_rows": p.jw.rows.nrows(),
            "eigenvalues": m.eigenvalues, "krylov": stats.krylov,
            "ordering": format!("{:?}", stats.ordering), "factor_gflop": stats.factor_flops / 1e9,
            "phase_s": {"constraints": phases[0], "factor": phases[1], "schur": phases[2], "lanczos": phases[3]},
            "phase_median_s": {"constraints": phase_med[0], "factor": phase_med[1], "schur": phase_med[2],
                               "lanczos": phase_med[3]},
        }));
    }
    write_report(&a.out, &serde_json::json!({"benchmark": "precompute", "rig": rig, "results": rows}))
}
