"""Decoding and semantic validation (``schema/src/decode.rs``): :func:`decode`.

It checks the size and file identifier, verifies the structure (:func:`avatar.verifier.verify`), then the
meaning -- schema version, payload type, landmark counts, finite floats, ranges, name lengths, item counts --
and raises :class:`~avatar.verifier.DecodeError` with the same ``reason`` names as Rust's ``Reject::as_str``.
The checks run in the same order as in Rust, so that a buffer with several faults is rejected for the same
reason by both.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .message_types import (
    AUDIO_SAMPLE_RATES,
    FACE_LANDMARKS,
    FILE_IDENTIFIER,
    HAND_LANDMARKS,
    MAX_AUDIO_SAMPLES,
    MAX_HASH_BYTES,
    MAX_MESSAGE_BYTES,
    MAX_NAME_BYTES,
    MAX_NAMED_ITEMS,
    MAX_STATE_FLOATS,
    MAX_STATS_ITEMS,
    POSE_LANDMARKS,
    QUAT_NORM_TOLERANCE,
    SCHEMA_VERSION,
    Ack,
    AssetChunk,
    AudioFrame,
    AvatarInfo,
    AvatarList,
    AvatarState,
    BoneTransform,
    ControlRequest,
    ControlResponse,
    Counter,
    FaceFrame,
    FrameHeader,
    GetAsset,
    GetState,
    GetStats,
    HandFrame,
    Handedness,
    Histogram,
    Landmark,
    ListAvatars,
    Message,
    NamedWeight,
    PoseFrame,
    Quat,
    Request,
    ResetAvatar,
    Response,
    RigFrame,
    SetParams,
    StateFlags,
    Stats,
    Status,
    Vec3,
    to_f32,
)
from .verifier import DecodeError, verify
from .wire.Payload import Payload as _Payload
from .wire.Request import Request as _Request
from .wire.Response import Response as _Response

__all__ = ["decode"]

# The quaternion-norm tolerance as an f32, compared in f32 like in Rust (see _dec_bone).
_QUAT_TOLERANCE_F32 = to_f32(QUAT_NORM_TOLERANCE)


def decode(buf: Union[bytes, bytearray, memoryview]) -> Message:
    """Verify and validate one message; raise :class:`DecodeError` for anything the Rust decoder rejects,
    with the same reason (the checks run in the same order).

    Whatever the bytes, nothing but :class:`DecodeError` is raised. Cost: like the Rust verifier, this
    follows every reference, so a hostile buffer that points many times at the same tables costs time and
    memory in proportion to its expanded size (bounded by the verifier limits: 4 000 000 tables, 64 MiB
    apparent size), which in pure Python can take seconds.
    """
    if not isinstance(buf, bytes):
        buf = bytes(buf)
    if len(buf) < 8:
        raise DecodeError("too_short", f"{len(buf)} bytes")
    if len(buf) > MAX_MESSAGE_BYTES:
        raise DecodeError("too_large", f"{len(buf)} bytes")
    if buf[4:8] != FILE_IDENTIFIER:
        ident = buf[4:8].decode("utf-8", "replace")
        raise DecodeError("identifier", f"file identifier {ident!r}, expected 'AVTR'")
    root = verify(buf)
    version = root["schema_version"]
    if version == 0 or version > SCHEMA_VERSION:
        raise DecodeError("version", f"schema_version {version}, this reader knows 1..={SCHEMA_VERSION}")
    payload_type = root["payload_type"]
    convert = _PAYLOAD_DECODERS.get(payload_type)
    if convert is None:
        raise DecodeError("payload", f"payload type {payload_type}")
    return convert(root["payload"])


def _name(s: str, what: str) -> str:
    if not s:
        raise DecodeError("range", f"{what} is empty")
    if len(s) * 4 > MAX_NAME_BYTES:  # may be too long: count UTF-8 bytes
        n = len(s.encode("utf-8"))
        if n > MAX_NAME_BYTES:
            raise DecodeError("too_many", f"{what} is {n} bytes")
    return s


def _finite(v: float, what: str) -> float:
    if not math.isfinite(v):
        raise DecodeError("non_finite", f"{what} = {v}")
    return v


def _finite_all(values: Sequence[float], what: str) -> None:
    for i, v in enumerate(values):
        if not math.isfinite(v):
            raise DecodeError("non_finite", f"{what}[{i}] = {v}")


def _at_most(length: int, limit: int, what: str) -> None:
    if length > limit:
        raise DecodeError("too_many", f"{what} has {length} entries, limit {limit}")


def _unit_interval(v: float, what: str) -> float:
    _finite(v, what)
    if not 0.0 <= v <= 1.0:
        raise DecodeError("range", f"{what} = {v}, expected [0, 1]")
    return v


def _time(t: int, what: str) -> int:
    if t < 0:
        raise DecodeError("range", f"{what} = {t} is negative")
    return t


def _dec_header(h: Dict[str, Any]) -> FrameHeader:
    return FrameHeader(
        source_id=_name(h["source_id"], "header.source_id"),
        stream_id=h["stream_id"],
        seq=h["seq"],
        capture_time_ns=_time(h["capture_time_ns"], "header.capture_time_ns"),
        send_time_ns=_time(h["send_time_ns"], "header.send_time_ns"),
    )


def _dec_named_weights(v: Optional[List[Dict[str, Any]]], what: str) -> List[NamedWeight]:
    if v is None:
        return []
    _at_most(len(v), MAX_NAMED_ITEMS, what)
    return [
        NamedWeight(
            name=_name(w["name"], f"{what}[{i}].name"), value=_finite(w["value"], f"{what}[{i}].value")
        )
        for i, w in enumerate(v)
    ]


def _dec_pose_landmarks(v: Optional[List[Tuple[float, ...]]], what: str) -> List[Landmark]:
    n = 0 if v is None else len(v)
    if n != POSE_LANDMARKS:
        raise DecodeError("count", f"{what} has {n} landmarks, expected {POSE_LANDMARKS}")
    out = []
    for i, (x, y, z, visibility, presence) in enumerate(v):
        out.append(
            Landmark(
                x=_finite(x, f"{what}[{i}].x"),
                y=_finite(y, f"{what}[{i}].y"),
                z=_finite(z, f"{what}[{i}].z"),
                visibility=_unit_interval(visibility, f"{what}[{i}].visibility"),
                presence=_unit_interval(presence, f"{what}[{i}].presence"),
            )
        )
    return out


def _dec_vec3(v: Tuple[float, ...], what: str) -> Vec3:
    _finite_all(v, what)
    return v


def _dec_hash(v: Optional[bytes]) -> bytes:
    h = v or b""
    _at_most(len(h), MAX_HASH_BYTES, "asset_hash")
    return h


def _dec_pose(m: Dict[str, Any]) -> PoseFrame:
    return PoseFrame(
        header=_dec_header(m["header"]),
        image_width=m["image_width"],
        image_height=m["image_height"],
        person_index=m["person_index"],
        landmarks=_dec_pose_landmarks(m["landmarks"], "landmarks"),
        world_landmarks=_dec_pose_landmarks(m["world_landmarks"], "world_landmarks"),
    )


def _dec_face(m: Dict[str, Any]) -> FaceFrame:
    points = m["landmarks"] or []
    if len(points) not in FACE_LANDMARKS:
        raise DecodeError("count", f"face has {len(points)} landmarks, expected 468 or 478")
    landmarks = [_dec_vec3(p, f"landmarks[{i}]") for i, p in enumerate(points)]
    blendshapes = _dec_named_weights(m["blendshapes"], "blendshapes")
    for i, b in enumerate(blendshapes):
        _unit_interval(b.value, f"blendshapes[{i}] ({b.name})")
    transform = m["facial_transform"]
    if transform is not None:
        _finite_all(transform, "facial_transform")
    return FaceFrame(
        header=_dec_header(m["header"]),
        image_width=m["image_width"],
        image_height=m["image_height"],
        face_index=m["face_index"],
        landmarks=landmarks,
        blendshapes=blendshapes,
        facial_transform=transform,
    )


def _dec_hand_landmarks(v: Optional[List[Tuple[float, ...]]], what: str) -> List[Vec3]:
    n = 0 if v is None else len(v)
    if n != HAND_LANDMARKS:
        raise DecodeError("count", f"{what} has {n} landmarks, expected {HAND_LANDMARKS}")
    return [_dec_vec3(p, f"{what}[{i}]") for i, p in enumerate(v)]


def _dec_hand(m: Dict[str, Any]) -> HandFrame:
    # Same order as Rust's decode.rs `hand`: handedness, header, score, landmarks, world landmarks.
    raw = m["handedness"]
    if raw not in (Handedness.Left, Handedness.Right):
        raise DecodeError("range", f"handedness {raw} is not Left (1) or Right (2)")
    header = _dec_header(m["header"])
    score = _unit_interval(m["handedness_score"], "handedness_score")
    return HandFrame(
        header=header,
        image_width=m["image_width"],
        image_height=m["image_height"],
        hand_index=m["hand_index"],
        handedness=Handedness(raw),
        handedness_score=score,
        landmarks=_dec_hand_landmarks(m["landmarks"], "landmarks"),
        world_landmarks=_dec_hand_landmarks(m["world_landmarks"], "world_landmarks"),
    )


def _dec_audio(m: Dict[str, Any]) -> AudioFrame:
    # Same order as Rust's decode/tracker.rs `audio`: sample rate, sample count, header.
    sample_rate = m["sample_rate"]
    if sample_rate not in AUDIO_SAMPLE_RATES:
        lo, hi = AUDIO_SAMPLE_RATES[0], AUDIO_SAMPLE_RATES[-1]
        raise DecodeError("range", f"sample_rate {sample_rate} Hz, expected {lo}..={hi}")
    samples = m["samples"]
    n = 0 if samples is None else len(samples)
    if n == 0 or n > MAX_AUDIO_SAMPLES:
        raise DecodeError("count", f"{n} samples, expected 1..={MAX_AUDIO_SAMPLES}")
    return AudioFrame(header=_dec_header(m["header"]), sample_rate=sample_rate, samples=samples)


def _quat_norm_f32(q: Sequence[float]) -> float:
    """sqrt(x^2 + y^2 + z^2 + w^2) evaluated in f32 arithmetic, in Rust's order (a double-precision
    operation rounded to f32 is the correctly rounded f32 operation for +, * and sqrt)."""
    total = 0.0
    for c in q:
        total = to_f32(total + to_f32(c * c))
    return to_f32(math.sqrt(total))


def _dec_bone(i: int, b: Dict[str, Any]) -> BoneTransform:
    q = b["rotation"]
    if q is None:
        rotation: Quat = (0.0, 0.0, 0.0, 1.0)
    else:
        _finite_all(q, f"bones[{i}].rotation")
        norm = _quat_norm_f32(q)
        if abs(to_f32(norm - 1.0)) > _QUAT_TOLERANCE_F32:
            raise DecodeError("range", f"bones[{i}].rotation has norm {norm}, expected 1")
        rotation = q
    t = b["translation"]
    return BoneTransform(
        name=_name(b["name"], f"bones[{i}].name"),
        rotation=rotation,
        translation=None if t is None else _dec_vec3(t, f"bones[{i}].translation"),
    )


def _dec_rig(m: Dict[str, Any]) -> RigFrame:
    bones = m["bones"]
    if bones is None:
        bones_out: List[BoneTransform] = []
    else:
        _at_most(len(bones), MAX_NAMED_ITEMS, "bones")
        bones_out = [_dec_bone(i, b) for i, b in enumerate(bones)]
    root = m["root_position"]
    return RigFrame(
        header=_dec_header(m["header"]),
        bones=bones_out,
        blendshapes=_dec_named_weights(m["blendshapes"], "blendshapes"),
        root_position=None if root is None else _dec_vec3(root, "root_position"),
    )


def _dec_floats(v: Optional[List[float]], what: str) -> List[float]:
    values = v or []
    _at_most(len(values), MAX_STATE_FLOATS, what)
    _finite_all(values, what)
    return values


def _dec_state(m: Dict[str, Any]) -> AvatarState:
    flags = m["flags"]
    if flags & ~int(StateFlags.ALL):
        raise DecodeError("range", f"unknown state flags {flags:#x}")
    return AvatarState(
        avatar_id=_name(m["avatar_id"], "avatar_id"),
        seq=m["seq"],
        sim_time_ns=_time(m["sim_time_ns"], "sim_time_ns"),
        publish_time_ns=_time(m["publish_time_ns"], "publish_time_ns"),
        input_seq=m["input_seq"],
        input_capture_time_ns=_time(m["input_capture_time_ns"], "input_capture_time_ns"),
        asset_hash=_dec_hash(m["asset_hash"]),
        p=_dec_floats(m["p"], "p"),
        z=_dec_floats(m["z"], "z"),
        flags=flags,
        dropped_before=m["dropped_before"],
        run_id=m["run_id"],
        held=_dec_floats(m["held"], "held"),
    )


def _dec_histogram(i: int, h: Dict[str, Any]) -> Histogram:
    what = f"histograms[{i}]"
    upper_bounds = h["upper_bounds"] or []
    counts = h["counts"] or []
    _at_most(len(upper_bounds), MAX_STATS_ITEMS, what)
    if len(counts) != len(upper_bounds) + 1:
        raise DecodeError("count", f"{what}: {len(counts)} counts for {len(upper_bounds)} bounds")
    scalars = (h["sum"], h["p50"], h["p99"], h["max"])
    if not all(math.isfinite(x) for x in (*upper_bounds, *scalars)):
        raise DecodeError("non_finite", f"{what} has a non-finite value")
    return Histogram(
        name=_name(h["name"], f"{what}.name"),
        unit=h["unit"] or "",
        upper_bounds=upper_bounds,
        counts=counts,
        count=h["count"],
        sum=h["sum"],
        p50=h["p50"],
        p99=h["p99"],
        max=h["max"],
    )


def _dec_stats(m: Dict[str, Any]) -> Stats:
    counters = m["counters"]
    if counters is None:
        counters_out: List[Counter] = []
    else:
        _at_most(len(counters), MAX_STATS_ITEMS, "counters")
        counters_out = [
            Counter(name=_name(c["name"], f"counters[{i}].name"), value=c["value"])
            for i, c in enumerate(counters)
        ]
    histograms = m["histograms"]
    if histograms is None:
        histograms_out: List[Histogram] = []
    else:
        _at_most(len(histograms), MAX_STATS_ITEMS, "histograms")
        histograms_out = [_dec_histogram(i, h) for i, h in enumerate(histograms)]
    return Stats(
        daemon_id=m["daemon_id"] or "",
        time_ns=m["time_ns"],
        uptime_ns=m["uptime_ns"],
        counters=counters_out,
        histograms=histograms_out,
    )


def _dec_request(m: Dict[str, Any]) -> ControlRequest:
    kind, r = m["request_type"], m["request"]
    if kind == _Request.ListAvatars:
        request: Request = ListAvatars()
    elif kind == _Request.GetAsset:
        request = GetAsset(
            avatar_id=_name(r["avatar_id"], "avatar_id"), offset=r["offset"], max_len=r["max_len"]
        )
    elif kind == _Request.SetParams:
        request = SetParams(
            avatar_id=_name(r["avatar_id"], "avatar_id"), params=_dec_named_weights(r["params"], "params")
        )
    elif kind == _Request.ResetAvatar:
        request = ResetAvatar(avatar_id=_name(r["avatar_id"], "avatar_id"))
    elif kind == _Request.GetStats:
        request = GetStats()
    elif kind == _Request.GetState:
        request = GetState(avatar_id=_name(r["avatar_id"], "avatar_id"))
    else:
        raise DecodeError("payload", f"request type {kind}")
    return ControlRequest(request_id=m["request_id"], request=request)


def _dec_avatar_info(a: Dict[str, Any]) -> AvatarInfo:
    return AvatarInfo(
        avatar_id=_name(a["avatar_id"], "avatar_id"),
        topic=_name(a["topic"], "topic"),
        asset_hash=_dec_hash(a["asset_hash"]),
        asset_len=a["asset_len"],
        num_p=a["num_p"],
        num_z=a["num_z"],
        tick_hz=_finite(a["tick_hz"], "tick_hz"),
    )


def _dec_response(m: Dict[str, Any]) -> ControlResponse:
    try:
        status = Status(m["status"])
    except ValueError:
        raise DecodeError("range", f"status {m['status']}") from None
    kind, r = m["response_type"], m["response"]
    response: Optional[Response]
    if kind == _Response.NONE:
        response = None
    elif kind == _Response.AvatarList:
        avatars = r["avatars"]
        if avatars is None:
            response = AvatarList([])
        else:
            _at_most(len(avatars), MAX_NAMED_ITEMS, "avatars")
            response = AvatarList([_dec_avatar_info(a) for a in avatars])
    elif kind == _Response.AssetChunk:
        response = AssetChunk(
            avatar_id=_name(r["avatar_id"], "avatar_id"),
            asset_hash=_dec_hash(r["asset_hash"]),
            total_len=r["total_len"],
            offset=r["offset"],
            data=r["data"] or b"",
        )
    elif kind == _Response.Stats:
        response = _dec_stats(r)
    elif kind == _Response.AvatarState:
        response = _dec_state(r)
    elif kind == _Response.Ack:
        response = Ack()
    else:
        raise DecodeError("payload", f"response type {kind}")
    return ControlResponse(request_id=m["request_id"], status=status, error=m["error"], response=response)


_PAYLOAD_DECODERS: Dict[int, Callable[[Dict[str, Any]], Message]] = {
    _Payload.PoseFrame: _dec_pose,
    _Payload.FaceFrame: _dec_face,
    _Payload.RigFrame: _dec_rig,
    _Payload.AvatarState: _dec_state,
    _Payload.Stats: _dec_stats,
    _Payload.ControlRequest: _dec_request,
    _Payload.ControlResponse: _dec_response,
    _Payload.HandFrame: _dec_hand,
    _Payload.AudioFrame: _dec_audio,
}
