"""(a)/(b) Real MediaPipe on the committed real clips (assets/clips/, assets/README.md)."""

import math
import time

import cv2
from avatar.messages import FaceFrame, PoseFrame, decode, encode, round_f32

from avatar_tracker import bridge
from avatar_tracker.recording import RecordingWriter, read_recording
from avatar_tracker.sources import ImageFolderSource, VideoSource

from conftest import BLENDSHAPE_NAMES, FACE_CLIP, POSE_CLIP, run_cli, run_cli_over_zeromq

L_SHOULDER, R_SHOULDER, L_HIP, R_HIP = 11, 12, 23, 24


def _check_pose(m: PoseFrame):
    assert len(m.landmarks) == 33 and len(m.world_landmarks) == 33
    lm, w = m.landmarks, m.world_landmarks
    # image y grows downwards: shoulders above hips
    assert max(lm[L_SHOULDER].y, lm[R_SHOULDER].y) < min(lm[L_HIP].y, lm[R_HIP].y)
    assert lm[L_SHOULDER].visibility > 0.5 and lm[L_HIP].visibility > 0.5
    # presence comes from the Tasks API now (the legacy API reported 0)
    assert lm[L_SHOULDER].presence > 0.5 and lm[L_HIP].presence > 0.5
    assert all(0.0 <= p.visibility <= 1.0 and 0.0 <= p.presence <= 1.0 for p in lm + w)
    # world landmarks: metres around the hip centre
    assert all(math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z) < 2.0 for p in w)
    assert max(w[L_SHOULDER].y, w[R_SHOULDER].y) < min(w[L_HIP].y, w[R_HIP].y)  # +y down here too
    hip_mid = [(a + b) / 2 for a, b in zip((w[L_HIP].x, w[L_HIP].y, w[L_HIP].z), (w[R_HIP].x, w[R_HIP].y, w[R_HIP].z))]
    assert all(abs(c) < 0.1 for c in hip_mid)


def test_pose_over_zeromq_from_the_cli():
    """The bridge (a separate process) connects a PUB to a SUB bound here on loopback."""
    code, out, err, got = run_cli_over_zeromq(
        "--video", str(POSE_CLIP), "--no-face", "--no-hands", "--source-id", "test/cam01"
    )
    assert code == 0, err
    assert "Traceback" not in err
    assert "frames: 20 processed" in out and "dropped 0" in out and "[video mode]" in out, out
    assert len(got) == 20, out
    msgs = []
    for frames in got:
        assert len(frames) == 2 and frames[0] == b"pose"
        m = decode(frames[1])  # the verifying decoder
        assert isinstance(m, PoseFrame)
        _check_pose(m)
        msgs.append(m)
    h = [m.header for m in msgs]
    assert {x.source_id for x in h} == {"test/cam01/pose"} and len({x.stream_id for x in h}) == 1
    assert [x.seq for x in h] == list(range(1, 21))
    caps = [x.capture_time_ns for x in h]
    # capture time = start wall time + pts: the clip is 30 fps
    assert all(abs((b - a) - 1e9 / 30) < 2e6 for a, b in zip(caps, caps[1:]))
    assert abs(caps[0] - time.time_ns()) < 120e9
    assert all(x.send_time_ns >= x.capture_time_ns - 1e9 for x in h)
    assert msgs[0].image_width == 288 and msgs[0].image_height == 512


def test_pose_and_face_from_an_image_folder_into_a_recording(tmp_path, face_model, pose_model):
    from avatar_tracker.trackers import FaceTracker, PoseTracker

    src_dir = tmp_path / "frames"
    src_dir.mkdir()
    cap = cv2.VideoCapture(str(POSE_CLIP))
    for i in range(8):
        ok, img = cap.read()
        assert ok
        cv2.imwrite(str(src_dir / f"{i:03d}.jpg"), img)
    cv2.imwrite(str(src_dir / "zzz_broken.png"), img[:0] if False else img)
    (src_dir / "zzz_broken.png").write_bytes(b"not an image")
    rec = tmp_path / "frames.avtrrec"
    pose, face = PoseTracker(str(pose_model)), FaceTracker(str(face_model))
    try:
        with RecordingWriter(str(rec), source="images:frames") as w:
            stats = bridge.run(ImageFolderSource(str(src_dir), fps=10), pose=pose, face=face, recorder=w)
    finally:
        pose.close()
        face.close()
    assert stats.frames == 9 and stats.unreadable == 1
    assert stats.streams["pose"].recorded == 8 and stats.streams["pose"].failed == 0
    # faces are blurred in the Pose2Sim demo: the face stream finds nothing, and says so
    assert stats.streams["face"].not_found == 8 and stats.streams["face"].failed == 0
    r = read_recording(rec)
    assert [t for t, _ in r.records] == [i * 100_000_000 for i in range(8)]
    for _, body in r.records:
        _check_pose(decode(body))


def test_face_landmarker_on_carphone(face_model):
    from avatar_tracker.trackers import FaceTracker

    face = FaceTracker(str(face_model))
    msgs = []
    try:
        stats = bridge.run(VideoSource(str(FACE_CLIP)), face=face, on_message=msgs.append)
    finally:
        face.close()
    assert stats.frames == 12 and stats.streams["face"].not_found == 0 and len(msgs) == 12
    for m in msgs:
        assert isinstance(m, FaceFrame)
        assert len(m.landmarks) == 478
        assert all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y, _ in m.landmarks)
        assert [b.name for b in m.blendshapes] == BLENDSHAPE_NAMES
        assert all(0.0 <= b.value <= 1.0 for b in m.blendshapes)
        t = m.facial_transform
        assert t is not None and len(t) == 16
        assert (t[3], t[7], t[11], t[15]) == (0.0, 0.0, 0.0, 1.0)  # column-major: bottom row of a rigid transform
        assert -80.0 < t[14] < -10.0  # translation z in cm, in front of the camera
        r = [[t[c * 4 + r] for c in range(3)] for r in range(3)]  # rotation part (with scale): orthogonal-ish
        col_norms = [math.sqrt(sum(r[i][c] ** 2 for i in range(3))) for c in range(3)]
        assert max(col_norms) / min(col_norms) < 1.05
        assert decode(encode(m)) == round_f32(m)
