//! Test helpers shared by the `vmc` tests: OSC packets as VMC performers send them, and frame checks.

use super::{ADDR_BLEND_APPLY, ADDR_BLEND_VAL, ADDR_BONE};
use avatar_schema::{decode, encode, BoneTransform, Message, RigFrame};
use rosc::{OscBundle, OscMessage, OscPacket, OscTime, OscType};

pub(super) const NOW: i64 = 1_700_000_000_000_000_000;

pub(super) fn msg(addr: &str, args: Vec<OscType>) -> OscPacket {
    OscPacket::Message(OscMessage { addr: addr.to_owned(), args })
}

pub(super) fn s(v: &str) -> OscType {
    OscType::String(v.to_owned())
}

pub(super) fn transform(addr: &str, name: &str, p: [f32; 3], q: [f32; 4]) -> OscPacket {
    let mut args = vec![s(name)];
    args.extend(p.iter().chain(&q).map(|&v| OscType::Float(v)));
    msg(addr, args)
}

pub(super) fn bone(name: &str, p: [f32; 3], q: [f32; 4]) -> OscPacket {
    transform(ADDR_BONE, name, p, q)
}

pub(super) fn blend(name: &str, v: f32) -> OscPacket {
    msg(ADDR_BLEND_VAL, vec![s(name), OscType::Float(v)])
}

pub(super) fn apply() -> OscPacket {
    msg(ADDR_BLEND_APPLY, vec![])
}

pub(super) fn bundle(content: Vec<OscPacket>) -> OscPacket {
    OscPacket::Bundle(OscBundle { timetag: OscTime { seconds: 0, fractional: 1 }, content })
}

pub(super) fn enc(p: &OscPacket) -> Vec<u8> {
    rosc::encoder::encode(p).unwrap()
}

pub(super) const ID: [f32; 4] = [0.0, 0.0, 0.0, 1.0];

pub(super) fn bone_named<'a>(f: &'a RigFrame, name: &str) -> &'a BoneTransform {
    f.bones.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("no bone {name} in {f:?}"))
}

pub(super) fn weight(f: &RigFrame, name: &str) -> Option<f32> {
    f.blendshapes.iter().find(|w| w.name == name).map(|w| w.value)
}

pub(super) fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
}

/// Valid per the wire schema's own decoder (finite, unit quaternions, names within limits).
pub(super) fn assert_wire_valid(f: &RigFrame) {
    let m = Message::Rig(f.clone());
    match decode(&encode(&m)) {
        Ok(back) => assert_eq!(back, m),
        Err(e) => panic!("frame refused by the schema decoder: {e:?}\n{f:?}"),
    }
}
