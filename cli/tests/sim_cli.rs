//! `avatard precompute`, `simulate`, `import` and `export` as a user runs them: real files in a scratch folder,
//! the real binary, its exit status, report, asset, trajectory, cache and glb; bad arguments and files get a
//! clear error. The precompute cache goes to a folder of this test binary's own (`AVATARD_CACHE_DIR`), never
//! the user's.

use crate::common;

use avatar_sim::mesh::shapes::box_mesh;
use avatar_sim::mesh::write_medit;
use avatar_sim::rig::{LbsRig, Rig, RigPart};
use common::{json, s};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    common::scratch("sim-cli", name)
}

fn avatard() -> common::Avatard {
    common::Avatard::new(&format!("avatard-cache-{}", std::process::id()))
}

fn ok(args: &[&str]) -> String {
    String::from_utf8_lossy(&avatard().ok(args).stdout).into_owned()
}

fn fails(args: &[&str], needle: &str) {
    avatard().fails(args, needle)
}

/// A bar mesh and its two-bone rig, as files.
fn bar_files(dir: &Path) -> (PathBuf, PathBuf) {
    let mesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.5]);
    let mesh_path = dir.join("bar.mesh");
    write_medit(&mesh, &mesh_path).unwrap();
    let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
    let rig_path = dir.join("bar-rig.json");
    std::fs::write(&rig_path, rig.to_json_string()).unwrap();
    (mesh_path, rig_path)
}

/// The elbow bends to 90° over half a second and back, named bone transforms (`bones_local`).
fn bend_animation(path: &Path) {
    let frames: Vec<Value> = (0..=30)
        .map(|k| {
            let a = std::f64::consts::FRAC_PI_2 * (std::f64::consts::PI * k as f64 / 30.0).sin();
            let (c, s) = (a.cos(), a.sin());
            // child's local transform relative to the root: rotation about z at the joint (x = 1 from the root)
            serde_json::json!({"bones_local": {"child": [[c, -s, 0.0, 1.0], [s, c, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]]}})
        })
        .collect();
    std::fs::write(path, serde_json::json!({"dt": 1.0 / 60.0, "frames": frames}).to_string()).unwrap();
}

#[test]
fn precompute_then_simulate_a_bending_bar() {
    let dir = scratch("bend");
    let (mesh, rig) = bar_files(&dir);
    let (asset, report) = (dir.join("bar.avatar"), dir.join("report.json"));
    let stdout = ok(&[
        "precompute",
        "--mesh",
        s(&mesh),
        "--rig",
        s(&rig),
        "--modes",
        "6",
        "--clusters",
        "12",
        "--out",
        s(&asset),
        "--report",
        s(&report),
    ]);
    assert!(stdout.contains("complementarity residual"), "{stdout}");
    let r = json(&report);
    assert_eq!(r["vertices"], 9 * 3 * 3);
    assert_eq!(r["tets"], 8 * 2 * 2 * 6);
    assert_eq!(r["modes"], 6);
    assert_eq!(r["eigenvalues"].as_array().unwrap().len(), 6);
    assert!(r["constraint_rank"].as_u64().unwrap() > 10, "two bones constrain more than an affine handle");
    assert!(r["complementarity_residual"].as_f64().unwrap() <= 1e-10);
    assert!(r["clusters"].as_u64().unwrap() >= 12);
    for phase in ["operators", "modes", "clusters", "reduced", "check", "total"] {
        assert!(r["seconds"][phase].as_f64().unwrap() >= 0.0, "{phase}");
    }
    assert_eq!(r["asset_bytes"].as_u64().unwrap(), std::fs::metadata(&asset).unwrap().len());

    let (anim, traj) = (dir.join("bend.json"), dir.join("traj.json"));
    bend_animation(&anim);
    ok(&["simulate", "--asset", s(&asset), "--rig-anim", s(&anim), "--out", s(&traj)]);
    let t = json(&traj);
    let steps = t["steps"].as_array().unwrap();
    // 30 frames of 1/60 s at the default h = 1/120 s
    assert_eq!(steps.len(), 60);
    assert_eq!(t["asset_hash"], r["asset_hash"]);
    let mut peak: f64 = 0.0;
    for step in steps {
        let z = step["z"].as_array().unwrap();
        assert_eq!(z.len(), 72);
        for v in z {
            let v = v.as_f64().unwrap();
            assert!(v.is_finite());
            peak = peak.max(v.abs());
        }
    }
    assert!(peak > 1e-6, "a bending elbow with momentum leak must move the secondary coordinates");
    // the same run with a fixed step count and ARAP
    ok(&[
        "simulate",
        "--asset",
        s(&asset),
        "--rig-anim",
        s(&anim),
        "--out",
        s(&traj),
        "--steps",
        "7",
        "--elasticity",
        "arap",
        "--gravity",
        "0,-9.81,0",
    ]);
    assert_eq!(json(&traj)["steps"].as_array().unwrap().len(), 7);
}

#[test]
fn bad_arguments_and_files_are_clear_errors() {
    let dir = scratch("bad");
    let (mesh, rig) = bar_files(&dir);
    let asset = dir.join("bar.avatar");
    let out = s(&asset);
    let pre = |extra: &[&str], needle: &str| {
        let mut args = vec!["precompute", "--mesh", s(&mesh), "--rig", s(&rig), "--out", out];
        args.extend_from_slice(extra);
        fails(&args, needle);
    };
    pre(&["--clusters", "0"], "positive number of clusters");
    pre(&["--clusters", "many"], "positive number of clusters");
    pre(&["--material", "homogeneous", "--poisson", "0.5"], "Poisson");
    pre(&["--material", "homogeneous", "--youngs", "-3"], "Young");
    pre(&["--material", "homogeneous", "--density", "0"], "density");
    pre(&["--youngs", "3e4"], "add --material homogeneous");
    fails(
        &["precompute", "--mesh", s(&mesh), "--material", "anatomical", "--out", out],
        "needs a rig with bones",
    );
    let anatomy = dir.join("anatomy.json");
    std::fs::write(&anatomy, r#"{"overrides": [{"regions": ["tail"]}]}"#).unwrap();
    pre(&["--anatomy", s(&anatomy)], "unknown region `tail`");
    pre(&["--dt", "0"], "--dt");
    pre(&["--leak-strength", "1.5"], "--leak-strength");
    pre(&["--modes", "0"], "--modes");
    pre(&["--modes", "1000"], "asked for 1000 modes");
    fails(&["precompute", "--mesh", "/nonexistent/x.mesh", "--out", out], "x.mesh");
    let garbage = dir.join("garbage.mesh");
    std::fs::write(&garbage, "MeshVersionFormatted 1\nDimension 3\nVertices\n2\n0 0 zero 0\n").unwrap();
    fails(&["precompute", "--mesh", s(&garbage), "--out", out], "line 5");
    let bad_rig = dir.join("bad-rig.json");
    std::fs::write(&bad_rig, r#"{"parts": [{"type": "lbs", "bones": []}]"#).unwrap();
    fails(&["precompute", "--mesh", s(&mesh), "--rig", s(&bad_rig), "--out", out], "bad-rig.json");
    let small = dir.join("small.mesh");
    write_medit(&box_mesh(2, 1, 1, [1.0; 3]), &small).unwrap();
    fails(&["precompute", "--mesh", s(&small), "--rig", s(&rig), "--out", out], "vertices");

    // a good asset, then broken copies of it and bad animations
    ok(&[
        "precompute",
        "--mesh",
        s(&mesh),
        "--rig",
        s(&rig),
        "--modes",
        "4",
        "--clusters",
        "8",
        "--out",
        out,
    ]);
    let anim = dir.join("bend.json");
    bend_animation(&anim);
    let traj = dir.join("traj.json");
    let sim = |asset: &Path, anim: &Path, extra: &[&str], needle: &str| {
        let mut args = vec!["simulate", "--asset", s(asset), "--rig-anim", s(anim), "--out", s(&traj)];
        args.extend_from_slice(extra);
        fails(&args, needle);
    };
    let bytes = std::fs::read(&asset).unwrap();
    let truncated = dir.join("truncated.avatar");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    sim(&truncated, &anim, &[], "checksum mismatch");
    let flipped = dir.join("flipped.avatar");
    let mut b = bytes.clone();
    b[bytes.len() - 5] ^= 1;
    std::fs::write(&flipped, &b).unwrap();
    sim(&flipped, &anim, &[], "checksum mismatch");
    let version = dir.join("version.avatar");
    let mut b = bytes.clone();
    b[8] = 9;
    std::fs::write(&version, &b).unwrap();
    sim(&version, &anim, &[], "version 9 is not supported");
    sim(&mesh, &anim, &[], "not an avatar asset");
    let nan = dir.join("nan.json");
    std::fs::write(
        &nan,
        r#"{"dt": 0.01, "frames": [{"bones": {"child": [[1,0,0,0],[0,1,0,0],[0,0,1,"x"]]}}]}"#,
    )
    .unwrap();
    sim(&asset, &nan, &["--steps", "3"], "nan.json");
    let unknown = dir.join("unknown.json");
    std::fs::write(
        &unknown,
        r#"{"dt": 0.01, "frames": [{"bones": {"elbow": [[1,0,0,0],[0,1,0,0],[0,0,1,0]]}}]}"#,
    )
    .unwrap();
    sim(&asset, &unknown, &["--steps", "3"], "elbow");
    let count = dir.join("count.json");
    std::fs::write(&count, r#"{"dt": 0.01, "frames": [{"params": [1, 2, 3]}]}"#).unwrap();
    sim(&asset, &count, &["--steps", "3"], "3");
    sim(&asset, &anim, &["--steps", "0"], "--steps is 0");
    sim(&asset, &anim, &["--iterations", "0"], "--iterations");
    sim(&asset, &anim, &["--gravity", "0,nan,0"], "--gravity");
    sim(&asset, &anim, &["--tolerance", "-1"], "--tolerance");
}

/// The second identical precompute comes from the cache (same asset bytes, `cached` in the report); a
/// different setting or `--no-cache` recomputes; a damaged cache entry is a miss and is rewritten.
#[test]
fn precompute_cache_hits_misses_and_repairs() {
    let dir = scratch("cache");
    let (mesh, rig) = bar_files(&dir);
    let cache = dir.join("cache");
    let run = |out: &str, extra: &[&str]| {
        let (asset, report) = (dir.join(format!("{out}.avatar")), dir.join(format!("{out}.json")));
        let mut args =
            vec!["precompute", "--mesh", s(&mesh), "--rig", s(&rig), "--modes", "4", "--clusters", "8"];
        args.extend(["--cache-dir", s(&cache), "--out", s(&asset), "--report", s(&report)]);
        args.extend(extra);
        let stdout = ok(&args);
        (std::fs::read(&asset).unwrap(), json(&report), stdout)
    };
    let (first, r1, _) = run("a", &[]);
    assert_eq!(r1["cached"], false);
    let (second, r2, stdout) = run("b", &[]);
    assert_eq!(r2["cached"], true);
    assert!(stdout.contains("from the cache"), "{stdout}");
    assert_eq!(first, second, "the cached asset is the same file");
    assert_eq!(r1["cache_key"], r2["cache_key"]);
    assert_eq!(r1["complementarity_residual"], r2["complementarity_residual"], "the original report is kept");
    let (_, r3, _) = run("c", &["--material", "homogeneous"]); // the material is part of the key
    assert_eq!(r3["cached"], false);
    assert_ne!(r3["cache_key"], r1["cache_key"]);
    let (_, r4, _) = run("d", &["--no-cache"]);
    assert_eq!(r4["cached"], false);
    // damage the entry: a miss, recomputed and stored again
    let entry = cache.join(format!("{}.avatar", r1["cache_key"].as_str().unwrap()));
    let mut bytes = std::fs::read(&entry).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0xff;
    std::fs::write(&entry, &bytes).unwrap();
    let (again, r5, _) = run("e", &[]);
    assert_eq!(r5["cached"], false);
    assert_eq!(again, first, "recomputing gives the same bytes");
    assert_eq!(std::fs::read(&entry).unwrap(), first, "the entry was repaired");
}

/// A real open skinned glb through `import`, `simulate` and `export`; the exported file parses.
#[test]
fn import_simulate_and_export_a_real_glb() {
    let dir = scratch("glb");
    let glb = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures/bcn_epileptic.glb");
    let (asset, report) = (dir.join("bcn.avatar"), dir.join("bcn.json"));
    let stdout = ok(&[
        "import",
        s(&glb),
        "--resolution",
        "20",
        "--modes",
        "6",
        "--clusters",
        "30",
        "--held",
        "off",
        "--no-cache",
        "--out",
        s(&asset),
        "--report",
        s(&report),
    ]);
    assert!(stdout.contains("3014 render vertices"), "{stdout}");
    let r = json(&report);
    assert_eq!(r["import"]["bones"], 54);
    assert!(r["complementarity_residual"].as_f64().unwrap() <= 1e-10);
    // the anatomical material with no extra input: bone around the skeleton >= 100x the softest tissue
    assert_eq!(r["settings"]["material"]["type"], "anatomical", "{r}");
    let (loaded, _) = avatar_sim::asset::load(&asset).unwrap();
    let mu = &loaded.sim.material.mu;
    let (lo, hi) = mu.iter().fold((f64::MAX, 0.0f64), |(a, b), &v| (a.min(v), b.max(v)));
    assert!(lo > 0.0 && hi >= 100.0 * lo, "mu from {lo} to {hi}");
    // an animation of the full parameter vector: the first bone slides along x
    let anim = dir.join("anim.json");
    let (loaded, _) = avatar_sim::asset::load(&asset).unwrap();
    let mut p = loaded.sim.rig.rest_params();
    let frames: Vec<Value> = (0..=10)
        .map(|k| {
            p[3] = 0.01 * k as f64; // the first bone moves along x
            serde_json::json!({"params": p.clone()})
        })
        .collect();
    std::fs::write(&anim, serde_json::json!({"dt": 1.0 / 60.0, "frames": frames}).to_string()).unwrap();
    let traj = dir.join("traj.json");
    ok(&["simulate", "--asset", s(&asset), "--rig-anim", s(&anim), "--out", s(&traj)]);
    assert_eq!(json(&traj)["modes"], 6);
    let out = dir.join("bcn-export.glb");
    let stdout = ok(&["export", s(&asset), "--gltf", s(&out)]);
    assert!(stdout.contains("3014 render vertices"), "{stdout}");
    let g = gltf::Gltf::from_slice(&std::fs::read(&out).unwrap()).expect("valid glTF");
    assert_eq!(g.document.skins().next().unwrap().joints().count(), 54);
}

#[test]
fn import_and_export_refuse_bad_files() {
    let dir = scratch("bad-glb");
    let out = dir.join("x.avatar");
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures");
    let cube = fixtures.join("box_textured_noskin.glb");
    fails(&["import", s(&cube), "--out", s(&out)], "no skinned mesh");
    let junk = dir.join("junk.glb");
    std::fs::write(&junk, b"glTF but not really").unwrap();
    fails(&["import", s(&junk), "--out", s(&out)], "not a readable glTF binary");
    fails(&["import", s(&dir.join("missing.glb")), "--out", s(&out)], "missing.glb");
    let glb = fixtures.join("bcn_epileptic.glb");
    fails(&["import", s(&glb), "--resolution", "0", "--out", s(&out)], "--resolution 0");
    fails(&["import", s(&glb), "--threshold", "1.5", "--out", s(&out)], "--threshold 1.5");
    assert!(!out.exists(), "no asset is written on failure");
    fails(&["export", s(&junk), "--gltf", s(&dir.join("x.glb"))], "not an avatar asset");
}
