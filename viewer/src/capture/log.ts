// The capture page's result log (`?log=1`, `window.__capture.log`): for end-to-end tests that compare what the
// page sends with what the Python tracker finds on the same images. One entry per frame the vision worker
// answered, read back from the bytes built for sending (the FlatBuffers messages, decoded here), so that the
// comparison covers the encoding too: the pose's world landmarks, the face's blendshapes, the hands' sides;
// `unsent` counts those the socket did not take (paused, closed, over a bound).
// Bounded: the newest `LOG_MAX` entries are kept. Without `log=1` nothing is decoded or kept.

import * as flatbuffers from 'flatbuffers';
import { FaceFrame } from '../generated/avatar/wire/face-frame.js';
import { HandFrame } from '../generated/avatar/wire/hand-frame.js';
import { Handedness } from '../generated/avatar/wire/handedness.js';
import { Message } from '../generated/avatar/wire/message.js';
import { Payload } from '../generated/avatar/wire/payload.js';
import { PoseFrame } from '../generated/avatar/wire/pose-frame.js';
import type { Outcome, Task, VisionKind } from './protocol.js';

/** Entries kept (the oldest are dropped): at the page's 1–3 processed frames a second on a slow machine, minutes. */
export const LOG_MAX = 600;

export interface LogEntry {
  /** The camera frame's index (seq − 1). */
  index: number;
  /** Its capture time, UNIX ms (microsecond resolution). */
  captureMs: number;
  /** The video frame callback's `mediaTime` (s; the media's own timeline), or null. */
  mediaTime: number | null;
  /** What each task made of the frame. */
  outcome: Record<Task, Outcome>;
  /** Messages of this frame that were not sent (dropped by the sender: paused, closed, over a bound). */
  unsent: number;
  /** The pose message's 33 world landmarks as x, y, z (m), and their visibility; null when no pose was found. */
  poseWorld: number[] | null;
  poseVisibility: number[] | null;
  /** The face message's blendshapes by name; null when no face was found. */
  blendshapes: Record<string, number> | null;
  /** The hand messages (the subject's side and the handedness score); null when the hand model did not run. */
  hands: Array<{ side: 'left' | 'right' | 'unknown'; score: number }> | null;
}

export interface CaptureLog {
  /** The first camera frame the page saw (also before the models were loaded): capture time (UNIX ms) and
   *  `mediaTime`. */
  first: { captureMs: number; mediaTime: number | null } | null;
  /** Entries dropped because the log was full. */
  dropped: number;
  entries: LogEntry[];
}

export function newLog(): CaptureLog {
  return { first: null, dropped: 0, entries: [] };
}

function nsToMs(ns: bigint): number {
  return Number(ns / 1000n) / 1000;
}

/** The entry of one answered frame: `built` are its messages (kind, bytes, whether they were sent). */
export function logEntry(
  index: number,
  captureNs: bigint,
  mediaTime: number | null,
  outcome: Record<Task, Outcome>,
  built: Array<{ kind: VisionKind; bytes: Uint8Array; sent: boolean }>,
): LogEntry {
  const e: LogEntry = {
    index,
    captureMs: nsToMs(captureNs),
    mediaTime,
    outcome: { ...outcome },
    unsent: built.filter((b) => !b.sent).length,
    poseWorld: null,
    poseVisibility: null,
    blendshapes: null,
    hands: outcome.hands === 'not_run' ? null : [],
  };
  for (const { bytes } of built) {
    const b = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    const msg = Message.getRootAsMessage(new flatbuffers.ByteBuffer(b));
    switch (msg.payloadType()) {
      case Payload.PoseFrame: {
        const p = msg.payload(new PoseFrame()) as PoseFrame;
        const n = p.worldLandmarksLength();
        e.poseWorld = [];
        e.poseVisibility = [];
        for (let i = 0; i < n; i++) {
          const l = p.worldLandmarks(i)!;
          e.poseWorld.push(l.x(), l.y(), l.z());
          e.poseVisibility.push(l.visibility());
        }
        e.captureMs = nsToMs(p.header()!.captureTimeNs());
        break;
      }
      case Payload.FaceFrame: {
        const f = msg.payload(new FaceFrame()) as FaceFrame;
        e.blendshapes = {};
        for (let i = 0; i < f.blendshapesLength(); i++) {
          const w = f.blendshapes(i)!;
          e.blendshapes[w.name() ?? ''] = w.value();
        }
        break;
      }
      case Payload.HandFrame: {
        const h = msg.payload(new HandFrame()) as HandFrame;
        const side = h.handedness() === Handedness.Left ? 'left' : h.handedness() === Handedness.Right ? 'right' : 'unknown';
        (e.hands ??= []).push({ side, score: h.handednessScore() });
        break;
      }
    }
  }
  return e;
}

export function push(log: CaptureLog, e: LogEntry): void {
  log.entries.push(e);
  if (log.entries.length > LOG_MAX) {
    log.entries.shift();
    log.dropped++;
  }
}
