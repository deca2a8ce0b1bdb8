"""Canonical JSON (:func:`to_json`, :func:`from_json`): the serde form of ``schema/src/types.rs``, as in
``schema/testdata/samples.json``.

Messages and request/response bodies are internally tagged with "kind"; Option is null; bytes are lists of
ints; fixed arrays are lists. Floats are written as they are held (a decoded f32 is its exact value; parsed
as an f32 it gives back the same value); like serde_json, a non-finite float becomes null, and
:func:`from_json` reads null as NaN for float fields. Reading checks every value's type and range like serde
would; errors name the JSON path.

(Named ``jsonify`` so that it does not shadow the standard library's :mod:`json`.)
"""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .message_types import (
    _MESSAGE_KINDS,
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
    Request,
    ResetAvatar,
    Response,
    RigFrame,
    SetParams,
    Stats,
    Status,
    Vec3,
)

__all__ = ["to_json", "from_json"]


def _jf(x: float) -> Optional[float]:
    return x if math.isfinite(x) else None


def _jfs(values: Sequence[float]) -> List[Optional[float]]:
    return [x if math.isfinite(x) else None for x in values]


def _json_header(h: FrameHeader) -> Dict[str, Any]:
    return {
        "source_id": h.source_id,
        "stream_id": h.stream_id,
        "seq": h.seq,
        "capture_time_ns": h.capture_time_ns,
        "send_time_ns": h.send_time_ns,
    }


def _json_weights(weights: Sequence[NamedWeight]) -> List[Dict[str, Any]]:
    return [{"name": w.name, "value": _jf(w.value)} for w in weights]


def _json_landmarks(landmarks: Sequence[Landmark]) -> List[Dict[str, Any]]:
    return [
        {
            "x": _jf(p.x),
            "y": _jf(p.y),
            "z": _jf(p.z),
            "visibility": _jf(p.visibility),
            "presence": _jf(p.presence),
        }
        for p in landmarks
    ]


def _json_pose(m: PoseFrame) -> Dict[str, Any]:
    return {
        "header": _json_header(m.header),
        "image_width": m.image_width,
        "image_height": m.image_height,
        "person_index": m.person_index,
        "landmarks": _json_landmarks(m.landmarks),
        "world_landmarks": _json_landmarks(m.world_landmarks),
    }


def _json_face(m: FaceFrame) -> Dict[str, Any]:
    return {
        "header": _json_header(m.header),
        "image_width": m.image_width,
        "image_height": m.image_height,
        "face_index": m.face_index,
        "landmarks": [_jfs(p) for p in m.landmarks],
        "blendshapes": _json_weights(m.blendshapes),
        "facial_transform": None if m.facial_transform is None else _jfs(m.facial_transform),
    }


def _json_hand(m: HandFrame) -> Dict[str, Any]:
    return {
        "header": _json_header(m.header),
        "image_width": m.image_width,
        "image_height": m.image_height,
        "hand_index": m.hand_index,
        "handedness": Handedness(m.handedness).name,
        "handedness_score": _jf(m.handedness_score),
        "landmarks": [_jfs(p) for p in m.landmarks],
        "world_landmarks": [_jfs(p) for p in m.world_landmarks],
    }


def _json_audio(m: AudioFrame) -> Dict[str, Any]:
    return {
        "header": _json_header(m.header),
        "sample_rate": m.sample_rate,
        "samples": list(m.samples),
    }


def _json_rig(m: RigFrame) -> Dict[str, Any]:
    return {
        "header": _json_header(m.header),
        "bones": [
            {
                "name": b.name,
                "rotation": _jfs(b.rotation),
                "translation": None if b.translation is None else _jfs(b.translation),
            }
            for b in m.bones
        ],
        "blendshapes": _json_weights(m.blendshapes),
        "root_position": None if m.root_position is None else _jfs(m.root_position),
    }


def _json_state(m: AvatarState) -> Dict[str, Any]:
    return {
        "avatar_id": m.avatar_id,
        "seq": m.seq,
        "sim_time_ns": m.sim_time_ns,
        "publish_time_ns": m.publish_time_ns,
        "input_seq": m.input_seq,
        "input_capture_time_ns": m.input_capture_time_ns,
        "asset_hash": list(m.asset_hash),
        "p": _jfs(m.p),
        "z": _jfs(m.z),
        "flags": int(m.flags),
        "dropped_before": m.dropped_before,
        "run_id": m.run_id,
        "held": _jfs(m.held),
    }


def _json_stats(m: Stats) -> Dict[str, Any]:
    return {
        "daemon_id": m.daemon_id,
        "time_ns": m.time_ns,
        "uptime_ns": m.uptime_ns,
        "counters": [{"name": c.name, "value": c.value} for c in m.counters],
        "histograms": [
            {
                "name": h.name,
                "unit": h.unit,
                "upper_bounds": _jfs(h.upper_bounds),
                "counts": list(h.counts),
                "count": h.count,
                "sum": _jf(h.sum),
                "p50": _jf(h.p50),
                "p99": _jf(h.p99),
                "max": _jf(h.max),
            }
            for h in m.histograms
        ],
    }


def _json_request_body(r: Request) -> Dict[str, Any]:
    if isinstance(r, ListAvatars):
        return {"kind": "ListAvatars"}
    if isinstance(r, GetAsset):
        return {"kind": "GetAsset", "avatar_id": r.avatar_id, "offset": r.offset, "max_len": r.max_len}
    if isinstance(r, SetParams):
        return {"kind": "SetParams", "avatar_id": r.avatar_id, "params": _json_weights(r.params)}
    if isinstance(r, ResetAvatar):
        return {"kind": "ResetAvatar", "avatar_id": r.avatar_id}
    if isinstance(r, GetStats):
        return {"kind": "GetStats"}
    if isinstance(r, GetState):
        return {"kind": "GetState", "avatar_id": r.avatar_id}
    raise TypeError(f"not a request body: {type(r).__name__}")


def _json_request(m: ControlRequest) -> Dict[str, Any]:
    return {"request_id": m.request_id, "request": _json_request_body(m.request)}


def _json_response_body(r: Optional[Response]) -> Optional[Dict[str, Any]]:
    if r is None:
        return None
    if isinstance(r, AvatarList):
        return {
            "kind": "AvatarList",
            "avatars": [
                {
                    "avatar_id": a.avatar_id,
                    "topic": a.topic,
                    "asset_hash": list(a.asset_hash),
                    "asset_len": a.asset_len,
                    "num_p": a.num_p,
                    "num_z": a.num_z,
                    "tick_hz": _jf(a.tick_hz),
                }
                for a in r.avatars
            ],
        }
    if isinstance(r, AssetChunk):
        return {
            "kind": "AssetChunk",
            "avatar_id": r.avatar_id,
            "asset_hash": list(r.asset_hash),
            "total_len": r.total_len,
            "offset": r.offset,
            "data": list(r.data),
        }
    if isinstance(r, Stats):
        return {"kind": "Stats", **_json_stats(r)}
    if isinstance(r, AvatarState):
        return {"kind": "AvatarState", **_json_state(r)}
    if isinstance(r, Ack):
        return {"kind": "Ack"}
    raise TypeError(f"not a response body: {type(r).__name__}")


def _json_response(m: ControlResponse) -> Dict[str, Any]:
    return {
        "request_id": m.request_id,
        "status": Status(m.status).name,
        "error": m.error,
        "response": _json_response_body(m.response),
    }


_JSON_WRITERS: Dict[type, Callable[[Any], Dict[str, Any]]] = {
    PoseFrame: _json_pose,
    FaceFrame: _json_face,
    RigFrame: _json_rig,
    AvatarState: _json_state,
    Stats: _json_stats,
    ControlRequest: _json_request,
    ControlResponse: _json_response,
    HandFrame: _json_hand,
    AudioFrame: _json_audio,
}


def to_json(msg: Message) -> Dict[str, Any]:
    """The canonical JSON form (a dict ready for :func:`json.dumps`) of a message."""
    try:
        kind, _ = _MESSAGE_KINDS[type(msg)]
    except KeyError:
        raise TypeError(f"not a message: {type(msg).__name__}") from None
    return {"kind": kind, **_JSON_WRITERS[type(msg)](msg)}


# -- reading: every value is type- and range-checked like serde would; errors name the JSON path.

_U8_MAX, _U16_MAX, _U32_MAX, _U64_MAX = 2**8 - 1, 2**16 - 1, 2**32 - 1, 2**64 - 1
_I16_MIN, _I16_MAX = -(2**15), 2**15 - 1
_I64_MIN, _I64_MAX = -(2**63), 2**63 - 1


class _J:
    """A JSON object being read, with its path for error messages."""

    __slots__ = ("obj", "path")

    def __init__(self, obj: Any, path: str):
        if not isinstance(obj, dict):
            raise ValueError(f"{path}: expected an object, got {_type_name(obj)}")
        self.obj = obj
        self.path = path

    def get(self, key: str, optional: bool = False) -> Any:
        if key not in self.obj:
            if optional:
                return None
            raise ValueError(f"{self.path}: missing field {key!r}")
        return self.obj[key]

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}"

    def integer(self, key: str, lo: int, hi: int) -> int:
        return _j_int(self.get(key), lo, hi, self.sub(key))

    def u8(self, key: str) -> int:
        return self.integer(key, 0, _U8_MAX)

    def u32(self, key: str) -> int:
        return self.integer(key, 0, _U32_MAX)

    def u64(self, key: str) -> int:
        return self.integer(key, 0, _U64_MAX)

    def i64(self, key: str) -> int:
        return self.integer(key, _I64_MIN, _I64_MAX)

    def num(self, key: str) -> float:
        return _j_float(self.get(key), self.sub(key))

    def text(self, key: str, optional: bool = False) -> Optional[str]:
        v = self.get(key, optional)
        if v is None and optional:
            return None
        if not isinstance(v, str):
            raise ValueError(f"{self.sub(key)}: expected a string, got {_type_name(v)}")
        return v

    def items(self, key: str) -> List[Any]:
        return _j_list(self.get(key), self.sub(key))

    def floats(self, key: str) -> List[float]:
        path = self.sub(key)
        return [_j_float(v, f"{path}[{i}]") for i, v in enumerate(self.items(key))]

    def u64s(self, key: str) -> List[int]:
        path = self.sub(key)
        return [_j_int(v, 0, _U64_MAX, f"{path}[{i}]") for i, v in enumerate(self.items(key))]

    def i16s(self, key: str) -> List[int]:
        path = self.sub(key)
        return [_j_int(v, _I16_MIN, _I16_MAX, f"{path}[{i}]") for i, v in enumerate(self.items(key))]

    def blob(self, key: str) -> bytes:
        path = self.sub(key)
        return bytes(_j_int(v, 0, _U8_MAX, f"{path}[{i}]") for i, v in enumerate(self.items(key)))

    def array(self, key: str, n: int, optional: bool = False) -> Optional[Tuple[float, ...]]:
        v = self.get(key, optional)
        if v is None and optional:
            return None
        return _j_array(v, n, self.sub(key))

    def objects(self, key: str) -> List["_J"]:
        path = self.sub(key)
        return [_J(v, f"{path}[{i}]") for i, v in enumerate(self.items(key))]


def _type_name(v: Any) -> str:
    return "null" if v is None else type(v).__name__


def _j_int(v: Any, lo: int, hi: int, path: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{path}: expected an integer, got {_type_name(v)}")
    if not lo <= v <= hi:
        raise ValueError(f"{path}: {v} is out of range [{lo}, {hi}]")
    return v


def _j_float(v: Any, path: str) -> float:
    if v is None:
        return math.nan
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError(f"{path}: expected a number, got {_type_name(v)}")
    return float(v)


def _j_list(v: Any, path: str) -> List[Any]:
    if not isinstance(v, list):
        raise ValueError(f"{path}: expected an array, got {_type_name(v)}")
    return v


def _j_array(v: Any, n: int, path: str) -> Tuple[float, ...]:
    items = _j_list(v, path)
    if len(items) != n:
        raise ValueError(f"{path}: expected {n} numbers, got {len(items)}")
    return tuple(_j_float(x, f"{path}[{i}]") for i, x in enumerate(items))


def _from_json_header(j: _J) -> FrameHeader:
    return FrameHeader(
        source_id=j.text("source_id"),
        stream_id=j.u64("stream_id"),
        seq=j.u64("seq"),
        capture_time_ns=j.i64("capture_time_ns"),
        send_time_ns=j.i64("send_time_ns"),
    )


def _from_json_weights(j: _J, key: str) -> List[NamedWeight]:
    return [NamedWeight(name=w.text("name"), value=w.num("value")) for w in j.objects(key)]


def _from_json_landmarks(j: _J, key: str) -> List[Landmark]:
    return [
        Landmark(
            x=p.num("x"),
            y=p.num("y"),
            z=p.num("z"),
            visibility=p.num("visibility"),
            presence=p.num("presence"),
        )
        for p in j.objects(key)
    ]


def _from_json_pose(j: _J) -> PoseFrame:
    return PoseFrame(
        header=_from_json_header(_J(j.get("header"), j.sub("header"))),
        image_width=j.u32("image_width"),
        image_height=j.u32("image_height"),
        person_index=j.u8("person_index"),
        landmarks=_from_json_landmarks(j, "landmarks"),
        world_landmarks=_from_json_landmarks(j, "world_landmarks"),
    )


def _from_json_face(j: _J) -> FaceFrame:
    path = j.sub("landmarks")
    return FaceFrame(
        header=_from_json_header(_J(j.get("header"), j.sub("header"))),
        image_width=j.u32("image_width"),
        image_height=j.u32("image_height"),
        face_index=j.u8("face_index"),
        landmarks=[_j_array(p, 3, f"{path}[{i}]") for i, p in enumerate(j.items("landmarks"))],
        blendshapes=_from_json_weights(j, "blendshapes"),
        facial_transform=j.array("facial_transform", 16, optional=True),
    )


def _from_json_hand(j: _J) -> HandFrame:
    name = j.text("handedness")
    try:
        handedness = Handedness[name]
    except KeyError:
        raise ValueError(f"{j.sub('handedness')}: unknown handedness {name!r}") from None

    def points(key: str) -> List[Vec3]:
        path = j.sub(key)
        return [_j_array(p, 3, f"{path}[{i}]") for i, p in enumerate(j.items(key))]

    return HandFrame(
        header=_from_json_header(_J(j.get("header"), j.sub("header"))),
        image_width=j.u32("image_width"),
        image_height=j.u32("image_height"),
        hand_index=j.u8("hand_index"),
        handedness=handedness,
        handedness_score=j.num("handedness_score"),
        landmarks=points("landmarks"),
        world_landmarks=points("world_landmarks"),
    )


def _from_json_audio(j: _J) -> AudioFrame:
    return AudioFrame(
        header=_from_json_header(_J(j.get("header"), j.sub("header"))),
        sample_rate=j.u32("sample_rate"),
        samples=j.i16s("samples"),
    )


def _from_json_rig(j: _J) -> RigFrame:
    return RigFrame(
        header=_from_json_header(_J(j.get("header"), j.sub("header"))),
        bones=[
            BoneTransform(
                name=b.text("name"),
                rotation=b.array("rotation", 4),
                translation=b.array("translation", 3, optional=True),
            )
            for b in j.objects("bones")
        ],
        blendshapes=_from_json_weights(j, "blendshapes"),
        root_position=j.array("root_position", 3, optional=True),
    )


def _from_json_state(j: _J) -> AvatarState:
    return AvatarState(
        avatar_id=j.text("avatar_id"),
        seq=j.u64("seq"),
        sim_time_ns=j.i64("sim_time_ns"),
        publish_time_ns=j.i64("publish_time_ns"),
        input_seq=j.u64("input_seq"),
        input_capture_time_ns=j.i64("input_capture_time_ns"),
        asset_hash=j.blob("asset_hash"),
        p=j.floats("p"),
        z=j.floats("z"),
        flags=j.u32("flags"),
        dropped_before=j.u64("dropped_before"),
        run_id=j.u64("run_id"),
        held=j.floats("held"),
    )


def _from_json_stats(j: _J) -> Stats:
    return Stats(
        daemon_id=j.text("daemon_id"),
        time_ns=j.i64("time_ns"),
        uptime_ns=j.i64("uptime_ns"),
        counters=[Counter(name=c.text("name"), value=c.u64("value")) for c in j.objects("counters")],
        histograms=[
            Histogram(
                name=h.text("name"),
                unit=h.text("unit"),
                upper_bounds=h.floats("upper_bounds"),
                counts=h.u64s("counts"),
                count=h.u64("count"),
                sum=h.num("sum"),
                p50=h.num("p50"),
                p99=h.num("p99"),
                max=h.num("max"),
            )
            for h in j.objects("histograms")
        ],
    )


def _kind(j: _J, allowed: Sequence[str]) -> str:
    kind = j.text("kind")
    if kind not in allowed:
        raise ValueError(f"{j.sub('kind')}: unknown kind {kind!r}, expected one of {', '.join(allowed)}")
    return kind


_REQUEST_KINDS = ("ListAvatars", "GetAsset", "SetParams", "ResetAvatar", "GetStats", "GetState")
_RESPONSE_KINDS = ("AvatarList", "AssetChunk", "Stats", "AvatarState", "Ack")


def _from_json_request_body(j: _J) -> Request:
    kind = _kind(j, _REQUEST_KINDS)
    if kind == "ListAvatars":
        return ListAvatars()
    if kind == "GetAsset":
        return GetAsset(avatar_id=j.text("avatar_id"), offset=j.u64("offset"), max_len=j.u32("max_len"))
    if kind == "SetParams":
        return SetParams(avatar_id=j.text("avatar_id"), params=_from_json_weights(j, "params"))
    if kind == "ResetAvatar":
        return ResetAvatar(avatar_id=j.text("avatar_id"))
    if kind == "GetStats":
        return GetStats()
    return GetState(avatar_id=j.text("avatar_id"))


def _from_json_request(j: _J) -> ControlRequest:
    return ControlRequest(
        request_id=j.u64("request_id"),
        request=_from_json_request_body(_J(j.get("request"), j.sub("request"))),
    )


def _from_json_response_body(j: _J) -> Response:
    kind = _kind(j, _RESPONSE_KINDS)
    if kind == "AvatarList":
        return AvatarList(
            [
                AvatarInfo(
                    avatar_id=a.text("avatar_id"),
                    topic=a.text("topic"),
                    asset_hash=a.blob("asset_hash"),
                    asset_len=a.u64("asset_len"),
                    num_p=a.u32("num_p"),
                    num_z=a.u32("num_z"),
                    tick_hz=a.num("tick_hz"),
                )
                for a in j.objects("avatars")
            ]
        )
    if kind == "AssetChunk":
        return AssetChunk(
            avatar_id=j.text("avatar_id"),
            asset_hash=j.blob("asset_hash"),
            total_len=j.u64("total_len"),
            offset=j.u64("offset"),
            data=j.blob("data"),
        )
    if kind == "Stats":
        return _from_json_stats(j)
    if kind == "AvatarState":
        return _from_json_state(j)
    return Ack()


def _from_json_response(j: _J) -> ControlResponse:
    status_name = j.text("status")
    try:
        status = Status[status_name]
    except KeyError:
        raise ValueError(f"{j.sub('status')}: unknown status {status_name!r}") from None
    body = j.get("response", optional=True)
    return ControlResponse(
        request_id=j.u64("request_id"),
        status=status,
        error=j.text("error", optional=True),
        response=None if body is None else _from_json_response_body(_J(body, j.sub("response"))),
    )


_JSON_READERS: Dict[str, Callable[[_J], Message]] = {
    "Pose": _from_json_pose,
    "Face": _from_json_face,
    "Rig": _from_json_rig,
    "State": _from_json_state,
    "Stats": _from_json_stats,
    "Request": _from_json_request,
    "Response": _from_json_response,
    "Hand": _from_json_hand,
    "Audio": _from_json_audio,
}


def from_json(obj: Dict[str, Any]) -> Message:
    """The message whose canonical JSON form is ``obj`` (a dict as given by :func:`json.loads`).

    Raises :class:`ValueError` naming the offending path for a missing field, a wrong type or an integer
    out of range of its wire type. Unknown fields are ignored (as serde does by default).
    """
    j = _J(obj, "$")
    return _JSON_READERS[_kind(j, tuple(_JSON_READERS))](j)
