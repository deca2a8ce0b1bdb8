//! Penalty collisions for quasistatic flesh (paper 002, §3 "Penalty-based collisions", §5.2).
//!
//! Collision *proxies* are mesh vertices (the solver passes the free surface vertices). Each detection pass
//! turns every colliding proxy into a zero-rest-length penalty spring (Eq. 2: `f = −k (x_p − x_target)`),
//! which the solver keeps fixed for one Newton iteration; with the springs fixed the collision terms are
//! linear, so their force and stiffness (the `f_b^coll`, `K_b^coll` of §5.2) are exact.
//!
//! - **External obstacles** are kinematic level sets ([`LevelSet`]: plane, sphere, capsule): a proxy with
//!   `φ(x_p) < 0` is attracted to its closest point on the obstacle's surface ([`Target::Point`]).
//! - **Self-collision** ([`SelfCollision`]): a proxy found inside a deformed tet that is not one of its own is
//!   mapped to rest space with that tet's barycentric weights, projected onto the rest boundary surface
//!   (exact closest point over the boundary triangles, the proxy's own triangles excluded) and attracted to
//!   where that surface point is now ([`Target::Surface`], which moves with its three vertices and receives
//!   the opposite force, distributed barycentrically).
//!
//! Positions are vertex-major `&[[f64; 3]]`, one entry per mesh vertex (deformed configuration).
//!
//! # Obstacle syntax (CLI)
//! One obstacle per spec, `kind:` followed by comma-separated numbers (spaces around them are allowed):
//! - `plane:px,py,pz,nx,ny,nz`: the plane through `p` with normal `n` (any non-zero length).
//!   The obstacle is the half-space *behind* the plane: `φ(x) = (x − p)·n̂`, so `n` points into free space.
//!   A floor at `y = 0` is `plane:0,0,0,0,1,0`.
//! - `sphere:cx,cy,cz,r`: the solid ball, `φ(x) = |x − c| − r`.
//! - `capsule:ax,ay,az,bx,by,bz,r`: the points within `r` of the segment `ab`, `φ(x) = dist(x, ab) − r`
//!   (`a = b` is a ball).
//!
//! Every number must be finite and radii positive. [`LevelSet`]'s `Display` writes this syntax back, exactly
//! (shortest round-trip float formatting), so `LevelSet::parse(&s.to_string()) == Ok(s)` for parsed values.

use crate::geometry::aabb_tree::{Aabb, Bvh};
use crate::geometry::soup::{
    add, closest_on_segment, closest_on_triangle, cross, dist2, dot, lerp3, norm, scale, sub,
};
use crate::mesh::tet_mesh::{signed_volume, TetMesh};
use rayon::prelude::*;
use std::fmt;

/// Boundary triangles per BVH leaf.
const FACE_LEAF: usize = 4;

/// Tets per BVH leaf. Larger leaves make the per-call refit cheaper (fewer nodes, and a leaf's tets share
/// most of their vertices) at the price of more point-in-tet tests per probe.
const TET_LEAF: usize = 8;

/// Relative tolerance of the self-collision test: barycentric weights down to `−INSIDE_EPS` still contain a
/// point (rounding on shared faces), and a rest-space image within `INSIDE_EPS` × the tet's size of the rest
/// surface is on it (touching, not penetrating).
const INSIDE_EPS: f64 = 1e-9;

// ---------------------------------------------------------------------------------------------------------
// springs

/// Where a collision spring pulls its proxy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A fixed point in space (external obstacle).
    Point([f64; 3]),
    /// A point embedded in a boundary triangle, `Σ bary_j x[tri_j]`: it moves with those vertices and receives
    /// the opposite force (self-collision).
    Surface { tri: [usize; 3], bary: [f64; 3] },
}

impl Target {
    /// The target's current location for positions `x`.
    pub fn position(&self, x: &[[f64; 3]]) -> [f64; 3] {
        match *self {
            Target::Point(p) => p,
            Target::Surface { tri, bary } => lerp3(tri.map(|v| x[v]), bary),
        }
    }
}

/// A zero-rest-length penalty spring between a proxy vertex and its target (Eq. 2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    /// The proxy's vertex index.
    pub proxy: usize,
    pub target: Target,
    /// Penetration depth at detection (`≥ 0`): `−φ` for an obstacle, `|x_p − target|` for self-collision.
    pub depth: f64,
}

impl Spring {
    /// The spring's extension `x_p − target(x)`.
    pub fn gap(&self, x: &[[f64; 3]]) -> [f64; 3] {
        sub(x[self.proxy], self.target.position(x))
    }

    /// The extension's dependence on the positions: `gap = Σ_i c_i x[v_i] + const`, `(v_i, c_i)` in
    /// `terms[..len]` (the proxy with `+1`, then a surface target's vertices with `−bary_j`).
    fn stencil(&self) -> ([(usize, f64); 4], usize) {
        let mut terms = [(self.proxy, 1.0), (0, 0.0), (0, 0.0), (0, 0.0)];
        match self.target {
            Target::Point(_) => (terms, 1),
            Target::Surface { tri, bary } => {
                for j in 0..3 {
                    terms[j + 1] = (tri[j], -bary[j]);
                }
                (terms, 4)
            }
        }
    }
}

/// Total spring energy `Σ k/2 |x_p − target(x)|²` (a surface target moves with its vertices).
pub fn spring_energy(springs: &[Spring], k: f64, x: &[[f64; 3]]) -> f64 {
    springs
        .iter()
        .map(|s| {
            let g = s.gap(x);
            0.5 * k * dot(g, g)
        })
        .sum()
}

/// `f −= ∇E`: the proxy gets `−k (x_p − t)` (Eq. 2) and each vertex of a surface target `+k bary_j (x_p − t)`.
pub fn add_spring_forces(springs: &[Spring], k: f64, x: &[[f64; 3]], f: &mut [[f64; 3]]) {
    for s in springs {
        let g = s.gap(x);
        let (terms, len) = s.stencil();
        for &(v, c) in &terms[..len] {
            f[v] = sub(f[v], scale(k * c, g));
        }
    }
}

/// `y += H w` with `H = ∇²E`, which is constant while the springs are fixed: per spring `k a aᵀ ⊗ I₃` with
/// `a` the stencil of [`Spring::gap`], so symmetric positive semi-definite (the `K_b^coll` of §5.2 with the
/// stiffness-as-PSD sign convention).
pub fn add_spring_hessian_apply(springs: &[Spring], k: f64, w: &[[f64; 3]], y: &mut [[f64; 3]]) {
    for s in springs {
        let (terms, len) = s.stencil();
        let mut aw = [0.0; 3];
        for &(v, c) in &terms[..len] {
            aw = add(aw, scale(c, w[v]));
        }
        for &(v, c) in &terms[..len] {
            y[v] = add(y[v], scale(k * c, aw));
        }
    }
}

/// `diag += diag(H)`: the exact diagonal of [`add_spring_hessian_apply`]'s `H`. Each spring's 3×3 diagonal
/// blocks are multiples of `I₃` (`k a_v² I₃`; `k` for the proxy, `k bary_j²` for a target vertex when the
/// indices are distinct), so this is also the exact block diagonal, for Jacobi or block-Jacobi.
pub fn add_spring_diagonal(springs: &[Spring], k: f64, diag: &mut [[f64; 3]]) {
    for s in springs {
        let (terms, len) = s.stencil();
        // merge repeated vertices so that a_v is the full coefficient of x[v]
        for i in 0..len {
            let v = terms[i].0;
            if terms[..i].iter().any(|t| t.0 == v) {
                continue;
            }
            let a: f64 = terms[i..len].iter().filter(|t| t.0 == v).map(|t| t.1).sum();
            diag[v] = add(diag[v], [k * a * a; 3]);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// external obstacles

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CollideError {
    #[error("obstacle {0:?} has no kind: expected plane:px,py,pz,nx,ny,nz, sphere:cx,cy,cz,r or capsule:ax,ay,az,bx,by,bz,r")]
    NoKind(String),
    #[error("unknown obstacle kind {0:?}: expected plane, sphere or capsule")]
    UnknownKind(String),
    #[error("{kind} takes {expected} numbers ({layout}), got {got}")]
    Count { kind: &'static str, layout: &'static str, expected: usize, got: usize },
    #[error("{kind} number {index} ({text:?}) is not a number")]
    Number { kind: &'static str, index: usize, text: String },
    #[error("{kind} number {index} is {value}, must be finite")]
    NonFinite { kind: &'static str, index: usize, value: f64 },
    #[error("plane normal {0:?} must have a non-zero, finite length")]
    Normal([f64; 3]),
    #[error("{kind} radius {radius} must be positive")]
    Radius { kind: &'static str, radius: f64 },
}

/// A kinematic obstacle as a signed distance `φ` (negative inside the obstacle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelSet {
    /// The half-space behind the plane through `point`; `normal` points into free space (need not be unit).
    Plane {
        point: [f64; 3],
        normal: [f64; 3],
    },
    Sphere {
        centre: [f64; 3],
        radius: f64,
    },
    /// The points within `radius` of the segment `ab`.
    Capsule {
        a: [f64; 3],
        b: [f64; 3],
        radius: f64,
    },
}

impl LevelSet {
    /// Signed distance to the obstacle's surface, negative inside.
    pub fn phi(&self, x: [f64; 3]) -> f64 {
        match *self {
            LevelSet::Plane { point, normal } => dot(sub(x, point), normal) / norm(normal),
            LevelSet::Sphere { centre, radius } => norm(sub(x, centre)) - radius,
            LevelSet::Capsule { a, b, radius } => {
                let q = add(a, scale(closest_on_segment(x, a, b), sub(b, a)));
                norm(sub(x, q)) - radius
            }
        }
    }

    /// The closest point of the obstacle's surface to `x` (inside or out). Where that is not unique, one of
    /// them: at a sphere's centre the one in direction `+y`, on a capsule's axis the one in direction
    /// `axis × e` (`e` the coordinate axis least aligned with the axis, normalised).
    pub fn closest(&self, x: [f64; 3]) -> [f64; 3] {
        match *self {
            LevelSet::Plane { point, normal } => {
                let n = scale(1.0 / norm(normal), normal);
                sub(x, scale(dot(sub(x, point), n), n))
            }
            LevelSet::Sphere { centre, radius } => {
                let d = sub(x, centre);
                let l = norm(d);
                let dir = if l > 0.0 { scale(1.0 / l, d) } else { [0.0, 1.0, 0.0] };
                add(centre, scale(radius, dir))
            }
            LevelSet::Capsule { a, b, radius } => {
                let q = add(a, scale(closest_on_segment(x, a, b), sub(b, a)));
                let d = sub(x, q);
                let l = norm(d);
                let dir = if l > 0.0 { scale(1.0 / l, d) } else { perpendicular(sub(b, a)) };
                add(q, scale(radius, dir))
            }
        }
    }

    /// Parse the CLI syntax of the module doc (`plane:…`, `sphere:…`, `capsule:…`). Values are stored as
    /// written (a plane's normal too: [`LevelSet::phi`] divides by its length), so `Display` round-trips.
    pub fn parse(spec: &str) -> Result<LevelSet, CollideError> {
        let (kind, rest) = spec.split_once(':').ok_or_else(|| CollideError::NoKind(spec.to_string()))?;
        let (kind, expected, layout): (&'static str, usize, &'static str) = match kind.trim() {
            "plane" => ("plane", 6, "px,py,pz,nx,ny,nz"),
            "sphere" => ("sphere", 4, "cx,cy,cz,r"),
            "capsule" => ("capsule", 7, "ax,ay,az,bx,by,bz,r"),
            other => return Err(CollideError::UnknownKind(other.to_string())),
        };
        let fields: Vec<&str> = rest.split(',').collect();
        if fields.len() != expected {
            return Err(CollideError::Count { kind, layout, expected, got: fields.len() });
        }
        let mut v = Vec::with_capacity(expected);
        for (i, text) in fields.iter().enumerate() {
            let index = i + 1;
            let value: f64 = text.trim().parse().map_err(|_| CollideError::Number {
                kind,
                index,
                text: text.trim().to_string(),
            })?;
            if !value.is_finite() {
                return Err(CollideError::NonFinite { kind, index, value });
            }
            v.push(value);
        }
        let radius = |radius: f64| {
            if radius > 0.0 {
                Ok(radius)
            } else {
                Err(CollideError::Radius { kind, radius })
            }
        };
        Ok(match kind {
            "plane" => {
                let normal = [v[3], v[4], v[5]];
                let l = norm(normal);
                if !(l > 0.0 && l.is_finite()) {
                    return Err(CollideError::Normal(normal));
                }
                LevelSet::Plane { point: [v[0], v[1], v[2]], normal }
            }
            "sphere" => LevelSet::Sphere { centre: [v[0], v[1], v[2]], radius: radius(v[3])? },
            _ => LevelSet::Capsule { a: [v[0], v[1], v[2]], b: [v[3], v[4], v[5]], radius: radius(v[6])? },
        })
    }
}

impl std::str::FromStr for LevelSet {
    type Err = CollideError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        LevelSet::parse(s)
    }
}

impl fmt::Display for LevelSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LevelSet::Plane { point: p, normal: n } => {
                write!(f, "plane:{},{},{},{},{},{}", p[0], p[1], p[2], n[0], n[1], n[2])
            }
            LevelSet::Sphere { centre: c, radius } => {
                write!(f, "sphere:{},{},{},{}", c[0], c[1], c[2], radius)
            }
            LevelSet::Capsule { a, b, radius } => {
                write!(f, "capsule:{},{},{},{},{},{},{}", a[0], a[1], a[2], b[0], b[1], b[2], radius)
            }
        }
    }
}

/// A unit vector perpendicular to `u` (any unit vector for `u = 0`).
fn perpendicular(u: [f64; 3]) -> [f64; 3] {
    let least = (0..3).fold(0, |m, c| if u[c].abs() < u[m].abs() { c } else { m });
    let mut e = [0.0; 3];
    e[least] = 1.0;
    let p = cross(u, e);
    let l = norm(p);
    if l > 0.0 {
        scale(1.0 / l, p)
    } else {
        [0.0, 1.0, 0.0]
    }
}

/// Springs for proxies inside obstacles: each proxy with `φ < 0` for an obstacle gets one spring to that
/// obstacle's closest surface point (one per obstacle it is inside, their energies add), `depth = −φ`.
pub fn detect_external(obstacles: &[LevelSet], proxies: &[usize], x: &[[f64; 3]], out: &mut Vec<Spring>) {
    for &p in proxies {
        for o in obstacles {
            let phi = o.phi(x[p]);
            if phi < 0.0 {
                out.push(Spring { proxy: p, target: Target::Point(o.closest(x[p])), depth: -phi });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// self-collision

/// Self-collision detection for one tet mesh and one proxy set (paper 002 §3, after Teran et al. 2005 and
/// McAdams et al. 2011).
///
/// Per call, a proxy `p` is *inside* when some deformed tet not incident to `p` contains `x_p` (all its
/// barycentric weights `> −INSIDE_EPS`) and the rest-space image `X_in` is not on the rest boundary (its
/// distance to the rest surface is above `INSIDE_EPS` times the tet's size). So a proxy exactly on a face or
/// edge shared by tets (weights ~0) still counts, while one merely touching the surface does not. Of several
/// containing tets the one where `x_p` lies deepest (largest smallest weight; ties to the lowest tet index)
/// is used, so the result does not depend on the traversal.
///
/// Search structure: a BVH over **all** tets (a proxy may be pushed deeper than the boundary layer), built
/// once over the rest boxes; every call only refits its node boxes to the deformed vertices (leaves from
/// their distinct vertices in parallel, then one serial pass over the inner nodes), which keeps the search
/// exact while the tree's grouping stays that of the rest shape, a good fit for flesh (looser boxes under
/// large deformation cost time, never results). The rest-surface projection uses a BVH over the rest
/// boundary triangles, built once.
#[derive(Clone, Debug)]
pub struct SelfCollision {
    rest: Vec<[f64; 3]>,
    /// The tets in the tet tree's order (`tets[i]` is mesh tet `tet_bvh.order[i]`), so that a leaf's tets are
    /// contiguous.
    tets: Vec<[u32; 4]>,
    proxies: Vec<usize>,
    /// The tet tree's topology (built over the rest boxes); its node boxes are refit per call.
    tet_bvh: Bvh,
    /// Leaf index of each node (`u32::MAX` for inner nodes).
    leaf_of_node: Vec<u32>,
    /// The distinct vertices of each leaf's tets, CSR: leaf `l` owns
    /// `leaf_vertices[leaf_offsets[l]..leaf_offsets[l + 1]]`.
    leaf_offsets: Vec<usize>,
    leaf_vertices: Vec<u32>,
    faces: Vec<[usize; 3]>,
    face_boxes: Vec<Aabb>,
    face_bvh: Bvh,
}

impl SelfCollision {
    /// Prepare the rest mesh (boundary triangles, their BVH, the tet BVH's topology) for the given proxies.
    /// Panics if a proxy is not a vertex of the mesh.
    pub fn new(mesh: &TetMesh, proxies: &[usize]) -> Self {
        if let Some(&p) = proxies.iter().find(|&&p| p >= mesh.n()) {
            panic!("collision proxy {p} is not a vertex of the mesh ({} vertices)", mesh.n());
        }
        assert!(u32::try_from(mesh.n()).is_ok(), "more vertices than 32-bit indices hold");
        let faces = mesh.boundary_faces();
        let tet_boxes: Vec<Aabb> =
            mesh.tets.par_iter().map(|t| Aabb::around(&t.map(|v| mesh.vertices[v]))).collect();
        let tet_bvh = Bvh::new(&tet_boxes, TET_LEAF);
        let tets: Vec<[u32; 4]> = tet_bvh.order.iter().map(|&t| mesh.tets[t].map(|v| v as u32)).collect();
        let mut leaf_of_node = vec![u32::MAX; tet_bvh.nodes.len()];
        let (mut leaf_offsets, mut leaf_vertices) = (vec![0], Vec::new());
        for (id, node) in tet_bvh.nodes.iter().enumerate() {
            if node.children.is_none() {
                leaf_of_node[id] = (leaf_offsets.len() - 1) as u32;
                let start = leaf_vertices.len();
                for t in &tets[node.start..node.end] {
                    leaf_vertices.extend(t);
                }
                leaf_vertices[start..].sort_unstable();
                let mut keep = start;
                for i in start..leaf_vertices.len() {
                    if i == start || leaf_vertices[i] != leaf_vertices[keep - 1] {
                        leaf_vertices[keep] = leaf_vertices[i];
                        keep += 1;
                    }
                }
                leaf_vertices.truncate(keep);
                leaf_offsets.push(keep);
            }
        }
        let face_boxes: Vec<Aabb> =
            faces.iter().map(|f| Aabb::around(&f.map(|v| mesh.vertices[v]))).collect();
        SelfCollision {
            rest: mesh.vertices.clone(),
            tets,
            proxies: proxies.to_vec(),
            tet_bvh,
            leaf_of_node,
            leaf_offsets,
            leaf_vertices,
            face_bvh: Bvh::new(&face_boxes, FACE_LEAF),
            faces,
            face_boxes,
        }
    }

    /// The proxies, as given.
    pub fn proxies(&self) -> &[usize] {
        &self.proxies
    }

    /// The rest boundary triangles (outward), the candidates for [`Target::Surface`].
    pub fn boundary_faces(&self) -> &[[usize; 3]] {
        &self.faces
    }

    /// Append one spring per proxy found inside the flesh (see the type doc), in proxy order. The target is
    /// the closest rest-boundary point to the proxy's rest-space image (triangles incident to the proxy
    /// excluded), carried to the deformed configuration; `depth = |x_p − target(x)|`. Non-finite positions
    /// detect nothing where they occur. Panics if `x` does not have one entry per mesh vertex.
    pub fn detect(&self, x: &[[f64; 3]], out: &mut Vec<Spring>) {
        assert_eq!(x.len(), self.rest.len(), "positions must have one entry per mesh vertex");
        let node_boxes = self.refit(x);
        let found: Vec<Spring> =
            self.proxies.par_iter().filter_map(|&p| self.probe(p, x, &node_boxes)).collect();
        out.extend(found);
    }

    /// The largest penetration depth over the proxies found inside the flesh (0 if none) and how many are.
    pub fn max_penetration(&self, x: &[[f64; 3]]) -> (f64, usize) {
        let mut springs = Vec::new();
        self.detect(x, &mut springs);
        (springs.iter().map(|s| s.depth).fold(0.0, f64::max), springs.len())
    }

    /// The rest tree's node boxes refit around the deformed vertices: leaves from their vertex lists (in
    /// parallel), then inner nodes in one reverse pass (nodes are stored in pre-order, children after their
    /// parent).
    fn refit(&self, x: &[[f64; 3]]) -> Vec<Aabb> {
        let leaf_boxes: Vec<Aabb> = (0..self.leaf_offsets.len() - 1)
            .into_par_iter()
            .map(|l| {
                let mut bx = Aabb::EMPTY;
                for &v in &self.leaf_vertices[self.leaf_offsets[l]..self.leaf_offsets[l + 1]] {
                    bx.add_point(x[v as usize]);
                }
                bx
            })
            .collect();
        let nodes = &self.tet_bvh.nodes;
        let mut node_boxes = vec![Aabb::EMPTY; nodes.len()];
        for id in (0..nodes.len()).rev() {
            node_boxes[id] = match nodes[id].children {
                Some([a, b]) => {
                    let mut bx = node_boxes[a];
                    bx.add_box(&node_boxes[b]);
                    bx
                }
                None => leaf_boxes[self.leaf_of_node[id] as usize],
            };
        }
        node_boxes
    }

    /// The spring of proxy `p`, if it is inside a tet not its own.
    fn probe(&self, p: usize, x: &[[f64; 3]], node_boxes: &[Aabb]) -> Option<Spring> {
        let xp = x[p];
        // (position in `tets`, weights, smallest weight, mesh tet index)
        let mut best: Option<(usize, [f64; 4], f64, usize)> = None;
        let mut stack: Vec<usize> = Vec::with_capacity(64);
        if !node_boxes.is_empty() {
            stack.push(0);
        }
        while let Some(id) = stack.pop() {
            if !contains(&node_boxes[id], xp) {
                continue;
            }
            if let Some([a, b]) = self.tet_bvh.nodes[id].children {
                stack.push(b);
                stack.push(a);
                continue;
            }
            let node = &self.tet_bvh.nodes[id];
            for t in node.start..node.end {
                let tet = self.tets[t];
                if tet.contains(&(p as u32)) {
                    continue;
                }
                let corners = tet.map(|v| x[v as usize]);
                let Some((bary, m)) = weights_if_inside(&corners, xp) else { continue };
                // deepest first, ties to the lowest mesh index: independent of the traversal order
                let id = self.tet_bvh.order[t];
                if best.is_none_or(|b| m > b.2 || (m == b.2 && id < b.3)) {
                    best = Some((t, bary, m, id));
                }
            }
        }
        let (t, bary, _, _) = best?;
        // Map to rest space with the tet's weights (X_in), project onto the rest surface.
        let tet = self.tets[t];
        let mut rest_point = [0.0; 3];
        for i in 0..4 {
            rest_point = add(rest_point, scale(bary[i], self.rest[tet[i] as usize]));
        }
        let (tri, w, d2) = self.closest_rest_surface(p, rest_point)?;
        // X_in on the rest boundary: x_p only touches the surface (e.g. it lies on a boundary face of the tet)
        let rest_size = Aabb::around(&tet.map(|v| self.rest[v as usize]));
        let h = (0..3).map(|c| rest_size.hi[c] - rest_size.lo[c]).fold(0.0, f64::max);
        if d2.sqrt() <= INSIDE_EPS * h {
            return None;
        }
        let target = Target::Surface { tri, bary: w };
        let depth = norm(sub(xp, target.position(x)));
        Some(Spring { proxy: p, target, depth })
    }

    /// The closest point of the rest boundary to `q`, over the triangles not incident to `p`: the triangle,
    /// the weights on it and the squared distance.
    fn closest_rest_surface(&self, p: usize, q: [f64; 3]) -> Option<([usize; 3], [f64; 3], f64)> {
        let mut best: Option<(usize, [f64; 3], f64)> = None;
        self.face_bvh.search(q, f64::INFINITY, |f, bound| {
            let tri = self.faces[f];
            if tri.contains(&p) || self.face_boxes[f].dist2(q) > bound {
                return bound;
            }
            let c = tri.map(|v| self.rest[v]);
            let w = closest_on_triangle(q, c[0], c[1], c[2]);
            let d = dist2(q, lerp3(c, w));
            if best.is_none_or(|b| d < b.2) {
                best = Some((f, w, d));
            }
            best.map_or(bound, |b| b.2)
        });
        best.map(|(f, w, d2)| (self.faces[f], w, d2))
    }
}

/// The barycentric weights of `p` in the tet `c` and the smallest of them, if all are `> −INSIDE_EPS`
/// (`None` for a degenerate tet). Cheap rejections first: the tet's box, then one weight at a time.
fn weights_if_inside(c: &[[f64; 3]; 4], p: [f64; 3]) -> Option<([f64; 4], f64)> {
    for k in 0..3 {
        let (lo, hi) =
            c.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), q| (l.min(q[k]), h.max(q[k])));
        if !(lo <= p[k] && p[k] <= hi) {
            return None;
        }
    }
    let inv = 1.0 / signed_volume(c[0], c[1], c[2], c[3]);
    let mut w = [0.0; 4];
    for i in 0..4 {
        let mut q = *c;
        q[i] = p;
        w[i] = signed_volume(q[0], q[1], q[2], q[3]) * inv;
        // NaN: a collapsed tet
        if w[i].is_nan() || w[i] <= -INSIDE_EPS {
            return None;
        }
    }
    Some((w, w.iter().fold(f64::INFINITY, |m, &b| m.min(b))))
}

/// `p` in the closed box (false for NaN).
fn contains(b: &Aabb, p: [f64; 3]) -> bool {
    (0..3).all(|c| b.lo[c] <= p[c] && p[c] <= b.hi[c])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn close(a: [f64; 3], b: [f64; 3], tol: f64) -> bool {
        dist2(a, b).sqrt() <= tol
    }

    /// The vertices on the boundary surface, sorted.
    fn boundary_vertices(m: &TetMesh) -> Vec<usize> {
        let mut v: Vec<usize> = m.boundary_faces().into_iter().flatten().collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// `a` and `b` as one mesh with disjoint vertex sets, `b`'s rest copy moved by `shift`.
    fn merge(a: &TetMesh, b: &TetMesh, shift: [f64; 3]) -> TetMesh {
        let mut vertices = a.vertices.clone();
        vertices.extend(b.vertices.iter().map(|&p| add(p, shift)));
        let mut tets = a.tets.clone();
        tets.extend(b.tets.iter().map(|t| t.map(|v| v + a.n())));
        TetMesh::new(vertices, tets).unwrap().0
    }

    /// A random rotation (from a normalised random quaternion).
    fn rotation(rng: &mut StdRng) -> [[f64; 3]; 3] {
        let q: [f64; 4] = [0; 4].map(|_| rng.random_range(-1.0..1.0));
        let l = q.iter().map(|c| c * c).sum::<f64>().sqrt();
        let [w, x, y, z] = q.map(|c| c / l);
        [
            [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y)],
            [2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x)],
            [2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y)],
        ]
    }

    fn apply(r: &[[f64; 3]; 3], p: [f64; 3]) -> [f64; 3] {
        [dot(r[0], p), dot(r[1], p), dot(r[2], p)]
    }

    #[test]
    fn level_sets_match_hand_geometry() {
        let floor = LevelSet::Plane { point: [0.0, 1.0, 0.0], normal: [0.0, 2.0, 0.0] };
        assert!((floor.phi([3.0, 0.5, -2.0]) + 0.5).abs() < 1e-15);
        assert!((floor.phi([0.0, 4.0, 0.0]) - 3.0).abs() < 1e-15);
        assert!(close(floor.closest([3.0, 0.5, -2.0]), [3.0, 1.0, -2.0], 1e-15));
        let tilted = LevelSet::Plane { point: [0.0; 3], normal: [1.0, 1.0, 0.0] };
        assert!((tilted.phi([1.0, 0.0, 0.0]) - 0.5f64.sqrt()).abs() < 1e-15);
        assert!(close(tilted.closest([1.0, 0.0, 7.0]), [0.5, -0.5, 7.0], 1e-15));

        let ball = LevelSet::Sphere { centre: [1.0, 2.0, 3.0], radius: 2.0 };
        assert_eq!(ball.phi([1.0, 2.0, 3.0]), -2.0);
        assert_eq!(ball.phi([1.0, 2.0, 6.0]), 1.0);
        assert_eq!(ball.phi([1.0, 2.0, 4.0]), -1.0);
        assert!(close(ball.closest([1.0, 2.0, 4.0]), [1.0, 2.0, 5.0], 1e-15));
        assert!(close(ball.closest([1.0, 2.0, 3.0]), [1.0, 4.0, 3.0], 1e-15));

        let cap = LevelSet::Capsule { a: [0.0; 3], b: [4.0, 0.0, 0.0], radius: 1.0 };
        assert!((cap.phi([2.0, 0.5, 0.0]) + 0.5).abs() < 1e-15);
        assert!(close(cap.closest([2.0, 0.5, 0.0]), [2.0, 1.0, 0.0], 1e-15));
        // beyond the end caps the distance is to the end points
        assert!((cap.phi([-2.0, 0.0, 0.0]) - 1.0).abs() < 1e-15);
        assert!(close(cap.closest([-2.0, 0.0, 0.0]), [-1.0, 0.0, 0.0], 1e-15));
        assert!((cap.phi([5.0, 0.0, 0.5]) - (1.25f64.sqrt() - 1.0)).abs() < 1e-15);
        // on the axis: depth is the radius, the closest point is on the barrel
        assert_eq!(cap.phi([2.0, 0.0, 0.0]), -1.0);
        let c = cap.closest([2.0, 0.0, 0.0]);
        assert!((c[0] - 2.0).abs() < 1e-15 && (norm([0.0, c[1], c[2]]) - 1.0).abs() < 1e-15);

        // everywhere: the closest point is on the surface, |φ| away
        let mut rng = StdRng::seed_from_u64(3);
        let slanted = LevelSet::Capsule { a: [0.2, -1.0, 0.5], b: [1.0, 1.5, -0.3], radius: 0.7 };
        for o in [floor, tilted, ball, cap, slanted] {
            for _ in 0..200 {
                let x: [f64; 3] = [0; 3].map(|_| rng.random_range(-4.0..6.0));
                let c = o.closest(x);
                assert!(o.phi(c).abs() < 1e-12, "{o}: φ(closest) = {}", o.phi(c));
                assert!((norm(sub(x, c)) - o.phi(x).abs()).abs() < 1e-12, "{o} at {x:?}");
            }
        }
    }

    #[test]
    fn obstacle_specs_parse_and_round_trip() {
        assert_eq!(
            LevelSet::parse("plane:0,0,0,0,1,0"),
            Ok(LevelSet::Plane { point: [0.0; 3], normal: [0.0, 1.0, 0.0] })
        );
        assert_eq!(
            " sphere : 1, 2.5 ,-3e-1, 0.25 ".parse::<LevelSet>(),
            Ok(LevelSet::Sphere { centre: [1.0, 2.5, -0.3], radius: 0.25 })
        );
        assert_eq!(
            LevelSet::parse("capsule:0,0,0,1,2,3,0.5"),
            Ok(LevelSet::Capsule { a: [0.0; 3], b: [1.0, 2.0, 3.0], radius: 0.5 })
        );
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..100 {
            let v: [f64; 7] = [0; 7].map(|_| rng.random_range(-100.0..100.0));
            let r = rng.random_range(1e-6..10.0);
            for o in [
                LevelSet::Plane { point: [v[0], v[1], v[2]], normal: [v[3], v[4], v[5]] },
                LevelSet::Sphere { centre: [v[0], v[1], v[2]], radius: r },
                LevelSet::Capsule { a: [v[0], v[1], v[2]], b: [v[3], v[4], v[6]], radius: r },
            ] {
                assert_eq!(LevelSet::parse(&o.to_string()), Ok(o), "{o}");
            }
        }
    }

    #[test]
    fn bad_obstacle_specs_are_refused_with_the_reason() {
        use CollideError::*;
        let err = |s: &str| LevelSet::parse(s).unwrap_err();
        assert_eq!(err("sphere"), NoKind("sphere".into()));
        assert_eq!(err("cube:0,0,0,1"), UnknownKind("cube".into()));
        assert_eq!(err("sphere:1,2,3"), Count { kind: "sphere", layout: "cx,cy,cz,r", expected: 4, got: 3 });
        assert_eq!(
            err("capsule:1,2,3,4,5,6,7,8"),
            Count { kind: "capsule", layout: "ax,ay,az,bx,by,bz,r", expected: 7, got: 8 }
        );
        assert_eq!(
            err("plane:0,0,0,0,1"),
            Count { kind: "plane", layout: "px,py,pz,nx,ny,nz", expected: 6, got: 5 }
        );
        assert_eq!(err("sphere:1,x,3,1"), Number { kind: "sphere", index: 2, text: "x".into() });
        assert_eq!(err("sphere:1,,3,1"), Number { kind: "sphere", index: 2, text: "".into() });
        assert_eq!(
            err("plane:0,0,0,0,1,0,"),
            Count { kind: "plane", layout: "px,py,pz,nx,ny,nz", expected: 6, got: 7 }
        );
        assert!(
            matches!(err("plane:0,0,0,NaN,1,0"), NonFinite { kind: "plane", index: 4, value } if value.is_nan())
        );
        assert_eq!(err("sphere:inf,0,0,1"), NonFinite { kind: "sphere", index: 1, value: f64::INFINITY });
        assert_eq!(err("plane:1,2,3,0,0,0"), Normal([0.0; 3]));
        assert_eq!(err("plane:1,2,3,0,1e300,1e300"), Normal([0.0, 1e300, 1e300]));
        assert_eq!(err("sphere:0,0,0,0"), Radius { kind: "sphere", radius: 0.0 });
        assert_eq!(err("capsule:0,0,0,1,1,1,-2"), Radius { kind: "capsule", radius: -2.0 });
        // the messages name what is wrong
        assert!(err("sphere:1,x,3,1").to_string().contains("\"x\""));
        assert!(err("sphere:1,2,3").to_string().contains("cx,cy,cz,r"));
        assert!(err("capsule:0,0,0,1,1,1,-2").to_string().contains("radius -2"));
    }

    #[test]
    fn external_springs_pull_inside_proxies_to_the_surface() {
        let obstacles =
            [LevelSet::parse("plane:0,0,0,0,1,0").unwrap(), LevelSet::parse("sphere:5,0,0,1").unwrap()];
        let x = [
            [0.0, 1.0, 0.0],   // free
            [1.0, -0.25, 2.0], // under the floor
            [5.0, 0.5, 0.0],   // in the ball
            [5.0, -0.5, 0.0],  // in both
            [9.0, -1.0, 0.0],  // under the floor but not a proxy
        ];
        let mut springs = Vec::new();
        detect_external(&obstacles, &[0, 1, 2, 3], &x, &mut springs);
        let expect = [
            (1, [1.0, 0.0, 2.0], 0.25),
            (2, [5.0, 1.0, 0.0], 0.5),
            (3, [5.0, 0.0, 0.0], 0.5),
            (3, [5.0, -1.0, 0.0], 0.5),
        ];
        assert_eq!(springs.len(), expect.len(), "{springs:?}");
        for (s, (p, t, d)) in springs.iter().zip(expect) {
            assert_eq!(s.proxy, p);
            assert!(matches!(s.target, Target::Point(q) if close(q, t, 1e-15)), "{s:?}");
            assert!((s.depth - d).abs() < 1e-15);
        }
    }

    #[test]
    fn overlapping_boxes_collide_to_the_other_box_surface() {
        // two unit boxes, 4 cells a side, side by side in rest space; deformed, box B is moved so that the
        // boxes overlap by 0.1 in x and B is offset by 0.1 in y and z
        let cell = box_mesh(4, 4, 4, [1.0; 3]);
        let mesh = merge(&cell, &cell, [3.0, 0.0, 0.0]);
        let na = cell.n();
        let origin_b = [0.9, 0.1, 0.1];
        let x: Vec<[f64; 3]> = (0..mesh.n())
            .map(|v| if v < na { mesh.vertices[v] } else { add(cell.vertices[v - na], origin_b) })
            .collect();
        let proxies = boundary_vertices(&mesh);
        let sc = SelfCollision::new(&mesh, &proxies);
        // a point's distance to the boundary of the unit box at `o`, if strictly inside it
        let inside = |p: [f64; 3], o: [f64; 3]| {
            let q = sub(p, o);
            let d = (0..3).map(|c| q[c].min(1.0 - q[c])).fold(f64::INFINITY, f64::min);
            (d > 0.0).then_some(d)
        };
        let mut springs = Vec::new();
        sc.detect(&x, &mut springs);
        let mut expected = Vec::new();
        for &p in &proxies {
            let other = if p < na { origin_b } else { [0.0; 3] };
            if let Some(d) = inside(x[p], other) {
                expected.push((p, d));
            }
        }
        assert!(expected.len() > 20, "{}", expected.len());
        assert_eq!(springs.len(), expected.len(), "{springs:?}");
        for (s, &(p, d)) in springs.iter().zip(&expected) {
            assert_eq!(s.proxy, p);
            assert!((s.depth - d).abs() < 1e-12, "proxy {p}: depth {} expected {d}", s.depth);
            assert!(s.depth <= 0.1 + 1e-12);
            let Target::Surface { tri, bary } = s.target else { panic!("{s:?}") };
            // the target is on the other box's surface, where the proxy would leave it
            assert!(tri.iter().all(|&v| (v < na) != (p < na)), "{tri:?}");
            assert!(bary.iter().all(|&b| b >= 0.0) && (bary.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            let t = s.target.position(&x);
            assert!((norm(s.gap(&x)) - s.depth).abs() < 1e-15);
            let other = if p < na { origin_b } else { [0.0; 3] };
            let q = sub(t, other);
            assert!((0..3).all(|c| (-1e-12..=1.0 + 1e-12).contains(&q[c])), "{t:?}");
            assert!((0..3).any(|c| q[c].abs() < 1e-12 || (q[c] - 1.0).abs() < 1e-12), "{t:?}");
        }
        // the deepest proxies are the ones well away from the sides: depth = the overlap
        let (max, count) = sc.max_penetration(&x);
        assert!((max - 0.1).abs() < 1e-12 && count == expected.len(), "{max} {count}");
        // apart (as at rest), nothing collides
        assert_eq!(sc.max_penetration(&mesh.vertices), (0.0, 0));
    }

    /// A box mesh with every vertex moved by up to 15 % of a cell, so no face is axis-aligned.
    fn jittered(n: [usize; 3], size: [f64; 3], rng: &mut StdRng) -> TetMesh {
        let m = box_mesh(n[0], n[1], n[2], size);
        let h = (0..3).map(|c| size[c] / n[c] as f64).fold(f64::INFINITY, f64::min);
        let v = m.vertices.iter().map(|p| p.map(|c| c + 0.15 * h * rng.random_range(-1.0..1.0))).collect();
        TetMesh::new(v, m.tets).unwrap().0
    }

    #[test]
    fn rest_and_rigidly_moved_meshes_have_no_self_collisions() {
        let mut rng = StdRng::seed_from_u64(11);
        for trial in 0..4 {
            let mesh = jittered([5, 4, 3], [1.0, 0.8, 0.7], &mut rng);
            // every vertex as a proxy, interior ones included: none is inside a tet other than its own
            let all: Vec<usize> = (0..mesh.n()).collect();
            let sc = SelfCollision::new(&mesh, &all);
            assert_eq!(sc.max_penetration(&mesh.vertices), (0.0, 0));
            let r = rotation(&mut rng);
            let shift: [f64; 3] = [0; 3].map(|_| rng.random_range(-50.0..50.0));
            let moved: Vec<[f64; 3]> = mesh.vertices.iter().map(|&p| add(apply(&r, p), shift)).collect();
            let mut springs = Vec::new();
            sc.detect(&moved, &mut springs);
            assert!(springs.is_empty(), "trial {trial}: {springs:?}");
        }
        let mesh = box_mesh(6, 6, 6, [1.0; 3]);
        let sc = SelfCollision::new(&mesh, &boundary_vertices(&mesh));
        assert_eq!(sc.max_penetration(&mesh.vertices), (0.0, 0));
    }

    #[test]
    fn a_bar_folded_onto_itself_collides_arm_against_arm() {
        // bar [0, L] × [0, 1] × [0, 2]; bent around z into a U whose centre line has radius R < h/2, so the
        // two straight arms overlap by h − 2R = 0.4 in y
        let (h, yc, r, a) = (1.0, 0.5, 0.3, 4.0);
        let bend = std::f64::consts::PI * r;
        let l = 2.0 * a + bend;
        let mesh = box_mesh(36, 4, 4, [l, h, 2.0]);
        let fold = |p: [f64; 3]| {
            let (s, v) = (p[0], p[1] - yc);
            if s <= a {
                p
            } else if s < a + bend {
                let th = (s - a) / r;
                [a + (r - v) * th.sin(), yc + r - (r - v) * th.cos(), p[2]]
            } else {
                [a - (s - a - bend), yc + 2.0 * r - v, p[2]]
            }
        };
        let x: Vec<[f64; 3]> = mesh.vertices.iter().map(|&p| fold(p)).collect();
        let proxies = boundary_vertices(&mesh);
        let sc = SelfCollision::new(&mesh, &proxies);
        let mut springs = Vec::new();
        sc.detect(&x, &mut springs);
        // top-face proxies of either arm, away from the bend, the ends and the side faces, must be inside the
        // other arm, 0.4 deep, pulled towards the other arm's top face
        let arm = |s: f64| {
            if (1.0..=a - 1.0).contains(&s) {
                Some(1)
            } else if (a + bend + 1.0..=l - 1.0).contains(&s) {
                Some(2)
            } else {
                None
            }
        };
        let mut checked = 0;
        for &p in &proxies {
            let rp = mesh.vertices[p];
            let Some(side) = arm(rp[0]) else { continue };
            if rp[1] != h || rp[2] <= 0.0 || rp[2] >= 2.0 {
                continue;
            }
            let s =
                springs.iter().find(|s| s.proxy == p).unwrap_or_else(|| panic!("proxy {p} at {rp:?} missed"));
            assert!((s.depth - 0.4).abs() < 1e-9, "proxy {p}: depth {}", s.depth);
            let Target::Surface { tri, .. } = s.target else { panic!() };
            for v in tri {
                let rv = mesh.vertices[v];
                assert_eq!(rv[1], h, "target on the other arm's top face");
                assert_eq!(if rv[0] < a { 1 } else { 2 }, 3 - side);
            }
            checked += 1;
        }
        // 2 arms × 3 interior z rows × the columns in [1, a − 1]
        assert!(checked >= 2 * 3 * 8, "{checked}");
        let (max, count) = sc.max_penetration(&x);
        assert!(max >= 0.4 - 1e-9 && count >= checked, "{max} {count}");
        // unfolded: nothing
        assert_eq!(sc.max_penetration(&mesh.vertices), (0.0, 0));
    }

    #[test]
    fn a_slab_folded_in_half_collides_exactly_where_the_halves_overlap() {
        // slab [0,4] × [0,4] × [0,0.5]; the half x > 2 is turned over onto the other (x → 4 − x,
        // z → 0.8 − z), so the halves overlap by 0.2 in z. The proxies inside the other half are exactly the
        // top-face vertices off the slab's sides, ends and crease; proxies on the sides merely touch the other
        // half's surface (on its boundary faces) and must not count. The tets across the crease are mangled.
        let (nx, ny) = (8, 8);
        let mesh = box_mesh(nx, ny, 4, [4.0, 4.0, 0.5]);
        let x: Vec<[f64; 3]> = mesh
            .vertices
            .iter()
            .map(|p| if p[0] <= 2.0 { *p } else { [4.0 - p[0], p[1], 0.8 - p[2]] })
            .collect();
        let sc = SelfCollision::new(&mesh, &boundary_vertices(&mesh));
        let mut springs = Vec::new();
        sc.detect(&x, &mut springs);
        let (dx, dy) = (4.0 / nx as f64, 4.0 / ny as f64);
        let mut expected: Vec<usize> = (0..mesh.n())
            .filter(|&v| {
                let p = mesh.vertices[v];
                let (i, j) = ((p[0] / dx).round() as usize, (p[1] / dy).round() as usize);
                p[2] == 0.5 && j > 0 && j < ny && i > 0 && i < nx && i != nx / 2
            })
            .collect();
        expected.sort_unstable();
        let found: Vec<usize> = springs.iter().map(|s| s.proxy).collect();
        assert_eq!(found, expected);
        for s in &springs {
            let i = (mesh.vertices[s.proxy][0] / dx).round() as usize;
            // away from the crease the other half is rigid: depth is the overlap
            if i.abs_diff(nx / 2) > 1 {
                assert!((s.depth - 0.2).abs() < 1e-12, "{s:?}");
            }
        }
    }

    /// Random positions and springs of every kind, including a surface target sharing the proxy's vertex.
    fn random_springs(rng: &mut StdRng) -> (Vec<[f64; 3]>, Vec<Spring>) {
        let n = 9;
        let x: Vec<[f64; 3]> = (0..n).map(|_| [0; 3].map(|_| rng.random_range(-1.0..1.0))).collect();
        let mut bary = || {
            let w: [f64; 3] = [0; 3].map(|_| rng.random_range(0.05..1.0));
            let s: f64 = w.iter().sum();
            w.map(|c| c / s)
        };
        let springs = vec![
            Spring { proxy: 0, target: Target::Point([0.3, -0.2, 0.9]), depth: 0.0 },
            Spring { proxy: 1, target: Target::Surface { tri: [4, 5, 6], bary: bary() }, depth: 0.0 },
            Spring { proxy: 2, target: Target::Surface { tri: [6, 7, 8], bary: bary() }, depth: 0.0 },
            Spring { proxy: 1, target: Target::Surface { tri: [3, 7, 0], bary: bary() }, depth: 0.0 },
            Spring { proxy: 5, target: Target::Surface { tri: [5, 2, 8], bary: bary() }, depth: 0.0 },
            Spring { proxy: 8, target: Target::Point([-1.0, 0.5, 0.0]), depth: 0.0 },
        ];
        (x, springs)
    }

    #[test]
    fn spring_forces_are_minus_the_energy_gradient() {
        let mut rng = StdRng::seed_from_u64(21);
        let k = 3.7;
        for _ in 0..5 {
            let (x, springs) = random_springs(&mut rng);
            let mut f = vec![[0.0; 3]; x.len()];
            add_spring_forces(&springs, k, &x, &mut f);
            let fmax = f.iter().flatten().fold(0.0f64, |m, c| m.max(c.abs()));
            assert!(fmax > 0.1);
            let h = 1e-5;
            for v in 0..x.len() {
                for c in 0..3 {
                    let (mut xp, mut xm) = (x.clone(), x.clone());
                    xp[v][c] += h;
                    xm[v][c] -= h;
                    let g = (spring_energy(&springs, k, &xp) - spring_energy(&springs, k, &xm)) / (2.0 * h);
                    assert!(
                        (f[v][c] + g).abs() <= 1e-6 * fmax,
                        "vertex {v} coord {c}: {} vs {}",
                        f[v][c],
                        -g
                    );
                }
            }
        }
    }

    #[test]
    fn spring_hessian_is_the_force_derivative_symmetric_psd_with_its_diagonal() {
        let mut rng = StdRng::seed_from_u64(22);
        let k = 2.5;
        let (x, springs) = random_springs(&mut rng);
        let n = x.len();
        let force = |x: &[[f64; 3]]| {
            let mut f = vec![[0.0; 3]; n];
            add_spring_forces(&springs, k, x, &mut f);
            f
        };
        let hess = |w: &[[f64; 3]]| {
            let mut y = vec![[0.0; 3]; n];
            add_spring_hessian_apply(&springs, k, w, &mut y);
            y
        };
        let inner = |a: &[[f64; 3]], b: &[[f64; 3]]| a.iter().zip(b).map(|(p, q)| dot(*p, *q)).sum::<f64>();
        let random = |rng: &mut StdRng| -> Vec<[f64; 3]> {
            (0..n).map(|_| [0; 3].map(|_| rng.random_range(-1.0..1.0))).collect()
        };
        for _ in 0..20 {
            let (w, u) = (random(&mut rng), random(&mut rng));
            let hw = hess(&w);
            // H w = −(f(x + h w) − f(x − h w)) / 2h
            let h = 1e-5;
            let fp = force(&x.iter().zip(&w).map(|(p, d)| add(*p, scale(h, *d))).collect::<Vec<_>>());
            let fm = force(&x.iter().zip(&w).map(|(p, d)| sub(*p, scale(h, *d))).collect::<Vec<_>>());
            let scale_ = hw.iter().flatten().fold(0.0f64, |m, c| m.max(c.abs()));
            for v in 0..n {
                for c in 0..3 {
                    let fd = -(fp[v][c] - fm[v][c]) / (2.0 * h);
                    assert!((hw[v][c] - fd).abs() <= 1e-6 * scale_, "{} vs {fd}", hw[v][c]);
                }
            }
            let (whu, uhw) = (inner(&w, &hess(&u)), inner(&u, &hw));
            assert!((whu - uhw).abs() <= 1e-12 * whu.abs().max(1.0), "{whu} {uhw}");
            assert!(inner(&w, &hw) >= -1e-12, "{}", inner(&w, &hw));
        }
        // the diagonal is e_iᵀ H e_i
        let mut diag = vec![[0.0; 3]; n];
        add_spring_diagonal(&springs, k, &mut diag);
        for v in 0..n {
            for c in 0..3 {
                let mut e = vec![[0.0; 3]; n];
                e[v][c] = 1.0;
                let he = hess(&e);
                assert!((diag[v][c] - he[v][c]).abs() < 1e-13, "{v} {c}: {} vs {}", diag[v][c], he[v][c]);
                // blocks are multiples of I₃
                assert!(he[v].iter().enumerate().all(|(d, &y)| d == c || y.abs() < 1e-15));
            }
        }
    }

    /// Detection timing on ~200K- and ~250K-tet slabs (run with `--ignored --nocapture`), the 250K one also
    /// jittered (no ties in the BVH's median splits, closer to a real mesh): at rest, twisted (no contacts),
    /// and folded in half so the halves overlap (thousands of contacts). Wall time with rayon, and the same
    /// work serially in thread CPU time (robust to a shared machine).
    #[test]
    #[ignore]
    fn detection_timing_on_200k_and_250k_tet_slabs() {
        use std::time::Instant;
        let mut rng = StdRng::seed_from_u64(1);
        for (n, jitter) in [(64, false), (72, false), (72, true)] {
            let size = [4.0, 4.0, 0.5];
            let mesh = if jitter { jittered([n, n, 8], size, &mut rng) } else { box_mesh(n, n, 8, size) };
            print!("{}", if jitter { "jittered: " } else { "" });
            let proxies = boundary_vertices(&mesh);
            let t0 = Instant::now();
            let sc = SelfCollision::new(&mesh, &proxies);
            let setup = t0.elapsed().as_secs_f64();
            println!("{} tets, {} proxies: setup {:.0} ms", mesh.t(), proxies.len(), setup * 1e3);
            let twisted: Vec<[f64; 3]> = mesh
                .vertices
                .iter()
                .map(|p| {
                    let th = 0.3 * p[0];
                    [p[0], p[1] * th.cos() - p[2] * th.sin(), p[1] * th.sin() + p[2] * th.cos()]
                })
                .collect();
            // the half x > 2 folded over onto the other, overlapping it by 0.2 in z (the tets across the
            // crease are mangled, which only adds work)
            let folded: Vec<[f64; 3]> = mesh
                .vertices
                .iter()
                .map(|p| if p[0] <= 2.0 { *p } else { [4.0 - p[0], p[1], 0.8 - p[2]] })
                .collect();
            for (name, x) in [("rest", &mesh.vertices), ("twisted", &twisted), ("folded", &folded)] {
                let mut springs = Vec::new();
                let (mut wall, mut cpu) = (f64::INFINITY, f64::INFINITY);
                for _ in 0..7 {
                    springs.clear();
                    let t = Instant::now();
                    sc.detect(x, &mut springs);
                    wall = wall.min(t.elapsed().as_secs_f64());
                    // the same work on this thread alone, in CPU time (robust to a loaded machine)
                    let c = thread_cpu_seconds();
                    let boxes = sc.refit(x);
                    let n = sc.proxies.iter().filter_map(|&p| sc.probe(p, x, &boxes)).count();
                    cpu = cpu.min(thread_cpu_seconds() - c);
                    assert_eq!(n, springs.len());
                }
                println!(
                    "  {name}: {} springs; detect wall best of 7 {:.1} ms, serial CPU {:.1} ms",
                    springs.len(),
                    wall * 1e3,
                    cpu * 1e3
                );
            }
        }
    }

    fn thread_cpu_seconds() -> f64 {
        cpu_time::ThreadTime::now().as_duration().as_secs_f64()
    }
}
