"""Structural verification of untrusted buffers, and :class:`DecodeError`.

A port of the Rust ``flatbuffers`` crate's Verifier (``verifier.rs``; the Python library has none), with the
options of ``schema/src/decode.rs``, driven by table layouts transcribed from ``schema/avatar.fbs``: bounds,
alignment, UTF-8, required fields, and the depth, table-count and apparent-size limits. It reads as it
verifies, so that nothing is read that was not checked: :func:`verify` returns the root table as a dict of
field name -> value (sub-tables as dicts too), which :func:`avatar.decoder.decode` then validates.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .message_types import DEFAULT_MAX_LEN
from .wire.Payload import Payload as _Payload
from .wire.Request import Request as _Request
from .wire.Response import Response as _Response

__all__ = ["DecodeError", "verify"]


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
    code: str  # struct format character of one element: "B" (returned as bytes), "h", "f", "d", "Q"


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
_L_AUDIO = _Layout(
    "AudioFrame",
    [
        ("header", _SubTable(_L_FRAME_HEADER, required=True)),
        ("sample_rate", _u32()),
        ("samples", _ScalarVector("h")),
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
        ("held", _ScalarVector("f")),
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
                    _Payload.AudioFrame: _L_AUDIO,
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


def verify(buf: bytes) -> Dict[str, Any]:
    """The root ``Message`` table of ``buf``, verified (see the module docstring); raises
    :class:`DecodeError` with reason ``malformed`` for a buffer that fails the checks.

    The caller checks the size and file identifier first, as :func:`avatar.decoder.decode` does.
    """
    try:
        return _Verifier(buf).root()
    except _Malformed as e:
        raise DecodeError("malformed", str(e)) from None
    except (struct.error, IndexError, ValueError, OverflowError, TypeError, KeyError) as e:
        # Not expected: the verifier checks before it reads. Still, garbage must only ever give DecodeError.
        raise DecodeError("malformed", f"{type(e).__name__}: {e}") from None
