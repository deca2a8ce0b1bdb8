use avatard::flesh::solver::*;
use avatard::sim::fem::Material;
use std::time::Instant;
fn main() {
    let (mesh, rig) = avatard::asset::default_avatar::inputs().unwrap();
    let mat = Material::homogeneous(mesh.t(), 2e4, 0.35, 1000.0).unwrap();
    let t = Instant::now();
    let model = FleshModel::new(&mesh, &rig, &mat, FleshSettings::default());
    println!("build {:.2}s {:?}; interior {} boundary {} constrained {}", t.elapsed().as_secs_f64(), model.build_seconds, model.part.interior, model.part.boundary, model.part.constrained);
    let h = &model.h0;
    let i = model.part.interior_range();
    let a = h.to_faer(i.clone(), false);
    let llt = avatard::sim::cholesky::Cholesky::new(&a).unwrap();
    println!("interior dofs {} nnz(L) {}", 3*i.len(), llt.symbolic.len_val());
    let b = faer::Mat::<f64>::from_fn(3*i.len(), 1, |r,_| (r as f64).sin());
    let t = Instant::now();
    for _ in 0..20 { let _ = llt.solve(b.as_ref()); }
    println!("faer solve {:.3} ms", t.elapsed().as_secs_f64()*1e3/20.0);
    faer::set_global_parallelism(faer::Par::Seq);
    let t = Instant::now();
    for _ in 0..20 { let _ = llt.solve(b.as_ref()); }
    println!("faer solve seq {:.3} ms", t.elapsed().as_secs_f64()*1e3/20.0);
    let r: Vec<[f64;3]> = (0..i.len()).map(|k| [(k as f64).sin(), 1.0, 0.0]).collect();
    let mut z = vec![[0.0;3]; i.len()];
    let t = Instant::now();
    for _ in 0..20 { model.ic_interior.solve(&r, &mut z); }
    println!("IC solve {:.3} ms, nnz blocks {}", t.elapsed().as_secs_f64()*1e3/20.0, model.ic_interior.nnz_blocks());
    let f = model.part.free_range();
    let x: Vec<[f64;3]> = (0..f.len()).map(|k| [(k as f64).sin(), 1.0, 0.0]).collect();
    let mut y = vec![[0.0;3]; f.len()];
    let t = Instant::now();
    for _ in 0..20 { h.mul_sub(f.clone(), f.clone(), &x, &mut y, 1.0, false); }
    println!("H_ff matvec {:.3} ms, blocks {}", t.elapsed().as_secs_f64()*1e3/20.0, h.cols.len());
    let mut yb = vec![[0.0;3]; model.part.boundary];
    let xb = &x[model.part.boundary_range()];
    let t = Instant::now();
    for _ in 0..20 { model.preconditioner.factor.solve(xb, &mut yb); }
    println!("Kb IC solve {:.3} ms, blocks {}", t.elapsed().as_secs_f64()*1e3/20.0, model.preconditioner.factor.nnz_blocks());
}
