#!/usr/bin/env python3
"""A video clip as a Y4M file for Chromium's fake camera (--use-file-for-fake-video-capture=clip.y4m).

    python viewer/test/clip-to-y4m.py IN.mp4 OUT.y4m [--max-side N] [--fps F]
    python viewer/test/clip-to-y4m.py IN.mp4 [IN2.mp4 ...] OUT.y4m --stills SPEC --hold SECONDS --fps F
        [--gap SECONDS] [--size WxH] [--stills-out DIR]

Decodes IN with OpenCV (cv2), scales it so that its long side is at most N pixels (default 640; even sizes, as
4:2:0 needs), and writes planar 4:2:0 frames (C420jpeg: full-range BT.601, what OpenCV's YUV_I420 gives). The
frame rate is the clip's own unless --fps is given. Chromium plays the file in a loop.

Stills (end-to-end tests, where the page's inference takes longer than a camera frame): `--stills` picks
frames, `I,J,K` of the one clip or `CLIP:I,CLIP:J` with CLIP the index of an input (0, 1, ...); each is
fitted into one canvas (`--size`, default 640x480: scaled, aspect kept, INTER_AREA down or INTER_LINEAR up,
centred on black) and written `round(hold · fps)` times in a row, at `--fps` in the header, so that a camera
that plays the file shows each still for `--hold` seconds, one after the other, in a loop. `--gap SECONDS`
puts black frames after each still (`round(gap · fps)`): a tracker in VIDEO mode loses the person there and
finds the next still afresh, instead of tracking it from where the previous one's person was. `--stills-out
DIR` also writes each still as DIR/still-K.png after its round trip through 4:2:0 (what the reference sees).
A summary line of JSON goes to stdout: the size, fps, total frames and per still its source and its frames
(`first`, `count`).
"""

import argparse
import json
import os
import sys

import cv2
import numpy as np


def even(v: float) -> int:
    return max(2, int(round(v / 2)) * 2)


def read_frames(path: str):
    cap = cv2.VideoCapture(path)
    if not cap.isOpened():
        raise SystemExit(f"clip-to-y4m: cannot open {path}")
    frames = []
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        frames.append(frame)
    if not frames:
        raise SystemExit(f"clip-to-y4m: no frame decoded from {path}")
    return frames


def fit(frame: np.ndarray, w: int, h: int) -> np.ndarray:
    """`frame` scaled into a w × h black canvas, aspect kept, centred (on even offsets)."""
    fh, fw = frame.shape[:2]
    s = min(w / fw, h / fh)
    sw, sh = min(w, max(1, round(fw * s))), min(h, max(1, round(fh * s)))
    if (sw, sh) != (fw, fh):
        frame = cv2.resize(frame, (sw, sh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    out = np.zeros((h, w, 3), np.uint8)
    x, y = (w - sw) // 2 // 2 * 2, (h - sh) // 2 // 2 * 2
    out[y : y + sh, x : x + sw] = frame
    return out


def stills(a) -> int:
    try:
        w, h = (int(v) for v in a.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"clip-to-y4m: --size {a.size!r} is not WxH")
    w, h = even(w), even(h)
    if not a.fps or a.fps <= 0:
        raise SystemExit("clip-to-y4m: --stills needs --fps")
    repeat = max(1, round(a.hold * a.fps))
    gap = max(0, round(a.gap * a.fps))
    clips = {}
    picked = []
    for item in a.stills.split(","):
        clip, _, index = item.strip().rpartition(":")
        c, i = int(clip or 0), int(index)
        if not 0 <= c < len(a.inputs):
            raise SystemExit(f"clip-to-y4m: --stills {item}: no input {c}")
        if c not in clips:
            clips[c] = read_frames(a.inputs[c])
        if not 0 <= i < len(clips[c]):
            raise SystemExit(f"clip-to-y4m: {a.inputs[c]} has no frame {i} ({len(clips[c])} frames)")
        picked.append((c, i, fit(clips[c][i], w, h)))
    num, den = int(round(a.fps * 1000)), 1000
    if a.stills_out:
        os.makedirs(a.stills_out, exist_ok=True)
    black = cv2.cvtColor(np.zeros((h, w, 3), np.uint8), cv2.COLOR_BGR2YUV_I420).tobytes()
    segments = []
    n = 0
    with open(a.output, "wb") as out:
        out.write(f"YUV4MPEG2 W{w} H{h} F{num}:{den} Ip A1:1 C420jpeg\n".encode())
        for k, (c, i, frame) in enumerate(picked):
            yuv = cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420)
            if a.stills_out:
                cv2.imwrite(os.path.join(a.stills_out, f"still-{k}.png"), cv2.cvtColor(yuv, cv2.COLOR_YUV2BGR_I420))
            segments.append({"clip": a.inputs[c], "frame": i, "first": n, "count": repeat})
            for data in [yuv.tobytes()] * repeat + [black] * gap:
                out.write(b"FRAME\n")
                out.write(data)
                n += 1
    summary = {
        "output": a.output,
        "width": w,
        "height": h,
        "fps": num / den,
        "frames": n,
        "gap_frames": gap,
        "stills": segments,
    }
    print(json.dumps(summary))
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("inputs", nargs="+", metavar="IN", help="clip(s), then the output file")
    p.add_argument("--max-side", type=int, default=640)
    p.add_argument("--fps", type=float)
    p.add_argument("--stills", help="frames to hold: I,J,K (of the one clip) or CLIP:I,CLIP:J")
    p.add_argument("--hold", type=float, default=5.0, help="seconds each still is shown (--stills)")
    p.add_argument("--gap", type=float, default=0.0, help="seconds of black after each still (--stills)")
    p.add_argument("--size", default="640x480", help="the canvas of --stills, WxH")
    p.add_argument("--stills-out", help="also write each still (after 4:2:0) as DIR/still-K.png")
    a = p.parse_args()
    if len(a.inputs) < 2:
        p.error("an input clip and an output file are required")
    a.inputs, a.output = a.inputs[:-1], a.inputs[-1]
    if a.stills:
        return stills(a)
    if len(a.inputs) != 1:
        p.error("several input clips need --stills")
    cap = cv2.VideoCapture(a.inputs[0])
    if not cap.isOpened():
        print(f"clip-to-y4m: cannot open {a.inputs[0]}", file=sys.stderr)
        return 2
    fps = a.fps or cap.get(cv2.CAP_PROP_FPS) or 30.0
    w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    s = min(1.0, a.max_side / max(w, h)) if a.max_side > 0 else 1.0
    ow, oh = even(w * s), even(h * s)
    num, den = (int(round(fps * 1000)), 1000)
    n = 0
    with open(a.output, "wb") as out:
        out.write(f"YUV4MPEG2 W{ow} H{oh} F{num}:{den} Ip A1:1 C420jpeg\n".encode())
        while True:
            ok, frame = cap.read()
            if not ok:
                break
            if (frame.shape[1], frame.shape[0]) != (ow, oh):
                frame = cv2.resize(frame, (ow, oh), interpolation=cv2.INTER_AREA)
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
            n += 1
    if n == 0:
        print(f"clip-to-y4m: no frame decoded from {a.inputs[0]}", file=sys.stderr)
        return 2
    print(f"clip-to-y4m: {a.output}: {n} frames {ow}x{oh} at {fps:g} fps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
