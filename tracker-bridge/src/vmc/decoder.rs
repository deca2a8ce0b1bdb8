//! [`VmcDecoder`], the pure part: OSC datagrams in, [`RigFrame`]s out, no socket and no clock (messages, frame
//! rule and robustness: see the [`crate::vmc`] documentation).

use avatar_humanoid::{unity_to_gltf_position, unity_to_gltf_rotation};
use avatar_schema::decode::MAX_NAME_BYTES;
use avatar_schema::{BoneTransform, FrameHeader, NamedWeight, RigFrame};
use rosc::{OscMessage, OscPacket, OscType};
use std::collections::HashMap;

/// Deepest accepted nesting of OSC bundles (1 = a plain bundle). VMC senders use 1.
pub const MAX_BUNDLE_DEPTH: usize = 8;
/// Most distinct bone names kept (Unity has 55 humanoid bones).
pub const MAX_BONES: usize = 256;
/// Most distinct blendshape names kept.
pub const MAX_BLENDSHAPES: usize = 1024;
/// Name of the bone that carries the VMC root transform in emitted frames.
pub const ROOT_BONE: &str = "Root";

pub const ADDR_ROOT: &str = "/VMC/Ext/Root/Pos";
pub const ADDR_BONE: &str = "/VMC/Ext/Bone/Pos";
pub const ADDR_BLEND_VAL: &str = "/VMC/Ext/Blend/Val";
pub const ADDR_BLEND_APPLY: &str = "/VMC/Ext/Blend/Apply";
pub const ADDR_OK: &str = "/VMC/Ext/OK";
pub const ADDR_TIME: &str = "/VMC/Ext/T";

/// What the decoder did with its input, per reason. Every decoded message lands in exactly one of `messages`,
/// `bad_arguments`, `non_finite`, `zero_rotation`, `ignored`, `unknown_address`, `too_many_names`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VmcCounts {
    /// Datagrams given to [`VmcDecoder::feed`].
    pub packets: u64,
    /// Datagrams that are not valid OSC.
    pub malformed_packets: u64,
    /// Datagrams of which only a prefix is OSC (a bundle whose later elements are cut off or broken, bytes after
    /// a message): the decodable prefix is used.
    pub partial_packets: u64,
    /// Datagrams with bundles nested deeper than [`MAX_BUNDLE_DEPTH`].
    pub too_deep: u64,
    /// OSC messages used (bone, root, blend value, apply, status, time).
    pub messages: u64,
    /// Messages with a known address but the wrong number or types of arguments, or an empty or over-long name.
    pub bad_arguments: u64,
    /// Messages with a NaN or infinite number.
    pub non_finite: u64,
    /// Bone or root messages whose quaternion has (nearly) zero length.
    pub zero_rotation: u64,
    /// `/VMC/...` messages this decoder does not use (trackers, camera, lights, settings…).
    pub ignored: u64,
    /// Messages whose address is not VMC at all.
    pub unknown_address: u64,
    /// Bone or blendshape messages refused because [`MAX_BONES`] / [`MAX_BLENDSHAPES`] names are already kept.
    pub too_many_names: u64,
    /// Frames emitted.
    pub frames: u64,
    /// Receiver only: frames dropped because the reader fell more than [`QUEUE`](super::QUEUE) frames behind.
    pub dropped_queue_full: u64,
    /// Receiver only: errors reading the socket (skipped).
    pub recv_errors: u64,
}

/// The sender's `/VMC/Ext/OK` status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VmcStatus {
    /// An avatar is loaded.
    pub loaded: bool,
    pub calibration_state: Option<i32>,
    pub calibration_mode: Option<i32>,
    /// 1 = tracking is good (V2.7+).
    pub tracking: Option<i32>,
}

#[derive(Debug)]
struct Bone {
    transform: BoneTransform,
    /// Updated since the last emitted frame.
    fresh: bool,
}

#[derive(Debug)]
struct Root {
    position: [f32; 3],
    rotation: [f32; 4],
}

/// VMC datagrams -> [`RigFrame`]s (see "Frames" in the [`crate::vmc`] documentation for the frame rule). No
/// socket, no clock.
#[derive(Debug)]
pub struct VmcDecoder {
    source_id: String,
    stream_id: u64,
    seq: u64,
    bones: Vec<Bone>,
    bone_index: HashMap<String, usize>,
    root: Option<Root>,
    root_fresh: bool,
    /// Committed blendshapes (in first-seen order) and where each name is.
    blends: Vec<NamedWeight>,
    blend_index: HashMap<String, usize>,
    /// Values received since the last Apply (a later value for the same name replaces the earlier one).
    pending: Vec<NamedWeight>,
    pending_index: HashMap<String, usize>,
    status: Option<VmcStatus>,
    sender_time: Option<f32>,
    counts: VmcCounts,
}

/// Why a message was refused.
enum Refusal {
    BadArguments(&'static str),
    NonFinite,
    ZeroRotation,
    TooManyNames,
}

impl VmcDecoder {
    /// A decoder whose frames carry `source_id` and a random stream id.
    pub fn new(source_id: &str) -> Self {
        VmcDecoder {
            source_id: source_id.to_owned(),
            stream_id: rand::random(),
            seq: 0,
            bones: Vec::new(),
            bone_index: HashMap::new(),
            root: None,
            root_fresh: false,
            blends: Vec::new(),
            blend_index: HashMap::new(),
            pending: Vec::new(),
            pending_index: HashMap::new(),
            status: None,
            sender_time: None,
            counts: VmcCounts::default(),
        }
    }

    pub fn stream_id(&self) -> u64 {
        self.stream_id
    }

    pub fn counts(&self) -> &VmcCounts {
        &self.counts
    }

    /// The last `/VMC/Ext/OK` status received.
    pub fn status(&self) -> Option<VmcStatus> {
        self.status
    }

    /// The last `/VMC/Ext/T` value received (seconds on the sender's clock).
    pub fn sender_time(&self) -> Option<f32> {
        self.sender_time
    }

    /// Decode one datagram received at `now_ns` (UNIX ns) and return the frames it completed (often 0 or 1).
    pub fn feed(&mut self, datagram: &[u8], now_ns: i64) -> Vec<RigFrame> {
        self.counts.packets += 1;
        let mut out = Vec::new();
        if !bundle_depth_ok(datagram, 0) {
            self.counts.too_deep += 1;
            tracing::debug!("VMC datagram of {} bytes: bundles nested too deep", datagram.len());
            return out;
        }
        let packet = match rosc::decoder::decode_udp(datagram) {
            Ok((rest, packet)) => {
                if !rest.is_empty() {
                    self.counts.partial_packets += 1;
                    tracing::debug!(
                        "VMC datagram of {} bytes: the last {} are not OSC",
                        datagram.len(),
                        rest.len()
                    );
                }
                packet
            }
            Err(e) => {
                self.counts.malformed_packets += 1;
                tracing::debug!("VMC datagram of {} bytes is not OSC: {e}", datagram.len());
                return out;
            }
        };
        self.packet(&packet, now_ns, &mut out);
        if matches!(packet, OscPacket::Bundle(_)) && self.has_fresh_bones() {
            out.push(self.emit(now_ns));
        }
        out
    }

    fn packet(&mut self, packet: &OscPacket, now_ns: i64, out: &mut Vec<RigFrame>) {
        match packet {
            OscPacket::Message(m) => {
                if let Err(refusal) = self.message(m, now_ns, out) {
                    let (counter, why) = match refusal {
                        Refusal::BadArguments(why) => (&mut self.counts.bad_arguments, why),
                        Refusal::NonFinite => (&mut self.counts.non_finite, "a non-finite number"),
                        Refusal::ZeroRotation => (&mut self.counts.zero_rotation, "a zero quaternion"),
                        Refusal::TooManyNames => (&mut self.counts.too_many_names, "too many distinct names"),
                    };
                    *counter += 1;
                    tracing::debug!("VMC message {} refused: {why}", m.addr);
                }
            }
            OscPacket::Bundle(b) => {
                for p in &b.content {
                    self.packet(p, now_ns, out);
                }
            }
        }
    }

    fn message(&mut self, m: &OscMessage, now_ns: i64, out: &mut Vec<RigFrame>) -> Result<(), Refusal> {
        match m.addr.as_str() {
            ADDR_BONE | ADDR_ROOT => {
                let is_root = m.addr == ADDR_ROOT;
                let args = &m.args;
                if args.len() < 8 || (!is_root && args.len() != 8) {
                    return Err(Refusal::BadArguments("expected a name and 7 numbers"));
                }
                let name = name_arg(&args[0])?;
                let mut v = [0.0f32; 7];
                for (slot, a) in v.iter_mut().zip(&args[1..8]) {
                    *slot = float_arg(a)?;
                }
                let position = unity_to_gltf_position([v[0], v[1], v[2]]);
                let rotation = normalised(unity_to_gltf_rotation([v[3], v[4], v[5], v[6]]))
                    .ok_or(Refusal::ZeroRotation)?;
                if is_root {
                    if self.root_fresh {
                        out.push(self.emit(now_ns));
                    }
                    self.root = Some(Root { position, rotation });
                    self.root_fresh = true;
                } else {
                    let i = match self.bone_index.get(name) {
                        Some(&i) => i,
                        None if self.bones.len() >= MAX_BONES => return Err(Refusal::TooManyNames),
                        None => {
                            self.bone_index.insert(name.to_owned(), self.bones.len());
                            self.bones.push(Bone {
                                transform: BoneTransform {
                                    name: name.to_owned(),
                                    rotation: [0.0, 0.0, 0.0, 1.0],
                                    translation: None,
                                },
                                fresh: false,
                            });
                            self.bones.len() - 1
                        }
                    };
                    if self.bones[i].fresh {
                        out.push(self.emit(now_ns));
                    }
                    let bone = &mut self.bones[i];
                    bone.transform.rotation = rotation;
                    bone.transform.translation = Some(position);
                    bone.fresh = true;
                }
            }
            ADDR_BLEND_VAL => {
                let [name, value] = &m.args[..] else {
                    return Err(Refusal::BadArguments("expected a name and a value"));
                };
                let name = name_arg(name)?;
                let value = float_arg(value)?;
                if let Some(&i) = self.pending_index.get(name) {
                    self.pending[i].value = value;
                } else if !self.blend_index.contains_key(name)
                    && self.blends.len() + self.pending.len() >= MAX_BLENDSHAPES
                {
                    return Err(Refusal::TooManyNames);
                } else {
                    self.pending_index.insert(name.to_owned(), self.pending.len());
                    self.pending.push(NamedWeight { name: name.to_owned(), value });
                }
            }
            ADDR_BLEND_APPLY => {
                self.pending_index.clear();
                for w in std::mem::take(&mut self.pending) {
                    match self.blend_index.get(&w.name) {
                        Some(&i) => self.blends[i].value = w.value,
                        None => {
                            self.blend_index.insert(w.name.clone(), self.blends.len());
                            self.blends.push(w);
                        }
                    }
                }
                out.push(self.emit(now_ns));
            }
            ADDR_OK => {
                if m.args.is_empty() || m.args.len() > 4 {
                    return Err(Refusal::BadArguments("expected 1 to 4 integers"));
                }
                let mut ints = [None; 4];
                for (slot, a) in ints.iter_mut().zip(&m.args) {
                    *slot = Some(int_arg(a)?);
                }
                self.status = Some(VmcStatus {
                    loaded: ints[0] == Some(1),
                    calibration_state: ints[1],
                    calibration_mode: ints[2],
                    tracking: ints[3],
                });
            }
            ADDR_TIME => {
                let [t] = &m.args[..] else {
                    return Err(Refusal::BadArguments("expected one time value"));
                };
                self.sender_time = Some(float_arg(t)?);
            }
            a if a.starts_with("/VMC/") => {
                self.counts.ignored += 1;
                return Ok(());
            }
            _ => {
                self.counts.unknown_address += 1;
                tracing::debug!("VMC: unknown OSC address {:?}", m.addr);
                return Ok(());
            }
        }
        self.counts.messages += 1;
        Ok(())
    }

    fn has_fresh_bones(&self) -> bool {
        self.root_fresh || self.bones.iter().any(|b| b.fresh)
    }

    /// The current state as the next frame; clears the fresh flags.
    fn emit(&mut self, now_ns: i64) -> RigFrame {
        self.seq += 1;
        self.counts.frames += 1;
        self.root_fresh = false;
        let mut bones = Vec::with_capacity(self.bones.len() + 1);
        if let Some(root) = &self.root {
            bones.push(BoneTransform {
                name: ROOT_BONE.to_owned(),
                rotation: root.rotation,
                translation: Some(root.position),
            });
        }
        for b in &mut self.bones {
            b.fresh = false;
            bones.push(b.transform.clone());
        }
        RigFrame {
            header: FrameHeader {
                source_id: self.source_id.clone(),
                stream_id: self.stream_id,
                seq: self.seq,
                capture_time_ns: now_ns,
                send_time_ns: now_ns,
            },
            bones,
            blendshapes: self.blends.clone(),
            root_position: self.root.as_ref().map(|r| r.position),
        }
    }
}

fn name_arg(a: &OscType) -> Result<&str, Refusal> {
    match a {
        OscType::String(s) if s.is_empty() => Err(Refusal::BadArguments("empty name")),
        OscType::String(s) if s.len() > MAX_NAME_BYTES => Err(Refusal::BadArguments("name too long")),
        OscType::String(s) => Ok(s),
        _ => Err(Refusal::BadArguments("name is not a string")),
    }
}

fn float_arg(a: &OscType) -> Result<f32, Refusal> {
    let v = match *a {
        OscType::Float(v) => v,
        OscType::Double(v) => v as f32,
        OscType::Inf => f32::INFINITY,
        _ => return Err(Refusal::BadArguments("number is not a float")),
    };
    if v.is_finite() {
        Ok(v)
    } else {
        Err(Refusal::NonFinite)
    }
}

fn int_arg(a: &OscType) -> Result<i32, Refusal> {
    match *a {
        OscType::Int(v) => Ok(v),
        _ => Err(Refusal::BadArguments("status is not an integer")),
    }
}

/// `q` scaled to unit length; `None` if its length is (nearly) zero or not finite.
fn normalised(q: [f32; 4]) -> Option<[f32; 4]> {
    // in f64: the squares of finite f32s may overflow f32
    let norm = q.iter().map(|&c| c as f64 * c as f64).sum::<f64>().sqrt();
    if !norm.is_finite() || norm <= 1e-6 {
        return None;
    }
    Some(q.map(|c| (c as f64 / norm) as f32))
}

/// Whether `buf` nests OSC bundles at most [`MAX_BUNDLE_DEPTH`] deep, given `depth` enclosing bundles. Follows
/// the same element framing as the OSC decoder (a big-endian size before each element) without decoding, so
/// its own recursion is bounded by the limit.
fn bundle_depth_ok(buf: &[u8], depth: usize) -> bool {
    if !buf.starts_with(b"#bundle\0") {
        return true;
    }
    if depth >= MAX_BUNDLE_DEPTH {
        return false;
    }
    let mut rest = buf.get(16..).unwrap_or(&[]);
    while let Some((size, tail)) = rest.split_first_chunk::<4>() {
        let size = (u32::from_be_bytes(*size) as usize).min(tail.len());
        if !bundle_depth_ok(&tail[..size], depth + 1) {
            return false;
        }
        rest = &tail[size..];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vmc::testing::*;

    #[test]
    fn a_bundle_of_bones_makes_one_converted_frame() {
        let mut d = VmcDecoder::new("vmc-test");
        let half = std::f32::consts::FRAC_1_SQRT_2;
        let packet = bundle(vec![
            transform(ADDR_ROOT, "root", [0.1, 0.0, 0.5], [0.0, half, 0.0, half]),
            bone("Hips", [0.0, 0.9, 0.02], ID),
            bone("LeftUpperArm", [0.1, 0.2, 0.3], [0.1, 0.2, 0.3, 0.9]),
        ]);
        let frames = d.feed(&enc(&packet), NOW);
        assert_eq!(frames.len(), 1);
        let f = &frames[0];
        assert_eq!(f.header.seq, 1);
        assert_eq!(f.header.source_id, "vmc-test");
        assert_eq!(f.header.stream_id, d.stream_id());
        assert_eq!((f.header.capture_time_ns, f.header.send_time_ns), (NOW, NOW));
        let names: Vec<_> = f.bones.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, [ROOT_BONE, "Hips", "LeftUpperArm"]);
        assert_eq!(f.root_position, Some([-0.1, 0.0, 0.5]));
        let root = bone_named(f, ROOT_BONE);
        assert!(close(&root.rotation, &[0.0, -half, 0.0, half]), "{root:?}");
        assert_eq!(root.translation, Some([-0.1, 0.0, 0.5]));
        let hips = bone_named(f, "Hips");
        assert_eq!((hips.rotation, hips.translation), (ID, Some([-0.0, 0.9, 0.02])));
        // converted, then normalised
        let arm = bone_named(f, "LeftUpperArm");
        let n = (0.01f32 + 0.04 + 0.09 + 0.81).sqrt();
        assert!(close(&arm.rotation, &[0.1 / n, -0.2 / n, -0.3 / n, 0.9 / n]), "{arm:?}");
        assert!(f.blendshapes.is_empty());
        assert_eq!(d.counts().messages, 3);
        assert_eq!(d.counts().frames, 1);
        assert_wire_valid(f);
    }

    #[test]
    fn blendshapes_reach_frames_only_after_apply() {
        let mut d = VmcDecoder::new("t");
        assert!(d.feed(&enc(&bundle(vec![blend("A", 0.25), blend("Joy", 1.0)])), NOW).is_empty());
        let frames = d.feed(&enc(&apply()), NOW + 1);
        assert_eq!(frames.len(), 1);
        assert_eq!(
            frames[0].blendshapes,
            [NamedWeight { name: "A".into(), value: 0.25 }, NamedWeight { name: "Joy".into(), value: 1.0 }]
        );
        assert!(frames[0].bones.is_empty() && frames[0].root_position.is_none());
        // a pending value (repeated: the last one counts) does not show until the next Apply
        d.feed(&enc(&blend("A", 0.5)), NOW + 2);
        d.feed(&enc(&blend("A", 0.75)), NOW + 2);
        let f = d.feed(&enc(&bundle(vec![bone("Hips", [0.0; 3], ID)])), NOW + 3);
        assert_eq!(f.len(), 1);
        assert_eq!(weight(&f[0], "A"), Some(0.25));
        let f = d.feed(&enc(&apply()), NOW + 4);
        assert_eq!((weight(&f[0], "A"), weight(&f[0], "Joy")), (Some(0.75), Some(1.0)));
        assert_eq!(f[0].header.seq, 3);
        assert_eq!(f[0].bones.len(), 1, "bones are sticky");
    }

    #[test]
    fn a_performer_bundle_makes_exactly_one_frame() {
        // the order VSeeFace-like performers use: root, bones, blend values, apply, status, time
        let mut d = VmcDecoder::new("t");
        for k in 0..3 {
            let packet = bundle(vec![
                transform(ADDR_ROOT, "root", [0.0; 3], ID),
                bone("Hips", [0.0, 1.0, 0.0], ID),
                bone("Spine", [0.0, 0.1, 0.0], ID),
                blend("Blink", k as f32 / 4.0),
                apply(),
                msg(ADDR_OK, vec![OscType::Int(1), OscType::Int(3), OscType::Int(0), OscType::Int(1)]),
                msg(ADDR_TIME, vec![OscType::Float(12.5 + k as f32)]),
                msg("/VMC/Ext/Tra/Pos", vec![s("tracker"), OscType::Float(0.0)]),
            ]);
            let frames = d.feed(&enc(&packet), NOW + k);
            assert_eq!(frames.len(), 1, "round {k}");
            assert_eq!(frames[0].header.seq, k as u64 + 1);
            assert_eq!(frames[0].bones.len(), 3);
            assert_eq!(weight(&frames[0], "Blink"), Some(k as f32 / 4.0));
        }
        let status = VmcStatus {
            loaded: true,
            calibration_state: Some(3),
            calibration_mode: Some(0),
            tracking: Some(1),
        };
        assert_eq!(d.status(), Some(status));
        assert_eq!(d.sender_time(), Some(14.5));
        let c = d.counts();
        assert_eq!((c.messages, c.ignored, c.frames, c.bad_arguments), (21, 3, 3, 0));
    }

    #[test]
    fn nested_bundles_are_walked() {
        let mut d = VmcDecoder::new("t");
        let packet = bundle(vec![
            bundle(vec![bone("Hips", [0.0; 3], ID), bundle(vec![bone("Head", [0.0; 3], ID)])]),
            bundle(vec![blend("O", 0.5)]),
            bundle(vec![]),
            apply(),
        ]);
        let frames = d.feed(&enc(&packet), NOW);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].bones.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(), ["Hips", "Head"]);
        assert_eq!(weight(&frames[0], "O"), Some(0.5));
    }

    #[test]
    fn unbundled_messages_split_frames_where_a_bone_repeats() {
        let mut d = VmcDecoder::new("t");
        for name in ["Hips", "Spine", "Head"] {
            assert!(d.feed(&enc(&bone(name, [0.0; 3], ID)), NOW).is_empty(), "a lone message emits nothing");
        }
        let turned = [0.0, 1.0, 0.0, 0.0];
        let frames = d.feed(&enc(&bone("Hips", [0.0; 3], turned)), NOW + 1);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].bones.len(), 3);
        assert_eq!(bone_named(&frames[0], "Hips").rotation, ID, "the frame before the repeated bone");
        // a bundle carrying two frames' worth of one bone makes two frames
        let frames =
            d.feed(&enc(&bundle(vec![bone("Head", [0.0; 3], turned), bone("Head", [0.0; 3], ID)])), NOW + 2);
        assert_eq!(frames.len(), 2);
        assert_eq!(bone_named(&frames[0], "Hips").rotation, [0.0, -1.0, -0.0, 0.0]);
        assert_eq!(bone_named(&frames[0], "Head").rotation, [0.0, -1.0, -0.0, 0.0]);
        assert_eq!(bone_named(&frames[1], "Head").rotation, ID);
        assert_eq!(frames.iter().map(|f| f.header.seq).collect::<Vec<_>>(), [2, 3]);
        // the root repeats too
        let root = || transform(ADDR_ROOT, "r", [0.0; 3], ID);
        assert!(d.feed(&enc(&root()), NOW).is_empty());
        assert_eq!(d.feed(&enc(&root()), NOW).len(), 1);
    }

    #[test]
    fn malformed_input_is_counted_and_skipped() {
        let mut d = VmcDecoder::new("t");
        let good = enc(&bundle(vec![bone("Hips", [0.0; 3], ID), bone("Spine", [0.0; 3], ID)]));
        assert!(d.feed(b"definitely not OSC", NOW).is_empty());
        assert!(d.feed(&[], NOW).is_empty());
        assert_eq!(d.counts().malformed_packets, 2);
        // a bundle cut inside its second element: the first is used
        let frames = d.feed(&good[..good.len() - 3], NOW);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].bones.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(), ["Hips"]);
        assert_eq!(d.counts().partial_packets, 1);
        // cut inside its first element: nothing
        assert!(d.feed(&good[..30], NOW).is_empty());
        assert_eq!(d.counts().partial_packets, 2);
        d = VmcDecoder::new("t");

        let mut with_int = vec![s("Hips"), OscType::Int(0)];
        with_int.extend([0.0f32, 0.0, 0.0, 0.0, 0.0, 1.0].map(OscType::Float));
        let mut nine = vec![s("Hips")];
        nine.extend([0.0f32; 8].map(OscType::Float));
        let mut inf = vec![s("Hips"), OscType::Inf];
        inf.extend([0.0f32, 0.0, 0.0, 0.0, 0.0, 1.0].map(OscType::Float));
        let packet = bundle(vec![
            msg(ADDR_BONE, with_int),                                        // bad_arguments
            msg(ADDR_BONE, nine),                                            // bad_arguments
            msg(ADDR_BONE, vec![s("Hips")]),                                 // bad_arguments
            msg(ADDR_BLEND_VAL, vec![OscType::Int(3), OscType::Float(0.5)]), // bad_arguments
            msg(ADDR_OK, vec![OscType::Float(1.0)]),                         // bad_arguments
            msg(ADDR_TIME, vec![]),                                          // bad_arguments
            bone("", [0.0; 3], ID),                                          // bad_arguments
            bone(&"x".repeat(MAX_NAME_BYTES + 1), [0.0; 3], ID),             // bad_arguments
            bone("Hips", [f32::NAN, 0.0, 0.0], ID),                          // non_finite
            bone("Hips", [0.0; 3], [0.0, f32::INFINITY, 0.0, 1.0]),          // non_finite
            msg(ADDR_BONE, inf),                                             // non_finite
            blend("A", f32::NAN),                                            // non_finite
            bone("Hips", [0.0; 3], [0.0; 4]),                                // zero_rotation
            transform(ADDR_ROOT, "root", [0.0; 3], [0.0, 1e-30, 0.0, 0.0]),  // zero_rotation
            msg("/VMC/Ext/Cam", vec![]),                                     // ignored
            msg("/avatar/parameters/x", vec![OscType::Float(1.0)]),          // unknown_address
            bone("Head", [0.0, 0.1, 0.0], ID), // fine: the rest of the bundle is used
        ]);
        let frames = d.feed(&enc(&packet), NOW);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].bones.len(), 1);
        assert_eq!(frames[0].bones[0].name, "Head");
        let c = d.counts().clone();
        assert_eq!(
            (c.bad_arguments, c.non_finite, c.zero_rotation, c.ignored, c.unknown_address, c.messages),
            (8, 4, 2, 1, 1, 1)
        );
        assert_eq!((c.packets, c.frames, c.malformed_packets), (1, 1, 0));
        // a valid packet afterwards still works
        assert_eq!(d.feed(&good, NOW).len(), 1);
    }

    #[test]
    fn bundles_nested_too_deep_are_refused_without_recursing() {
        // hand-built (rosc's encoder recurses too): 3000 bundles, each the single element of the one outside
        let depth = 3000;
        let mut buf = enc(&bone("Hips", [0.0; 3], ID));
        for _ in 0..depth {
            let mut outer = b"#bundle\0".to_vec();
            outer.extend([0, 0, 0, 0, 0, 0, 0, 1]);
            outer.extend((buf.len() as u32).to_be_bytes());
            outer.extend(&buf);
            buf = outer;
        }
        let mut d = VmcDecoder::new("t");
        assert!(d.feed(&buf, NOW).is_empty());
        assert_eq!(d.counts().too_deep, 1);
        // the deepest accepted nesting decodes
        let mut p = bone("Hips", [0.0; 3], ID);
        for _ in 0..MAX_BUNDLE_DEPTH {
            p = bundle(vec![p]);
        }
        assert_eq!(d.feed(&enc(&p), NOW).len(), 1);
        assert_eq!(d.feed(&enc(&bundle(vec![p])), NOW).len(), 0);
        assert_eq!(d.counts().too_deep, 2);
    }

    #[test]
    fn distinct_names_are_capped() {
        let mut d = VmcDecoder::new("t");
        let bones: Vec<_> = (0..MAX_BONES + 10).map(|i| bone(&format!("B{i}"), [0.0; 3], ID)).collect();
        let frames = d.feed(&enc(&bundle(bones)), NOW);
        assert_eq!(frames[0].bones.len(), MAX_BONES);
        let blends: Vec<_> =
            (0..MAX_BLENDSHAPES + 5).map(|i| blend(&format!("S{i}"), 0.5)).chain([apply()]).collect();
        let frames = d.feed(&enc(&bundle(blends)), NOW);
        assert_eq!(frames[0].blendshapes.len(), MAX_BLENDSHAPES);
        assert_eq!(d.counts().too_many_names, 15);
        // known names are still updated
        let f = d.feed(&enc(&bundle(vec![blend("S0", 0.0), apply()])), NOW);
        assert_eq!(weight(&f[0], "S0"), Some(0.0));
        assert_wire_valid(&f[0]);
    }

    mod fuzz {
        use super::*;
        use proptest::collection::vec;
        use proptest::prelude::*;
        use proptest::test_runner::{Config, RngSeed};

        fn config(cases: u32) -> Config {
            Config {
                cases,
                rng_seed: RngSeed::Fixed(0x0005_C0DE_0000_0001),
                failure_persistence: None,
                ..Config::default()
            }
        }

        /// A performer-like bundle, nested one level, with values from `v`.
        fn valid(v: &[f32]) -> Vec<u8> {
            let q = |i: usize| [v[i], v[i + 1], v[i + 2], v[i + 3]];
            enc(&bundle(vec![
                transform(ADDR_ROOT, "root", [v[0], v[1], v[2]], q(3)),
                bundle(vec![bone("Hips", [v[4], v[5], v[6]], q(7)), bone("Head", [v[1], v[2], v[3]], q(5))]),
                blend("A", v[8]),
                blend("Joy", v[9]),
                apply(),
                msg(ADDR_OK, vec![OscType::Int(1)]),
                msg(ADDR_TIME, vec![OscType::Float(v[10])]),
            ]))
        }

        fn check(d: &VmcDecoder, frames: &[RigFrame]) {
            for f in frames {
                assert_wire_valid(f);
                assert!(f.bones.len() <= MAX_BONES + 1 && f.blendshapes.len() <= MAX_BLENDSHAPES);
            }
            let c = d.counts();
            assert_eq!(c.frames, d.seq);
            assert!(c.malformed_packets + c.too_deep + c.partial_packets <= c.packets);
        }

        proptest! {
            #![proptest_config(config(3000))]

            #[test]
            fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..512), prefix in 0usize..3) {
                let mut d = VmcDecoder::new("fuzz");
                // also random bytes after a plausible start, so the decoder gets past the address
                let mut buf = [&b""[..], b"#bundle\0", b"/VMC/Ext/Bone/Pos\0\0\0,sfffffff\0\0\0"][prefix].to_vec();
                buf.extend(&bytes);
                let frames = d.feed(&buf, NOW);
                check(&d, &frames);
            }

            #[test]
            fn mutated_packets_never_panic(
                v in vec(-2.0f32..2.0, 11),
                flips in vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
                cut in any::<prop::sample::Index>(),
                truncate in any::<bool>(),
            ) {
                let mut buf = valid(&v);
                for (at, byte) in &flips {
                    let i = at.index(buf.len());
                    buf[i] = *byte;
                }
                if truncate {
                    buf.truncate(cut.index(buf.len() + 1));
                }
                let mut d = VmcDecoder::new("fuzz");
                let frames = d.feed(&buf, NOW);
                check(&d, &frames);
                // the decoder stays usable
                let frames = d.feed(&valid(&[0.5; 11]), NOW);
                prop_assert!(!frames.is_empty());
                check(&d, &frames);
            }
        }
    }
}
