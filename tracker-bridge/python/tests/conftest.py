import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLIPS = ROOT / "assets" / "clips"
RECORDINGS = ROOT / "assets" / "recordings"
POSE_CLIP = CLIPS / "pose2sim_cam01_20f.mp4"
FACE_CLIP = CLIPS / "carphone_12f.mp4"
# fingerpose's demo (a left hand, thumbs-up <-> V sign, 43 frames; assets/README.md); without it the hand tests
# derive frames from POSE_CLIP
HAND_CLIP = CLIPS / "fingerpose_hands.mp4"
POSE_REC = RECORDINGS / "pose_demo_singleperson_cam01.avtrrec"
FACE_REC = RECORDINGS / "face_carphone.avtrrec"

# MediaPipe's blendshape categories in its output order (schema/README.md §4.3).
BLENDSHAPE_NAMES = (
    "_neutral browDownLeft browDownRight browInnerUp browOuterUpLeft browOuterUpRight cheekPuff cheekSquintLeft "
    "cheekSquintRight eyeBlinkLeft eyeBlinkRight eyeLookDownLeft eyeLookDownRight eyeLookInLeft eyeLookInRight "
    "eyeLookOutLeft eyeLookOutRight eyeLookUpLeft eyeLookUpRight eyeSquintLeft eyeSquintRight eyeWideLeft "
    "eyeWideRight jawForward jawLeft jawOpen jawRight mouthClose mouthDimpleLeft mouthDimpleRight mouthFrownLeft "
    "mouthFrownRight mouthFunnel mouthLeft mouthLowerDownLeft mouthLowerDownRight mouthPressLeft mouthPressRight "
    "mouthPucker mouthRight mouthRollLower mouthRollUpper mouthShrugLower mouthShrugUpper mouthSmileLeft "
    "mouthSmileRight mouthStretchLeft mouthStretchRight mouthUpperUpLeft mouthUpperUpRight noseSneerLeft "
    "noseSneerRight"
).split()
assert len(BLENDSHAPE_NAMES) == 52


def run_cli(*args, timeout=120):
    """Run ``python -m avatar_tracker ARGS`` and return the CompletedProcess (text output)."""
    env = dict(os.environ)
    return subprocess.run(
        [sys.executable, "-m", "avatar_tracker", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def bridge_into_sub(*args, stdin=None):
    """Start the bridge (a separate process) publishing to a SUB bound here: (the process, the SUB socket)."""
    import zmq

    ctx = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    port = sub.bind_to_random_port("tcp://127.0.0.1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "avatar_tracker", *map(str, args), "--connect", f"tcp://127.0.0.1:{port}"],
        cwd=ROOT, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    return proc, sub


def run_cli_over_zeromq(*args):
    """Run the bridge (a separate process) publishing to a SUB bound here; (returncode, stdout, stderr, frames)."""
    import time

    proc, sub = bridge_into_sub(*args)
    got = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if sub.poll(200):
                got.append(sub.recv_multipart())
            elif proc.poll() is not None and not sub.poll(500):
                break
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        sub.close()
    return proc.returncode, out, err, got


def _model(find, *args):
    from avatar_tracker.models import ModelNotFound

    try:
        return find(*args)
    except ModelNotFound as e:
        pytest.fail(f"{e} (cargo xtask test runs cargo xtask setup tracker first)")


@pytest.fixture(scope="session")
def face_model():
    from avatar_tracker.models import find_face_model

    return _model(find_face_model)


@pytest.fixture(scope="session")
def hand_model():
    from avatar_tracker.models import find_hand_model

    return _model(find_hand_model)


@pytest.fixture(scope="session")
def pose_model():
    """The default pose model of the command line."""
    from avatar_tracker.cli import DEFAULT_POSE_MODEL
    from avatar_tracker.models import find_pose_model

    return _model(find_pose_model, DEFAULT_POSE_MODEL)


@pytest.fixture(scope="session")
def pose_models():
    from avatar_tracker.models import find_pose_model

    return {v: _model(find_pose_model, v) for v in ("lite", "full")}
