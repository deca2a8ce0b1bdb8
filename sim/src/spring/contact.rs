//! Joint spheres against colliders: the colliders placed in the world, the push-out of a joint's tail sphere to
//! a collider's allowed side (outside a sphere, capsule or plane; inside an inverted sphere or capsule), its
//! depth, and the cone limit on a joint's direction.

use nalgebra::Vector3;

/// A collider placed in the world at one instant.
#[derive(Clone, Copy, Debug)]
pub(super) enum Placed {
    Sphere { c: Vector3<f64>, r: f64, inside: bool },
    Capsule { a: Vector3<f64>, b: Vector3<f64>, r: f64, inside: bool },
    Plane { o: Vector3<f64>, n: Vector3<f64> },
}

/// The unit direction `d` turned towards `axis` (unit) until it is at most `cone` radians from it.
pub(super) fn within_cone(d: Vector3<f64>, axis: Vector3<f64>, cone: Option<f64>) -> Vector3<f64> {
    let Some(limit) = cone else { return d };
    let angle = d.dot(&axis).clamp(-1.0, 1.0).acos();
    if angle <= limit {
        return d;
    }
    // the component of d across the axis gives the plane of the turn; straight back: any perpendicular
    let across = (d - axis * d.dot(&axis)).try_normalize(1e-12).unwrap_or_else(|| {
        let t = if axis.x.abs() < 0.9 { Vector3::x() } else { Vector3::y() };
        axis.cross(&t).normalize()
    });
    axis * limit.cos() + across * limit.sin()
}

/// The closest point to `x` on the segment `a`–`b`.
fn closest_on_segment(a: Vector3<f64>, b: Vector3<f64>, x: Vector3<f64>) -> Vector3<f64> {
    let ab = b - a;
    let l2 = ab.norm_squared();
    if l2 < 1e-24 {
        return a;
    }
    a + ab * ((x - a).dot(&ab) / l2).clamp(0.0, 1.0)
}

/// Where a joint sphere (centre `x`, radius `hit`) must go to touch the collider from its allowed side; `None`
/// when it already does.
pub(super) fn push_out(c: &Placed, x: Vector3<f64>, hit: f64) -> Option<Vector3<f64>> {
    let ball = |centre: Vector3<f64>, r: f64, inside: bool| {
        let d = x - centre;
        let n = d.norm();
        if inside {
            let reach = (r - hit).max(0.0);
            (n > reach).then(|| centre + d / n * reach)
        } else {
            let reach = r + hit;
            (n < reach).then(|| centre + d.try_normalize(1e-12).unwrap_or_else(Vector3::y) * reach)
        }
    };
    match *c {
        Placed::Sphere { c, r, inside } => ball(c, r, inside),
        Placed::Capsule { a, b, r, inside } => ball(closest_on_segment(a, b, x), r, inside),
        Placed::Plane { o, n } => {
            let d = (x - o).dot(&n) - hit;
            (d < 0.0).then(|| x - n * d)
        }
    }
}

/// How deep a joint sphere is inside the collider's forbidden side (0 when it is not).
pub(super) fn depth(c: &Placed, x: Vector3<f64>, hit: f64) -> f64 {
    let ball = |centre: Vector3<f64>, r: f64, inside: bool| {
        let n = (x - centre).norm();
        if inside {
            (n - (r - hit).max(0.0)).max(0.0)
        } else {
            (r + hit - n).max(0.0)
        }
    };
    match *c {
        Placed::Sphere { c, r, inside } => ball(c, r, inside),
        Placed::Capsule { a, b, r, inside } => ball(closest_on_segment(a, b, x), r, inside),
        Placed::Plane { o, n } => (hit - (x - o).dot(&n)).max(0.0),
    }
}
