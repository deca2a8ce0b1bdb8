//! Barycentric embedding of points (render-mesh vertices) in a tet mesh: every point gets one tet and four
//! weights with `Σ bᵢ Xᵢ = p`, so that any per-vertex field of the tet mesh (positions, displacements, skinning
//! weights) is carried to the points by the same four weights.
//!
//! A point inside the mesh gets the tet that contains it, with weights in `[0, 1]`; on a shared face or edge
//! (several tets contain it) the tet in which it lies deepest (largest smallest weight) wins. A point outside
//! every tet gets the tet nearest by true Euclidean point-to-tet distance (the distance to the closest of its
//! four faces), ties broken the same way, with *extrapolated* weights: the affine coordinates of the point
//! with respect to that tet, some negative, still summing to 1 and still reproducing the point, so linear
//! fields extend exactly outside. [`Embedding::max_outside`] reports how far any point had to be
//! extrapolated.
//!
//! The search is a BVH over the tets' bounding boxes with distance-bound pruning ([`crate::geometry::aabb_tree`]), one
//! query per point, in parallel.

use crate::geometry::aabb_tree::{Aabb, Bvh};
use crate::geometry::soup::{check_queries, closest_on_triangle, dist2, lerp3, GeometryError};
use crate::mesh::tet_mesh::{signed_volume, MeshError, TetMesh};
use rayon::prelude::*;

/// Tets per BVH leaf.
const LEAF_SIZE: usize = 4;

/// A smallest weight down to `-INSIDE` still counts as inside (rounding on shared faces).
const INSIDE: f64 = 1e-12;

/// The embedding of `N` points in a tet mesh of `n` vertices.
#[derive(Clone, Debug, PartialEq)]
pub struct Embedding {
    /// The tet of each point.
    pub tet: Vec<u32>,
    /// The tet's four vertex indices, for prolongation without the mesh (what the renderer needs).
    pub corners: Vec<[u32; 4]>,
    /// The four weights of each point (sum 1, negative only outside the mesh).
    pub bary: Vec<[f64; 4]>,
    /// Vertex count `n` of the tet mesh.
    pub mesh_vertices: usize,
}

/// The affine (barycentric) coordinates of `p` with respect to tet `x`, extrapolated outside it: ratios of
/// the signed volumes with `p` in place of each corner.
pub fn tet_barycentric(x: &[[f64; 3]; 4], p: [f64; 3]) -> [f64; 4] {
    let v = signed_volume(x[0], x[1], x[2], x[3]);
    [
        signed_volume(p, x[1], x[2], x[3]) / v,
        signed_volume(x[0], p, x[2], x[3]) / v,
        signed_volume(x[0], x[1], p, x[3]) / v,
        signed_volume(x[0], x[1], x[2], p) / v,
    ]
}

/// Squared distance from `p` to the solid tet `x`, given `p`'s weights in it (0 when inside).
fn tet_dist2(x: &[[f64; 3]; 4], p: [f64; 3], bary: &[f64; 4]) -> f64 {
    if smallest(bary) >= -INSIDE {
        return 0.0;
    }
    // outside, the nearest point of the solid lies on its boundary
    [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]]
        .iter()
        .map(|f| {
            let t = f.map(|i| x[i]);
            dist2(p, lerp3(t, closest_on_triangle(p, t[0], t[1], t[2])))
        })
        .fold(f64::INFINITY, f64::min)
}

fn smallest(b: &[f64; 4]) -> f64 {
    b.iter().fold(f64::INFINITY, |m, &x| m.min(x))
}

/// A tet mesh prepared for point location.
pub struct TetLocator<'a> {
    mesh: &'a TetMesh,
    boxes: Vec<Aabb>,
    bvh: Bvh,
}

/// Where a point landed: its tet, its weights there and its squared distance to that tet (0 inside).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Location {
    pub tet: usize,
    pub bary: [f64; 4],
    pub dist2: f64,
}

impl Location {
    /// Does `self` beat `other`: nearer, or as near and deeper inside?
    fn better_than(&self, other: &Location) -> bool {
        self.dist2 < other.dist2
            || (self.dist2 == other.dist2 && smallest(&self.bary) > smallest(&other.bary))
    }
}

impl<'a> TetLocator<'a> {
    /// Index the tets of a valid mesh (built by [`TetMesh::new`]).
    pub fn new(mesh: &'a TetMesh) -> Result<Self, GeometryError> {
        if mesh.tets.is_empty() {
            return Err(GeometryError::Mesh(MeshError::Empty));
        }
        let boxes: Vec<Aabb> = mesh.tets.iter().map(|t| Aabb::around(&t.map(|i| mesh.vertices[i]))).collect();
        let bvh = Bvh::new(&boxes, LEAF_SIZE);
        Ok(TetLocator { mesh, boxes, bvh })
    }

    /// The containing tet, or else the nearest one (see the module doc); `None` only for a non-finite `p`.
    pub fn locate(&self, p: [f64; 3]) -> Option<Location> {
        let mut best: Option<Location> = None;
        self.bvh.search(p, f64::INFINITY, |t, bound| {
            if self.boxes[t].dist2(p) > bound {
                return bound;
            }
            let x = self.mesh.tets[t].map(|i| self.mesh.vertices[i]);
            let bary = tet_barycentric(&x, p);
            // once some tet contains p, only containing tets can compete
            if bound == 0.0 && smallest(&bary) < -INSIDE {
                return bound;
            }
            let here = Location { tet: t, bary, dist2: tet_dist2(&x, p, &bary) };
            if best.as_ref().is_none_or(|b| here.better_than(b)) {
                best = Some(here);
            }
            best.as_ref().map_or(bound, |b| b.dist2)
        });
        best
    }
}

/// Embed `points` in `mesh` (see the module doc). Errors: a non-finite point, an empty mesh, more tets or
/// vertices than 32-bit indices hold.
pub fn embed_points(mesh: &TetMesh, points: &[[f64; 3]]) -> Result<Embedding, GeometryError> {
    check_queries(points)?;
    for count in [mesh.t(), mesh.n()] {
        if u32::try_from(count).is_err() {
            return Err(GeometryError::TooLarge(count));
        }
    }
    let locator = TetLocator::new(mesh)?;
    let found: Vec<Location> = points
        .par_iter()
        .map(|&p| locator.locate(p).expect("finite points always land in some tet"))
        .collect();
    Ok(Embedding {
        tet: found.iter().map(|l| l.tet as u32).collect(),
        corners: found.iter().map(|l| mesh.tets[l.tet].map(|v| v as u32)).collect(),
        bary: found.iter().map(|l| l.bary).collect(),
        mesh_vertices: mesh.n(),
    })
}

impl Embedding {
    /// Number of embedded points `N`.
    pub fn len(&self) -> usize {
        self.bary.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bary.is_empty()
    }

    /// Carry a per-vertex field with `stride` components (row-major `n × stride`) to the points
    /// (row-major `N × stride`).
    pub fn interpolate(&self, values: &[f64], stride: usize) -> Result<Vec<f64>, GeometryError> {
        let expected = self.mesh_vertices * stride;
        if values.len() != expected {
            return Err(GeometryError::FieldLength {
                what: "the tet-mesh field",
                got: values.len(),
                expected,
            });
        }
        let mut out = vec![0.0; self.len() * stride];
        if stride == 0 {
            return Ok(out);
        }
        out.par_chunks_mut(stride).enumerate().for_each(|(i, row)| {
            for (&v, &b) in self.corners[i].iter().zip(&self.bary[i]) {
                let src = &values[v as usize * stride..(v as usize + 1) * stride];
                for (o, s) in row.iter_mut().zip(src) {
                    *o += b * s;
                }
            }
        });
        Ok(out)
    }

    /// The points' positions for tet-mesh positions `x` stored coordinate-major (`x[c·n + v]`, the sim's
    /// convention).
    pub fn positions(&self, x: &[f64]) -> Result<Vec<[f64; 3]>, GeometryError> {
        let n = self.mesh_vertices;
        if x.len() != 3 * n {
            return Err(GeometryError::FieldLength { what: "the positions", got: x.len(), expected: 3 * n });
        }
        Ok((0..self.len())
            .map(|i| {
                let mut p = [0.0; 3];
                for (&v, &b) in self.corners[i].iter().zip(&self.bary[i]) {
                    for c in 0..3 {
                        p[c] += b * x[c * n + v as usize];
                    }
                }
                p
            })
            .collect())
    }

    /// How far the farthest outside point was extrapolated: the largest `−bᵢ` over all weights (0 when every
    /// point is inside its tet).
    pub fn max_outside(&self) -> f64 {
        self.bary.iter().map(|b| -smallest(b)).fold(0.0, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A box mesh with every vertex moved a little, so that no tet is axis-aligned.
    fn jittered(n: [usize; 3], size: [f64; 3], seed: u64) -> TetMesh {
        let m = box_mesh(n[0], n[1], n[2], size);
        let h = (0..3).map(|c| size[c] / n[c] as f64).fold(f64::INFINITY, f64::min);
        let mut rng = StdRng::seed_from_u64(seed);
        let v = m.vertices.iter().map(|p| p.map(|x| x + 0.05 * h * rng.random_range(-1.0..1.0))).collect();
        let (mesh, report) = TetMesh::new(v, m.tets).unwrap();
        assert_eq!(report.flipped, 0);
        mesh
    }

    fn random_points(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<[f64; 3]> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n).map(|_| [0; 3].map(|_| rng.random_range(lo..hi))).collect()
    }

    fn reproduce(mesh: &TetMesh, e: &Embedding, i: usize) -> [f64; 3] {
        let mut p = [0.0; 3];
        for k in 0..4 {
            let v = mesh.vertices[e.corners[i][k] as usize];
            for c in 0..3 {
                p[c] += e.bary[i][k] * v[c];
            }
        }
        p
    }

    #[test]
    fn mesh_vertices_embed_as_themselves() {
        let mesh = jittered([3, 4, 2], [1.0, 1.2, 0.7], 1);
        let e = embed_points(&mesh, &mesh.vertices).unwrap();
        for (i, v) in mesh.vertices.iter().enumerate() {
            let k =
                (0..4).find(|&k| e.corners[i][k] as usize == i).expect("the vertex is a corner of its tet");
            assert!((e.bary[i][k] - 1.0).abs() < 1e-12, "{:?}", e.bary[i]);
            assert!(dist2(reproduce(&mesh, &e, i), *v).sqrt() < 1e-12);
            assert_eq!(e.corners[i], mesh.tets[e.tet[i] as usize].map(|v| v as u32));
        }
        assert!(e.max_outside() < 1e-12);
    }

    #[test]
    fn interior_points_get_convex_weights_and_outside_points_extrapolate_exactly() {
        let mesh = jittered([4, 3, 3], [1.0, 1.0, 1.0], 2);
        // the jittered boundary moves by at most 5 % of a cell
        let inside = random_points(500, 0.02, 0.98, 3);
        let e = embed_points(&mesh, &inside).unwrap();
        for i in 0..inside.len() {
            assert!(e.bary[i].iter().all(|&b| (-1e-9..=1.0 + 1e-9).contains(&b)), "{:?}", e.bary[i]);
            assert!((e.bary[i].iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(dist2(reproduce(&mesh, &e, i), inside[i]).sqrt() < 1e-12);
        }
        assert!(e.max_outside() <= 1e-9);
        let outside: Vec<[f64; 3]> = random_points(500, -0.5, 1.5, 4)
            .into_iter()
            .filter(|p| p.iter().any(|&x| !(-0.1..1.1).contains(&x)))
            .collect();
        assert!(outside.len() > 300);
        let e = embed_points(&mesh, &outside).unwrap();
        for i in 0..outside.len() {
            assert!(e.bary[i].iter().any(|&b| b < 0.0));
            assert!(dist2(reproduce(&mesh, &e, i), outside[i]).sqrt() < 1e-12);
        }
        assert!(e.max_outside() > 0.1);
    }

    #[test]
    fn linear_fields_are_carried_exactly_inside_and_out() {
        let mesh = jittered([3, 3, 4], [1.0, 2.0, 1.5], 5);
        let f = |p: [f64; 3]| [2.0 * p[0] - p[1] + 0.5 * p[2] + 1.0, -p[0] + 3.0 * p[2] - 2.0];
        let values: Vec<f64> = mesh.vertices.iter().flat_map(|&p| f(p)).collect();
        let points = random_points(400, -0.5, 2.5, 6);
        let e = embed_points(&mesh, &points).unwrap();
        let got = e.interpolate(&values, 2).unwrap();
        for (i, p) in points.iter().enumerate() {
            let want = f(*p);
            assert!((got[2 * i] - want[0]).abs() < 1e-11 && (got[2 * i + 1] - want[1]).abs() < 1e-11);
        }
        // coordinate-major positions give the points back
        let n = mesh.n();
        let x: Vec<f64> = (0..3).flat_map(|c| mesh.vertices.iter().map(move |p| p[c])).collect();
        for (p, q) in e.positions(&x).unwrap().iter().zip(&points) {
            assert!(dist2(*p, *q).sqrt() < 1e-12);
        }
        assert_eq!(
            e.interpolate(&values[1..], 2),
            Err(GeometryError::FieldLength { what: "the tet-mesh field", got: 2 * n - 1, expected: 2 * n })
        );
        assert!(e.positions(&x[..3 * n - 3]).is_err());
        assert_eq!(e.interpolate(&[], 0).unwrap(), Vec::<f64>::new());
    }

    #[test]
    fn the_search_agrees_with_brute_force_over_all_tets() {
        let mesh = jittered([5, 4, 3], [1.0, 1.0, 1.0], 7);
        // include points near and on the boundary and far away
        let mut points = random_points(600, -0.4, 1.4, 8);
        points.extend(random_points(100, -5.0, 5.0, 9));
        points.extend(mesh.vertices.iter().step_by(7).copied());
        let locator = TetLocator::new(&mesh).unwrap();
        for p in points {
            let got = locator.locate(p).unwrap();
            let mut best: Option<Location> = None;
            for t in 0..mesh.t() {
                let x = mesh.tets[t].map(|i| mesh.vertices[i]);
                let bary = tet_barycentric(&x, p);
                let here = Location { tet: t, bary, dist2: tet_dist2(&x, p, &bary) };
                if best.as_ref().is_none_or(|b| here.better_than(b)) {
                    best = Some(here);
                }
            }
            let best = best.unwrap();
            assert!(
                (got.dist2 - best.dist2).abs() <= 1e-12 * (1.0 + best.dist2),
                "{p:?}: {got:?} vs {best:?}"
            );
            assert!((smallest(&got.bary) - smallest(&best.bary)).abs() < 1e-12, "{p:?}: {got:?} vs {best:?}");
            // the distance is the true one: the point's own distance to the mesh's boundary when outside
            if best.dist2 > 0.0 {
                let boundary = mesh.boundary_faces();
                let d = boundary
                    .iter()
                    .map(|f| {
                        let t = f.map(|i| mesh.vertices[i]);
                        dist2(p, lerp3(t, closest_on_triangle(p, t[0], t[1], t[2])))
                    })
                    .fold(f64::INFINITY, f64::min);
                assert!((d - got.dist2).abs() < 1e-12, "{d} vs {}", got.dist2);
            }
        }
    }

    #[test]
    fn non_finite_points_are_refused() {
        let mesh = box_mesh(1, 1, 1, [1.0; 3]);
        assert!(matches!(
            embed_points(&mesh, &[[0.5; 3], [0.0, f64::NAN, 0.0]]),
            Err(GeometryError::NonFiniteQuery { point: 1, .. })
        ));
        let empty = TetMesh { vertices: vec![], tets: vec![] };
        assert_eq!(embed_points(&empty, &[[0.0; 3]]), Err(GeometryError::Mesh(MeshError::Empty)));
        assert!(embed_points(&mesh, &[]).unwrap().is_empty());
        assert_eq!(TetLocator::new(&mesh).unwrap().locate([f64::NAN; 3]), None);
    }

    /// Timing check, not a test: `cargo test -p avatar-sim --lib embed::tests::timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn timing() {
        let mesh = jittered([20, 20, 21], [1.0, 1.0, 1.05], 10); // 50,400 tets
        let points = random_points(15_000, -0.05, 1.05, 11);
        let start = std::time::Instant::now();
        let e = embed_points(&mesh, &points).unwrap();
        println!("{} tets, {} points: {:?}", mesh.t(), points.len(), start.elapsed());
        assert_eq!(e.len(), 15_000);
    }
}
