//! Small helpers shared by the commands, the benchmarks and the demo: order statistics, JSON files, free
//! loopback ports.

use anyhow::{Context, Result};
use serde::Serialize;
use std::path::Path;

/// Upper median (`v[len / 2]` once sorted); NaN for no samples.
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Percentile of a sorted slice (nearest rank); NaN for no samples.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// A loopback tcp endpoint on a port that was free a moment ago.
pub fn free_tcp() -> Result<String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    Ok(format!("tcp://127.0.0.1:{port}"))
}

/// Write `value` as indented JSON (reports), creating the folder.
pub fn write_json(path: &Path, value: &impl Serialize) -> Result<()> {
    write(path, serde_json::to_string_pretty(value)?)
}

/// Write `value` as one line of JSON (large outputs: trajectories, surface positions), creating the folder.
pub fn write_json_compact(path: &Path, value: &impl Serialize) -> Result<()> {
    write(path, serde_json::to_string(value)?)
}

fn write(path: &Path, text: String) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 50.0);
        assert_eq!(percentile(&v, 0.99), 99.0);
        assert_eq!(percentile(&v, 1.0), 100.0);
        assert_eq!(percentile(&[7.0], 0.99), 7.0);
        assert!(percentile(&[], 0.5).is_nan());
    }

    #[test]
    fn median_is_the_upper_middle_sample() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 3.0);
        assert!(median(vec![]).is_nan());
    }
}
