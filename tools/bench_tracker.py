"""Speed of the tracker bridge on a live-like stream (tools/bench-tracker; see tracker-bridge/python/README.md).

Input (--clip): a committed real clip played forward then backward (no jump) until 160 frames (5.3 s at 30 fps),
pillarboxed (scaled to the full height, centred on black) to 1280x720 and 1920x1080, written as mp4v at 30 fps
into out/bench-tracker/. `fingerpose` (the default): assets/clips/fingerpose_hands.mp4 (320x240, 43 frames, a
real face and a hand in every frame, so the face and hand models do their full work); `pose2sim`:
assets/clips/pose2sim_cam01_20f.mp4 (288x512, 20 frames, a whole body whose face is blurred: the face model
only runs its detector).

Each run is the real command line, `python -m avatar_tracker --video STREAM --realtime` (camera-rate pacing,
LIVE_STREAM mode, frames older than --max-lag-ms dropped and counted), recording to a scratch .avtrrec so every
message counts as delivered. Columns: pose/face/hand results per second of wall time (a MediaPipe result, found
or not), "drop %" = frames of the stream that got no pose result (dropped behind real time + skipped by
MediaPipe while busy), capture->sent p50/p95 over all messages, "pf p95" the larger of the pose and face
streams' own p95, "hd p95" the hand streams'; "1/2x1" = hands every 2nd frame with --max-hands 1. Also two
VIDEO-mode runs (every frame, as fast as possible) at 1080p for comparison with the old bridge's numbers.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIPS = {
    "fingerpose": ROOT / "assets" / "clips" / "fingerpose_hands.mp4",
    "pose2sim": ROOT / "assets" / "clips" / "pose2sim_cam01_20f.mp4",
}
OUT = ROOT / "out" / "bench-tracker"


def make_stream(name: str, height: int) -> Path:
    import cv2
    import numpy as np

    width = height * 16 // 9
    path = OUT / f"{name}_{height}p.mp4"
    if path.exists():
        return path
    cap = cv2.VideoCapture(str(CLIPS[name]))
    frames = []
    while True:
        ok, img = cap.read()
        if not ok:
            break
        h, w = img.shape[:2]
        s = height / h
        small = cv2.resize(img, (round(w * s), height), interpolation=cv2.INTER_CUBIC)
        canvas = np.zeros((height, width, 3), np.uint8)
        x0 = (width - small.shape[1]) // 2
        canvas[:, x0 : x0 + small.shape[1]] = small
        frames.append(canvas)
    seq = []
    while len(seq) < 160:
        seq += frames + frames[::-1]
    seq = seq[:160]
    tmp = path.with_suffix(".part.mp4")
    wr = cv2.VideoWriter(str(tmp), cv2.VideoWriter_fourcc(*"mp4v"), 30.0, (width, height))
    for f in seq:
        wr.write(f)
    wr.release()
    os.replace(tmp, path)
    return path


STREAM_RE = re.compile(
    r"^(\w+): sent (\d+), recorded (\d+), dropped (\d+), not found (\d+), failed (\d+), skipped busy (\d+) of (\d+) run"
)


def run(stream: Path, args: list, realtime: bool = True) -> dict:
    rec = OUT / "scratch.avtrrec"
    cmd = [sys.executable, "-m", "avatar_tracker", "--video", str(stream), "--record", str(rec), "-q", *args]
    if realtime:
        cmd.append("--realtime")
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit(f"bench-tracker: {' '.join(cmd)} failed:\n{p.stderr}")
    out = p.stdout
    m = re.search(r"frames: (\d+) processed in ([\d.]+) s = [\d.]+ frames/s \((\d+) read, (\d+) unreadable, (\d+) dropped", out)
    processed, elapsed, read, _, behind = int(m[1]), float(m[2]), int(m[3]), int(m[4]), int(m[5])
    lat = re.search(r"capture->sent: mean [\d.-]+ / p50 ([\d.-]+) / p95 ([\d.-]+)", out)
    res = {"elapsed": elapsed, "read": read, "behind": behind, "p50": float(lat[1]), "p95": float(lat[2])}
    for line in out.splitlines():
        s = STREAM_RE.match(line)
        if s:
            name, rec_n, nf, failed, busy, runs = s[1], int(s[3]), int(s[5]), int(s[6]), int(s[7]), int(s[8])
            res[name] = {"runs": runs, "busy": busy, "results": runs - busy - failed}
            lat_s = re.search(r"capture->sent p50 ([\d.-]+) / p95 ([\d.-]+) ms", line)
            if lat_s:
                res[name]["p95"] = float(lat_s[2])
    pose = res.get("pose")
    res["drop_pct"] = 100.0 * (read - (pose["results"] if pose else processed)) / max(1, read)
    return res


def p95_of(r: dict, name: str) -> str:
    return f"{r[name]['p95']:7.1f}" if "p95" in r.get(name, {}) else f"{'-':>7}"


def pf_p95(r: dict) -> str:
    """The larger of the pose and face streams' own capture->sent p95 (the issue's goal is on pose + face)."""
    v = [r[k]["p95"] for k in ("pose", "face") if "p95" in r.get(k, {})]
    return f"{max(v):7.1f}" if v else f"{'-':>7}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer combinations")
    ap.add_argument("--clip", choices=sorted(CLIPS), default="fingerpose", help="the source clip (default fingerpose)")
    a = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    streams = {720: make_stream(a.clip, 720), 1080: make_stream(a.clip, 1080)}
    combos = []  # (height, pose model, max side, face, hands every (0 = off)[, max hands])
    for model in ("lite", "full"):
        for side in (480, 640, 960, 0):
            combos.append((720, model, side, True, 0))
    combos.append((720, "lite", 640, False, 0))
    combos += [(720, "lite", 640, True, k) for k in (1, 2, 3)]
    combos.append((720, "full", 640, True, 2))
    combos += [(1080, "lite", side, True, k) for side in (640, 0) for k in (0, 2)]
    combos.append((1080, "full", 640, True, 0))
    combos = [c + (2,) for c in combos]  # + --max-hands
    combos += [(720, "lite", 640, True, k, 1) for k in (1, 2)]
    if a.quick:
        combos = [c for c in combos if c[0] == 720 and c[1] == "lite" and c[2] == 640]
    load0 = os.getloadavg()
    t0 = time.monotonic()
    print(f"clip: {CLIPS[a.clip].name}; load average before: {load0[0]:.1f} {load0[1]:.1f} {load0[2]:.1f}; "
          f"cores: {os.cpu_count()}")
    hdr = (f"{'input':>6} {'pose':>5} {'side':>5} {'face':>4} {'hands':>5} | {'pose/s':>6} {'face/s':>6} {'hand/s':>6} "
           f"{'drop%':>6} {'p50 ms':>7} {'p95 ms':>7} {'pf p95':>7} {'hd p95':>7}")
    print(hdr)
    print("-" * len(hdr))
    for height, model, side, face, hands, max_hands in combos:
        args = ["--pose-model", model, "--max-side", str(side), "--face" if face else "--no-face"]
        args += ["--hands", "--hands-every", str(hands), "--max-hands", str(max_hands)] if hands else ["--no-hands"]
        r = run(streams[height], args)
        rate = lambda k: f"{r[k]['results'] / r['elapsed']:6.1f}" if k in r else f"{'-':>6}"  # noqa: E731
        print(
            f"{str(height) + 'p':>6} {model:>5} {side or 'full':>5} {'on' if face else 'off':>4} "
            f"{(('1/' + str(hands)) + ('' if max_hands == 2 else 'x1')) if hands else 'off':>5} | {rate('pose')} {rate('face')} {rate('hands')} "
            f"{r['drop_pct']:6.1f} {r['p50']:7.1f} {r['p95']:7.1f} {pf_p95(r)} {p95_of(r, 'hands')}",
            flush=True,
        )
    print("\nVIDEO mode, every frame as fast as possible (1080p, pose only, no face/hands):")
    for model, side in (("full", 0), ("lite", 640)):
        r = run(streams[1080], ["--pose-model", model, "--max-side", str(side), "--no-face", "--no-hands",
                                "--running-mode", "video"], realtime=False)
        print(f"  pose {model}, max-side {side or 'full'}: {r['pose']['results'] / r['elapsed']:.1f} frames/s")
    load1 = os.getloadavg()
    print(f"load average after: {load1[0]:.1f} {load1[1]:.1f} {load1[2]:.1f}; bench took {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
