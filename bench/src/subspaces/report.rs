//! The report's rows and the console summaries of `avatard bench subspaces`.

use super::projection::{Sums, REGIONS};
use super::Accum;
use avatar_sim::stats::median;
use serde_json::{json, Value};

/// Per region: the trajectory, projection and static errors that were measured (the others null).
pub(super) fn region_json(traj: Option<&Sums>, proj: Option<&Sums>, stat: Option<&Sums>) -> Value {
    let mut out = serde_json::Map::new();
    for (g, r) in REGIONS.iter().enumerate() {
        out.insert(
            r.to_string(),
            json!({
                "error": traj.and_then(|s| s.region_error(g)),
                "projection_error": proj.and_then(|s| s.region_error(g)),
                "static_error": stat.and_then(|s| s.region_error(g)),
            }),
        );
    }
    Value::Object(out)
}

/// One motion's figures for one model (`proj`, `stat`: its projection and static sums, where measured).
pub(super) fn motion_row(
    name: &str,
    in_prior: bool,
    acc: &Accum,
    full: &Accum,
    proj: Option<&Sums>,
    stat: Option<&Sums>,
) -> Value {
    let ratio = |x: &Accum| (x.far2 / x.near2.max(f64::MIN_POSITIVE)).sqrt();
    json!({
        "motion": name, "in_prior": in_prior, "ticks": acc.step_us.len(),
        "error": acc.traj.error(), "projection_error": proj.and_then(|s| s.error()),
        "static_error": stat.and_then(|s| s.error()),
        "median_step_us": median(acc.step_us.clone()),
        "far_over_near": ratio(acc), "reference_far_over_near": ratio(full),
        "regions": region_json(Some(&acc.traj), proj, stat),
    })
}

fn fmt(x: &Value) -> String {
    x.as_f64().map_or("-".into(), |x| format!("{x:.3}"))
}

/// Each motion's trajectory error (projection and static error in brackets, where measured).
pub(super) fn summary(per: &[Value]) -> String {
    per.iter()
        .map(|r| {
            let extra: Vec<String> = [("proj", "projection_error"), ("static", "static_error")]
                .iter()
                .filter(|(_, k)| r[*k].is_number())
                .map(|(w, k)| format!("{w} {}", fmt(&r[*k])))
                .collect();
            let extra = if extra.is_empty() { String::new() } else { format!(" ({})", extra.join(", ")) };
            format!("{} {}{extra}", r["motion"].as_str().unwrap_or("?"), fmt(&r["error"]))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Per region, the mean over motions of the trajectory / projection / static errors (`-`: not measured).
pub(super) fn region_summary(per: &[Value]) -> String {
    let mean = |region: &str, key: &str| -> String {
        let v: Vec<f64> = per.iter().filter_map(|r| r["regions"][region][key].as_f64()).collect();
        if v.is_empty() {
            "-".into()
        } else {
            format!("{:.3}", v.iter().sum::<f64>() / v.len() as f64)
        }
    };
    let parts: Vec<String> = REGIONS
        .iter()
        .map(|r| {
            format!("{r} {}/{}/{}", mean(r, "error"), mean(r, "projection_error"), mean(r, "static_error"))
        })
        .collect();
    format!("regions (trajectory/projection/static, mean over motions): {}", parts.join(", "))
}
