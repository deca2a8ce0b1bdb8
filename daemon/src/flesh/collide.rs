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
//! - `plane:px,py,pz,nx,ny,nz`: the plane through `p` with normal `n` (any non-zero length; stored unit).
//!   The obstacle is the half-space *behind* the plane: `φ(x) = (x − p)·n̂`, so `n` points into free space.
//!   A floor at `y = 0` is `plane:0,0,0,0,1,0`.
//! - `sphere:cx,cy,cz,r`: the solid ball, `φ(x) = |x − c| − r`.
//! - `capsule:ax,ay,az,bx,by,bz,r`: the points within `r` of the segment `ab`, `φ(x) = dist(x, ab) − r`
//!   (`a = b` is a ball).
//!
//! Every number must be finite and radii positive. [`LevelSet`]'s `Display` writes this syntax back, exactly
//! (shortest round-trip float formatting), so `LevelSet::parse(&s.to_string()) == Ok(s)` for parsed values.

use crate::sim::bvh::{Aabb, Bvh};
use crate::sim::embed::tet_barycentric;
use crate::sim::geometry::{
    add, closest_on_segment, closest_on_triangle, cross, dist2, dot, lerp3, norm, scale, sub,
};
use crate::sim::mesh::TetMesh;
use rayon::prelude::*;
use std::fmt;

/// Tets (or triangles) per BVH leaf.
const LEAF_SIZE: usize = 4;

/// Barycentric tolerance of the point-in-tet test: a weight above `INSIDE_EPS` is strictly inside, one in
/// `[−INSIDE_EPS, INSIDE_EPS]` is on the face opposite that corner.
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

    /// The extension as a linear stencil: `gap = Σ_i c_i x[v_i] + offset`, `(v_i, c_i)` in `terms[..len]`
    /// (the proxy with `+1`, then the target's vertices with `−bary_j`).
    fn stencil(&self) -> ([(usize, f64); 4], usize, [f64; 3]) {
        let mut terms = [(self.proxy, 1.0), (0, 0.0), (0, 0.0), (0, 0.0)];
        match self.target {
            Target::Point(p) => (terms, 1, scale(-1.0, p)),
            Target::Surface { tri, bary } => {
                for j in 0..3 {
                    terms[j + 1] = (tri[j], -bary[j]);
                }
                (terms, 4, [0.0; 3])
            }
        }
    }
}

/// Total spring energy `Σ k/2 |x_p − target(x)|²` (a surface target moves with its vertices).
pub fn spring_energy(springs: &[Spring], k: f64, x: &[[f64; 3]]) -> f64 {
    springs.iter().map(|s| 0.5 * k * dot(s.gap(x), s.gap(x))).sum()
}

/// `f −= ∇E`: the proxy gets `−k (x_p − t)` (Eq. 2) and each vertex of a surface target `+k bary_j (x_p − t)`.
pub fn add_spring_forces(springs: &[Spring], k: f64, x: &[[f64; 3]], f: &mut [[f64; 3]]) {
    for s in springs {
        let g = s.gap(x);
        let (terms, len, _) = s.stencil();
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
        let (terms, len, _) = s.stencil();
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
        let (terms, len, _) = s.stencil();
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
    #[error("plane normal is zero")]
    ZeroNormal,
    #[error("{kind} radius {radius} must be positive")]
    Radius { kind: &'static str, radius: f64 },
}

/// A kinematic obstacle as a signed distance `φ` (negative inside the obstacle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelSet {
    /// The half-space behind the plane through `point`; `normal` points into free space (need not be unit).
    Plane { point: [f64; 3], normal: [f64; 3] },
    Sphere { centre: [f64; 3], radius: f64 },
    /// The points within `radius` of the segment `ab`.
    Capsule { a: [f64; 3], b: [f64; 3], radius: f64 },
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

    /// Parse the CLI syntax of the module doc (`plane:…`, `sphere:…`, `capsule:…`). Plane normals are stored
    /// unit length.
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
            let value: f64 = text
                .trim()
                .parse()
                .map_err(|_| CollideError::Number { kind, index, text: text.trim().to_string() })?;
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
                // l overflows to inf for huge finite components: rescale first
                let m = normal.iter().fold(0.0f64, |m, c| m.max(c.abs()));
                if m == 0.0 || !(l > 0.0) {
                    return Err(CollideError::ZeroNormal);
                }
                let s = normal.map(|c| c / m);
                LevelSet::Plane { point: [v[0], v[1], v[2]], normal: scale(1.0 / norm(s), s) }
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
            LevelSet::Sphere { centre: c, radius } => write!(f, "sphere:{},{},{},{}", c[0], c[1], c[2], radius),
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
/// Per call, a proxy `p` is *inside* when some deformed tet not incident to `p` contains `x_p`: all its
/// barycentric weights `> INSIDE_EPS`, or the point lies on faces of that tet (weights within `±INSIDE_EPS`)
/// all of which are interior faces of the rest mesh, so a proxy exactly on a face shared by two tets still
/// counts while one merely touching the boundary does not. Of several containing tets the one where `x_p` lies
/// deepest (largest smallest weight) is used.
///
/// Search structure: a BVH over **all** tets (a proxy may be pushed deeper than the boundary layer), built
/// once over the rest boxes; every call only refits its node boxes to the deformed tets (one parallel pass
/// over the tets, one serial pass over the nodes), which keeps the search exact while the tree's grouping
/// stays that of the rest shape, a good fit for flesh. The rest-surface projection uses a BVH over the rest
/// boundary triangles, built once.
#[derive(Clone, Debug)]
pub struct SelfCollision {
    rest: Vec<[f64; 3]>,
    tets: Vec<[usize; 4]>,
    /// Bit `i` set: the face opposite corner `i` of the tet is a boundary face.
    boundary_face: Vec<u8>,
    proxies: Vec<usize>,
    tet_bvh: Bvh,
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
        let faces = mesh.boundary_faces();
        let mut keys: Vec<[usize; 3]> = faces
            .iter()
            .map(|f| {
                let mut k = *f;
                k.sort_unstable();
                k
            })
            .collect();
        keys.sort_unstable();
        let boundary_face = mesh
            .tets
            .iter()
            .map(|t| {
                let mut bits = 0u8;
                for i in 0..4 {
                    let mut k = [0; 3];
                    let mut n = 0;
                    for (j, &v) in t.iter().enumerate() {
                        if j != i {
                            k[n] = v;
                            n += 1;
                        }
                    }
                    k.sort_unstable();
                    if keys.binary_search(&k).is_ok() {
                        bits |= 1 << i;
                    }
                }
                bits
            })
            .collect();
        let tet_boxes: Vec<Aabb> =
            mesh.tets.par_iter().map(|t| Aabb::around(&t.map(|v| mesh.vertices[v]))).collect();
        let face_boxes: Vec<Aabb> = faces.iter().map(|f| Aabb::around(&f.map(|v| mesh.vertices[v]))).collect();
        SelfCollision {
            rest: mesh.vertices.clone(),
            tets: mesh.tets.clone(),
            boundary_face,
            proxies: proxies.to_vec(),
            tet_bvh: Bvh::new(&tet_boxes, LEAF_SIZE),
            face_bvh: Bvh::new(&face_boxes, LEAF_SIZE),
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
        let (tet_boxes, node_boxes) = self.refit(x);
        let found: Vec<Spring> =
            self.proxies.par_iter().filter_map(|&p| self.probe(p, x, &tet_boxes, &node_boxes)).collect();
        out.extend(found);
    }

    /// The largest penetration depth over the proxies found inside the flesh (0 if none) and how many are.
    pub fn max_penetration(&self, x: &[[f64; 3]]) -> (f64, usize) {
        let mut springs = Vec::new();
        self.detect(x, &mut springs);
        (springs.iter().map(|s| s.depth).fold(0.0, f64::max), springs.len())
    }

    /// Deformed tet boxes and the rest tree's node boxes refit around them. Nodes are stored in pre-order
    /// (children after their parent), so one reverse pass sees children first.
    fn refit(&self, x: &[[f64; 3]]) -> (Vec<Aabb>, Vec<Aabb>) {
        let tet_boxes: Vec<Aabb> = self.tets.par_iter().map(|t| Aabb::around(&t.map(|v| x[v]))).collect();
        let nodes = &self.tet_bvh.nodes;
        let mut node_boxes = vec![Aabb::EMPTY; nodes.len()];
        for id in (0..nodes.len()).rev() {
            node_boxes[id] = match nodes[id].children {
                Some([a, b]) => {
                    let mut bx = node_boxes[a];
                    bx.add_box(&node_boxes[b]);
                    bx
                }
                None => {
                    let mut bx = Aabb::EMPTY;
                    for &t in self.tet_bvh.items(id) {
                        bx.add_box(&tet_boxes[t]);
                    }
                    bx
                }
            };
        }
        (tet_boxes, node_boxes)
    }

    /// The spring of proxy `p`, if it is inside a tet not its own.
    fn probe(&self, p: usize, x: &[[f64; 3]], tet_boxes: &[Aabb], node_boxes: &[Aabb]) -> Option<Spring> {
        let xp = x[p];
        let mut best: Option<(usize, [f64; 4], f64)> = None;
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
            for &t in self.tet_bvh.items(id) {
                let tet = self.tets[t];
                if tet.contains(&p) || !contains(&tet_boxes[t], xp) {
                    continue;
                }
                let bary = tet_barycentric(&tet.map(|v| x[v]), xp);
                let m = bary.iter().fold(f64::INFINITY, |m, &b| m.min(b));
                // `m > …` is false for NaN (a degenerate deformed tet)
                if m > -INSIDE_EPS && best.is_none_or(|b| m > b.2) {
                    best = Some((t, bary, m));
                }
            }
        }
        let (t, bary, m) = best?;
        if m <= INSIDE_EPS {
            // on the faces whose opposite weight is ~0: inside the flesh only if all of them are interior
            let on_boundary = (0..4).any(|i| bary[i] <= INSIDE_EPS && self.boundary_face[t] & (1 << i) != 0);
            if on_boundary {
                return None;
            }
        }
        // Map to rest space with the tet's weights (X_in), project onto the rest surface.
        let tet = self.tets[t];
        let mut rest_point = [0.0; 3];
        for i in 0..4 {
            rest_point = add(rest_point, scale(bary[i], self.rest[tet[i]]));
        }
        let (tri, w) = self.closest_rest_surface(p, rest_point)?;
        let target = Target::Surface { tri, bary: w };
        let depth = norm(sub(xp, target.position(x)));
        Some(Spring { proxy: p, target, depth })
    }

    /// The closest point of the rest boundary to `q`, over the triangles not incident to `p`.
    fn closest_rest_surface(&self, p: usize, q: [f64; 3]) -> Option<([usize; 3], [f64; 3])> {
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
        best.map(|(f, w, _)| (self.faces[f], w))
    }
}

/// `p` in the closed box (false for NaN).
fn contains(b: &Aabb, p: [f64; 3]) -> bool {
    (0..3).all(|c| b.lo[c] <= p[c] && p[c] <= b.hi[c])
}
