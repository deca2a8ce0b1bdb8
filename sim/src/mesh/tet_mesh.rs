//! The tetrahedral mesh and its validation.
//!
//! [`TetMesh::new`] is the only constructor: it rejects non-finite coordinates, out-of-range or repeated
//! vertex indices, degenerate (near-zero volume) tets and unreferenced vertices with an error naming the
//! element, and fixes orientation so that every tet has positive signed volume (reporting how many it flipped).
//! Orientation is fixed per tet: file formats disagree on it and some writers do not keep it consistent.

/// A validated tetrahedral mesh: every tet has positive volume, every vertex is used.
#[derive(Clone, Debug, PartialEq)]
pub struct TetMesh {
    pub vertices: Vec<[f64; 3]>,
    pub tets: Vec<[usize; 4]>,
}

/// What [`TetMesh::new`] changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeshReport {
    /// Tets whose vertex order was swapped to make their volume positive.
    pub flipped: usize,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MeshError {
    #[error("the mesh has no tetrahedra")]
    Empty,
    #[error("vertex {vertex} has a non-finite coordinate {coords:?}")]
    NonFinite { vertex: usize, coords: [f64; 3] },
    #[error("tet {tet} refers to vertex {index}, but there are only {n} vertices")]
    IndexOutOfRange { tet: usize, index: usize, n: usize },
    #[error("tet {tet} uses vertex {index} twice")]
    RepeatedVertex { tet: usize, index: usize },
    #[error("tet {tet} is degenerate (volume {volume:e}, below {threshold:e})")]
    Degenerate { tet: usize, volume: f64, threshold: f64 },
    #[error("{count} vertices are not used by any tet (the first is vertex {first})")]
    Unreferenced { first: usize, count: usize },
}

/// Relative volume below which a tet counts as degenerate: `|vol| <= REL * diag³` (diag of the bounding box).
pub const DEGENERATE_REL_VOLUME: f64 = 1e-14;

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// Signed volume of the tet (a, b, c, d): positive when (b-a, c-a, d-a) is right-handed.
pub fn signed_volume(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> f64 {
    let (u, v, w) = (sub(b, a), sub(c, a), sub(d, a));
    let cross = [v[1] * w[2] - v[2] * w[1], v[2] * w[0] - v[0] * w[2], v[0] * w[1] - v[1] * w[0]];
    (u[0] * cross[0] + u[1] * cross[1] + u[2] * cross[2]) / 6.0
}

impl TetMesh {
    /// Validate and orient. See the module doc for what is rejected.
    pub fn new(
        vertices: Vec<[f64; 3]>,
        mut tets: Vec<[usize; 4]>,
    ) -> Result<(TetMesh, MeshReport), MeshError> {
        if tets.is_empty() {
            return Err(MeshError::Empty);
        }
        let n = vertices.len();
        for (vertex, p) in vertices.iter().enumerate() {
            if p.iter().any(|c| !c.is_finite()) {
                return Err(MeshError::NonFinite { vertex, coords: *p });
            }
        }
        let mut used = vec![false; n];
        for (tet, t) in tets.iter().enumerate() {
            for (i, &index) in t.iter().enumerate() {
                if index >= n {
                    return Err(MeshError::IndexOutOfRange { tet, index, n });
                }
                if t[..i].contains(&index) {
                    return Err(MeshError::RepeatedVertex { tet, index });
                }
                used[index] = true;
            }
        }
        if let Some(first) = used.iter().position(|u| !u) {
            let count = used.iter().filter(|u| !**u).count();
            return Err(MeshError::Unreferenced { first, count });
        }
        let (lo, hi) = bounding_box(&vertices);
        let diag = (0..3).map(|c| (hi[c] - lo[c]).powi(2)).sum::<f64>().sqrt();
        let threshold = DEGENERATE_REL_VOLUME * diag.powi(3);
        let mut report = MeshReport::default();
        for (tet, t) in tets.iter_mut().enumerate() {
            let volume = signed_volume(vertices[t[0]], vertices[t[1]], vertices[t[2]], vertices[t[3]]);
            // `!(a > b)` also catches NaN (coordinates finite but so large that the volume overflows).
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            if !(volume.abs() > threshold) || !threshold.is_finite() {
                return Err(MeshError::Degenerate { tet, volume, threshold });
            }
            if volume < 0.0 {
                t.swap(2, 3);
                report.flipped += 1;
            }
        }
        Ok((TetMesh { vertices, tets }, report))
    }

    /// Number of vertices `n`.
    pub fn n(&self) -> usize {
        self.vertices.len()
    }

    /// Number of tets `t`.
    pub fn t(&self) -> usize {
        self.tets.len()
    }

    /// The tets around each vertex as `(tet, corner)` pairs in tet order, CSR: vertex `v` owns
    /// `entries[offsets[v]..offsets[v + 1]]`.
    pub fn vertex_tets(&self) -> (Vec<usize>, Vec<(usize, usize)>) {
        let mut offsets = vec![0usize; self.n() + 1];
        for tet in &self.tets {
            for &v in tet {
                offsets[v + 1] += 1;
            }
        }
        for v in 0..self.n() {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut entries = vec![(0, 0); offsets[self.n()]];
        for (t, tet) in self.tets.iter().enumerate() {
            for (corner, &v) in tet.iter().enumerate() {
                entries[fill[v]] = (t, corner);
                fill[v] += 1;
            }
        }
        (offsets, entries)
    }

    /// Signed (here: positive) volume of tet `t`.
    pub fn volume(&self, t: usize) -> f64 {
        let [a, b, c, d] = self.tets[t].map(|i| self.vertices[i]);
        signed_volume(a, b, c, d)
    }

    /// Axis-aligned bounding box (min, max).
    pub fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        bounding_box(&self.vertices)
    }

    /// Pairs of tets sharing a face (faces used by exactly two tets), in no particular order.
    pub fn face_neighbours(&self) -> Vec<(usize, usize)> {
        use std::collections::HashMap;
        let mut faces: HashMap<[usize; 3], Vec<usize>> = HashMap::new();
        for (i, tet) in self.tets.iter().enumerate() {
            for skip in 0..4 {
                let mut f = [0; 3];
                let mut k = 0;
                for (j, &v) in tet.iter().enumerate() {
                    if j != skip {
                        f[k] = v;
                        k += 1;
                    }
                }
                f.sort_unstable();
                faces.entry(f).or_default().push(i);
            }
        }
        faces.values().filter_map(|tets| if let [a, b] = tets[..] { Some((a, b)) } else { None }).collect()
    }

    /// Boundary faces (triangles used by exactly one tet), oriented outwards.
    pub fn boundary_faces(&self) -> Vec<[usize; 3]> {
        use std::collections::HashMap;
        // Faces of a positively oriented tet (a, b, c, d), each listed with outward orientation.
        const FACES: [[usize; 3]; 4] = [[1, 2, 3], [0, 3, 2], [0, 1, 3], [0, 2, 1]];
        let mut count: HashMap<[usize; 3], (usize, [usize; 3])> = HashMap::new();
        for t in &self.tets {
            for f in FACES {
                let face = f.map(|i| t[i]);
                let mut key = face;
                key.sort_unstable();
                count.entry(key).and_modify(|e| e.0 += 1).or_insert((1, face));
            }
        }
        let mut faces: Vec<[usize; 3]> =
            count.into_values().filter(|(c, _)| *c == 1).map(|(_, f)| f).collect();
        faces.sort_unstable();
        faces
    }
}

fn bounding_box(v: &[[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in v {
        for c in 0..3 {
            lo[c] = lo[c].min(p[c]);
            hi[c] = hi[c].max(p[c]);
        }
    }
    (lo, hi)
}

/// Procedural meshes for tests and benchmarks.
pub mod shapes {
    use crate::TetMesh;

    /// The Kuhn (Freudenthal) split of a cube into 6 tets: one tet per monotone lattice path from corner
    /// (0,0,0) to (1,1,1), listed as the order in which the path steps along the axes. Every cube of a grid
    /// split this way shares the (0,0,0)-(1,1,1) diagonal direction, so neighbouring cubes split their common
    /// face along the same diagonal and the tets conform.
    pub const KUHN_PATHS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

    /// An axis-aligned box `[0,sx]×[0,sy]×[0,sz]` of `nx×ny×nz` cells, each split into 6 tets (Kuhn/Freudenthal
    /// subdivision, conforming across cells).
    pub fn box_mesh(nx: usize, ny: usize, nz: usize, size: [f64; 3]) -> TetMesh {
        let idx = |i: usize, j: usize, k: usize| (k * (ny + 1) + j) * (nx + 1) + i;
        let mut vertices = Vec::with_capacity((nx + 1) * (ny + 1) * (nz + 1));
        for k in 0..=nz {
            for j in 0..=ny {
                for i in 0..=nx {
                    vertices.push([
                        size[0] * i as f64 / nx as f64,
                        size[1] * j as f64 / ny as f64,
                        size[2] * k as f64 / nz as f64,
                    ]);
                }
            }
        }
        let mut tets = Vec::with_capacity(6 * nx * ny * nz);
        for k in 0..nz {
            for j in 0..ny {
                for i in 0..nx {
                    for path in KUHN_PATHS {
                        let mut c = [i, j, k];
                        let mut tet = [idx(c[0], c[1], c[2]); 4];
                        for (s, axis) in path.iter().enumerate() {
                            c[*axis] += 1;
                            tet[s + 1] = idx(c[0], c[1], c[2]);
                        }
                        tets.push(tet);
                    }
                }
            }
        }
        TetMesh::new(vertices, tets).expect("box mesh is valid").0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_tet() -> (Vec<[f64; 3]>, Vec<[usize; 4]>) {
        (vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], vec![[0, 1, 2, 3]])
    }

    #[test]
    fn orientation_is_fixed_and_reported() {
        let (v, _) = unit_tet();
        let (m, r) = TetMesh::new(v, vec![[0, 2, 1, 3]]).unwrap();
        assert_eq!(r.flipped, 1);
        assert!((m.volume(0) - 1.0 / 6.0).abs() < 1e-15);
    }

    #[test]
    fn bad_meshes_are_refused_naming_the_element() {
        let (v, t) = unit_tet();
        let mut nan = v.clone();
        nan[2][1] = f64::NAN;
        assert!(matches!(TetMesh::new(nan, t.clone()), Err(MeshError::NonFinite { vertex: 2, .. })));
        assert_eq!(
            TetMesh::new(v.clone(), vec![[0, 1, 2, 7]]),
            Err(MeshError::IndexOutOfRange { tet: 0, index: 7, n: 4 })
        );
        assert_eq!(
            TetMesh::new(v.clone(), vec![[0, 1, 1, 3]]),
            Err(MeshError::RepeatedVertex { tet: 0, index: 1 })
        );
        let mut flat = v.clone();
        flat[3] = [0.3, 0.3, 0.0];
        assert!(matches!(TetMesh::new(flat, t.clone()), Err(MeshError::Degenerate { tet: 0, .. })));
        let mut extra = v.clone();
        extra.push([5.0, 5.0, 5.0]);
        assert_eq!(TetMesh::new(extra, t), Err(MeshError::Unreferenced { first: 4, count: 1 }));
        assert_eq!(TetMesh::new(v, vec![]), Err(MeshError::Empty));
        // finite coordinates whose volume overflows to NaN
        let huge = vec![[0.0, 0.0, 0.0], [1e308, 1e308, 0.0], [1e308, 0.0, 1e308], [0.0, 1e308, 1e308]];
        assert!(matches!(TetMesh::new(huge, vec![[0, 1, 2, 3]]), Err(MeshError::Degenerate { tet: 0, .. })));
    }

    #[test]
    fn box_mesh_fills_its_volume_and_has_a_closed_boundary() {
        let m = shapes::box_mesh(3, 2, 4, [1.5, 1.0, 2.0]);
        assert_eq!(m.t(), 6 * 24);
        let total: f64 = (0..m.t()).map(|t| m.volume(t)).sum();
        assert!((total - 3.0).abs() < 1e-12);
        assert!((0..m.t()).all(|t| m.volume(t) > 0.0));
        // boundary quads: 2*(3*2 + 3*4 + 2*4) = 52, two triangles each
        let faces = m.boundary_faces();
        assert_eq!(faces.len(), 104);
        // outward: the divergence theorem gives the volume back from the boundary alone
        let vol: f64 = faces
            .iter()
            .map(|f| signed_volume([0.0; 3], m.vertices[f[0]], m.vertices[f[1]], m.vertices[f[2]]))
            .sum();
        assert!((vol - 3.0).abs() < 1e-12, "{vol}");
    }
}
