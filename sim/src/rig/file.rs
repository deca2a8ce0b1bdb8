//! The rig JSON file: reading, validating and writing [`Rig`]s.
//!
//! # Rig file (`avatard precompute --rig R.json`)
//! ```json
//! {"parts": [
//!   {"type": "affine"},
//!   {"type": "lbs",
//!    "bones": [{"name": "hips",  "parent": null,   "bind": [[1,0,0,0],[0,1,0,0.9],[0,0,1,0]]},
//!              {"name": "spine", "parent": "hips", "bind": [[1,0,0,0],[0,1,0,1.1],[0,0,1,0]]}],
//!    "weights": {"format": "sparse", "vertices": [[[0, 1.0]], [["hips", 0.25], [1, 0.75]], ...]},
//!    "normalize": false},
//!   {"type": "blendshapes", "num_vertices": 1234,
//!    "targets": [{"name": "jawOpen", "deltas": [[dx,dy,dz], ...]},
//!                {"name": "smile", "indices": [10, 11], "deltas": [[dx,dy,dz], [dx,dy,dz]]}]}
//! ]}
//! ```
//! - `parent`: `null`, a bone index, or a bone name (of the same part). `bind`: the bone's rest-pose world
//!   transform, 3 rows of 4.
//! - `weights`: `{"format": "dense", "values": [[w_0, .., w_{m-1}], ...]}` (one row of `m` = bone count
//!   weights per vertex) or `{"format": "sparse", "vertices": [[[bone, w], ...], ...]}` (per vertex, `bone`
//!   an index or a name); the number of rows is the vertex count. `"normalize": true` renormalises each
//!   vertex's weights (they must still be finite, non-negative, with a positive sum).
//! - targets: dense (`deltas` only: one `[dx,dy,dz]` per vertex) or sparse (`indices` plus as many `deltas`).
//!   `num_vertices` is optional (dense targets imply it; sparse-only parts are checked against the mesh).
//! - Shorthand for a single global affine handle: `{"rig": "affine"}`.
//!
//! Unknown fields are refused. [`Rig::to_json_string`] writes the canonical form (sparse weights and
//! targets).

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rig::affine::Affine;
use crate::rig::blendshapes::{BlendTarget, BlendshapeRig};
use crate::rig::error::RigError;
use crate::rig::lbs::{Bone, LbsRig, VertexWeights};
use crate::rig::linear::{Rig, RigPart};

impl Rig {
    /// Parse a rig file (format in the module doc).
    pub fn from_json_str(s: &str) -> Result<Self, RigError> {
        let file: RigFile = serde_json::from_str(s).map_err(|e| RigError::Json(e.to_string()))?;
        file.into_rig()
    }

    /// Read and parse a rig file.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, RigError> {
        let path = path.as_ref();
        let s = std::fs::read_to_string(path)
            .map_err(|e| RigError::Io { path: path.display().to_string(), message: e.to_string() })?;
        Self::from_json_str(&s).map_err(|e| match e {
            RigError::Json(m) => RigError::Io { path: path.display().to_string(), message: m },
            e => e,
        })
    }

    /// The canonical rig file (parents by index, sparse weights, sparse targets).
    pub fn to_json_string(&self) -> String {
        let parts = self
            .parts
            .iter()
            .map(|part| match part {
                RigPart::Affine => PartFile::Affine {},
                RigPart::Lbs(l) => PartFile::Lbs {
                    bones: l
                        .bones
                        .iter()
                        .map(|b| BoneFile {
                            name: b.name.clone(),
                            parent: b.parent.map(NameOrIndex::Index),
                            bind: b.bind,
                        })
                        .collect(),
                    weights: WeightsFile::Sparse {
                        vertices: (0..l.num_vertices())
                            .map(|v| l.weights.iter_row(v).map(|(b, w)| (NameOrIndex::Index(b), w)).collect())
                            .collect(),
                    },
                    normalize: false,
                },
                RigPart::Blendshapes(b) => PartFile::Blendshapes {
                    num_vertices: b.num_vertices,
                    targets: b
                        .targets
                        .iter()
                        .map(|t| TargetFile {
                            name: t.name.clone(),
                            indices: Some(t.indices.clone()),
                            deltas: t.deltas.clone(),
                        })
                        .collect(),
                },
            })
            .collect();
        serde_json::to_string(&RigFile { parts: Some(parts), rig: None }).expect("serialisable")
    }
}

// -----------------------------------------------------------------------------------------------------------
// Rig file (serde side; the format is documented in the module doc).

/// A bone reference in a file: an index or a name.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum NameOrIndex {
    Index(usize),
    Name(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RigFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<PartFile>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rig: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum PartFile {
    // a struct variant, so that unknown fields are refused here too
    Affine {},
    Lbs {
        bones: Vec<BoneFile>,
        weights: WeightsFile,
        #[serde(default, skip_serializing_if = "is_false")]
        normalize: bool,
    },
    Blendshapes {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        num_vertices: Option<usize>,
        targets: Vec<TargetFile>,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoneFile {
    name: String,
    #[serde(default)]
    parent: Option<NameOrIndex>,
    bind: Affine,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "format", rename_all = "lowercase", deny_unknown_fields)]
enum WeightsFile {
    Dense { values: Vec<Vec<f64>> },
    Sparse { vertices: Vec<Vec<(NameOrIndex, f64)>> },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetFile {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    indices: Option<Vec<usize>>,
    deltas: Vec<[f64; 3]>,
}

impl RigFile {
    fn into_rig(self) -> Result<Rig, RigError> {
        match (self.parts, self.rig) {
            (None, Some(r)) if r == "affine" => Ok(Rig::affine()),
            (None, Some(r)) => Err(RigError::UnknownShorthand(r)),
            (Some(parts), None) => {
                Rig::new(parts.into_iter().map(PartFile::into_part).collect::<Result<_, _>>()?)
            }
            _ => Err(RigError::RigFileShape),
        }
    }
}

impl PartFile {
    fn into_part(self) -> Result<RigPart, RigError> {
        match self {
            PartFile::Affine {} => Ok(RigPart::Affine),
            PartFile::Lbs { bones, weights, normalize } => {
                let m = bones.len();
                // first occurrence wins here; duplicates are refused by LbsRig::new
                let mut by_name = HashMap::new();
                for (i, b) in bones.iter().enumerate() {
                    by_name.entry(b.name.clone()).or_insert(i);
                }
                let bones = bones
                    .into_iter()
                    .enumerate()
                    .map(|(bone, b)| {
                        let parent = match b.parent {
                            None => None,
                            Some(NameOrIndex::Index(i)) => Some(i),
                            Some(NameOrIndex::Name(name)) => {
                                Some(*by_name.get(&name).ok_or(RigError::UnknownParent { bone, name })?)
                            }
                        };
                        Ok(Bone { name: b.name, parent, bind: b.bind })
                    })
                    .collect::<Result<Vec<_>, RigError>>()?;
                let weights = match weights {
                    WeightsFile::Dense { values } => {
                        if let Some(vertex) = values.iter().position(|r| r.len() != m) {
                            return Err(RigError::DenseWeightRow {
                                vertex,
                                got: values[vertex].len(),
                                bones: m,
                            });
                        }
                        VertexWeights::from_rows(
                            values.iter().map(|r| r.iter().enumerate().map(|(h, &w)| (h as u32, w))),
                        )
                    }
                    WeightsFile::Sparse { vertices } => {
                        let mut rows = Vec::with_capacity(vertices.len());
                        for (vertex, r) in vertices.into_iter().enumerate() {
                            let mut row = Vec::with_capacity(r.len());
                            for (b, w) in r {
                                let bone = match b {
                                    NameOrIndex::Index(bone) => bone,
                                    NameOrIndex::Name(name) => *by_name
                                        .get(&name)
                                        .ok_or(RigError::WeightBoneName { vertex, name })?,
                                };
                                let bone = u32::try_from(bone).map_err(|_| RigError::WeightBone {
                                    vertex,
                                    bone,
                                    bones: m,
                                })?;
                                row.push((bone, w));
                            }
                            rows.push(row);
                        }
                        VertexWeights::from_rows(rows)
                    }
                };
                let lbs = if normalize {
                    LbsRig::new_normalized(bones, weights)?.0
                } else {
                    LbsRig::new(bones, weights)?
                };
                Ok(RigPart::Lbs(lbs))
            }
            PartFile::Blendshapes { num_vertices, targets } => {
                let n = num_vertices
                    .or_else(|| targets.iter().find(|t| t.indices.is_none()).map(|t| t.deltas.len()));
                let mut out = Vec::with_capacity(targets.len());
                for t in targets {
                    match t.indices {
                        Some(indices) => out.push(BlendTarget { name: t.name, indices, deltas: t.deltas }),
                        None => {
                            let n = n.expect("a dense target sets n");
                            if t.deltas.len() != n {
                                return Err(RigError::DeltaCount { name: t.name, got: t.deltas.len(), n });
                            }
                            out.push(BlendTarget {
                                name: t.name,
                                indices: (0..n).collect(),
                                deltas: t.deltas,
                            });
                        }
                    }
                }
                Ok(RigPart::Blendshapes(BlendshapeRig::new(n, out)?))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::animation::RigAnimation;
    use crate::rig::test_support::{random_blendshapes, random_lbs, Rng};
    use crate::rig::IDENTITY;

    #[test]
    fn json_round_trip_and_documented_forms() {
        // dyadic values survive the text round trip exactly
        let bones = vec![
            Bone {
                name: "hips".into(),
                parent: Some(1),
                bind: [[1.0, 0.0, 0.0, 0.5], [0.0, 2.0, 0.0, 0.25], [0.0, 0.0, 1.0, -1.0]],
            },
            Bone { name: "root".into(), parent: None, bind: IDENTITY },
        ];
        let weights = VertexWeights::from_rows([vec![(0, 0.25), (1, 0.75)], vec![(1, 1.0)], vec![(0, 1.0)]]);
        let lbs = LbsRig::new(bones, weights).unwrap();
        let shapes = BlendshapeRig::from_dense(vec![
            ("jawOpen".into(), vec![[0.0; 3], [0.5, 0.0, -0.125], [1.0, 1.0, 1.0]]),
            ("blink".into(), vec![[0.0; 3], [0.0; 3], [0.0, 0.0, 0.0625]]),
        ])
        .unwrap();
        let rig = Rig::new(vec![RigPart::Affine, RigPart::Lbs(lbs), RigPart::Blendshapes(shapes)]).unwrap();
        let text = rig.to_json_string();
        assert_eq!(Rig::from_json_str(&text).unwrap(), rig);

        // non-dyadic values: equal to within float parsing (serde_json's default parser may be off by an ulp)
        let mesh = box_mesh(2, 2, 2, [1.0, 1.0, 1.0]);
        let mut rng = Rng(5);
        let rig = Rig::new(vec![
            RigPart::Lbs(random_lbs(&mut rng, mesh.n())),
            RigPart::Blendshapes(random_blendshapes(&mut rng, mesh.n())),
        ])
        .unwrap();
        let back = Rig::from_json_str(&rig.to_json_string()).unwrap();
        let a = rig.jacobian(&mesh.vertices).unwrap().to_dense();
        let b = back.jacobian(&mesh.vertices).unwrap().to_dense();
        assert!((0..a.nrows()).all(|r| (0..a.ncols()).all(|c| (a[(r, c)] - b[(r, c)]).abs() <= 1e-15)));
        assert_eq!(rig.param_names(), back.param_names());

        // the documented hand-written forms: names as parents and bone references, dense weights, dense and
        // sparse targets, normalisation, the affine shorthand
        let doc = r#"{"parts": [
            {"type": "affine"},
            {"type": "lbs",
             "bones": [{"name": "spine", "parent": "hips", "bind": [[1,0,0,0],[0,1,0,1.1],[0,0,1,0]]},
                       {"name": "hips", "parent": null, "bind": [[1,0,0,0],[0,1,0,0.9],[0,0,1,0]]}],
             "weights": {"format": "sparse", "vertices": [[[0, 1.0]], [["hips", 1], [0, 3]], [["spine", 2]]]},
             "normalize": true},
            {"type": "blendshapes",
             "targets": [{"name": "jawOpen", "deltas": [[0,0,0],[0,-0.5,0],[0,0,0]]},
                         {"name": "smile", "indices": [2], "deltas": [[0.1, 0, 0]]}]}]}"#;
        let rig = Rig::from_json_str(doc).unwrap();
        assert_eq!(rig.num_params(), 12 + 24 + 2);
        assert_eq!(rig.num_vertices(), Some(3));
        let RigPart::Lbs(l) = &rig.parts()[1] else { panic!() };
        assert_eq!(l.bones()[0].parent, Some(1));
        assert_eq!(l.weights().get(1, 0), 0.75);
        assert_eq!(l.weights().get(1, 1), 0.25);
        assert_eq!(l.weights().get(2, 0), 1.0);
        assert_eq!(l.topological_order(), &[1, 0]);
        assert_eq!(rig.param_names()[38 - 1], "blendshape:smile");
        let dense = r#"{"parts":[{"type":"lbs","bones":[{"name":"a","bind":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]},
            {"name":"b","parent":0,"bind":[[1,0,0,0],[0,1,0,0],[0,0,1,0]]}],
            "weights":{"format":"dense","values":[[1,0],[0.5,0.5]]}}]}"#;
        let rig = Rig::from_json_str(dense).unwrap();
        let RigPart::Lbs(l) = &rig.parts()[0] else { panic!() };
        assert_eq!(l.weights().nnz(), 3);
        assert_eq!(Rig::from_json_str(r#"{"rig": "affine"}"#).unwrap(), Rig::affine());
    }

    #[test]
    fn rig_file_errors() {
        let err = |s: &str| Rig::from_json_str(s).unwrap_err();
        assert_eq!(err(r#"{"rig": "lbs"}"#), RigError::UnknownShorthand("lbs".into()));
        assert_eq!(err(r#"{}"#), RigError::RigFileShape);
        assert_eq!(err(r#"{"rig": "affine", "parts": []}"#), RigError::RigFileShape);
        assert_eq!(err(r#"{"parts": []}"#), RigError::Empty);
        assert!(matches!(err(r#"{"parts": [{"type": "affine", "extra": 1}]}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": [{"type": "bogus"}]}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": [{"type": "affine"}], "typo": 1}"#), RigError::Json(_)));
        assert!(matches!(err(r#"{"parts": "#), RigError::Json(_)));
        let id = "[[1,0,0,0],[0,1,0,0],[0,0,1,0]]";
        let lbs = |bones: &str, weights: &str| {
            format!(r#"{{"parts":[{{"type":"lbs","bones":{bones},"weights":{weights}}}]}}"#)
        };
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","parent":"zz","bind":{id}}}]"#),
                r#"{"format":"dense","values":[[1]]}"#
            )),
            RigError::UnknownParent { bone: 0, name: "zz".into() }
        );
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","bind":{id}}}]"#),
                r#"{"format":"dense","values":[[1],[0.5,0.5]]}"#
            )),
            RigError::DenseWeightRow { vertex: 1, got: 2, bones: 1 }
        );
        assert_eq!(
            err(&lbs(
                &format!(r#"[{{"name":"a","bind":{id}}}]"#),
                r#"{"format":"sparse","vertices":[[["b",1]]]}"#
            )),
            RigError::WeightBoneName { vertex: 0, name: "b".into() }
        );
        let blend = r#"{"parts":[{"type":"blendshapes","targets":[{"name":"a","deltas":[[0,0,1],[0,0,0]]},
            {"name":"b","deltas":[[0,0,1]]}]}]}"#;
        assert_eq!(err(blend), RigError::DeltaCount { name: "b".into(), got: 1, n: 2 });
        let blend = r#"{"parts":[{"type":"blendshapes","num_vertices":3,
            "targets":[{"name":"a","deltas":[[0,0,1],[0,0,0]]}]}]}"#;
        assert_eq!(err(blend), RigError::DeltaCount { name: "a".into(), got: 2, n: 3 });
        let missing = Rig::load("/nonexistent/rig.json").unwrap_err();
        assert!(matches!(missing, RigError::Io { .. }), "{missing}");
    }

    fn fixture(name: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rigs").join(name)
    }

    #[test]
    fn fixtures_load_and_match_their_generators() {
        let mesh = box_mesh(8, 1, 1, [4.0, 1.0, 1.0]);
        assert_eq!(Rig::load(fixture("affine.json")).unwrap(), Rig::affine());
        let bar = Rig::load(fixture("bar_two_bone.json")).unwrap();
        assert_eq!(bar, Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 2.0, 2.0))]).unwrap());
        let shapes = Rig::load(fixture("bar_blendshapes.json")).unwrap();
        assert_eq!(shapes.num_params(), 2);
        shapes.check_vertices(mesh.n()).unwrap();
        let full = Rig::load(fixture("bar_full.json")).unwrap();
        assert_eq!(full.num_params(), 12 + 24 + 2);
        full.jacobian(&mesh.vertices).unwrap();
        let anim = RigAnimation::load(fixture("bar_bend.anim.json"), &bar).unwrap();
        assert!(anim.num_frames() >= 2);
        // the last frame bends the child by 90° about z through the joint (2, 0.5, 0.5): the corner (4, 0, 0)
        // goes to (2.5, 2.5, 0)
        let x = bar.deform(&mesh.vertices, anim.params(anim.num_frames() - 1)).unwrap();
        let n = mesh.n();
        let tip = mesh.vertices.iter().position(|p| *p == [4.0, 0.0, 0.0]).unwrap();
        let got = [x[tip], x[n + tip], x[2 * n + tip]];
        assert!(
            (got[0] - 2.5).abs() < 1e-12 && (got[1] - 2.5).abs() < 1e-12 && got[2].abs() < 1e-12,
            "{got:?}"
        );
        RigAnimation::load(fixture("bar_full.anim.json"), &full).unwrap();
    }
}
