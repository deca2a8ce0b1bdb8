//! Tracker input stage: multipart message -> verified frame -> ordering check -> latest-value slot.
//!
//! This is the only path from the input socket to the solver. A message is handed on only after
//! [`avatar_schema::decode`] accepted it, it is a tracker frame (pose, face or rig), and it is newer than the
//! previous frame of its stream; everything else is counted by reason and logged (rate-limited).

use crate::metrics::Metrics;
use arc_swap::{ArcSwap, ArcSwapOption};
use avatar_schema::{decode, DecodeError, FaceFrame, FrameHeader, Message, PoseFrame, Reject, RigFrame};
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// The latest accepted frame of each kind from one set of sources, with the local time it arrived.
#[derive(Default, Debug)]
pub struct Slots {
    pub pose: ArcSwapOption<PoseFrame>,
    pub face: ArcSwapOption<FaceFrame>,
    pub rig: ArcSwapOption<RigFrame>,
    /// Local receive time (unix ns) of the newest frame stored here; 0 before the first.
    pub received_ns: AtomicI64,
}

/// One tracker's slots, found by its `source_id`.
#[derive(Debug)]
pub struct SourceSlots {
    pub source_id: String,
    pub slots: Slots,
}

/// Latest accepted tracker frames, written by the input task and read by the solver thread without locks:
/// across all sources (`any`, for avatars that take whatever arrives) and per source (for avatars bound to
/// named trackers, e.g. a body tracker and a face tracker).
#[derive(Default, Debug)]
pub struct Inputs {
    pub any: Slots,
    /// Per-source slots; replaced (copy on write) only when a source appears or is forgotten, at most
    /// `MAX_STREAMS` entries.
    pub sources: ArcSwap<Vec<Arc<SourceSlots>>>,
    /// Header of the newest accepted frame of any kind.
    pub newest: ArcSwapOption<FrameHeader>,
    /// Bumped once per accepted frame.
    pub generation: AtomicU64,
    /// Local time (unix ns) the newest accepted frame arrived.
    pub arrived_ns: AtomicI64,
    /// The solver thread, woken when a frame arrives (it phase-locks its ticks to the input).
    pub waker: std::sync::OnceLock<std::thread::Thread>,
}

impl Inputs {
    /// The slots of `source_id`, if it has sent an accepted frame (and was not forgotten since).
    pub fn source(&self, source_id: &str) -> Option<Arc<SourceSlots>> {
        self.sources.load().iter().find(|s| s.source_id == source_id).cloned()
    }

    fn source_or_insert(&self, source_id: &str, keep: impl Fn(&str) -> bool) -> Arc<SourceSlots> {
        if let Some(s) = self.source(source_id) {
            return s;
        }
        let slot = Arc::new(SourceSlots { source_id: source_id.to_owned(), slots: Slots::default() });
        let mut next: Vec<Arc<SourceSlots>> =
            self.sources.load().iter().filter(|s| keep(&s.source_id)).cloned().collect();
        next.push(slot.clone());
        self.sources.store(Arc::new(next));
        slot
    }
}

impl Slots {
    fn store(&self, msg: &Message, now_ns: i64) {
        match msg {
            Message::Pose(f) => self.pose.store(Some(Arc::new(f.clone()))),
            Message::Face(f) => self.face.store(Some(Arc::new(f.clone()))),
            Message::Rig(f) => self.rig.store(Some(Arc::new(f.clone()))),
            _ => {}
        }
        self.received_ns.store(now_ns, Relaxed);
    }
}

/// Most tracker streams remembered for ordering checks; the least recently seen is forgotten beyond this.
pub const MAX_STREAMS: usize = 1024;

#[derive(Clone, Copy, Debug)]
struct StreamPos {
    stream_id: u64,
    seq: u64,
    capture_time_ns: i64,
    last_seen: u64,
}

/// Per-source ordering: within one (source_id, stream_id), seq must increase and capture time must not go
/// back. A new stream_id (the tracker restarted) starts a fresh stream.
#[derive(Default, Debug)]
pub struct StreamOrder {
    streams: HashMap<String, StreamPos>,
    clock: u64,
}

impl StreamOrder {
    pub fn check(&mut self, h: &FrameHeader) -> Result<(), DecodeError> {
        self.clock += 1;
        let next = StreamPos {
            stream_id: h.stream_id,
            seq: h.seq,
            capture_time_ns: h.capture_time_ns,
            last_seen: self.clock,
        };
        if let Some(prev) = self.streams.get_mut(&h.source_id) {
            if prev.stream_id == h.stream_id {
                if h.seq <= prev.seq {
                    return Err(DecodeError::new(
                        Reject::Order,
                        format!("{}: seq {} after {}", h.source_id, h.seq, prev.seq),
                    ));
                }
                if h.capture_time_ns < prev.capture_time_ns {
                    return Err(DecodeError::new(
                        Reject::Order,
                        format!(
                            "{}: capture time went back {} ns",
                            h.source_id,
                            prev.capture_time_ns - h.capture_time_ns
                        ),
                    ));
                }
            }
            *prev = next;
            return Ok(());
        }
        if self.streams.len() >= MAX_STREAMS {
            if let Some(oldest) = self.streams.iter().min_by_key(|(_, p)| p.last_seen).map(|(k, _)| k.clone())
            {
                self.streams.remove(&oldest);
            }
        }
        self.streams.insert(h.source_id.clone(), next);
        Ok(())
    }

    /// How many streams are remembered (tests: the [`MAX_STREAMS`] bound).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.streams.len()
    }

    /// Whether `source_id` is still remembered (not evicted by the [`MAX_STREAMS`] bound).
    pub fn knows(&self, source_id: &str) -> bool {
        self.streams.contains_key(source_id)
    }
}

/// The input stage: owns the ordering state, shares the slots and the counters.
pub struct Ingest {
    order: StreamOrder,
    pub inputs: Arc<Inputs>,
    metrics: Arc<Metrics>,
}

impl Ingest {
    pub fn new(inputs: Arc<Inputs>, metrics: Arc<Metrics>) -> Self {
        Ingest { order: StreamOrder::default(), inputs, metrics }
    }

    /// Handle one multipart message: `[topic, body]` or `[body]`. Returns the accepted frame's kind.
    pub fn handle(&mut self, frames: &[Bytes]) -> Result<&'static str, DecodeError> {
        self.metrics.input_received.fetch_add(1, Relaxed);
        let result = self.accept(frames);
        match &result {
            Ok(_) => {
                self.metrics.input_accepted.fetch_add(1, Relaxed);
                self.inputs.generation.fetch_add(1, Relaxed);
            }
            Err(e) => {
                self.metrics.reject(e.reason);
                let n = self.metrics.input_rejected.get(e.reason);
                // Log the 1st, 2nd, 4th, 8th... rejection of each reason: visible, but no log flood.
                if n.is_power_of_two() {
                    tracing::warn!(reason = e.reason.as_str(), count = n, "input dropped: {e}");
                }
            }
        }
        result
    }

    fn accept(&mut self, frames: &[Bytes]) -> Result<&'static str, DecodeError> {
        let body = match frames {
            [body] | [_, body] => body,
            _ => {
                return Err(DecodeError::new(
                    Reject::Malformed,
                    format!("{} frames, expected [topic, body]", frames.len()),
                ))
            }
        };
        let msg = decode(body)?;
        let header = msg.frame_header().ok_or_else(|| {
            DecodeError::new(Reject::Unexpected, format!("{} message on the tracker input", msg.kind()))
        })?;
        self.order.check(header)?;
        let now_ns = avatar_schema::clock::unix_ns();
        self.inputs.newest.store(Some(Arc::new(header.clone())));
        let order = &self.order;
        let source = self.inputs.source_or_insert(&header.source_id, |id| order.knows(id));
        source.slots.store(&msg, now_ns);
        self.inputs.any.store(&msg, now_ns);
        self.inputs.arrived_ns.store(now_ns, Relaxed);
        if let Some(t) = self.inputs.waker.get() {
            t.unpark();
        }
        Ok(msg.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_schema::{encode, samples};

    fn ingest() -> Ingest {
        Ingest::new(Arc::default(), Arc::new(Metrics::new("test")))
    }

    fn pose_bytes(seq: u64, t: i64, stream: u64) -> Bytes {
        let mut p = samples::pose();
        p.header.seq = seq;
        p.header.capture_time_ns = t;
        p.header.stream_id = stream;
        Bytes::from(encode(&Message::Pose(p)))
    }

    #[test]
    fn accepts_frames_and_fills_slots() {
        let mut ing = ingest();
        assert_eq!(ing.handle(&[Bytes::from_static(b"pose"), pose_bytes(1, 10, 7)]), Ok("pose"));
        assert_eq!(ing.handle(&[Bytes::from(encode(&Message::Face(samples::face())))]), Ok("face"));
        assert_eq!(ing.handle(&[Bytes::from(encode(&Message::Rig(samples::rig())))]), Ok("rig"));
        assert_eq!(ing.inputs.any.pose.load().as_ref().unwrap().header.seq, 1);
        assert!(ing.inputs.any.face.load().is_some() && ing.inputs.any.rig.load().is_some());
        assert_eq!(ing.inputs.generation.load(Relaxed), 3);
        assert_eq!(ing.metrics.input_accepted.load(Relaxed), 3);
    }

    #[test]
    fn rejects_reversed_and_duplicate_frames_but_accepts_a_restarted_stream() {
        let mut ing = ingest();
        ing.handle(&[pose_bytes(5, 1000, 1)]).unwrap();
        let reason = |r: Result<_, DecodeError>| r.unwrap_err().reason;
        assert_eq!(reason(ing.handle(&[pose_bytes(5, 2000, 1)])), Reject::Order); // duplicate seq
        assert_eq!(reason(ing.handle(&[pose_bytes(6, 999, 1)])), Reject::Order); // time reversal
        assert_eq!(
            ing.inputs.any.pose.load().as_ref().unwrap().header.seq,
            5,
            "bad frames must not reach the slot"
        );
        // the tracker restarted: new stream id, seq and clock start over
        assert_eq!(ing.handle(&[pose_bytes(0, 10, 2)]), Ok("pose"));
        assert_eq!(ing.metrics.input_rejected.get(Reject::Order), 2);
        assert_eq!(ing.metrics.input_accepted.load(Relaxed), 2);
    }

    #[test]
    fn rejects_non_tracker_messages_and_bad_framing() {
        let mut ing = ingest();
        let state = Bytes::from(encode(&Message::State(samples::state())));
        assert_eq!(ing.handle(&[state]).unwrap_err().reason, Reject::Unexpected);
        let three = [Bytes::from_static(b"a"), Bytes::from_static(b"b"), pose_bytes(1, 1, 1)];
        assert_eq!(ing.handle(&three).unwrap_err().reason, Reject::Malformed);
        assert_eq!(ing.handle(&[]).unwrap_err().reason, Reject::Malformed);
        assert_eq!(
            ing.handle(&[Bytes::from_static(b"garbage!garbage!")]).unwrap_err().reason,
            Reject::Identifier
        );
        assert!(ing.inputs.any.pose.load().is_none());
        assert_eq!(ing.metrics.input_received.load(Relaxed), 4);
        assert_eq!(ing.metrics.input_rejected.total(), 4);
    }

    #[test]
    fn stream_table_is_bounded() {
        let mut order = StreamOrder::default();
        for i in 0..(MAX_STREAMS + 50) {
            let h = FrameHeader {
                source_id: format!("s{i}"),
                stream_id: 1,
                seq: 1,
                capture_time_ns: 1,
                send_time_ns: 1,
            };
            order.check(&h).unwrap();
        }
        assert_eq!(order.len(), MAX_STREAMS);
    }
}

#[cfg(test)]
mod property {
    use super::*;
    use avatar_schema::{encode, samples};
    use proptest::prelude::*;

    fn sample_bytes() -> Vec<Vec<u8>> {
        samples::all().iter().map(encode).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

        /// Any sequence of multipart messages (valid samples, mutated samples, random frames, any frame count):
        /// no panic, every message accounted for exactly once, and only accepted frames reach the slots.
        #[test]
        fn every_message_is_accepted_or_counted_once(
            msgs in prop::collection::vec(
                (0usize..4, 0usize..18, prop::collection::vec(any::<u8>(), 0..64), 0usize..4096, any::<u8>()),
                1..40,
            )
        ) {
            let samples = sample_bytes();
            let mut ing = Ingest::new(Arc::default(), Arc::new(Metrics::new("p")));
            let mut accepted = 0u64;
            for (nframes, which, noise, pos, flip) in &msgs {
                let mut body = samples[*which % samples.len()].clone();
                if *flip != 0 {
                    let i = *pos % body.len();
                    body[i] ^= *flip;
                }
                let frames: Vec<Bytes> = match nframes {
                    0 => vec![],
                    1 => vec![Bytes::from(body)],
                    2 => vec![Bytes::from_static(b"pose"), Bytes::from(body)],
                    _ => vec![Bytes::from(noise.clone()), Bytes::from(noise.clone()), Bytes::from(body)],
                };
                if ing.handle(&frames).is_ok() {
                    accepted += 1;
                }
            }
            let m = &ing.metrics;
            prop_assert_eq!(m.input_received.load(Relaxed), msgs.len() as u64);
            prop_assert_eq!(m.input_accepted.load(Relaxed), accepted);
            prop_assert_eq!(m.input_rejected.total() + accepted, msgs.len() as u64);
            prop_assert_eq!(ing.inputs.generation.load(Relaxed), accepted);
            if let Some(p) = ing.inputs.any.pose.load_full() {
                prop_assert!(p.world_landmarks.iter().all(|l| l.x.is_finite() && l.y.is_finite() && l.z.is_finite()));
            }
        }
    }
}
