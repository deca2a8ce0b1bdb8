//! Force-dual skinning eigenmodes (paper 004) as a user makes them: `avatard prior` measures the rig's
//! accelerations on the committed mocap clip and tracker recordings for an imported real avatar, then
//! `avatard import --subspace force-dual --force-prior FILE --paint …` builds the asset. Real files, the real
//! binary, its exit status and report; a prior that does not fit, a bad region and missing loads are clear
//! errors. The precompute cache is this test binary's own (`AVATARD_CACHE_DIR`).

use crate::common;

use common::{json, s};
use serde_json::Value;
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    common::scratch("fd-cli", name)
}

fn avatard() -> common::Avatard {
    common::Avatard::new(&format!("avatard-fd-cache-{}", std::process::id())).in_repo_root()
}

fn ok(args: &[&str]) -> String {
    String::from_utf8_lossy(&avatard().ok(args).stderr).into_owned()
}

fn fails(args: &[&str], needle: &str) {
    avatard().fails(args, needle)
}

const ANNY: &str = "assets/fixtures/avatars/anny_vrm1.vrm";

#[test]
fn a_prior_from_real_motion_then_force_dual_modes_for_an_imported_avatar() {
    let dir = scratch("anny");
    let (se, prior) = (dir.join("se.avatar"), dir.join("prior.json"));
    ok(&["import", ANNY, "--modes", "6", "--clusters", "40", "--held", "off", "--out", s(&se)]);
    let said = ok(&["prior", "--asset", s(&se), "--out", s(&prior)]);
    let p = json(&prior);
    let (rows, cols) = (p["rows"].as_u64().unwrap() as usize, p["cols"].as_u64().unwrap() as usize);
    assert_eq!(rows, p["rig_params"].as_u64().unwrap() as usize);
    assert!(cols >= 12, "a human moving in four real streams excites many rig directions: {said}");
    assert_eq!(p["factor"].as_array().unwrap().len(), rows * cols);
    // the accelerations come from the mocap clip and the three tracker recordings, each through the rig
    let source = p["source"].as_str().unwrap();
    for name in ["jumps", "pose_demo_singleperson_cam01", "face_carphone", "hands_fingerpose"] {
        assert!(source.contains(name), "{source}");
    }
    let ev: Vec<f64> = p["eigenvalues"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert!(ev.windows(2).all(|w| w[0] >= w[1]) && ev[cols - 1] > 0.0, "{ev:?}");

    let (fd, report) = (dir.join("fd.avatar"), dir.join("fd.json"));
    let args = [
        "import",
        ANNY,
        "--modes",
        "6",
        "--clusters",
        "40",
        "--held",
        "off",
        "--subspace",
        "force-dual",
        "--force-prior",
        s(&prior),
        "--paint",
        "belly=100,chest=50",
        "--out",
        s(&fd),
        "--report",
        s(&report),
    ];
    ok(&args);
    let r = json(&report);
    assert_eq!(r["settings"]["subspace"]["type"], "force_dual", "{}", r["settings"]["subspace"]["type"]);
    assert!(r["complementarity_residual"].as_f64().unwrap() <= 1e-8, "{}", r["complementarity_residual"]);
    assert!(r["orthonormality_error"].as_f64().unwrap() <= 1e-8);
    let var: Vec<f64> =
        r["force_dual_variances"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(var.len(), 6);
    assert!(var.windows(2).all(|w| w[0] >= w[1]) && var[5] > 0.0, "{var:?}");
    // the asset is an ordinary one: it loads, with 12m reduced coordinates
    let (loaded, _) = avatar_sim::asset::load(&fd).unwrap();
    assert_eq!(loaded.sim.weights.ncols(), 6);
    assert_eq!(loaded.sim.reduced.btmb.nrows(), 72);

    // what cannot work is said, never panicked
    fails(&["import", ANNY, "--force-prior", s(&prior), "--out", s(&fd)], "--subspace force-dual");
    fails(&["import", ANNY, "--subspace", "force-dual", "--out", s(&fd)], "needs a load");
    fails(
        &["import", ANNY, "--subspace", "force-dual", "--paint", "belly", "--out", s(&fd)],
        "REGION=VARIANCE",
    );
    let bad_region = ["import", ANNY, "--subspace", "force-dual", "--paint", "tail=5", "--out", s(&fd)];
    fails(&bad_region, "tail");
    std::fs::write(dir.join("broken.json"), "{\"rows\": 3").unwrap();
    let broken = dir.join("broken.json");
    fails(
        &["import", ANNY, "--subspace", "force-dual", "--force-prior", s(&broken), "--out", s(&fd)],
        "force prior",
    );
    // a prior measured on another rig does not fit this one
    let mut other = p.clone();
    other["rows"] = Value::from(rows - 12);
    other["rig_params"] = Value::from(rows - 12);
    other["factor"] = Value::from(vec![0.5; (rows - 12) * cols]);
    std::fs::write(dir.join("other.json"), other.to_string()).unwrap();
    let other = dir.join("other.json");
    fails(&["import", ANNY, "--subspace", "force-dual", "--force-prior", s(&other), "--out", s(&fd)], "rig");
}

/// `--subspace focused`: Eq. 22's modes and a quarter each from the neck's and head's joint strain and from the
/// head's painted inertia, on the real VRM through the real binary; complementary and orthonormal as reported.
#[test]
fn focused_modes_for_an_imported_avatar() {
    let dir = scratch("focused");
    let (out, report) = (dir.join("focused.avatar"), dir.join("report.json"));
    ok(&[
        "import",
        ANNY,
        "--subspace",
        "focused",
        "--modes",
        "8",
        "--clusters",
        "40",
        "--out",
        s(&out),
        "--report",
        s(&report),
    ]);
    let r = json(&report);
    let sub = &r["settings"]["subspace"];
    assert_eq!(sub["type"], "focused_eigenmodes", "{sub}");
    assert_eq!((sub["joint"].as_u64(), sub["inertia"].as_u64()), (Some(2), Some(2)), "{sub}");
    assert!(r["complementarity_residual"].as_f64().unwrap() <= 1e-8, "{}", r["complementarity_residual"]);
    assert!(r["orthonormality_error"].as_f64().unwrap() <= 1e-8, "{}", r["orthonormality_error"]);
    let (loaded, _) = avatar_sim::asset::load(&out).unwrap();
    assert_eq!(loaded.sim.weights.ncols(), 8);
    fails(
        &["import", ANNY, "--subspace", "focused", "--paint", "belly=1", "--out", s(&out)],
        "--subspace force-dual",
    );
    fails(
        &["import", ANNY, "--subspace", "focused", "--modes", "2", "--out", s(&out)],
        "joint + inertia < modes",
    );
}
