//! Rig animations: parameter vectors sampled at a fixed time step, and their JSON file.
//!
//! # Rig animation file (`avatard simulate --rig-anim ANIM.json`)
//! ```json
//! {"dt": 0.0166667,
//!  "frames": [
//!    {"params": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, ...]},
//!    {"affine": [[..4],[..4],[..4]],
//!     "bones": {"spine": [[..4],[..4],[..4]]},
//!     "blendshapes": {"jawOpen": 0.4}}
//!  ]}
//! ```
//! `dt > 0` is the time between frames (s). A frame is either the full parameter vector `params` (length
//! [`Rig::num_params`]) or named values: `affine` (the affine part's transform), blendshape weights, and bone
//! transforms in exactly one of three forms — `bones` (skinning transforms `T`, acting on rest positions),
//! `bones_world` (posed world transforms `G`; `T = G · bind⁻¹`) or `bones_local` (transforms relative to the
//! parent's posed frame; `G = G_parent · L`, roots `G = L`; the rest local transform is `bind_parent⁻¹ ·
//! bind`). Omitted handles and targets take their rest value (identity skinning transform; for `bones_local`
//! the rest local transform, so an omitted child follows its parent; weight 0). Every value must be finite.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rig::affine::{write_affine, Affine, IDENTITY};
use crate::rig::error::RigError;
use crate::rig::linear::{Rig, RigPart};

/// A rig animation: parameter vectors `p` sampled every `dt` seconds (format in the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct RigAnimation {
    dt: f64,
    frames: Vec<Vec<f64>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimationFile {
    dt: f64,
    frames: Vec<FrameFile>,
}

#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrameFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    params: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    affine: Option<Affine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones_world: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bones_local: Option<BTreeMap<String, Affine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blendshapes: Option<BTreeMap<String, f64>>,
}

/// How a frame gives bone transforms.
#[derive(Clone, Copy)]
enum BoneForm {
    Skinning,
    World,
    Local,
}

impl FrameFile {
    fn into_params(self, rig: &Rig, frame: usize) -> Result<Vec<f64>, RigError> {
        let err = |message: String| RigError::Frame { frame, message };
        let named = self.affine.is_some()
            || self.bones.is_some()
            || self.bones_world.is_some()
            || self.bones_local.is_some()
            || self.blendshapes.is_some();
        if let Some(p) = self.params {
            if named {
                return Err(err("\"params\" cannot be combined with named values".into()));
            }
            return Ok(p);
        }
        let mut p = rig.rest_params();
        if let Some(t) = self.affine {
            let o = rig
                .affine_param_offset()
                .ok_or_else(|| err("\"affine\" given but the rig has no affine part".into()))?;
            write_affine(&mut p[o..], &t);
        }
        let forms = [
            (BoneForm::Skinning, self.bones),
            (BoneForm::World, self.bones_world),
            (BoneForm::Local, self.bones_local),
        ];
        let mut given = forms.into_iter().filter_map(|(f, m)| m.map(|m| (f, m)));
        if let Some((form, bones)) = given.next() {
            if given.next().is_some() {
                return Err(err(
                    "give bone transforms in one form only (bones, bones_world or bones_local)".into()
                ));
            }
            if let Some(name) = bones.keys().find(|name| rig.bone_param_offset(name).is_none()) {
                return Err(err(format!("unknown bone {name:?}")));
            }
            for (part, &o) in rig.parts.iter().zip(&rig.offsets) {
                let RigPart::Lbs(l) = part else { continue };
                if !l.bones.iter().any(|b| bones.contains_key(&b.name)) {
                    continue; // untouched skeletons keep their exact identity transforms
                }
                let pick =
                    |b: usize, default: Affine| bones.get(&l.bones[b].name).copied().unwrap_or(default);
                let skinning: Vec<Affine> = match form {
                    BoneForm::Skinning => (0..l.num_bones()).map(|b| pick(b, IDENTITY)).collect(),
                    BoneForm::World => l.skinning_from_world(
                        &(0..l.num_bones()).map(|b| pick(b, l.bones[b].bind)).collect::<Vec<_>>(),
                    ),
                    BoneForm::Local => {
                        let local: Vec<Affine> =
                            (0..l.num_bones()).map(|b| pick(b, l.rest_local(b))).collect();
                        l.skinning_from_world(&l.world_from_local(&local))
                    }
                };
                for (h, t) in skinning.iter().enumerate() {
                    write_affine(&mut p[o + 12 * h..], t);
                }
            }
        }
        for (name, w) in self.blendshapes.unwrap_or_default() {
            let i = rig
                .blendshape_param_index(&name)
                .ok_or_else(|| err(format!("unknown blendshape {name:?}")))?;
            p[i] = w;
        }
        Ok(p)
    }
}

impl RigAnimation {
    /// Validate: `dt` finite and > 0, at least one frame, every frame of length [`Rig::num_params`] and
    /// finite.
    pub fn new(rig: &Rig, dt: f64, frames: Vec<Vec<f64>>) -> Result<Self, RigError> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(RigError::Dt(dt));
        }
        if frames.is_empty() {
            return Err(RigError::NoFrames);
        }
        let expected = rig.num_params();
        for (frame, p) in frames.iter().enumerate() {
            if p.len() != expected {
                return Err(RigError::FrameParamCount { frame, got: p.len(), expected });
            }
            if let Some(i) = p.iter().position(|v| !v.is_finite()) {
                return Err(RigError::FrameNonFinite {
                    frame,
                    name: rig.param_names().swap_remove(i),
                    value: p[i],
                });
            }
        }
        Ok(RigAnimation { dt, frames })
    }

    /// Parse an animation file for `rig` (format in the module doc).
    pub fn from_json_str(s: &str, rig: &Rig) -> Result<Self, RigError> {
        let file: AnimationFile = serde_json::from_str(s).map_err(|e| RigError::Json(e.to_string()))?;
        let frames = file
            .frames
            .into_iter()
            .enumerate()
            .map(|(i, f)| f.into_params(rig, i))
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(rig, file.dt, frames)
    }

    /// Read and parse an animation file for `rig`.
    pub fn load(path: impl AsRef<Path>, rig: &Rig) -> Result<Self, RigError> {
        let path = path.as_ref();
        let s = std::fs::read_to_string(path)
            .map_err(|e| RigError::Io { path: path.display().to_string(), message: e.to_string() })?;
        Self::from_json_str(&s, rig).map_err(|e| match e {
            RigError::Json(m) => RigError::Io { path: path.display().to_string(), message: m },
            e => e,
        })
    }

    /// The animation as a file with full parameter vectors.
    pub fn to_json_string(&self) -> String {
        let frames =
            self.frames.iter().map(|p| FrameFile { params: Some(p.clone()), ..Default::default() }).collect();
        serde_json::to_string(&AnimationFile { dt: self.dt, frames }).expect("serialisable")
    }

    /// Time between frames (s).
    pub fn dt(&self) -> f64 {
        self.dt
    }

    pub fn num_frames(&self) -> usize {
        self.frames.len()
    }

    /// Parameter vectors, one per frame.
    pub fn frames(&self) -> &[Vec<f64>] {
        &self.frames
    }

    /// Parameters of frame `i`.
    pub fn params(&self, i: usize) -> &[f64] {
        &self.frames[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::blendshapes::{BlendTarget, BlendshapeRig};
    use crate::rig::lbs::{LbsRig, VertexWeights};
    use crate::rig::test_support::{bone, max_abs_diff};

    /// 90° about z as a 3×4 block with translation `t`.
    fn rot_z(t: [f64; 3]) -> Affine {
        [[0.0, -1.0, 0.0, t[0]], [1.0, 0.0, 0.0, t[1]], [0.0, 0.0, 1.0, t[2]]]
    }

    fn json_affine(t: &Affine) -> String {
        serde_json::to_string(t).unwrap()
    }

    #[test]
    fn animation_forms_agree_and_bend_the_bar() {
        let mesh = box_mesh(8, 1, 1, [4.0, 1.0, 1.0]);
        let rig = Rig::new(vec![
            RigPart::Affine,
            RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 2.0, 1.0)),
            RigPart::Blendshapes(
                BlendshapeRig::new(
                    None,
                    vec![BlendTarget {
                        name: "bulge".into(),
                        indices: vec![0],
                        deltas: vec![[0.0, 0.0, 1.0]],
                    }],
                )
                .unwrap(),
            ),
        ])
        .unwrap();
        let joint = [2.0, 0.5, 0.5];
        let skinning = {
            let r = rot_z([0.0; 3]);
            let mut t = r;
            for c in 0..3 {
                t[c][3] = joint[c] - (0..3).map(|j| r[c][j] * joint[j]).sum::<f64>();
            }
            t
        };
        let frames = [
            format!(
                r#"{{"bones": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&skinning)
            ),
            format!(
                r#"{{"bones_world": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&rot_z(joint))
            ),
            format!(
                r#"{{"bones_local": {{"child": {}}}, "blendshapes": {{"bulge": 0.5}}}}"#,
                json_affine(&rot_z([2.0, 0.0, 0.0]))
            ),
            r#"{"affine": [[1,0,0,1],[0,1,0,0],[0,0,1,0]]}"#.to_string(),
            r#"{}"#.to_string(),
        ];
        let text = format!(r#"{{"dt": 0.02, "frames": [{}]}}"#, frames.join(","));
        let anim = RigAnimation::from_json_str(&text, &rig).unwrap();
        assert_eq!((anim.num_frames(), anim.dt()), (5, 0.02));
        for f in 1..3 {
            assert!(max_abs_diff(anim.params(f), anim.params(0)) < 1e-15, "frame {f}");
        }
        let x = rig.deform(&mesh.vertices, anim.params(2)).unwrap();
        let n = mesh.n();
        for (v, p) in mesh.vertices.iter().enumerate() {
            let got = [x[v], x[n + v], x[2 * n + v]];
            let want = if p[0] >= 2.5 {
                [joint[0] - (p[1] - joint[1]), joint[1] + (p[0] - joint[0]), p[2]]
            // fully on the child: rotated
            } else if p[0] <= 1.5 {
                [p[0], p[1], p[2] + if v == 0 { 0.5 } else { 0.0 }] // on the root: still
            } else {
                continue;
            };
            assert!((0..3).all(|c| (got[c] - want[c]).abs() < 1e-14), "vertex {v}: {got:?} vs {want:?}");
        }
        // the affine frame translates everything by +1 in x; the empty frame is the rest pose
        let x = rig.deform(&mesh.vertices, anim.params(3)).unwrap();
        assert!((0..n).all(|v| (x[v] - mesh.vertices[v][0] - 1.0).abs() < 1e-15));
        assert_eq!(anim.params(4), rig.rest_params().as_slice());
        // round trip through the params form
        let back = RigAnimation::from_json_str(&anim.to_json_string(), &rig).unwrap();
        assert!((0..5).all(|f| max_abs_diff(back.params(f), anim.params(f)) <= 1e-15));
    }

    #[test]
    fn animation_errors() {
        let rig = Rig::new(vec![RigPart::Lbs(
            LbsRig::new(vec![bone("a", None)], VertexWeights::from_rows([[(0, 1.0)]])).unwrap(),
        )])
        .unwrap();
        let p = rig.rest_params();
        let parse = |s: &str| RigAnimation::from_json_str(s, &rig);
        assert_eq!(RigAnimation::new(&rig, 0.0, vec![p.clone()]), Err(RigError::Dt(0.0)));
        assert!(matches!(RigAnimation::new(&rig, f64::NAN, vec![p.clone()]), Err(RigError::Dt(_))));
        assert_eq!(RigAnimation::new(&rig, 0.1, vec![]), Err(RigError::NoFrames));
        assert_eq!(
            RigAnimation::new(&rig, 0.1, vec![p.clone(), vec![1.0]]),
            Err(RigError::FrameParamCount { frame: 1, got: 1, expected: 12 })
        );
        let mut nan = p.clone();
        nan[7] = f64::NAN;
        assert!(matches!(
            RigAnimation::new(&rig, 0.1, vec![nan]),
            Err(RigError::FrameNonFinite { frame: 0, ref name, .. }) if name == "bone:a[1][3]"
        ));
        assert_eq!(parse(r#"{"dt": -1, "frames": [{}]}"#), Err(RigError::Dt(-1.0)));
        assert_eq!(
            parse(r#"{"dt": 1, "frames": [{"params": [1]}]}"#),
            Err(RigError::FrameParamCount { frame: 0, got: 1, expected: 12 })
        );
        let frame_err = |s: &str| match parse(s) {
            Err(RigError::Frame { frame, message }) => (frame, message),
            other => panic!("{other:?}"),
        };
        assert!(frame_err(r#"{"dt":1,"frames":[{},{"bones":{"zz":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}}]}"#)
            .1
            .contains("unknown bone"));
        assert!(frame_err(r#"{"dt":1,"frames":[{"blendshapes":{"zz":1}}]}"#)
            .1
            .contains("unknown blendshape"));
        assert!(frame_err(r#"{"dt":1,"frames":[{"affine":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}]}"#)
            .1
            .contains("no affine part"));
        let id = "[[1,0,0,0],[0,1,0,0],[0,0,1,0]]";
        assert!(frame_err(&format!(
            r#"{{"dt":1,"frames":[{{"bones":{{"a":{id}}},"bones_world":{{"a":{id}}}}}]}}"#
        ))
        .1
        .contains("one form"));
        assert!(frame_err(&format!(r#"{{"dt":1,"frames":[{{"params":[],"bones":{{"a":{id}}}}}]}}"#))
            .1
            .contains("cannot be combined"));
        assert!(matches!(parse(r#"{"dt":1,"frames":[{"bogus":1}]}"#), Err(RigError::Json(_))));
        assert!(matches!(parse(r#"{"frames":[{}]}"#), Err(RigError::Json(_))));
        assert!(matches!(RigAnimation::load("/nonexistent.json", &rig), Err(RigError::Io { .. })));
    }
}
