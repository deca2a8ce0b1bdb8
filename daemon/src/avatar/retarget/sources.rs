//! Where the input comes from: the slots of the avatar's sources, the newest frame of each kind across them,
//! and which pieces have a frame not taken before.

use super::{Retarget, HANDS, PIECES};
use crate::ingest::{Inputs, Slots, SourceSlots};
use crate::mapping::hand::other;
use avatar_schema::{FaceFrame, HandFrame, Handedness, PoseFrame, RigFrame};
use std::sync::Arc;

/// The newest frame of each kind across the avatar's sources (by capture time, then sequence number).
pub(super) struct Frames {
    pub(super) pose: Option<Arc<PoseFrame>>,
    pub(super) face: Option<Arc<FaceFrame>>,
    pub(super) rig: Option<Arc<RigFrame>>,
    /// For the avatar's left and right hands.
    pub(super) hands: [Option<Arc<HandFrame>>; 2],
    /// Local receive time (unix ns) of the newest frame stored in any of the slots.
    pub(super) received: Option<i64>,
}

impl Retarget {
    /// The slots this avatar reads: all sources, or its own in the order given.
    fn slots<'a>(&self, inputs: &'a Inputs, held: &'a mut Vec<Arc<SourceSlots>>) -> Vec<&'a Slots> {
        if self.sources.is_empty() {
            return vec![&inputs.any];
        }
        held.extend(self.sources.iter().filter_map(|s| inputs.source(s)));
        held.iter().map(|s| &s.slots).collect()
    }

    /// The newest frames of the avatar's sources; `mirror`: the avatar's hands follow the subject's other
    /// hands.
    pub(super) fn newest_frames(&self, inputs: &Inputs, mirror: bool) -> Frames {
        let mut held = Vec::new();
        let slots = self.slots(inputs, &mut held);
        let newest = |get: &dyn Fn(&Slots) -> Option<(i64, u64)>| {
            slots.iter().enumerate().filter_map(|(i, s)| get(s).map(|k| (k, i))).max().map(|(_, i)| i)
        };
        let pose = newest(&|s| s.pose.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].pose.load_full());
        let face = newest(&|s| s.face.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].face.load_full());
        let rigf = newest(&|s| s.rig.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].rig.load_full());
        // the avatar's hand `side` follows the subject's same hand, or the other one when mirrored
        let hand = |side: Handedness| {
            let subject = if mirror { other(side) } else { side };
            newest(&|s| s.hand(subject).load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
                .and_then(|i| slots[i].hand(subject).load_full())
        };
        let hands = HANDS.map(hand);
        let received = slots.iter().map(|s| s.received_ns.load(std::sync::atomic::Ordering::Relaxed)).max();
        drop(slots);
        Frames { pose, face, rig: rigf, hands, received }
    }

    /// Which pieces (body, face, rig frame, left hand, right hand) have a frame not taken before: each frame
    /// is filtered and mapped once. Clears the filters when a tracker restarted; takes the newest frame's
    /// sequence number and capture time, and the input interval since the previous one; marks the new pieces
    /// live. Also says whether a tracker restarted (a new stream id on a slot seen before).
    pub(super) fn take_new(&mut self, frames: &Frames, now_ns: i64) -> ([bool; PIECES], bool) {
        let headers = [
            frames.pose.as_ref().map(|f| &f.header),
            frames.face.as_ref().map(|f| &f.header),
            frames.rig.as_ref().map(|f| &f.header),
            frames.hands[0].as_ref().map(|f| &f.header),
            frames.hands[1].as_ref().map(|f| &f.header),
        ];
        let mut new = [false; PIECES];
        let mut newest_header = None::<&avatar_schema::FrameHeader>;
        let mut restarted = false;
        for (k, h) in headers.into_iter().enumerate() {
            let Some(h) = h else { continue };
            let id = (h.stream_id, h.seq);
            if self.seen[k] == Some(id) {
                continue;
            }
            // a restarted tracker (new stream id): its clock starts over, so must the filters' time
            restarted |= self.seen[k].is_some_and(|(stream, _)| stream != h.stream_id);
            self.seen[k] = Some(id);
            new[k] = true;
            if newest_header.is_none_or(|n| h.capture_time_ns > n.capture_time_ns) {
                newest_header = Some(h);
            }
        }
        if restarted {
            self.clear_filters();
        }
        if let Some(h) = newest_header {
            self.input_seq = h.seq;
            self.input_capture_time_ns = h.capture_time_ns;
            self.last_input_local_ns = Some(frames.received.unwrap_or(now_ns).max(1));
            let dt = self.last_capture_ns.map(|c| (h.capture_time_ns - c) as f64 * 1e-9);
            self.last_capture_ns = Some(h.capture_time_ns);
            self.interval_s = dt.filter(|d| d.is_finite() && *d > 0.0).map_or(0.0, |d| d.min(0.1));
        }
        for k in (0..PIECES).filter(|&k| new[k]) {
            self.piece_seen_ns[k] = Some(now_ns);
            self.piece_weight[k] = 1.0;
        }
        (new, restarted)
    }
}
