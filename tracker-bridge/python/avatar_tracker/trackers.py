"""MediaPipe Tasks landmarkers (``mediapipe`` 1.2.x) and the conversion of their results to schema messages.

* Pose: ``vision.PoseLandmarker`` (``pose_landmarker_{lite,full,heavy}.task``), ``num_poses=1``: 33
  normalized image landmarks and 33 world landmarks (metres, hip-centred), each with visibility and presence.
* Face: ``vision.FaceLandmarker``, ``num_faces=1``, blendshapes and the facial transformation matrix (row-major
  NumPy in MediaPipe, sent column-major as the schema says).
* Hands: ``vision.HandLandmarker``, ``num_hands=2`` (``--max-hands``): per hand 21 image + 21 world landmarks and MediaPipe's
  handedness category; :func:`assign_handedness` turns that into the subject's own hand (see there).

Every landmarker runs in VIDEO mode (``detect(image, t_ms)``, synchronous, deterministic) or LIVE_STREAM mode
(``submit(image, t_ms)``; MediaPipe calls ``on_result(result, t_ms)`` from its own thread, and may skip input
frames while it is busy). The wrappers do not know about the bridge; ``to_message`` converts one result.

MediaPipe is imported lazily (first tracker created), so argument and input errors come fast and clean.
"""

from __future__ import annotations

import math
import os
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from avatar.messages import FaceFrame, FrameHeader, Handedness, HandFrame, Landmark, NamedWeight, PoseFrame

POSE_LEFT_WRIST, POSE_RIGHT_WRIST = 15, 16


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


def _unit(v: Optional[float]) -> float:
    """Clamp a MediaPipe score into [0, 1] (the schema's range); None (not reported) is 0; NaN stays NaN."""
    if v is None:
        return 0.0
    return min(1.0, max(0.0, v)) if v == v else v


def _finite(values) -> bool:
    return all(math.isfinite(v) for v in values)


def to_mp_image(bgr: np.ndarray):
    """A MediaPipe SRGB image of a BGR uint8 array (one copy, shared by all landmarkers of a frame)."""
    mp = _mp()
    return mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(bgr[:, :, ::-1]))


class _Landmarker:
    """One Tasks landmarker in VIDEO or LIVE_STREAM mode."""

    what = "landmarker"

    def __init__(self, model_path: str, live: bool, on_result: Optional[Callable], **options) -> None:
        self.live = live
        self.on_result = on_result  # live mode: called as on_result(result, t_ms); the bridge sets it
        self.model_path = str(model_path)
        try:
            _mp()
            from mediapipe.tasks.python import BaseOptions, vision

            kwargs = dict(
                base_options=BaseOptions(model_asset_path=self.model_path),
                running_mode=vision.RunningMode.LIVE_STREAM if live else vision.RunningMode.VIDEO,
                **options,
            )
            if live:
                kwargs["result_callback"] = self._deliver
            self._landmarker = self._create(vision, kwargs)
        except Exception as e:  # mediapipe raises RuntimeError/ValueError/FileNotFoundError/OSError...
            raise TrackerError(f"cannot start MediaPipe {self.what} with {self.model_path}: {e}") from None

    def _deliver(self, result, _image, t_ms) -> None:
        if self.on_result is not None:
            self.on_result(result, int(t_ms))

    def _create(self, vision, kwargs):  # pragma: no cover - interface
        raise NotImplementedError

    def detect(self, image, t_ms: int):
        """VIDEO mode: the result for this image (t_ms strictly increasing)."""
        return self._landmarker.detect_for_video(image, int(t_ms))

    def submit(self, image, t_ms: int) -> None:
        """LIVE_STREAM mode: hand the image over; the result (if MediaPipe does not skip it) comes to on_result."""
        self._landmarker.detect_async(image, int(t_ms))

    def close(self) -> None:
        self._landmarker.close()


class PoseTracker(_Landmarker):
    what = "Pose Landmarker"

    def __init__(self, model_path: str, live: bool = False, on_result: Optional[Callable] = None) -> None:
        super().__init__(model_path, live, on_result, num_poses=1)

    def _create(self, vision, kwargs):
        return vision.PoseLandmarker.create_from_options(vision.PoseLandmarkerOptions(**kwargs))

    @staticmethod
    def to_message(res, header: FrameHeader, width: int, height: int) -> Optional[PoseFrame]:
        if not res.pose_landmarks or not res.pose_world_landmarks:
            return None
        img = [Landmark(p.x, p.y, p.z, _unit(p.visibility), _unit(p.presence)) for p in res.pose_landmarks[0]]
        world = [
            Landmark(p.x, p.y, p.z, _unit(p.visibility), _unit(p.presence)) for p in res.pose_world_landmarks[0]
        ]
        if len(img) != 33 or len(world) != 33:
            raise ValueError(f"MediaPipe Pose returned {len(img)}/{len(world)} landmarks, expected 33")
        if not _finite(v for lm in img + world for v in (lm.x, lm.y, lm.z, lm.visibility, lm.presence)):
            raise ValueError("MediaPipe Pose returned non-finite landmarks")
        return PoseFrame(header, width, height, 0, img, world)


class FaceTracker(_Landmarker):
    what = "Face Landmarker"

    def __init__(self, model_path: str, live: bool = False, on_result: Optional[Callable] = None) -> None:
        super().__init__(
            model_path,
            live,
            on_result,
            num_faces=1,
            output_face_blendshapes=True,
            output_facial_transformation_matrixes=True,
        )

    def _create(self, vision, kwargs):
        return vision.FaceLandmarker.create_from_options(vision.FaceLandmarkerOptions(**kwargs))

    @staticmethod
    def to_message(res, header: FrameHeader, width: int, height: int) -> Optional[FaceFrame]:
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
        return FaceFrame(header, width, height, 0, lms, blend, transform)


# One detected hand before its handedness is settled: MediaPipe's label ("Left"/"Right"), its score, the
# wrist (landmark 0) in image pixels.
HandGuess = Tuple[str, float, Tuple[float, float]]
# The pose's wrists in image pixels with their visibility: ((x, y), vis) for landmark 15 (left), 16 (right).
PoseWrists = Tuple[Tuple[Tuple[float, float], float], Tuple[Tuple[float, float], float]]

_OTHER = {"Left": "Right", "Right": "Left"}


def pose_wrists(pose: PoseFrame) -> PoseWrists:
    w, h = pose.image_width, pose.image_height
    lw, rw = pose.landmarks[POSE_LEFT_WRIST], pose.landmarks[POSE_RIGHT_WRIST]
    return ((lw.x * w, lw.y * h), lw.visibility), ((rw.x * w, rw.y * h), rw.visibility)


def assign_handedness(
    hands: Sequence[HandGuess],
    wrists: Optional[PoseWrists],
    image_size: Tuple[int, int],
    mirrored: bool = False,
    min_visibility: float = 0.5,
    max_dist: float = 0.15,
) -> List[Tuple[Handedness, float, bool]]:
    """The subject's hand for each detected hand: ``(Handedness, score, corrected_by_pose_or_pairing)``.

    1. MediaPipe's label. MediaPipe 1.2.2 documents (``HandLandmarkerResult``) and we measured on the
       Pose2Sim clip that its label names the subject's hand for an *unmirrored* image, the same convention as
       the pose landmarks 15/16 (left/right wrist), and that a mirrored image inverts both.
    2. Pose cross-check (a pose of the same frame, or at most ~100 ms old in live mode): the hand wrist
       (landmark 0) belongs to the nearest pose wrist that is visible (>= ``min_visibility``) and closer than
       ``max_dist`` x the image's long side. Two hands and two visible pose wrists: the pairing with the
       smaller total distance. One hand: the nearest wrist if it is clearly nearer (< 2/3 of the other).
    3. No pose: two hands with the same label -- the less confident one takes the other label.
    4. ``mirrored`` (the source is already flipped, a selfie view): Left and Right are swapped at the end.

    The score is MediaPipe's for the chosen label (``1 - score`` where the label was changed).
    """
    labels = [label if label in _OTHER else "" for label, _, _ in hands]
    long_side = float(max(image_size)) or 1.0

    def dist(a, b) -> float:
        return math.hypot(a[0] - b[0], a[1] - b[1]) / long_side

    by_pose: List[Optional[str]] = [None] * len(hands)
    if wrists is not None and hands:
        (lxy, lvis), (rxy, rvis) = wrists
        seen = [("Left", lxy)] if lvis >= min_visibility else []
        seen += [("Right", rxy)] if rvis >= min_visibility else []
        if len(hands) == 2 and len(seen) == 2:
            a = dist(hands[0][2], lxy) + dist(hands[1][2], rxy)
            b = dist(hands[0][2], rxy) + dist(hands[1][2], lxy)
            pair = ("Left", "Right") if a <= b else ("Right", "Left")
            for i in range(2):
                target = lxy if pair[i] == "Left" else rxy
                if dist(hands[i][2], target) <= max_dist:
                    by_pose[i] = pair[i]
        else:
            for i, (_, _, wxy) in enumerate(hands):
                ds = sorted((dist(wxy, xy), name) for name, xy in seen)
                if ds and ds[0][0] <= max_dist and (len(ds) == 1 or ds[0][0] < ds[1][0] * 2 / 3):
                    by_pose[i] = ds[0][1]
    out = []
    chosen = [by_pose[i] or labels[i] for i in range(len(hands))]
    if "" in chosen:  # no label at all (not expected from MediaPipe): the opposite of the other hand, else by x
        if len(hands) == 2 and chosen.count("") == 1:
            k = chosen.index("")
            chosen[k] = _OTHER[chosen[1 - k]]
        elif len(hands) == 2:  # a subject facing an unmirrored camera has the right hand on the image's left
            chosen = ["Right", "Left"] if hands[0][2][0] <= hands[1][2][0] else ["Left", "Right"]
        else:
            chosen = [c or "Right" for c in chosen]
    if len(hands) == 2 and chosen[0] == chosen[1]:
        # still the same hand twice: the less sure (not pose-confirmed, else lower score) one is the other hand
        weaker = by_pose.index(None) if by_pose.count(None) == 1 else min((0, 1), key=lambda i: hands[i][1])
        chosen[weaker] = _OTHER[chosen[weaker]]
    for i, (label, score, _) in enumerate(hands):
        name = chosen[i]
        corrected = name != labels[i]
        s = (1.0 - score) if corrected and labels[i] else score
        if not labels[i]:
            s = 0.0
        if mirrored:
            name = _OTHER[name]
        out.append((Handedness[name], _unit(s), corrected))
    return out


class HandTracker(_Landmarker):
    what = "Hand Landmarker"

    def __init__(
        self, model_path: str, live: bool = False, on_result: Optional[Callable] = None, max_hands: int = 2
    ) -> None:
        # With fewer hands tracked than max_hands, MediaPipe runs its palm detector on every frame looking for
        # another: max_hands=1 halves the cost when one hand is shown (9 vs 20 ms per frame here).
        super().__init__(model_path, live, on_result, num_hands=max_hands)

    def _create(self, vision, kwargs):
        return vision.HandLandmarker.create_from_options(vision.HandLandmarkerOptions(**kwargs))

    @staticmethod
    def to_messages(
        res,
        header_for: Callable[[Handedness], FrameHeader],
        width: int,
        height: int,
        wrists: Optional[PoseWrists] = None,
        mirrored: bool = False,
    ) -> Tuple[List[HandFrame], int, int]:
        """The HandFrames of one result, plus the number of hands dropped as invalid (non-finite / wrong counts)
        and the number whose handedness the pose or the pairing changed."""
        guesses: List[HandGuess] = []
        kept = []
        bad = 0
        for i, lms in enumerate(res.hand_landmarks or []):
            world = res.hand_world_landmarks[i] if i < len(res.hand_world_landmarks or []) else []
            cats = res.handedness[i] if i < len(res.handedness or []) else []
            img = [(p.x, p.y, p.z) for p in lms]
            wl = [(p.x, p.y, p.z) for p in world]
            if len(img) != 21 or len(wl) != 21 or not _finite(v for p in img + wl for v in p):
                bad += 1
                continue
            label, score = (cats[0].category_name, cats[0].score) if cats else ("", 0.0)
            if score is None or not math.isfinite(score):
                label, score = "", 0.0
            guesses.append((label or "", float(score), (img[0][0] * width, img[0][1] * height)))
            kept.append((i, img, wl))
        assigned = assign_handedness(guesses, wrists, (width, height), mirrored)
        out = []
        corrected = 0
        for (i, img, wl), (hand, score, changed) in zip(kept, assigned):
            corrected += changed
            out.append(HandFrame(header_for(hand), width, height, i, hand, score, img, wl))
        return out, bad, corrected
