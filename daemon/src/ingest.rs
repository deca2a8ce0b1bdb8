//! Tracker input stage: multipart message -> verified frame -> ordering check -> latest-value slot.
//!
//! This is the only path from the input socket to the solver. A message is handed on only after
//! [`avatar_schema::decode`] accepted it, it is a tracker frame (pose, face, hand or rig), and it is newer than
//! the previous frame of its stream; everything else is counted by reason and logged (rate-limited). A hand
//! frame whose handedness score is below [`StreamRules::min_handedness_score`] passes the stream checks but is
//! not stored (counted: `input.hands_gated`): a hand taken for the other one would bend its fingers backwards.
//!
//! Audio frames (a microphone's PCM) are not latest-value input: every accepted chunk of a source is analysed
//! here, in order, by that source's [`LipSync`] (speech → VRM visemes, [`crate::mapping::speech`]), and the
//! source's newest [`Speech`] is what the slots hold. A restarted stream starts its analysis over.

use crate::mapping::speech::{LipSync, LipSyncParams, Visemes};
use crate::metrics::Metrics;
use arc_swap::{ArcSwap, ArcSwapOption};
use avatar_schema::{
    decode, DecodeError, FaceFrame, FrameHeader, HandFrame, Handedness, Message, PoseFrame, Reject, RigFrame,
};
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;

/// A microphone's newest visemes ([`LipSync::visemes`]) and the local time (unix ns) their chunk arrived.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Speech {
    pub visemes: Visemes,
    pub received_ns: i64,
}

/// The latest accepted frame of each kind from one set of sources, with the local time it arrived.
#[derive(Default, Debug)]
pub struct Slots {
    pub pose: ArcSwapOption<PoseFrame>,
    pub face: ArcSwapOption<FaceFrame>,
    pub rig: ArcSwapOption<RigFrame>,
    /// The subject's left and right hands (by the frame's `handedness`).
    pub hand_left: ArcSwapOption<HandFrame>,
    pub hand_right: ArcSwapOption<HandFrame>,
    /// The newest lip sync of the sources' microphones (audio frames analysed by the input stage).
    pub speech: ArcSwapOption<Speech>,
    /// Local receive time (unix ns) of the newest frame stored here; 0 before the first.
    pub received_ns: AtomicI64,
    /// Frames stored per kind (pose, face, rig, left hand, right hand) since the solver last took the count:
    /// more than one per tick means the newer frame replaced an older one no tick had seen (coalesced input,
    /// counted by the solver).
    pub stored: [AtomicU64; 5],
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
    /// Frames replaced in their source's slot before a tick took them, since the last call (the solver calls
    /// it once per tick: input faster than the tick is coalesced to the newest frame).
    pub fn take_coalesced(&self) -> u64 {
        let sources = self.sources.load();
        sources.iter().flat_map(|s| &s.slots.stored).map(|c| c.swap(0, Relaxed).saturating_sub(1)).sum()
    }

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
    /// The slot of hand `side`.
    pub fn hand(&self, side: Handedness) -> &ArcSwapOption<HandFrame> {
        match side {
            Handedness::Left => &self.hand_left,
            Handedness::Right => &self.hand_right,
        }
    }

    fn store(&self, msg: &Message, now_ns: i64) {
        let kind = match msg {
            Message::Pose(f) => Some((0, self.pose.store(Some(Arc::new(f.clone()))))),
            Message::Face(f) => Some((1, self.face.store(Some(Arc::new(f.clone()))))),
            Message::Rig(f) => Some((2, self.rig.store(Some(Arc::new(f.clone()))))),
            Message::Hand(f) => {
                let k = if f.handedness == Handedness::Left { 3 } else { 4 };
                Some((k, self.hand(f.handedness).store(Some(Arc::new(f.clone())))))
            }
            _ => None,
        };
        if let Some((k, ())) = kind {
            self.stored[k].fetch_add(1, Relaxed);
        }
        self.received_ns.store(now_ns, Relaxed);
    }
}

/// The input stage's rules for tracker streams (`schema/README.md` §5.3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreamRules {
    /// A capture time further ahead of the daemon's clock than this is refused (`skew`): accepted, it would
    /// make every later frame of its stream look out of order until the tracker restarted.
    pub max_skew: Duration,
    /// A source's stream is replaced by a different `stream_id` (a restarted tracker), and a source may be
    /// forgotten to make room for a new one, only once it has sent nothing for this long. Until then a second
    /// stream on the source is refused (`stream_busy`), and a new source with the table full of live ones too
    /// (`sources_full`).
    pub quiet: Duration,
    /// Most sources remembered.
    pub max_sources: usize,
    /// A hand frame whose `handedness_score` is below this is not stored (`input.hands_gated`): a score near
    /// 0.5 means the tracker cannot tell a left hand from a right one.
    pub min_handedness_score: f32,
}

impl Default for StreamRules {
    fn default() -> Self {
        StreamRules {
            max_skew: Duration::from_secs(10),
            quiet: Duration::from_millis(500),
            max_sources: MAX_STREAMS,
            min_handedness_score: 0.7,
        }
    }
}

/// Most tracker sources remembered for ordering checks (the default [`StreamRules::max_sources`]).
pub const MAX_STREAMS: usize = 1024;

#[derive(Clone, Copy, Debug)]
struct StreamPos {
    stream_id: u64,
    seq: u64,
    capture_time_ns: i64,
    /// Local time (unix ns) its last frame was accepted.
    seen_ns: i64,
}

/// What [`StreamOrder::check`] decided about an accepted frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// The next frame of the source's stream.
    Next,
    /// The first frame of a source not seen before (or forgotten).
    NewSource,
    /// A new stream of a source whose previous stream had gone quiet (a restarted tracker).
    Replaced,
}

/// Per-source ordering: within one (source_id, stream_id), seq must increase and capture time must not go
/// back; no capture time beyond the skew window; one live stream per source ([`StreamRules`]).
#[derive(Default, Debug)]
pub struct StreamOrder {
    streams: HashMap<String, StreamPos>,
    pub rules: StreamRules,
}

impl StreamOrder {
    pub fn new(rules: StreamRules) -> Self {
        StreamOrder { streams: HashMap::new(), rules }
    }

    /// Check the frame with header `h`, received at local time `now_ns` (unix ns), against its stream.
    pub fn check(&mut self, h: &FrameHeader, now_ns: i64) -> Result<Accepted, DecodeError> {
        let skew = self.rules.max_skew.as_nanos() as i64;
        if h.capture_time_ns > now_ns.saturating_add(skew) {
            return Err(DecodeError::new(
                Reject::Skew,
                format!(
                    "{}: capture time {:.3} s ahead of this clock (at most {} s)",
                    h.source_id,
                    (h.capture_time_ns - now_ns) as f64 * 1e-9,
                    self.rules.max_skew.as_secs_f64()
                ),
            ));
        }
        let quiet = self.rules.quiet.as_nanos() as i64;
        let next = StreamPos {
            stream_id: h.stream_id,
            seq: h.seq,
            capture_time_ns: h.capture_time_ns,
            seen_ns: now_ns,
        };
        if let Some(prev) = self.streams.get_mut(&h.source_id) {
            let mut outcome = Accepted::Next;
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
            } else if now_ns.saturating_sub(prev.seen_ns) < quiet {
                return Err(DecodeError::new(
                    Reject::StreamBusy,
                    format!(
                        "{}: stream {:#x} while stream {:#x} is still sending (a new stream takes over after {} s \
                         of quiet)",
                        h.source_id,
                        h.stream_id,
                        prev.stream_id,
                        self.rules.quiet.as_secs_f64()
                    ),
                ));
            } else {
                outcome = Accepted::Replaced;
            }
            *prev = next;
            return Ok(outcome);
        }
        if self.streams.len() >= self.rules.max_sources {
            // make room by forgetting the least recently seen source, if it has gone quiet
            let oldest =
                self.streams.iter().min_by_key(|(_, p)| p.seen_ns).map(|(k, p)| (k.clone(), p.seen_ns));
            match oldest {
                Some((k, seen)) if now_ns.saturating_sub(seen) >= quiet => {
                    self.streams.remove(&k);
                }
                _ => {
                    return Err(DecodeError::new(
                        Reject::SourcesFull,
                        format!(
                            "{}: {} sources are sending; a new one is taken once one has been quiet {} s",
                            h.source_id,
                            self.streams.len(),
                            self.rules.quiet.as_secs_f64()
                        ),
                    ))
                }
            }
        }
        self.streams.insert(h.source_id.clone(), next);
        Ok(Accepted::NewSource)
    }

    /// How many streams are remembered (tests: the [`StreamRules::max_sources`] bound).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.streams.len()
    }

    /// Whether `source_id` is still remembered (not evicted by the [`StreamRules::max_sources`] bound).
    pub fn knows(&self, source_id: &str) -> bool {
        self.streams.contains_key(source_id)
    }
}

/// The input stage: owns the ordering state and each microphone's lip sync, shares the slots and the counters.
pub struct Ingest {
    order: StreamOrder,
    pub inputs: Arc<Inputs>,
    metrics: Arc<Metrics>,
    /// Per audio source: its stream id and the analysis of its chunks.
    lip_sync: HashMap<String, (u64, LipSync)>,
    /// The lip sync's settings (the daemon's live parameter `lip_sync_gain`), read per audio frame.
    lip_sync_params: Arc<ArcSwap<LipSyncParams>>,
    /// An audio frame's samples as floats (kept between frames).
    samples: Vec<f32>,
}

impl Ingest {
    pub fn new(inputs: Arc<Inputs>, metrics: Arc<Metrics>) -> Self {
        Self::with_rules(inputs, metrics, StreamRules::default())
    }

    pub fn with_rules(inputs: Arc<Inputs>, metrics: Arc<Metrics>, rules: StreamRules) -> Self {
        Ingest {
            order: StreamOrder::new(rules),
            inputs,
            metrics,
            lip_sync: HashMap::new(),
            lip_sync_params: Arc::default(),
            samples: Vec::new(),
        }
    }

    /// Read the lip sync's settings from `params` (shared with whoever sets them live).
    pub fn with_lip_sync_params(mut self, params: Arc<ArcSwap<LipSyncParams>>) -> Self {
        self.lip_sync_params = params;
        self
    }

    /// Handle one multipart message: `[topic, body]` or `[body]`. Returns the accepted frame's kind.
    pub fn handle(&mut self, frames: &[Bytes]) -> Result<&'static str, DecodeError> {
        self.handle_at(frames, avatar_schema::clock::unix_ns())
    }

    /// [`Ingest::handle`] for a message received at local time `now_ns` (unix ns).
    pub fn handle_at(&mut self, frames: &[Bytes], now_ns: i64) -> Result<&'static str, DecodeError> {
        self.metrics.input_received.fetch_add(1, Relaxed);
        let result = self.accept(frames, now_ns);
        match &result {
            Ok(kind) => {
                self.metrics.input_accepted.fetch_add(1, Relaxed);
                if *kind == "pose" {
                    self.metrics.input_pose_frames.fetch_add(1, Relaxed);
                }
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

    fn accept(&mut self, frames: &[Bytes], now_ns: i64) -> Result<&'static str, DecodeError> {
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
        if self.order.check(header, now_ns)? == Accepted::Replaced {
            self.metrics.streams_replaced.fetch_add(1, Relaxed);
            tracing::info!(source = %header.source_id, stream = header.stream_id, "a new stream took over its quiet source");
        }
        if let Message::Audio(f) = &msg {
            // Analysed here, in order; only the visemes reach the slots. Not a frame the ticks phase-lock to,
            // nor one that keeps the pose live.
            let speech = Arc::new(self.lip_sync(f, now_ns)?);
            let order = &self.order;
            let source = self.inputs.source_or_insert(&header.source_id, |id| order.knows(id));
            source.slots.speech.store(Some(speech.clone()));
            self.inputs.any.speech.store(Some(speech));
            return Ok(msg.kind());
        }
        if let Message::Hand(f) = &msg {
            // a NaN score (refused by the decoder already) is gated too
            if f.handedness_score.is_nan() || f.handedness_score < self.order.rules.min_handedness_score {
                self.metrics.input_hands_gated.fetch_add(1, Relaxed);
                return Ok(msg.kind());
            }
            self.metrics.input_hand_frames.fetch_add(1, Relaxed);
        }
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

    /// Analyse one accepted audio frame with its source's lip sync (a new stream starts it over).
    fn lip_sync(&mut self, f: &avatar_schema::AudioFrame, now_ns: i64) -> Result<Speech, DecodeError> {
        let params = **self.lip_sync_params.load();
        let h = &f.header;
        if !self.lip_sync.contains_key(&h.source_id) {
            let order = &self.order;
            self.lip_sync.retain(|id, _| order.knows(id));
        }
        let (stream, sync) =
            self.lip_sync.entry(h.source_id.clone()).or_insert_with(|| (h.stream_id, LipSync::new(params)));
        if *stream != h.stream_id {
            *stream = h.stream_id;
            *sync = LipSync::new(params);
        }
        if sync.params() != params {
            sync.set_params(params);
        }
        self.samples.clear();
        self.samples.extend(f.samples.iter().map(|&s| s as f32 / 32768.0));
        let (gaps, lost) = (sync.gaps(), sync.lost_ns());
        sync.push(f.sample_rate, &self.samples, h.capture_time_ns)
            .map_err(|e| DecodeError::new(Reject::Range, format!("audio: {e}")))?;
        self.metrics.input_audio_frames.fetch_add(1, Relaxed);
        self.metrics.audio_capture_to_arrival.record_ns((now_ns - h.capture_time_ns).max(0) as u64);
        self.metrics.input_audio_samples.fetch_add(f.samples.len() as u64, Relaxed);
        if sync.gaps() > gaps {
            let n = self.metrics.input_audio_gaps.fetch_add(sync.gaps() - gaps, Relaxed) + 1;
            let ms = (sync.lost_ns() - lost) / 1_000_000;
            self.metrics.input_audio_lost_ms.fetch_add(ms, Relaxed);
            if n.is_power_of_two() {
                tracing::warn!(
                    "microphone {}: {ms} ms of audio missing before a chunk (gap {n}; every gap is counted in \
                     input.audio_gaps)",
                    h.source_id
                );
            }
        }
        Ok(Speech { visemes: sync.visemes(), received_ns: now_ns })
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
        // one body frame among them: the camera's rate in `avatard live`'s status
        assert_eq!(ing.metrics.stats().counter("input.pose_frames"), Some(1));
    }

    const MS: i64 = 1_000_000;

    fn pose_from(source: &str, seq: u64, t: i64, stream: u64) -> Bytes {
        let mut p = samples::pose();
        p.header.source_id = source.into();
        p.header.seq = seq;
        p.header.capture_time_ns = t;
        p.header.stream_id = stream;
        Bytes::from(encode(&Message::Pose(p)))
    }

    #[test]
    fn rejects_reversed_and_duplicate_frames_but_accepts_a_restarted_stream() {
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        ing.handle_at(&[pose_bytes(5, 1000, 1)], t0).unwrap();
        let reason = |r: Result<_, DecodeError>| r.unwrap_err().reason;
        assert_eq!(reason(ing.handle_at(&[pose_bytes(5, 2000, 1)], t0 + MS)), Reject::Order); // duplicate seq
        assert_eq!(reason(ing.handle_at(&[pose_bytes(6, 999, 1)], t0 + 2 * MS)), Reject::Order); // time reversal
        assert_eq!(
            ing.inputs.any.pose.load().as_ref().unwrap().header.seq,
            5,
            "bad frames must not reach the slot"
        );
        // the tracker restarted (new stream id, seq and clock start over) after its old stream went quiet
        assert_eq!(ing.handle_at(&[pose_bytes(0, 10, 2)], t0 + 600 * MS), Ok("pose"));
        assert_eq!(ing.metrics.input_rejected.get(Reject::Order), 2);
        assert_eq!(ing.metrics.input_accepted.load(Relaxed), 2);
        assert_eq!(ing.metrics.streams_replaced.load(Relaxed), 1);
    }

    /// Two processes on one source id: the first keeps it while it sends; the second is refused (counted)
    /// instead of resetting the first's stream every frame, and takes over once the first has gone quiet.
    #[test]
    fn a_second_stream_on_a_live_source_is_refused_until_the_first_goes_quiet() {
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        for k in 0..30i64 {
            let now = t0 + 33 * MS * k;
            assert_eq!(ing.handle_at(&[pose_from("cam", 1 + k as u64, now, 7)], now), Ok("pose"));
            let other = ing.handle_at(&[pose_from("cam", 1 + k as u64, now + MS, 8)], now + MS);
            assert_eq!(other.unwrap_err().reason, Reject::StreamBusy);
        }
        assert_eq!(ing.inputs.any.pose.load().as_ref().unwrap().header.stream_id, 7);
        assert_eq!(ing.metrics.input_rejected.get(Reject::StreamBusy), 30);
        // stream 7 stops; stream 8 is refused until 7 has been quiet for `quiet`, then takes over
        let last = t0 + 33 * MS * 29;
        let quiet = StreamRules::default().quiet.as_nanos() as i64;
        let early = ing.handle_at(&[pose_from("cam", 100, last + quiet - MS, 8)], last + quiet - MS);
        assert_eq!(early.unwrap_err().reason, Reject::StreamBusy);
        assert_eq!(ing.handle_at(&[pose_from("cam", 101, last + quiet, 8)], last + quiet), Ok("pose"));
        assert_eq!(ing.inputs.any.pose.load().as_ref().unwrap().header.stream_id, 8);
        // now 7 is the newcomer
        let back = ing.handle_at(&[pose_from("cam", 31, last + quiet + MS, 7)], last + quiet + MS);
        assert_eq!(back.unwrap_err().reason, Reject::StreamBusy);
    }

    /// A capture time beyond the skew window is refused; accepted, it would block the stream's later frames.
    #[test]
    fn a_far_future_capture_time_is_refused_and_does_not_block_the_stream() {
        let mut ing = ingest();
        let now = 1_700_000_000_000 * MS;
        assert_eq!(ing.handle_at(&[pose_bytes(1, now, 3)], now), Ok("pose"));
        let skew = StreamRules::default().max_skew.as_nanos() as i64;
        let r = ing.handle_at(&[pose_bytes(2, now + skew + 2 * MS, 3)], now + MS);
        assert_eq!(r.unwrap_err().reason, Reject::Skew);
        let r = ing.handle_at(&[pose_bytes(3, i64::MAX, 3)], now + 2 * MS);
        assert_eq!(r.unwrap_err().reason, Reject::Skew);
        // the stream goes on
        assert_eq!(ing.handle_at(&[pose_bytes(4, now + 33 * MS, 3)], now + 33 * MS), Ok("pose"));
        // within the window (a tracker clock a few seconds ahead) is accepted
        assert_eq!(ing.handle_at(&[pose_bytes(5, now + skew - MS, 3)], now + 34 * MS), Ok("pose"));
        assert_eq!(ing.metrics.input_rejected.get(Reject::Skew), 2);
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

    fn header(source: String, now: i64) -> FrameHeader {
        FrameHeader { source_id: source, stream_id: 1, seq: 1, capture_time_ns: now, send_time_ns: now }
    }

    #[test]
    fn stream_table_is_bounded() {
        let mut order = StreamOrder::default();
        let quiet = StreamRules::default().quiet.as_nanos() as i64;
        for i in 0..(MAX_STREAMS + 50) {
            // sources one quiet period apart: the oldest may be forgotten
            let now = 1 + i as i64 * quiet;
            order.check(&header(format!("s{i}"), now), now).unwrap();
        }
        assert_eq!(order.len(), MAX_STREAMS);
        assert!(!order.knows("s0") && order.knows(&format!("s{}", MAX_STREAMS + 49)));
    }

    /// A flood of new source ids never evicts a source that is still sending: the newcomers are refused
    /// (counted) while the table is full of live sources, and quiet ones make room.
    #[test]
    fn a_flood_of_new_ids_never_evicts_an_active_source() {
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        let mut flood_ok = 0;
        for k in 0..(3 * MAX_STREAMS as i64) {
            let now = t0 + k * MS / 10; // 10 kHz of new ids
            if k % 300 == 0 {
                let seq = 1 + (k / 300) as u64;
                assert_eq!(ing.handle_at(&[pose_from("body", seq, now, 1)], now), Ok("pose"), "frame {k}");
            }
            flood_ok += ing.handle_at(&[pose_from(&format!("flood{k}"), 1, now, 1)], now).is_ok() as usize;
        }
        assert!(ing.inputs.source("body").is_some(), "the live source lost its slots");
        assert!(ing.metrics.input_rejected.get(Reject::SourcesFull) > 0);
        assert_eq!(
            flood_ok as u64 + ing.metrics.input_rejected.get(Reject::SourcesFull),
            3 * MAX_STREAMS as u64
        );
        // once the flood's ids have been quiet, new sources are taken again
        let later = t0 + 3 * MAX_STREAMS as i64 * MS / 10 + StreamRules::default().quiet.as_nanos() as i64;
        assert_eq!(ing.handle_at(&[pose_from("face", 1, later, 1)], later), Ok("pose"));
        assert!(ing.inputs.sources.load().len() <= MAX_STREAMS);
    }

    fn hand_from(source: &str, seq: u64, t: i64, side: Handedness, score: f32) -> Bytes {
        let mut h = samples::hand();
        h.header.source_id = source.into();
        h.header.seq = seq;
        h.header.capture_time_ns = t;
        h.handedness = side;
        h.handedness_score = score;
        Bytes::from(encode(&Message::Hand(h)))
    }

    /// Hand frames go to their hand's slot (across sources and per source), are counted, and coalesce like the
    /// other kinds; one whose handedness score is under the gate passes the stream checks but is not stored.
    #[test]
    fn hand_frames_are_stored_per_hand_counted_and_gated_by_handedness_score() {
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        let (l, r) = (Handedness::Left, Handedness::Right);
        assert_eq!(ing.handle_at(&[hand_from("cam/hand_left", 1, t0, l, 0.95)], t0), Ok("hand"));
        assert_eq!(ing.handle_at(&[hand_from("cam/hand_left", 2, t0 + MS, l, 0.9)], t0 + MS), Ok("hand"));
        assert_eq!(ing.handle_at(&[hand_from("cam/hand_right", 1, t0, r, 0.8)], t0 + MS), Ok("hand"));
        let seq = |s: &ArcSwapOption<HandFrame>| s.load().as_ref().map(|f| f.header.seq);
        assert_eq!((seq(&ing.inputs.any.hand_left), seq(&ing.inputs.any.hand_right)), (Some(2), Some(1)));
        let left = ing.inputs.source("cam/hand_left").unwrap();
        assert_eq!((seq(&left.slots.hand_left), seq(&left.slots.hand_right)), (Some(2), None));
        assert_eq!(ing.metrics.input_hand_frames.load(Relaxed), 3);
        assert_eq!(ing.inputs.take_coalesced(), 1, "two left-hand frames of one source before a tick");
        // under the gate: accepted on the wire (its stream moves on), not stored, counted
        let gate = StreamRules::default().min_handedness_score;
        let low = hand_from("cam/hand_left", 3, t0 + 2 * MS, l, gate - 0.01);
        assert_eq!(ing.handle_at(&[low], t0 + 2 * MS), Ok("hand"));
        assert_eq!(seq(&ing.inputs.any.hand_left), Some(2), "a gated frame reached the slot");
        assert_eq!(seq(&left.slots.hand_left), Some(2));
        let stats = ing.metrics.stats();
        assert_eq!(stats.counter("input.hands_gated"), Some(1));
        assert_eq!(stats.counter("input.hand_frames"), Some(3));
        // at the gate: stored
        let at = hand_from("cam/hand_left", 4, t0 + 3 * MS, l, gate);
        assert_eq!(ing.handle_at(&[at], t0 + 3 * MS), Ok("hand"));
        assert_eq!(seq(&ing.inputs.any.hand_left), Some(4));
        assert_eq!(ing.metrics.input_hands_gated.load(Relaxed), 1);
    }

    /// Frames that replace one no tick has taken are counted as coalesced, per source and kind.
    #[test]
    fn frames_faster_than_the_tick_are_counted_as_coalesced() {
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        for k in 0..5u64 {
            ing.handle_at(&[pose_from("a", 1 + k, t0 + k as i64, 1)], t0 + k as i64).unwrap();
        }
        ing.handle_at(&[pose_from("b", 1, t0, 1)], t0).unwrap();
        assert_eq!(ing.inputs.take_coalesced(), 4, "five frames of a, one of b before a tick");
        assert_eq!(ing.inputs.take_coalesced(), 0);
    }

    /// An audio frame of `source` (stream `stream`) with `samples` captured at `t`.
    fn audio(source: &str, stream: u64, seq: u64, t: i64, rate: u32, samples: &[i16]) -> Bytes {
        let mut a = samples::audio();
        a.header.source_id = source.into();
        a.header.stream_id = stream;
        a.header.seq = seq;
        a.header.capture_time_ns = t;
        a.sample_rate = rate;
        a.samples = samples.to_vec();
        Bytes::from(encode(&Message::Audio(a)))
    }

    #[test]
    fn audio_frames_are_analysed_in_order_into_the_speech_slot_and_do_not_drive_the_ticks() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/fixtures/speech/vowel_aa_m.wav");
        let mut wav = hound::WavReader::open(path).unwrap();
        let rate = wav.spec().sample_rate;
        let clip: Vec<i16> = wav.samples::<i16>().map(|s| s.unwrap()).collect();
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        let chunk = rate as usize / 50;
        let mut voiced_aa = 0;
        let mut voiced = 0;
        for (n, c) in clip.chunks(chunk).enumerate() {
            let t = t0 + (n * chunk) as i64 * 1_000_000_000 / rate as i64;
            assert_eq!(ing.handle_at(&[audio("mic", 1, n as u64, t, rate, c)], t + 20 * MS), Ok("audio"));
            let s = ing.inputs.source("mic").unwrap().slots.speech.load_full().unwrap();
            assert_eq!(s.received_ns, t + 20 * MS);
            if s.visemes.voiced {
                voiced += 1;
                let w = s.visemes.weights;
                voiced_aa += usize::from(w[0] >= w.iter().copied().fold(0.0, f32::max));
            }
        }
        assert!(
            voiced >= 10 && voiced_aa * 10 >= voiced * 8,
            "{voiced_aa} of {voiced} voiced chunks read aa"
        );
        // audio is analysed, not a frame the ticks follow
        assert_eq!(ing.inputs.arrived_ns.load(Relaxed), 0);
        assert!(ing.inputs.newest.load().is_none() && ing.inputs.any.pose.load().is_none());
        assert_eq!(ing.metrics.stats().counter("input.audio_frames"), Some(clip.chunks(chunk).len() as u64));
        assert_eq!(ing.metrics.stats().counter("input.audio_samples"), Some(clip.len() as u64));
        assert_eq!(ing.metrics.stats().counter("input.audio_gaps"), Some(0));
        // the end of the clip is silence: the mouth is closed
        let last = ing.inputs.any.speech.load_full().unwrap();
        assert!(last.visemes.weights.iter().all(|&w| w < 0.1), "{:?}", last.visemes);
        // a restarted microphone (a new stream) is accepted and analysed
        let mid = clip.len() / 2;
        let t = t0 + 600 * 1_000 * MS;
        ing.handle_at(&[audio("mic", 2, 0, t, rate, &clip[mid..mid + chunk])], t).unwrap();
        let s = ing.inputs.any.speech.load_full().unwrap();
        assert_eq!(s.received_ns, t);
        // out of order audio is refused like any frame
        let r = ing.handle_at(&[audio("mic", 2, 0, t, rate, &clip[..chunk])], t + MS);
        assert_eq!(r.unwrap_err().reason, Reject::Order);
    }

    /// Issue 54: a microphone stream with one chunk removed counts one gap and the 20 ms it lost.
    #[test]
    fn a_removed_audio_chunk_counts_one_gap() {
        let rate = 16_000u32;
        let chunk = 320; // 20 ms
        let mut ing = ingest();
        let t0 = 1_000_000 * MS;
        let tone: Vec<i16> = (0..chunk).map(|i| ((i as f64 * 0.3).sin() * 8000.0) as i16).collect();
        for n in (0..50u64).filter(|&n| n != 20) {
            let t = t0 + n as i64 * 20 * MS;
            ing.handle_at(&[audio("mic", 1, n, t, rate, &tone)], t + 20 * MS).unwrap();
        }
        let stats = ing.metrics.stats();
        assert_eq!(stats.counter("input.audio_gaps"), Some(1));
        assert_eq!(stats.counter("input.audio_lost_ms"), Some(20));
        assert_eq!(stats.counter("input.audio_frames"), Some(49));
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
