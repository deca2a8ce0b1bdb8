"""The bridge loop: frames from a source -> MediaPipe -> PoseFrame/FaceFrame/HandFrame -> ZeroMQ and/or a recording."""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

from avatar.messages import FrameHeader, Handedness, encode

from .recording import RecordingWriter
from .sources import Frame, Source

TOPIC_POSE = b"pose"
TOPIC_FACE = b"face"
TOPIC_HAND = b"hand"
MAX_ID_BYTES = 256


class PublishError(Exception):
    """The ZeroMQ endpoint is invalid or cannot be connected."""


class Publisher:
    """An XPUB socket that CONNECTs to the daemon's tracker input (schema/README.md §1).

    XPUB (a PUB that reports subscriptions) so the bridge knows whether anyone listens; ZeroMQ silently
    discards what a PUB sends before the subscriber's subscription arrived, and those frames are counted as
    dropped. ``XPUB_NODROP`` + non-blocking sends make a full send queue visible as dropped frames too,
    instead of blocking the capture loop.
    """

    def __init__(self, endpoint: str, linger_ms: int = 2000, sndhwm: int = 1000):
        import zmq

        self._zmq = zmq
        self.endpoint = endpoint
        self.subscribed = False
        self.ctx = zmq.Context.instance()
        self.socket = self.ctx.socket(zmq.XPUB)
        try:
            self.socket.setsockopt(zmq.LINGER, linger_ms)
            self.socket.setsockopt(zmq.SNDHWM, sndhwm)
            self.socket.setsockopt(zmq.XPUB_NODROP, 1)
            self.socket.connect(endpoint)
        except zmq.ZMQError as e:
            self.socket.close(0)
            raise PublishError(f"cannot connect to {endpoint}: {e}") from None

    def poll_subscriptions(self, timeout_ms: float = 0) -> bool:
        zmq = self._zmq
        deadline = time.monotonic() + timeout_ms / 1000.0
        while not self.subscribed:
            left = max(0, int((deadline - time.monotonic()) * 1000))
            if not self.socket.poll(left, zmq.POLLIN):
                break
            if self.socket.recv()[:1] == b"\x01":
                self.subscribed = True
        return self.subscribed

    def send(self, topic: bytes, body: bytes) -> bool:
        """Queue one message; False if it was dropped (nobody subscribed yet, or the queue is full)."""
        if not self.poll_subscriptions(0):
            return False
        try:
            self.socket.send_multipart([topic, body], flags=self._zmq.NOBLOCK)
            return True
        except self._zmq.Again:
            return False

    def close(self) -> None:
        self.socket.close()


@dataclass
class StreamStats:
    name: str
    sent: int = 0
    recorded: int = 0
    dropped: int = 0  # not delivered to ZeroMQ (no subscriber yet / queue full)
    not_found: int = 0  # MediaPipe found no person / face / hand in the frame
    failed: int = 0  # MediaPipe raised or returned invalid values
    busy: int = 0  # live mode: frames handed to MediaPipe that it skipped (busy) -- no result came back in time
    # live mode: results that match no frame still waiting: late (after a newer frame's: that frame is counted
    # busy), repeated, or MediaPipe's own placeholders (the Face Landmarker emits an empty result stamped just
    # before the next frame when it skips one). Discarded; the frames are all counted elsewhere.
    late: int = 0
    runs: int = 0  # frames handed to this model
    infer_ms: List[float] = field(default_factory=list)  # video: detect time; live: submit -> result
    hands: Dict[str, int] = field(default_factory=dict)  # hands: messages per hand, "corrected" (see trackers)
    capture_to_sent_ms: List[float] = field(default_factory=list)  # this stream's messages

    def line(self) -> str:
        inf = f"{sum(self.infer_ms) / len(self.infer_ms):.1f} ms" if self.infer_ms else "n/a"
        lat = ""
        if self.capture_to_sent_ms:
            s = sorted(self.capture_to_sent_ms)
            lat = f"; capture->sent p50 {_quantile(s, 0.5):.1f} / p95 {_quantile(s, 0.95):.1f} ms"
        extra = ""
        if self.hands:
            extra = "; " + ", ".join(f"{k} {v}" for k, v in sorted(self.hands.items()))
        return (
            f"{self.name}: sent {self.sent}, recorded {self.recorded}, dropped {self.dropped}, "
            f"not found {self.not_found}, failed {self.failed}, skipped busy {self.busy} of {self.runs} run"
            + (f" ({self.late} unmatched results discarded)" if self.late else "")
            + f"{extra}; MediaPipe {inf}/frame{lat}"
        )


def _quantile(s: List[float], f: float) -> float:
    """The f-quantile of the sorted values s (nearest rank)."""
    return s[min(len(s) - 1, int(f * (len(s) - 1) + 0.5))]


@dataclass
class RunStats:
    frames: int = 0  # frames taken from the source
    interrupted: bool = False  # stopped by Ctrl-C
    skipped: int = 0  # --realtime: frames dropped because the bridge was behind real time (as a camera would)
    unreadable: int = 0  # frames the source could not decode
    elapsed_s: float = 0.0
    live: bool = False  # LIVE_STREAM running mode
    capture_to_sent_ms: List[float] = field(default_factory=list)  # per message
    read_to_sent_ms: List[float] = field(default_factory=list)  # per message: our own processing time
    streams: dict = field(default_factory=dict)

    @property
    def processed(self) -> int:
        """Frames that went through MediaPipe (handed to it, in live mode)."""
        return self.frames - self.unreadable - self.skipped

    @property
    def fps(self) -> float:
        """Processed frames per second of wall time."""
        return self.processed / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def summary(self) -> str:
        def pct(v: List[float]) -> str:
            if not v:
                return "n/a"
            s = sorted(v)
            q = lambda f: _quantile(s, f)  # noqa: E731
            return f"mean {sum(s) / len(s):.1f} / p50 {q(0.5):.1f} / p95 {q(0.95):.1f} / max {s[-1]:.1f} ms"

        lines = [
            f"frames: {self.processed} processed in {self.elapsed_s:.2f} s = {self.fps:.1f} frames/s"
            f" ({self.frames} read, {self.unreadable} unreadable, {self.skipped} dropped behind real time)"
            f" [{'live' if self.live else 'video'} mode]",
            f"latency capture->sent: {pct(self.capture_to_sent_ms)}",
            f"latency read->sent (decode excluded): {pct(self.read_to_sent_ms)}",
        ]
        lines += [st.line() for st in self.streams.values()]
        return "\n".join(lines)


def _id(prefix: str, suffix: str) -> str:
    sid = f"{prefix}/{suffix}"
    raw = sid.encode("utf-8")
    if len(raw) > MAX_ID_BYTES:
        keep = MAX_ID_BYTES - len(suffix) - 1
        sid = prefix.encode("utf-8")[:keep].decode("utf-8", "ignore") + "/" + suffix
    return sid


class _Out:
    """One output stream: its source id, random stream id and topic."""

    def __init__(self, topic: bytes, source_id: str):
        self.topic = topic
        self.source_id = source_id
        self.stream_id = secrets.randbits(64)

    def header(self, frame: Frame) -> FrameHeader:
        return FrameHeader(self.source_id, self.stream_id, frame.index + 1, frame.capture_time_ns, 0)


@dataclass
class _Job:
    frame: Frame
    width: int  # the source image's size (landmarks are normalized, so the same for the downscaled image)
    height: int
    submitted: float  # perf_counter at submit / detect


def downscale(image, max_side: Optional[int]):
    """``image`` resized (INTER_AREA) so that its long side is at most ``max_side``; itself if already so."""
    if not max_side:
        return image
    h, w = image.shape[:2]
    if max(h, w) <= max_side:
        return image
    from .sources import _cv2

    s = max_side / max(h, w)
    return _cv2().resize(image, (max(1, round(w * s)), max(1, round(h * s))), interpolation=_cv2().INTER_AREA)


class _Bridge:
    """The state shared by the capture loop and (live mode) MediaPipe's result callbacks."""

    POSE_MAX_AGE_MS = 100  # a pose at most this old may settle a hand's handedness (live mode / interleaving)

    def __init__(self, prefix, pose, face, hands, publisher, recorder, on_message, mirrored, stats: RunStats):
        self.lock = threading.Lock()
        self.publisher, self.recorder, self.on_message = publisher, recorder, on_message
        self.mirrored = mirrored
        self.stats = stats
        self.models = []  # (name, tracker, kind)
        self.outs: Dict[str, _Out] = {}
        if pose is not None:
            self.models.append(("pose", pose))
            self.outs["pose"] = _Out(TOPIC_POSE, _id(prefix, "pose"))
        if face is not None:
            self.models.append(("face", face))
            self.outs["face"] = _Out(TOPIC_FACE, _id(prefix, "face"))
        if hands is not None:
            self.models.append(("hands", hands))
            self.outs[Handedness.Left.name] = _Out(TOPIC_HAND, _id(prefix, "hand_left"))
            self.outs[Handedness.Right.name] = _Out(TOPIC_HAND, _id(prefix, "hand_right"))
        for name, _ in self.models:
            stats.streams[name] = StreamStats(name)
        self.pending: Dict[str, deque] = {name: deque() for name, _ in self.models}
        self.last_t: Dict[str, int] = {name: -1 for name, _ in self.models}  # live: newest result's t_ms
        self.last_pose = None  # (t_ms, PoseWrists or None)
        self.finished = False

    # -- results (either mode) ------------------------------------------------------------------------------

    def handle(self, name: str, result, job: _Job) -> None:
        """Convert one MediaPipe result and emit its messages. Called with the lock held."""
        from .trackers import FaceTracker, HandTracker, PoseTracker, pose_wrists

        st = self.stats.streams[name]
        st.infer_ms.append((time.perf_counter() - job.submitted) * 1000)
        f = job.frame
        try:
            if name == "pose":
                msg = PoseTracker.to_message(result, self.outs["pose"].header(f), job.width, job.height)
                self.last_pose = (f.t_ms, pose_wrists(msg) if msg is not None else None)
                msgs = [(self.outs["pose"], msg)] if msg is not None else []
            elif name == "face":
                msg = FaceTracker.to_message(result, self.outs["face"].header(f), job.width, job.height)
                msgs = [(self.outs["face"], msg)] if msg is not None else []
            else:
                wrists = None
                if self.last_pose is not None and abs(self.last_pose[0] - f.t_ms) <= self.POSE_MAX_AGE_MS:
                    wrists = self.last_pose[1]
                frames, bad, corrected = HandTracker.to_messages(
                    result, lambda h: self.outs[h.name].header(f), job.width, job.height, wrists, self.mirrored
                )
                st.failed += bad
                if corrected:
                    st.hands["handedness corrected"] = st.hands.get("handedness corrected", 0) + corrected
                msgs, seen = [], set()
                for m in frames:
                    if m.handedness in seen:  # cannot happen (assign_handedness pairs them); never send twice
                        st.failed += 1
                        continue
                    seen.add(m.handedness)
                    msgs.append((self.outs[m.handedness.name], m))
                if not frames and bad:
                    return
        except Exception:  # one bad result must not stop a live tracker; counted and reported
            st.failed += 1
            return
        if not msgs:
            st.not_found += 1
            return
        for out, msg in msgs:
            if name == "hands":
                key = msg.handedness.name.lower()
                st.hands[key] = st.hands.get(key, 0) + 1
            self.emit(out, st, msg, f)

    def emit(self, out: _Out, st: StreamStats, msg, frame: Frame) -> None:
        msg.header.send_time_ns = time.time_ns()
        body = encode(msg)
        if self.on_message is not None:
            self.on_message(msg)
        delivered = False
        if self.publisher is not None:
            if self.publisher.send(out.topic, body):
                st.sent += 1
                delivered = True
            else:
                st.dropped += 1
        if self.recorder is not None:
            self.recorder.write(body, frame.capture_time_ns)
            st.recorded += 1
            delivered = True
        if delivered:
            done = time.time_ns()
            self.stats.capture_to_sent_ms.append((done - frame.capture_time_ns) / 1e6)
            st.capture_to_sent_ms.append((done - frame.capture_time_ns) / 1e6)
            self.stats.read_to_sent_ms.append((done - frame.read_ns) / 1e6)

    # -- live mode -------------------------------------------------------------------------------------------

    def callback(self, name: str) -> Callable:
        def on_result(result, t_ms: int) -> None:
            with self.lock:
                if self.finished:  # its frame was already counted as skipped when the run ended
                    return
                st = self.stats.streams[name]
                q = self.pending[name]
                if t_ms <= self.last_t[name]:
                    # a result overtaken by a newer frame's (that frame was counted as skipped, busy, when the newer
                    # result came, and newer messages were sent already: seq must not go back), or the same
                    # result a second time (MediaPipe's Face Landmarker repeats one after skipping a frame)
                    st.late += 1
                    return
                self.last_t[name] = t_ms
                while q and q[0][0] < t_ms:  # no result before this one: MediaPipe skipped those frames
                    q.popleft()
                    st.busy += 1
                if not q or q[0][0] != t_ms:
                    st.late += 1  # not one of our frames' (see StreamStats.late)
                    return
                _, job = q.popleft()
                try:
                    self.handle(name, result, job)
                except Exception:  # never raise into MediaPipe's thread
                    st.failed += 1

        return on_result

    def drain(self, timeout_s: float) -> None:
        """Wait for the results still due; what has not come by then counts as skipped (busy)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self.lock:
                if not any(self.pending.values()):
                    break
            time.sleep(0.005)
        with self.lock:
            self.finished = True
            for name, q in self.pending.items():
                self.stats.streams[name].busy += len(q)
                q.clear()


def run(
    source: Source,
    pose=None,
    face=None,
    hands=None,
    publisher: Optional[Publisher] = None,
    recorder: Optional[RecordingWriter] = None,
    source_id: Optional[str] = None,
    max_frames: Optional[int] = None,
    realtime: bool = False,
    max_lag_ms: float = 100.0,
    on_message: Optional[Callable] = None,
    max_side: Optional[int] = None,
    hands_every: int = 1,
    mirrored: bool = False,
    drain_s: float = 5.0,
) -> RunStats:
    """Process the source until it ends (or ``max_frames``); returns the statistics.

    ``pose``/``face``/``hands`` are trackers (:mod:`avatar_tracker.trackers`), all in VIDEO mode (each frame
    goes through each model in turn, results in order: pose, face, hands) or all in LIVE_STREAM mode (frames
    are handed over with ``detect_async`` and the messages are sent from MediaPipe's result callbacks, under
    a lock; frames MediaPipe skips while busy are counted per model as "skipped busy").

    With ``realtime`` a file is paced at its own timing (sleep until each frame's capture time) and a frame
    that is already more than ``max_lag_ms`` old when its turn comes is dropped, as a live camera would.
    ``max_side`` downscales each image (long side) before inference; the messages keep the source's size.
    ``hands_every`` K runs the hand model on every K-th processed frame only; in live mode a due hand run waits
    for the next frame while the pose model is still busy with an earlier frame (pose first; "postponed").
    ``seq`` of each stream is the frame index + 1, so frames without a detection leave gaps (allowed).
    ``on_message(msg)`` is called with every message built (for tests / tools).
    """
    from .trackers import to_mp_image

    trackers = [t for t in (pose, face, hands) if t is not None]
    live = bool(trackers) and trackers[0].live
    if any(t.live != live for t in trackers):
        raise ValueError("pose, face and hands must all use the same running mode")
    if hands_every < 1:
        raise ValueError("hands_every must be at least 1")
    stats = RunStats(live=live)
    b = _Bridge(source_id or source.name, pose, face, hands, publisher, recorder, on_message, mirrored, stats)
    if live:
        for name, t in b.models:
            t.on_result = b.callback(name)
    processed = 0
    since_hands = hands_every  # frames since the hand model last ran (so it runs on the first frame)
    t0 = time.monotonic()
    try:
        for frame in source.frames():
            if max_frames is not None and stats.frames >= max_frames:
                break
            stats.frames += 1
            if frame.image is None:
                stats.unreadable += 1
                continue
            if realtime:
                wait = (frame.capture_time_ns - time.time_ns()) / 1e9
                if wait > 0:
                    time.sleep(wait)
                    frame = dataclasses.replace(frame, read_ns=time.time_ns())
                elif -wait * 1000 > max_lag_ms:
                    stats.skipped += 1
                    continue
            h, w = frame.image.shape[:2]
            image = to_mp_image(downscale(frame.image, max_side))
            for name, tracker in b.models:
                if name == "hands":
                    since_hands += 1
                    if since_hands < hands_every:
                        continue
                    if live and pose is not None:
                        with b.lock:
                            pose_behind = len(b.pending["pose"]) > 1  # still busy with an earlier frame
                        if pose_behind:  # pose first: the hands wait for the next frame (counted as postponed)
                            hs = stats.streams["hands"].hands
                            hs["postponed"] = hs.get("postponed", 0) + 1
                            continue
                    since_hands = 0
                st = stats.streams[name]
                st.runs += 1
                job = _Job(frame, w, h, time.perf_counter())
                if live:
                    with b.lock:
                        b.pending[name].append((frame.t_ms, job))
                    try:
                        tracker.submit(image, frame.t_ms)
                    except Exception:
                        with b.lock:
                            if b.pending[name] and b.pending[name][-1][1] is job:
                                b.pending[name].pop()
                            st.failed += 1
                    continue
                try:
                    result = tracker.detect(image, frame.t_ms)
                except Exception:  # one bad frame must not stop a live tracker; counted and reported
                    st.failed += 1
                    st.infer_ms.append((time.perf_counter() - job.submitted) * 1000)
                    continue
                with b.lock:
                    b.handle(name, result, job)
            processed += 1
    except KeyboardInterrupt:
        stats.interrupted = True
    finally:
        if live:
            b.drain(drain_s)
        stats.elapsed_s = time.monotonic() - t0
    return stats
