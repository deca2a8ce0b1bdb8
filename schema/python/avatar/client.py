"""ZeroMQ clients of the avatar daemon.

The daemon has three sockets (default endpoints below):

* tracker input (the daemon binds a SUB): trackers publish ``[topic, flatbuffer]`` with topic ``b"pose"``,
  ``b"face"``, ``b"hand"``, ``b"rig"`` or ``b"audio"`` -- see :class:`TrackerPublisher`;
* state output (the daemon binds a PUB): ``[b"state/<avatar_id>/", flatbuffer]`` for every simulation tick
  -- see :class:`Subscriber`;
* control (the daemon binds a ROUTER): a DEALER sends ``[b"", ControlRequest]`` and gets back
  ``[b"", ControlResponse]`` with the same ``request_id`` -- see :class:`Control`.

Every flatbuffer is a root ``Message`` (see :mod:`avatar.messages`). Timeouts are in milliseconds; ``None``
waits forever.

Example::

    from avatar.client import Subscriber, Control

    with Control() as ctl:
        for info in ctl.list_avatars():
            print(info.avatar_id, info.num_p, info.num_z)
    with Subscriber(topic="state/default/") as sub:
        state = sub.recv(timeout_ms=1000)
        print(state.seq, len(state.z), sub.gaps)
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import math
import secrets
import socket
import time
from typing import Dict, List, Mapping, Optional, Tuple, Union

import zmq

from .messages import (
    DEFAULT_MAX_LEN,
    Ack,
    AssetChunk,
    AudioFrame,
    AvatarInfo,
    AvatarList,
    AvatarState,
    ControlRequest,
    ControlResponse,
    DecodeError,
    FaceFrame,
    FrameHeader,
    GetAsset,
    HandFrame,
    GetState,
    GetStats,
    ListAvatars,
    Message,
    NamedWeight,
    PoseFrame,
    Request,
    ResetAvatar,
    RigFrame,
    SetParams,
    Stats,
    Status,
    decode,
    encode,
)

__all__ = [
    "DEFAULT_INPUT_ENDPOINT",
    "DEFAULT_STATE_ENDPOINT",
    "DEFAULT_CONTROL_ENDPOINT",
    "Subscriber",
    "Control",
    "ControlError",
    "TrackerPublisher",
    "tracker_topic",
    "check_endpoint",
]

#: Where the daemon takes tracker frames (its SUB binds here).
DEFAULT_INPUT_ENDPOINT = "tcp://127.0.0.1:5560"
#: Where the daemon publishes avatar states (its PUB binds here).
DEFAULT_STATE_ENDPOINT = "tcp://127.0.0.1:5561"
#: Where the daemon answers control requests (its ROUTER binds here).
DEFAULT_CONTROL_ENDPOINT = "tcp://127.0.0.1:5562"


def check_endpoint(endpoint: str, *, resolve: bool = True) -> None:
    """Raise ValueError with a clear reason if ``endpoint`` cannot be connected to.

    ZeroMQ connects in the background, so a bad port or an unknown host would otherwise only show as
    silence. Checks the transport, the tcp port range and (if ``resolve``) that the tcp host resolves.
    """
    transport, sep, address = endpoint.partition("://")
    if not sep or not address:
        raise ValueError("not an endpoint like tcp://HOST:PORT or ipc:///PATH")
    if transport not in ("tcp", "ipc", "inproc", "ws", "wss", "pgm", "epgm", "vmci", "udp"):
        raise ValueError(f"unknown transport {transport!r}")
    if transport != "tcp":
        return
    host, sep, port = address.rpartition(":")
    host = host.rpartition(";")[2]  # tcp://SOURCE;HOST:PORT
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("expected tcp://HOST:PORT with a port in 1..65535")
    if resolve:
        try:
            socket.getaddrinfo(host.strip("[]"), int(port), type=socket.SOCK_STREAM)
        except OSError as e:
            raise ValueError(f"cannot resolve host {host!r}: {e}") from None


class _Deadline:
    """Remaining time of a timeout, for loops that wait several times."""

    def __init__(self, timeout_ms: Optional[float]):
        self.end = None if timeout_ms is None else time.monotonic() + timeout_ms / 1000.0

    def remaining_ms(self) -> Optional[int]:
        if self.end is None:
            return None
        return max(0, math.ceil((self.end - time.monotonic()) * 1000.0))


class _SocketOwner:
    """Context-manager plumbing shared by the clients."""

    socket: zmq.Socket

    def close(self) -> None:
        """Close the socket (pending outgoing messages get the socket's linger time)."""
        self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------------------
# States


class Subscriber(_SocketOwner):
    """SUB socket on the daemon's state output, decoding states and counting lost ones.

    ``topic`` is a prefix: ``"state/"`` for every avatar, ``"state/<avatar_id>/"`` for one.

    Counters (all cumulative), following schema/README.md section 6:

    * ``received`` -- valid states returned by :meth:`recv`;
    * ``gaps`` -- states missed between two consecutive states of an avatar (``seq - last_seq - 1`` when
      positive), wherever they were lost;
    * ``daemon_dropped`` -- the part of ``gaps`` that the daemon itself dropped (``dropped_before``);
    * ``transport_lost`` -- the rest of ``gaps``: lost after the daemon (high-water marks, network);
    * ``restarts`` -- times an avatar's ``run_id`` changed (or, for the same run, ``seq`` did not go up): the
      daemon restarted, and gap accounting starts again from that state;
    * ``rejected`` -- invalid messages by rejection reason (``"unexpected"`` for a valid non-state message).

    Invalid messages are counted and skipped by :meth:`recv`, or raised if ``raise_errors`` is true.
    """

    def __init__(
        self,
        endpoint: str = DEFAULT_STATE_ENDPOINT,
        topic: str = "state/",
        *,
        context: Optional[zmq.Context] = None,
        raise_errors: bool = False,
        rcvhwm: int = 1000,
    ):
        self.endpoint = endpoint
        self.raise_errors = raise_errors
        self.socket = (context or zmq.Context.instance()).socket(zmq.SUB)
        try:
            self.socket.setsockopt(zmq.LINGER, 0)
            self.socket.setsockopt(zmq.RCVHWM, rcvhwm)
            self.socket.setsockopt(zmq.SUBSCRIBE, topic.encode("utf-8"))
            self.socket.connect(endpoint)
        except zmq.ZMQError:
            self.socket.close()
            raise
        self.received = 0
        self.gaps = 0
        self.daemon_dropped = 0
        self.transport_lost = 0
        self.restarts = 0
        self.rejected: collections.Counter[str] = collections.Counter()
        self.last_seq: Dict[str, int] = {}
        self.last_run: Dict[str, int] = {}

    def subscribe(self, topic: str) -> None:
        """Also receive messages whose topic starts with ``topic``."""
        self.socket.setsockopt(zmq.SUBSCRIBE, topic.encode("utf-8"))

    def recv_message(self, timeout_ms: Optional[float] = None) -> Tuple[str, Message]:
        """The next message of any type, with its topic. Raises TimeoutError, or DecodeError if invalid.

        Does not update the counters.
        """
        if not self.socket.poll(_Deadline(timeout_ms).remaining_ms()):
            raise TimeoutError(f"no message from {self.endpoint} in {timeout_ms} ms")
        frames = self.socket.recv_multipart()
        topic = frames[0].decode("utf-8", "replace")
        if len(frames) != 2:
            raise DecodeError("malformed", f"expected 2 frames [topic, message], got {len(frames)}")
        return topic, decode(frames[1])

    def recv(self, timeout_ms: Optional[float] = None) -> AvatarState:
        """The next valid avatar state; raises TimeoutError if none arrives in time."""
        deadline = _Deadline(timeout_ms)
        while True:
            try:
                _, msg = self.recv_message(deadline.remaining_ms())
            except DecodeError as e:
                self.rejected[e.reason] += 1
                if self.raise_errors:
                    raise
                continue
            except TimeoutError:
                raise TimeoutError(f"no state from {self.endpoint} in {timeout_ms} ms") from None
            if not isinstance(msg, AvatarState):
                self.rejected["unexpected"] += 1
                if self.raise_errors:
                    raise DecodeError("unexpected", f"a {type(msg).__name__} on the state socket")
                continue
            self._track(msg)
            return msg

    def _track(self, state: AvatarState) -> None:
        self.received += 1
        last = self.last_seq.get(state.avatar_id)
        same_run = self.last_run.get(state.avatar_id) == state.run_id
        if last is not None:
            if not same_run or state.seq <= last:
                self.restarts += 1
            else:
                missing = state.seq - last - 1
                in_daemon = min(missing, state.dropped_before)
                self.gaps += missing
                self.daemon_dropped += in_daemon
                self.transport_lost += missing - in_daemon
        self.last_seq[state.avatar_id] = state.seq
        self.last_run[state.avatar_id] = state.run_id


# ---------------------------------------------------------------------------------------------------------
# Control


class ControlError(RuntimeError):
    """The daemon refused a request (``status`` != Ok), or answered with an unexpected body."""

    def __init__(self, status: Status, error: str):
        super().__init__(f"{Status(status).name}: {error}")
        self.status = Status(status)
        self.error = error


class Control(_SocketOwner):
    """DEALER socket on the daemon's control ROUTER.

    :meth:`request` sends ``[b"", request]`` and waits for the response with the same ``request_id``
    (the body is the last frame of the reply; responses to earlier, timed-out requests are discarded). A
    ``BadRequest`` with ``request_id`` 0 is the daemon's answer to a request it could not decode, and is
    returned too. The helpers raise :class:`ControlError` unless the status is Ok.
    """

    def __init__(
        self,
        endpoint: str = DEFAULT_CONTROL_ENDPOINT,
        *,
        context: Optional[zmq.Context] = None,
        timeout_ms: Optional[float] = 5000,
    ):
        self.endpoint = endpoint
        self.timeout_ms = timeout_ms
        self.socket = (context or zmq.Context.instance()).socket(zmq.DEALER)
        try:
            self.socket.setsockopt(zmq.LINGER, 0)
            self.socket.connect(endpoint)
        except zmq.ZMQError:
            self.socket.close()
            raise
        self._ids = itertools.count(1)

    def request(
        self, req: Union[ControlRequest, Request], timeout_ms: Optional[float] = None
    ) -> ControlResponse:
        """Send ``req`` (a ControlRequest, or a request body that gets the next request_id) and return the
        response, whatever its status. Raises TimeoutError (default timeout: the constructor's)."""
        if not isinstance(req, ControlRequest):
            req = ControlRequest(next(self._ids), req)
        deadline = _Deadline(self.timeout_ms if timeout_ms is None else timeout_ms)
        self.socket.send_multipart([b"", encode(req)])
        while True:
            if not self.socket.poll(deadline.remaining_ms()):
                raise TimeoutError(f"no response from {self.endpoint} to request {req.request_id}")
            msg = decode(self.socket.recv_multipart()[-1])
            if not isinstance(msg, ControlResponse):
                continue
            if msg.request_id == req.request_id or (msg.request_id == 0 and msg.status == Status.BadRequest):
                return msg

    def _call(self, body: Request, expected: type, timeout_ms: Optional[float]):
        resp = self.request(body, timeout_ms)
        if resp.status != Status.Ok:
            raise ControlError(resp.status, resp.error or "")
        if not isinstance(resp.response, expected):
            got = type(resp.response).__name__
            raise ControlError(Status.Internal, f"expected a {expected.__name__} response, got {got}")
        return resp.response

    def list_avatars(self, timeout_ms: Optional[float] = None) -> List[AvatarInfo]:
        """The avatars the daemon simulates."""
        return self._call(ListAvatars(), AvatarList, timeout_ms).avatars

    def get_state(self, avatar_id: str, timeout_ms: Optional[float] = None) -> AvatarState:
        """The latest published state of an avatar (for late joiners)."""
        return self._call(GetState(avatar_id), AvatarState, timeout_ms)

    def get_stats(self, timeout_ms: Optional[float] = None) -> Stats:
        """The daemon's counters and histograms."""
        return self._call(GetStats(), Stats, timeout_ms)

    def reset(self, avatar_id: str = "*", timeout_ms: Optional[float] = None) -> None:
        """Reset an avatar's simulation ("*" = every avatar)."""
        self._call(ResetAvatar(avatar_id), Ack, timeout_ms)

    def set_params(
        self, avatar_id: str, params: Mapping[str, float], timeout_ms: Optional[float] = None
    ) -> None:
        """Set parameters by name (all-or-nothing: InvalidParam changes nothing); "*" = every avatar."""
        weights = [NamedWeight(name, float(value)) for name, value in params.items()]
        self._call(SetParams(avatar_id, weights), Ack, timeout_ms)

    def get_asset(
        self,
        avatar_id: str,
        chunk_size: int = DEFAULT_MAX_LEN,
        timeout_ms: Optional[float] = None,
        attempts: int = 3,
    ) -> bytes:
        """The whole asset file of an avatar, read in chunks of at most ``chunk_size`` bytes.

        If the asset changes while it is being read (its hash or length changes), reading starts again
        from offset 0, up to ``attempts`` times in all; then ControlError.
        """
        for _ in range(attempts):
            data = self._read_asset(avatar_id, chunk_size, timeout_ms)
            if data is not None:
                return data
        raise ControlError(Status.Internal, f"asset of {avatar_id!r} kept changing while being read")

    def _read_asset(self, avatar_id: str, chunk_size: int, timeout_ms: Optional[float]) -> Optional[bytes]:
        """One pass over the asset; None if it changed meanwhile."""
        parts: List[bytes] = []
        offset = 0
        first: Optional[AssetChunk] = None
        while True:
            chunk: AssetChunk = self._call(GetAsset(avatar_id, offset, chunk_size), AssetChunk, timeout_ms)
            if first is None:
                first = chunk
            elif (chunk.asset_hash, chunk.total_len) != (first.asset_hash, first.total_len):
                return None
            if chunk.offset != offset:
                raise ControlError(
                    Status.Internal, f"asked for offset {offset}, got a chunk at {chunk.offset}"
                )
            parts.append(chunk.data)
            offset += len(chunk.data)
            if offset >= chunk.total_len:
                break
            if not chunk.data:
                raise ControlError(Status.Internal, f"empty chunk at offset {offset} of {chunk.total_len}")
        data = b"".join(parts)
        if len(data) != first.total_len:
            raise ControlError(Status.Internal, f"read {len(data)} bytes, the asset has {first.total_len}")
        return data


# ---------------------------------------------------------------------------------------------------------
# Tracker input

_TRACKER_TOPICS = {
    PoseFrame: b"pose",
    FaceFrame: b"face",
    RigFrame: b"rig",
    HandFrame: b"hand",
    AudioFrame: b"audio",
}


def tracker_topic(msg: Message) -> bytes:
    """The input topic of a tracker frame: b"pose", b"face", b"hand", b"rig" or b"audio"."""
    try:
        return _TRACKER_TOPICS[type(msg)]
    except KeyError:
        raise TypeError(f"not a tracker frame: {type(msg).__name__}") from None


class TrackerPublisher(_SocketOwner):
    """Publisher socket that connects to the daemon's tracker input.

    Each instance is one tracker stream: a random 64-bit ``stream_id`` and a ``seq`` that
    :meth:`next_header` increments. The socket is an XPUB (a PUB that also reports subscriptions), so that
    :meth:`wait_subscribed` can tell when the daemon listens: frames sent before that are dropped by ZeroMQ.
    """

    def __init__(
        self,
        endpoint: str = DEFAULT_INPUT_ENDPOINT,
        source_id: str = "python/tracker",
        *,
        context: Optional[zmq.Context] = None,
        stream_id: Optional[int] = None,
        linger_ms: int = 1000,
    ):
        self.endpoint = endpoint
        self.source_id = source_id
        self.stream_id = secrets.randbits(64) if stream_id is None else stream_id
        self.seq = 0
        self.subscribed = False
        self.socket = (context or zmq.Context.instance()).socket(zmq.XPUB)
        try:
            self.socket.setsockopt(zmq.LINGER, linger_ms)
            self.socket.connect(endpoint)
        except zmq.ZMQError:
            self.socket.close()
            raise

    def next_header(self, capture_time_ns: Optional[int] = None) -> FrameHeader:
        """A header for the next frame of this stream: seq + 1, send time now, capture time now by default."""
        self.seq += 1
        now = time.time_ns()
        return FrameHeader(
            source_id=self.source_id,
            stream_id=self.stream_id,
            seq=self.seq,
            capture_time_ns=now if capture_time_ns is None else capture_time_ns,
            send_time_ns=now,
        )

    def wait_subscribed(self, timeout_ms: Optional[float] = None) -> bool:
        """Wait until the daemon has subscribed (true), or the timeout passed (false)."""
        deadline = _Deadline(timeout_ms)
        while not self.subscribed:
            if not self.socket.poll(deadline.remaining_ms()):
                return False
            event = self.socket.recv()
            if event[:1] == b"\x01":
                self.subscribed = True
        return True

    def send(
        self,
        msg: Union[PoseFrame, FaceFrame, RigFrame, HandFrame, AudioFrame],
        *,
        stamp_send_time: bool = False,
    ) -> None:
        """Publish one tracker frame under its topic; optionally set its send_time_ns to now first."""
        topic = tracker_topic(msg)
        if stamp_send_time:
            msg = dataclasses.replace(
                msg, header=dataclasses.replace(msg.header, send_time_ns=time.time_ns())
            )
        self.socket.send_multipart([topic, encode(msg)])

    def send_raw(self, topic: bytes, payload: bytes) -> None:
        """Publish arbitrary bytes (for fault injection)."""
        self.socket.send_multipart([topic, payload])
