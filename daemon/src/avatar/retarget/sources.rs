//! Where the input comes from: the slots of the avatar's sources, the newest frame of each kind across them,
//! and which pieces have a frame not taken before.

use super::{BODY, FACE, HANDS, HAND_PIECE, PIECES, RIG_FRAME};
use crate::ingest::{Inputs, Slots, SourceSlots, Speech};
use crate::mapping::hand::other;
use avatar_schema::{FaceFrame, FrameHeader, HandFrame, Handedness, PoseFrame, RigFrame};
use std::sync::Arc;

/// Identity of the last frame taken from a slot (so each frame is filtered and mapped once).
type Seen = Option<(u64, u64)>; // (stream_id, seq)

/// The newest frame of each kind across the avatar's sources (by capture time, then sequence number).
pub(super) struct Frames {
    pub(super) pose: Option<Arc<PoseFrame>>,
    pub(super) face: Option<Arc<FaceFrame>>,
    pub(super) rig: Option<Arc<RigFrame>>,
    /// For the avatar's left and right hands.
    pub(super) hands: [Option<Arc<HandFrame>>; 2],
    /// Local receive time (unix ns) of the newest frame stored in any of the slots.
    pub(super) received: Option<i64>,
    /// The newest lip sync among the sources' microphones (by arrival).
    pub(super) speech: Option<Arc<Speech>>,
}

/// The newest frame taken this tick (its sequence number and capture time: [`Sources::newest`]).
pub(super) struct Input {
    /// Local time it counts as received (for the whole-pose silence).
    pub(super) local_ns: i64,
    /// Capture time since the previous newest frame (s; 0 for the first, at most 0.1): the interpolation's
    /// interval.
    pub(super) interval_s: f64,
}

/// What [`Sources::take`] hands the mappers: this tick's frames and which of them are new.
pub(super) struct NewFrames {
    pub(super) frames: Frames,
    /// Per piece (body, face, rig frame, left hand, right hand): its frame was not taken before.
    pub(super) new: [bool; PIECES],
    /// A tracker restarted (a new stream id on a slot seen before).
    pub(super) restarted: bool,
    /// The newest of the new frames (`None`: nothing new this tick).
    pub(super) input: Option<Input>,
}

impl NewFrames {
    /// The pose frame, when new.
    pub(super) fn pose(&self) -> Option<&PoseFrame> {
        self.frames.pose.as_deref().filter(|_| self.new[BODY])
    }

    pub(super) fn face(&self) -> Option<&FaceFrame> {
        self.frames.face.as_deref().filter(|_| self.new[FACE])
    }

    pub(super) fn rig(&self) -> Option<&RigFrame> {
        self.frames.rig.as_deref().filter(|_| self.new[RIG_FRAME])
    }

    /// The hand frame of the avatar's hand `side` (0 left, 1 right), when new.
    pub(super) fn hand(&self, side: usize) -> Option<&HandFrame> {
        self.frames.hands[side].as_deref().filter(|_| self.new[HAND_PIECE + side])
    }
}

/// The sources stage: which slots the avatar reads, and what it took from them.
pub(super) struct Sources {
    /// Tracker sources this avatar follows; empty = every source.
    ids: Vec<String>,
    seen: [Seen; PIECES],
    /// Capture time of the newest frame taken before (for the input interval).
    last_capture_ns: Option<i64>,
    /// Sequence number and capture time of the newest frame taken (0 before any, and after a reset).
    newest: (u64, i64),
}

impl Sources {
    pub(super) fn new(ids: Vec<String>) -> Self {
        Sources { ids, seen: [None; PIECES], last_capture_ns: None, newest: (0, 0) }
    }

    /// As new: every frame in the slots counts as new again, and none has been taken.
    pub(super) fn reset(&mut self) {
        *self = Sources::new(std::mem::take(&mut self.ids));
    }

    /// Sequence number and capture time of the newest frame taken (0 before any).
    pub(super) fn newest(&self) -> (u64, i64) {
        self.newest
    }

    /// This tick's frames of the avatar's sources (`mirror`: the avatar's hands follow the subject's other
    /// hands) and which are new.
    pub(super) fn take(&mut self, inputs: &Inputs, mirror: bool, now_ns: i64) -> NewFrames {
        let frames = self.newest_frames(inputs, mirror);
        let (new, restarted, input) = self.take_new(&frames, now_ns);
        NewFrames { frames, new, restarted, input }
    }

    /// The slots this avatar reads: all sources, or its own in the order given.
    fn slots<'a>(&self, inputs: &'a Inputs, held: &'a mut Vec<Arc<SourceSlots>>) -> Vec<&'a Slots> {
        if self.ids.is_empty() {
            return vec![&inputs.any];
        }
        held.extend(self.ids.iter().filter_map(|s| inputs.source(s)));
        held.iter().map(|s| &s.slots).collect()
    }

    /// The newest frames of the avatar's sources.
    fn newest_frames(&self, inputs: &Inputs, mirror: bool) -> Frames {
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
        let speech = slots.iter().filter_map(|s| s.speech.load_full()).max_by_key(|s| s.received_ns);
        drop(slots);
        Frames { pose, face, rig: rigf, hands, received, speech }
    }

    /// Which pieces (body, face, rig frame, left hand, right hand) have a frame not taken before: each frame
    /// is filtered and mapped once. Also whether a tracker restarted (a new stream id on a slot seen before),
    /// and the newest new frame with the input interval since the previous one.
    fn take_new(&mut self, frames: &Frames, now_ns: i64) -> ([bool; PIECES], bool, Option<Input>) {
        let headers = [
            frames.pose.as_ref().map(|f| &f.header),
            frames.face.as_ref().map(|f| &f.header),
            frames.rig.as_ref().map(|f| &f.header),
            frames.hands[0].as_ref().map(|f| &f.header),
            frames.hands[1].as_ref().map(|f| &f.header),
        ];
        let mut new = [false; PIECES];
        let mut newest_header = None::<&FrameHeader>;
        let mut restarted = false;
        for (k, h) in headers.into_iter().enumerate() {
            let Some(h) = h else { continue };
            let id = (h.stream_id, h.seq);
            if self.seen[k] == Some(id) {
                continue;
            }
            restarted |= self.seen[k].is_some_and(|(stream, _)| stream != h.stream_id);
            self.seen[k] = Some(id);
            new[k] = true;
            if newest_header.is_none_or(|n| h.capture_time_ns > n.capture_time_ns) {
                newest_header = Some(h);
            }
        }
        let input = newest_header.map(|h| {
            self.newest = (h.seq, h.capture_time_ns);
            let dt = self.last_capture_ns.map(|c| (h.capture_time_ns - c) as f64 * 1e-9);
            self.last_capture_ns = Some(h.capture_time_ns);
            Input {
                local_ns: frames.received.unwrap_or(now_ns).max(1),
                interval_s: dt.filter(|d| d.is_finite() && *d > 0.0).map_or(0.0, |d| d.min(0.1)),
            }
        });
        (new, restarted, input)
    }
}
