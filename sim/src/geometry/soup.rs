//! Shared ground for the triangle-soup tools ([`crate::geometry::winding`], [`crate::geometry::voxelize`], [`crate::geometry::embed`],
//! [`crate::geometry::transfer`]): their error type, the validation of a triangle soup, 3-vector arithmetic and the
//! exact closest point on a triangle.
//!
//! A *triangle soup* is a vertex array and a triangle index array with no promise of being closed,
//! manifold, consistently oriented or free of degenerate triangles: what game meshes (glTF) really are. The
//! only requirements are finite coordinates and indices in range.

use crate::mesh::tet_mesh::MeshError;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GeometryError {
    #[error("the triangle mesh has no triangles")]
    NoTriangles,
    #[error("triangle {triangle} refers to vertex {index}, but there are only {n} vertices")]
    IndexOutOfRange { triangle: usize, index: usize, n: usize },
    #[error("vertex {vertex} has a non-finite coordinate {coords:?}")]
    NonFinite { vertex: usize, coords: [f64; 3] },
    #[error("query point {point} has a non-finite coordinate {coords:?}")]
    NonFiniteQuery { point: usize, coords: [f64; 3] },
    #[error("the bounding box's longest side {0} cannot be split into cells (all vertices at one point?)")]
    Extent(f64),
    #[error("voxel resolution {0} must be in 1..=512")]
    Resolution(usize),
    #[error("winding-number threshold {0} must be finite")]
    Threshold(f64),
    #[error("the voxel grid kept no cell")]
    EmptyResult,
    #[error("{what} has {got} values, expected {expected}")]
    FieldLength { what: &'static str, got: usize, expected: usize },
    #[error("{0} elements do not fit 32-bit indices")]
    TooLarge(usize),
    #[error("the voxel tet mesh is invalid: {0}")]
    Mesh(#[from] MeshError),
}

/// Check a triangle soup: at least one triangle, every index in range, every vertex finite (all vertices,
/// referenced or not, since callers may use all of them).
pub fn check_soup(vertices: &[[f64; 3]], triangles: &[[usize; 3]]) -> Result<(), GeometryError> {
    if triangles.is_empty() {
        return Err(GeometryError::NoTriangles);
    }
    check_finite(vertices)?;
    let n = vertices.len();
    for (triangle, t) in triangles.iter().enumerate() {
        if let Some(&index) = t.iter().find(|&&i| i >= n) {
            return Err(GeometryError::IndexOutOfRange { triangle, index, n });
        }
    }
    Ok(())
}

/// Every vertex has finite coordinates.
pub fn check_finite(vertices: &[[f64; 3]]) -> Result<(), GeometryError> {
    match vertices.iter().position(|p| p.iter().any(|c| !c.is_finite())) {
        Some(vertex) => Err(GeometryError::NonFinite { vertex, coords: vertices[vertex] }),
        None => Ok(()),
    }
}

/// Every query point has finite coordinates.
pub fn check_queries(points: &[[f64; 3]]) -> Result<(), GeometryError> {
    match points.iter().position(|p| p.iter().any(|c| !c.is_finite())) {
        Some(point) => Err(GeometryError::NonFiniteQuery { point, coords: points[point] }),
        None => Ok(()),
    }
}

pub fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub fn scale(s: f64, a: [f64; 3]) -> [f64; 3] {
    [s * a[0], s * a[1], s * a[2]]
}

pub fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

pub fn norm(a: [f64; 3]) -> f64 {
    dot(a, a).sqrt()
}

pub fn dist2(a: [f64; 3], b: [f64; 3]) -> f64 {
    let d = sub(a, b);
    dot(d, d)
}

/// `Σ w_i p_i` over the corners of a triangle.
pub fn lerp3(p: [[f64; 3]; 3], w: [f64; 3]) -> [f64; 3] {
    let mut x = [0.0; 3];
    for i in 0..3 {
        for c in 0..3 {
            x[c] += w[i] * p[i][c];
        }
    }
    x
}

/// The closest point of triangle `(a, b, c)` to `p`, as barycentric weights `(w_a, w_b, w_c)` (non-negative,
/// summing to 1).
///
/// Ericson's region method (Real-Time Collision Detection, §5.1.5): the plane is split into the Voronoi
/// regions of the three vertices, the three edges and the face, and the point is classified with six dot
/// products, so no square root and no projection is formed unless the face region wins. A degenerate
/// (zero-area) triangle is handled as the union of its three edges.
pub fn closest_on_triangle(p: [f64; 3], a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> [f64; 3] {
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let n = cross(ab, ac);
    let n2 = dot(n, n);
    if n2 <= 0.0 || n2.is_nan() {
        return closest_on_degenerate(p, a, b, c);
    }
    let (d1, d2) = (dot(ab, ap), dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return [1.0, 0.0, 0.0];
    }
    let bp = sub(p, b);
    let (d3, d4) = (dot(ab, bp), dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return [0.0, 1.0, 0.0];
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let v = d1 / (d1 - d3);
        return [1.0 - v, v, 0.0];
    }
    let cp = sub(p, c);
    let (d5, d6) = (dot(ab, cp), dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return [0.0, 0.0, 1.0];
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let w = d2 / (d2 - d6);
        return [1.0 - w, 0.0, w];
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        let w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return [0.0, 1.0 - w, w];
    }
    let denom = 1.0 / (va + vb + vc);
    let (v, w) = (vb * denom, vc * denom);
    [1.0 - v - w, v, w]
}

/// Parameter `t ∈ [0, 1]` of the point of segment `a + t (b − a)` closest to `p` (0 for a zero-length one).
pub fn closest_on_segment(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    let ab = sub(b, a);
    let len2 = dot(ab, ab);
    if len2 > 0.0 {
        (dot(sub(p, a), ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

fn closest_on_degenerate(p: [f64; 3], a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> [f64; 3] {
    let corners = [a, b, c];
    let mut best = (f64::INFINITY, [1.0, 0.0, 0.0]);
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let t = closest_on_segment(p, corners[i], corners[j]);
        let mut w = [0.0; 3];
        w[i] = 1.0 - t;
        w[j] = t;
        let d = dist2(p, lerp3(corners, w));
        if d < best.0 {
            best = (d, w);
        }
    }
    best.1
}

/// Procedural triangle surfaces for tests and benchmarks.
pub mod surfaces {
    use crate::mesh::tet_mesh::shapes::box_mesh;

    /// The boundary of the box `[0,s]³` split into `n³` cells: `12 n²` triangles, closed, oriented outwards.
    pub fn cube_surface(n: usize, s: f64) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
        let m = box_mesh(n, n, n, [s; 3]);
        let faces = m.boundary_faces();
        // keep only the vertices the surface uses, in their original order
        let mut new_index = vec![usize::MAX; m.n()];
        for f in &faces {
            for &v in f {
                new_index[v] = 0;
            }
        }
        let mut vertices = Vec::new();
        for (v, slot) in new_index.iter_mut().enumerate() {
            if *slot == 0 {
                *slot = vertices.len();
                vertices.push(m.vertices[v]);
            }
        }
        let triangles = faces.iter().map(|f| f.map(|v| new_index[v])).collect();
        (vertices, triangles)
    }

    /// A sphere of radius `r` at the origin: the icosahedron with each triangle split in four `subdivisions`
    /// times and projected onto the sphere (`20·4^subdivisions` triangles, closed, oriented outwards).
    pub fn icosphere(subdivisions: usize, r: f64) -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
        use std::collections::HashMap;
        let g = (1.0 + 5f64.sqrt()) / 2.0;
        let mut vertices: Vec<[f64; 3]> = vec![
            [-1.0, g, 0.0],
            [1.0, g, 0.0],
            [-1.0, -g, 0.0],
            [1.0, -g, 0.0],
            [0.0, -1.0, g],
            [0.0, 1.0, g],
            [0.0, -1.0, -g],
            [0.0, 1.0, -g],
            [g, 0.0, -1.0],
            [g, 0.0, 1.0],
            [-g, 0.0, -1.0],
            [-g, 0.0, 1.0],
        ];
        let mut triangles: Vec<[usize; 3]> = vec![
            [0, 11, 5],
            [0, 5, 1],
            [0, 1, 7],
            [0, 7, 10],
            [0, 10, 11],
            [1, 5, 9],
            [5, 11, 4],
            [11, 10, 2],
            [10, 7, 6],
            [7, 1, 8],
            [3, 9, 4],
            [3, 4, 2],
            [3, 2, 6],
            [3, 6, 8],
            [3, 8, 9],
            [4, 9, 5],
            [2, 4, 11],
            [6, 2, 10],
            [8, 6, 7],
            [9, 8, 1],
        ];
        for _ in 0..subdivisions {
            let mut mid: HashMap<(usize, usize), usize> = HashMap::new();
            let mut midpoint = |i: usize, j: usize, vertices: &mut Vec<[f64; 3]>| {
                *mid.entry((i.min(j), i.max(j))).or_insert_with(|| {
                    let (a, b) = (vertices[i], vertices[j]);
                    vertices.push([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0, (a[2] + b[2]) / 2.0]);
                    vertices.len() - 1
                })
            };
            let mut next = Vec::with_capacity(4 * triangles.len());
            for [a, b, c] in triangles {
                let ab = midpoint(a, b, &mut vertices);
                let bc = midpoint(b, c, &mut vertices);
                let ca = midpoint(c, a, &mut vertices);
                next.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
            }
            triangles = next;
        }
        for p in &mut vertices {
            let l = super::norm(*p);
            *p = p.map(|c| r * c / l);
        }
        (vertices, triangles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Independent oracle: the closest point is the projection onto the plane when that falls inside the
    /// triangle, otherwise the best of the three edges' closest points.
    fn oracle(p: [f64; 3], t: [[f64; 3]; 3]) -> f64 {
        let [a, b, c] = t;
        let n = cross(sub(b, a), sub(c, a));
        let h = dot(sub(p, a), n) / dot(n, n);
        let q = sub(p, scale(h, n));
        // barycentrics of q by sub-triangle areas
        let area = |x: [f64; 3], y: [f64; 3], z: [f64; 3]| dot(cross(sub(y, x), sub(z, x)), n);
        let w = [area(q, b, c), area(a, q, c), area(a, b, q)];
        if w.iter().all(|&x| x >= 0.0) {
            return dist2(p, q).sqrt();
        }
        [(a, b), (b, c), (c, a)]
            .iter()
            .map(|&(x, y)| {
                let s = closest_on_segment(p, x, y);
                dist2(p, add(x, scale(s, sub(y, x)))).sqrt()
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn closest_point_on_triangle_matches_projection_or_edges() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut r =
            || [rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)];
        for _ in 0..2000 {
            let t = [r(), r(), r()];
            let p = scale(2.0, r());
            let w = closest_on_triangle(p, t[0], t[1], t[2]);
            assert!(w.iter().all(|&x| (-1e-15..=1.0 + 1e-15).contains(&x)), "{w:?}");
            assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-14);
            let d = dist2(p, lerp3(t, w)).sqrt();
            assert!((d - oracle(p, t)).abs() < 1e-12, "{d} vs {}", oracle(p, t));
        }
    }

    #[test]
    fn degenerate_triangles_fall_back_to_edges() {
        let (a, b) = ([0.0, 0.0, 0.0], [2.0, 0.0, 0.0]);
        // collinear: c on segment ab
        let w = closest_on_triangle([1.5, 1.0, 0.0], a, b, [1.0, 0.0, 0.0]);
        assert!((dist2(lerp3([a, b, [1.0, 0.0, 0.0]], w), [1.5, 0.0, 0.0])).sqrt() < 1e-15);
        // all three corners equal
        let w = closest_on_triangle([1.0, 1.0, 1.0], a, a, a);
        assert!(w.iter().all(|x| x.is_finite()) && (w.iter().sum::<f64>() - 1.0).abs() < 1e-15);
    }

    #[test]
    fn soups_are_checked_naming_the_element() {
        let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        assert_eq!(check_soup(&v, &[]), Err(GeometryError::NoTriangles));
        assert_eq!(
            check_soup(&v, &[[0, 1, 2], [0, 5, 1]]),
            Err(GeometryError::IndexOutOfRange { triangle: 1, index: 5, n: 3 })
        );
        let mut bad = v.clone();
        bad[1][2] = f64::INFINITY;
        assert!(matches!(check_soup(&bad, &[[0, 1, 2]]), Err(GeometryError::NonFinite { vertex: 1, .. })));
        assert!(check_soup(&v, &[[0, 1, 2]]).is_ok());
    }

    #[test]
    fn procedural_surfaces_are_closed_and_outward() {
        for (v, t) in [surfaces::cube_surface(3, 2.0), surfaces::icosphere(2, 1.5)] {
            // every directed edge has its reverse exactly once: closed and consistently oriented
            let mut edges = std::collections::HashMap::new();
            for f in &t {
                for k in 0..3 {
                    *edges.entry((f[k], f[(k + 1) % 3])).or_insert(0) += 1;
                }
            }
            assert!(edges.iter().all(|(&(a, b), &c)| c == 1 && edges.get(&(b, a)) == Some(&1)));
            let vol: f64 = t.iter().map(|f| dot(v[f[0]], cross(v[f[1]], v[f[2]])) / 6.0).sum();
            assert!(vol > 0.0);
        }
        let (v, t) = surfaces::cube_surface(3, 2.0);
        assert_eq!((v.len(), t.len()), (56, 108));
        let vol: f64 = t.iter().map(|f| dot(v[f[0]], cross(v[f[1]], v[f[2]])) / 6.0).sum();
        assert!((vol - 8.0).abs() < 1e-12);
        assert_eq!(surfaces::icosphere(3, 1.0).1.len(), 20 * 64);
    }
}
