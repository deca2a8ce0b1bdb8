#!/usr/bin/env python3
"""The Python peer of the cross-process tests: publishes, subscribes and requests like a real client would.

The Rust tests (crate ``tests``) spawn this script and talk to it over stdout/stdin. Every line is flushed
as soon as it is written. Exit status 0 means success; anything else comes with a message on stderr
(2: bad arguments or endpoint, 3: nothing received before the timeout, 1: any other failure).

Subcommands (``peer.py COMMAND --help`` for all options):

  sub --connect EP [--topic PREFIX] [--count N] [--timeout S] [--stall]
      SUB socket. Prints READY, then one JSON line per message:
      {"topic": "...", "message": <canonical JSON>}, or if decoding failed
      {"topic": "...", "error": {"reason": ..., "detail": ...}}.
      Stops after N messages or S seconds (default 10) without one; exit 3 if none arrived.
      --stall: a subscriber that stops reading: after READY, nothing is taken from the socket (receive queue of
      one message, so the TCP connection backs up at once) until a line RESUME (or EOF) on stdin. The same on
      every OS, where a stopped process (SIGSTOP) is Unix-only.
  pub (--bind EP | --connect EP) --messages FILE.json [--topic T] [--interval-ms 20] [--repeat N] [--restamp]
      Publishes the canonical-JSON messages of FILE (a list; "-" = stdin) as [topic, flatbuffer], cycling N
      times (default: until killed). Default topic: pose/face/rig for tracker frames, state/<avatar_id>/ for
      states, misc otherwise. Prints READY once bound/connected (bound: "READY <endpoint>", see below).
      --restamp numbers each tracker stream and each avatar's states 1, 2, 3, ... and sets their times to now
      as they are sent.
  raw-pub (--bind EP | --connect EP) --topic T --hex HEX [HEX ...] [--interval-ms 20] [--repeat N]
      Publishes raw payloads (fault injection). Prints READY (bound: "READY <endpoint>").
  tracker --connect EP [--rate HZ] [--count N] [--source ID]
      Synthetic MediaPipe pose stream (33 landmarks, waving left arm) with a fresh stream_id, seq 1, 2, ...
      and capture_time_ns = time.time_ns(). Prints "SENT <seq>" every 10 frames.
  control --connect EP --request JSON [--timeout S]
      Sends one ControlRequest (canonical JSON, or just a request body such as {"kind": "ListAvatars"}) and
      prints the response's canonical JSON on one line.
  bench-sub --connect EP --count N [--timeout S]
  bench-pub --bind EP --count N --size BYTES [--interval-us U]
  bench-pair [--endpoint EP] --count N --size BYTES [--interval-us U]
  bench-baseline --count N --size BYTES --mode flood|paced [--interval-us U]
      Transport benchmark, see the section "Benchmarks" below.

A socket that binds prints "READY <endpoint>": the endpoint it is bound to, so that --bind
tcp://127.0.0.1:* (or :0) takes a port no one else holds and tells it to whoever connects.

Benchmarks: messages are two frames, topic b"b" and a raw body (not a FlatBuffer): u64 seq and i64 send
time (time.time_ns(), CLOCK_REALTIME), both little-endian, then zero padding up to the size. A body with
seq 2**64-1 is a warm-up message, ignored by receivers.

* bench-sub prints READY, receives N messages and prints
  {"received": n, "first_ns": <receive time of the first>, "last_ns": <of the last>, "latencies_ns": [...]}
  (receive time - send time for each message, CLOCK_REALTIME on both sides); exit 3 if fewer than N arrived
  before S seconds (default 30) passed without a message.
* bench-pub binds, prints READY <endpoint>, waits for a line "GO" on stdin (and for a subscriber to be
  connected), sends N messages back to back (or one every U microseconds) and prints {"sent": N, "elapsed_ns": ...}.
* bench-pair runs bench-pub and bench-sub as two child processes through that READY/GO protocol (a
  Python-to-Python reference for the same protocol the Rust harness uses) and prints a summary line.
* bench-baseline runs a pyzmq PUB here and a pyzmq SUB in a child process over TCP loopback on a free port;
  the PUB sends warm-up messages until the SUB has seen one, so that no message is lost to the slow-joiner
  effect, then the measured run. Prints a summary line.

The summary line: {"bench": ..., "endpoint": ..., "mode": ..., "count": N, "size": B, "interval_us": U,
"received": n, "lost": N - n, "throughput_msgs_per_s": n / (last receive - first send),
"p50_us", "p99_us", "mean_us", "max_us": one-way latency}.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "schema" / "python"))

try:
    import zmq

    from avatar.client import Control, TrackerPublisher, check_endpoint
    from avatar.messages import (
        AvatarState,
        ControlRequest,
        DecodeError,
        FaceFrame,
        Landmark,
        PoseFrame,
        RigFrame,
        decode,
        encode,
        from_json,
        to_json,
    )
except ImportError as e:  # pragma: no cover
    sys.exit(f"peer.py: {e}; it needs pyzmq and flatbuffers: run it with {REPO / '.venv' / 'bin' / 'python'}")

EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_NOTHING = 3

BENCH_TOPIC = b"b"
BENCH_HEADER = struct.Struct("<Qq")  # seq, send time (ns, CLOCK_REALTIME)
WARMUP_SEQ = 2**64 - 1


class PeerError(Exception):
    """A failure with a message for stderr and an exit status."""

    def __init__(self, message: str, status: int = EXIT_FAILURE):
        super().__init__(message)
        self.status = status


def emit(line: str) -> None:
    print(line, flush=True)


def emit_json(obj: Any) -> None:
    emit(json.dumps(obj, separators=(",", ":"), allow_nan=False))


def make_socket(
    kind: int, *, bind: Optional[str] = None, connect: Optional[str] = None, options: Sequence[tuple] = ()
) -> zmq.Socket:
    """A socket with ``options`` set, then bound or connected; a bad endpoint is a PeerError with status 2."""
    endpoint = bind or connect
    sock = zmq.Context.instance().socket(kind)
    for option, value in options:
        sock.setsockopt(option, value)
    try:
        if connect:
            check_endpoint(connect)
            sock.connect(connect)
        else:
            sock.bind(bind)
    except (ValueError, zmq.ZMQError) as e:
        sock.close(linger=0)
        raise PeerError(
            f"cannot {'connect to' if connect else 'bind'} {endpoint!r}: {e}", EXIT_USAGE
        ) from None
    return sock


def emit_ready(sock: zmq.Socket, bound: bool) -> None:
    """READY; on a bound socket followed by the endpoint it is bound to (``READY tcp://127.0.0.1:40123``), so
    that a port left to the OS (``tcp://127.0.0.1:*`` or ``:0``) is known to whoever connects."""
    emit(f"READY {sock.getsockopt_string(zmq.LAST_ENDPOINT)}" if bound else "READY")


def wait_subscribed(sock: zmq.Socket, timeout_s: float) -> bool:
    """On an XPUB socket: wait until some subscriber has subscribed (true) or the timeout passed (false)."""
    deadline = time.monotonic() + timeout_s
    while True:
        remaining_ms = max(0, int((deadline - time.monotonic()) * 1000))
        if not sock.poll(remaining_ms):
            return False
        if sock.recv()[:1] == b"\x01":
            return True


def repetitions(repeat: Optional[int]) -> Iterator[int]:
    """0, 1, ... repeat-1, or forever if repeat is None."""
    i = 0
    while repeat is None or i < repeat:
        yield i
        i += 1


def sleep_ms(ms: float) -> None:
    if ms > 0:
        time.sleep(ms / 1000.0)


# ---------------------------------------------------------------------------------------------------------
# sub


def cmd_sub(args: argparse.Namespace) -> int:
    # RCVHWM 0: keep every message, printing JSON is slower than receiving; a stalled reader queues one
    hwm = 1 if args.stall else 0
    options = [(zmq.RCVHWM, hwm), (zmq.SUBSCRIBE, args.topic.encode("utf-8"))]
    sock = make_socket(zmq.SUB, connect=args.connect, options=options)
    emit("READY")
    if args.stall:
        for line in sys.stdin:
            if line.strip() == "RESUME":
                break
    received = 0
    while args.count is None or received < args.count:
        if not sock.poll(int(args.timeout * 1000)):
            break
        frames = sock.recv_multipart()
        line: Dict[str, Any] = {"topic": frames[0].decode("utf-8", "replace")}
        try:
            if len(frames) != 2:
                raise DecodeError("malformed", f"expected 2 frames [topic, message], got {len(frames)}")
            line["message"] = to_json(decode(frames[1]))
        except DecodeError as e:
            line["error"] = {"reason": e.reason, "detail": e.detail}
        emit_json(line)
        received += 1
    sock.close(linger=0)
    if received == 0:
        raise PeerError(f"no message from {args.connect} in {args.timeout} s", EXIT_NOTHING)
    return 0


# ---------------------------------------------------------------------------------------------------------
# pub, raw-pub


def default_topic(msg: Any) -> str:
    if isinstance(msg, PoseFrame):
        return "pose"
    if isinstance(msg, FaceFrame):
        return "face"
    if isinstance(msg, RigFrame):
        return "rig"
    if isinstance(msg, AvatarState):
        return f"state/{msg.avatar_id}/"
    return "misc"


def load_messages(path: str) -> List[Any]:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError) as e:
        raise PeerError(f"cannot read messages from {path}: {e}", EXIT_USAGE) from None
    items = data if isinstance(data, list) else [data]
    messages = []
    for i, item in enumerate(items):
        try:
            messages.append(from_json(item))
        except ValueError as e:
            raise PeerError(f"{path}: message {i}: {e}", EXIT_USAGE) from None
    if not messages:
        raise PeerError(f"{path}: no messages", EXIT_USAGE)
    return messages


def stream_key(msg: Any) -> Any:
    """What a seq counts within: a tracker stream (source_id, stream_id), or an avatar's states."""
    if isinstance(msg, (PoseFrame, FaceFrame, RigFrame)):
        return ("frame", msg.header.source_id, msg.header.stream_id)
    if isinstance(msg, AvatarState):
        return ("state", msg.avatar_id)
    return None


def restamped(msg: Any, seq: int, now_ns: int) -> Any:
    """msg with a fresh seq and times, so that a cycled list still looks like a live stream."""
    if isinstance(msg, (PoseFrame, FaceFrame, RigFrame)):
        header = dataclasses.replace(msg.header, seq=seq, capture_time_ns=now_ns, send_time_ns=now_ns)
        return dataclasses.replace(msg, header=header)
    if isinstance(msg, AvatarState):
        return dataclasses.replace(msg, seq=seq, publish_time_ns=now_ns)
    return msg


def publisher(args: argparse.Namespace) -> zmq.Socket:
    """The XPUB socket of pub/raw-pub/tracker: bound or connected, READY printed, subscriber awaited."""
    sock = make_socket(zmq.XPUB, bind=getattr(args, "bind", None), connect=args.connect)
    sock.setsockopt(zmq.LINGER, 2000)
    emit_ready(sock, bound=not args.connect)
    if args.wait_subscriber > 0:
        wait_subscribed(sock, args.wait_subscriber)
    return sock


def cmd_pub(args: argparse.Namespace) -> int:
    messages = load_messages(args.messages)
    topics = [(args.topic or default_topic(m)).encode("utf-8") for m in messages]
    encoded = [encode(m) for m in messages]
    sock = publisher(args)
    seqs: Dict[Any, int] = {}  # --restamp: last seq per stream, so each stream counts 1, 2, 3, ...
    for _ in repetitions(args.repeat):
        for msg, topic, data in zip(messages, topics, encoded):
            if args.restamp:
                key = stream_key(msg)
                seqs[key] = seqs.get(key, 0) + 1
                data = encode(restamped(msg, seqs[key], time.time_ns()))
            sock.send_multipart([topic, data])
            sleep_ms(args.interval_ms)
    sock.close()
    return 0


def cmd_raw_pub(args: argparse.Namespace) -> int:
    try:
        payloads = [bytes.fromhex(h) for h in args.hex]
    except ValueError as e:
        raise PeerError(f"bad --hex: {e}", EXIT_USAGE) from None
    topic = args.topic.encode("utf-8")
    sock = publisher(args)
    for _ in repetitions(args.repeat):
        for payload in payloads:
            sock.send_multipart([topic, payload])
            sleep_ms(args.interval_ms)
    sock.close()
    return 0


# ---------------------------------------------------------------------------------------------------------
# tracker: a synthetic but plausible MediaPipe pose stream

# World landmarks at rest (metres, origin between the hips, MediaPipe's camera-aligned frame: +x image right,
# +y down, +z away from the camera), for a person facing the camera: their left side is on the image right.
# Per landmark: (x, y, z) with x for the left side; right-side landmarks mirror x. Arms are computed.
_HEAD = {  # index: (x, y, z, side) -- side +1 = person's left, -1 = right, 0 = centre
    0: (0.0, -0.62, -0.10, 0),  # nose
    1: (0.015, -0.66, -0.09, 1),
    2: (0.03, -0.66, -0.085, 1),
    3: (0.045, -0.66, -0.08, 1),  # left eye
    4: (0.015, -0.66, -0.09, -1),
    5: (0.03, -0.66, -0.085, -1),
    6: (0.045, -0.66, -0.08, -1),  # right eye
    7: (0.075, -0.64, 0.0, 1),
    8: (0.075, -0.64, 0.0, -1),  # ears
    9: (0.025, -0.58, -0.09, 1),
    10: (0.025, -0.58, -0.09, -1),  # mouth
}
_LEGS = {
    23: (0.10, 0.0, 0.0, 1),
    24: (0.10, 0.0, 0.0, -1),  # hips
    25: (0.11, 0.42, -0.02, 1),
    26: (0.11, 0.42, -0.02, -1),  # knees
    27: (0.11, 0.82, 0.02, 1),
    28: (0.11, 0.82, 0.02, -1),  # ankles
    29: (0.11, 0.87, 0.06, 1),
    30: (0.11, 0.87, 0.06, -1),  # heels
    31: (0.12, 0.90, -0.08, 1),
    32: (0.12, 0.90, -0.08, -1),  # foot index
}
_SHOULDER = (0.18, -0.48, 0.0)
_UPPER_ARM, _FOREARM = 0.27, 0.25


def _arm(side: int, angle: float) -> Dict[int, tuple]:
    """Shoulder, elbow, wrist and hand landmarks of one arm raised sideways by ``angle`` rad from hanging."""
    sx, sy, sz = side * _SHOULDER[0], _SHOULDER[1], _SHOULDER[2]
    dx, dy = side * math.sin(angle), math.cos(angle)  # unit direction of the arm in the image plane
    ex, ey = sx + _UPPER_ARM * dx, sy + _UPPER_ARM * dy
    wx, wy = ex + _FOREARM * dx, ey + _FOREARM * dy
    left = side > 0
    hand = {  # pinky, index, thumb: a few cm further along the arm
        (17 if left else 18): (wx + 0.07 * dx + side * 0.01, wy + 0.07 * dy, sz - 0.01),
        (19 if left else 20): (wx + 0.08 * dx, wy + 0.08 * dy, sz - 0.03),
        (21 if left else 22): (wx + 0.05 * dx - side * 0.01, wy + 0.05 * dy, sz - 0.04),
    }
    return {
        (11 if left else 12): (sx, sy, sz),
        (13 if left else 14): (ex, ey, sz - 0.02),
        (15 if left else 16): (wx, wy, sz - 0.04),
        **hand,
    }


def synthetic_pose(t: float, header: Any, width: int = 1280, height: int = 720) -> PoseFrame:
    """A standing person waving the left arm (period 2 s); world and normalized landmarks agree."""
    world: Dict[int, tuple] = {}
    for table in (_HEAD, _LEGS):
        for i, (x, y, z, side) in table.items():
            world[i] = (side * x if side else x, y, z)
    world.update(_arm(+1, 0.3 + 0.6 * (1.0 + math.sin(math.pi * t))))
    world.update(_arm(-1, 0.2))
    scale_y = 0.5  # image heights per metre: head near the top, feet near the bottom
    scale_x = scale_y * height / width
    world_landmarks, landmarks = [], []
    for i in range(33):
        x, y, z = world[i]
        visibility = 0.9 if i >= 27 else 0.99
        world_landmarks.append(Landmark(x, y, z, visibility, 0.99))
        landmarks.append(Landmark(0.5 + x * scale_x, 0.5 + y * scale_y, z * scale_x, visibility, 0.99))
    return PoseFrame(header, width, height, 0, landmarks, world_landmarks)


def cmd_tracker(args: argparse.Namespace) -> int:
    try:
        check_endpoint(args.connect)
        tracker = TrackerPublisher(args.connect, args.source)
    except (ValueError, zmq.ZMQError) as e:
        raise PeerError(f"cannot connect to {args.connect!r}: {e}", EXIT_USAGE) from None
    with tracker:
        if args.wait_subscriber > 0:
            tracker.wait_subscribed(args.wait_subscriber * 1000)
        period = 1.0 / args.rate
        start = next_t = time.monotonic()
        for _ in repetitions(args.count):
            delay = next_t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            header = tracker.next_header()
            tracker.send(synthetic_pose(time.monotonic() - start, header))
            if header.seq % 10 == 0:
                emit(f"SENT {header.seq}")
            next_t += period
    return 0


# ---------------------------------------------------------------------------------------------------------
# control


def cmd_control(args: argparse.Namespace) -> int:
    try:
        obj = json.loads(args.request)
        if isinstance(obj, dict) and obj.get("kind") != "Request":
            obj = {"kind": "Request", "request_id": 1, "request": obj}
        req = from_json(obj)
        if not isinstance(req, ControlRequest):
            raise ValueError(f"not a request: {obj.get('kind')!r}")
    except ValueError as e:
        raise PeerError(f"bad --request: {e}", EXIT_USAGE) from None
    try:
        check_endpoint(args.connect)
        control = Control(args.connect)
    except (ValueError, zmq.ZMQError) as e:
        raise PeerError(f"cannot connect to {args.connect!r}: {e}", EXIT_USAGE) from None
    with control:
        try:
            response = control.request(req, timeout_ms=args.timeout * 1000)
        except TimeoutError as e:
            raise PeerError(str(e)) from None
        except DecodeError as e:
            raise PeerError(f"invalid response: {e}") from None
    emit_json(to_json(response))
    return 0


# ---------------------------------------------------------------------------------------------------------
# benchmarks


def bench_receive(sock: zmq.Socket, count: int, timeout_s: float) -> Dict[str, Any]:
    """Receive ``count`` benchmark messages (ignoring warm-ups); stop early after timeout_s of silence."""
    sock.setsockopt(zmq.RCVTIMEO, max(1, int(timeout_s * 1000)))
    latencies = [0] * count
    recv = sock.recv_multipart
    now = time.time_ns
    unpack = BENCH_HEADER.unpack_from
    n = 0
    first_ns = last_ns = 0
    warm = False
    try:
        while n < count:
            frames = recv()
            t = now()
            seq, sent = unpack(frames[-1])
            if seq == WARMUP_SEQ:
                if not warm:
                    warm = True
                    emit("WARM")  # the subscription is live: the publisher may start
                continue
            if n == 0:
                first_ns = t
            last_ns = t
            latencies[n] = t - sent
            n += 1
    except zmq.Again:
        pass
    return {"received": n, "first_ns": first_ns, "last_ns": last_ns, "latencies_ns": latencies[:n]}


def bench_send(sock: zmq.Socket, count: int, size: int, interval_us: float) -> Dict[str, Any]:
    """Send ``count`` benchmark messages back to back (interval 0) or one every interval_us."""
    body = bytearray(max(size, BENCH_HEADER.size))
    pack = BENCH_HEADER.pack_into
    send = sock.send
    clock = time.time_ns
    interval_ns = int(interval_us * 1000)
    start = time.perf_counter_ns()
    next_t = start
    for seq in range(count):
        if interval_ns:
            remaining = next_t - time.perf_counter_ns()
            if remaining > 300_000:
                time.sleep((remaining - 200_000) / 1e9)
            while time.perf_counter_ns() < next_t:
                pass
            next_t += interval_ns
        pack(body, 0, seq, clock())
        send(BENCH_TOPIC, zmq.SNDMORE)
        send(body)
    return {"sent": count, "elapsed_ns": time.perf_counter_ns() - start}


def bench_sub_socket(endpoint: str) -> zmq.Socket:
    return make_socket(zmq.SUB, connect=endpoint, options=[(zmq.RCVHWM, 0), (zmq.SUBSCRIBE, BENCH_TOPIC)])


def bench_pub_socket(endpoint: str) -> zmq.Socket:
    # SNDHWM 0: measure the transport, not drops at the high-water mark; LINGER: deliver what is queued
    return make_socket(zmq.XPUB, bind=endpoint, options=[(zmq.SNDHWM, 0), (zmq.LINGER, 30_000)])


def cmd_bench_sub(args: argparse.Namespace) -> int:
    sock = bench_sub_socket(args.connect)
    emit("READY")
    result = bench_receive(sock, args.count, args.timeout)
    emit_json(result)
    sock.close(linger=0)
    if result["received"] < args.count:
        raise PeerError(f"received {result['received']} of {args.count} messages", EXIT_NOTHING)
    return 0


def cmd_bench_pub(args: argparse.Namespace) -> int:
    if args.size < BENCH_HEADER.size:
        raise PeerError(f"--size must be at least {BENCH_HEADER.size}", EXIT_USAGE)
    sock = bench_pub_socket(args.bind)
    emit_ready(sock, bound=True)
    for line in sys.stdin:
        if line.strip() == "GO":
            break
    else:
        raise PeerError("stdin closed before GO")
    if not wait_subscribed(sock, args.timeout):
        raise PeerError(f"no subscriber on {args.bind} within {args.timeout} s")
    emit_json(bench_send(sock, args.count, args.size, args.interval_us))
    sock.close()
    return 0


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 100]) of a sorted, non-empty sequence."""
    rank = max(1, math.ceil(q / 100.0 * len(sorted_values)))
    return sorted_values[rank - 1]


def summarize(bench: str, endpoint: str, args: argparse.Namespace, result: Dict[str, Any]) -> Dict[str, Any]:
    latencies = sorted(result["latencies_ns"])
    n = result["received"]
    summary: Dict[str, Any] = {
        "bench": bench,
        "endpoint": endpoint,
        "mode": "paced" if args.interval_us > 0 else "flood",
        "count": args.count,
        "size": args.size,
        "interval_us": args.interval_us,
        "received": n,
        "lost": args.count - n,
    }
    if n:
        first_send_ns = result["first_ns"] - result["latencies_ns"][0]
        span_s = max(result["last_ns"] - first_send_ns, 1) / 1e9
        summary.update(
            {
                "throughput_msgs_per_s": round(n / span_s, 1),
                "p50_us": round(percentile(latencies, 50) / 1000, 2),
                "p99_us": round(percentile(latencies, 99) / 1000, 2),
                "mean_us": round(sum(latencies) / n / 1000, 2),
                "max_us": round(latencies[-1] / 1000, 2),
            }
        )
    return summary


def _read_line(proc: subprocess.Popen, what: str, timeout_s: float) -> str:
    """Next stdout line of a child, or PeerError if it ends or takes longer than timeout_s."""
    result: List[str] = []
    reader = threading.Thread(target=lambda: result.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout_s)
    if not result or not result[0]:
        raise PeerError(f"{what}: no output (exit status {proc.poll()})")
    return result[0].strip()


def cmd_bench_pair(args: argparse.Namespace) -> int:
    """bench-pub and bench-sub as child processes, driven through READY/GO like the Rust harness does."""
    # bench-pub binds (a free port from the OS unless --endpoint names one) and reports where
    bind = args.endpoint or "tcp://127.0.0.1:*"
    me = [sys.executable, str(Path(__file__).resolve())]
    common = ["--count", str(args.count), "--timeout", str(args.timeout)]
    pub = subprocess.Popen(
        [
            *me,
            "bench-pub",
            "--bind",
            bind,
            "--size",
            str(args.size),
            "--interval-us",
            str(args.interval_us),
            *common,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    sub = None
    try:
        ready = _read_line(pub, "bench-pub", args.timeout).split()
        if len(ready) != 2 or ready[0] != "READY":
            raise PeerError(f"bench-pub did not print READY ENDPOINT: {ready}")
        endpoint = ready[1]
        sub = subprocess.Popen(
            [*me, "bench-sub", "--connect", endpoint, *common], stdout=subprocess.PIPE, text=True
        )
        if _read_line(sub, "bench-sub", args.timeout) != "READY":
            raise PeerError("bench-sub did not print READY")
        pub.stdin.write("GO\n")
        pub.stdin.flush()
        sent = json.loads(_read_line(pub, "bench-pub", args.timeout + args.count * 1e-3))
        result = json.loads(_read_line(sub, "bench-sub", args.timeout + args.count * 1e-3))
        for proc in (pub, sub):
            proc.wait(timeout=args.timeout)
    except BaseException:
        for proc in (pub, sub):
            if proc is not None and proc.poll() is None:
                proc.kill()
        raise
    summary = summarize("bench-pair", endpoint, args, result)
    summary["send_elapsed_ns"] = sent["elapsed_ns"]
    emit_json(summary)
    return 0 if result["received"] == args.count else EXIT_NOTHING


def _baseline_receiver(endpoint: str, count: int, timeout_s: float, conn: Any) -> None:
    """Child process of bench-baseline: SUB, report "ready", report "warm" on the first warm-up, then
    receive the measured run and send back the result."""
    ctx = zmq.Context()
    sock = ctx.socket(zmq.SUB)
    sock.setsockopt(zmq.RCVHWM, 0)
    sock.setsockopt(zmq.SUBSCRIBE, BENCH_TOPIC)
    sock.connect(endpoint)
    conn.send("ready")
    if not sock.poll(int(timeout_s * 1000)):
        conn.send({"error": "no warm-up message"})
        return
    sock.recv_multipart()  # the first warm-up message: from now on nothing is lost
    conn.send("warm")
    result = bench_receive(sock, count, timeout_s)
    conn.send(result)
    sock.close(linger=0)
    ctx.term()


def cmd_bench_baseline(args: argparse.Namespace) -> int:
    if args.mode == "paced" and args.interval_us <= 0:
        raise PeerError("--mode paced needs --interval-us > 0", EXIT_USAGE)
    if args.mode == "flood":
        args.interval_us = 0.0
    sock = zmq.Context.instance().socket(zmq.PUB)
    sock.setsockopt(zmq.SNDHWM, 0)
    sock.setsockopt(zmq.LINGER, 0)
    sock.bind("tcp://127.0.0.1:*")
    endpoint = sock.getsockopt_string(zmq.LAST_ENDPOINT)
    mp = multiprocessing.get_context("spawn")
    parent, child = mp.Pipe()
    receiver = mp.Process(
        target=_baseline_receiver, args=(endpoint, args.count, args.timeout, child), daemon=True
    )
    receiver.start()
    try:
        if not parent.poll(args.timeout) or parent.recv() != "ready":
            raise PeerError("bench-baseline: receiver did not start")
        # Warm-up: until the SUB has seen one message, its subscription may not have reached the PUB.
        warmup = bytearray(max(args.size, BENCH_HEADER.size))
        deadline = time.monotonic() + args.timeout
        while not parent.poll(0.001):
            if time.monotonic() > deadline:
                raise PeerError("bench-baseline: the receiver never saw a warm-up message")
            BENCH_HEADER.pack_into(warmup, 0, WARMUP_SEQ, time.time_ns())
            sock.send_multipart([BENCH_TOPIC, warmup])
        if parent.recv() != "warm":
            raise PeerError("bench-baseline: receiver failed")
        sent = bench_send(sock, args.count, args.size, args.interval_us)
        if not parent.poll(args.timeout + args.count * 1e-3):
            raise PeerError("bench-baseline: no result from the receiver")
        result = parent.recv()
    finally:
        receiver.join(timeout=5)
        if receiver.is_alive():
            receiver.kill()
        sock.close()
    summary = summarize("bench-baseline", endpoint, args, result)
    summary["send_elapsed_ns"] = sent["elapsed_ns"]
    emit_json(summary)
    return 0 if result["received"] == args.count else EXIT_NOTHING


# ---------------------------------------------------------------------------------------------------------
# command line


def positive_int(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive integer")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="peer.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    cmds = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def endpoint_args(c: argparse.ArgumentParser, bind: bool) -> None:
        if bind:
            g = c.add_mutually_exclusive_group(required=True)
            g.add_argument("--bind", metavar="EP", help="bind to this endpoint")
            g.add_argument("--connect", metavar="EP", help="connect to this endpoint")
        else:
            c.add_argument("--connect", metavar="EP", required=True, help="connect to this endpoint")

    def repeat_args(c: argparse.ArgumentParser) -> None:
        c.add_argument(
            "--interval-ms", type=float, default=20.0, help="pause after each message (default 20)"
        )
        c.add_argument("--repeat", type=int, help="send the list N times (default: until killed)")
        c.add_argument(
            "--wait-subscriber",
            type=float,
            default=2.0,
            metavar="S",
            help="after READY, wait up to S seconds for a subscriber before sending (default 2)",
        )

    c = cmds.add_parser("sub", help="subscribe and print messages as JSON lines")
    endpoint_args(c, bind=False)
    c.add_argument("--topic", default="", help="topic prefix (default: everything)")
    c.add_argument("--count", type=positive_int, help="stop after N messages")
    c.add_argument("--timeout", type=float, default=10.0, help="stop after S seconds without a message")
    c.add_argument("--stall", action="store_true", help="read nothing until a line RESUME on stdin")
    c.set_defaults(run=cmd_sub)

    c = cmds.add_parser("pub", help="publish canonical-JSON messages")
    endpoint_args(c, bind=True)
    c.add_argument("--messages", required=True, metavar="FILE.json", help="JSON list of messages, - = stdin")
    c.add_argument("--topic", help="topic of every message (default: by message type)")
    c.add_argument("--restamp", action="store_true", help="give every message sent a fresh seq and times")
    repeat_args(c)
    c.set_defaults(run=cmd_pub)

    c = cmds.add_parser("raw-pub", help="publish raw payload bytes")
    endpoint_args(c, bind=True)
    c.add_argument("--topic", required=True)
    c.add_argument("--hex", required=True, nargs="+", metavar="HEX", help="payloads, hex encoded")
    repeat_args(c)
    c.set_defaults(run=cmd_raw_pub)

    c = cmds.add_parser("tracker", help="send a synthetic pose stream")
    endpoint_args(c, bind=False)
    c.add_argument("--rate", type=float, default=30.0, help="frames per second (default 30)")
    c.add_argument("--count", type=positive_int, help="stop after N frames (default: until killed)")
    c.add_argument("--source", default="peer/pose", help="source_id (default peer/pose)")
    c.add_argument(
        "--wait-subscriber",
        type=float,
        default=2.0,
        metavar="S",
        help="wait up to S seconds for the daemon to subscribe before the first frame (default 2)",
    )
    c.set_defaults(run=cmd_tracker)

    c = cmds.add_parser("control", help="send one control request")
    endpoint_args(c, bind=False)
    c.add_argument("--request", required=True, metavar="JSON", help="canonical JSON ControlRequest or body")
    c.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for the response (default 5)")
    c.set_defaults(run=cmd_control)

    c = cmds.add_parser("bench-sub", help="benchmark receiver")
    endpoint_args(c, bind=False)
    c.add_argument("--count", type=positive_int, required=True)
    c.add_argument("--timeout", type=float, default=30.0, help="give up after S seconds without a message")
    c.set_defaults(run=cmd_bench_sub)

    c = cmds.add_parser("bench-pub", help="benchmark sender (waits for GO on stdin)")
    c.add_argument("--bind", metavar="EP", required=True)
    c.add_argument("--count", type=positive_int, required=True)
    c.add_argument("--size", type=int, default=1024, help="message body size in bytes (default 1024)")
    c.add_argument("--interval-us", type=float, default=0.0, help="pace: one message every U µs (default 0)")
    c.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for a subscriber after GO")
    c.set_defaults(run=cmd_bench_pub)

    c = cmds.add_parser("bench-pair", help="bench-pub + bench-sub as child processes")
    c.add_argument("--endpoint", help="where bench-pub binds (default: TCP loopback, a port from the OS)")
    c.add_argument("--count", type=positive_int, required=True)
    c.add_argument("--size", type=int, default=1024)
    c.add_argument("--interval-us", type=float, default=0.0)
    c.add_argument("--timeout", type=float, default=30.0)
    c.set_defaults(run=cmd_bench_pair)

    c = cmds.add_parser("bench-baseline", help="pyzmq PUB -> pyzmq SUB in two processes over TCP loopback")
    c.add_argument("--count", type=positive_int, required=True)
    c.add_argument("--size", type=int, default=1024)
    c.add_argument("--mode", choices=("flood", "paced"), default="flood")
    c.add_argument("--interval-us", type=float, default=0.0)
    c.add_argument("--timeout", type=float, default=30.0)
    c.set_defaults(run=cmd_bench_baseline)
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # killed by the test harness: close sockets quietly
    try:
        return args.run(args)
    except PeerError as e:
        print(f"peer.py {args.command}: {e}", file=sys.stderr, flush=True)
        return e.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
