// FlatBuffers encoders of the tracker messages the capture page sends (schema/avatar.fbs, §4.1–4.3b of
// schema/README.md), with the generated TypeScript code: one `Message` (schema_version 3, file identifier
// "AVTR") per frame, field for field what schema/python/avatar/encoder.py writes for the Python tracker.
//
// No semantic validation here (like the Python and Rust encoders): the callers (results.ts) check counts and
// finiteness first. One Builder is reused; each call returns a fresh copy of the finished bytes.

import * as flatbuffers from 'flatbuffers';
import { AudioFrame } from '../generated/avatar/wire/audio-frame.js';
import { FaceFrame } from '../generated/avatar/wire/face-frame.js';
import { FrameHeader } from '../generated/avatar/wire/frame-header.js';
import { HandFrame } from '../generated/avatar/wire/hand-frame.js';
import { Handedness } from '../generated/avatar/wire/handedness.js';
import { Landmark } from '../generated/avatar/wire/landmark.js';
import { Mat4 } from '../generated/avatar/wire/mat4.js';
import { Message } from '../generated/avatar/wire/message.js';
import { NamedWeight } from '../generated/avatar/wire/named-weight.js';
import { Payload } from '../generated/avatar/wire/payload.js';
import { PoseFrame } from '../generated/avatar/wire/pose-frame.js';
import { Vec3 } from '../generated/avatar/wire/vec3.js';

/** The schema version the page writes (schema/README.md §2). */
export const WRITE_SCHEMA_VERSION = 3;

export interface Header {
  sourceId: string;
  streamId: bigint;
  seq: bigint;
  /** UNIX ns when the camera captured the image (audio: the chunk's first sample). */
  captureTimeNs: bigint;
  /** UNIX ns when the message was sent. */
  sendTimeNs: bigint;
}

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface PoseLandmark extends Point3 {
  visibility: number;
  presence: number;
}

export interface Weight {
  name: string;
  value: number;
}

export interface PoseFields {
  width: number;
  height: number;
  /** 33 normalized image landmarks. */
  landmarks: readonly PoseLandmark[];
  /** 33 world landmarks (metres, hip-centred). */
  world: readonly PoseLandmark[];
}

export interface FaceFields {
  width: number;
  height: number;
  /** 468 or 478 normalized image landmarks. */
  landmarks: readonly Point3[];
  blendshapes: readonly Weight[];
  /** 16 floats, column-major (schema/README.md §3), or null. */
  transform: readonly number[] | null;
}

export interface HandFields {
  width: number;
  height: number;
  handIndex: number;
  handedness: Handedness;
  handednessScore: number;
  /** 21 normalized image landmarks. */
  landmarks: readonly Point3[];
  /** 21 world landmarks (metres). */
  world: readonly Point3[];
}

const builder = new flatbuffers.Builder(16 * 1024);

function header(b: flatbuffers.Builder, h: Header): flatbuffers.Offset {
  const sid = b.createString(h.sourceId);
  return FrameHeader.createFrameHeader(b, sid, h.streamId, h.seq, h.captureTimeNs, h.sendTimeNs);
}

function landmarks(b: flatbuffers.Builder, points: readonly PoseLandmark[]): flatbuffers.Offset {
  b.startVector(20, points.length, 4);
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    Landmark.createLandmark(b, p.x, p.y, p.z, p.visibility, p.presence);
  }
  return b.endVector();
}

function vec3s(b: flatbuffers.Builder, points: readonly Point3[]): flatbuffers.Offset {
  b.startVector(12, points.length, 4);
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    Vec3.createVec3(b, p.x, p.y, p.z);
  }
  return b.endVector();
}

function finish(b: flatbuffers.Builder, type: Payload, payload: flatbuffers.Offset): Uint8Array {
  Message.finishMessageBuffer(b, Message.createMessage(b, WRITE_SCHEMA_VERSION, type, payload));
  // a copy: the builder's buffer is reused by the next message
  return b.asUint8Array().slice();
}

export function encodePose(h: Header, f: PoseFields): Uint8Array {
  const b = builder;
  b.clear();
  const hd = header(b, h);
  const lm = landmarks(b, f.landmarks);
  const wl = landmarks(b, f.world);
  PoseFrame.startPoseFrame(b);
  PoseFrame.addHeader(b, hd);
  PoseFrame.addImageWidth(b, f.width);
  PoseFrame.addImageHeight(b, f.height);
  PoseFrame.addPersonIndex(b, 0);
  PoseFrame.addLandmarks(b, lm);
  PoseFrame.addWorldLandmarks(b, wl);
  return finish(b, Payload.PoseFrame, PoseFrame.endPoseFrame(b));
}

export function encodeFace(h: Header, f: FaceFields): Uint8Array {
  const b = builder;
  b.clear();
  if (f.transform !== null && f.transform.length !== 16) {
    throw new Error(`facial transform has ${f.transform.length} values, expected 16`);
  }
  const hd = header(b, h);
  const lm = vec3s(b, f.landmarks);
  const weights = f.blendshapes.map((w) => NamedWeight.createNamedWeight(b, b.createString(w.name), w.value));
  const bs = FaceFrame.createBlendshapesVector(b, weights);
  FaceFrame.startFaceFrame(b);
  FaceFrame.addHeader(b, hd);
  FaceFrame.addImageWidth(b, f.width);
  FaceFrame.addImageHeight(b, f.height);
  FaceFrame.addFaceIndex(b, 0);
  FaceFrame.addLandmarks(b, lm);
  FaceFrame.addBlendshapes(b, bs);
  // a struct is written inline, right before the table field that refers to it
  if (f.transform !== null) FaceFrame.addFacialTransform(b, Mat4.createMat4(b, [...f.transform]));
  return finish(b, Payload.FaceFrame, FaceFrame.endFaceFrame(b));
}

export function encodeHand(h: Header, f: HandFields): Uint8Array {
  const b = builder;
  b.clear();
  const hd = header(b, h);
  const lm = vec3s(b, f.landmarks);
  const wl = vec3s(b, f.world);
  HandFrame.startHandFrame(b);
  HandFrame.addHeader(b, hd);
  HandFrame.addImageWidth(b, f.width);
  HandFrame.addImageHeight(b, f.height);
  HandFrame.addHandIndex(b, f.handIndex);
  HandFrame.addHandedness(b, f.handedness);
  HandFrame.addHandednessScore(b, f.handednessScore);
  HandFrame.addLandmarks(b, lm);
  HandFrame.addWorldLandmarks(b, wl);
  return finish(b, Payload.HandFrame, HandFrame.endHandFrame(b));
}

export function encodeAudio(h: Header, sampleRate: number, samples: Int16Array): Uint8Array {
  const b = builder;
  b.clear();
  const hd = header(b, h);
  const s = AudioFrame.createSamplesVector(b, samples);
  AudioFrame.startAudioFrame(b);
  AudioFrame.addHeader(b, hd);
  AudioFrame.addSampleRate(b, sampleRate);
  AudioFrame.addSamples(b, s);
  return finish(b, Payload.AudioFrame, AudioFrame.endAudioFrame(b));
}
