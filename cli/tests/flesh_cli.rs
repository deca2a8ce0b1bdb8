//! `avatard flesh` and `avatard simulate --flesh-mode` as a user runs them: a real asset (an arm precomputed
//! from its mesh and rig files), a rig animation, the real binary; bad arguments give clear errors.

use crate::common;

use avatar_sim::flesh::ArmShape;
use avatar_sim::mesh::write_medit;
use common::s;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    common::scratch("flesh-cli", name)
}

fn avatard() -> common::Avatard {
    common::Avatard::new("flesh-cli-cache")
}

fn ok(args: &[&str]) -> String {
    String::from_utf8_lossy(&avatard().ok(args).stdout).into_owned()
}

fn fails(args: &[&str], needle: &str) {
    avatard().fails(args, needle)
}

/// An arm asset and an elbow bend 0 → 120° over 5 frames (bone transforms in the skinning form).
fn arm_asset(dir: &Path) -> (PathBuf, PathBuf) {
    let shape = ArmShape::default();
    let mesh = shape.mesh(16, 3);
    let rig = shape.rig(&mesh);
    let (mesh_path, rig_path, asset) =
        (dir.join("arm.mesh"), dir.join("arm-rig.json"), dir.join("arm.avatar"));
    write_medit(&mesh, &mesh_path).unwrap();
    std::fs::write(&rig_path, rig.to_json_string()).unwrap();
    ok(&[
        "precompute",
        "--mesh",
        s(&mesh_path),
        "--rig",
        s(&rig_path),
        "--modes",
        "4",
        "--clusters",
        "8",
        "--no-cache",
        "--out",
        s(&asset),
    ]);
    let frames: Vec<Value> =
        (0..5).map(|k| serde_json::json!({"params": shape.bend(&rig, 30.0 * k as f64, avatar_sim::flesh::NO_ROTATION)})).collect();
    let anim = dir.join("bend.json");
    std::fs::write(&anim, serde_json::json!({"dt": 0.1, "frames": frames}).to_string()).unwrap();
    (asset, anim)
}

#[test]
fn flesh_solves_every_frame_and_writes_the_surface() {
    let dir = scratch("solve");
    let (asset, anim) = arm_asset(&dir);
    let out = dir.join("surface.json");
    let stdout = ok(&[
        "flesh",
        "--asset",
        s(&asset),
        "--rig-anim",
        s(&anim),
        "--self-collision",
        "--collide",
        "plane:0,-0.2,0,0,1,0;sphere:0.45,0.1,0,0.02",
        "--out",
        s(&out),
    ]);
    assert!(stdout.contains("5 frames") && stdout.contains("0 fell back"), "{stdout}");
    let t: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let verts = t["surface_vertices"].as_array().unwrap().len();
    assert!(verts > 0 && !t["triangles"].as_array().unwrap().is_empty());
    let frames = t["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 5);
    for f in frames {
        assert!(f["converged"].as_bool().unwrap(), "{f}");
        assert_eq!(f["fallback"].as_bool(), Some(false), "the boundary solve converges on its own: {f}");
        let pos = f["positions"].as_array().unwrap();
        assert_eq!(pos.len(), verts);
        assert!(pos.iter().flat_map(|p| p.as_array().unwrap()).all(|v| v.as_f64().unwrap().is_finite()));
    }
    // the bent frames move the surface; the rest frame does not need to
    let first = frames[0]["positions"].as_array().unwrap();
    let last = frames[4]["positions"].as_array().unwrap();
    assert_ne!(first, last);
    // the volumetric baseline runs the same problem
    let out2 = dir.join("surface-vol.json");
    ok(&["flesh", "--asset", s(&asset), "--rig-anim", s(&anim), "--method", "volumetric", "--out", s(&out2)]);
}

#[test]
fn simulate_takes_the_reduced_flesh_modes() {
    let dir = scratch("modes");
    let (asset, anim) = arm_asset(&dir);
    let mut trajectories = Vec::new();
    for mode in ["exrotated", "corotational", "corotational+exrotated-warmstart"] {
        let out = dir.join(format!("traj-{mode}.json"));
        ok(&[
            "simulate",
            "--asset",
            s(&asset),
            "--rig-anim",
            s(&anim),
            "--flesh-mode",
            mode,
            "--out",
            s(&out),
        ]);
        let t: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(t["flesh_mode"], mode);
        let z = t["steps"].as_array().unwrap().last().unwrap()["z"].as_array().unwrap().clone();
        assert!(z.iter().all(|v| v.as_f64().unwrap().is_finite()));
        let traj: Vec<Vec<f64>> = t["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["z"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect())
            .collect();
        trajectories.push(traj);
    }
    // The modes against the co-rotational trajectory (48 steps of the 0 → 120° bend): it moves (max |z| 1.54),
    // the warm-started mode ends every step on the same co-rotational equilibrium (measured: max difference
    // 2.4e-5 of max |z|), and the ex-rotated approximation stays within 75% of max |z| (measured 48%; with
    // the skinned rotations replaced by identities 39×).
    let norm = |z: &[f64]| z.iter().map(|v| v * v).sum::<f64>().sqrt();
    let co = &trajectories[1];
    let co_max = co.iter().map(|z| norm(z)).fold(0.0, f64::max);
    assert!(co_max > 0.1, "the bend must excite the flesh: max |z| {co_max}");
    let apart = |traj: &[Vec<f64>]| {
        assert_eq!(traj.len(), co.len());
        let d =
            traj.iter().zip(co).map(|(a, b)| norm(&a.iter().zip(b).map(|(x, y)| x - y).collect::<Vec<_>>()));
        d.fold(0.0, f64::max) / co_max
    };
    let (ex, warm) = (apart(&trajectories[0]), apart(&trajectories[2]));
    assert!(ex <= 0.75, "ex-rotated vs co-rotational: {ex} of max |z|");
    assert!(warm <= 1e-3, "warm-started vs co-rotational: {warm} of max |z|");
    fails(
        &[
            "simulate",
            "--asset",
            s(&asset),
            "--rig-anim",
            s(&anim),
            "--flesh-mode",
            "wobbly",
            "--out",
            "x.json",
        ],
        "corotational",
    );
}

#[test]
fn flesh_refuses_bad_arguments_and_files() {
    let dir = scratch("bad");
    let (asset, anim) = arm_asset(&dir);
    let out = dir.join("o.json");
    fails(
        &[
            "flesh",
            "--asset",
            s(&asset),
            "--rig-anim",
            s(&anim),
            "--collide",
            "sphere:0,0,0,-1",
            "--out",
            s(&out),
        ],
        "--collide",
    );
    fails(
        &["flesh", "--asset", s(&asset), "--rig-anim", s(&anim), "--collide", "cube:1,2,3", "--out", s(&out)],
        "--collide",
    );
    fails(
        &["flesh", "--asset", s(&asset), "--rig-anim", s(&anim), "--tolerance", "0", "--out", s(&out)],
        "--tolerance",
    );
    fails(
        &["flesh", "--asset", s(&dir.join("missing.avatar")), "--rig-anim", s(&anim), "--out", s(&out)],
        "loading",
    );
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"dt\": 0.1, \"frames\": [{\"params\": [1, 2]}]}").unwrap();
    fails(&["flesh", "--asset", s(&asset), "--rig-anim", s(&junk), "--out", s(&out)], "rig animation");
}
