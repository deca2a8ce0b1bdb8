"""(c) The .avtrrec format: lossless round trip, clear errors for truncated/corrupt files; the committed
recordings decode with the verifying decoder and hold what MediaPipe produced."""

import json
import struct

import pytest
from avatar.messages import FaceFrame, FrameHeader, Landmark, NamedWeight, PoseFrame, decode, encode

from avatar_tracker.recording import MAGIC, RecordingError, RecordingWriter, read_header, read_recording

from conftest import BLENDSHAPE_NAMES, FACE_REC, POSE_REC


def _messages():
    out = []
    for i in range(5):
        h = FrameHeader("test/pose", 42, i + 1, 1_700_000_000_000_000_000 + i * 33_333_333, 0)
        lms = [Landmark(0.1 * k, 0.2, -0.3, 0.9, 0.0) for k in range(33)]
        out.append(PoseFrame(h, 640, 480, 0, lms, lms))
        fh = FrameHeader("test/face", 43, i + 1, h.capture_time_ns, 0)
        face = [(0.5, 0.5, 0.01 * k) for k in range(478)]
        bs = [NamedWeight(n, 0.01 * j) for j, n in enumerate(BLENDSHAPE_NAMES)]
        out.append(FaceFrame(fh, 640, 480, 0, face, bs, tuple(float(v) for v in range(16))))
    return out


def _write(path, msgs):
    bodies = [encode(m) for m in msgs]
    with RecordingWriter(str(path), source="unit-test", note="round trip") as w:
        for m, b in zip(msgs, bodies):
            w.write(b, m.header.capture_time_ns)
    return bodies


def test_round_trip_is_lossless(tmp_path):
    path = tmp_path / "r.avtrrec"
    msgs = _messages()
    bodies = _write(path, msgs)
    rec = read_recording(path)
    assert rec.meta == {"format": 1, "source": "unit-test", "created_by": "avatar_tracker", "frames": 10, "note": "round trip"}
    assert [b for _, b in rec.records] == bodies
    assert [t for t, _ in rec.records] == [m.header.capture_time_ns - msgs[0].header.capture_time_ns for m in msgs]
    assert [decode(b) for _, b in rec.records] == [decode(b) for b in bodies]
    # byte layout exactly as documented
    raw = path.read_bytes()
    assert raw[:8] == MAGIC == b"AVTRREC1"
    (L,) = struct.unpack_from("<I", raw, 8)
    assert json.loads(raw[12 : 12 + L].decode("utf-8"))["frames"] == 10
    t0, n0 = struct.unpack_from("<QI", raw, 12 + L)
    assert (t0, raw[24 + L : 24 + L + n0]) == (0, bodies[0])
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob("*.tmp"))


def test_time_never_decreases(tmp_path):
    path = tmp_path / "t.avtrrec"
    with RecordingWriter(str(path), source="s") as w:
        for t in (1000, 5000, 3000, 7000):
            w.write(b"x" * 8, t)
    assert [t for t, _ in read_recording(path).records] == [0, 4000, 4000, 6000]


def test_truncated_recordings_give_clear_errors(tmp_path):
    path = tmp_path / "r.avtrrec"
    _write(path, _messages()[:3])
    raw = path.read_bytes()
    (L,) = struct.unpack_from("<I", raw, 8)
    for cut in sorted({4, 8, 10, 12, 12 + L // 2, 12 + L + 5, 12 + L + 12 + 100, len(raw) - 1}):
        bad = tmp_path / f"cut{cut}.avtrrec"
        bad.write_bytes(raw[:cut])
        with pytest.raises(RecordingError, match="truncated|magic") as e:
            read_recording(bad)
        assert str(bad) in str(e.value)
    # cut exactly at a record boundary: the count in the metadata catches it
    first_len = struct.unpack_from("<QI", raw, 12 + L)[1]
    bad = tmp_path / "boundary.avtrrec"
    bad.write_bytes(raw[: 12 + L + 12 + first_len])
    with pytest.raises(RecordingError, match="metadata says 3 records, the file holds 1"):
        read_recording(bad)


def test_corrupt_recordings(tmp_path):
    bad = tmp_path / "bad.avtrrec"
    bad.write_bytes(b"NOTAREC1" + b"\0" * 20)
    with pytest.raises(RecordingError, match="not an .avtrrec recording"):
        read_recording(bad)
    meta = b'{"format": 2, "frames": 0}'
    bad.write_bytes(MAGIC + struct.pack("<I", len(meta)) + meta)
    with pytest.raises(RecordingError, match="unsupported recording format 2"):
        read_recording(bad)
    bad.write_bytes(MAGIC + struct.pack("<I", 3) + b"{x}")
    with pytest.raises(RecordingError, match="not UTF-8 JSON"):
        read_header(bad)
    with pytest.raises(RecordingError, match="cannot open recording"):
        read_recording(tmp_path / "missing.avtrrec")


def test_committed_pose_recording():
    rec = read_recording(POSE_REC)
    assert rec.meta["created_by"] == "avatar_tracker" and rec.meta["frames"] == len(rec.records) == 100
    msgs = [decode(b) for _, b in rec.records]
    assert all(isinstance(m, PoseFrame) for m in msgs)
    assert all(len(m.landmarks) == 33 and len(m.world_landmarks) == 33 for m in msgs)
    # 100 frames of a 60 fps video: the last record is 99/60 s after the first
    assert abs(rec.records[-1][0] - 99 * 1e9 / 60) < 2e6
    seqs = [m.header.seq for m in msgs]
    assert seqs == sorted(set(seqs))


def test_committed_face_recording():
    rec = read_recording(FACE_REC)
    assert rec.meta["frames"] == len(rec.records) == 120
    msgs = [decode(b) for _, b in rec.records]
    assert all(isinstance(m, FaceFrame) for m in msgs)
    for m in msgs:
        assert len(m.landmarks) == 478
        assert [b.name for b in m.blendshapes] == BLENDSHAPE_NAMES
        assert m.facial_transform is not None and len(m.facial_transform) == 16
    jaw = [next(b.value for b in m.blendshapes if b.name == "jawOpen") for m in msgs]
    assert max(jaw) > 0.5 and min(jaw) < 0.1  # the man in the car talks
