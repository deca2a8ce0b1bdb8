#!/usr/bin/env python3
"""The Python tracker's results on a video file, as JSON: the reference the capture page is compared with.

    python viewer/test/pose-reference.py IN.y4m OUT.json [--models DIR] [--max-side 640] [--hands-every 1]
        [--frames N] [--pose-model lite|full]

Runs this checkout's Python tracker (tracker-bridge/python: `avatar_tracker.bridge.run` on a `VideoSource`,
VIDEO mode, every frame in order) with the models the tracker uses (`pose_landmarker_<lite|full>.task`,
`face_landmarker.task`, `hand_landmarker.task`: from --models, else where `avatar_tracker.models` finds them)
and writes, per frame index, what it sent: the pose's 33 world landmarks (x, y, z, m) and their visibility, the
face's blendshapes by name, and the hands (the subject's side, after the tracker's handedness correction, and
its score) on the frames the hand model ran. Meant for the stills file of `clip-to-y4m.py --stills`: the
tracker sees each still repeated, as it would see that file as a camera.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# this checkout's tracker and schema package, whatever the venv has installed
sys.path[:0] = [str(REPO / "tracker-bridge" / "python"), str(REPO / "schema" / "python")]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--models", help="folder with the three .task files (default: the tracker's search)")
    p.add_argument("--max-side", type=int, default=640)
    p.add_argument("--hands-every", type=int, default=1)
    p.add_argument("--frames", type=int, help="only the first N frames")
    p.add_argument("--pose-model", choices=["lite", "full"], default="lite", help="as the page's pose_model=")
    a = p.parse_args()

    from avatar.messages import FaceFrame, HandFrame, Handedness, PoseFrame
    from avatar_tracker import models
    from avatar_tracker.bridge import run
    from avatar_tracker.sources import VideoSource
    from avatar_tracker.trackers import FaceTracker, HandTracker, PoseTracker

    def model(spec, found):
        if a.models:
            path = Path(a.models) / spec
            if not path.is_file():
                raise SystemExit(f"pose-reference: no {path}")
            return str(path)
        return str(found())

    t0 = time.monotonic()
    pose = PoseTracker(
        model(f"pose_landmarker_{a.pose_model}.task", lambda: models.find_pose_model(a.pose_model))
    )
    face = FaceTracker(model("face_landmarker.task", models.find_face_model))
    hands = HandTracker(model("hand_landmarker.task", models.find_hand_model))
    frames = {}

    def entry(seq: int) -> dict:
        return frames.setdefault(
            seq - 1,
            {"index": seq - 1, "pose_world": None, "pose_visibility": None, "blendshapes": None, "hands": []},
        )

    def on_message(msg) -> None:
        e = entry(msg.header.seq)
        if isinstance(msg, PoseFrame):
            e["pose_world"] = [v for lm in msg.world_landmarks for v in (lm.x, lm.y, lm.z)]
            e["pose_visibility"] = [lm.visibility for lm in msg.world_landmarks]
        elif isinstance(msg, FaceFrame):
            e["blendshapes"] = {w.name: w.value for w in msg.blendshapes}
        elif isinstance(msg, HandFrame):
            side = {Handedness.Left: "left", Handedness.Right: "right"}.get(msg.handedness, "unknown")
            e["hands"].append({"side": side, "score": msg.handedness_score})

    source = VideoSource(a.input)
    stats = run(
        source,
        pose=pose,
        face=face,
        hands=hands,
        on_message=on_message,
        max_side=a.max_side or None,
        hands_every=a.hands_every,
        max_frames=a.frames,
    )
    n = stats.frames
    # frames without any message still ran every model (hands: on every hands_every-th frame)
    out = [frames.get(i) or entry(i + 1) for i in range(n)]
    for i, e in enumerate(out):
        if i % a.hands_every != 0:
            e["hands"] = None
    import mediapipe

    for t in (pose, face, hands):
        t.close()
    result = {
        "input": a.input,
        "mediapipe": mediapipe.__version__,
        "fps": source.fps,
        "width": source.width,
        "height": source.height,
        "hands_every": a.hands_every,
        "seconds": round(time.monotonic() - t0, 2),
        "frames": out,
    }
    Path(a.output).write_text(json.dumps(result))
    print(f"pose-reference: {a.output}: {n} frames in {result['seconds']} s")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("GLOG_minloglevel", "2")
    sys.exit(main())
