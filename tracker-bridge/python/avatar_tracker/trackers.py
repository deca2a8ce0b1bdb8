"""MediaPipe wrappers that turn one BGR image into a ``PoseFrame`` / ``FaceFrame`` (or None: nothing found).

* Pose: the legacy solution ``mp.solutions.pose.Pose(static_image_mode=False, model_complexity=1)`` of
  ``mediapipe==0.10.21`` (the last release that has it and bundles its models): 33 normalized image landmarks
  and 33 world landmarks (metres, hip-centred), each with visibility. The legacy API reports presence 0.
* Face: the Tasks API ``FaceLandmarker`` in VIDEO running mode with ``face_landmarker.task``
  (:mod:`avatar_tracker.models`): 478 landmarks, 52 blendshape scores (``_neutral`` + the ARKit names), and
  the 4x4 facial transformation matrix (row-major NumPy in MediaPipe, sent column-major as the schema says).

MediaPipe is imported lazily (first tracker created), so argument and input errors come fast and clean.
"""

from __future__ import annotations

import math
import os
from typing import List, Optional

import numpy as np

from avatar.messages import FaceFrame, FrameHeader, Landmark, NamedWeight, PoseFrame


def _quiet_mediapipe_logs() -> None:
    # glog (C++ side) and absl: only errors. Must be set before mediapipe is imported.
    os.environ.setdefault("GLOG_minloglevel", "2")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")


def _mp():
    _quiet_mediapipe_logs()
    import mediapipe as mp

    try:
        from absl import logging as absl_logging

        absl_logging.set_verbosity(absl_logging.ERROR)
    except ImportError:  # pragma: no cover
        pass
    return mp


class TrackerError(Exception):
    """MediaPipe could not be loaded or initialised."""


def _unit(v: float) -> float:
    """Clamp a MediaPipe score into [0, 1] (the schema's range); NaN stays NaN (caught by _finite)."""
    return min(1.0, max(0.0, v)) if v == v else v


def _finite(values) -> bool:
    return all(math.isfinite(v) for v in values)


class PoseTracker:
    def __init__(self) -> None:
        try:
            mp = _mp()
            self._pose = mp.solutions.pose.Pose(static_image_mode=False, model_complexity=1)
        except Exception as e:  # mediapipe raises RuntimeError/FileNotFoundError/ImportError...
            raise TrackerError(f"cannot start MediaPipe Pose: {e}") from None

    def process(self, bgr: np.ndarray, header: FrameHeader) -> Optional[PoseFrame]:
        rgb = bgr[:, :, ::-1].copy()  # MediaPipe wants RGB
        res = self._pose.process(rgb)
        if res.pose_landmarks is None or res.pose_world_landmarks is None:
            return None
        img = [
            Landmark(p.x, p.y, p.z, _unit(p.visibility), _unit(p.presence)) for p in res.pose_landmarks.landmark
        ]
        world = [
            Landmark(p.x, p.y, p.z, _unit(p.visibility), _unit(p.presence))
            for p in res.pose_world_landmarks.landmark
        ]
        if len(img) != 33 or len(world) != 33:
            raise ValueError(f"MediaPipe Pose returned {len(img)}/{len(world)} landmarks, expected 33")
        if not _finite(v for lm in img + world for v in (lm.x, lm.y, lm.z, lm.visibility, lm.presence)):
            raise ValueError("MediaPipe Pose returned non-finite landmarks")
        h, w = bgr.shape[:2]
        return PoseFrame(header, w, h, 0, img, world)

    def close(self) -> None:
        self._pose.close()


class FaceTracker:
    def __init__(self, model_path: str) -> None:
        try:
            mp = _mp()
            from mediapipe.tasks.python import BaseOptions, vision

            opts = vision.FaceLandmarkerOptions(
                base_options=BaseOptions(model_asset_path=str(model_path)),
                running_mode=vision.RunningMode.VIDEO,
                num_faces=1,
                output_face_blendshapes=True,
                output_facial_transformation_matrixes=True,
            )
            self._mp = mp
            self._landmarker = vision.FaceLandmarker.create_from_options(opts)
        except Exception as e:
            raise TrackerError(f"cannot start MediaPipe Face Landmarker with {model_path}: {e}") from None

    def process(self, bgr: np.ndarray, t_ms: int, header: FrameHeader) -> Optional[FaceFrame]:
        rgb = np.ascontiguousarray(bgr[:, :, ::-1])
        image = self._mp.Image(image_format=self._mp.ImageFormat.SRGB, data=rgb)
        res = self._landmarker.detect_for_video(image, int(t_ms))
        if not res.face_landmarks:
            return None
        lms = [(p.x, p.y, p.z) for p in res.face_landmarks[0]]
        blend: List[NamedWeight] = []
        if res.face_blendshapes:
            blend = [NamedWeight(c.category_name, _unit(c.score)) for c in res.face_blendshapes[0]]
        transform = None
        if res.facial_transformation_matrixes:
            m = np.asarray(res.facial_transformation_matrixes[0], dtype=np.float64).reshape(4, 4)
            transform = tuple(float(v) for v in m.flatten(order="F"))  # column-major on the wire
        if not _finite(v for p in lms for v in p) or not _finite(b.value for b in blend) or (
            transform is not None and not _finite(transform)
        ):
            raise ValueError("MediaPipe Face Landmarker returned non-finite values")
        h, w = bgr.shape[:2]
        return FaceFrame(header, w, h, 0, lms, blend, transform)

    def close(self) -> None:
        self._landmarker.close()
