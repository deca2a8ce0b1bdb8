//! Closest-point attribute transfer from a triangle surface: for each query point, the nearest point of the
//! surface as a triangle and barycentric weights on it, then any per-vertex attribute of the surface
//! (skinning weights, UVs, colours) interpolated there.
//!
//! The closest point on one triangle is exact ([`crate::geometry::soup::closest_on_triangle`], Ericson's region
//! method). Over the whole surface a BVH of triangle boxes is searched nearest-first, pruning every node
//! farther than the best distance so far; queries run in parallel. Ties (a query equidistant from several
//! triangles, e.g. nearest to a shared vertex) go to the triangle met first, which is deterministic.

use crate::geometry::aabb_tree::{Aabb, Bvh};
use crate::geometry::soup::{check_queries, check_soup, closest_on_triangle, dist2, lerp3, GeometryError};
use rayon::prelude::*;

/// Triangles per BVH leaf.
const LEAF_SIZE: usize = 4;

/// Nearest surface points of a set of queries and the means to carry surface attributes to them.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceTransfer {
    /// The nearest triangle of each query.
    pub triangle: Vec<usize>,
    /// That triangle's vertex indices.
    pub corners: Vec<[usize; 3]>,
    /// Barycentric weights of the nearest point on it (non-negative, sum 1).
    pub bary: Vec<[f64; 3]>,
    /// Distance from each query to the surface.
    pub distance: Vec<f64>,
    /// Vertex count of the surface.
    pub surface_vertices: usize,
}

/// The nearest point of the surface to each query, as `(triangle, barycentric weights on it)`. Errors: the
/// soup's (no triangles, index out of range, non-finite coordinate) and non-finite queries.
pub fn closest_points(
    vertices: &[[f64; 3]],
    triangles: &[[usize; 3]],
    queries: &[[f64; 3]],
) -> Result<Vec<(usize, [f64; 3])>, GeometryError> {
    Ok(nearest(vertices, triangles, queries)?.into_iter().map(|(t, w, _)| (t, w)).collect())
}

/// `(triangle, weights, squared distance)` per query.
fn nearest(
    vertices: &[[f64; 3]],
    triangles: &[[usize; 3]],
    queries: &[[f64; 3]],
) -> Result<Vec<(usize, [f64; 3], f64)>, GeometryError> {
    check_soup(vertices, triangles)?;
    check_queries(queries)?;
    let corners: Vec<[[f64; 3]; 3]> = triangles.iter().map(|t| t.map(|i| vertices[i])).collect();
    let boxes: Vec<Aabb> = corners.iter().map(|c| Aabb::around(c)).collect();
    let bvh = Bvh::new(&boxes, LEAF_SIZE);
    Ok(queries
        .par_iter()
        .map(|&p| {
            let mut best = (usize::MAX, [1.0, 0.0, 0.0], f64::INFINITY);
            bvh.search(p, f64::INFINITY, |t, bound| {
                if boxes[t].dist2(p) > bound {
                    return bound;
                }
                let c = corners[t];
                let w = closest_on_triangle(p, c[0], c[1], c[2]);
                let d = dist2(p, lerp3(c, w));
                // `best.0 == usize::MAX`: take the first triangle even at an infinite (overflowed) distance
                if d < best.2 || best.0 == usize::MAX {
                    best = (t, w, d);
                }
                best.2
            });
            best
        })
        .collect())
}

impl SurfaceTransfer {
    /// Find the nearest surface point of every query (see [`closest_points`] for the errors).
    pub fn new(
        vertices: &[[f64; 3]],
        triangles: &[[usize; 3]],
        queries: &[[f64; 3]],
    ) -> Result<Self, GeometryError> {
        let found = nearest(vertices, triangles, queries)?;
        Ok(SurfaceTransfer {
            triangle: found.iter().map(|f| f.0).collect(),
            corners: found.iter().map(|f| triangles[f.0]).collect(),
            bary: found.iter().map(|f| f.1).collect(),
            distance: found.iter().map(|f| f.2.sqrt()).collect(),
            surface_vertices: vertices.len(),
        })
    }

    /// Interpolate a per-surface-vertex attribute with `stride` components (row-major `V × stride`) at the
    /// nearest points (row-major `#queries × stride`).
    pub fn interpolate(&self, values: &[f64], stride: usize) -> Result<Vec<f64>, GeometryError> {
        let expected = self.surface_vertices * stride;
        if values.len() != expected {
            return Err(GeometryError::FieldLength {
                what: "the surface attribute",
                got: values.len(),
                expected,
            });
        }
        let mut out = vec![0.0; self.bary.len() * stride];
        if stride == 0 {
            return Ok(out);
        }
        out.par_chunks_mut(stride).enumerate().for_each(|(i, row)| {
            for (&v, &b) in self.corners[i].iter().zip(&self.bary[i]) {
                for (o, s) in row.iter_mut().zip(&values[v * stride..(v + 1) * stride]) {
                    *o += b * s;
                }
            }
        });
        Ok(out)
    }
}

/// The vertices `triangles` use, the triangles renumbered to them, and each kept vertex's original index.
pub fn compact(
    vertices: &[[f64; 3]],
    triangles: &[[usize; 3]],
) -> (Vec<[f64; 3]>, Vec<[usize; 3]>, Vec<usize>) {
    let mut new_index = vec![usize::MAX; vertices.len()];
    let mut kept = Vec::new();
    let tris = triangles
        .iter()
        .map(|t| {
            t.map(|v| {
                if new_index[v] == usize::MAX {
                    new_index[v] = kept.len();
                    kept.push(v);
                }
                new_index[v]
            })
        })
        .collect();
    (kept.iter().map(|&v| vertices[v]).collect(), tris, kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::soup::surfaces::icosphere;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_points(n: usize, lo: f64, hi: f64, rng: &mut StdRng) -> Vec<[f64; 3]> {
        (0..n).map(|_| [0; 3].map(|_| rng.random_range(lo..hi))).collect()
    }

    /// A closed bumpy sphere plus a cloud of stray triangles: a soup.
    fn soup(rng: &mut StdRng) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
        let (mut v, mut t) = icosphere(3, 1.0);
        for p in &mut v {
            let s = 1.0 + 0.2 * (4.0 * p[0]).sin() * (3.0 * p[2]).cos();
            *p = p.map(|x| s * x);
        }
        for _ in 0..60 {
            let n = v.len();
            v.extend(random_points(3, -1.5, 1.5, rng));
            t.push([n, n + 1, n + 2]);
        }
        (v, t)
    }

    #[test]
    fn nearest_points_match_brute_force() {
        let mut rng = StdRng::seed_from_u64(1);
        let (v, t) = soup(&mut rng);
        let queries = random_points(800, -2.5, 2.5, &mut rng);
        let found = SurfaceTransfer::new(&v, &t, &queries).unwrap();
        assert_eq!(
            closest_points(&v, &t, &queries).unwrap(),
            found.triangle.iter().copied().zip(found.bary.iter().copied()).collect::<Vec<_>>()
        );
        for (i, q) in queries.iter().enumerate() {
            let brute = t
                .iter()
                .map(|f| {
                    let c = f.map(|k| v[k]);
                    dist2(*q, lerp3(c, closest_on_triangle(*q, c[0], c[1], c[2]))).sqrt()
                })
                .fold(f64::INFINITY, f64::min);
            let c = found.corners[i].map(|k| v[k]);
            let d = dist2(*q, lerp3(c, found.bary[i])).sqrt();
            assert!((d - brute).abs() < 1e-12, "{d} vs {brute}");
            assert!((found.distance[i] - brute).abs() < 1e-12);
            assert_eq!(found.corners[i], t[found.triangle[i]]);
        }
    }

    #[test]
    fn points_on_the_surface_map_to_themselves() {
        let mut rng = StdRng::seed_from_u64(2);
        let (v, t) = soup(&mut rng);
        let queries: Vec<[f64; 3]> = (0..500)
            .map(|_| {
                let f = t[rng.random_range(0..t.len())];
                let (a, b) = (rng.random_range(0.0..1.0), rng.random_range(0.0..1.0));
                let (a, b) = if a + b > 1.0 { (1.0 - a, 1.0 - b) } else { (a, b) };
                lerp3(f.map(|k| v[k]), [1.0 - a - b, a, b])
            })
            .collect();
        let found = SurfaceTransfer::new(&v, &t, &queries).unwrap();
        // positions as the attribute: interpolated at the nearest point, they give the query back
        let positions: Vec<f64> = v.iter().flatten().copied().collect();
        let moved = found.interpolate(&positions, 3).unwrap();
        for (i, q) in queries.iter().enumerate() {
            assert!(found.distance[i] < 1e-12);
            assert!(dist2([moved[3 * i], moved[3 * i + 1], moved[3 * i + 2]], *q).sqrt() < 1e-12);
        }
    }

    #[test]
    fn a_linear_attribute_on_a_flat_sheet_is_read_at_the_clamped_point() {
        // the unit square in z = 0, 6×6 quads, two triangles each
        let n = 6;
        let v: Vec<[f64; 3]> = (0..=n)
            .flat_map(|j| (0..=n).map(move |i| [i as f64 / n as f64, j as f64 / n as f64, 0.0]))
            .collect();
        let id = |i: usize, j: usize| j * (n + 1) + i;
        let t: Vec<[usize; 3]> = (0..n)
            .flat_map(|j| {
                (0..n).flat_map(move |i| {
                    [[id(i, j), id(i + 1, j), id(i + 1, j + 1)], [id(i, j), id(i + 1, j + 1), id(i, j + 1)]]
                })
            })
            .collect();
        let f = |x: f64, y: f64| [2.0 * x - y + 3.0, x * 0.5 + 1.0];
        let values: Vec<f64> = v.iter().flat_map(|p| f(p[0], p[1])).collect();
        let mut rng = StdRng::seed_from_u64(3);
        let queries = random_points(300, -1.0, 2.0, &mut rng);
        let got = SurfaceTransfer::new(&v, &t, &queries).unwrap().interpolate(&values, 2).unwrap();
        for (i, q) in queries.iter().enumerate() {
            let want = f(q[0].clamp(0.0, 1.0), q[1].clamp(0.0, 1.0));
            assert!((got[2 * i] - want[0]).abs() < 1e-12 && (got[2 * i + 1] - want[1]).abs() < 1e-12);
        }
    }

    #[test]
    fn bad_input_is_refused() {
        let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let t = [[0, 1, 2]];
        assert_eq!(closest_points(&v, &[], &[[0.0; 3]]), Err(GeometryError::NoTriangles));
        assert!(matches!(
            closest_points(&v, &t, &[[0.0; 3], [f64::INFINITY, 0.0, 0.0]]),
            Err(GeometryError::NonFiniteQuery { point: 1, .. })
        ));
        let s = SurfaceTransfer::new(&v, &t, &[[0.2, 0.2, 1.0]]).unwrap();
        assert_eq!(
            s.interpolate(&[1.0; 5], 2),
            Err(GeometryError::FieldLength { what: "the surface attribute", got: 5, expected: 6 })
        );
        assert!(closest_points(&v, &t, &[]).unwrap().is_empty());
    }
}
