#!/usr/bin/env python3
"""A video clip as a Y4M file for Chromium's fake camera (--use-file-for-fake-video-capture=clip.y4m).

    python viewer/test/clip-to-y4m.py IN.mp4 OUT.y4m [--max-side N] [--fps F]

Decodes IN with OpenCV (cv2), scales it so that its long side is at most N pixels (default 640; even sizes, as
4:2:0 needs), and writes planar 4:2:0 frames (C420jpeg: full-range BT.601, what OpenCV's YUV_I420 gives). The
frame rate is the clip's own unless --fps is given. Chromium plays the file in a loop.
"""

import argparse
import sys

import cv2


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--max-side", type=int, default=640)
    p.add_argument("--fps", type=float)
    a = p.parse_args()
    cap = cv2.VideoCapture(a.input)
    if not cap.isOpened():
        print(f"clip-to-y4m: cannot open {a.input}", file=sys.stderr)
        return 2
    fps = a.fps or cap.get(cv2.CAP_PROP_FPS) or 30.0
    w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    s = min(1.0, a.max_side / max(w, h)) if a.max_side > 0 else 1.0
    ow, oh = max(2, int(round(w * s / 2)) * 2), max(2, int(round(h * s / 2)) * 2)
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
        print(f"clip-to-y4m: no frame decoded from {a.input}", file=sys.stderr)
        return 2
    print(f"clip-to-y4m: {a.output}: {n} frames {ow}x{oh} at {fps:g} fps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
