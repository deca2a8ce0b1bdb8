//! A camera that frames a bounding box: perspective, looking at the box's centre from the front (+Z, the
//! avatar's facing direction in our assets) and a little above, turned by a yaw angle. Column-major 4×4
//! matrices with wgpu's clip depth in [0, 1]. And the boxes it frames: the bounds of points, their union.

/// Column-major 4×4.
pub type Mat4 = [[f32; 4]; 4];

/// An axis-aligned box `(lo, hi)` (metres).
pub type Aabb = ([f32; 3], [f32; 3]);

/// The bounds of `points`; `None` when there are none or one is not finite.
pub fn bounds(points: impl IntoIterator<Item = [f32; 3]>) -> Option<Aabb> {
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in points {
        if !p.iter().all(|c| c.is_finite()) {
            return None;
        }
        for c in 0..3 {
            lo[c] = lo[c].min(p[c]);
            hi[c] = hi[c].max(p[c]);
        }
    }
    (lo[0] <= hi[0]).then_some((lo, hi))
}

/// The smallest box holding `a` and `b`.
pub fn union(a: Aabb, b: Aabb) -> Aabb {
    ([0, 1, 2].map(|c| a.0[c].min(b.0[c])), [0, 1, 2].map(|c| a.1[c].max(b.1[c])))
}

/// `b` moved by `d`.
pub fn shifted(b: Aabb, d: [f32; 3]) -> Aabb {
    ([0, 1, 2].map(|c| b.0[c] + d[c]), [0, 1, 2].map(|c| b.1[c] + d[c]))
}

/// `b` grown by `pad` on every side.
pub fn padded(b: Aabb, pad: f32) -> Aabb {
    (b.0.map(|v| v - pad), b.1.map(|v| v + pad))
}

/// The centre of `b`.
pub fn centre(b: Aabb) -> [f32; 3] {
    [0, 1, 2].map(|c| 0.5 * (b.0[c] + b.1[c]))
}

fn mul(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut out = [[0.0; 4]; 4];
    for c in 0..4 {
        for r in 0..4 {
            out[c][r] = (0..4).map(|k| a[k][r] * b[c][k]).sum();
        }
    }
    out
}

fn normalize(v: [f32; 3]) -> [f32; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    [v[0] / l, v[1] / l, v[2] / l]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Right-handed view matrix from `eye` towards `target`, +Y up.
pub fn look_at(eye: [f32; 3], target: [f32; 3]) -> Mat4 {
    let f = normalize([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
    let s = normalize(cross(f, [0.0, 1.0, 0.0]));
    let u = cross(s, f);
    [
        [s[0], u[0], -f[0], 0.0],
        [s[1], u[1], -f[1], 0.0],
        [s[2], u[2], -f[2], 0.0],
        [-dot(s, eye), -dot(u, eye), dot(f, eye), 1.0],
    ]
}

/// Perspective projection, vertical field of view `fovy` (radians), depth mapped to [0, 1].
pub fn perspective(fovy: f32, aspect: f32, near: f32, far: f32) -> Mat4 {
    let t = 1.0 / (0.5 * fovy).tan();
    [
        [t / aspect, 0.0, 0.0, 0.0],
        [0.0, t, 0.0, 0.0],
        [0.0, 0.0, far / (near - far), -1.0],
        [0.0, 0.0, near * far / (near - far), 0.0],
    ]
}

/// View-projection framing the box `(lo, hi)` for an image of `aspect` = width / height.
pub fn framing(lo: [f32; 3], hi: [f32; 3], aspect: f32, yaw_degrees: f32) -> Mat4 {
    let centre = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
    let radius = 0.5 * ((hi[0] - lo[0]).powi(2) + (hi[1] - lo[1]).powi(2) + (hi[2] - lo[2]).powi(2)).sqrt();
    let radius = radius.max(1e-3);
    let fovy = 35f32.to_radians();
    let fit = if aspect < 1.0 { radius / aspect } else { radius };
    let distance = 1.05 * fit / (0.5 * fovy).sin();
    let yaw = yaw_degrees.to_radians();
    let dir = normalize([yaw.sin(), 0.15, yaw.cos()]);
    let eye = [centre[0] + distance * dir[0], centre[1] + distance * dir[1], centre[2] + distance * dir[2]];
    let near = (distance - 2.0 * radius).max(distance * 0.01);
    mul(&perspective(fovy, aspect, near, distance + 2.0 * radius), &look_at(eye, centre))
}

/// View-projection of a static camera that frames the box `(lo, hi)` tightly (a scene in world metres, e.g.
/// the whole path of a motion): looking at the box's centre along [`framing`]'s direction for `yaw_degrees`,
/// from the nearest distance at which every corner of the box projects inside `fill` (≤ 1) of the image's
/// half-width and half-height. Unlike [`framing`] (the box's bounding sphere), a long flat box fills the
/// image's width.
pub fn framing_box(lo: [f32; 3], hi: [f32; 3], aspect: f32, yaw_degrees: f32, fill: f32) -> Mat4 {
    let centre = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
    let radius = 0.5 * ((hi[0] - lo[0]).powi(2) + (hi[1] - lo[1]).powi(2) + (hi[2] - lo[2]).powi(2)).sqrt();
    let radius = radius.max(1e-3);
    let fovy = 35f32.to_radians();
    let yaw = yaw_degrees.to_radians();
    let dir = normalize([yaw.sin(), 0.15, yaw.cos()]);
    let fill = fill.clamp(0.1, 1.0);
    let corners: Vec<[f32; 3]> =
        (0..8).map(|i| [0, 1, 2].map(|c| if i >> c & 1 == 1 { hi[c] } else { lo[c] })).collect();
    let view_at = |distance: f32| {
        let eye = [0, 1, 2].map(|c| centre[c] + distance * dir[c]);
        let view = look_at(eye, centre);
        let near = (distance - 2.0 * radius).max(distance * 0.01);
        mul(&perspective(fovy, aspect, near, distance + 2.0 * radius), &view)
    };
    let fits = |m: &Mat4| {
        corners.iter().all(|&p| {
            let v = [p[0], p[1], p[2], 1.0];
            let c: Vec<f32> = (0..4).map(|r| (0..4).map(|k| m[k][r] * v[k]).sum()).collect();
            c[3] > 0.0 && (c[0] / c[3]).abs() <= fill && (c[1] / c[3]).abs() <= fill
        })
    };
    // The sphere's distance always fits (at fill 1); bisect between the box's half-diagonal and it.
    let fit = if aspect < 1.0 { radius / aspect } else { radius };
    let (mut near_d, mut far_d) = (radius * 1.001, 1.05 * fit / (0.5 * fovy).sin() / fill);
    while !fits(&view_at(far_d)) {
        far_d *= 1.5;
    }
    for _ in 0..40 {
        let mid = 0.5 * (near_d + far_d);
        if fits(&view_at(mid)) {
            far_d = mid;
        } else {
            near_d = mid;
        }
    }
    view_at(far_d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(m: &Mat4, p: [f32; 3]) -> [f32; 3] {
        let v = [p[0], p[1], p[2], 1.0];
        let c: Vec<f32> = (0..4).map(|r| (0..4).map(|k| m[k][r] * v[k]).sum()).collect();
        [c[0] / c[3], c[1] / c[3], c[2] / c[3]]
    }

    /// Every corner of the framed box lands inside the clip volume, and the centre in the middle.
    #[test]
    fn the_framed_box_is_inside_the_view() {
        for (lo, hi, aspect, yaw) in [
            ([-0.3, 0.0, -0.2], [0.3, 1.8, 0.2], 1.0, 0.0),
            ([-5.0, 0.0, -40.0], [30.0, 2.0, 1.0], 2.0, 30.0),
            ([0.0; 3], [0.01, 0.01, 0.01], 0.5, 180.0),
        ] {
            let m = framing(lo, hi, aspect, yaw);
            for i in 0..8 {
                let p = [0, 1, 2].map(|c| if i >> c & 1 == 1 { hi[c] } else { lo[c] });
                let q = project(&m, p);
                assert!(q[0].abs() <= 1.0 && q[1].abs() <= 1.0, "{q:?}");
                assert!((0.0..=1.0).contains(&q[2]), "{q:?}");
            }
            let c = project(&m, [0, 1, 2].map(|c| 0.5 * (lo[c] + hi[c])));
            assert!(c[0].abs() < 1e-4 && c[1].abs() < 1e-4);
        }
    }

    /// A tightly framed box: every corner inside `fill`, and some corner near it (the box fills the view).
    #[test]
    fn boxes_bound_join_and_move() {
        assert_eq!(bounds([[1.0, 2.0, 3.0], [-1.0, 5.0, 0.0]]), Some(([-1.0, 2.0, 0.0], [1.0, 5.0, 3.0])));
        assert_eq!(bounds([]), None);
        assert_eq!(bounds([[0.0, f32::NAN, 0.0]]), None);
        let (a, b) = (([0.0; 3], [1.0; 3]), ([-1.0, 0.5, 0.5], [0.5, 2.0, 0.5]));
        assert_eq!(union(a, b), ([-1.0, 0.0, 0.0], [1.0, 2.0, 1.0]));
        assert_eq!(shifted(a, [1.0, 0.0, -1.0]), ([1.0, 0.0, -1.0], [2.0, 1.0, 0.0]));
        assert_eq!(padded(a, 0.5), ([-0.5; 3], [1.5; 3]));
        assert_eq!(centre(b), [-0.25, 1.25, 0.5]);
    }

    #[test]
    fn a_framed_box_fills_the_view() {
        for (lo, hi, aspect, yaw) in [
            ([-0.3, 0.0, -1.0], [0.3, 1.8, 3.0], 4.0 / 3.0, 90.0),
            ([-5.0, 0.0, -40.0], [30.0, 2.0, 1.0], 2.0, 30.0),
            ([-0.3, 0.0, -0.2], [0.3, 1.8, 0.2], 0.75, 0.0),
        ] {
            let m = framing_box(lo, hi, aspect, yaw, 0.9);
            let mut largest = 0f32;
            for i in 0..8 {
                let p = [0, 1, 2].map(|c| if i >> c & 1 == 1 { hi[c] } else { lo[c] });
                let q = project(&m, p);
                assert!(q[0].abs() <= 0.9 + 1e-4 && q[1].abs() <= 0.9 + 1e-4, "{q:?}");
                assert!((0.0..=1.0).contains(&q[2]), "{q:?}");
                largest = largest.max(q[0].abs()).max(q[1].abs());
            }
            assert!(largest > 0.89, "the box fills {largest} of the view");
        }
    }
}

/// A camera placed by hand: position, target, vertical field of view (degrees), as three.js's
/// `PerspectiveCamera` with `lookAt` (the viewer's `cam=` URL parameter; the same near and far planes as
/// viewer/test/three-vrm-reference.ts: a hundredth and a hundred times the distance).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedCamera {
    pub eye: [f32; 3],
    pub target: [f32; 3],
    pub fov_degrees: f32,
}

impl FixedCamera {
    /// `px,py,pz,tx,ty,tz,fov` (the viewer's `cam=`).
    pub fn parse(s: &str) -> Result<FixedCamera, String> {
        let v: Vec<f32> = s
            .split(',')
            .map(|x| x.trim().parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("camera '{s}': {e} (expected px,py,pz,tx,ty,tz,fov)"))?;
        if v.len() != 7 || v.iter().any(|x| !x.is_finite()) {
            return Err(format!("camera '{s}': expected 7 finite numbers px,py,pz,tx,ty,tz,fov"));
        }
        let c = FixedCamera { eye: [v[0], v[1], v[2]], target: [v[3], v[4], v[5]], fov_degrees: v[6] };
        let d = [v[3] - v[0], v[4] - v[1], v[5] - v[2]];
        let dist = dot(d, d).sqrt();
        if !(dist > 1e-6) || !(c.fov_degrees > 0.1 && c.fov_degrees < 179.0) {
            return Err(format!(
                "camera '{s}': the target must differ from the position and 0.1 < fov < 179"
            ));
        }
        if normalize(cross(normalize(d), [0.0, 1.0, 0.0])).iter().any(|x| !x.is_finite()) {
            return Err(format!("camera '{s}': looking straight up or down is not supported"));
        }
        Ok(c)
    }

    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        let d = [self.target[0] - self.eye[0], self.target[1] - self.eye[1], self.target[2] - self.eye[2]];
        let distance = dot(d, d).sqrt();
        let p = perspective(self.fov_degrees.to_radians(), aspect, 0.01 * distance, 100.0 * distance);
        mul(&p, &look_at(self.eye, self.target))
    }
}

#[cfg(test)]
mod fixed_camera_tests {
    use super::FixedCamera;

    /// The `cam=` reader refuses garbage with a message and takes the viewer's own form.
    #[test]
    fn bad_cameras_are_refused() {
        assert!(FixedCamera::parse("0,0.85,3.8,0,0.85,0,30").is_ok());
        for bad in [
            "",
            "1,2,3",
            "a,b,c,d,e,f,g",
            "0,0,0,0,0,0,30",
            "0,1,3,0,1,0,0",
            "0,1,3,0,1,0,180",
            "0,1,3,0,1,0,NaN",
            "0,1,3,0,1,0,inf",
            "0,5,0,0,0,0,30",
            "0,1,3,0,1,0,30,4",
        ] {
            let e = FixedCamera::parse(bad).expect_err(bad);
            assert!(e.contains("camera"), "{bad}: {e}");
        }
    }
}
