//! The demo's tracker sources: the committed recordings, replayed at their recorded timing (looping) with
//! fresh headers, as live trackers would send them.

use anyhow::{bail, Context, Result};
use avatar_schema::Message;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tracker_bridge::recording::Recording;
use tracker_bridge::replay::{restamped_as, StreamNames};
use tracker_bridge::TrackerPublisher;

/// A recording: the one given, or the committed one (looked up from the current directory, then from the
/// source tree this binary was built from).
pub fn load_recording(given: Option<&Path>, default: &str, flag: &str) -> Result<(PathBuf, Arc<Recording>)> {
    let path = match given {
        Some(p) => p.to_owned(),
        None => {
            let here = PathBuf::from(default);
            let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(default);
            if here.is_file() {
                here
            } else if source_tree.is_file() {
                source_tree
            } else {
                bail!(
                    "the recording {default} was found neither here nor in {}: run the demo from the \
                     repository's root or give {flag} PATH",
                    source_tree.display()
                )
            }
        }
    };
    let rec = Recording::load(&path).with_context(|| format!("{flag} {}", path.display()))?;
    let frames = rec.records.iter().filter(|r| tracker_frame(&r.message)).count();
    if frames == 0 {
        bail!("{flag} {}: the recording has no tracker frames", path.display());
    }
    Ok((path, Arc::new(rec)))
}

/// The recording with only the records `keep` takes (times kept, so the first kept record may start late).
pub fn only(rec: &Recording, keep: impl Fn(&Message) -> bool) -> Recording {
    Recording {
        meta: rec.meta.clone(),
        records: rec.records.iter().filter(|r| keep(&r.message)).cloned().collect(),
    }
}

fn tracker_frame(m: &Message) -> bool {
    matches!(m, Message::Pose(_) | Message::Face(_) | Message::Hand(_) | Message::Rig(_))
}

/// One pass of a recording when looped: its length plus one mean frame interval (the first frame of the next
/// pass follows the last one at the recorded spacing).
pub fn period(rec: &Recording) -> Duration {
    let n = rec.records.len() as u64;
    let d = rec.duration_ns();
    Duration::from_nanos(if n > 1 { d + d / (n - 1) } else { 33_333_333 })
}

/// What one tracker source did.
pub struct SourceReport {
    pub frames: u64,
    pub passes: u64,
    /// Kept alive until the counts are read (dropping it stops its socket task).
    pub publisher: TrackerPublisher,
}

/// Play `rec` through `publisher` at its recorded timing from `start`, looping, until `end`.
pub async fn play(
    rec: Arc<Recording>,
    mut publisher: TrackerPublisher,
    start: tokio::time::Instant,
    end: tokio::time::Instant,
) -> SourceReport {
    let period = period(&rec);
    let streams = StreamNames::of(&rec);
    let (mut frames, mut passes) = (0, 0);
    'passes: for pass in 0u32.. {
        let pass_start = start + period * pass;
        for r in &rec.records {
            let due = pass_start + Duration::from_nanos(r.t_ns);
            if due >= end {
                break 'passes;
            }
            tokio::time::sleep_until(due).await;
            let stream = streams.stream(&r.message);
            if let Some(m) = restamped_as(&r.message, &mut publisher, avatar_schema::clock::unix_ns(), stream)
            {
                publisher.send(&m);
                frames += 1;
                passes = pass as u64 + 1;
            }
        }
    }
    SourceReport { frames, passes, publisher }
}
