"""Tests of avatar.messages: round trips of the canonical samples, every rejection reason, and fuzzing.

``schema/testdata/samples.json`` is written by the Rust tests (serde_json of ``samples::all()``), so the round
trips here also check that the Python JSON form and the Rust serde form agree.

Run: ``python -m pytest schema/python/tests`` (with the package installed, or from ``schema/python``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
import struct
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import flatbuffers
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # works without `pip install -e` too

from avatar.messages import (  # noqa: E402
    AUDIO_SAMPLE_RATES,
    FACE_LANDMARKS,
    HAND_LANDMARKS,
    MAX_AUDIO_SAMPLES,
    MAX_MESSAGE_BYTES,
    MAX_NAME_BYTES,
    POSE_LANDMARKS,
    SCHEMA_VERSION,
    REJECT_REASONS,
    AssetChunk,
    AudioFrame,
    AvatarInfo,
    AvatarList,
    AvatarState,
    BoneTransform,
    ControlRequest,
    ControlResponse,
    Counter,
    DecodeError,
    FaceFrame,
    FrameHeader,
    GetAsset,
    HandFrame,
    Handedness,
    Histogram,
    Landmark,
    ListAvatars,
    NamedWeight,
    PoseFrame,
    RigFrame,
    SetParams,
    StateFlags,
    Stats,
    Status,
    decode,
    encode,
    from_json,
    message_kind,
    round_f32,
    to_f32,
    to_json,
)
from avatar.wire import AudioFrame as wAudioFrame  # noqa: E402
from avatar.wire import AvatarState as wAvatarState  # noqa: E402
from avatar.wire import FrameHeader as wFrameHeader  # noqa: E402
from avatar.wire import Message as wMessage  # noqa: E402
from avatar.wire.Payload import Payload  # noqa: E402

SAMPLES_PATH = Path(__file__).resolve().parents[2] / "testdata" / "samples.json"
SAMPLES: list = json.loads(SAMPLES_PATH.read_text(encoding="utf-8"))
DECODE_REASONS = set(REJECT_REASONS[:10])  # "unexpected" and "order" are the daemon's


def sample(kind: str, n: int = 0) -> Any:
    """The n-th sample message of a JSON kind, as a dataclass (a fresh copy)."""
    return from_json([s for s in SAMPLES if s["kind"] == kind][n])


def json_f32(value: Any) -> Any:
    """A JSON tree with every float rounded to f32 (for comparing through the wire's f32 fields)."""
    if isinstance(value, float):
        return to_f32(value)
    if isinstance(value, list):
        return [json_f32(v) for v in value]
    if isinstance(value, dict):
        return {k: json_f32(v) for k, v in value.items()}
    return value


def reject(buf: bytes) -> DecodeError:
    with pytest.raises(DecodeError) as info:
        decode(buf)
    return info.value


def reason_of(msg: Any) -> str:
    return reject(encode(msg)).reason


# ---------------------------------------------------------------------------------------------------------
# Round trips


def test_samples_cover_every_message_type_and_variant():
    kinds = {s["kind"] for s in SAMPLES}
    assert kinds == {"Pose", "Face", "Rig", "Hand", "Audio", "State", "Stats", "Request", "Response"}
    assert {s["handedness"] for s in SAMPLES if s["kind"] == "Hand"} == {"Left", "Right"}
    requests = {s["request"]["kind"] for s in SAMPLES if s["kind"] == "Request"}
    assert requests == {"ListAvatars", "GetAsset", "SetParams", "ResetAvatar", "GetStats", "GetState"}
    responses = {(s["response"] or {}).get("kind") for s in SAMPLES if s["kind"] == "Response"}
    assert responses == {"AvatarList", "AssetChunk", "Stats", "AvatarState", "Ack", None}


@pytest.mark.parametrize("index", range(len(SAMPLES)), ids=lambda i: f"{i}-{SAMPLES[i]['kind']}")
def test_json_round_trip(index):
    original = SAMPLES[index]
    msg = from_json(copy.deepcopy(original))
    assert to_json(msg) == original
    assert json.loads(json.dumps(to_json(msg))) == original


@pytest.mark.parametrize("index", range(len(SAMPLES)), ids=lambda i: f"{i}-{SAMPLES[i]['kind']}")
def test_flatbuffers_round_trip(index):
    msg = from_json(SAMPLES[index])
    buf = encode(msg)
    assert buf[4:8] == b"AVTR"
    back = decode(buf)
    assert type(back) is type(msg)
    assert back == round_f32(msg)
    assert round_f32(back) == back  # decoded floats are exact f32 values
    assert json_f32(to_json(back)) == json_f32(SAMPLES[index])
    assert encode(back) == buf  # deterministic encoder
    assert decode(bytearray(buf)) == back and decode(memoryview(buf)) == back


def test_message_kinds():
    assert [message_kind(from_json(s)) for s in SAMPLES[:10]] == [
        "pose",
        "face",
        "face",
        "rig",
        "hand",
        "hand",
        "audio",
        "state",
        "stats",
        "request",
    ]
    with pytest.raises(TypeError):
        message_kind(Landmark())


def test_defaults_and_absent_optionals_round_trip():
    header = FrameHeader("cam", 1, 2, 3, 4)
    rig = RigFrame(header, [BoneTransform("hips")], [], None)
    assert decode(encode(rig)) == rig
    # max_len equal to the schema default is not stored on the wire but still read back
    req = ControlRequest(1, GetAsset("a"))
    assert decode(encode(req)) == req
    resp = ControlResponse(3, Status.Ok, None, None)
    assert decode(encode(resp)) == resp
    empty = Stats()
    assert decode(encode(empty)) == empty


def test_f32_helpers():
    assert to_f32(0.1) == struct.unpack("<f", struct.pack("<f", 0.1))[0]
    assert to_f32(1e39) == math.inf and to_f32(-1e39) == -math.inf
    assert math.isnan(to_f32(math.nan))
    h = Histogram("h", "us", [0.1], [1, 2], 3, 0.1, 0.1, 0.1, 0.1)
    assert round_f32(h) == h  # f64 fields are left alone


def test_from_json_errors():
    good = next(s for s in SAMPLES if s["kind"] == "State")
    with pytest.raises(ValueError, match="missing field 'seq'"):
        from_json({k: v for k, v in good.items() if k != "seq"})
    with pytest.raises(ValueError, match="out of range"):
        from_json({**good, "seq": 2**64})
    with pytest.raises(ValueError, match="out of range"):
        from_json({**good, "asset_hash": [256]})
    with pytest.raises(ValueError, match="expected an integer"):
        from_json({**good, "seq": 1.5})
    with pytest.raises(ValueError, match="unknown kind"):
        from_json({**good, "kind": "Nope"})
    with pytest.raises(ValueError, match="expected 4 numbers"):
        rig = copy.deepcopy(SAMPLES[3])
        rig["bones"][0]["rotation"] = [0, 0, 1]
        from_json(rig)
    hand = next(s for s in SAMPLES if s["kind"] == "Hand")
    for bad in ("Unknown", "left", "Both", 1):
        with pytest.raises(ValueError, match="handedness"):
            from_json({**hand, "handedness": bad})
    with pytest.raises(ValueError, match="expected 3 numbers"):
        from_json({**hand, "landmarks": [[0.5, 0.5]] + hand["landmarks"][1:]})
    with pytest.raises(ValueError, match="unknown status"):
        from_json({**SAMPLES[-1], "status": "Fine"})
    # Option fields may be missing; null float = NaN (serde_json writes NaN as null); unknown keys ignored
    resp = from_json({"kind": "Response", "request_id": 1, "status": "Ok", "extra": True})
    assert resp == ControlResponse(1)
    state = from_json({**good, "p": [None, 1]})
    assert math.isnan(state.p[0]) and to_json(state)["p"][0] is None


def test_encode_errors():
    with pytest.raises(ValueError):
        encode(AvatarState(avatar_id="a", seq=-1))
    with pytest.raises(ValueError):
        encode(AvatarState(avatar_id="a", seq=2**64))
    with pytest.raises(ValueError):
        encode(AvatarState(avatar_id="a", p=[1e39]))
    with pytest.raises(TypeError):
        encode(Landmark())


# ---------------------------------------------------------------------------------------------------------
# Rejections: every reason of Rust's Reject that the decoder gives, each triggered on purpose


def _u16(buf: bytes, pos: int) -> int:
    return struct.unpack_from("<H", buf, pos)[0]


def field_pos(buf: bytes, table: int, slot: int) -> Optional[int]:
    """Absolute position of field ``slot`` of the table at ``table``, None if absent."""
    vtable = table - struct.unpack_from("<i", buf, table)[0]
    voffset = 4 + 2 * slot
    if voffset >= _u16(buf, vtable):
        return None
    offset = _u16(buf, vtable + voffset)
    return table + offset if offset else None


def deref(buf: bytes, pos: int) -> int:
    return pos + struct.unpack_from("<I", buf, pos)[0]


def root_table(buf: bytes) -> int:
    return deref(buf, 0)


def payload_table(buf: bytes) -> int:
    return deref(buf, field_pos(buf, root_table(buf), 2))


def patched(buf: bytes, pos: int, fmt: str, value: Any) -> bytes:
    out = bytearray(buf)
    struct.pack_into(fmt, out, pos, value)
    return bytes(out)


def test_reject_too_short():
    assert reject(b"").reason == "too_short"
    assert reject(encode(sample("Stats"))[:7]).reason == "too_short"


def test_reject_too_large():
    assert reject(bytes(MAX_MESSAGE_BYTES + 1)).reason == "too_large"


def test_reject_identifier():
    buf = bytearray(encode(sample("Pose")))
    buf[4:8] = b"AVTX"
    e = reject(bytes(buf))
    assert e.reason == "identifier" and "AVTX" in e.detail


def test_reject_malformed_truncated():
    buf = encode(sample("State"))
    assert reject(buf[: len(buf) // 2]).reason == "malformed"
    assert reject(buf[:12]).reason == "malformed"


def test_reject_malformed_bad_offsets():
    buf = encode(sample("Stats"))
    assert reject(patched(buf, 0, "<I", len(buf) + 4)).reason == "malformed"  # root past the end
    assert reject(patched(buf, 0, "<I", 2)).reason == "malformed"  # unaligned root table
    root = root_table(buf)
    assert reject(patched(buf, root, "<i", -(2**20))).reason == "malformed"  # vtable out of bounds


def test_reject_malformed_strings():
    state = AvatarState(avatar_id="zzqqid")
    buf = encode(state)
    at = buf.index(b"zzqqid")
    assert reject(patched(buf, at, "<B", 0xFF)).reason == "malformed"  # invalid UTF-8
    assert reject(patched(buf, at + 6, "<B", ord("x"))).reason == "malformed"  # no null terminator
    assert reject(patched(buf, at - 4, "<I", 1000)).reason == "malformed"  # length past the end


def _message_with(
    build_payload: Callable[[flatbuffers.Builder], int],
    payload_type: int,
    with_value: bool = True,
    version: int = 1,
) -> bytes:
    b = flatbuffers.Builder(0)
    payload = build_payload(b)
    wMessage.Start(b)
    wMessage.AddSchemaVersion(b, version)
    wMessage.AddPayloadType(b, payload_type)
    if with_value:
        wMessage.AddPayload(b, payload)
    b.Finish(wMessage.End(b), file_identifier=b"AVTR")
    return bytes(b.Output())


def _state_without_id(b: flatbuffers.Builder) -> int:
    wAvatarState.Start(b)
    wAvatarState.AddSeq(b, 1)
    return wAvatarState.End(b)


def test_reject_malformed_missing_required():
    assert reject(_message_with(_state_without_id, Payload.AvatarState)).reason == "malformed"
    # payload_type without payload: inconsistent union
    assert (
        reject(_message_with(_state_without_id, Payload.AvatarState, with_value=False)).reason == "malformed"
    )


def test_reject_version():
    buf = encode(sample("Stats"))
    pos = field_pos(buf, root_table(buf), 0)
    assert SCHEMA_VERSION == 3
    assert reject(patched(buf, pos, "<H", 4)).reason == "version"
    assert reject(patched(buf, pos, "<H", 0)).reason == "version"
    assert decode(patched(buf, pos, "<H", 1)) == decode(buf)  # versions 1 and 2 are still read
    assert decode(patched(buf, pos, "<H", 2)) == decode(buf)


def test_reject_payload():
    buf = encode(sample("Stats"))
    pos = field_pos(buf, root_table(buf), 1)
    assert reject(patched(buf, pos, "<B", 10)).reason == "payload"  # 9 is AudioFrame, the last variant
    assert reject(patched(buf, pos, "<B", 0)).reason == "payload"
    req = encode(ControlRequest(1, ListAvatars()))
    assert reject(patched(req, field_pos(req, payload_table(req), 1), "<B", 99)).reason == "payload"
    resp = encode(ControlResponse.ok(1, AvatarList([])))
    assert reject(patched(resp, field_pos(resp, payload_table(resp), 3), "<B", 99)).reason == "payload"


def test_reject_count():
    pose = sample("Pose")
    assert reason_of(dataclasses.replace(pose, landmarks=pose.landmarks[:32])) == "count"
    assert (
        reason_of(dataclasses.replace(pose, world_landmarks=pose.world_landmarks + [Landmark()])) == "count"
    )
    assert reason_of(dataclasses.replace(pose, landmarks=[])) == "count"
    face = sample("Face")
    assert len(face.landmarks) == FACE_LANDMARKS[1]
    for n in (0, 467, 469, 477, 479):
        assert reason_of(dataclasses.replace(face, landmarks=[(0.5, 0.5, 0.0)] * n)) == "count"
    stats = sample("Stats")
    stats.histograms[0].counts.pop()
    assert reason_of(stats) == "count"


def test_reject_bad_hand_frames():
    hand = sample("Hand")
    assert len(hand.landmarks) == len(hand.world_landmarks) == HAND_LANDMARKS == 21
    assert decode(encode(hand)) == round_f32(hand)
    for n in (0, 1, 20, 22, 33):
        pts = [(0.5, 0.5, 0.0)] * n
        assert reason_of(dataclasses.replace(hand, landmarks=pts)) == "count", n
        assert reason_of(dataclasses.replace(hand, world_landmarks=pts)) == "count", n
    bad = sample("Hand")
    bad.landmarks[20] = (0.5, math.nan, 0.0)
    assert reason_of(bad) == "non_finite"
    bad = sample("Hand")
    bad.world_landmarks[0] = (0.0, 0.0, -math.inf)
    assert reason_of(bad) == "non_finite"
    assert reason_of(dataclasses.replace(hand, handedness_score=math.nan)) == "non_finite"
    for score in (-0.01, 1.2, 7.0):
        assert reason_of(dataclasses.replace(hand, handedness_score=score)) == "range", score
    for score in (0.0, 1.0):
        assert decode(encode(dataclasses.replace(hand, handedness_score=score))).handedness_score == score
    # handedness: Unknown (0: also what an absent field reads as) and values the schema does not name
    for raw in (0, 3, 7, 255):
        e = reject(encode(dataclasses.replace(hand, handedness=raw)))
        assert e.reason == "range" and "handedness" in e.detail, (raw, e)
    # the same on the wire: patch the stored byte of a valid Left frame
    buf = encode(dataclasses.replace(hand, handedness=Handedness.Left))
    pos = field_pos(buf, payload_table(buf), 4)
    assert pos is not None and buf[pos] == 1
    assert decode(patched(buf, pos, "<B", 2)).handedness is Handedness.Right
    for raw in (0, 7):
        assert reject(patched(buf, pos, "<B", raw)).reason == "range"
    # Rust checks the handedness first, then the header, the score, the landmarks
    bad = dataclasses.replace(sample("Hand"), handedness=0, handedness_score=2.0, landmarks=[])
    bad.header.source_id = ""  # (a fresh sample: replace() shares the header)
    assert reject(encode(bad)).detail.startswith("handedness 0")
    bad = dataclasses.replace(hand, handedness_score=math.nan, landmarks=[])
    assert reason_of(bad) == "non_finite"
    # a decoded hand names the subject's hand, with the JSON names
    for i in (0, 1):
        m = decode(encode(sample("Hand", i)))
        assert isinstance(m, HandFrame) and m.handedness in (Handedness.Left, Handedness.Right)
        assert to_json(m)["handedness"] == ("Right" if m.handedness == 2 else "Left")


def test_reject_bad_audio_frames():
    audio = sample("Audio")
    assert isinstance(audio, AudioFrame) and audio.sample_rate == 16000 and len(audio.samples) == 320
    assert AUDIO_SAMPLE_RATES[0] == 8000 and AUDIO_SAMPLE_RATES[-1] == 48000 and MAX_AUDIO_SAMPLES == 4800
    for rate in (0, 7999, 48001, 2**32 - 1):
        e = reject(encode(dataclasses.replace(audio, sample_rate=rate)))
        assert e.reason == "range" and f"sample_rate {rate} Hz" in e.detail, (rate, e)
    for rate in (8000, 44100, 48000):
        assert decode(encode(dataclasses.replace(audio, sample_rate=rate))).sample_rate == rate
    for n in (0, MAX_AUDIO_SAMPLES + 1):
        e = reject(encode(dataclasses.replace(audio, samples=[0] * n)))
        assert e.reason == "count" and e.detail == f"{n} samples, expected 1..=4800", (n, e)
    for n in (1, MAX_AUDIO_SAMPLES):
        assert len(decode(encode(dataclasses.replace(audio, samples=[-32768] * n))).samples) == n
    # no samples field on the wire at all (the encoder always writes the vector): count 0
    def audio_without_samples(b: flatbuffers.Builder) -> int:
        source_id = b.CreateString("mic")
        wFrameHeader.Start(b)
        wFrameHeader.AddSourceId(b, source_id)
        header = wFrameHeader.End(b)
        wAudioFrame.Start(b)
        wAudioFrame.AddHeader(b, header)
        wAudioFrame.AddSampleRate(b, 16000)
        return wAudioFrame.End(b)

    e = reject(_message_with(audio_without_samples, Payload.AudioFrame, version=3))
    assert (e.reason, e.detail) == ("count", "0 samples, expected 1..=4800")
    # Rust checks the sample rate first, then the sample count, then the header
    bad = dataclasses.replace(sample("Audio"), sample_rate=7999, samples=[])
    bad.header.source_id = ""  # (a fresh sample: replace() shares the header)
    assert reason_of(bad) == "range"
    bad = dataclasses.replace(sample("Audio"), samples=[])
    bad.header.source_id = ""
    assert reason_of(bad) == "count"
    bad = sample("Audio")
    bad.header.source_id = ""
    assert reason_of(bad) == "range"
    # i16 on the wire, and in the JSON form
    with pytest.raises(ValueError):
        encode(dataclasses.replace(audio, samples=[32768]))
    with pytest.raises(ValueError, match="out of range"):
        from_json({**to_json(audio), "samples": [-32769]})


def test_reject_non_finite():
    pose = sample("Pose")
    pose.landmarks[3].x = math.nan
    assert reason_of(pose) == "non_finite"
    pose = sample("Pose")
    pose.world_landmarks[32].z = math.inf
    assert reason_of(pose) == "non_finite"
    pose = sample("Pose")
    pose.landmarks[0].visibility = math.nan
    assert reason_of(pose) == "non_finite"
    face = sample("Face")
    face.landmarks[100] = (0.0, -math.inf, 0.0)
    assert reason_of(face) == "non_finite"
    face = sample("Face")
    face.facial_transform = (math.nan,) * 16
    assert reason_of(face) == "non_finite"
    rig = sample("Rig")
    rig.root_position = (0.0, math.nan, 0.0)
    assert reason_of(rig) == "non_finite"
    rig = sample("Rig")
    rig.bones[1].rotation = (math.nan, 0.0, 0.0, 1.0)
    assert reason_of(rig) == "non_finite"
    rig = sample("Rig")
    rig.blendshapes[0].value = math.inf
    assert reason_of(rig) == "non_finite"
    state = sample("State")
    state.z[-1] = math.nan
    assert reason_of(state) == "non_finite"
    stats = sample("Stats")
    stats.histograms[0].sum = math.inf
    assert reason_of(stats) == "non_finite"
    resp = ControlResponse.ok(1, AvatarList([AvatarInfo("a", "state/a/", tick_hz=math.nan)]))
    assert reason_of(resp) == "non_finite"
    req = ControlRequest(1, SetParams("*", [NamedWeight("k", math.nan)]))
    assert reason_of(req) == "non_finite"


def test_reject_range():
    pose = sample("Pose")
    pose.landmarks[5].visibility = 1.5
    assert reason_of(pose) == "range"
    pose = sample("Pose")
    pose.world_landmarks[5].presence = -0.1
    assert reason_of(pose) == "range"
    pose = sample("Pose")
    pose.header.source_id = ""
    assert reason_of(pose) == "range"
    pose = sample("Pose")
    pose.header.capture_time_ns = -1
    assert reason_of(pose) == "range"
    face = sample("Face")
    face.blendshapes[3].value = 1.0001
    assert reason_of(face) == "range"
    rig = sample("Rig")
    rig.bones[0].rotation = (0.0, 0.0, 0.0, 1.02)
    assert reason_of(rig) == "range"
    state = sample("State")
    state.flags = int(StateFlags.ALL) + 1
    assert reason_of(state) == "range"
    state = sample("State")
    state.publish_time_ns = -5
    assert reason_of(state) == "range"
    resp = encode(from_json(SAMPLES[-1]))  # NotFound: the status is stored (Ok would not be)
    assert decode(resp).status == Status.NotFound
    assert reject(patched(resp, field_pos(resp, payload_table(resp), 1), "<B", 6)).reason == "range"
    assert reason_of(ControlRequest(1, GetAsset(""))) == "range"


def test_quaternion_norm_tolerance():
    def rig(w: float) -> RigFrame:
        return RigFrame(FrameHeader("vmc", 1, 1, 0, 0), [BoneTransform("hips", (0.0, 0.0, 0.0, w))])

    for w in (0.991, 1.0, 1.0099, -1.0):
        assert decode(encode(rig(w))).bones[0].rotation[3] == to_f32(w)
    for w in (0.989, 1.0101, 0.0, 2.0):
        assert reason_of(rig(w)) == "range"


def test_reject_too_many():
    pose = sample("Pose")
    pose.header.source_id = "x" * (MAX_NAME_BYTES + 1)
    assert reason_of(pose) == "too_many"
    pose.header.source_id = "x" * MAX_NAME_BYTES
    assert decode(encode(pose)).header.source_id == pose.header.source_id
    pose.header.source_id = "é" * 129  # 258 UTF-8 bytes
    assert reason_of(pose) == "too_many"
    pose.header.source_id = "é" * 128  # 256 bytes
    assert decode(encode(pose)).header.source_id == pose.header.source_id
    state = sample("State")
    state.asset_hash = bytes(65)
    assert reason_of(state) == "too_many"
    rig = sample("Rig")
    rig.bones = [BoneTransform(f"b{i}") for i in range(4097)]
    assert reason_of(rig) == "too_many"
    stats = Stats(counters=[Counter(f"c{i}", i) for i in range(4097)])
    assert reason_of(stats) == "too_many"


def test_reject_reason_order_matches_rust():
    # Rust checks a face's landmark count before its header, a rig's bones before its header,
    # a state's flags before its id: the first fault found decides the reason.
    face = sample("Face")
    face.header.source_id = ""
    face.landmarks = face.landmarks[:10]
    assert reason_of(face) == "count"
    rig = sample("Rig")
    rig.header.source_id = "x" * 300
    rig.bones[0].rotation = (math.nan, 0.0, 0.0, 1.0)
    assert reason_of(rig) == "non_finite"
    state = sample("State")
    state.avatar_id = "x" * 300
    state.flags = 0x100
    assert reason_of(state) == "range"
    pose = sample("Pose")
    pose.header.source_id = ""  # range
    pose.landmarks = pose.landmarks[:1]  # count, but checked after the header
    assert reason_of(pose) == "range"


def test_decode_error_is_a_value_error_with_reason_and_detail():
    e = reject(b"\x00" * 4)
    assert isinstance(e, ValueError)
    assert (e.reason, e.detail) == ("too_short", "4 bytes")
    assert str(e) == "too_short: 4 bytes"


# ---------------------------------------------------------------------------------------------------------
# Fuzzing: whatever the bytes, decode returns a valid message or raises DecodeError


def _mutations(rng: random.Random, seeds: list):
    """Random buffers, bit flips, byte overwrites, truncations and splices of valid encodings."""
    while True:
        seed = rng.choice(seeds)
        choice = rng.randrange(6)
        if choice == 0:  # random bytes, half of them with a valid identifier
            buf = bytearray(rng.randbytes(rng.randrange(0, 512)))
            if len(buf) >= 8 and rng.random() < 0.5:
                buf[4:8] = b"AVTR"
        elif choice == 1:  # flip a few bits
            buf = bytearray(seed)
            for _ in range(rng.randrange(1, 5)):
                i = rng.randrange(len(buf))
                buf[i] ^= 1 << rng.randrange(8)
        elif choice == 2:  # overwrite bytes with interesting values
            buf = bytearray(seed)
            for _ in range(rng.randrange(1, 4)):
                i = rng.randrange(len(buf))
                buf[i] = rng.choice((0x00, 0xFF, 0x7F, 0x80, 0x01, rng.randrange(256)))
        elif choice == 3:  # truncate
            buf = bytearray(seed[: rng.randrange(len(seed))])
        elif choice == 4:  # overwrite a 32-bit word (offsets, lengths) with a random one
            buf = bytearray(seed)
            i = rng.randrange(0, len(buf) - 3) & ~3
            struct.pack_into("<I", buf, i, rng.choice((0, 1, 4, 0xFFFFFFFF, 0x7FFFFFFF, rng.getrandbits(32))))
        else:  # splice two messages
            other = rng.choice(seeds)
            cut = rng.randrange(len(seed))
            buf = bytearray(seed[:cut] + other[cut:])
        yield bytes(buf)


def test_fuzz_only_decode_errors():
    rng = random.Random(0xA5A5)
    seeds = [encode(from_json(s)) for s in SAMPLES]
    seen: dict = {}
    for buf, _ in zip(_mutations(rng, seeds), range(20_000)):
        try:
            msg = decode(buf)
        except DecodeError as e:
            assert e.reason in DECODE_REASONS, e
            seen[e.reason] = seen.get(e.reason, 0) + 1
            continue
        # whatever decodes is valid: it re-encodes to an equal message
        assert decode(encode(msg)) == msg
        seen["ok"] = seen.get("ok", 0) + 1
    # the mutations do reach the deep checks, not only the cheap ones
    assert {"too_short", "identifier", "malformed", "ok"} <= set(seen), seen
    assert len(set(seen) & {"version", "payload", "count", "non_finite", "range"}) >= 3, seen


def test_landmark_constants():
    assert POSE_LANDMARKS == 33 and FACE_LANDMARKS == (468, 478)
    assert isinstance(decode(encode(sample("Face", 1))), FaceFrame)
    assert isinstance(decode(encode(sample("Pose"))), PoseFrame)
    assert isinstance(decode(encode(sample("Response", 1))).response, AssetChunk)
