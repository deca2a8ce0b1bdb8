"""Typed messages of the avatar runtime's wire protocol.

This module is the Python twin of the Rust crate ``avatar-schema``:

* the dataclasses mirror ``schema/src/types.rs`` field for field (same names, same order);
* :func:`encode` builds a FlatBuffer with the generated builders in ``avatar.wire`` (root ``Message``,
  file identifier ``b"AVTR"``, ``schema_version`` 2), like ``schema/src/encode.rs``;
* :func:`decode` verifies untrusted bytes the way ``schema/src/decode.rs`` does -- first the structure
  (a port of the FlatBuffers verifier of the Rust ``flatbuffers`` crate, which the Python library lacks),
  then the meaning (landmark counts, finite floats, ranges, name lengths) -- and raises :class:`DecodeError`
  with the same ``reason`` names as Rust's ``Reject::as_str``;
* :func:`to_json` / :func:`from_json` convert to and from the canonical JSON form, which is the serde form
  of the Rust types (see ``schema/testdata/samples.json``).

Conventions (see ``schema/avatar.fbs``): times are signed nanoseconds since the UNIX epoch; fixed-size
arrays (quaternions ``(x, y, z, w)``, vectors ``(x, y, z)``, column-major 4x4 matrices, face landmarks)
are tuples; byte strings (asset hashes, asset data) are :class:`bytes`; every ``float`` that travels as
an f32 is rounded to f32 on the wire, so compare decoded messages with :func:`round_f32` applied to the
original.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import struct
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import flatbuffers

from .wire import Ack as _wAck
from .wire import AssetChunk as _wAssetChunk
from .wire import AvatarInfo as _wAvatarInfo
from .wire import AvatarList as _wAvatarList
from .wire import AvatarState as _wAvatarState
from .wire import BoneTransform as _wBoneTransform
from .wire import ControlRequest as _wControlRequest
from .wire import ControlResponse as _wControlResponse
from .wire import Counter as _wCounter
from .wire import FaceFrame as _wFaceFrame
from .wire import FrameHeader as _wFrameHeader
from .wire import HandFrame as _wHandFrame
from .wire import GetAsset as _wGetAsset
from .wire import GetState as _wGetState
from .wire import GetStats as _wGetStats
from .wire import Histogram as _wHistogram
from .wire import Landmark as _wLandmark
from .wire import ListAvatars as _wListAvatars
from .wire import Mat4 as _wMat4
from .wire import Message as _wMessage
from .wire import NamedWeight as _wNamedWeight
from .wire import PoseFrame as _wPoseFrame
from .wire import Quat as _wQuat
from .wire import ResetAvatar as _wResetAvatar
from .wire import RigFrame as _wRigFrame
from .wire import SetParams as _wSetParams
from .wire import Stats as _wStats
from .wire import Vec3 as _wVec3
from .wire.Payload import Payload as _Payload
from .wire.Request import Request as _Request
from .wire.Response import Response as _Response

__all__ = [
    "SCHEMA_VERSION",
    "FILE_IDENTIFIER",
    "POSE_LANDMARKS",
    "FACE_LANDMARKS",
    "HAND_LANDMARKS",
    "DEFAULT_MAX_LEN",
    "MAX_MESSAGE_BYTES",
    "MAX_NAME_BYTES",
    "MAX_NAMED_ITEMS",
    "MAX_STATE_FLOATS",
    "MAX_STATS_ITEMS",
    "MAX_HASH_BYTES",
    "QUAT_NORM_TOLERANCE",
    "REJECT_REASONS",
    "FrameHeader",
    "Landmark",
    "NamedWeight",
    "PoseFrame",
    "FaceFrame",
    "Handedness",
    "HandFrame",
    "BoneTransform",
    "RigFrame",
    "StateFlags",
    "AvatarState",
    "Counter",
    "Histogram",
    "Stats",
    "ListAvatars",
    "GetAsset",
    "SetParams",
    "ResetAvatar",
    "GetStats",
    "GetState",
    "ControlRequest",
    "Status",
    "AvatarInfo",
    "AvatarList",
    "AssetChunk",
    "Ack",
    "ControlResponse",
    "Message",
    "Request",
    "Response",
    "TRACKER_FRAMES",
    "DecodeError",
    "encode",
    "decode",
    "to_json",
    "from_json",
    "message_kind",
    "to_f32",
    "round_f32",
]

# ---------------------------------------------------------------------------------------------------------
# Constants (schema/src/types.rs, schema/src/decode.rs)

#: Version written into ``Message.schema_version``; readers reject newer versions.
SCHEMA_VERSION = 2  # 2 added HandFrame; version 1 messages are still read
#: FlatBuffers file identifier of every message.
FILE_IDENTIFIER = b"AVTR"
#: MediaPipe Pose: landmarks per person.
POSE_LANDMARKS = 33
#: MediaPipe Face Mesh without / with iris refinement.
FACE_LANDMARKS = (468, 478)
#: MediaPipe Hand Landmarker: landmarks per hand.
HAND_LANDMARKS = 21
#: Default of ``GetAsset.max_len`` in the schema.
DEFAULT_MAX_LEN = 1048576

#: Largest message accepted, in bytes.
MAX_MESSAGE_BYTES = 32 << 20
#: Longest identifier string (source ids, avatar ids, bone/blendshape/parameter names), in UTF-8 bytes.
MAX_NAME_BYTES = 256
#: Most bones or blendshapes in one rig frame, params in one request, avatars in one list.
MAX_NAMED_ITEMS = 4096
#: Most rig parameters ``p`` or reduced coordinates ``z`` in one state.
MAX_STATE_FLOATS = 1 << 20
#: Most counters or histograms in one Stats, buckets in one histogram.
MAX_STATS_ITEMS = 4096
#: Longest asset hash, in bytes.
MAX_HASH_BYTES = 64
#: Tolerance on a rotation quaternion's norm (an f32, like in Rust).
QUAT_NORM_TOLERANCE = 0.01

#: Rejection reasons, in the order of Rust's ``Reject::ALL``. ``decode`` raises the first ten; the last five
#: are used by the daemon's input stage (a valid message on the wrong socket, an out-of-order frame, a capture
#: time beyond the clock-skew window, a second live stream on one source, a full source table).
REJECT_REASONS = (
    "too_short",
    "too_large",
    "identifier",
    "malformed",
    "version",
    "payload",
    "count",
    "non_finite",
    "range",
    "too_many",
    "unexpected",
    "order",
    "skew",
    "stream_busy",
    "sources_full",
)

Vec3 = Tuple[float, float, float]
Quat = Tuple[float, float, float, float]
Mat4 = Tuple[float, ...]  # 16 floats, column-major

# ---------------------------------------------------------------------------------------------------------
# Message types (schema/src/types.rs)


@dataclass(slots=True)
class FrameHeader:
    """Identifies one tracker stream and orders its frames."""

    source_id: str
    stream_id: int = 0  # u64, random per tracker process start
    seq: int = 0  # u64, strictly increasing per (source_id, stream_id)
    capture_time_ns: int = 0
    send_time_ns: int = 0


@dataclass(slots=True)
class Landmark:
    """One MediaPipe pose landmark (normalized image or world coordinates, see avatar.fbs)."""

    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    visibility: float = 0.0
    presence: float = 0.0


@dataclass(slots=True)
class NamedWeight:
    """A named scalar: a blendshape weight or score, a parameter."""

    name: str
    value: float = 0.0


@dataclass(slots=True)
class PoseFrame:
    """MediaPipe Pose Landmarker output for one person: 33 normalized and 33 world landmarks."""

    header: FrameHeader
    image_width: int = 0
    image_height: int = 0
    person_index: int = 0
    landmarks: List[Landmark] = field(default_factory=list)
    world_landmarks: List[Landmark] = field(default_factory=list)


@dataclass(slots=True)
class FaceFrame:
    """MediaPipe Face Landmarker output for one face: 468 or 478 landmarks, blendshape scores."""

    header: FrameHeader
    image_width: int = 0
    image_height: int = 0
    face_index: int = 0
    landmarks: List[Vec3] = field(default_factory=list)
    blendshapes: List[NamedWeight] = field(default_factory=list)
    facial_transform: Optional[Mat4] = None  # column-major 4x4, if the tracker sent one


class Handedness(enum.IntEnum):
    """Which of the subject's own hands (anatomical, whatever the image's mirroring). The names are the
    canonical JSON strings, the values the wire values; the wire's ``Unknown`` (0) and anything else is
    refused by :func:`decode`."""

    Left = 1
    Right = 2


@dataclass(slots=True)
class HandFrame:
    """MediaPipe Hand Landmarker output for one hand: 21 normalized image and 21 world landmarks."""

    header: FrameHeader
    image_width: int = 0
    image_height: int = 0
    hand_index: int = 0
    handedness: Handedness = Handedness.Left  # an int other than 1/2 can be encoded on purpose (tests)
    handedness_score: float = 0.0  # [0, 1]
    landmarks: List[Vec3] = field(default_factory=list)  # 21
    world_landmarks: List[Vec3] = field(default_factory=list)  # 21, metres


@dataclass(slots=True)
class BoneTransform:
    """Local rotation (relative to the bind pose) and optional local offset of one bone."""

    name: str
    rotation: Quat = (0.0, 0.0, 0.0, 1.0)
    translation: Optional[Vec3] = None


@dataclass(slots=True)
class RigFrame:
    """Rig parameters given directly by a source that already solved the rig (mocap, BVH, VMC)."""

    header: FrameHeader
    bones: List[BoneTransform] = field(default_factory=list)
    blendshapes: List[NamedWeight] = field(default_factory=list)
    root_position: Optional[Vec3] = None


class StateFlags(enum.IntFlag):
    """Bits of ``AvatarState.flags`` (schema enum ``StateFlags``)."""

    HELD_POSE = 1 << 0
    RESET = 1 << 1
    DEGRADED = 1 << 2
    REST_POSE = 1 << 3
    ALL = HELD_POSE | RESET | DEGRADED | REST_POSE


@dataclass(slots=True)
class AvatarState:
    """One simulation output of one avatar, as published by the daemon."""

    avatar_id: str = ""
    seq: int = 0
    sim_time_ns: int = 0
    publish_time_ns: int = 0
    input_seq: int = 0
    input_capture_time_ns: int = 0
    asset_hash: bytes = b""
    p: List[float] = field(default_factory=list)
    z: List[float] = field(default_factory=list)
    flags: int = 0  # StateFlags bits
    dropped_before: int = 0
    run_id: int = 0


@dataclass(slots=True)
class Counter:
    name: str
    value: int = 0


@dataclass(slots=True)
class Histogram:
    """A histogram with explicit bucket upper bounds; ``counts`` has one more entry (overflow). f64 values."""

    name: str = ""
    unit: str = ""
    upper_bounds: List[float] = field(default_factory=list)
    counts: List[int] = field(default_factory=list)
    count: int = 0
    sum: float = 0.0
    p50: float = 0.0
    p99: float = 0.0
    max: float = 0.0


@dataclass(slots=True)
class Stats:
    daemon_id: str = ""
    time_ns: int = 0
    uptime_ns: int = 0
    counters: List[Counter] = field(default_factory=list)
    histograms: List[Histogram] = field(default_factory=list)

    def counter(self, name: str) -> Optional[int]:
        """Value of the counter called ``name``, if present."""
        return next((c.value for c in self.counters if c.name == name), None)


# Control requests (bodies of ControlRequest.request)


@dataclass(slots=True)
class ListAvatars:
    pass


@dataclass(slots=True)
class GetAsset:
    avatar_id: str
    offset: int = 0
    max_len: int = DEFAULT_MAX_LEN


@dataclass(slots=True)
class SetParams:
    avatar_id: str  # "*" = every avatar
    params: List[NamedWeight] = field(default_factory=list)


@dataclass(slots=True)
class ResetAvatar:
    avatar_id: str  # "*" = every avatar


@dataclass(slots=True)
class GetStats:
    pass


@dataclass(slots=True)
class GetState:
    avatar_id: str


Request = Union[ListAvatars, GetAsset, SetParams, ResetAvatar, GetStats, GetState]


@dataclass(slots=True)
class ControlRequest:
    request_id: int
    request: Request


class Status(enum.IntEnum):
    """Control response status; the names are the canonical JSON strings, the values the wire values."""

    Ok = 0
    BadRequest = 1
    NotFound = 2
    InvalidParam = 3
    Unsupported = 4
    Internal = 5


@dataclass(slots=True)
class AvatarInfo:
    avatar_id: str
    topic: str
    asset_hash: bytes = b""
    asset_len: int = 0
    num_p: int = 0
    num_z: int = 0
    tick_hz: float = 0.0


# Control responses (bodies of ControlResponse.response); Stats and AvatarState are bodies too.


@dataclass(slots=True)
class AvatarList:
    avatars: List[AvatarInfo] = field(default_factory=list)


@dataclass(slots=True)
class AssetChunk:
    avatar_id: str
    asset_hash: bytes = b""
    total_len: int = 0
    offset: int = 0
    data: bytes = b""


@dataclass(slots=True)
class Ack:
    pass


Response = Union[AvatarList, AssetChunk, Stats, AvatarState, Ack]


@dataclass(slots=True)
class ControlResponse:
    request_id: int
    status: Status = Status.Ok
    error: Optional[str] = None
    response: Optional[Response] = None

    @classmethod
    def ok(cls, request_id: int, response: Response) -> "ControlResponse":
        return cls(request_id, Status.Ok, None, response)

    @classmethod
    def failure(cls, request_id: int, status: Status, error: str) -> "ControlResponse":
        return cls(request_id, status, error, None)


#: One message: the ``Payload`` union of the root table.
Message = Union[PoseFrame, FaceFrame, RigFrame, AvatarState, Stats, ControlRequest, ControlResponse, HandFrame]

#: Message types a tracker sends to the daemon's input socket.
TRACKER_FRAMES = (PoseFrame, FaceFrame, RigFrame, HandFrame)

# Canonical JSON "kind" tag and short name (Rust's Message::kind) of each message type.
_MESSAGE_KINDS: Dict[type, Tuple[str, str]] = {
    PoseFrame: ("Pose", "pose"),
    FaceFrame: ("Face", "face"),
    RigFrame: ("Rig", "rig"),
    AvatarState: ("State", "state"),
    Stats: ("Stats", "stats"),
    ControlRequest: ("Request", "request"),
    ControlResponse: ("Response", "response"),
    HandFrame: ("Hand", "hand"),
}


def message_kind(msg: Message) -> str:
    """Short name of the payload type ("pose", "face", "rig", "state", "stats", "request", "response",
    "hand")."""
    try:
        return _MESSAGE_KINDS[type(msg)][1]
    except KeyError:
        raise TypeError(f"not a message: {type(msg).__name__}") from None


# ---------------------------------------------------------------------------------------------------------
# f32 helpers

_F32 = struct.Struct("<f")


def to_f32(x: float) -> float:
    """``x`` rounded to the nearest f32 (what the wire keeps of it); overflow gives +-inf (Rust's ``as``)."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


_QUAT_TOLERANCE_F32 = to_f32(QUAT_NORM_TOLERANCE)


def round_f32(obj: Any) -> Any:
    """A copy of a message (or any part of one) with every f32 field rounded to f32.

    ``decode(encode(m)) == round_f32(m)`` for every valid message ``m``. Histogram values are f64 on the
    wire and are left alone.
    """
    if isinstance(obj, float):
        return to_f32(obj)
    if isinstance(obj, Histogram):
        return dataclasses.replace(obj)
    if isinstance(obj, (list, tuple)):
        return type(obj)(round_f32(v) for v in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(
            obj, **{f.name: round_f32(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        )
    return obj


# ---------------------------------------------------------------------------------------------------------
# Encoding (schema/src/encode.rs)


def encode(msg: Message) -> bytes:
    """Encode one message as a FlatBuffer (root ``Message``, identifier "AVTR", schema_version 2).

    No semantic validation is done (like the Rust encoder), so invalid messages can be built on purpose.
    Raises :class:`ValueError` for values the wire types cannot hold (an integer out of range, a float
    too large for an f32) and :class:`TypeError` for an object that is not a message.
    """
    try:
        build = _PAYLOAD_BUILDERS[type(msg)]
    except KeyError:
        raise TypeError(f"not a message: {type(msg).__name__}") from None
    b = flatbuffers.Builder(1024)
    try:
        payload_type, payload = build(b, msg)
        _wMessage.Start(b)
        _wMessage.AddSchemaVersion(b, SCHEMA_VERSION)
        _wMessage.AddPayloadType(b, payload_type)
        _wMessage.AddPayload(b, payload)
        b.Finish(_wMessage.End(b), file_identifier=FILE_IDENTIFIER)
    except (struct.error, OverflowError) as e:
        raise ValueError(f"cannot encode {type(msg).__name__}: {e}") from None
    except TypeError as e:  # the flatbuffers library reports out-of-range numbers as TypeError
        if "bad number" in str(e):
            raise ValueError(f"cannot encode {type(msg).__name__}: {e}") from None
        raise
    return bytes(b.Output())


def _offsets_vector(b: flatbuffers.Builder, start: Callable, offsets: Sequence[int]) -> int:
    start(b, len(offsets))
    for off in reversed(offsets):
        b.PrependUOffsetTRelative(off)
    return b.EndVector()


def _scalars_vector(b: flatbuffers.Builder, start: Callable, prepend: Callable, values: Sequence) -> int:
    start(b, len(values))
    for v in reversed(values):
        prepend(v)
    return b.EndVector()


def _enc_header(b: flatbuffers.Builder, h: FrameHeader) -> int:
    source_id = b.CreateString(h.source_id)
    _wFrameHeader.Start(b)
    _wFrameHeader.AddSourceId(b, source_id)
    _wFrameHeader.AddStreamId(b, h.stream_id)
    _wFrameHeader.AddSeq(b, h.seq)
    _wFrameHeader.AddCaptureTimeNs(b, h.capture_time_ns)
    _wFrameHeader.AddSendTimeNs(b, h.send_time_ns)
    return _wFrameHeader.End(b)


def _enc_named_weights(b: flatbuffers.Builder, start: Callable, weights: Sequence[NamedWeight]) -> int:
    items = []
    for w in weights:
        name = b.CreateString(w.name)
        _wNamedWeight.Start(b)
        _wNamedWeight.AddName(b, name)
        _wNamedWeight.AddValue(b, w.value)
        items.append(_wNamedWeight.End(b))
    return _offsets_vector(b, start, items)


def _enc_landmarks(b: flatbuffers.Builder, start: Callable, landmarks: Sequence[Landmark]) -> int:
    start(b, len(landmarks))
    for p in reversed(landmarks):
        _wLandmark.CreateLandmark(b, p.x, p.y, p.z, p.visibility, p.presence)
    return b.EndVector()


def _enc_vec3s(b: flatbuffers.Builder, start: Callable, points: Sequence[Vec3]) -> int:
    start(b, len(points))
    for x, y, z in reversed(points):
        _wVec3.CreateVec3(b, x, y, z)
    return b.EndVector()


def _enc_pose(b: flatbuffers.Builder, m: PoseFrame) -> Tuple[int, int]:
    h = _enc_header(b, m.header)
    lm = _enc_landmarks(b, _wPoseFrame.StartLandmarksVector, m.landmarks)
    wl = _enc_landmarks(b, _wPoseFrame.StartWorldLandmarksVector, m.world_landmarks)
    _wPoseFrame.Start(b)
    _wPoseFrame.AddHeader(b, h)
    _wPoseFrame.AddImageWidth(b, m.image_width)
    _wPoseFrame.AddImageHeight(b, m.image_height)
    _wPoseFrame.AddPersonIndex(b, m.person_index)
    _wPoseFrame.AddLandmarks(b, lm)
    _wPoseFrame.AddWorldLandmarks(b, wl)
    return _Payload.PoseFrame, _wPoseFrame.End(b)


def _enc_face(b: flatbuffers.Builder, m: FaceFrame) -> Tuple[int, int]:
    h = _enc_header(b, m.header)
    lm = _enc_vec3s(b, _wFaceFrame.StartLandmarksVector, m.landmarks)
    bs = _enc_named_weights(b, _wFaceFrame.StartBlendshapesVector, m.blendshapes)
    _wFaceFrame.Start(b)
    _wFaceFrame.AddHeader(b, h)
    _wFaceFrame.AddImageWidth(b, m.image_width)
    _wFaceFrame.AddImageHeight(b, m.image_height)
    _wFaceFrame.AddFaceIndex(b, m.face_index)
    _wFaceFrame.AddLandmarks(b, lm)
    _wFaceFrame.AddBlendshapes(b, bs)
    if m.facial_transform is not None:
        if len(m.facial_transform) != 16:
            raise ValueError(f"facial_transform has {len(m.facial_transform)} values, expected 16")
        _wFaceFrame.AddFacialTransform(b, _wMat4.CreateMat4(b, m.facial_transform))
    return _Payload.FaceFrame, _wFaceFrame.End(b)


def _enc_hand(b: flatbuffers.Builder, m: HandFrame) -> Tuple[int, int]:
    h = _enc_header(b, m.header)
    lm = _enc_vec3s(b, _wHandFrame.StartLandmarksVector, m.landmarks)
    wl = _enc_vec3s(b, _wHandFrame.StartWorldLandmarksVector, m.world_landmarks)
    _wHandFrame.Start(b)
    _wHandFrame.AddHeader(b, h)
    _wHandFrame.AddImageWidth(b, m.image_width)
    _wHandFrame.AddImageHeight(b, m.image_height)
    _wHandFrame.AddHandIndex(b, m.hand_index)
    _wHandFrame.AddHandedness(b, int(m.handedness))
    _wHandFrame.AddHandednessScore(b, m.handedness_score)
    _wHandFrame.AddLandmarks(b, lm)
    _wHandFrame.AddWorldLandmarks(b, wl)
    return _Payload.HandFrame, _wHandFrame.End(b)


def _enc_rig(b: flatbuffers.Builder, m: RigFrame) -> Tuple[int, int]:
    h = _enc_header(b, m.header)
    bones = []
    for bone in m.bones:
        name = b.CreateString(bone.name)
        _wBoneTransform.Start(b)
        _wBoneTransform.AddName(b, name)
        _wBoneTransform.AddRotation(b, _wQuat.CreateQuat(b, *bone.rotation))
        if bone.translation is not None:
            _wBoneTransform.AddTranslation(b, _wVec3.CreateVec3(b, *bone.translation))
        bones.append(_wBoneTransform.End(b))
    bones_vec = _offsets_vector(b, _wRigFrame.StartBonesVector, bones)
    bs = _enc_named_weights(b, _wRigFrame.StartBlendshapesVector, m.blendshapes)
    _wRigFrame.Start(b)
    _wRigFrame.AddHeader(b, h)
    _wRigFrame.AddBones(b, bones_vec)
    _wRigFrame.AddBlendshapes(b, bs)
    if m.root_position is not None:
        _wRigFrame.AddRootPosition(b, _wVec3.CreateVec3(b, *m.root_position))
    return _Payload.RigFrame, _wRigFrame.End(b)


def _enc_state_table(b: flatbuffers.Builder, m: AvatarState) -> int:
    avatar_id = b.CreateString(m.avatar_id)
    asset_hash = b.CreateByteVector(bytes(m.asset_hash))
    p = _scalars_vector(b, _wAvatarState.StartPVector, b.PrependFloat32, m.p)
    z = _scalars_vector(b, _wAvatarState.StartZVector, b.PrependFloat32, m.z)
    _wAvatarState.Start(b)
    _wAvatarState.AddAvatarId(b, avatar_id)
    _wAvatarState.AddSeq(b, m.seq)
    _wAvatarState.AddSimTimeNs(b, m.sim_time_ns)
    _wAvatarState.AddPublishTimeNs(b, m.publish_time_ns)
    _wAvatarState.AddInputSeq(b, m.input_seq)
    _wAvatarState.AddInputCaptureTimeNs(b, m.input_capture_time_ns)
    _wAvatarState.AddAssetHash(b, asset_hash)
    _wAvatarState.AddP(b, p)
    _wAvatarState.AddZ(b, z)
    _wAvatarState.AddFlags(b, int(m.flags))
    _wAvatarState.AddDroppedBefore(b, m.dropped_before)
    _wAvatarState.AddRunId(b, m.run_id)
    return _wAvatarState.End(b)


def _enc_state(b: flatbuffers.Builder, m: AvatarState) -> Tuple[int, int]:
    return _Payload.AvatarState, _enc_state_table(b, m)


def _enc_stats_table(b: flatbuffers.Builder, m: Stats) -> int:
    daemon_id = b.CreateString(m.daemon_id)
    counters = []
    for c in m.counters:
        name = b.CreateString(c.name)
        _wCounter.Start(b)
        _wCounter.AddName(b, name)
        _wCounter.AddValue(b, c.value)
        counters.append(_wCounter.End(b))
    counters_vec = _offsets_vector(b, _wStats.StartCountersVector, counters)
    histograms = []
    for h in m.histograms:
        name = b.CreateString(h.name)
        unit = b.CreateString(h.unit)
        bounds = _scalars_vector(b, _wHistogram.StartUpperBoundsVector, b.PrependFloat64, h.upper_bounds)
        counts = _scalars_vector(b, _wHistogram.StartCountsVector, b.PrependUint64, h.counts)
        _wHistogram.Start(b)
        _wHistogram.AddName(b, name)
        _wHistogram.AddUnit(b, unit)
        _wHistogram.AddUpperBounds(b, bounds)
        _wHistogram.AddCounts(b, counts)
        _wHistogram.AddCount(b, h.count)
        _wHistogram.AddSum(b, h.sum)
        _wHistogram.AddP50(b, h.p50)
        _wHistogram.AddP99(b, h.p99)
        _wHistogram.AddMax(b, h.max)
        histograms.append(_wHistogram.End(b))
    histograms_vec = _offsets_vector(b, _wStats.StartHistogramsVector, histograms)
    _wStats.Start(b)
    _wStats.AddDaemonId(b, daemon_id)
    _wStats.AddTimeNs(b, m.time_ns)
    _wStats.AddUptimeNs(b, m.uptime_ns)
    _wStats.AddCounters(b, counters_vec)
    _wStats.AddHistograms(b, histograms_vec)
    return _wStats.End(b)


def _enc_stats(b: flatbuffers.Builder, m: Stats) -> Tuple[int, int]:
    return _Payload.Stats, _enc_stats_table(b, m)


def _enc_avatar_id_table(b: flatbuffers.Builder, module: Any, avatar_id: str) -> int:
    """A table whose only field is the required ``avatar_id`` (ResetAvatar, GetState)."""
    s = b.CreateString(avatar_id)
    module.Start(b)
    module.AddAvatarId(b, s)
    return module.End(b)


def _enc_request(b: flatbuffers.Builder, m: ControlRequest) -> Tuple[int, int]:
    r = m.request
    if isinstance(r, ListAvatars):
        _wListAvatars.Start(b)
        request_type, body = _Request.ListAvatars, _wListAvatars.End(b)
    elif isinstance(r, GetAsset):
        avatar_id = b.CreateString(r.avatar_id)
        _wGetAsset.Start(b)
        _wGetAsset.AddAvatarId(b, avatar_id)
        _wGetAsset.AddOffset(b, r.offset)
        _wGetAsset.AddMaxLen(b, r.max_len)
        request_type, body = _Request.GetAsset, _wGetAsset.End(b)
    elif isinstance(r, SetParams):
        avatar_id = b.CreateString(r.avatar_id)
        params = _enc_named_weights(b, _wSetParams.StartParamsVector, r.params)
        _wSetParams.Start(b)
        _wSetParams.AddAvatarId(b, avatar_id)
        _wSetParams.AddParams(b, params)
        request_type, body = _Request.SetParams, _wSetParams.End(b)
    elif isinstance(r, ResetAvatar):
        request_type, body = _Request.ResetAvatar, _enc_avatar_id_table(b, _wResetAvatar, r.avatar_id)
    elif isinstance(r, GetStats):
        _wGetStats.Start(b)
        request_type, body = _Request.GetStats, _wGetStats.End(b)
    elif isinstance(r, GetState):
        request_type, body = _Request.GetState, _enc_avatar_id_table(b, _wGetState, r.avatar_id)
    else:
        raise TypeError(f"not a request body: {type(r).__name__}")
    _wControlRequest.Start(b)
    _wControlRequest.AddRequestId(b, m.request_id)
    _wControlRequest.AddRequestType(b, request_type)
    _wControlRequest.AddRequest(b, body)
    return _Payload.ControlRequest, _wControlRequest.End(b)


def _enc_avatar_list(b: flatbuffers.Builder, r: AvatarList) -> int:
    items = []
    for a in r.avatars:
        avatar_id = b.CreateString(a.avatar_id)
        topic = b.CreateString(a.topic)
        asset_hash = b.CreateByteVector(bytes(a.asset_hash))
        _wAvatarInfo.Start(b)
        _wAvatarInfo.AddAvatarId(b, avatar_id)
        _wAvatarInfo.AddTopic(b, topic)
        _wAvatarInfo.AddAssetHash(b, asset_hash)
        _wAvatarInfo.AddAssetLen(b, a.asset_len)
        _wAvatarInfo.AddNumP(b, a.num_p)
        _wAvatarInfo.AddNumZ(b, a.num_z)
        _wAvatarInfo.AddTickHz(b, a.tick_hz)
        items.append(_wAvatarInfo.End(b))
    avatars = _offsets_vector(b, _wAvatarList.StartAvatarsVector, items)
    _wAvatarList.Start(b)
    _wAvatarList.AddAvatars(b, avatars)
    return _wAvatarList.End(b)


def _enc_asset_chunk(b: flatbuffers.Builder, c: AssetChunk) -> int:
    avatar_id = b.CreateString(c.avatar_id)
    asset_hash = b.CreateByteVector(bytes(c.asset_hash))
    data = b.CreateByteVector(bytes(c.data))
    _wAssetChunk.Start(b)
    _wAssetChunk.AddAvatarId(b, avatar_id)
    _wAssetChunk.AddAssetHash(b, asset_hash)
    _wAssetChunk.AddTotalLen(b, c.total_len)
    _wAssetChunk.AddOffset(b, c.offset)
    _wAssetChunk.AddData(b, data)
    return _wAssetChunk.End(b)


def _enc_response(b: flatbuffers.Builder, m: ControlResponse) -> Tuple[int, int]:
    error = b.CreateString(m.error) if m.error is not None else None
    r = m.response
    if r is None:
        response_type, body = _Response.NONE, None
    elif isinstance(r, AvatarList):
        response_type, body = _Response.AvatarList, _enc_avatar_list(b, r)
    elif isinstance(r, AssetChunk):
        response_type, body = _Response.AssetChunk, _enc_asset_chunk(b, r)
    elif isinstance(r, Stats):
        response_type, body = _Response.Stats, _enc_stats_table(b, r)
    elif isinstance(r, AvatarState):
        response_type, body = _Response.AvatarState, _enc_state_table(b, r)
    elif isinstance(r, Ack):
        _wAck.Start(b)
        response_type, body = _Response.Ack, _wAck.End(b)
    else:
        raise TypeError(f"not a response body: {type(r).__name__}")
    _wControlResponse.Start(b)
    _wControlResponse.AddRequestId(b, m.request_id)
    _wControlResponse.AddStatus(b, int(m.status))
    if error is not None:
        _wControlResponse.AddError(b, error)
    _wControlResponse.AddResponseType(b, response_type)
    if body is not None:
        _wControlResponse.AddResponse(b, body)
    return _Payload.ControlResponse, _wControlResponse.End(b)


_PAYLOAD_BUILDERS: Dict[type, Callable[[flatbuffers.Builder, Any], Tuple[int, int]]] = {
    PoseFrame: _enc_pose,
    FaceFrame: _enc_face,
    RigFrame: _enc_rig,
    AvatarState: _enc_state,
    Stats: _enc_stats,
    ControlRequest: _enc_request,
    ControlResponse: _enc_response,
    HandFrame: _enc_hand,
}

# ---------------------------------------------------------------------------------------------------------
# Structural verification: a port of the Rust `flatbuffers` crate's Verifier (verifier.rs), with the options
# of schema/src/decode.rs, driven by table layouts transcribed from avatar.fbs. It reads as it verifies, so
# that nothing is read that was not checked: it returns each table as a dict of field name -> value.


class DecodeError(ValueError):
    """A rejected buffer: ``reason`` (one of :data:`REJECT_REASONS`, for counting), ``detail`` (for logs)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

    def __reduce__(self):
        return (type(self), (self.reason, self.detail))


class _Malformed(Exception):
    """Raised inside the verifier; becomes DecodeError("malformed", ...)."""


_MAX_DEPTH = 16
_MAX_TABLES = 1_000_000
# Apparent-size budget, as in Rust: 2 x the buffer length + 64 KiB. Honest encoders never share offsets between
# vector elements, so a buffer whose contents "expand" beyond that is an amplification attack.
_APPARENT_SLACK = 64 << 10

_U8 = struct.Struct("<B")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_I32 = struct.Struct("<i")


@dataclass(frozen=True)
class _Scalar:
    """A scalar table field: struct format, size (= alignment) and schema default."""

    fmt: struct.Struct
    default: Union[int, float]


@dataclass(frozen=True)
class _String:
    required: bool = False


@dataclass(frozen=True)
class _SubTable:
    layout: "_Layout"
    required: bool = False


@dataclass(frozen=True)
class _InlineStruct:
    """A struct stored inline in a table (alignment 1 for the Rust verifier)."""

    fmt: struct.Struct


@dataclass(frozen=True)
class _ScalarVector:
    code: str  # struct format character of one element: "B" (returned as bytes), "f", "d", "Q"


@dataclass(frozen=True)
class _StructVector:
    fmt: struct.Struct


@dataclass(frozen=True)
class _TableVector:
    layout: "_Layout"


@dataclass(frozen=True)
class _Union:
    """A union: two slots, the type (u8) then the value (offset to a table)."""

    variants: Dict[int, "_Layout"]
    required: bool = False


_FieldSpec = Union[
    _Scalar, _String, _SubTable, _InlineStruct, _ScalarVector, _StructVector, _TableVector, _Union
]


class _Layout:
    """The fields of one table in schema order, with their vtable offsets."""

    def __init__(self, name: str, fields: Sequence[Tuple[str, _FieldSpec]]):
        self.name = name
        self.fields: List[Tuple[str, _FieldSpec, int]] = []
        slot = 0
        for fname, spec in fields:
            self.fields.append((fname, spec, 4 + 2 * slot))
            slot += 2 if isinstance(spec, _Union) else 1


def _u8(default: int = 0) -> _Scalar:
    return _Scalar(struct.Struct("<B"), default)


def _u16(default: int = 0) -> _Scalar:
    return _Scalar(struct.Struct("<H"), default)


def _u32(default: int = 0) -> _Scalar:
    return _Scalar(struct.Struct("<I"), default)


def _u64(default: int = 0) -> _Scalar:
    return _Scalar(struct.Struct("<Q"), default)


def _i64(default: int = 0) -> _Scalar:
    return _Scalar(struct.Struct("<q"), default)


def _f32(default: float = 0.0) -> _Scalar:
    return _Scalar(struct.Struct("<f"), default)


def _f64(default: float = 0.0) -> _Scalar:
    return _Scalar(struct.Struct("<d"), default)


_VEC3 = struct.Struct("<3f")
_QUAT = struct.Struct("<4f")
_LANDMARK = struct.Struct("<5f")
_MAT4 = struct.Struct("<16f")

_L_NAMED_WEIGHT = _Layout("NamedWeight", [("name", _String(required=True)), ("value", _f32())])
_L_FRAME_HEADER = _Layout(
    "FrameHeader",
    [
        ("source_id", _String(required=True)),
        ("stream_id", _u64()),
        ("seq", _u64()),
        ("capture_time_ns", _i64()),
        ("send_time_ns", _i64()),
    ],
)
_L_POSE = _Layout(
    "PoseFrame",
    [
        ("header", _SubTable(_L_FRAME_HEADER, required=True)),
        ("image_width", _u32()),
        ("image_height", _u32()),
        ("person_index", _u8()),
        ("landmarks", _StructVector(_LANDMARK)),
        ("world_landmarks", _StructVector(_LANDMARK)),
    ],
)
_L_FACE = _Layout(
    "FaceFrame",
    [
        ("header", _SubTable(_L_FRAME_HEADER, required=True)),
        ("image_width", _u32()),
        ("image_height", _u32()),
        ("face_index", _u8()),
        ("landmarks", _StructVector(_VEC3)),
        ("blendshapes", _TableVector(_L_NAMED_WEIGHT)),
        ("facial_transform", _InlineStruct(_MAT4)),
    ],
)
_L_HAND = _Layout(
    "HandFrame",
    [
        ("header", _SubTable(_L_FRAME_HEADER, required=True)),
        ("image_width", _u32()),
        ("image_height", _u32()),
        ("hand_index", _u8()),
        ("handedness", _u8()),
        ("handedness_score", _f32()),
        ("landmarks", _StructVector(_VEC3)),
        ("world_landmarks", _StructVector(_VEC3)),
    ],
)
_L_BONE = _Layout(
    "BoneTransform",
    [
        ("name", _String(required=True)),
        ("rotation", _InlineStruct(_QUAT)),
        ("translation", _InlineStruct(_VEC3)),
    ],
)
_L_RIG = _Layout(
    "RigFrame",
    [
        ("header", _SubTable(_L_FRAME_HEADER, required=True)),
        ("bones", _TableVector(_L_BONE)),
        ("blendshapes", _TableVector(_L_NAMED_WEIGHT)),
        ("root_position", _InlineStruct(_VEC3)),
    ],
)
_L_STATE = _Layout(
    "AvatarState",
    [
        ("avatar_id", _String(required=True)),
        ("seq", _u64()),
        ("sim_time_ns", _i64()),
        ("publish_time_ns", _i64()),
        ("input_seq", _u64()),
        ("input_capture_time_ns", _i64()),
        ("asset_hash", _ScalarVector("B")),
        ("p", _ScalarVector("f")),
        ("z", _ScalarVector("f")),
        ("flags", _u32()),
        ("dropped_before", _u64()),
        ("run_id", _u64()),
    ],
)
_L_COUNTER = _Layout("Counter", [("name", _String(required=True)), ("value", _u64())])
_L_HISTOGRAM = _Layout(
    "Histogram",
    [
        ("name", _String(required=True)),
        ("unit", _String()),
        ("upper_bounds", _ScalarVector("d")),
        ("counts", _ScalarVector("Q")),
        ("count", _u64()),
        ("sum", _f64()),
        ("p50", _f64()),
        ("p99", _f64()),
        ("max", _f64()),
    ],
)
_L_STATS = _Layout(
    "Stats",
    [
        ("daemon_id", _String()),
        ("time_ns", _i64()),
        ("uptime_ns", _i64()),
        ("counters", _TableVector(_L_COUNTER)),
        ("histograms", _TableVector(_L_HISTOGRAM)),
    ],
)
_L_EMPTY = _Layout("(empty table)", [])
_L_AVATAR_ID = _Layout("(avatar_id table)", [("avatar_id", _String(required=True))])
_L_GET_ASSET = _Layout(
    "GetAsset",
    [
        ("avatar_id", _String(required=True)),
        ("offset", _u64()),
        ("max_len", _u32(DEFAULT_MAX_LEN)),
    ],
)
_L_SET_PARAMS = _Layout(
    "SetParams",
    [
        ("avatar_id", _String(required=True)),
        ("params", _TableVector(_L_NAMED_WEIGHT)),
    ],
)
_L_CONTROL_REQUEST = _Layout(
    "ControlRequest",
    [
        ("request_id", _u64()),
        (
            "request",
            _Union(
                {
                    _Request.ListAvatars: _L_EMPTY,
                    _Request.GetAsset: _L_GET_ASSET,
                    _Request.SetParams: _L_SET_PARAMS,
                    _Request.ResetAvatar: _L_AVATAR_ID,
                    _Request.GetStats: _L_EMPTY,
                    _Request.GetState: _L_AVATAR_ID,
                },
                required=True,
            ),
        ),
    ],
)
_L_AVATAR_INFO = _Layout(
    "AvatarInfo",
    [
        ("avatar_id", _String(required=True)),
        ("topic", _String(required=True)),
        ("asset_hash", _ScalarVector("B")),
        ("asset_len", _u64()),
        ("num_p", _u32()),
        ("num_z", _u32()),
        ("tick_hz", _f32()),
    ],
)
_L_AVATAR_LIST = _Layout("AvatarList", [("avatars", _TableVector(_L_AVATAR_INFO))])
_L_ASSET_CHUNK = _Layout(
    "AssetChunk",
    [
        ("avatar_id", _String(required=True)),
        ("asset_hash", _ScalarVector("B")),
        ("total_len", _u64()),
        ("offset", _u64()),
        ("data", _ScalarVector("B")),
    ],
)
_L_CONTROL_RESPONSE = _Layout(
    "ControlResponse",
    [
        ("request_id", _u64()),
        ("status", _u8()),
        ("error", _String()),
        (
            "response",
            _Union(
                {
                    _Response.AvatarList: _L_AVATAR_LIST,
                    _Response.AssetChunk: _L_ASSET_CHUNK,
                    _Response.Stats: _L_STATS,
                    _Response.AvatarState: _L_STATE,
                    _Response.Ack: _L_EMPTY,
                }
            ),
        ),
    ],
)
_L_MESSAGE = _Layout(
    "Message",
    [
        ("schema_version", _u16()),
        (
            "payload",
            _Union(
                {
                    _Payload.PoseFrame: _L_POSE,
                    _Payload.FaceFrame: _L_FACE,
                    _Payload.RigFrame: _L_RIG,
                    _Payload.AvatarState: _L_STATE,
                    _Payload.Stats: _L_STATS,
                    _Payload.ControlRequest: _L_CONTROL_REQUEST,
                    _Payload.ControlResponse: _L_CONTROL_RESPONSE,
                    _Payload.HandFrame: _L_HAND,
                },
                required=True,
            ),
        ),
    ],
)


class _Verifier:
    """Bounds, alignment, UTF-8 and required-field checks with the same rules and limits as the Rust side."""

    __slots__ = ("buf", "view", "size", "depth", "tables", "apparent", "max_apparent")

    def __init__(self, buf: bytes):
        self.buf = buf
        self.view = memoryview(buf)
        self.size = len(buf)
        self.depth = 0
        self.tables = 0
        self.apparent = 0
        self.max_apparent = 2 * len(buf) + _APPARENT_SLACK

    # -- primitives (Verifier::range_in_buffer, in_buffer, get_uoffset, deref_soffset)

    def range_in_buffer(self, pos: int, size: int) -> None:
        end = pos + size
        if end > self.size:
            raise _Malformed(f"range [{pos}, {end}) is out of bounds")
        self.apparent += size
        if self.apparent > self.max_apparent:
            raise _Malformed("apparent size too large")

    def in_buffer(self, pos: int, size: int, align: int) -> None:
        if pos % align:
            raise _Malformed(f"{size}-byte value at position {pos} is unaligned")
        self.range_in_buffer(pos, size)

    def uoffset(self, pos: int) -> int:
        self.in_buffer(pos, 4, 4)
        return _U32.unpack_from(self.buf, pos)[0]

    def u16(self, pos: int) -> int:
        self.in_buffer(pos, 2, 2)
        return _U16.unpack_from(self.buf, pos)[0]

    def vector_range(self, pos: int, elem_size: int, align: int) -> Tuple[int, int]:
        """(start, length) of the vector whose length prefix is at ``pos``."""
        length = self.uoffset(pos)
        start = pos + 4
        if start % align:
            raise _Malformed(f"vector at position {start} is unaligned")
        self.range_in_buffer(start, length * elem_size)
        return start, length

    # -- tables

    def root(self) -> Dict[str, Any]:
        return self.table(self.uoffset(0), _L_MESSAGE)

    def table(self, pos: int, layout: _Layout) -> Dict[str, Any]:
        self.in_buffer(pos, 4, 4)
        vtable = pos - _I32.unpack_from(self.buf, pos)[0]
        if not 0 <= vtable < self.size:
            raise _Malformed(f"signed offset at position {pos} points out of bounds")
        vtable_len = self.u16(vtable)
        if (vtable + vtable_len) % 2:
            raise _Malformed(f"vtable at position {vtable} has odd length {vtable_len}")
        self.range_in_buffer(vtable, vtable_len)
        self.tables += 1
        if self.tables > _MAX_TABLES:
            raise _Malformed("too many tables")
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise _Malformed("nested table depth limit reached")

        def field_pos(voffset: int) -> Optional[int]:
            if voffset < vtable_len:
                offset = self.u16(vtable + voffset)
                if offset:
                    return pos + offset
            return None

        out: Dict[str, Any] = {}
        for name, spec, voffset in layout.fields:
            if isinstance(spec, _Union):
                out[name + "_type"], out[name] = self.union(
                    layout, name, spec, field_pos(voffset), field_pos(voffset + 2)
                )
                continue
            fpos = field_pos(voffset)
            if fpos is None:
                if getattr(spec, "required", False):
                    raise _Malformed(f"missing required field {layout.name}.{name}")
                out[name] = spec.default if isinstance(spec, _Scalar) else None
            else:
                out[name] = self.field(spec, fpos)
        self.depth -= 1
        return out

    def union(
        self, layout: _Layout, name: str, spec: _Union, key_pos: Optional[int], val_pos: Optional[int]
    ) -> Tuple[int, Optional[Dict[str, Any]]]:
        if key_pos is None and val_pos is None:
            if spec.required:
                raise _Malformed(f"missing required field {layout.name}.{name}")
            return 0, None
        if key_pos is None or val_pos is None:
            raise _Malformed(f"exactly one of {layout.name}.{name}_type and {layout.name}.{name} is present")
        self.in_buffer(key_pos, 1, 1)
        key = self.buf[key_pos]
        variant = spec.variants.get(key)
        if variant is None:  # unknown (or NONE) variant: the Rust verifier accepts it, decode rejects it
            return key, None
        return key, self.table(val_pos + self.uoffset(val_pos), variant)

    def field(self, spec: _FieldSpec, pos: int) -> Any:
        if isinstance(spec, _Scalar):
            size = spec.fmt.size
            self.in_buffer(pos, size, size)
            return spec.fmt.unpack_from(self.buf, pos)[0]
        if isinstance(spec, _InlineStruct):
            self.in_buffer(pos, spec.fmt.size, 1)
            return spec.fmt.unpack_from(self.buf, pos)
        target = pos + self.uoffset(pos)
        if isinstance(spec, _String):
            return self.string(target)
        if isinstance(spec, _SubTable):
            return self.table(target, spec.layout)
        if isinstance(spec, _ScalarVector):
            size = struct.calcsize(spec.code)
            start, length = self.vector_range(target, size, size)
            if spec.code == "B":
                return bytes(self.view[start : start + length])
            return list(struct.unpack_from(f"<{length}{spec.code}", self.buf, start))
        if isinstance(spec, _StructVector):
            start, length = self.vector_range(target, spec.fmt.size, 1)
            return list(spec.fmt.iter_unpack(self.view[start : start + length * spec.fmt.size]))
        if isinstance(spec, _TableVector):
            start, length = self.vector_range(target, 4, 4)
            return [self.table(p + self.uoffset(p), spec.layout) for p in range(start, start + 4 * length, 4)]
        raise AssertionError(f"unknown field spec {spec!r}")

    def string(self, pos: int) -> str:
        start, length = self.vector_range(pos, 1, 1)
        end = start + length
        try:
            s = str(self.view[start:end], "utf-8")
        except UnicodeDecodeError as e:
            raise _Malformed(f"invalid UTF-8 in string at [{start}, {end}): {e.reason}") from None
        if end >= self.size or self.buf[end] != 0:
            raise _Malformed(f"string at [{start}, {end}) is missing its null terminator")
        return s


# ---------------------------------------------------------------------------------------------------------
# Decoding and semantic validation (schema/src/decode.rs). The checks run in the same order as in Rust, so
# that a buffer with several faults is rejected for the same reason by both.


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
    try:
        root = _Verifier(buf).root()
    except _Malformed as e:
        raise DecodeError("malformed", str(e)) from None
    except (struct.error, IndexError, ValueError, OverflowError, TypeError, KeyError) as e:
        # Not expected: the verifier checks before it reads. Still, garbage must only ever give DecodeError.
        raise DecodeError("malformed", f"{type(e).__name__}: {e}") from None
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
}

# ---------------------------------------------------------------------------------------------------------
# Canonical JSON: the serde form of schema/src/types.rs. Messages and request/response bodies are internally
# tagged with "kind"; Option is null; bytes are lists of ints; fixed arrays are lists. Floats are written as
# they are held (a decoded f32 is its exact value; parsed as an f32 it gives back the same value); like
# serde_json, a non-finite float becomes null, and from_json reads null as NaN for float fields.


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
}


def from_json(obj: Dict[str, Any]) -> Message:
    """The message whose canonical JSON form is ``obj`` (a dict as given by :func:`json.loads`).

    Raises :class:`ValueError` naming the offending path for a missing field, a wrong type or an integer
    out of range of its wire type. Unknown fields are ignored (as serde does by default).
    """
    j = _J(obj, "$")
    return _JSON_READERS[_kind(j, tuple(_JSON_READERS))](j)
