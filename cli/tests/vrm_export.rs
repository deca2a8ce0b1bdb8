//! The VRM 1.0 export (`avatard export --vrm`, `avatar_sim::asset::to_vrm`) checked by independent readers:
//! the Khronos glTF validator and three-vrm (`@pixiv/three-vrm` on three's GLTFLoader) under Node
//! (`tools/vrm-check/check.mjs`, installed by `cargo xtask setup node`), and our own importer (the humanoid map,
//! expressions, looks and blendshapes come back equal).
//!
//! Inputs: the default avatar (no looks, no blendshapes, a game-engine skeleton mapped by name rules), and
//! the same avatar given looks (UVs, a textured PNG material and a masked double-sided one), three
//! blendshapes, preset and custom expressions and a VRM meta with a CC licence.

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

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(w, h, |x, y| image::Rgba([(40 * x) as u8, (40 * y) as u8, 200, 255]));
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
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
