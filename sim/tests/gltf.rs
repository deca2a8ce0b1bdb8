//! glTF import and export on real data: the BSD-licensed BCN_Epileptic human from Debian's
//! `assimp-testmodels` (three open meshes, 54 joints; `assets/fixtures/`), a skinless cube, and files made
//! from our own exports (morph targets, VRM humanoid, no triangles).
//!
//! Independent checks: rest positions are compared with the file's positions read directly through the gltf
//! crate; the exported file is evaluated with glTF's own skinning formula (joint node matrices, inverse bind
//! matrices, JOINTS/WEIGHTS, morph targets) plus the mode-weight attributes and compared with the asset's
//! render formula.

#![allow(clippy::needless_range_loop)] // index loops mirror the formulas

use avatar_sim::asset::bar_avatar;
use avatar_sim::asset::to_glb;
use avatar_sim::asset::{self, Asset, CacheKey};
use avatar_sim::asset::{build_asset, read_glb, ImportError, ImportSettings};
use avatar_sim::precompute::{ClusterCount, PrecomputeSettings};
use avatar_sim::rig::RigPart;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures").join(name)
}

fn settings() -> PrecomputeSettings {
    PrecomputeSettings { modes: 8, clusters: ClusterCount::KMeans(40), ..Default::default() }
}

/// The BCN human imported once (file bytes, asset, report).
static BCN: LazyLock<(Vec<u8>, Asset, serde_json::Value)> = LazyLock::new(|| {
    let bytes = std::fs::read(fixture("bcn_epileptic.glb")).unwrap();
    let avatar = read_glb(&bytes).unwrap();
    let key = CacheKey::new([("test", &b"bcn"[..])]);
    let import = ImportSettings { resolution: 24, threshold: 0.5 };
    let (asset, report) =
        build_asset(avatar, &import, &settings(), "bcn_epileptic.glb", &key, Arc::new(|_| {})).unwrap();
    (bytes, asset, report)
});

/// Every POSITION of every skinned mesh primitive, read straight from the file.
fn file_positions(bytes: &[u8]) -> Vec<[f64; 3]> {
    let g = gltf::Gltf::from_slice(bytes).unwrap();
    let blob = g.blob.as_deref();
    let mut out = Vec::new();
    for node in g.document.nodes().filter(|n| n.skin().is_some()) {
        for prim in node.mesh().unwrap().primitives() {
            let r = prim.reader(|_| blob);
            out.extend(r.read_positions().unwrap().map(|p| p.map(f64::from)));
        }
    }
    out
}

/// Lexicographic order (numeric: -0 = +0; every value is finite here).
fn sorted(mut v: Vec<[f64; 3]>) -> Vec<[f64; 3]> {
    v.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    v
}

#[test]
fn an_open_real_skinned_glb_imports_to_a_valid_asset_whose_rest_pose_round_trips() {
    let (bytes, asset, report) = &*BCN;
    let render = &asset.render;
    assert_eq!(render.vertices.len(), 3014);
    assert_eq!(render.triangles.len(), 5126);
    assert_eq!(report["import"]["bones"], 54);
    assert_eq!(report["import"]["skinned_meshes"], 3);
    // Rest pose (p = bind, z = 0) equals the file's mesh.
    let z = vec![0.0; 12 * asset.sim.weights.ncols()];
    let rest = render.deform(&render.rig.rest_params(), &z).unwrap();
    let (a, b) = (sorted(rest), sorted(file_positions(bytes)));
    assert_eq!(a.len(), b.len());
    let worst =
        a.iter().zip(&b).flat_map(|(x, y)| (0..3).map(move |c| (x[c] - y[c]).abs())).fold(0.0, f64::max);
    assert!(worst <= 1e-5, "rest pose differs from the file by {worst}");
    // The embedding reproduces every render vertex from the tet mesh.
    let sim = &asset.sim;
    for (v, x) in render.vertices.iter().enumerate() {
        let t = sim.mesh.tets[render.embed_tet[v] as usize];
        for c in 0..3 {
            let y: f64 = (0..4).map(|i| render.embed_bary[v][i] * sim.mesh.vertices[t[i]][c]).sum();
            assert!((y - x[c]).abs() < 1e-9, "vertex {v}");
        }
    }
    // The simulation rig is a partition of unity and the subspace is complementary to it.
    let RigPart::Lbs(l) = &sim.rig.parts()[0] else { panic!("a skeleton") };
    assert!((0..sim.mesh.n()).all(|v| (l.weights().row_sum(v) - 1.0).abs() < 1e-9));
    let residual = report["complementarity_residual"].as_f64().unwrap();
    assert!(residual <= 1e-10, "complementarity residual {residual}");
    assert!(report["voxels"]["cells"].as_u64().unwrap() > 100);
    // The asset survives its file format.
    let (file, hash) = asset::to_bytes(asset).unwrap();
    let (back, hash2) = asset::from_bytes(&file).unwrap();
    assert_eq!(hash, hash2);
    assert_eq!(back.render, asset.render);
}

/// glTF's skinning of the exported file, plus the documented mode-weight term, equals the asset's render
/// formula for random `p` and `z`.
#[test]
fn the_exported_glb_parses_back_and_reproduces_the_render_formula() {
    let (_, asset, _) = &*BCN;
    let hash = [7u8; 32];
    let glb = to_glb(asset, &hash).unwrap();
    let g = gltf::Gltf::from_slice(&glb).expect("the export is valid glTF");
    let blob = g.blob.as_deref().unwrap();
    let doc = &g.document;
    let node = doc.nodes().find(|n| n.mesh().is_some()).unwrap();
    let skin = node.skin().unwrap();
    let prim = node.mesh().unwrap().primitives().next().unwrap();
    let r = prim.reader(|_| Some(blob));
    let render = &asset.render;
    let n = render.vertices.len();
    let positions: Vec<[f32; 3]> = r.read_positions().unwrap().collect();
    assert_eq!(positions.len(), n);
    assert_eq!(r.read_indices().unwrap().into_u32().count(), 3 * render.triangles.len());
    assert_eq!(r.read_normals().unwrap().count(), n);
    let joints: Vec<_> = skin.joints().collect();
    assert_eq!(joints.len(), 54);
    // joint world (node matrices along the hierarchy) · inverse bind = identity at rest
    let mut parent = vec![None; doc.nodes().count()];
    for p in doc.nodes() {
        for c in p.children() {
            parent[c.index()] = Some(p.index());
        }
    }
    let local: Vec<[[f32; 4]; 4]> = doc.nodes().map(|n| n.transform().matrix()).collect();
    let world = |mut i: usize| {
        let mut m = nalgebra::Matrix4::<f64>::identity();
        loop {
            let l = nalgebra::Matrix4::from_fn(|r, c| local[i][c][r] as f64);
            m = l * m;
            match parent[i] {
                Some(p) => i = p,
                None => return m,
            }
        }
    };
    let ibm: Vec<[[f32; 4]; 4]> = skin.reader(|_| Some(blob)).read_inverse_bind_matrices().unwrap().collect();
    for (j, joint) in joints.iter().enumerate() {
        let prod = world(joint.index()) * nalgebra::Matrix4::from_fn(|r, c| ibm[j][c][r] as f64);
        assert!((prod - nalgebra::Matrix4::identity()).abs().max() < 1e-4, "joint {j}");
    }
    // Attributes: JOINTS/WEIGHTS sets and the mode weights.
    let mut sets = Vec::new();
    let mut set = 0;
    while let (Some(j), Some(w)) = (r.read_joints(set), r.read_weights(set)) {
        sets.push((j.into_u16().collect::<Vec<_>>(), w.into_f32().collect::<Vec<_>>()));
        set += 1;
    }
    assert!(!sets.is_empty());
    let m = asset.sim.weights.ncols();
    let mut mode_w = vec![vec![0.0f64; m]; n];
    let mut mode_attrs = 0;
    for (sem, acc) in prim.attributes() {
        if let gltf::Semantic::Extras(name) = &sem {
            let i: usize = name.trim_start_matches('_').trim_start_matches("MODE_WEIGHTS_").parse().unwrap();
            let it = gltf::accessor::Iter::<[f32; 4]>::new(acc, |_| Some(blob)).unwrap();
            for (v, w) in it.enumerate() {
                for c in 0..4 {
                    if 4 * i + c < m {
                        mode_w[v][4 * i + c] = w[c] as f64;
                    }
                }
            }
            mode_attrs += 1;
        }
    }
    assert_eq!(mode_attrs, m.div_ceil(4));
    // Random pose and z.
    let mut state = 12345u64;
    let mut rnd = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 11) as f64 / (1u64 << 53) as f64) - 0.5
    };
    let mut p = render.rig.rest_params();
    p.iter_mut().for_each(|x| *x += 0.1 * rnd());
    let z: Vec<f64> = (0..12 * m).map(|_| 0.05 * rnd()).collect();
    let expected = render.deform(&p, &z).unwrap();
    let mut worst = 0.0f64;
    for v in 0..n {
        let x = positions[v].map(f64::from);
        let xh = [x[0], x[1], x[2], 1.0];
        let mut y = [0.0; 3];
        for (js, ws) in &sets {
            for k in 0..4 {
                let (j, w) = (js[v][k] as usize, ws[v][k] as f64);
                for c in 0..3 {
                    y[c] += w * (0..4).map(|q| p[12 * j + 4 * c + q] * xh[q]).sum::<f64>();
                }
            }
        }
        for k in 0..m {
            for c in 0..3 {
                y[c] += mode_w[v][k] * (0..4).map(|q| z[12 * k + 4 * c + q] * xh[q]).sum::<f64>();
            }
        }
        for c in 0..3 {
            worst = worst.max((y[c] - expected[v][c]).abs());
        }
    }
    assert!(worst < 1e-5, "glTF evaluation differs from the render formula by {worst}");
    let extras: serde_json::Value =
        serde_json::from_str(g.document.as_json().asset.extras.as_ref().unwrap().get()).unwrap();
    assert_eq!(extras["avatard"]["asset_hash"], asset::hex(&hash));
    assert_eq!(extras["avatard"]["modes"], m);
}

/// A small avatar with two bones and two blendshapes (one with a MediaPipe name in another case).
fn small_asset() -> Asset {
    let jaw = |v: &[[f64; 3]]| v.iter().map(|x| [0.0, -0.1 * x[0], 0.0]).collect();
    let wiggle = |v: &[[f64; 3]]| v.iter().map(|x| [0.02 * x[1], 0.0, 0.05 * x[0]]).collect();
    bar_avatar([6, 2, 2], [0.6, 0.2, 0.2], 0.2, &[("JawOpen", &jaw), ("wiggle", &wiggle)], 4, 8).unwrap()
}

/// Rewrite a glb's JSON chunk.
fn edit_json(glb: &[u8], edit: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let parsed = gltf::binary::Glb::from_slice(glb).unwrap();
    let mut json: serde_json::Value = serde_json::from_slice(&parsed.json).unwrap();
    edit(&mut json);
    let out = gltf::binary::Glb {
        header: parsed.header,
        json: serde_json::to_vec(&json).unwrap().into(),
        bin: parsed.bin.clone(),
    };
    out.to_vec().unwrap()
}

#[test]
fn morph_targets_and_the_vrm_humanoid_map_are_imported() {
    let asset = small_asset();
    let glb = to_glb(&asset, &[0; 32]).unwrap();
    let vrm = edit_json(&glb, |j| {
        j["extensionsUsed"] = serde_json::json!(["VRMC_vrm"]);
        j["extensions"] = serde_json::json!({"VRMC_vrm": {"specVersion": "1.0",
            "humanoid": {"humanBones": {"hips": {"node": 0}, "spine": {"node": 1}}}}});
    });
    let avatar = read_glb(&vrm).unwrap();
    assert_eq!(avatar.info.blendshapes, ["jawOpen", "wiggle"], "MediaPipe spelling adopted");
    assert_eq!(avatar.info.mediapipe_blendshapes, ["jawOpen"]);
    assert_eq!(avatar.info.humanoid.get("hips").map(String::as_str), Some("root"));
    assert_eq!(avatar.info.humanoid.get("spine").map(String::as_str), Some("child"));
    // The rig read back is the exported one (to f32 precision): same pose, same positions.
    let render = &asset.render;
    let mut p = render.rig.rest_params();
    p[12 + 3] += 0.05;
    p[24] = 0.7;
    p[25] = -0.4;
    let a = render.rig.deform(&render.vertices, &p).unwrap();
    let b = avatar.rig.deform(&avatar.vertices, &p).unwrap();
    let worst = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max);
    assert!(worst < 1e-6, "{worst}");
    // ... and it builds a simulable asset from a closed surface too.
    let key = CacheKey::new([("test", &b"bar"[..])]);
    let import = ImportSettings { resolution: 12, threshold: 0.5 };
    let settings = PrecomputeSettings { modes: 4, clusters: ClusterCount::KMeans(8), ..Default::default() };
    let (imported, _) = build_asset(avatar, &import, &settings, "bar.vrm", &key, Arc::new(|_| {})).unwrap();
    assert_eq!(imported.source.humanoid.get("hips").map(String::as_str), Some("root"));
}

/// A thin tube on a 14-joint chain: the default grid is too coarse for its rig, so the importer doubles the
/// resolution and still produces a complementary subspace.
#[test]
fn a_thin_model_gets_a_finer_grid() {
    let bytes = std::fs::read(fixture("tube_chain.glb")).unwrap();
    let avatar = read_glb(&bytes).unwrap();
    assert_eq!(avatar.info.bones, 14);
    let key = CacheKey::new([("test", &b"tube"[..])]);
    let import = ImportSettings { resolution: 24, threshold: 0.5 };
    let settings = PrecomputeSettings { modes: 16, clusters: ClusterCount::KMeans(40), ..Default::default() };
    let (asset, report) = build_asset(avatar, &import, &settings, "tube", &key, Arc::new(|_| {})).unwrap();
    assert!(report["voxels"]["resolution"].as_u64().unwrap() > 24, "{}", report["voxels"]);
    assert_eq!(asset.sim.weights.ncols(), 16);
    assert!(report["complementarity_residual"].as_f64().unwrap() <= 1e-10);
}

#[test]
fn files_that_are_not_skinned_avatars_are_refused_with_the_reason() {
    let err = |b: &[u8]| read_glb(b).map(|_| ()).unwrap_err();
    let cube = std::fs::read(fixture("box_textured_noskin.glb")).unwrap();
    let e = err(&cube);
    assert!(matches!(e, ImportError::NoSkin), "{e}");
    assert!(e.to_string().contains("skeleton"));
    let glb = to_glb(&small_asset(), &[0; 32]).unwrap();
    let points = edit_json(&glb, |j| j["meshes"][0]["primitives"][0]["mode"] = 0.into());
    let e = err(&points);
    assert!(matches!(e, ImportError::NoTriangles(_)), "{e}");
    assert!(e.to_string().contains("mode Points"), "{e}");
    for cut in [12, 20, 100, glb.len() / 2, glb.len() - 1] {
        assert!(matches!(err(&glb[..cut]), ImportError::Parse(_)), "cut at {cut}");
    }
    assert!(matches!(err(b"definitely not a glb"), ImportError::Parse(_)));
    assert!(matches!(err(&[]), ImportError::Parse(_)));
    let bad_index = edit_json(&glb, |j| j["accessors"][0]["count"] = 1_000_000.into());
    assert!(read_glb(&bad_index).is_err());
}

/// Random byte corruption of a real file gives an error or a valid avatar, never a panic or a hang.
#[test]
fn corrupted_glb_bytes_never_crash_the_importer() {
    let (bytes, _, _) = &*BCN;
    let mut state = 99u64;
    let mut errors = 0;
    for _ in 0..300 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let at = (state >> 33) as usize % bytes.len();
        let mut bad = bytes.clone();
        bad[at] ^= 1 << ((state >> 20) % 8);
        if let Ok(a) = read_glb(&bad) {
            assert_eq!(a.rig.num_vertices(), Some(a.vertices.len()));
            assert!(a.vertices.iter().flatten().all(|x| x.is_finite()));
        } else {
            errors += 1;
        }
    }
    // Most flips land in vertex data (still a valid file); some hit the JSON or the headers.
    assert!(errors > 0);
}

/// The mesh node of one of our exports (the node holding `mesh`).
fn mesh_node(json: &serde_json::Value) -> u64 {
    json["nodes"].as_array().unwrap().iter().position(|n| n.get("mesh").is_some()).unwrap() as u64
}

#[test]
fn vrm_expressions_are_read_from_1_0_and_0_x_with_binds_on_the_blendshapes() {
    let glb = to_glb(&small_asset(), &[0; 32]).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&gltf::binary::Glb::from_slice(&glb).unwrap().json).unwrap();
    let node = mesh_node(&json);
    // VRM 1.0: binds by node; a bind on a node without a mesh and a NaN weight are reported, not fatal
    let v1 = edit_json(&glb, |j| {
        j["extensions"] = serde_json::json!({"VRMC_vrm": {"specVersion": "1.0",
        "meta": {"name": "bar", "authors": ["a"], "licenseUrl": "https://vrm.dev/licenses/1.0/"},
        "expressions": {
            "preset": {
                "aa": {"morphTargetBinds": [{"node": node, "index": 0, "weight": 1.0}]},
                "happy": {"morphTargetBinds": [{"node": node, "index": 1, "weight": 0.5}], "isBinary": true},
                "blink": {"morphTargetBinds": [{"node": 0, "index": 0, "weight": 1.0},
                                               {"node": node, "index": 1, "weight": "x"}]},
                "notAPreset": {"morphTargetBinds": []}
            },
            "custom": {"smirk": {"morphTargetBinds": [{"node": node, "index": 1, "weight": 0.3}]}}
        }}});
    });
    let a = read_glb(&v1).unwrap();
    assert_eq!(a.info.vrm_version, "1.0");
    let by = |name: &str| a.expressions.iter().find(|e| e.name == name).unwrap().clone();
    assert_eq!((by("aa").binds[0].blendshape.as_str(), by("aa").binds[0].weight), ("jawOpen", 1.0));
    assert!(by("happy").is_binary && by("happy").preset);
    assert_eq!((by("smirk").binds[0].blendshape.as_str(), by("smirk").preset), ("wiggle", false));
    assert!(by("blink").binds.is_empty(), "both of blink's binds were unusable");
    let dropped = a.info.expressions_dropped.join("; ");
    assert!(dropped.contains("notAPreset") && dropped.contains("blink: a bind"), "{dropped}");
    assert!(dropped.contains("non-finite"), "{dropped}");
    assert_eq!(a.vrm_meta.as_ref().unwrap()["name"], "bar");
    // VRM 0.x: binds by mesh index, weights 0–100, presets renamed to 1.0's, meta turned into 1.0 fields
    let v0 = edit_json(&glb, |j| {
        j["extensions"] = serde_json::json!({"VRM": {
        "meta": {"title": "old", "author": "me", "licenseName": "CC0", "allowedUserName": "Everyone",
                 "violentUssageName": "Disallow", "commercialUssageName": "Allow"},
        "humanoid": {"humanBones": [{"bone": "hips", "node": 0}]},
        "blendShapeMaster": {"blendShapeGroups": [
            {"name": "A", "presetName": "a", "binds": [{"mesh": 0, "index": 0, "weight": 100}]},
            {"name": "Joy", "presetName": "joy", "binds": [{"mesh": 0, "index": 1, "weight": 40}]},
            {"name": "Wink", "presetName": "unknown", "binds": [{"mesh": 7, "index": 0, "weight": 100}]}
        ]}}});
    });
    let a = read_glb(&v0).unwrap();
    assert_eq!(a.info.vrm_version, "0.x");
    let names: Vec<&str> = a.expressions.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["aa", "happy", "Wink"]);
    assert_eq!(a.expressions[1].binds[0].weight, 0.4);
    assert!(!a.expressions[2].preset && a.expressions[2].binds.is_empty());
    let meta = a.vrm_meta.unwrap();
    assert_eq!((meta["name"].as_str(), meta["authors"][0].as_str()), (Some("old"), Some("me")));
    assert_eq!(meta["licenseUrl"], "https://creativecommons.org/publicdomain/zero/1.0/");
    assert_eq!(meta["avatarPermission"], "everyone");
    assert_eq!(meta["allowExcessivelyViolentUsage"], false);
    assert_eq!(meta["commercialUsage"], "corporation");
    assert_eq!(meta["allowRedistribution"], true);
    assert_eq!(meta["creditNotation"], "unnecessary");
    assert_eq!(a.info.humanoid["hips"], "root");
}

#[test]
fn a_broken_texture_is_dropped_with_the_reason_and_the_material_keeps_its_colour() {
    let glb = to_glb(&small_asset(), &[0; 32]).unwrap();
    // an image whose bytes are vertex positions (not PNG or JPEG), and one pointing outside the file
    let broken = edit_json(&glb, |j| {
        j["images"] = serde_json::json!([{"bufferView": 0, "mimeType": "image/png"}, {"uri": "skin.png"}]);
        j["textures"] = serde_json::json!([{"source": 0}, {"source": 1}]);
        j["materials"] = serde_json::json!([{"name": "skin", "pbrMetallicRoughness": {
            "baseColorFactor": [0.8, 0.6, 0.5, 1.0], "baseColorTexture": {"index": 0}}}]);
        j["meshes"][0]["primitives"][0]["material"] = 0.into();
    });
    let a = read_glb(&broken).unwrap();
    assert_eq!(a.looks.materials.len(), 1);
    assert_eq!(a.looks.materials[0].base_color, [0.8, 0.6, 0.5, 1.0]);
    assert_eq!(a.looks.materials[0].base_color_texture, None);
    assert!(a.looks.images.is_empty());
    let dropped = a.info.looks_dropped.join("; ");
    assert!(dropped.contains("image 0") && dropped.contains("not a PNG or JPEG"), "{dropped}");
    // a non-finite colour factor falls back to white, reported
    let nan = edit_json(&broken, |j| {
        j["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"][1] = "NaN".into()
    });
    if let Ok(a) = read_glb(&nan) {
        assert!(a.looks.materials.iter().all(|m| m.base_color.iter().all(|c| c.is_finite())));
    }
}

#[test]
fn a_vrm_without_a_humanoid_or_with_missing_bones_imports_and_says_what_is_missing() {
    let glb = to_glb(&small_asset(), &[0; 32]).unwrap();
    // no humanoid: the name rules find nothing on bones called root/child
    let plain = read_glb(&glb).unwrap();
    assert!(plain.info.humanoid.is_empty());
    let bones = ["root", "child"];
    let report = avatar_sim::rig::RoleReport::new(&bones, &plain.info.humanoid);
    assert_eq!(report.missing_required.len(), avatar_sim::rig::REQUIRED.len());
    // a humanoid map naming nodes that do not exist or are not joints: those roles are missing, named
    let partial = edit_json(&glb, |j| {
        j["extensions"] = serde_json::json!({"VRMC_vrm": {"specVersion": "1.0",
            "humanoid": {"humanBones": {"hips": {"node": 0}, "spine": {"node": 999}, "head": {"node": "x"}}}}});
    });
    let a = read_glb(&partial).unwrap();
    assert_eq!(a.info.humanoid.keys().collect::<Vec<_>>(), ["hips"]);
    let report = avatar_sim::rig::RoleReport::new(&bones, &a.info.humanoid);
    assert!(report.missing_required.contains(&"spine".to_owned()));
    assert!(report.missing_required.contains(&"head".to_owned()));
    assert!(!report.missing_required.contains(&"hips".to_owned()));
    assert!(report.summary().contains("MISSING required roles: spine"), "{}", report.summary());
}

/// Random corruption of a real VRM 1.0 (textures, expressions, humanoid: `assets/fixtures/avatars/`) in its
/// JSON and its binary chunk: an error naming the problem or a valid avatar, and never a panic (which the
/// importer would turn into "the glTF reader failed on malformed data").
#[test]
fn corrupted_vrm_bytes_give_errors_not_panics() {
    let bytes = std::fs::read(fixture("avatars/anny_vrm1.vrm")).unwrap();
    let json_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let mut state = 7u64;
    let (mut errors, mut ok) = (0, 0);
    for i in 0..400 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        // half the flips in the JSON chunk (numbers, names, indices), half in the binary data
        let at = if i % 2 == 0 {
            20 + (state >> 33) as usize % json_len
        } else {
            20 + json_len + (state >> 33) as usize % (bytes.len() - 20 - json_len)
        };
        let mut bad = bytes.clone();
        bad[at] ^= 1 << ((state >> 20) % 8);
        match read_glb(&bad) {
            Ok(a) => {
                ok += 1;
                assert!(a.vertices.iter().flatten().all(|x| x.is_finite()));
                a.looks.check(a.vertices.len(), a.triangles.len()).unwrap();
            }
            Err(e) => {
                errors += 1;
                assert!(
                    !e.to_string().contains("failed on malformed data"),
                    "a panic inside the importer: {e}"
                );
            }
        }
    }
    eprintln!("{ok} corrupted files still valid avatars, {errors} refused with a reason");
    assert!(errors > 0 && ok > 0);
}

/// Node index of the node called `name` in a glb's JSON.
fn node_named(json: &serde_json::Value, name: &str) -> u64 {
    json["nodes"].as_array().unwrap().iter().position(|n| n["name"] == name).unwrap() as u64
}

#[test]
fn vrm_spring_bones_are_read_from_1_0_and_0_x_as_written() {
    use avatar_sim::spring::{ChainTail, ColliderShape};
    let glb = to_glb(&small_asset(), &[0; 32]).unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&gltf::binary::Glb::from_slice(&glb).unwrap().json).unwrap();
    let (root, child) = (node_named(&json, "root"), node_named(&json, "child"));
    let v1 = |springs: serde_json::Value| {
        edit_json(&glb, |j| {
            j["extensions"] = serde_json::json!({
                "VRMC_vrm": {"specVersion": "1.0", "meta": {"name": "bar", "authors": ["a"], "licenseUrl": "x"}},
                "VRMC_springBone": springs,
            });
        })
    };
    // VRM 1.0: the joint's own parameters, the last listed joint only a tail; sphere, capsule, and the
    // extended collider's plane replacing the basic shape
    let good = serde_json::json!({"specVersion": "1.0",
        "colliders": [
            {"node": root, "shape": {"sphere": {"offset": [0.0, 0.1, 0.0], "radius": 0.09}}},
            {"node": root, "shape": {"capsule": {"offset": [0.0, 0.0, 0.0], "tail": [0.1, 0.0, 0.0], "radius": 0.05}}},
            {"node": child, "shape": {"sphere": {"radius": 0.01}},
             "extensions": {"VRMC_springBone_extended_collider": {"shape": {"plane": {"offset": [0.0, 0.0, 0.1], "normal": [0.0, 0.0, 2.0]}}}}}
        ],
        "colliderGroups": [{"name": "body", "colliders": [0, 1, 2]}],
        "springs": [{"name": "tail", "center": root, "colliderGroups": [0], "joints": [
            {"node": root, "stiffness": 0.7, "gravityPower": 0.3, "gravityDir": [1.0, 0.0, 0.0], "dragForce": 0.45, "hitRadius": 0.02},
            {"node": child, "stiffness": 9.0}
        ]}]
    });
    let a = read_glb(&v1(good.clone())).unwrap();
    let m = &a.springs;
    assert_eq!(m.chains.len(), 1);
    let c = &m.chains[0];
    assert_eq!((c.name.as_str(), c.joints.len(), c.center.as_deref()), ("tail", 1, Some("root")));
    assert_eq!(c.tail, ChainTail::Bone("child".into()));
    let p = &c.joints[0].params;
    assert_eq!(
        (p.stiffness, p.gravity_power, p.gravity_dir, p.drag_force, p.hit_radius),
        (0.7, 0.3, [1.0, 0.0, 0.0], 0.45, 0.02)
    );
    assert_eq!(
        m.colliders[0].shape,
        ColliderShape::Sphere { offset: [0.0, 0.1, 0.0], radius: 0.09, inside: false }
    );
    assert!(matches!(
        m.colliders[1].shape,
        ColliderShape::Capsule { tail: [0.1, 0.0, 0.0], radius: 0.05, .. }
    ));
    assert_eq!(
        m.colliders[2].shape,
        ColliderShape::Plane { offset: [0.0, 0.0, 0.1], normal: [0.0, 0.0, 2.0] }
    );
    assert_eq!((a.info.spring_joints, a.info.spring_colliders, a.info.springs_clamped), (1, 3, 0));
    // out of the specification's range: used as given, as three-vrm and UniVRM use them (nothing clamped)
    let mut edges = good.clone();
    edges["springs"][0]["joints"][0]["hitRadius"] = (-0.5).into();
    edges["springs"][0]["joints"][0]["dragForce"] = 3.0.into();
    edges["springs"][0]["joints"][0]["stiffness"] = (-1.0).into();
    edges["springs"][0]["joints"][0]["gravityDir"] = serde_json::json!([0.0, 0.0, 0.0]);
    let a = read_glb(&v1(edges)).unwrap();
    assert_eq!(a.info.springs_clamped, 0);
    let p = &a.springs.chains[0].joints[0].params;
    assert_eq!((p.hit_radius, p.drag_force, p.stiffness, p.gravity_dir), (-0.5, 3.0, -1.0, [0.0; 3]));
    // a non-finite one is refused
    let mut broken = good.clone();
    broken["springs"][0]["joints"][0]["gravityDir"] = serde_json::json!([0.0, "x", 0.0]);
    assert!(read_glb(&v1(broken)).is_err());
    // the draft VRMC_springBone_limit: a cone on the spring holds for its joints (both forms of the draft);
    // a hinge is reported and left free
    let mut limited = good.clone();
    limited["springs"][0]["extensions"] = serde_json::json!({"VRMC_springBone_limit": {"specVersion": "1.0-draft", "limit": {"cone": {"angle": 0.5}}}});
    assert_eq!(
        read_glb(&v1(limited.clone())).unwrap().springs.chains[0].joints[0].params.cone_limit,
        Some(0.5)
    );
    limited["springs"][0]["joints"][0]["extensions"] =
        serde_json::json!({"VRMC_springBone_limit": {"cone": {"angle": 0.25}}});
    assert_eq!(
        read_glb(&v1(limited.clone())).unwrap().springs.chains[0].joints[0].params.cone_limit,
        Some(0.25)
    );
    limited["springs"][0]["joints"][0]["extensions"] =
        serde_json::json!({"VRMC_springBone_limit": {"limit": {"hinge": {"angle": 0.25}}}});
    let a = read_glb(&v1(limited)).unwrap();
    assert_eq!(a.springs.chains[0].joints[0].params.cone_limit, Some(0.5), "the spring's cone still holds");
    assert!(a.info.springs_dropped.iter().any(|d| d.contains("hinge")), "{:?}", a.info.springs_dropped);
    // bad input: a clear error, never a panic
    let refused = |edit: &dyn Fn(&mut serde_json::Value), says: &str| {
        let mut s = good.clone();
        edit(&mut s);
        let e = read_glb(&v1(s))
            .err()
            .unwrap_or_else(|| panic!("accepted; wanted an error saying {says:?}"))
            .to_string();
        assert!(e.contains(says), "{e:?} does not say {says:?}");
    };
    refused(&|s| s["springs"][0]["joints"][0]["node"] = 9999.into(), "does not exist");
    refused(&|s| s["springs"][0]["joints"][0]["stiffness"] = "stiff".into(), "not a finite number");
    refused(&|s| s["colliders"][0]["shape"]["sphere"]["radius"] = 0.0.into(), "radius > 0");
    refused(&|s| s["colliders"][0]["shape"] = serde_json::json!({}), "no sphere, capsule or plane");
    refused(&|s| s["springs"][0]["colliderGroups"] = serde_json::json!([5]), "does not exist");
    // a cycle: back from the child to the root
    refused(
        &|s| {
            s["springs"][0]["joints"] =
                serde_json::json!([{"node": root}, {"node": child}, {"node": root}, {"node": child}])
        },
        "twice",
    );
    refused(
        &|s| s["springs"][0]["joints"] = serde_json::json!([{"node": child}, {"node": root}]),
        "not a child",
    );
    // VRM 0.x: every node under a root bone swings, 0.x's spelling, z of collider offsets opposite, and the
    // model turned to face +Z (x and z negated)
    let v0 = edit_json(&glb, |j| {
        j["extensions"] = serde_json::json!({"VRM": {
        "meta": {"title": "old"},
        "secondaryAnimation": {
            "colliderGroups": [{"node": root, "colliders": [{"offset": {"x": 0.01, "y": 0.1, "z": 0.02}, "radius": 0.08}]}],
            "boneGroups": [{"comment": "hair", "stiffiness": 0.6, "gravityPower": 0.1, "gravityDir": {"x": 0.0, "y": -1.0, "z": 0.0},
                            "dragForce": 0.4, "hitRadius": 0.03, "center": -1, "bones": [root], "colliderGroups": [0]}]
        }}});
    });
    let a = read_glb(&v0).unwrap();
    let m = &a.springs;
    assert_eq!(m.num_joints(), 2, "{:?}", m.chains);
    let c = &m.chains[0];
    assert_eq!(c.joints.iter().map(|j| j.bone.as_str()).collect::<Vec<_>>(), ["root", "child"]);
    assert!(matches!(c.tail, ChainTail::Point(_)), "a leaf's tail is 7 cm beyond it");
    let p = &c.joints[1].params;
    assert_eq!(
        (p.stiffness, p.gravity_power, p.gravity_dir, p.drag_force, p.hit_radius),
        (0.6, 0.1, [0.0, -1.0, 0.0], 0.4, 0.03)
    );
    assert_eq!(
        m.colliders[0].shape,
        ColliderShape::Sphere { offset: [-0.01, 0.1, 0.02], radius: 0.08, inside: false }
    );
    assert_eq!(a.info.springs_version, "VRM 0.x secondaryAnimation");
    // 0.x's gravityDir is in Unity's world axes as UniVRM wrote it (like the collider offsets): with the model
    // turned to face +Z, Unity's (x, y, z) is glTF's (-x, y, z)
    let tilted = edit_json(&v0, |j| {
        j["extensions"]["VRM"]["secondaryAnimation"]["boneGroups"][0]["gravityDir"] =
            serde_json::json!({"x": 0.6, "y": -0.8, "z": -0.5});
    });
    // (not normalised: three-vrm and UniVRM multiply it by gravityPower as it is)
    let g = read_glb(&tilted).unwrap().springs.chains[0].joints[0].params.gravity_dir;
    let want = [-0.6, -0.8, -0.5];
    assert!(g.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12), "{g:?} vs {want:?}");
    // a zero gravityDir (a common 0.x exporter writes it) is no gravity, not "down"
    let zero = edit_json(&v0, |j| {
        j["extensions"]["VRM"]["secondaryAnimation"]["boneGroups"][0]["gravityDir"] =
            serde_json::json!({"x": 0.0, "y": 0.0, "z": 0.0});
    });
    let a = read_glb(&zero).unwrap();
    assert_eq!(a.springs.chains[0].joints[0].params.gravity_dir.map(f64::abs), [0.0; 3]);
    assert_eq!(a.info.springs_clamped, 0);
}

/// A bind: `angle` radians about `axis` (unit), uniform `scale`, then translation `t` (rows of 4).
fn bind_at(axis: [f64; 3], angle: f64, scale: f64, t: [f64; 3]) -> [[f64; 4]; 3] {
    let (s, c) = angle.sin_cos();
    let [x, y, z] = axis;
    let r = [
        [c + x * x * (1.0 - c), x * y * (1.0 - c) - z * s, x * z * (1.0 - c) + y * s],
        [y * x * (1.0 - c) + z * s, c + y * y * (1.0 - c), y * z * (1.0 - c) - x * s],
        [z * x * (1.0 - c) - y * s, z * y * (1.0 - c) + x * s, c + z * z * (1.0 - c)],
    ];
    std::array::from_fn(|i| [scale * r[i][0], scale * r[i][1], scale * r[i][2], t[i]])
}

/// `bind · [p; 1]`.
fn apply_bind(b: &[[f64; 4]; 3], p: [f64; 3]) -> [f64; 3] {
    std::array::from_fn(|i| (0..3).map(|k| b[i][k] * p[k]).sum::<f64>() + b[i][3])
}

/// The small avatar on a humanoid skeleton (bones named by their VRM roles, facing +Z, every vertex on the
/// hips) with hair (head → hair_1 → hair_2 (scaled 1.5) → hair_3, turned about tilted axes) and a skirt
/// (hips → skirt_1 → skirt_2), and a spring model using every collider shape: the hair a chain of three with a
/// point tail beyond the leaf, centred on the head, with a cone limit; the skirt one joint with the bone
/// skirt_2 as its tail.
fn humanoid_with_springs() -> Asset {
    use avatar_sim::rig::{Bone, LbsRig, Rig, VertexWeights};
    use avatar_sim::spring::{
        ChainTail, Collider, ColliderGroup, ColliderShape, JointParams, SpringChain, SpringJoint, SpringModel,
    };
    let mut asset = small_asset();
    let up = [0.0, 1.0, 0.0];
    let tilted = {
        let n = (0.3f64 * 0.3 + 1.0 + 0.2 * 0.2).sqrt();
        [0.3 / n, 1.0 / n, -0.2 / n]
    };
    // (name, parent, bind)
    type BoneSpec<'a> = (&'a str, Option<&'a str>, [[f64; 4]; 3]);
    let spec: Vec<BoneSpec> = vec![
        ("hips", None, bind_at(up, 0.0, 1.0, [0.0, 1.0, 0.0])),
        ("spine", Some("hips"), bind_at(up, 0.1, 1.0, [0.0, 1.2, 0.0])),
        ("head", Some("spine"), bind_at(up, 0.0, 1.0, [0.0, 1.6, 0.02])),
        ("leftUpperArm", Some("spine"), bind_at(up, 0.0, 1.0, [0.2, 1.45, 0.0])),
        ("leftLowerArm", Some("leftUpperArm"), bind_at(up, 0.0, 1.0, [0.45, 1.45, 0.0])),
        ("leftHand", Some("leftLowerArm"), bind_at(up, 0.0, 1.0, [0.7, 1.45, 0.0])),
        ("rightUpperArm", Some("spine"), bind_at(up, 0.0, 1.0, [-0.2, 1.45, 0.0])),
        ("rightLowerArm", Some("rightUpperArm"), bind_at(up, 0.0, 1.0, [-0.45, 1.45, 0.0])),
        ("rightHand", Some("rightLowerArm"), bind_at(up, 0.0, 1.0, [-0.7, 1.45, 0.0])),
        ("leftUpperLeg", Some("hips"), bind_at(up, 0.0, 1.0, [0.1, 0.9, 0.0])),
        ("leftLowerLeg", Some("leftUpperLeg"), bind_at(up, 0.0, 1.0, [0.1, 0.5, 0.0])),
        ("leftFoot", Some("leftLowerLeg"), bind_at(up, 0.0, 1.0, [0.1, 0.1, 0.0])),
        ("rightUpperLeg", Some("hips"), bind_at(up, 0.0, 1.0, [-0.1, 0.9, 0.0])),
        ("rightLowerLeg", Some("rightUpperLeg"), bind_at(up, 0.0, 1.0, [-0.1, 0.5, 0.0])),
        ("rightFoot", Some("rightLowerLeg"), bind_at(up, 0.0, 1.0, [-0.1, 0.1, 0.0])),
        ("hair_1", Some("head"), bind_at(tilted, 0.7, 1.0, [0.0, 1.75, -0.08])),
        ("hair_2", Some("hair_1"), bind_at(tilted, 1.1, 1.5, [0.0, 1.65, -0.12])),
        ("hair_3", Some("hair_2"), bind_at([1.0, 0.0, 0.0], 0.4, 1.5, [0.01, 1.55, -0.14])),
        ("skirt_1", Some("hips"), bind_at([0.0, 0.0, 1.0], 0.2, 1.0, [0.12, 0.95, 0.05])),
        ("skirt_2", Some("skirt_1"), bind_at([0.0, 0.0, 1.0], 0.25, 1.0, [0.16, 0.75, 0.06])),
    ];
    let index = |name: &str| spec.iter().position(|b| b.0 == name).unwrap();
    let bones: Vec<Bone> = spec
        .iter()
        .map(|(name, parent, bind)| Bone { name: (*name).into(), parent: parent.map(index), bind: *bind })
        .collect();
    let n = asset.render.vertices.len();
    let weights = VertexWeights::from_rows((0..n).map(|_| [(0u32, 1.0)]));
    let mut parts = vec![RigPart::Lbs(LbsRig::new(bones, weights).unwrap())];
    parts.extend(asset.render.rig.parts().iter().filter(|p| matches!(p, RigPart::Blendshapes(_))).cloned());
    asset.render.rig = Rig::new(parts).unwrap();
    asset.source.humanoid = spec.iter().take(15).map(|b| (b.0.to_owned(), b.0.to_owned())).collect();
    let params = |k: f64| JointParams {
        stiffness: 0.7 + k,
        gravity_power: 0.3 + 0.1 * k,
        gravity_dir: [0.6, -0.8, 0.0],
        drag_force: 0.45 - 0.1 * k,
        hit_radius: 0.02 + 0.01 * k,
        cone_limit: (k == 1.0).then_some(0.6),
    };
    let joint = |bone: &str, k: f64| SpringJoint { bone: bone.into(), params: params(k) };
    let collider = |bone: &str, shape| Collider { bone: bone.into(), shape };
    let (n3, n4) = (0.6, 0.8);
    asset.springs = SpringModel {
        chains: vec![
            SpringChain {
                name: "hair".into(),
                joints: vec![joint("hair_1", 0.0), joint("hair_2", 1.0), joint("hair_3", 2.0)],
                tail: ChainTail::Point(apply_bind(&spec[index("hair_3")].2, [0.0, -0.07 / 1.5, 0.0])),
                collider_groups: vec![0, 1],
                center: Some("head".into()),
            },
            SpringChain {
                name: "skirt".into(),
                joints: vec![SpringJoint {
                    bone: "skirt_1".into(),
                    params: JointParams {
                        stiffness: 2.5,
                        gravity_power: 1.25,
                        gravity_dir: [0.0, 0.0, -1.0],
                        drag_force: 0.8,
                        hit_radius: 0.03,
                        cone_limit: None,
                    },
                }],
                tail: ChainTail::Bone("skirt_2".into()),
                collider_groups: vec![1, 2],
                center: None,
            },
        ],
        colliders: vec![
            collider(
                "head",
                ColliderShape::Sphere { offset: [0.01, 0.05, -0.02], radius: 0.09, inside: false },
            ),
            collider(
                "spine",
                ColliderShape::Capsule {
                    offset: [0.0, 0.02, 0.01],
                    tail: [0.0, 0.3, 0.0],
                    radius: 0.12,
                    inside: false,
                },
            ),
            collider("hips", ColliderShape::Plane { offset: [0.0, -0.1, 0.03], normal: [0.0, n3, n4] }),
            collider(
                "head",
                ColliderShape::Sphere { offset: [0.0, -0.1, -0.05], radius: 0.35, inside: true },
            ),
            collider(
                "leftUpperLeg",
                ColliderShape::Capsule {
                    offset: [0.0, 0.0, 0.0],
                    tail: [0.0, -0.4, 0.0],
                    radius: 0.3,
                    inside: true,
                },
            ),
        ],
        collider_groups: vec![
            ColliderGroup { name: "head".into(), colliders: vec![0, 3] },
            ColliderGroup { name: "body".into(), colliders: vec![1, 2, 4] },
            ColliderGroup { name: "".into(), colliders: vec![2] },
        ],
    };
    asset
}

/// `a` and `b` are the same JSON up to `tol` in every number; the path of the first difference.
fn same_json(a: &serde_json::Value, b: &serde_json::Value, tol: f64, at: &str) -> Result<(), String> {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            if (x - y).abs() <= tol * x.abs().max(1.0) {
                Ok(())
            } else {
                Err(format!("{at}: {x} vs {y}"))
            }
        }
        (Array(x), Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .try_for_each(|(i, (x, y))| same_json(x, y, tol, &format!("{at}[{i}]"))),
        (Object(x), Object(y)) if x.len() == y.len() => x.iter().try_for_each(|(k, v)| {
            same_json(v, y.get(k).ok_or_else(|| format!("{at}.{k} missing"))?, tol, &format!("{at}.{k}"))
        }),
        _ if a == b => Ok(()),
        _ => Err(format!("{at}: {a} vs {b}")),
    }
}

fn glb_json(glb: &[u8]) -> serde_json::Value {
    serde_json::from_slice(&gltf::binary::Glb::from_slice(glb).unwrap().json).unwrap()
}

#[test]
fn vrm_export_writes_spring_bones_that_read_back_as_the_same_model() {
    use avatar_sim::asset::to_vrm;
    use avatar_sim::spring::{ChainTail, SpringModel};
    let asset = humanoid_with_springs();
    let model = &asset.springs;
    let vrm = to_vrm(&asset, &[0; 32]).unwrap();
    let json = glb_json(&vrm);
    let used: Vec<&str> =
        json["extensionsUsed"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    for ext in ["VRMC_vrm", "VRMC_springBone", "VRMC_springBone_extended_collider", "VRMC_springBone_limit"] {
        assert!(used.contains(&ext), "{ext} not in extensionsUsed {used:?}");
    }
    let sb = &json["extensions"]["VRMC_springBone"];
    assert_eq!(sb["specVersion"], "1.0");
    // the extended shapes carry the spec's fallbacks: nothing for inside shapes, a big sphere behind a plane
    let cols = sb["colliders"].as_array().unwrap();
    assert_eq!(cols.len(), 5);
    assert!(cols[0]["extensions"].is_null() && cols[0]["shape"]["sphere"]["radius"] == 0.09);
    assert_eq!(cols[2]["shape"]["sphere"]["radius"], 1000.0);
    assert_eq!(cols[2]["extensions"]["VRMC_springBone_extended_collider"]["specVersion"], "1.0");
    for i in [3, 4] {
        assert_eq!(cols[i]["shape"]["sphere"]["radius"], 0.0, "collider {i}'s fallback");
    }
    assert_eq!(cols[0]["node"], node_named(&json, "head"));
    // the point tail: an empty child node of the leaf, the hair's last joint
    let tail = node_named(&json, "hair_3_spring_tail");
    let hair = &sb["springs"][0];
    assert_eq!(hair["joints"].as_array().unwrap().len(), 4);
    assert_eq!(hair["joints"][3], serde_json::json!({"node": tail}));
    assert_eq!(hair["center"], node_named(&json, "head"));
    assert!(json["nodes"][node_named(&json, "hair_3") as usize]["children"]
        .as_array()
        .unwrap()
        .contains(&tail.into()));
    assert!(!json["skins"][0]["joints"].as_array().unwrap().contains(&tail.into()), "not a skin joint");
    assert_eq!(sb["springs"][1]["joints"][1], serde_json::json!({"node": node_named(&json, "skirt_2")}));

    // our importer reads the same model back (numbers to 1e-6: the tail point went through f32 nodes)
    let back = read_glb(&vrm).unwrap();
    assert_eq!(back.info.spring_joints, 4);
    assert_eq!((back.info.springs_clamped, back.info.springs_dropped.len()), (0, 0), "{:?}", back.info);
    let as_json = |m: &SpringModel| serde_json::to_value(m).unwrap();
    same_json(&as_json(&back.springs), &as_json(model), 1e-6, "springs").unwrap();
    assert!(matches!(back.springs.chains[0].tail, ChainTail::Point(_)));

    // facing -Z (the skeleton turned 180° about +Y): the file holds the same springs, gravityDir turned to the
    // file's world (here: back to the +Z avatar's), the rest in node frames; the importer gives the asset's
    // frame back except gravityDir, which it takes as written (see vrm_export/springs.rs)
    let turn = |p: [f64; 3]| [-p[0], p[1], -p[2]];
    let mut turned = asset.clone();
    let parts: Vec<RigPart> = turned
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
            other => other.clone(),
        })
        .collect();
    turned.render.rig = avatar_sim::rig::Rig::new(parts).unwrap();
    turned.render.vertices.iter_mut().for_each(|v| *v = turn(*v));
    for c in &mut turned.springs.chains {
        c.joints.iter_mut().for_each(|j| j.params.gravity_dir = turn(j.params.gravity_dir));
        if let ChainTail::Point(p) = &mut c.tail {
            *p = turn(*p);
        }
    }
    let turned_vrm = to_vrm(&turned, &[0; 32]).unwrap();
    let turned_json = glb_json(&turned_vrm);
    assert!(turned_json["nodes"].as_array().unwrap().iter().any(|n| n["name"] == "vrm_face_plus_z"));
    let mut turned_sb = turned_json["extensions"]["VRMC_springBone"].clone();
    // the tail node comes after the turn node there
    assert_eq!(turned_sb["springs"][0]["joints"][3]["node"], node_named(&turned_json, "hair_3_spring_tail"));
    turned_sb["springs"][0]["joints"][3]["node"] = tail.into();
    same_json(&turned_sb, sb, 1e-9, "turned VRMC_springBone").unwrap();
    let tail_translation =
        |j: &serde_json::Value| j["nodes"][node_named(j, "hair_3_spring_tail") as usize].clone();
    same_json(&tail_translation(&turned_json), &tail_translation(&json), 1e-9, "tail node").unwrap();
    let mut back = read_glb(&turned_vrm).unwrap().springs;
    for (b, t) in back
        .chains
        .iter_mut()
        .flat_map(|c| &mut c.joints)
        .zip(turned.springs.chains.iter().flat_map(|c| &c.joints))
    {
        assert!((0..3).all(|i| (b.params.gravity_dir[i] - turn(t.params.gravity_dir)[i]).abs() < 1e-9));
        b.params.gravity_dir = t.params.gravity_dir;
    }
    same_json(&as_json(&back), &as_json(&turned.springs), 1e-6, "turned springs").unwrap();

    // a model that does not fit the rig is an export error, not a panic
    let refused = |edit: &dyn Fn(&mut SpringModel), says: &str| {
        let mut a = asset.clone();
        edit(&mut a.springs);
        let e = to_vrm(&a, &[0; 32]).err().unwrap_or_else(|| panic!("exported; wanted {says:?}")).to_string();
        assert!(e.contains("spring bones") && e.contains(says), "{e:?} does not say {says:?}");
    };
    refused(&|m| m.chains[0].joints[1].bone = "nobody".into(), "not in the rig");
    refused(&|m| m.colliders[0].bone = "nobody".into(), "not in the rig");
    refused(&|m| m.chains[1].tail = ChainTail::Bone("head".into()), "not a child");
    refused(&|m| m.chains[0].tail = ChainTail::Point([f64::NAN, 0.0, 0.0]), "not finite");
    refused(&|m| m.chains[0].collider_groups.push(7), "does not exist");
    // without springs nothing spring-related is written
    let mut plain = asset.clone();
    plain.springs = SpringModel::default();
    let j = glb_json(&to_vrm(&plain, &[0; 32]).unwrap());
    assert_eq!(j["extensionsUsed"], serde_json::json!(["VRMC_vrm"]));
    assert!(j["extensions"]["VRMC_springBone"].is_null());
}

/// Random corruption of the spring bones of the committed test avatars (`VRMC_springBone` of the VRM 1.0 one,
/// `secondaryAnimation` of the VRM 0.x one): each flip lands in the extension's JSON. Every file is refused
/// with a reason or read into a model that fits its rig, and that model steps to a finite pose.
#[test]
fn corrupted_spring_bones_give_errors_or_models_that_step() {
    use avatar_sim::spring::{SpringSettings, SpringSolver};
    for (file, key) in [
        ("avatars/anny_springs_vrm1.vrm", "\"VRMC_springBone\""),
        ("avatars/anny_springs_vrm0.vrm", "\"secondaryAnimation\""),
    ] {
        let bytes = std::fs::read(fixture(file)).unwrap();
        let json_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        let json = std::str::from_utf8(&bytes[20..20 + json_len]).unwrap();
        let start = 20 + json.find(key).unwrap_or_else(|| panic!("{file} has no {key}"));
        let span = 2000.min(20 + json_len - start);
        let mut state = 11u64;
        let (mut errors, mut ok) = (0, 0);
        for _ in 0..150 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let at = start + (state >> 33) as usize % span;
            let mut bad = bytes.clone();
            bad[at] ^= 1 << ((state >> 20) % 8);
            match read_glb(&bad) {
                Ok(a) => {
                    ok += 1;
                    a.springs
                        .validate_for(&a.rig)
                        .unwrap_or_else(|e| panic!("{file}: accepted a bad model: {e}"));
                    let mut solver = SpringSolver::new(&a.rig, &a.springs);
                    let mut p = a.rig.rest_params();
                    for k in 0..10 {
                        p = a.rig.rest_params();
                        // a small sway of every bone, so that the joints move
                        for b in 0..a.rig.num_params() / 12 {
                            p[12 * b + 3] += 0.02 * (k as f64).sin();
                        }
                        solver.tick(&mut p, 1.0 / 120.0, &SpringSettings::default());
                    }
                    assert!(p.iter().all(|v| v.is_finite()), "{file}: a non-finite pose");
                }
                Err(e) => {
                    errors += 1;
                    assert!(
                        !e.to_string().contains("failed on malformed data"),
                        "a panic inside the importer: {e}"
                    );
                }
            }
        }
        eprintln!("{file}: {ok} corrupted spring bones still read, {errors} refused with a reason");
        assert!(errors > 0 && ok > 0, "{file}: {ok} read, {errors} refused");
    }
}

/// The glb carries the held part: decoded from `extras.avatard.held` and its buffer views alone (as an engine
/// would), the published `held` of a bent and turned pose draws the simulation's `u_h` at every render vertex.
#[test]
fn the_exported_glb_carries_the_held_part_that_the_state_drives() {
    use avatar_sim::reduced::held::{write_wire, HeldModel};
    let asset = asset::held_bar_avatar().unwrap();
    let glb = to_glb(&asset, &[3; 32]).unwrap();
    gltf::Gltf::from_slice(&glb).expect("the export is valid glTF");
    let file = gltf::binary::Glb::from_slice(&glb).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&file.json).unwrap();
    let bin = file.bin.unwrap();
    let held = &json["asset"]["extras"]["avatard"]["held"];
    let view = |key: &str| {
        let v = &json["bufferViews"][held[key].as_u64().unwrap() as usize];
        let o = v["byteOffset"].as_u64().unwrap() as usize;
        let l = v["byteLength"].as_u64().unwrap() as usize;
        bin[o..o + l].chunks_exact(4).map(|b| [b[0], b[1], b[2], b[3]]).collect::<Vec<[u8; 4]>>()
    };
    let offsets: Vec<usize> = view("offsets").iter().map(|b| u32::from_le_bytes(*b) as usize).collect();
    let joint: Vec<usize> = view("joint").iter().map(|b| u32::from_le_bytes(*b) as usize).collect();
    let basis: Vec<f32> = view("basis").iter().map(|b| f32::from_le_bytes(*b)).collect();
    let kmax = held["components"].as_u64().unwrap() as usize;
    let slots: Vec<(usize, usize)> = held["joints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| (j["offset"].as_u64().unwrap() as usize, j["components"].as_u64().unwrap() as usize))
        .collect();
    let n_render = asset.render.vertices.len();
    assert_eq!(offsets.len(), n_render + 1);
    assert_eq!(basis.len(), 3 * kmax * joint.len());
    // the simulation's own u_h at a bent, turned pose
    let sim = &asset.sim;
    let mass = avatar_sim::fem::lumped_mass(&sim.mesh, &sim.material.density);
    let model = HeldModel::new(sim.held.clone().unwrap(), &sim.mesh, &mass, &sim.weights, &sim.rig).unwrap();
    let (lbs, _) = sim.rig.skeleton().unwrap();
    let mut p = sim.rig.rest_params();
    avatar_sim::rig::rotate_subtree(&sim.rig, &mut p, &lbs.bones()[1].name, [0.0, 0.0, 1.0], 0.8).unwrap();
    avatar_sim::rig::rotate_subtree(&sim.rig, &mut p, &lbs.bones()[0].name, [1.0, 0.2, 0.0], -0.6).unwrap();
    let poses = model.pose(&p);
    let u = model.displacement(&poses);
    let mut wire = Vec::new();
    write_wire(&poses, &mut wire);
    assert_eq!(wire.len(), held["wire_len"].as_u64().unwrap() as usize);
    let n = sim.mesh.n();
    let (mut worst, mut peak) = (0.0f64, 0.0f64);
    let mut expected = Vec::with_capacity(3 * n_render);
    for v in 0..n_render {
        let mut x = [0.0f64; 3];
        for e in offsets[v]..offsets[v + 1] {
            let (o, k) = slots[joint[e]];
            let mut local = [0.0f64; 3];
            for kk in 0..k {
                for b in 0..3 {
                    local[b] += wire[o + 9 + kk] as f64 * basis[3 * (e * kmax + kk) + b] as f64;
                }
            }
            for a in 0..3 {
                x[a] += (0..3).map(|b| wire[o + 3 * a + b] as f64 * local[b]).sum::<f64>();
            }
        }
        let (t, beta) = (asset.render.embed_tet[v] as usize, asset.render.embed_bary[v]);
        for a in 0..3 {
            let want: f64 = (0..4).map(|i| beta[i] * u[a * n + sim.mesh.tets[t][i]]).sum();
            peak = peak.max(want.abs());
            worst = worst.max((want - x[a]).abs());
            expected.push(want);
        }
    }
    assert!(peak > 1e-3, "a visible correction: {peak}");
    // AVATAR_BLESS=1 writes the viewer's fixture: this glb, the state's held and the simulation's u_h per render
    // vertex (viewer/test/unit.test.ts checks src/held.ts against it)
    if std::env::var_os("AVATAR_BLESS").is_some() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../viewer/test/fixtures");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("held-bar.glb"), &glb).unwrap();
        let json = serde_json::json!({"held": wire, "expected": expected, "peak": peak});
        std::fs::write(dir.join("held-bar.json"), serde_json::to_string(&json).unwrap()).unwrap();
    }
    assert!(worst < 1e-4, "the glb's held part differs from the simulation's by {worst} m (peak {peak})");
}
