"""Message types of the avatar runtime's wire protocol (``schema/src/types.rs``).

* the constants and limits of ``schema/src/types.rs`` and ``schema/src/decode.rs`` (:data:`SCHEMA_VERSION`,
  landmark counts, the ``MAX_*`` limits, :data:`REJECT_REASONS`);
* the dataclasses and enums, which mirror ``schema/src/types.rs`` field for field (same names, same order),
  and the unions :data:`Message`, :data:`Request` and :data:`Response`;
* :func:`message_kind`, and the f32 helpers :func:`to_f32` and :func:`round_f32`.

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
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = [
    "SCHEMA_VERSION",
    "FILE_IDENTIFIER",
    "POSE_LANDMARKS",
    "FACE_LANDMARKS",
    "HAND_LANDMARKS",
    "AUDIO_SAMPLE_RATES",
    "MAX_AUDIO_SAMPLES",
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
    "AudioFrame",
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
    "message_kind",
    "to_f32",
    "round_f32",
]


# ---------------------------------------------------------------------------------------------------------
# Constants (schema/src/types.rs, schema/src/decode.rs)

#: Version written into ``Message.schema_version``; readers reject newer versions.
SCHEMA_VERSION = 3  # 2 added HandFrame, 3 AudioFrame (new Payload members); older messages are still read
#: FlatBuffers file identifier of every message.
FILE_IDENTIFIER = b"AVTR"
#: MediaPipe Pose: landmarks per person.
POSE_LANDMARKS = 33
#: MediaPipe Face Mesh without / with iris refinement.
FACE_LANDMARKS = (468, 478)
#: MediaPipe Hand Landmarker: landmarks per hand.
HAND_LANDMARKS = 21
#: Sample rates an ``AudioFrame`` may have, Hz (inclusive, like Rust's ``8000..=48000``).
AUDIO_SAMPLE_RATES = range(8000, 48000 + 1)
#: Most samples in one ``AudioFrame``: 100 ms at 48 kHz.
MAX_AUDIO_SAMPLES = 4800
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
class AudioFrame:
    """Microphone sound for lip sync: one chunk of mono 16-bit PCM from one microphone."""

    header: FrameHeader  # capture_time_ns: when the chunk's first sample was captured
    sample_rate: int = 0  # Hz, in AUDIO_SAMPLE_RATES
    samples: List[int] = field(default_factory=list)  # i16 PCM (full scale 32767), 1..=MAX_AUDIO_SAMPLES


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
    held: List[float] = field(default_factory=list)  # per held joint: R (9, row-major), then its coefficients


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
Message = Union[
    PoseFrame, FaceFrame, RigFrame, AvatarState, Stats, ControlRequest, ControlResponse, HandFrame, AudioFrame
]

#: Message types a tracker sends to the daemon's input socket.
TRACKER_FRAMES = (PoseFrame, FaceFrame, RigFrame, HandFrame, AudioFrame)

# Canonical JSON "kind" tag (used by avatar.jsonify) and short name (Rust's Message::kind) of each message
# type.
_MESSAGE_KINDS: Dict[type, Tuple[str, str]] = {
    PoseFrame: ("Pose", "pose"),
    FaceFrame: ("Face", "face"),
    RigFrame: ("Rig", "rig"),
    AvatarState: ("State", "state"),
    Stats: ("Stats", "stats"),
    ControlRequest: ("Request", "request"),
    ControlResponse: ("Response", "response"),
    HandFrame: ("Hand", "hand"),
    AudioFrame: ("Audio", "audio"),
}


def message_kind(msg: Message) -> str:
    """Short name of the payload type ("pose", "face", "rig", "state", "stats", "request", "response",
    "hand", "audio")."""
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
