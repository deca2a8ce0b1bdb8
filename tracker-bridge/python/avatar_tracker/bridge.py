"""The bridge loop: frames from a source -> MediaPipe -> PoseFrame/FaceFrame -> ZeroMQ and/or a recording."""

from __future__ import annotations

import dataclasses
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional

from avatar.messages import FrameHeader, encode

from .recording import RecordingWriter
from .sources import Frame, Source

TOPIC_POSE = b"pose"
TOPIC_FACE = b"face"
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
    not_found: int = 0  # MediaPipe found no person / face in the frame
    failed: int = 0  # MediaPipe raised or returned invalid values
    infer_ms: List[float] = field(default_factory=list)


@dataclass
class RunStats:
    frames: int = 0  # frames taken from the source
    interrupted: bool = False  # stopped by Ctrl-C
    skipped: int = 0  # --realtime: frames dropped because the bridge was behind real time (as a camera would)
    unreadable: int = 0  # frames the source could not decode
    elapsed_s: float = 0.0
    capture_to_sent_ms: List[float] = field(default_factory=list)  # per message
    read_to_sent_ms: List[float] = field(default_factory=list)  # per message: our own processing time
    streams: dict = field(default_factory=dict)

    @property
    def processed(self) -> int:
        """Frames that went through MediaPipe."""
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
            q = lambda f: s[min(len(s) - 1, int(f * (len(s) - 1) + 0.5))]  # noqa: E731
            return f"mean {sum(s) / len(s):.1f} / p50 {q(0.5):.1f} / p95 {q(0.95):.1f} / max {s[-1]:.1f} ms"

        lines = [
            f"frames: {self.processed} processed in {self.elapsed_s:.2f} s = {self.fps:.1f} frames/s"
            f" ({self.frames} read, {self.unreadable} unreadable, {self.skipped} dropped behind real time)",
            f"latency capture->sent: {pct(self.capture_to_sent_ms)}",
            f"latency read->sent (decode excluded): {pct(self.read_to_sent_ms)}",
        ]
        for st in self.streams.values():
            inf = f"{sum(st.infer_ms) / len(st.infer_ms):.1f} ms" if st.infer_ms else "n/a"
            lines.append(
                f"{st.name}: sent {st.sent}, recorded {st.recorded}, dropped {st.dropped}, "
                f"not found {st.not_found}, failed {st.failed}; MediaPipe {inf}/frame"
            )
        return "\n".join(lines)


def _id(prefix: str, suffix: str) -> str:
    sid = f"{prefix}/{suffix}"
    raw = sid.encode("utf-8")
    if len(raw) > MAX_ID_BYTES:
        keep = MAX_ID_BYTES - len(suffix) - 1
        sid = prefix.encode("utf-8")[:keep].decode("utf-8", "ignore") + "/" + suffix
    return sid


class _Stream:
    def __init__(self, name: str, topic: bytes, source_id: str, process: Callable):
        self.topic = topic
        self.source_id = source_id
        self.stream_id = secrets.randbits(64)
        self.process = process
        self.last_seq = 0
        self.stats = StreamStats(name)


def run(
    source: Source,
    pose=None,
    face=None,
    publisher: Optional[Publisher] = None,
    recorder: Optional[RecordingWriter] = None,
    source_id: Optional[str] = None,
    max_frames: Optional[int] = None,
    realtime: bool = False,
    max_lag_ms: float = 100.0,
    on_message: Optional[Callable] = None,
) -> RunStats:
    """Process the source until it ends (or ``max_frames``); returns the statistics.

    With ``realtime`` a file is paced at its own timing (sleep until each frame's capture time) and a frame
    that is already more than ``max_lag_ms`` old when its turn comes is dropped, as a live camera would.
    ``seq`` of each stream is the frame index + 1, so frames without a detection leave gaps (allowed).
    ``on_message(msg)`` is called with every message built (for tests / tools).
    """
    prefix = source_id or source.name
    streams: List[_Stream] = []
    if pose is not None:
        streams.append(_Stream("pose", TOPIC_POSE, _id(prefix, "pose"), lambda f, h: pose.process(f.image, h)))
    if face is not None:
        streams.append(
            _Stream("face", TOPIC_FACE, _id(prefix, "face"), lambda f, h: face.process(f.image, f.t_ms, h))
        )
    stats = RunStats(streams={s.stats.name: s.stats for s in streams})
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
            for s in streams:
                _process(frame, s, stats, publisher, recorder, on_message)
    except KeyboardInterrupt:
        stats.interrupted = True
    finally:
        stats.elapsed_s = time.monotonic() - t0
    return stats


def _process(frame: Frame, s: _Stream, stats: RunStats, publisher, recorder, on_message) -> None:
    st = s.stats
    header = FrameHeader(s.source_id, s.stream_id, frame.index + 1, frame.capture_time_ns, 0)
    t = time.perf_counter()
    try:
        msg = s.process(frame, header)
    except Exception:  # one bad frame must not stop a live tracker; counted and reported
        st.failed += 1
        return
    finally:
        st.infer_ms.append((time.perf_counter() - t) * 1000)
    if msg is None:
        st.not_found += 1
        return
    msg.header.send_time_ns = time.time_ns()
    body = encode(msg)
    if on_message is not None:
        on_message(msg)
    delivered = False
    if publisher is not None:
        if publisher.send(s.topic, body):
            st.sent += 1
            delivered = True
        else:
            st.dropped += 1
    if recorder is not None:
        recorder.write(body, frame.capture_time_ns)
        st.recorded += 1
        delivered = True
    if delivered:
        done = time.time_ns()
        stats.capture_to_sent_ms.append((done - frame.capture_time_ns) / 1e6)
        stats.read_to_sent_ms.append((done - frame.read_ns) / 1e6)
