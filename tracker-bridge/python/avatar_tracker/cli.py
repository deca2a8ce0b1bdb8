"""``python -m avatar_tracker``: MediaPipe pose/face/hands from a camera, video or image folder to the daemon.

Exit status: 0 done; 1 runtime failure (MediaPipe could not start, recording could not be written);
2 usage or input error (no camera, unreadable video, empty folder, missing model, bad endpoint).
Errors are one line on stderr (``avatar_tracker: error: ...``), never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List, Optional

from .models import POSE_MODELS, ModelNotFound, find_face_model, find_hand_model, find_pose_model
from .recording import EXTENSION, RecordingError, RecordingWriter
from .sources import CameraSource, ImageFolderSource, SourceError, VideoSource

DEFAULT_ENDPOINT = "tcp://127.0.0.1:5560"
# Defaults chosen with tools/bench-tracker (tracker-bridge/python/README.md, "Speed").
DEFAULT_POSE_MODEL = "lite"
DEFAULT_MAX_SIDE = 640
DEFAULT_HANDS_EVERY = 2


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m avatar_tracker",
        description="Run MediaPipe's Pose, Face and Hand Landmarkers (Tasks API) on a camera, video file or "
        "image folder and publish PoseFrame/FaceFrame/HandFrame messages to avatard's tracker input "
        f"(default {DEFAULT_ENDPOINT}) and/or write them to an {EXTENSION} recording.",
    )
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--video", metavar="FILE", help="video file (capture time = start wall time + frame pts)")
    src.add_argument("--camera", metavar="N", type=int, help="webcam index (OpenCV; /dev/videoN on Linux)")
    src.add_argument("--images", metavar="DIR", help="folder of images, taken in name order (see --fps)")
    p.add_argument("--pose", action=argparse.BooleanOptionalAction, default=True, help="run pose (default on)")
    p.add_argument("--face", action=argparse.BooleanOptionalAction, default=True, help="run face (default on)")
    p.add_argument(
        "--hands",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the hand model: one HandFrame per hand on topic hand (default on; see --hands-every)",
    )
    p.add_argument(
        "--pose-model",
        choices=POSE_MODELS,
        default=DEFAULT_POSE_MODEL,
        help=f"pose model variant (default {DEFAULT_POSE_MODEL}; heavy is not available from a registry)",
    )
    p.add_argument(
        "--running-mode",
        choices=("video", "live"),
        help="MediaPipe running mode: video (every frame, in order, deterministic) or live (asynchronous, "
        "frames skipped while busy are counted); default live for a camera or --realtime, else video",
    )
    p.add_argument(
        "--max-side",
        metavar="N",
        type=int,
        default=DEFAULT_MAX_SIDE,
        help=f"downscale each image so its long side is at most N before inference (default {DEFAULT_MAX_SIDE}; "
        "0 = full size)",
    )
    p.add_argument(
        "--hands-every",
        metavar="K",
        type=int,
        default=DEFAULT_HANDS_EVERY,
        help=f"run the hand model on every K-th frame only (default {DEFAULT_HANDS_EVERY})",
    )
    p.add_argument(
        "--max-hands",
        metavar="N",
        type=int,
        default=2,
        help="hands to look for (default 2; 1 halves the hand model's cost while one hand is shown: with fewer "
        "hands in view than this, MediaPipe searches every hand frame for another)",
    )
    p.add_argument(
        "--mirrored",
        action="store_true",
        help="the source is already mirrored (a selfie view): swap MediaPipe's left/right hand labels",
    )
    p.add_argument(
        "--connect",
        metavar="EP",
        help=f"publish over ZeroMQ: a PUB socket connects to EP (default {DEFAULT_ENDPOINT} unless --record "
        "is given alone)",
    )
    p.add_argument("--record", metavar="FILE", help=f"write an {EXTENSION} recording of every message")
    p.add_argument("--note", default="", help="free text stored in the recording's metadata")
    p.add_argument("--max-frames", metavar="N", type=int, help="stop after N frames")
    p.add_argument("--face-model", metavar="PATH", help="face_landmarker.task (default: see avatar_tracker.models)")
    p.add_argument("--hand-model", metavar="PATH", help="hand_landmarker.task (default: see avatar_tracker.models)")
    p.add_argument("--pose-model-file", metavar="PATH", help="a pose .task file (overrides --pose-model's search)")
    p.add_argument("--source-id", metavar="ID", help="prefix of the FrameHeader source ids (default: the input's name)")
    p.add_argument("--fps", type=float, default=30.0, help="frame rate of an image folder (default 30)")
    p.add_argument(
        "--realtime",
        action="store_true",
        help="pace a video/image folder at its own frame rate; frames older than --max-lag-ms are dropped",
    )
    p.add_argument("--max-lag-ms", type=float, default=100.0, help="with --realtime (default 100)")
    p.add_argument(
        "--wait-ms",
        type=int,
        default=2000,
        help="how long to wait for the daemon's subscription before the first frame (default 2000)",
    )
    p.add_argument(
        "--exit-with-parent",
        action="store_true",
        help="stop when standard input closes: a supervising parent (avatard live) holds that pipe, so the "
        "tracker never outlives it, however the parent ends",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print only errors and the final summary")
    p.add_argument(
        "--mediapipe-logs", action="store_true", help="let MediaPipe's own (C++) log lines through to stderr"
    )
    return p


def _fail(msg: str, code: int) -> int:
    print(f"avatar_tracker: error: {msg}", file=sys.stderr)
    return code


class _NativeStderr:
    """Send what native code (MediaPipe's C++ logging, TFLite) writes to fd 2 into a temporary file.

    MediaPipe prints INFO/WARNING lines on every start (no GPU, XNNPACK, "feedback manager") that
    environment variables do not silence. Python's own stderr keeps pointing at the terminal; :meth:`tail`
    gives the last native lines for an error message.
    """

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.saved = None
        self.log = None

    def __enter__(self) -> "_NativeStderr":
        if not self.enabled:
            return self
        import tempfile

        try:
            sys.stderr.flush()
            self.log = tempfile.TemporaryFile(mode="w+b")
            self.saved = os.dup(2)
            os.dup2(self.log.fileno(), 2)
            sys.stderr = os.fdopen(os.dup(self.saved), "w", buffering=1)
        except OSError:  # no fd 2 to redirect: leave things alone
            self.enabled = False
        return self

    def tail(self, lines: int = 5) -> str:
        if self.log is None:
            return ""
        self.log.flush()
        self.log.seek(0)
        noise = ("All log messages before absl::InitializeLog()", "GPU suport is not available")
        text = [
            t for t in self.log.read().decode("utf-8", "replace").strip().splitlines() if not any(n in t for n in noise)
        ]
        return "\n".join(text[-lines:])

    def __exit__(self, *exc) -> None:
        if not self.enabled or self.saved is None:
            return
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        sys.stderr.close()
        sys.stderr = sys.__stderr__
        self.log.close()


def _exit_when_stdin_closes(grace_s: float = 2.0) -> None:
    """Interrupt the main thread (a normal Ctrl-C stop, summary printed) when standard input reaches its end;
    exit outright if that has not ended the process within ``grace_s``."""
    import _thread
    import threading

    def watch() -> None:
        # os.read on the descriptor, not sys.stdin.buffer: a daemon thread blocked inside the buffered reader
        # holds its lock, and the interpreter aborts at exit when the tracker ends on its own (a video's end)
        fd = sys.stdin.fileno()
        try:  # a parent may hand over a non-blocking pipe (tokio does): reads would fail at once
            os.set_blocking(fd, True)
        except (OSError, ValueError, AttributeError):
            pass
        while True:
            try:
                if not os.read(fd, 4096):
                    break
            except BlockingIOError:
                time.sleep(0.1)
            except (OSError, ValueError):
                break
        _thread.interrupt_main()
        time.sleep(grace_s)
        for stream in (sys.stdout, sys.stderr):  # what the stop printed so far is not lost
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    if not args.pose and not args.face and not args.hands:
        return _fail("nothing to do: pose, face and hands are all off (--no-pose, --no-face, --no-hands)", 2)
    if args.hands_every < 1:
        return _fail("--hands-every must be at least 1", 2)
    if args.max_hands not in (1, 2):
        return _fail(f"--max-hands must be 1 or 2, got {args.max_hands}", 2)
    if args.max_side < 0 or 0 < args.max_side < 32:
        return _fail("--max-side must be 0 (full size) or at least 32", 2)
    if args.max_frames is not None and args.max_frames < 1:
        return _fail("--max-frames must be at least 1", 2)
    if args.record and not args.record.endswith(EXTENSION):
        return _fail(f"--record FILE must end in {EXTENSION}: {args.record}", 2)
    endpoint = args.connect if args.connect or args.record else DEFAULT_ENDPOINT
    if args.exit_with_parent:
        _exit_when_stdin_closes()

    # Everything that can be checked without MediaPipe comes first: clear errors, fast.
    try:
        models = {
            "pose": find_pose_model(args.pose_model, args.pose_model_file) if args.pose else None,
            "face": find_face_model(args.face_model) if args.face else None,
            "hands": find_hand_model(args.hand_model) if args.hands else None,
        }
    except ModelNotFound as e:
        return _fail(str(e), 2)
    try:
        if args.video is not None:
            source = VideoSource(args.video)
            desc = f"video:{source.name}"
        elif args.camera is not None:
            source = CameraSource(args.camera)
            desc = f"camera:{args.camera}"
        else:
            source = ImageFolderSource(args.images, args.fps)
            desc = f"images:{source.name}"
    except SourceError as e:
        return _fail(str(e), 2)

    with _NativeStderr(not args.mediapipe_logs) as native:
        return _run(args, source, desc, endpoint, models, native)


def _run(args, source, desc, endpoint, models, native) -> int:
    from . import bridge
    from .trackers import FaceTracker, HandTracker, PoseTracker, TrackerError

    live = (args.running_mode or ("live" if args.camera is not None or args.realtime else "video")) == "live"
    publisher = recorder = pose = face = hands = None
    try:
        try:
            if endpoint:
                publisher = bridge.Publisher(endpoint)
            if args.record:
                recorder = RecordingWriter(args.record, source=desc, note=args.note)
            pose = PoseTracker(str(models["pose"]), live) if args.pose else None
            face = FaceTracker(str(models["face"]), live) if args.face else None
            hands = HandTracker(str(models["hands"]), live, max_hands=args.max_hands) if args.hands else None
        except bridge.PublishError as e:
            return _fail(str(e), 2)
        except TrackerError as e:
            detail = native.tail()
            return _fail(f"{e}" + (f"\nMediaPipe said:\n{detail}" if detail else ""), 1)
        except RecordingError as e:
            return _fail(str(e), 1)
        if publisher is not None:
            if not args.quiet:
                print(f"avatar_tracker: {desc} -> {endpoint}; waiting up to {args.wait_ms} ms for a subscriber")
            if not publisher.poll_subscriptions(args.wait_ms):
                print(
                    f"avatar_tracker: warning: nobody subscribed on {endpoint} yet (is avatard running?); "
                    "frames are counted as dropped until it does",
                    file=sys.stderr,
                )
        try:
            stats = bridge.run(
                source,
                pose=pose,
                face=face,
                hands=hands,
                publisher=publisher,
                recorder=recorder,
                source_id=args.source_id,
                max_frames=args.max_frames,
                realtime=args.realtime,
                max_lag_ms=args.max_lag_ms,
                max_side=args.max_side or None,
                hands_every=args.hands_every,
                mirrored=args.mirrored,
            )
        except SourceError as e:
            return _fail(str(e), 2)
        if recorder is not None:
            try:
                recorder.close()
            except RecordingError as e:
                return _fail(str(e), 1)
            if not args.quiet:
                print(f"avatar_tracker: wrote {recorder.count} messages to {args.record}")
        if stats.interrupted:  # Ctrl-C ends a camera session normally; the summary is still printed
            print("avatar_tracker: interrupted")
        print(stats.summary())
        if stats.frames - stats.unreadable == 0:
            return _fail("no frame could be decoded", 2)
        return 0
    finally:
        if recorder is not None:
            recorder.abort()  # no-op after close(); removes a half-written file after an error
        for t in (pose, face, hands):
            if t is not None:
                t.close()
        if publisher is not None:
            publisher.close()
        source.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
