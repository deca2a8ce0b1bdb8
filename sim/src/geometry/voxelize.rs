//! A simulation tet mesh for any triangle soup: keep the cells of a regular grid that the soup occupies and
//! split each into 6 tets.
//!
//! Render meshes are rarely closed or manifold, so "inside" is decided by the generalized winding number
//! ([`crate::geometry::winding`]), which degrades gracefully across holes, overlaps and stray triangles. A cell of the
//! grid (cubic cells over the soup's bounding box, padded by one cell on every side) is kept when
//! - the winding number at its centre has magnitude at least `threshold` (magnitude, so that a soup whose
//!   triangles all face inwards still fills), or
//! - an input vertex lies in it (so every render vertex ends up in some tet and the embedding never has to
//!   extrapolate far), or
//! - a triangle crosses it (exact triangle-box overlap by the separating-axis test of Akenine-Möller 2001),
//!   so thin sheets and open parts with a low winding number still get flesh around them.
//!
//! Kept cells are split with the Kuhn split of [`crate::mesh::tet_mesh::shapes::KUHN_PATHS`], which conforms across
//! cells; grid vertices are shared between cells. The result is a union of cubes: its boundary is a
//! one-cell-accurate staircase around the surface, which is what the embedding needs (the render mesh is
//! carried by the tets, not represented by their boundary). Cells that touch only along an edge or a corner
//! are not face-connected; [`VoxelMesh::components`] counts the face-connected pieces.
//!
//! Cost: one winding-number query per grid cell, so `O(resolution³ · log #triangles)`.

use crate::geometry::soup::{check_soup, cross, dot, sub, GeometryError};
use crate::geometry::winding::WindingNumber;
use crate::mesh::tet_mesh::shapes::KUHN_PATHS;
use crate::mesh::tet_mesh::TetMesh;
use rayon::prelude::*;
use std::collections::HashMap;

/// Largest accepted [`VoxelSettings::resolution`].
pub const MAX_RESOLUTION: usize = 512;

#[derive(Clone, Debug, PartialEq)]
pub struct VoxelSettings {
    /// Cells along the longest axis of the soup's bounding box.
    pub resolution: usize,
    /// Winding-number magnitude from which a cell centre counts as inside.
    pub threshold: f64,
}

impl Default for VoxelSettings {
    fn default() -> Self {
        VoxelSettings { resolution: 24, threshold: 0.5 }
    }
}

/// The voxel tet mesh and what it is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct VoxelMesh {
    pub mesh: TetMesh,
    /// Edge length of a grid cell.
    pub cell_size: f64,
    /// Kept cells (6 tets each).
    pub cells: usize,
    /// Pieces of tets connected through shared faces.
    pub components: usize,
}

/// The padded grid: `dims` cells of size `h` from `origin`, cell `(i, j, k)` at linear index
/// `(k·ny + j)·nx + i`.
struct Grid {
    origin: [f64; 3],
    h: f64,
    dims: [usize; 3],
}

impl Grid {
    fn around(vertices: &[[f64; 3]], resolution: usize) -> Result<Grid, GeometryError> {
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        for p in vertices {
            for c in 0..3 {
                lo[c] = lo[c].min(p[c]);
                hi[c] = hi[c].max(p[c]);
            }
        }
        let extent = [0, 1, 2].map(|c| hi[c] - lo[c]);
        let longest = extent.iter().fold(0.0f64, |m, &e| m.max(e));
        if longest <= 0.0 || !longest.is_finite() {
            return Err(GeometryError::Extent(longest));
        }
        let h = longest / resolution as f64;
        // cells covering the extent (at least one, for flat soups), plus one of padding on each side, centred
        let dims = extent.map(|e| ((e / h) * (1.0 - 1e-12)).ceil().max(1.0) as usize + 2);
        let origin = [0, 1, 2].map(|c| 0.5 * (lo[c] + hi[c]) - 0.5 * h * dims[c] as f64);
        Ok(Grid { origin, h, dims })
    }

    fn len(&self) -> usize {
        self.dims.iter().product()
    }

    fn index(&self, [i, j, k]: [usize; 3]) -> usize {
        (k * self.dims[1] + j) * self.dims[0] + i
    }

    fn coords(&self, index: usize) -> [usize; 3] {
        let [nx, ny, _] = self.dims;
        [index % nx, (index / nx) % ny, index / (nx * ny)]
    }

    /// The cell holding `p` (clamped to the grid; points on a cell face go to the upper cell).
    fn cell_of(&self, p: [f64; 3]) -> [usize; 3] {
        [0, 1, 2]
            .map(|c| (((p[c] - self.origin[c]) / self.h).floor().max(0.0) as usize).min(self.dims[c] - 1))
    }

    fn centre(&self, cell: [usize; 3]) -> [f64; 3] {
        [0, 1, 2].map(|c| self.origin[c] + (cell[c] as f64 + 0.5) * self.h)
    }

    fn vertex(&self, v: [usize; 3]) -> [f64; 3] {
        [0, 1, 2].map(|c| self.origin[c] + v[c] as f64 * self.h)
    }
}

/// Does the triangle touch the cube of half-size `e` around `centre`? Separating-axis test over the 3 box
/// normals, the triangle normal and the 9 edge-axis cross products; touching counts as overlapping. A zero
/// axis (from a degenerate triangle) never separates, so segments and points are handled too.
fn triangle_touches_cube(t: [[f64; 3]; 3], centre: [f64; 3], e: f64) -> bool {
    let v = t.map(|p| sub(p, centre));
    let edges = [sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])];
    let separates = |a: [f64; 3]| {
        let p = v.map(|x| dot(a, x));
        let r = e * (a[0].abs() + a[1].abs() + a[2].abs());
        p.iter().fold(f64::INFINITY, |m, &x| m.min(x)) > r
            || p.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x)) < -r
    };
    let units = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    if units.iter().any(|&u| separates(u)) || separates(cross(edges[0], edges[1])) {
        return false;
    }
    !units.iter().any(|&u| edges.iter().any(|&d| separates(cross(u, d))))
}

/// Voxelize a triangle soup into a conforming tet mesh (see the module doc). Errors: the soup's (no
/// triangles, index out of range, non-finite coordinate), a resolution outside `1..=512`, a non-finite
/// threshold, all vertices at one point.
pub fn voxel_tet_mesh(
    vertices: &[[f64; 3]],
    triangles: &[[usize; 3]],
    settings: &VoxelSettings,
) -> Result<VoxelMesh, GeometryError> {
    if !(1..=MAX_RESOLUTION).contains(&settings.resolution) {
        return Err(GeometryError::Resolution(settings.resolution));
    }
    if !settings.threshold.is_finite() {
        return Err(GeometryError::Threshold(settings.threshold));
    }
    check_soup(vertices, triangles)?;
    let grid = Grid::around(vertices, settings.resolution)?;
    let mut keep = vec![false; grid.len()];
    for &p in vertices {
        keep[grid.index(grid.cell_of(p))] = true;
    }
    // a hair of slack so that rounding never drops a cell the triangle merely touches
    let half = 0.5 * grid.h * (1.0 + 1e-9);
    for t in triangles {
        let corners = t.map(|i| vertices[i]);
        let lo =
            grid.cell_of([0, 1, 2].map(|c| corners.iter().fold(f64::INFINITY, |m, p| m.min(p[c])) - half));
        let hi = grid
            .cell_of([0, 1, 2].map(|c| corners.iter().fold(f64::NEG_INFINITY, |m, p| m.max(p[c])) + half));
        for k in lo[2]..=hi[2] {
            for j in lo[1]..=hi[1] {
                for i in lo[0]..=hi[0] {
                    let index = grid.index([i, j, k]);
                    if !keep[index] && triangle_touches_cube(corners, grid.centre([i, j, k]), half) {
                        keep[index] = true;
                    }
                }
            }
        }
    }
    let winding = WindingNumber::new(vertices, triangles)?;
    keep.par_iter_mut().enumerate().filter(|(_, k)| !**k).for_each(|(index, k)| {
        *k = winding.at(grid.centre(grid.coords(index))).abs() >= settings.threshold;
    });

    let cells = keep.iter().filter(|&&k| k).count();
    if cells == 0 {
        return Err(GeometryError::EmptyResult);
    }
    let vertex_index = |[i, j, k]: [usize; 3]| (k * (grid.dims[1] + 1) + j) * (grid.dims[0] + 1) + i;
    let mut numbering: HashMap<usize, usize> = HashMap::new();
    let mut points = Vec::new();
    let mut tets = Vec::with_capacity(6 * cells);
    for (index, _) in keep.iter().enumerate().filter(|(_, &k)| k) {
        let cell = grid.coords(index);
        for path in KUHN_PATHS {
            let mut corner = cell;
            let mut tet = [0usize; 4];
            for s in 0..4 {
                if s > 0 {
                    corner[path[s - 1]] += 1;
                }
                tet[s] = *numbering.entry(vertex_index(corner)).or_insert_with(|| {
                    points.push(grid.vertex(corner));
                    points.len() - 1
                });
            }
            tets.push(tet);
        }
    }
    let (mesh, _) = TetMesh::new(points, tets)?;
    let components = face_components(&mesh);
    Ok(VoxelMesh { mesh, cell_size: grid.h, cells, components })
}

/// Number of pieces of tets connected through shared faces (union-find over face neighbours).
pub fn face_components(mesh: &TetMesh) -> usize {
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut parent: Vec<usize> = (0..mesh.t()).collect();
    for (t, other) in mesh.face_neighbours() {
        let (a, b) = (root(&mut parent, t), root(&mut parent, other));
        parent[a.max(b)] = a.min(b);
    }
    (0..mesh.t()).filter(|&t| root(&mut parent, t) == t).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::soup::surfaces::{cube_surface, icosphere};
    use crate::mesh::tet_mesh::signed_volume;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashMap;

    fn total_volume(m: &TetMesh) -> f64 {
        (0..m.t()).map(|t| m.volume(t)).sum()
    }

    /// Brute force: is `p` in (or on) some tet?
    fn covered(m: &TetMesh, p: [f64; 3]) -> bool {
        m.tets.iter().any(|t| {
            let x = t.map(|i| m.vertices[i]);
            let v = signed_volume(x[0], x[1], x[2], x[3]);
            let b = [
                signed_volume(p, x[1], x[2], x[3]),
                signed_volume(x[0], p, x[2], x[3]),
                signed_volume(x[0], x[1], p, x[3]),
                signed_volume(x[0], x[1], x[2], p),
            ];
            b.iter().all(|&bi| bi / v >= -1e-9)
        })
    }

    /// Conformity: no face is shared by more than two tets; the boundary is closed and consistently
    /// oriented (every directed boundary edge is matched by its reverse), and encloses the tets' volume.
    /// Returns how many boundary faces use each undirected boundary edge.
    fn check_conforming(m: &TetMesh) -> HashMap<(usize, usize), usize> {
        let mut faces: HashMap<[usize; 3], usize> = HashMap::new();
        for t in &m.tets {
            for skip in 0..4 {
                let mut f: Vec<usize> = (0..4).filter(|&c| c != skip).map(|c| t[c]).collect();
                f.sort_unstable();
                *faces.entry([f[0], f[1], f[2]]).or_insert(0) += 1;
            }
        }
        assert!(faces.values().all(|&c| c <= 2));
        let boundary = m.boundary_faces();
        assert_eq!(boundary.len(), faces.values().filter(|&&c| c == 1).count());
        let mut directed: HashMap<(usize, usize), i64> = HashMap::new();
        let mut undirected: HashMap<(usize, usize), usize> = HashMap::new();
        for f in &boundary {
            for k in 0..3 {
                let (a, b) = (f[k], f[(k + 1) % 3]);
                *directed.entry((a.min(b), a.max(b))).or_insert(0) += if a < b { 1 } else { -1 };
                *undirected.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
        }
        assert!(directed.values().all(|&d| d == 0), "boundary not closed and oriented");
        let enclosed: f64 = boundary
            .iter()
            .map(|f| signed_volume([0.0; 3], m.vertices[f[0]], m.vertices[f[1]], m.vertices[f[2]]))
            .sum();
        assert!((enclosed - total_volume(m)).abs() < 1e-9 * total_volume(m));
        undirected
    }

    #[test]
    fn a_closed_cube_fills_to_within_one_cell() {
        let (v, t) = cube_surface(3, 1.0);
        for resolution in [5, 10, 17] {
            let r = voxel_tet_mesh(&v, &t, &VoxelSettings { resolution, threshold: 0.5 }).unwrap();
            let h = r.cell_size;
            assert!((h - 1.0 / resolution as f64).abs() < 1e-15);
            assert_eq!(r.mesh.t(), 6 * r.cells);
            let vol = total_volume(&r.mesh);
            assert!(vol >= 1.0 - 1e-9 && vol <= (1.0 + 2.0 * h).powi(3) + 1e-9, "{resolution}: {vol}");
            assert_eq!(r.components, 1);
            // a closed box of cells is a manifold union of cubes: two boundary faces per boundary edge
            assert!(check_conforming(&r.mesh).values().all(|&c| c == 2));
            assert!(v.iter().all(|&p| covered(&r.mesh, p)));
        }
    }

    #[test]
    fn a_sphere_fills_between_its_inner_and_outer_shells() {
        let (v, t) = icosphere(3, 1.0);
        // the polyhedron's inscribed radius: its faces' smallest distance from the centre
        let inner = t
            .iter()
            .map(|f| {
                let n = cross(sub(v[f[1]], v[f[0]]), sub(v[f[2]], v[f[0]]));
                dot(n, v[f[0]]) / dot(n, n).sqrt()
            })
            .fold(f64::INFINITY, f64::min);
        let r = voxel_tet_mesh(&v, &t, &VoxelSettings { resolution: 16, threshold: 0.5 }).unwrap();
        let h = r.cell_size;
        let ball = |radius: f64| 4.0 / 3.0 * std::f64::consts::PI * radius.powi(3);
        let vol = total_volume(&r.mesh);
        // every point deeper than a half cell diagonal has its cell's centre inside; every kept cell is
        // within a cell diagonal of the surface or inside it
        assert!(vol >= ball(inner - 0.5 * 3f64.sqrt() * h), "{vol}");
        assert!(vol <= ball(1.0 + 3f64.sqrt() * h), "{vol}");
        assert_eq!(r.components, 1);
        check_conforming(&r.mesh);
        assert!(v.iter().all(|&p| covered(&r.mesh, p)));
    }

    #[test]
    fn open_and_holey_cubes_stay_in_one_piece() {
        let (v, t) = cube_surface(4, 1.0);
        let open: Vec<[usize; 3]> =
            t.iter().copied().filter(|f| !f.iter().all(|&i| v[i][2] == 1.0)).collect();
        let holey: Vec<[usize; 3]> =
            t.iter().copied().enumerate().filter(|(i, _)| i % 5 != 0).map(|(_, f)| f).collect();
        for soup in [open, holey] {
            let r = voxel_tet_mesh(&v, &soup, &VoxelSettings { resolution: 12, threshold: 0.5 }).unwrap();
            assert_eq!(r.components, 1);
            check_conforming(&r.mesh);
            assert!(v.iter().all(|&p| covered(&r.mesh, p)));
            // the inside is still filled: at least every cell more than one cell deep
            let vol = total_volume(&r.mesh);
            let h = r.cell_size;
            assert!(vol >= (1.0 - 2.0 * h).powi(3), "{vol}");
        }
    }

    #[test]
    fn any_soup_gives_a_conforming_mesh_holding_every_vertex() {
        let mut rng = StdRng::seed_from_u64(4);
        let v: Vec<[f64; 3]> = (0..90).map(|_| [0; 3].map(|_| rng.random_range(0.0..1.0))).collect();
        let t: Vec<[usize; 3]> = (0..30).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
        let settings = VoxelSettings { resolution: 9, threshold: 0.5 };
        let r = voxel_tet_mesh(&v, &t, &settings).unwrap();
        // the boundary of any conforming tet mesh is closed, though edges may be shared by 4 faces here
        check_conforming(&r.mesh);
        assert!(v.iter().all(|&p| covered(&r.mesh, p)));
        assert!(r.components >= 1);
        // deterministic
        assert_eq!(voxel_tet_mesh(&v, &t, &settings).unwrap(), r);
        // a soup of one flat triangle still gets a slab of cells around it
        let flat = voxel_tet_mesh(&v[..3], &[[0, 1, 2]], &settings).unwrap();
        assert_eq!(flat.components, 1);
        assert!(v[..3].iter().all(|&p| covered(&flat.mesh, p)));
    }

    #[test]
    fn the_separating_axis_test_agrees_with_sampling() {
        // a triangle touches the cube iff some point of it is in the cube; sample densely to check
        let mut rng = StdRng::seed_from_u64(8);
        let mut hits = 0;
        for _ in 0..300 {
            let t: [[f64; 3]; 3] = [0; 3].map(|_| [0; 3].map(|_| rng.random_range(-1.5..1.5)));
            let exact = triangle_touches_cube(t, [0.0; 3], 0.5);
            let n = 120;
            let mut sampled = false;
            for a in 0..=n {
                for b in 0..=n - a {
                    let (u, w) = (a as f64 / n as f64, b as f64 / n as f64);
                    let p = [0, 1, 2].map(|c| (1.0 - u - w) * t[0][c] + u * t[1][c] + w * t[2][c]);
                    sampled |= p.iter().all(|x| x.abs() <= 0.5);
                }
            }
            // sampling can only miss a touch (a sliver inside the cube between samples)
            assert!(!sampled || exact);
            if exact && !sampled {
                // confirm it is close: the triangle reaches within a sampling step of the cube
                let inflated = triangle_touches_cube(t, [0.0; 3], 0.5 - 0.05);
                assert!(!inflated, "SAT says touching, sampling finds no point well inside");
            }
            hits += exact as usize;
        }
        assert!(hits > 30 && hits < 270, "{hits}");
    }

    #[test]
    fn bad_input_is_refused() {
        let (v, t) = cube_surface(1, 1.0);
        let s = |resolution| VoxelSettings { resolution, threshold: 0.5 };
        assert_eq!(voxel_tet_mesh(&v, &t, &s(0)), Err(GeometryError::Resolution(0)));
        assert_eq!(voxel_tet_mesh(&v, &t, &s(513)), Err(GeometryError::Resolution(513)));
        assert_eq!(
            voxel_tet_mesh(&v, &t, &VoxelSettings { resolution: 4, threshold: f64::NAN })
                .unwrap_err()
                .to_string(),
            "winding-number threshold NaN must be finite"
        );
        assert_eq!(voxel_tet_mesh(&v, &[], &s(4)), Err(GeometryError::NoTriangles));
        let same = vec![[1.0, 2.0, 3.0]; 3];
        assert_eq!(voxel_tet_mesh(&same, &[[0, 1, 2]], &s(4)), Err(GeometryError::Extent(0.0)));
    }

    /// Timing check, not a test: `cargo test -p avatar-sim --lib voxelize::tests::timing -- --ignored`.
    #[test]
    #[ignore]
    fn timing() {
        let (v, t) = icosphere(5, 1.0); // 20,480 triangles
        for resolution in [24, 48] {
            let start = std::time::Instant::now();
            let r = voxel_tet_mesh(&v, &t, &VoxelSettings { resolution, threshold: 0.5 }).unwrap();
            println!(
                "{} triangles at resolution {resolution}: {} cells, {} tets, {} components in {:?}",
                t.len(),
                r.cells,
                r.mesh.t(),
                r.components,
                start.elapsed()
            );
        }
    }
}
