"""Encoding (``schema/src/encode.rs``): :func:`encode` builds one message as a FlatBuffer with the generated
builders in :mod:`avatar.wire` (root ``Message``, file identifier ``b"AVTR"``, ``schema_version`` 3).

Like the Rust encoder it does no semantic validation, so invalid messages can be built on purpose (the
tests do, to exercise :func:`avatar.decoder.decode`).
"""

from __future__ import annotations

import struct
from typing import Any, Callable, Dict, Sequence, Tuple

import flatbuffers

from .message_types import (
    FILE_IDENTIFIER,
    SCHEMA_VERSION,
    Ack,
    AssetChunk,
    AudioFrame,
    AvatarList,
    AvatarState,
    ControlRequest,
    ControlResponse,
    FaceFrame,
    FrameHeader,
    GetAsset,
    GetState,
    GetStats,
    HandFrame,
    Landmark,
    ListAvatars,
    Message,
    NamedWeight,
    PoseFrame,
    ResetAvatar,
    RigFrame,
    SetParams,
    Stats,
    Vec3,
)
from .wire import Ack as _wAck
from .wire import AssetChunk as _wAssetChunk
from .wire import AudioFrame as _wAudioFrame
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

__all__ = ["encode"]


def encode(msg: Message) -> bytes:
    """Encode one message as a FlatBuffer (root ``Message``, identifier "AVTR", schema_version 3).

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


def _enc_audio(b: flatbuffers.Builder, m: AudioFrame) -> Tuple[int, int]:
    h = _enc_header(b, m.header)
    samples = _scalars_vector(b, _wAudioFrame.StartSamplesVector, b.PrependInt16, m.samples)
    _wAudioFrame.Start(b)
    _wAudioFrame.AddHeader(b, h)
    _wAudioFrame.AddSampleRate(b, m.sample_rate)
    _wAudioFrame.AddSamples(b, samples)
    return _Payload.AudioFrame, _wAudioFrame.End(b)


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
    held = _scalars_vector(b, _wAvatarState.StartHeldVector, b.PrependFloat32, m.held)
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
    _wAvatarState.AddHeld(b, held)
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
    AudioFrame: _enc_audio,
}
