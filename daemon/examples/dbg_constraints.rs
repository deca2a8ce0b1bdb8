use avatard::flesh::arm::{ArmShape, NO_ROTATION};
use avatard::flesh::solver::*;
use avatard::flesh::collide::*;
use avatard::sim::fem::Material;
fn main() {
    let shape = ArmShape::default();
    let mesh = shape.mesh(30, 4);
    let rig = shape.rig(&mesh);
    let mat = Material::homogeneous(mesh.t(), 5e4, 0.3, 1000.0).unwrap();
    let settings = FleshSettings { self_collision: true, collision_stiffness: 20.0, ..Default::default() };
    let mut model = FleshModel::new(&mesh, &rig, &mat, settings);
    let mut state = model.state_at(&rig.rest_params());
    for k in 1..=10 { let p = shape.bend(&rig, 15.0 * k as f64, NO_ROTATION); let r = model.solve_boundary(&mut state, &p); println!("{} {} {:.2e}", 15*k, r.contacts, r.residual); }
    let x = model.positions_partitioned(&state).to_vec();
    let springs = model.contacts(&state).to_vec();
    let sc = SelfCollision::new(&model.mesh, &model.part.boundary_range().collect::<Vec<_>>());
    let mut det = Vec::new(); sc.detect(&x, &mut det);
    let spring_of: std::collections::HashMap<usize, &Spring> = springs.iter().map(|s| (s.proxy, s)).collect();
    let mut rows: Vec<(f64, f64, bool)> = det.iter().map(|d| { let s = spring_of.get(&d.proxy); let gap = s.map_or(-1.0, |s| { let g = s.gap(&x); (g[0]*g[0]+g[1]*g[1]+g[2]*g[2]).sqrt() }); (d.depth, gap, s.is_some()) }).collect();
    rows.sort_by(|a,b| b.0.total_cmp(&a.0));
    for r in rows.iter().take(10) { println!("depth {:.4} spring gap {:.5} has spring {}", r.0, r.1, r.2); }
    println!("springs {} detected {}", springs.len(), det.len());
}
