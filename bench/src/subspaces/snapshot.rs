//! `--snapshot MOTION`: the head and neck on the render surface at the tick where full space moves them most,
//! with every model's displacement carried there by the render mesh's embedding.

use anyhow::Result;
use serde_json::{json, Value};

/// The snapshot on the render surface's head and neck: the render vertices whose embedding's heaviest
/// simulation vertex is on the head or neck, the triangles among them, their posed positions and each model's
/// displacement carried there by the embedding (`Σ β_i u(X_{t_i})`, the same map for every model).
pub(super) fn render_snapshot(
    render: &avatar_sim::asset::RenderMesh,
    mesh: &avatar_sim::TetMesh,
    near: &[bool],
    p: &[f64],
    models: &[Value],
) -> Result<Value> {
    let nr = render.vertices.len();
    let heaviest = |v: usize| {
        let (b, t) = (&render.embed_bary[v], &mesh.tets[render.embed_tet[v] as usize]);
        let i = (0..4).max_by(|&i, &j| b[i].total_cmp(&b[j])).unwrap_or(0);
        t[i]
    };
    let keep: Vec<bool> = (0..nr).map(|v| near[heaviest(v)]).collect();
    let mut index = vec![usize::MAX; nr];
    let used: Vec<usize> = (0..nr).filter(|&v| keep[v]).collect();
    for (i, &v) in used.iter().enumerate() {
        index[v] = i;
    }
    let triangles: Vec<[usize; 3]> = render
        .triangles
        .iter()
        .filter(|t| t.iter().all(|&v| keep[v as usize]))
        .map(|t| t.map(|v| index[v as usize]))
        .collect();
    let x = render.rig.deform(&render.vertices, p)?;
    let posed: Vec<[f64; 3]> = used.iter().map(|&v| [x[v], x[nr + v], x[2 * nr + v]]).collect();
    let n = mesh.n();
    let mut out = Vec::new();
    for m in models {
        let u: Vec<f64> = serde_json::from_value(m["u"].clone())?;
        let ur: Vec<[f64; 3]> = used
            .iter()
            .map(|&v| {
                let (b, t) = (&render.embed_bary[v], &mesh.tets[render.embed_tet[v] as usize]);
                std::array::from_fn(|c| (0..4).map(|i| b[i] * u[c * n + t[i]]).sum())
            })
            .collect();
        out.push(json!({"model": m["model"], "u": ur}));
    }
    Ok(json!({"layout": "posed and u: one [x, y, z] per vertex", "triangles": triangles, "posed": posed,
              "models": out}))
}

/// `|u_v|` of vertex v of a 3n displacement (coordinate-major: `u[c·n + v]`).
pub(super) fn norm3(u: &[f64], v: usize) -> f64 {
    let n = u.len() / 3;
    (u[v].powi(2) + u[n + v].powi(2) + u[2 * n + v].powi(2)).sqrt()
}
