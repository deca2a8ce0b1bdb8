//! The VRM 1.0 export (`avatard export --vrm`, `avatar_sim::asset::to_vrm`) checked by independent readers:
//! the Khronos glTF validator and three-vrm (`@pixiv/three-vrm` on three's GLTFLoader) under Node
//! (`tools/vrm-check/check.mjs`, installed by `cargo xtask setup node`), and our own importer (the humanoid map,
//! expressions, looks and blendshapes come back equal).
//!
//! Inputs: the default avatar (no looks, no blendshapes, a game-engine skeleton mapped by name rules), and
//! the same avatar given looks (UVs, a textured PNG material and a masked double-sided one), three
//! blendshapes, preset and custom expressions and a VRM meta with a CC licence, and the default avatar with
//! spring bones on its index fingers and colliders of every shape (three-vrm builds them and swings them).

use avatar_e2e::mtoon_variants::{every_mtoon_feature_vrm0, every_mtoon_feature_vrm1, png};
use avatar_sim::asset::{
    read_glb, to_vrm, Asset, AssetHash, Expression, Looks, MorphBind, SurfaceMaterial, TextureImage,
    VRM_LICENSE_URL,
};
use avatar_sim::asset::{AlphaMode, Cache};
use avatar_sim::rig::{avatar_roles, BlendTarget, BlendshapeRig, Rig, RigPart, REQUIRED};
use avatard::{load_avatar as load, AvatarSpec, LoadedAvatar};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

fn avatar() -> Arc<LoadedAvatar> {
    static A: OnceLock<Arc<LoadedAvatar>> = OnceLock::new();
    A.get_or_init(|| {
        let cache = Cache::default_dir().map(Cache::new);
        Arc::new(load(&AvatarSpec::new("test"), cache.as_ref()).expect("default avatar"))
    })
    .clone()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn tmp(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("vrm-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `node tools/vrm-check/check.mjs FILE` → its JSON. Fails (does not skip) without node or the packages.
fn vrm_check(file: &Path) -> Value {
    let script = repo().join("tools/vrm-check/check.mjs");
    let modules = repo().join("tools/vrm-check/node_modules/@pixiv/three-vrm");
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.is_ok_and(|o| o.status.success()) && modules.is_dir(),
        "the VRM check needs node and tools/vrm-check/node_modules: run cargo xtask setup node \
         (CI's .ci/run installs node and npm)"
    );
    let out = Command::new("node").arg(&script).arg(file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "check.mjs failed on {}: {stdout}\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("check.mjs output is not JSON ({e}): {stdout}"))
}

/// The default avatar with looks, blendshapes, expressions and a VRM meta.
fn dressed(base: &Asset) -> Asset {
    let mut a = base.clone();
    let render = &mut a.render;
    let n = render.vertices.len();
    // blendshapes: the avatar's own face targets, else three made here on the upper vertices
    let existing: Vec<String> = render
        .rig
        .parts()
        .iter()
        .filter_map(|p| match p {
            RigPart::Blendshapes(b) => Some(b.targets().iter().map(|t| t.name.clone())),
            _ => None,
        })
        .flatten()
        .collect();
    let names: Vec<String> = if existing.len() >= 3 {
        let pick =
            |want: &str, i: usize| existing.iter().find(|n| *n == want).unwrap_or(&existing[i]).clone();
        vec![pick("jawOpen", 0), pick("eyeBlinkLeft", 1), pick("mouthSmileLeft", 2)]
    } else {
        let top = render.vertices.iter().map(|v| v[1]).fold(f64::MIN, f64::max);
        let face: Vec<usize> = (0..n).filter(|&v| render.vertices[v][1] > top - 0.15).collect();
        let shape = |name: &str, d: [f64; 3]| BlendTarget {
            name: name.into(),
            indices: face.clone(),
            deltas: vec![d; face.len()],
        };
        let shapes = BlendshapeRig::new(
            Some(n),
            vec![
                shape("mouthOpen", [0.0, -0.01, 0.0]),
                shape("eyesShut", [0.0, 0.0, -0.005]),
                shape("smirk", [0.01, 0.0, 0.0]),
            ],
        )
        .unwrap();
        let mut parts: Vec<RigPart> = render.rig.parts().to_vec();
        parts.push(RigPart::Blendshapes(shapes));
        render.rig = Rig::new(parts).unwrap();
        vec!["mouthOpen".into(), "eyesShut".into(), "smirk".into()]
    };
    assert_ne!(names[0], names[1]);
    // looks: planar UVs, two materials (triangles by parity), one PNG
    let (lo, hi) = render.vertices.iter().fold(([f64::MAX; 2], [f64::MIN; 2]), |(lo, hi), v| {
        ([lo[0].min(v[0]), lo[1].min(v[1])], [hi[0].max(v[0]), hi[1].max(v[1])])
    });
    a.looks = Looks {
        uv: render
            .vertices
            .iter()
            .map(|v| {
                [((v[0] - lo[0]) / (hi[0] - lo[0])) as f32, (1.0 - (v[1] - lo[1]) / (hi[1] - lo[1])) as f32]
            })
            .collect(),
        triangle_material: (0..render.triangles.len()).map(|t| (t % 2) as u32).collect(),
        materials: vec![
            SurfaceMaterial {
                name: "skin".into(),
                base_color: [1.0, 0.9, 0.8, 1.0],
                base_color_texture: Some(0),
                ..Default::default()
            },
            SurfaceMaterial {
                name: "cloth".into(),
                base_color: [0.2, 0.3, 0.9, 1.0],
                alpha_mode: AlphaMode::Mask,
                alpha_cutoff: 0.25,
                double_sided: true,
                ..Default::default()
            },
        ],
        images: vec![TextureImage::from_encoded(png(4, 4)).unwrap()],
    };
    let bind = |s: &str, w: f64| MorphBind { blendshape: s.into(), weight: w };
    let (open, shut, smirk) = (names[0].as_str(), names[1].as_str(), names[2].as_str());
    a.expressions = vec![
        Expression { name: "aa".into(), preset: true, binds: vec![bind(open, 1.0)], is_binary: false },
        Expression { name: "blink".into(), preset: true, binds: vec![bind(shut, 1.0)], is_binary: true },
        Expression {
            name: "happy".into(),
            preset: true,
            binds: vec![bind(open, 0.25), bind(smirk, 0.5)],
            is_binary: false,
        },
        Expression { name: "smug".into(), preset: false, binds: vec![bind(smirk, 0.75)], is_binary: false },
    ];
    a.source.vrm_meta = Some(json!({
        "name": "Dressed test avatar",
        "authors": ["vrm_export.rs"],
        "licenseUrl": "https://creativecommons.org/licenses/by/4.0/",
        "avatarPermission": "everyone",
        "thumbnailImage": 7,
    }));
    a
}

/// Export, write, check with the validator and three-vrm; the common assertions. Returns (bytes, check).
fn export_and_check(asset: &Asset, hash: &AssetHash, name: &str) -> (Vec<u8>, Value) {
    let bytes = to_vrm(asset, hash).unwrap();
    let path = tmp(name);
    std::fs::write(&path, &bytes).unwrap();
    let check = vrm_check(&path);
    let v = &check["validator"];
    assert_eq!(v["numErrors"], 0, "glTF validator errors: {:#}", v["messages"]);
    let vrm = &check["vrm"];
    assert_eq!(vrm["specVersion"], "1.0", "three-vrm found no VRM 1.0: {vrm:#}");
    assert_eq!(vrm["metaVersion"], "1");
    // every mapped role, and nothing else, found by three-vrm on the node of our bone
    let roles = avatar_roles(asset.render.rig.bone_names(), &asset.source.humanoid);
    let found: BTreeMap<String, String> = vrm["humanBones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["name"].as_str().unwrap().to_owned(), b["node"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(found, roles, "three-vrm's human bones");
    for r in REQUIRED {
        assert!(found.contains_key(r), "{r}");
    }
    // VRM 1.0 faces +Z: the character's left is +X
    let x = |role: &str| {
        vrm["humanBones"].as_array().unwrap().iter().find(|b| b["name"] == role).unwrap()["position"][0]
            .as_f64()
            .unwrap()
    };
    assert!(x("leftHand") > 0.1 && x("rightHand") < -0.1, "left hand at +X, right at -X");
    // expressions: ours, with their binds (three-vrm also makes empty presets of its own? no: only the file's)
    let got: BTreeMap<String, (u64, bool)> = vrm["expressions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_owned(),
                (e["binds"].as_u64().unwrap(), e["isBinary"].as_bool().unwrap()),
            )
        })
        .collect();
    let want: BTreeMap<String, (u64, bool)> =
        asset.expressions.iter().map(|e| (e.name.clone(), (e.binds.len() as u64, e.is_binary))).collect();
    assert_eq!(got, want, "three-vrm's expressions; its warnings: {:#}", vrm["warnings"]);
    assert_eq!(vrm["materials"], asset.looks.materials.len().max(1), "materials on the meshes");
    assert_eq!(vrm["textures"], asset.looks.images.len(), "base-colour textures");
    (bytes, check)
}

#[test]
fn the_default_avatar_exports_as_a_valid_vrm_1_that_three_vrm_loads() {
    let a = avatar();
    let (bytes, check) = export_and_check(&a.asset, &a.hash, "default.vrm");
    let meta = &check["vrm"]["meta"];
    assert_eq!(meta["authors"], json!(["avatard export"]));
    assert_eq!(meta["licenseUrl"], VRM_LICENSE_URL);
    eprintln!("default: validator {:#}", check["validator"]);
    // our importer reads the humanoid map back (roles from name rules became an explicit map)
    let back = read_glb(&bytes).unwrap();
    let roles = avatar_roles(a.asset.render.rig.bone_names(), &a.asset.source.humanoid);
    assert_eq!(back.info.humanoid, roles);
    assert_eq!(back.info.vrm_version, "1.0");
    assert!(back.looks.is_empty() && back.expressions.is_empty());
    assert!(back.springs.is_empty());
    let springs = &check["springBones"];
    assert!(springs.is_null() || springs["joints"] == 0, "no springs written, none found: {springs:#}");
}

#[test]
fn a_dressed_avatar_keeps_looks_expressions_blendshapes_and_meta_through_vrm() {
    let a = avatar();
    let asset = dressed(&a.asset);
    let (bytes, check) = export_and_check(&asset, &a.hash, "dressed.vrm");
    eprintln!("dressed: validator {:#}", check["validator"]);
    let meta = &check["vrm"]["meta"];
    assert_eq!(meta["name"], "Dressed test avatar");
    assert_eq!(meta["licenseUrl"], VRM_LICENSE_URL, "VRM 1.0 takes only the VRM licence URL");
    assert_eq!(meta["otherLicenseUrl"], "https://creativecommons.org/licenses/by/4.0/");
    assert_eq!(meta["avatarPermission"], "everyone");
    assert!(meta["thumbnailImage"].is_null() || meta["thumbnailImage"] == json!(null));
    // re-import: everything comes back equal
    let back = read_glb(&bytes).unwrap();
    let render = &asset.render;
    assert_eq!(back.vertices.len(), render.vertices.len(), "primitives sharing accessors share vertices");
    assert_eq!(back.triangles.len(), render.triangles.len());
    // triangles come back grouped by material: compare as sets of (triangle, material)
    let tris = |t: &[[u32; 3]], l: &Looks| -> BTreeSet<([u32; 3], u32)> {
        t.iter().enumerate().map(|(i, t)| (*t, l.triangle_material[i])).collect()
    };
    assert_eq!(tris(&back.triangles, &back.looks), tris(&render.triangles, &asset.looks));
    assert_eq!(back.looks.uv, asset.looks.uv);
    assert_eq!(back.looks.materials, asset.looks.materials);
    assert_eq!(back.looks.images, asset.looks.images, "image bytes written back bit for bit");
    let shapes = |r: &Rig| -> Vec<BlendTarget> {
        r.parts()
            .iter()
            .find_map(|p| match p {
                RigPart::Blendshapes(b) => Some(b.targets().to_vec()),
                _ => None,
            })
            .unwrap_or_default()
    };
    let (want, got) = (shapes(&render.rig), shapes(&back.rig));
    assert_eq!(got.len(), want.len());
    let dense = |t: &BlendTarget| {
        let mut d = vec![[0.0f64; 3]; render.vertices.len()];
        for (&v, x) in t.indices.iter().zip(&t.deltas) {
            d[v] = *x;
        }
        d
    };
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g.name, w.name);
        for (a, b) in dense(g).iter().zip(&dense(w)) {
            assert!((0..3).all(|c| (a[c] - b[c]).abs() < 1e-6), "{} delta {a:?} vs {b:?}", g.name);
        }
    }
    let mut e = back.expressions.clone();
    e.sort_by(|a, b| a.name.cmp(&b.name));
    let mut want = asset.expressions.clone();
    want.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(e, want);
    let roles = avatar_roles(asset.render.rig.bone_names(), &asset.source.humanoid);
    assert_eq!(back.info.humanoid, roles);
    assert_eq!(back.vrm_meta.unwrap()["otherLicenseUrl"], "https://creativecommons.org/licenses/by/4.0/");
}

#[test]
fn an_avatar_without_a_required_humanoid_bone_is_refused_with_the_missing_roles() {
    let a = avatar();
    let mut asset = (*a.asset).clone();
    let roles = avatar_roles(asset.render.rig.bone_names(), &asset.source.humanoid);
    let (left_foot, right_hand) = (roles["leftFoot"].clone(), roles["rightHand"].clone());
    // rename two bones out of every naming rule
    let mut parts = asset.render.rig.parts().to_vec();
    for p in &mut parts {
        if let RigPart::Lbs(l) = p {
            let mut bones = l.bones().to_vec();
            for b in &mut bones {
                if b.name == left_foot || b.name == right_hand {
                    b.name = format!("xx_{}", b.name);
                }
            }
            *l = avatar_sim::rig::LbsRig::new(bones, l.weights().clone()).unwrap();
        }
    }
    asset.render.rig = Rig::new(parts).unwrap();
    let err = to_vrm(&asset, &a.hash).unwrap_err().to_string();
    assert!(
        err.contains("required humanoid bones") && err.contains("leftFoot") && err.contains("rightHand"),
        "{err}"
    );
    // a bone given two roles is refused too
    let mut asset = (*a.asset).clone();
    asset.source.humanoid =
        BTreeMap::from([("hips".into(), roles["hips"].clone()), ("spine".into(), roles["hips"].clone())]);
    let err = to_vrm(&asset, &a.hash).unwrap_err().to_string();
    assert!(err.contains("unique"), "{err}");
}

#[test]
fn avatard_export_writes_vrm_or_gltf_but_not_both() {
    let a = avatar();
    let (bytes, _) = avatar_sim::asset::to_bytes(&a.asset).unwrap();
    let asset_path = tmp("default.avatar");
    std::fs::write(&asset_path, bytes).unwrap();
    let out = tmp("cli.vrm");
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_avatard")).args(args).output().unwrap();
    let ok = run(&["export", asset_path.to_str().unwrap(), "--vrm", out.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let file = std::fs::read(&out).unwrap();
    assert_eq!(&file[..4], b"glTF");
    assert_eq!(read_glb(&file).unwrap().info.vrm_version, "1.0");
    let both = run(&["export", asset_path.to_str().unwrap(), "--vrm", "a.vrm", "--gltf", "b.glb"]);
    assert!(!both.status.success());
    let neither = run(&["export", asset_path.to_str().unwrap()]);
    assert!(!neither.status.success());
}

/// The avatar turned 180° about +Y (facing -Z, as assets imported from VRM 0.x files do).
fn facing_minus_z(base: &Asset) -> Asset {
    let mut a = base.clone();
    let turn = |p: [f64; 3]| [-p[0], p[1], -p[2]];
    a.render.vertices.iter_mut().for_each(|v| *v = turn(*v));
    let parts: Vec<RigPart> = a
        .render
        .rig
        .parts()
        .iter()
        .map(|p| match p {
            RigPart::Lbs(l) => {
                let mut bones = l.bones().to_vec();
                for b in &mut bones {
                    for c in 0..4 {
                        b.bind[0][c] = -b.bind[0][c];
                        b.bind[2][c] = -b.bind[2][c];
                    }
                }
                RigPart::Lbs(avatar_sim::rig::LbsRig::new(bones, l.weights().clone()).unwrap())
            }
            RigPart::Blendshapes(b) => {
                let mut t = b.targets().to_vec();
                t.iter_mut().for_each(|t| t.deltas.iter_mut().for_each(|d| *d = turn(*d)));
                RigPart::Blendshapes(BlendshapeRig::new(Some(a.render.vertices.len()), t).unwrap())
            }
            other => other.clone(),
        })
        .collect();
    a.render.rig = Rig::new(parts).unwrap();
    a
}

#[test]
fn an_avatar_facing_minus_z_is_turned_to_face_plus_z_in_the_file_only() {
    let a = avatar();
    let asset = facing_minus_z(&a.asset);
    // export_and_check asserts the left hand at +X as three-vrm sees it
    let (bytes, _) = export_and_check(&asset, &a.hash, "turned.vrm");
    let back = read_glb(&bytes).unwrap();
    let worst = back
        .vertices
        .iter()
        .zip(&asset.render.vertices)
        .flat_map(|(p, q)| (0..3).map(move |c| (p[c] - q[c]).abs()))
        .fold(0.0, f64::max);
    assert!(worst < 1e-5, "the mesh stays in the asset's frame: {worst}");
}

/// The default avatar with spring bones on its index fingers, drooping under gravity: the left one two joints
/// with the bone index_03_l as tail, the right one its leaf index_03_r alone with a point tail 3 cm beyond it
/// (what a VRM 0.x leaf imports as); colliders of every shape on the forearms and hands, in two groups (the
/// extended ones placed to leave the fingers free: a plane 1 m below the hand, inside shapes 0.6 m wide).
fn with_springs(base: &Asset) -> Asset {
    use avatar_sim::rig::affine_inverse;
    use avatar_sim::spring::{
        ChainTail, Collider, ColliderGroup, ColliderShape, JointParams, SpringChain, SpringJoint, SpringModel,
    };
    let mut a = base.clone();
    let lbs = a
        .render
        .rig
        .parts()
        .iter()
        .find_map(|p| match p {
            RigPart::Lbs(l) => Some(l.clone()),
            _ => None,
        })
        .unwrap();
    let bind = |name: &str| lbs.bones()[lbs.bone_index(name).unwrap()].bind;
    let head = |name: &str| {
        let b = bind(name);
        [b[0][3], b[1][3], b[2][3]]
    };
    // a world point and a world direction in a bone's frame
    let local_point = |name: &str, p: [f64; 3]| {
        let inv = affine_inverse(&bind(name)).unwrap();
        std::array::from_fn::<f64, 3, _>(|r| (0..3).map(|k| inv[r][k] * p[k]).sum::<f64>() + inv[r][3])
    };
    let local_dir = |name: &str, d: [f64; 3]| {
        let inv = affine_inverse(&bind(name)).unwrap();
        let v: [f64; 3] = std::array::from_fn(|r| (0..3).map(|k| inv[r][k] * d[k]).sum::<f64>());
        let n = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        v.map(|x| x / n)
    };
    let (p2, p3) = (head("index_02_r"), head("index_03_r"));
    let d: [f64; 3] = std::array::from_fn(|i| p3[i] - p2[i]);
    let len = d.iter().map(|x| x * x).sum::<f64>().sqrt();
    let point_tail: [f64; 3] = std::array::from_fn(|i| p3[i] + 0.03 * d[i] / len);
    let params = JointParams { stiffness: 0.2, gravity_power: 2.0, drag_force: 0.4, ..Default::default() };
    let joint = |b: &str| SpringJoint { bone: b.into(), params: params.clone() };
    let hand_r = head("hand_r");
    a.springs = SpringModel {
        chains: vec![
            SpringChain {
                name: "left index".into(),
                joints: vec![joint("index_01_l"), joint("index_02_l")],
                tail: ChainTail::Bone("index_03_l".into()),
                collider_groups: vec![0],
                center: None,
            },
            SpringChain {
                name: "right index tip".into(),
                joints: vec![joint("index_03_r")],
                tail: ChainTail::Point(point_tail),
                collider_groups: vec![1],
                center: Some("hand_r".into()),
            },
        ],
        colliders: vec![
            Collider {
                bone: "hand_l".into(),
                shape: ColliderShape::Sphere { offset: [0.0, 0.0, 0.0], radius: 0.03, inside: false },
            },
            Collider {
                bone: "lowerarm_l".into(),
                shape: ColliderShape::Capsule {
                    offset: [0.0, 0.0, 0.0],
                    tail: local_point("lowerarm_l", head("hand_l")),
                    radius: 0.03,
                    inside: false,
                },
            },
            Collider {
                bone: "hand_r".into(),
                shape: ColliderShape::Plane {
                    offset: local_point("hand_r", [hand_r[0], hand_r[1] - 1.0, hand_r[2]]),
                    normal: local_dir("hand_r", [0.0, 1.0, 0.0]),
                },
            },
            Collider {
                bone: "hand_r".into(),
                shape: ColliderShape::Sphere { offset: [0.0, 0.0, 0.0], radius: 0.6, inside: true },
            },
            Collider {
                bone: "lowerarm_r".into(),
                shape: ColliderShape::Capsule {
                    offset: [0.0, 0.0, 0.0],
                    tail: local_point("lowerarm_r", hand_r),
                    radius: 0.6,
                    inside: true,
                },
            },
        ],
        collider_groups: vec![
            ColliderGroup { name: "left arm".into(), colliders: vec![0, 1] },
            ColliderGroup { name: "right arm".into(), colliders: vec![2, 3, 4] },
        ],
    };
    a.springs.validate_for(&a.render.rig).unwrap();
    a
}

#[test]
fn spring_bones_are_exported_and_three_vrm_swings_them() {
    let a = avatar();
    let asset = with_springs(&a.asset);
    let (bytes, check) = export_and_check(&asset, &a.hash, "springs.vrm");
    eprintln!("springs: {:#}", check["springBones"]);
    let s = &check["springBones"];
    // three-vrm's joints are head → tail pairs: ours, the tails being the extra last joints
    assert_eq!(s["joints"], asset.springs.num_joints(), "three-vrm's joints: {s:#}");
    assert_eq!(s["colliderGroups"], 2);
    assert_eq!(s["colliders"], 5);
    assert_eq!(
        s["shapes"],
        json!({"sphere": 1, "capsule": 1, "plane": 1, "insideSphere": 1, "insideCapsule": 1}),
        "the extended collider's shapes, not their fallbacks"
    );
    // 60 updates at 60 Hz with the head turned: the fingers droop, and nothing blows up
    assert_eq!(s["finite"], true, "{s:#}");
    let moved = s["maxRotation"].as_f64().unwrap();
    assert!(moved > 0.01 && moved < std::f64::consts::PI, "the springs turned their bones by {moved} rad");
    assert!(s["maxDisplacement"].as_f64().unwrap() > 1e-3, "{s:#}");
    // our importer reads the same model back
    let back = read_glb(&bytes).unwrap().springs;
    assert_eq!(back.num_joints(), asset.springs.num_joints());
    let (got, want) = (serde_json::to_value(&back).unwrap(), serde_json::to_value(&asset.springs).unwrap());
    let numbers = |v: &Value| -> Vec<f64> {
        fn walk(v: &Value, out: &mut Vec<f64>) {
            match v {
                Value::Number(n) => out.push(n.as_f64().unwrap()),
                Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
                Value::Object(o) => o.values().for_each(|x| walk(x, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        walk(v, &mut out);
        out
    };
    let shape = |v: &Value| -> String {
        let mut v = v.clone();
        fn zero(v: &mut Value) {
            match v {
                Value::Number(_) => *v = json!(0),
                Value::Array(a) => a.iter_mut().for_each(zero),
                Value::Object(o) => o.values_mut().for_each(zero),
                _ => {}
            }
        }
        zero(&mut v);
        v.to_string()
    };
    assert_eq!(shape(&got), shape(&want), "the same chains, bones, shapes and groups");
    let worst = numbers(&got).iter().zip(&numbers(&want)).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
    assert!(worst < 1e-5, "numbers differ by {worst}");
}

// ---------------------------------------------------------------------------------------------------------
// MToon (issue 55): what three-vrm draws from the source file and from our import's export is the same.

/// Two of check.mjs's `mtoon` sections agree: the same materials (by name and pass), every number within
/// 1e-5, every texture the same image with the same transform.
fn same_mtoon(want: &Value, got: &Value, what: &str) {
    fn by_key(v: &Value) -> BTreeMap<String, Value> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|m| (format!("{} outline={}", m["name"].as_str().unwrap(), m["isOutline"]), m.clone()))
            .collect()
    }
    fn close(a: &Value, b: &Value, path: &str, errors: &mut Vec<String>) {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                if (x - y).abs() > 1e-5 * (1.0 + x.abs()) {
                    errors.push(format!("{path}: {x} vs {y}"));
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (x, y)) in x.iter().zip(y).enumerate() {
                    close(x, y, &format!("{path}[{i}]"), errors);
                }
            }
            (Value::Object(x), Value::Object(y)) => {
                for k in x.keys().chain(y.keys()).collect::<BTreeSet<_>>() {
                    close(
                        &x.get(k).cloned().unwrap_or(Value::Null),
                        &y.get(k).cloned().unwrap_or(Value::Null),
                        &format!("{path}.{k}"),
                        errors,
                    );
                }
            }
            _ if a == b => {}
            _ => errors.push(format!("{path}: {a} vs {b}")),
        }
    }
    let (want, got) = (by_key(want), by_key(got));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>(),
        "{what}: three-vrm's MToon materials"
    );
    let mut errors = vec![];
    for (k, w) in &want {
        close(w, &got[k], k, &mut errors);
    }
    assert!(
        errors.is_empty(),
        "{what}: three-vrm draws our export differently from the source:\n{}",
        errors.join("\n")
    );
}

/// Issue 55: the importer keeps MToon (VRM 1.0 as written, VRM 0.x converted) and the export writes it back,
/// so that three-vrm builds the same MToon materials from our VRM as from the author's: on the committed
/// avatars (made by the Blender VRM add-on, 0.x and 1.0) and on variants with every MToon feature switched on.
/// The looks ride on the default avatar's mesh (UVs zero, triangles shared out among the materials): only the
/// materials are compared.
#[test]
fn three_vrm_draws_our_mtoon_as_it_draws_the_authors() {
    let a = avatar();
    let files: Vec<(&str, Vec<u8>)> =
        ["anny_vrm0.vrm", "anny_springs_vrm0.vrm", "anny_vrm1.vrm", "anny_rich_vrm1.vrm"]
            .into_iter()
            .map(|f| (f, std::fs::read(repo().join("assets/fixtures/avatars").join(f)).unwrap()))
            .chain([
                ("every feature 0.x", every_mtoon_feature_vrm0(&repo())),
                ("every feature 1.0", every_mtoon_feature_vrm1(&repo())),
            ])
            .collect();
    for (i, (name, bytes)) in files.iter().enumerate() {
        let source = tmp(&format!("mtoon-source-{i}.vrm"));
        std::fs::write(&source, bytes).unwrap();
        let want = vrm_check(&source);
        assert!(
            want["mtoon"].as_array().is_some_and(|m| !m.is_empty()),
            "{name}: three-vrm built no MToon material: {:#}",
            want["vrm"]
        );
        let read = read_glb(bytes).unwrap();
        assert!(read.looks.materials.iter().all(|m| m.mtoon.is_some()), "{name}: every material has MToon");
        let mut asset = (*a.asset).clone();
        let n = read.looks.materials.len() as u32;
        let triangles = asset.render.triangles.len() as u32;
        asset.looks = Looks {
            uv: vec![[0.0, 0.0]; asset.render.vertices.len()],
            triangle_material: (0..triangles).map(|t| t % n).collect(),
            materials: read.looks.materials,
            images: read.looks.images,
        };
        let ours = tmp(&format!("mtoon-ours-{i}.vrm"));
        std::fs::write(&ours, to_vrm(&asset, &a.hash).unwrap()).unwrap();
        let got = vrm_check(&ours);
        assert_eq!(got["validator"]["numErrors"], 0, "{name}: {:#}", got["validator"]["messages"]);
        eprintln!("{name}: {} MToon materials (passes) compared", want["mtoon"].as_array().unwrap().len());
        same_mtoon(&want["mtoon"], &got["mtoon"], name);
    }
}
