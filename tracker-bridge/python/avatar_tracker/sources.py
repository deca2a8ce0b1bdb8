"""Frame sources: a webcam, a video file or a folder of images, all read with OpenCV.

Capture timestamps (``Frame.capture_time_ns``, UNIX ns, what goes into ``FrameHeader.capture_time_ns``):

* camera: the wall clock right after ``grab()`` returned the frame (the driver's own timestamps are not
  portable; this is within one frame period of the real exposure);
* video file: the wall clock when the first frame was read plus the frame's presentation time (pts) in the
  file, so the stream keeps the file's real timing (``CAP_PROP_POS_MSEC``; ``index / fps`` where the
  container gives no pts). If the bridge runs faster than real time these lie a little in the future; use
  ``--realtime`` to pace the frames like a live camera;
* image folder: the wall clock at the first image plus ``index / fps`` (``--fps``, default 30); the images
  are taken in name order.

``Frame.t_ms`` is the frame's time in the source in whole ms, strictly increasing, as MediaPipe's VIDEO running
mode needs.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional

import numpy as np

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")


class SourceError(Exception):
    """The input cannot be opened or read (no camera, unreadable video, empty folder)."""


@dataclass
class Frame:
    index: int  # 0-based position in the source
    image: Optional[np.ndarray]  # BGR uint8, None if this frame could not be decoded
    capture_time_ns: int
    t_ms: int  # source time, ms, strictly increasing
    read_ns: int  # wall clock when the bridge had the decoded frame


def _cv2():
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # libav itself: quiet ("moov atom not found"...)
    os.environ.setdefault("OPENCV_VIDEOIO_PRIORITY_OBSENSOR", "0")
    import cv2

    return cv2


class _Monotonic:
    def __init__(self) -> None:
        self.last = -1

    def __call__(self, t_ms: int) -> int:
        t_ms = max(int(t_ms), self.last + 1)
        self.last = t_ms
        return t_ms


class Source:
    """Iterate frames; ``name`` is a short description used in source ids and recordings."""

    name: str
    kind: str
    width: int = 0
    height: int = 0

    def frames(self) -> Iterator[Frame]:  # pragma: no cover - interface
        raise NotImplementedError

    def close(self) -> None:
        pass


class VideoSource(Source):
    kind = "video"

    def __init__(self, path: str):
        cv2 = _cv2()
        p = Path(path)
        if not p.exists():
            raise SourceError(f"video file {path} does not exist")
        if not p.is_file():
            raise SourceError(f"{path} is not a file")
        self.path = p
        self.name = p.name
        self.cap = cv2.VideoCapture(str(p))
        if not self.cap.isOpened():
            raise SourceError(f"cannot open video {path} (not a video, or a codec OpenCV cannot decode)")
        self.fps = self.cap.get(cv2.CAP_PROP_FPS) or 0.0
        self.width = int(self.cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        self.height = int(self.cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
        self.frame_count = int(self.cap.get(cv2.CAP_PROP_FRAME_COUNT))

    def frames(self) -> Iterator[Frame]:
        cv2 = _cv2()
        mono = _Monotonic()
        start_ns = None
        period_ms = 1000.0 / self.fps if self.fps > 0 else 1000.0 / 30
        i = 0
        while True:
            ok, img = self.cap.read()
            now = time.time_ns()
            if not ok:
                if i == 0:
                    raise SourceError(f"no frame could be decoded from video {self.path}")
                return
            if start_ns is None:
                start_ns = now
            pts = self.cap.get(cv2.CAP_PROP_POS_MSEC)
            if not (pts > 0 or i == 0):
                pts = i * period_ms
            t_ms = mono(pts)
            yield Frame(i, img, start_ns + int(round(pts * 1e6)), t_ms, now)
            i += 1

    def close(self) -> None:
        self.cap.release()


class CameraSource(Source):
    kind = "camera"

    def __init__(self, index: int):
        cv2 = _cv2()
        self.index = index
        self.name = f"camera{index}"
        level = cv2.getLogLevel()
        cv2.setLogLevel(0)  # silent: probing the capture backends prints errors of its own
        try:
            self.cap = cv2.VideoCapture(index)
        finally:
            cv2.setLogLevel(level)
        if not self.cap.isOpened():
            devs = sorted(str(p) for p in Path("/dev").glob("video*")) if Path("/dev").is_dir() else []
            have = ", ".join(devs) if devs else "none"
            raise SourceError(f"no camera with index {index} could be opened (video devices: {have})")
        self.width = int(self.cap.get(cv2.CAP_PROP_FRAME_WIDTH))
        self.height = int(self.cap.get(cv2.CAP_PROP_FRAME_HEIGHT))

    def frames(self) -> Iterator[Frame]:
        mono = _Monotonic()
        start_ns = None
        i = 0
        while True:
            if not self.cap.grab():
                if i == 0:
                    raise SourceError(f"camera {self.index} opened but delivered no frame")
                return
            cap_ns = time.time_ns()
            ok, img = self.cap.retrieve()
            if start_ns is None:
                start_ns = cap_ns
            yield Frame(i, img if ok else None, cap_ns, mono((cap_ns - start_ns) // 1_000_000), time.time_ns())
            i += 1

    def close(self) -> None:
        self.cap.release()


class ImageFolderSource(Source):
    kind = "images"

    def __init__(self, folder: str, fps: float = 30.0):
        p = Path(folder)
        if not p.is_dir():
            raise SourceError(f"image folder {folder} does not exist or is not a folder")
        self.files: List[Path] = sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_EXTENSIONS)
        if not self.files:
            raise SourceError(f"no images ({', '.join(IMAGE_EXTENSIONS)}) in {folder}")
        if not fps > 0:
            raise SourceError(f"--fps must be positive, got {fps}")
        self.fps = fps
        self.name = p.resolve().name or str(p)

    def frames(self) -> Iterator[Frame]:
        cv2 = _cv2()
        mono = _Monotonic()
        start_ns = None
        for i, f in enumerate(self.files):
            img = cv2.imread(str(f), cv2.IMREAD_COLOR)
            now = time.time_ns()
            if start_ns is None:
                start_ns = now
            if img is not None:
                self.height, self.width = img.shape[:2]
            t_ms = mono(round(i * 1000.0 / self.fps))
            yield Frame(i, img, start_ns + int(round(i * 1e9 / self.fps)), t_ms, now)
