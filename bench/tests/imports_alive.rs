//! An imported avatar is as alive as the default one (issue 35): each committed test VRM, imported with what
//! `avatard import` uses ([`ImportSettings::precompute`]), through `avatard-bench jiggle`'s jumps (the CMU
//! clip through the daemon's per-avatar step). The soft regions reach the default avatar's band (10–40 mm),
//! the calves stay ≤ 5 mm and the skull, hands and feet ≤ 3 mm. At 16 modes the Anny VRM's chest reached 6.3
//! mm; with firm (not rigid) feet its feet reached 4.2 mm.

use avatar_sim::asset::{self, ImportSettings};
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

fn peak(report: &serde_json::Value, region: &str) -> f64 {
    report["motions"]["jumps"]["regions"][region]["peak_mm"]
        .as_f64()
        .unwrap_or_else(|| panic!("no peak for {region} in {}", report["motions"]["jumps"]["regions"]))
}

#[test]
fn imported_avatars_jiggle_like_the_default_one_on_the_jumps() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("avatard-imports-alive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["anny_vrm1.vrm", "anny_rich_vrm1.vrm"] {
        let vrm = root.join("assets/fixtures/avatars").join(name);
        let built = asset::import(
            &vrm,
            &ImportSettings::default(),
            &ImportSettings::precompute(),
            None,
            Arc::new(|_| {}),
        )
        .unwrap_or_else(|e| panic!("importing {name}: {e:#}"));
        let file = dir.join(format!("{name}.avatar"));
        asset::save(&built.asset, &file).unwrap();
        let out = dir.join(name);
        let run = Command::new(env!("CARGO_BIN_EXE_avatard-bench"))
            .current_dir(&root)
            .args(["jiggle", "--motions", "jumps", "--no-render", "--asset"])
            .arg(&file)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(run.status.success(), "{name}: {}", String::from_utf8_lossy(&run.stderr));
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("jiggle.json")).unwrap()).unwrap();
        let said = |r: &str| format!("{name}: {r} {:.1} mm", peak(&report, r));
        for soft in ["chest", "belly", "buttocks", "thighs"] {
            assert!((10.0..=40.0).contains(&peak(&report, soft)), "{}", said(soft));
        }
        assert!(peak(&report, "calves") <= 5.0, "{}", said("calves"));
        for still in ["head", "hands", "feet"] {
            assert!(peak(&report, still) <= 3.0, "{}", said(still));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
