//! A procedural arm for tests and benchmarks (the paper's test subject, §7): a tapered round limb along +x
//! with an upper arm and a forearm, as a structured hexahedral grid mapped onto discs (Fong's elliptical
//! square-to-disc map, smooth and one-to-one) and split into Kuhn tets; a two-bone rig with smooth weights
//! across the elbow; and the poses that bend it.

use crate::mesh::tet_mesh::{shapes::box_mesh, TetMesh};
use crate::rig::{Bone, LbsRig, Rig, RigPart, VertexWeights, IDENTITY};

/// Arm proportions (metres).
#[derive(Clone, Debug)]
pub struct ArmShape {
    pub upper_length: f64,
    pub fore_length: f64,
    /// Radius at the shoulder, the elbow and the wrist (linearly interpolated, with a muscle bulge).
    pub radius: [f64; 3],
    /// Width of the weight blend across the elbow.
    pub blend_width: f64,
}

impl Default for ArmShape {
    fn default() -> Self {
        ArmShape { upper_length: 0.30, fore_length: 0.27, radius: [0.055, 0.042, 0.030], blend_width: 0.08 }
    }
}

impl ArmShape {
    pub fn elbow(&self) -> f64 {
        self.upper_length
    }

    fn radius_at(&self, x: f64) -> f64 {
        let (e, l) = (self.upper_length, self.upper_length + self.fore_length);
        let pi = std::f64::consts::PI;
        if x <= e {
            let t = x / e;
            let base = self.radius[0] + (self.radius[1] - self.radius[0]) * t;
            base * (1.0 + 0.12 * (pi * t).sin())
        } else {
            let t = (x - e) / (l - e);
            let base = self.radius[1] + (self.radius[2] - self.radius[1]) * t;
            base * (1.0 + 0.10 * (pi * t).sin())
        }
    }

    /// The tet mesh: `along` cells along the arm, `across × across` cells over each cross-section (6 tets per
    /// cell: `6 · along · across²` tets).
    pub fn mesh(&self, along: usize, across: usize) -> TetMesh {
        let length = self.upper_length + self.fore_length;
        let mut m = box_mesh(along, across, across, [length, 2.0, 2.0]);
        for v in &mut m.vertices {
            let (u, w) = (v[1] - 1.0, v[2] - 1.0);
            let r = self.radius_at(v[0]);
            v[1] = r * u * (1.0 - 0.5 * w * w).sqrt();
            v[2] = r * w * (1.0 - 0.5 * u * u).sqrt();
        }
        m
    }

    /// The tet count of [`ArmShape::mesh`].
    pub fn tets(along: usize, across: usize) -> usize {
        6 * along * across * across
    }

    /// Upper arm (bind at the shoulder) and forearm (bind at the elbow), the forearm's weight a smoothstep
    /// across `blend_width` around the elbow.
    pub fn rig(&self, mesh: &TetMesh) -> Rig {
        let at = |x: f64| {
            let mut b = IDENTITY;
            b[0][3] = x;
            b
        };
        let bones = vec![
            Bone { name: "upperarm".into(), parent: None, bind: at(0.0) },
            Bone { name: "forearm".into(), parent: Some(0), bind: at(self.elbow()) },
        ];
        let (e, w) = (self.elbow(), self.blend_width);
        let weights = VertexWeights::from_rows(mesh.vertices.iter().map(|p| {
            let t = ((p[0] - (e - 0.5 * w)) / w).clamp(0.0, 1.0);
            let s = t * t * (3.0 - 2.0 * t);
            [(0u32, 1.0 - s), (1u32, s)]
        }));
        Rig::new(vec![RigPart::Lbs(LbsRig::new(bones, weights).expect("arm rig is valid"))]).expect("arm rig")
    }

    /// Rig parameters bending the forearm by `degrees` about +z at the elbow (flexion towards +y), the whole
    /// arm then turned by the rotation `global` (row-major 3×3) about the shoulder.
    pub fn bend(&self, rig: &Rig, degrees: f64, global: [[f64; 3]; 3]) -> Vec<f64> {
        self.bend_twist(rig, degrees, 0.0, global)
    }

    /// [`ArmShape::bend`] with the forearm first rolled by `twist` degrees about its own axis (+x at rest):
    /// forearm `x ↦ G (B T (x − e) + e)`, `T` the roll, `B` the bend.
    pub fn bend_twist(&self, rig: &Rig, degrees: f64, twist: f64, global: [[f64; 3]; 3]) -> Vec<f64> {
        let a = degrees.to_radians();
        let (c, s) = (a.cos(), a.sin());
        let (ct, st) = (twist.to_radians().cos(), twist.to_radians().sin());
        let roll = [[1.0, 0.0, 0.0], [0.0, ct, -st], [0.0, st, ct]];
        let mul = |x: [[f64; 3]; 3], y: [[f64; 3]; 3]| {
            let mut z = [[0.0; 3]; 3];
            for i in 0..3 {
                for j in 0..3 {
                    z[i][j] = (0..3).map(|k| x[i][k] * y[k][j]).sum();
                }
            }
            z
        };
        let apply =
            |r: [[f64; 3]; 3], v: [f64; 3]| [0, 1, 2].map(|i| (0..3).map(|k| r[i][k] * v[k]).sum::<f64>());
        let bend = mul([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]], roll);
        let elbow = [self.elbow(), 0.0, 0.0];
        let mut p = rig.rest_params();
        // upper arm: x ↦ G x; forearm: x ↦ G (B (x − e) + e)
        let fore = mul(global, bend);
        let t_fore = {
            let be = apply(bend, elbow);
            apply(global, [elbow[0] - be[0], elbow[1] - be[1], elbow[2] - be[2]])
        };
        for (h, (r, t)) in [(global, [0.0; 3]), (fore, t_fore)].into_iter().enumerate() {
            for i in 0..3 {
                for j in 0..3 {
                    p[12 * h + 4 * i + j] = r[i][j];
                }
                p[12 * h + 4 * i + 3] = t[i];
            }
        }
        p
    }
}

pub const NO_ROTATION: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arm_mesh_is_valid_and_the_bend_keeps_the_elbow_fixed() {
        let arm = ArmShape::default();
        let mesh = arm.mesh(12, 4);
        assert_eq!(mesh.t(), ArmShape::tets(12, 4));
        let checked = TetMesh::new(mesh.vertices.clone(), mesh.tets.clone());
        assert!(checked.is_ok(), "all tets positively oriented");
        let rig = arm.rig(&mesh);
        let p = arm.bend(&rig, 90.0, NO_ROTATION);
        // a vertex at the elbow axis stays put; the wrist end turns to +y
        let probe = vec![[arm.elbow(), 0.0, 0.0], [arm.elbow() + 0.2, 0.0, 0.0]];
        let x = rig_point(&rig, &mesh, &p, &probe);
        assert!((x[0][0] - arm.elbow()).abs() < 1e-12 && x[0][1].abs() < 1e-12);
        assert!((x[1][1] - 0.2).abs() < 1e-9 && (x[1][0] - arm.elbow()).abs() < 1e-9);
    }

    /// Forearm-bone transform applied to points (weights ignored).
    fn rig_point(rig: &Rig, _mesh: &TetMesh, p: &[f64], pts: &[[f64; 3]]) -> Vec<[f64; 3]> {
        let _ = rig;
        pts.iter()
            .map(|v| {
                [0, 1, 2].map(|i| (0..3).map(|k| p[12 + 4 * i + k] * v[k]).sum::<f64>() + p[12 + 4 * i + 3])
            })
            .collect()
    }
}
