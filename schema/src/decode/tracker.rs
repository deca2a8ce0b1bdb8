//! The trackers' frames: pose, face, hand, rig and audio.

use super::fields::{at_most, finite, finite_all, header, name, named_weights, unit_interval, vec3};
use super::{DecodeError, Reject, Result, MAX_NAMED_ITEMS, QUAT_NORM_TOLERANCE};
use crate::generated as fb;
use crate::types::*;

fn pose_landmarks(v: Option<flatbuffers::Vector<'_, fb::Landmark>>, what: &str) -> Result<Vec<Landmark>> {
    let n = v.map_or(0, |v| v.len());
    if n != POSE_LANDMARKS {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{what} has {n} landmarks, expected {POSE_LANDMARKS}"),
        ));
    }
    v.into_iter()
        .flatten()
        .enumerate()
        .map(|(i, l)| {
            Ok(Landmark {
                x: finite(l.x(), &format!("{what}[{i}].x"))?,
                y: finite(l.y(), &format!("{what}[{i}].y"))?,
                z: finite(l.z(), &format!("{what}[{i}].z"))?,
                visibility: unit_interval(l.visibility(), &format!("{what}[{i}].visibility"))?,
                presence: unit_interval(l.presence(), &format!("{what}[{i}].presence"))?,
            })
        })
        .collect()
}

pub(super) fn pose(m: fb::PoseFrame) -> Result<PoseFrame> {
    Ok(PoseFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        person_index: m.person_index(),
        landmarks: pose_landmarks(m.landmarks(), "landmarks")?,
        world_landmarks: pose_landmarks(m.world_landmarks(), "world_landmarks")?,
    })
}

pub(super) fn face(m: fb::FaceFrame) -> Result<FaceFrame> {
    let n = m.landmarks().map_or(0, |v| v.len());
    if !FACE_LANDMARKS.contains(&n) {
        return Err(DecodeError::new(Reject::Count, format!("face has {n} landmarks, expected 468 or 478")));
    }
    let landmarks = m
        .landmarks()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, p)| vec3(p, &format!("landmarks[{i}]")))
        .collect::<Result<Vec<_>>>()?;
    let blendshapes = named_weights(m.blendshapes(), "blendshapes")?;
    for (i, b) in blendshapes.iter().enumerate() {
        unit_interval(b.value, &format!("blendshapes[{i}] ({})", b.name))?;
    }
    let facial_transform = match m.facial_transform() {
        None => None,
        Some(t) => {
            let a: [f32; 16] = std::array::from_fn(|i| t.m().get(i));
            finite_all(&a, "facial_transform")?;
            Some(a)
        }
    };
    Ok(FaceFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        face_index: m.face_index(),
        landmarks,
        blendshapes,
        facial_transform,
    })
}

fn hand_landmarks(v: Option<flatbuffers::Vector<'_, fb::Vec3>>, what: &str) -> Result<Vec<[f32; 3]>> {
    let n = v.map_or(0, |v| v.len());
    if n != HAND_LANDMARKS {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{what} has {n} landmarks, expected {HAND_LANDMARKS}"),
        ));
    }
    v.into_iter().flatten().enumerate().map(|(i, p)| vec3(p, &format!("{what}[{i}]"))).collect()
}

pub(super) fn hand(m: fb::HandFrame) -> Result<HandFrame> {
    let handedness = match m.handedness() {
        fb::Handedness::Left => Handedness::Left,
        fb::Handedness::Right => Handedness::Right,
        other => {
            return Err(DecodeError::new(
                Reject::Range,
                format!("handedness {} is not Left (1) or Right (2)", other.0),
            ))
        }
    };
    Ok(HandFrame {
        header: header(m.header())?,
        image_width: m.image_width(),
        image_height: m.image_height(),
        hand_index: m.hand_index(),
        handedness,
        handedness_score: unit_interval(m.handedness_score(), "handedness_score")?,
        landmarks: hand_landmarks(m.landmarks(), "landmarks")?,
        world_landmarks: hand_landmarks(m.world_landmarks(), "world_landmarks")?,
    })
}

pub(super) fn rig(m: fb::RigFrame) -> Result<RigFrame> {
    let bones = match m.bones() {
        None => Vec::new(),
        Some(v) => {
            at_most(v.len(), MAX_NAMED_ITEMS, "bones")?;
            v.iter()
                .enumerate()
                .map(|(i, b)| {
                    let rotation = match b.rotation() {
                        None => [0.0, 0.0, 0.0, 1.0],
                        Some(q) => {
                            let q = [q.x(), q.y(), q.z(), q.w()];
                            finite_all(&q, &format!("bones[{i}].rotation"))?;
                            let norm = q.iter().map(|c| c * c).sum::<f32>().sqrt();
                            if (norm - 1.0).abs() > QUAT_NORM_TOLERANCE {
                                return Err(DecodeError::new(
                                    Reject::Range,
                                    format!("bones[{i}].rotation has norm {norm}, expected 1"),
                                ));
                            }
                            q
                        }
                    };
                    Ok(BoneTransform {
                        name: name(b.name(), &format!("bones[{i}].name"))?,
                        rotation,
                        translation: b
                            .translation()
                            .map(|t| vec3(t, &format!("bones[{i}].translation")))
                            .transpose()?,
                    })
                })
                .collect::<Result<Vec<_>>>()?
        }
    };
    Ok(RigFrame {
        header: header(m.header())?,
        bones,
        blendshapes: named_weights(m.blendshapes(), "blendshapes")?,
        root_position: m.root_position().map(|t| vec3(t, "root_position")).transpose()?,
    })
}

pub(super) fn audio(m: fb::AudioFrame) -> Result<AudioFrame> {
    let sample_rate = m.sample_rate();
    if !AUDIO_SAMPLE_RATES.contains(&sample_rate) {
        return Err(DecodeError::new(
            Reject::Range,
            format!(
                "sample_rate {sample_rate} Hz, expected {}..={}",
                AUDIO_SAMPLE_RATES.start(),
                AUDIO_SAMPLE_RATES.end()
            ),
        ));
    }
    let n = m.samples().map_or(0, |v| v.len());
    if n == 0 || n > MAX_AUDIO_SAMPLES {
        return Err(DecodeError::new(
            Reject::Count,
            format!("{n} samples, expected 1..={MAX_AUDIO_SAMPLES}"),
        ));
    }
    Ok(AudioFrame {
        header: header(m.header())?,
        sample_rate,
        samples: m.samples().into_iter().flatten().collect(),
    })
}
