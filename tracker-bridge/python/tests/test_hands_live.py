"""Hands (HandLandmarker -> HandFrame), the handedness rules, the pose model variants and LIVE_STREAM mode, with
real MediaPipe on the committed clips (assets/clips/)."""

import math

import cv2
import pytest
from avatar.messages import Handedness, HandFrame, PoseFrame, decode, encode, round_f32

from avatar_tracker import bridge
from avatar_tracker.sources import ImageFolderSource, VideoSource
from avatar_tracker.trackers import FaceTracker, HandTracker, PoseTracker, assign_handedness

from conftest import FACE_CLIP, HAND_CLIP, POSE_CLIP, run_cli_over_zeromq
from test_mediapipe import _check_pose

L_WRIST, R_WRIST = 15, 16


@pytest.fixture(scope="module")
def hand_input(tmp_path_factory):
    """A source with hands: assets/clips/fingerpose_hands.mp4 if the repository has it, else the Pose2Sim clip's 20
    frames scaled 2.5x (720x1280: the hands are too small at 288x512) followed by the same 20 frames flipped
    left-right (a different hand turns to the camera, and the flip swaps which hand is which)."""
    if HAND_CLIP.exists():
        return ["--video", str(HAND_CLIP)]
    d = tmp_path_factory.mktemp("hands")
    cap = cv2.VideoCapture(str(POSE_CLIP))
    frames = []
    while True:
        ok, img = cap.read()
        if not ok:
            break
        frames.append(cv2.resize(img, None, fx=2.5, fy=2.5, interpolation=cv2.INTER_CUBIC))
    assert len(frames) == 20
    for i, img in enumerate(frames + [f[:, ::-1] for f in frames]):
        cv2.imwrite(str(d / f"{i:03d}.png"), img)
    return ["--images", str(d), "--fps", "30"]


@pytest.fixture(scope="module")
def hand_source(hand_input):
    if hand_input[0] == "--video":
        return lambda: VideoSource(hand_input[1])
    return lambda: ImageFolderSource(hand_input[1], fps=30)


def _run_hands(source, pose_model=None, hand_model=None, mirrored=False):
    pose = PoseTracker(str(pose_model)) if pose_model else None
    hands = HandTracker(str(hand_model))
    msgs = []
    try:
        stats = bridge.run(source, pose=pose, hands=hands, on_message=msgs.append, hands_every=1, mirrored=mirrored)
    finally:
        hands.close()
        if pose:
            pose.close()
    return stats, msgs


def test_hand_frames_decode_and_match_the_pose_wrists(hand_source, pose_models, hand_model):
    stats, msgs = _run_hands(hand_source(), pose_models["full"], hand_model)
    hands = [m for m in msgs if isinstance(m, HandFrame)]
    poses = {m.header.seq: m for m in msgs if isinstance(m, PoseFrame)}
    st = stats.streams["hands"]
    assert len(hands) >= 4, stats.summary()
    assert st.failed == 0 and st.runs == stats.processed
    assert st.hands.get("left", 0) + st.hands.get("right", 0) == len(hands)
    ids = {}
    clear = 0
    for m in hands:
        back = decode(encode(m))  # the verifying decoder: 21 + 21 finite landmarks, score in [0, 1], a hand
        assert back == round_f32(m)
        assert len(m.landmarks) == len(m.world_landmarks) == 21
        assert m.handedness in (Handedness.Left, Handedness.Right)
        assert all(-0.1 <= x <= 1.1 and -0.1 <= y <= 1.1 for x, y, _ in m.landmarks)
        assert all(math.sqrt(x * x + y * y + z * z) < 0.25 for x, y, z in m.world_landmarks)  # metres, one hand
        assert m.header.source_id.endswith("/hand_left" if m.handedness == Handedness.Left else "/hand_right")
        ids.setdefault(m.header.source_id, set()).add(m.header.stream_id)
        # where the pose of the same frame clearly has one wrist at the hand's wrist (landmark 0), that is the
        # wrist of the hand's side
        pose = poses.get(m.header.seq)
        if pose is None:  # (a hand clip may show no body)
            continue
        W, H = m.image_width, m.image_height
        assert (W, H) == (pose.image_width, pose.image_height)
        mine, other = (L_WRIST, R_WRIST) if m.handedness == Handedness.Left else (R_WRIST, L_WRIST)
        d = [math.hypot((pose.landmarks[k].x - m.landmarks[0][0]) * W, (pose.landmarks[k].y - m.landmarks[0][1]) * H)
             for k in (mine, other)]
        if min(d) < 0.08 * max(W, H) and min(d) < 0.5 * max(d):
            clear += 1
            assert d[0] < d[1], (m.header.seq, m.handedness, d)
    assert clear >= (30 if HAND_CLIP.exists() else 3), clear
    assert all(len(v) == 1 for v in ids.values())  # one stream id per hand stream
    if len(ids) == 2:
        assert len({next(iter(v)) for v in ids.values()}) == 2
    for sid in ids:
        seqs = [m.header.seq for m in hands if m.header.source_id == sid]
        assert seqs == sorted(set(seqs))  # one message per hand and frame, in order


def test_mediapipe_hand_labels_follow_the_pose_convention(hand_source, pose_models, hand_model):
    """MediaPipe's own label (no pose to correct it) on unmirrored frames names the same side as the pose's
    wrists, for the hands it is sure about -- the convention trackers.assign_handedness relies on."""
    _, with_pose = _run_hands(hand_source(), pose_models["full"], hand_model)
    _, alone = _run_hands(hand_source(), None, hand_model)
    _, mirrored = _run_hands(hand_source(), None, hand_model, mirrored=True)
    by_pose = {(m.header.seq, m.hand_index): m for m in with_pose if isinstance(m, HandFrame)}
    sure = [m for m in alone if m.handedness_score >= 0.75 and (m.header.seq, m.hand_index) in by_pose]
    assert len(sure) >= (30 if HAND_CLIP.exists() else 3), [(m.header.seq, m.handedness, m.handedness_score) for m in alone]
    for m in sure:
        assert m.handedness == by_pose[(m.header.seq, m.hand_index)].handedness, m.header.seq
    # --mirrored swaps every label, nothing else
    assert len(mirrored) == len(alone)
    for a, b in zip(alone, mirrored):
        assert a.landmarks == b.landmarks and a.handedness_score == b.handedness_score
        assert {a.handedness, b.handedness} == {Handedness.Left, Handedness.Right}


def test_assign_handedness_rules():
    L, R = Handedness.Left, Handedness.Right
    size = (1000, 1000)
    left_wrist, right_wrist = (700.0, 500.0), (300.0, 500.0)  # a subject facing the camera
    pose = ((left_wrist, 0.9), (right_wrist, 0.9))
    # no pose: MediaPipe's label and score
    assert assign_handedness([("Left", 0.9, (0, 0))], None, size) == [(L, 0.9, False)]
    # mirrored source: swapped
    assert assign_handedness([("Left", 0.9, (0, 0))], None, size, mirrored=True) == [(R, 0.9, False)]
    # a "Left" hand at the pose's right wrist is the right hand; the score is MediaPipe's for "Right"
    (h, s, c), = assign_handedness([("Left", 0.8, (310.0, 495.0))], pose, size)
    assert (h, c) == (R, True) and s == pytest.approx(0.2)
    # ... unless that wrist is not visible, or the hand is far from both wrists
    hidden = ((left_wrist, 0.9), (right_wrist, 0.1))
    assert assign_handedness([("Left", 0.8, (310.0, 495.0))], hidden, size) == [(L, 0.8, False)]
    assert assign_handedness([("Left", 0.8, (500.0, 100.0))], pose, size) == [(L, 0.8, False)]
    # two hands, labels swapped by MediaPipe: the pose pairs them
    out = assign_handedness([("Right", 0.7, (690.0, 510.0)), ("Left", 0.6, (305.0, 490.0))], pose, size)
    assert [(h, c) for h, _, c in out] == [(L, True), (R, True)]
    # two hands with the same label and no pose: the less sure one is the other hand
    out = assign_handedness([("Right", 0.6, (100.0, 0.0)), ("Right", 0.9, (900.0, 0.0))], None, size)
    assert [(h, c) for h, _, c in out] == [(L, True), (R, False)] and out[0][1] == pytest.approx(0.4)
    # never the same hand twice, whatever the input
    for labels in (("Left", "Left"), ("Right", "Right"), ("", "")):
        for p in (None, pose, hidden):
            out = assign_handedness([(labels[0], 0.5, (690.0, 500.0)), (labels[1], 0.5, (700.0, 505.0))], p, size)
            assert {out[0][0], out[1][0]} == {L, R}
            assert all(0.0 <= s <= 1.0 for _, s, _ in out)


@pytest.mark.parametrize("variant", ["lite", "full"])
def test_pose_model_variants(pose_models, variant):
    pose = PoseTracker(str(pose_models[variant]))
    msgs = []
    try:
        stats = bridge.run(VideoSource(str(POSE_CLIP)), pose=pose, on_message=msgs.append, max_frames=10)
    finally:
        pose.close()
    assert stats.streams["pose"].not_found == 0 and len(msgs) == 10
    for m in msgs:
        _check_pose(m)


def test_downscaled_inference_keeps_the_source_size(pose_model):
    """--max-side: inference on a smaller image; normalized landmarks stay where they were, the messages keep
    the source's size."""
    out = {}
    for side in (None, 256):
        pose = PoseTracker(str(pose_model))
        msgs = []
        try:
            bridge.run(VideoSource(str(POSE_CLIP)), pose=pose, on_message=msgs.append, max_frames=5, max_side=side)
        finally:
            pose.close()
        out[side] = msgs
    for a, b in zip(out[None], out[256]):
        assert (b.image_width, b.image_height) == (288, 512)
        _check_pose(b)
        assert abs(a.landmarks[11].x - b.landmarks[11].x) < 0.03 and abs(a.landmarks[11].y - b.landmarks[11].y) < 0.03


def test_hands_every_k_runs_the_hand_model_on_every_kth_frame(pose_model, hand_model):
    pose, hands = PoseTracker(str(pose_model)), HandTracker(str(hand_model))
    try:
        stats = bridge.run(VideoSource(str(POSE_CLIP)), pose=pose, hands=hands, hands_every=3)
    finally:
        pose.close()
        hands.close()
    assert stats.streams["pose"].runs == 20 and stats.streams["hands"].runs == 7  # frames 0, 3, ..., 18


def _accounted(st, produced: int) -> bool:
    """Every frame handed to a model is accounted for: a result with messages, not found, failed or skipped."""
    return st.runs == produced + st.not_found + st.failed + st.busy


def test_live_stream_mode_counts_what_mediapipe_skips(pose_models, face_model, hand_model):
    """LIVE_STREAM: frames are handed over as fast as they decode (far faster than the full pose model runs on
    this machine), so MediaPipe skips some; results still arrive, in order, and nothing vanishes uncounted."""
    pose = PoseTracker(str(pose_models["full"]), live=True)
    face = FaceTracker(str(face_model), live=True)
    hands = HandTracker(str(hand_model), live=True)
    msgs = []
    try:
        stats = bridge.run(VideoSource(str(POSE_CLIP)), pose=pose, face=face, hands=hands, on_message=msgs.append,
                           hands_every=1)
    finally:
        for t in (pose, face, hands):
            t.close()
    assert stats.live and "[live mode]" in stats.summary()
    p, f, h = (stats.streams[k] for k in ("pose", "face", "hands"))
    poses = [m for m in msgs if isinstance(m, PoseFrame)]
    hand_frames = {m.header.seq for m in msgs if isinstance(m, HandFrame)}
    assert p.runs == f.runs == 20
    # live: the hands wait (postponed, counted) while the pose model is behind; every frame is one or the other
    assert h.runs + h.hands.get("postponed", 0) == 20 and h.runs >= 1
    assert len(poses) >= 1 and p.failed == 0  # results arrive
    assert p.busy >= 1, stats.summary()  # under load MediaPipe skipped frames, and they were counted
    assert _accounted(p, len(poses)) and _accounted(f, 0) and _accounted(h, len(hand_frames)), stats.summary()
    for m in poses:
        _check_pose(m)
        assert decode(encode(m)) == round_f32(m)
    seqs = [m.header.seq for m in poses]
    caps = [m.header.capture_time_ns for m in poses]
    assert seqs == sorted(set(seqs)) and caps == sorted(set(caps))  # timestamps strictly increasing


def test_live_stream_mode_paced_like_a_camera(face_model, tmp_path):
    """--realtime + live on the face clip into a recording: every frame gets a result or is counted."""
    from avatar_tracker.recording import RecordingWriter, read_recording

    face = FaceTracker(str(face_model), live=True)
    msgs = []
    rec = tmp_path / "live.avtrrec"
    try:
        with RecordingWriter(str(rec), source="video:carphone") as w:
            stats = bridge.run(VideoSource(str(FACE_CLIP)), face=face, on_message=msgs.append, realtime=True,
                               recorder=w)
    finally:
        face.close()
    f = stats.streams["face"]
    assert stats.frames == 12 and f.runs + stats.skipped == 12
    assert len(msgs) >= 6 and _accounted(f, len(msgs)), stats.summary()
    seqs = [m.header.seq for m in msgs]
    assert seqs == sorted(set(seqs))
    assert len(stats.capture_to_sent_ms) == len(msgs) and min(stats.capture_to_sent_ms) >= 0
    r = read_recording(rec)
    assert len(r.records) == f.recorded == len(msgs)
    assert [decode(body) for _, body in r.records] == [round_f32(m) for m in msgs]


def test_hand_frames_over_zeromq_from_the_cli(hand_input):
    """Video mode, hands every frame: HandFrames on topic hand, one stream per hand, decodable."""
    code, out, err, got = run_cli_over_zeromq(*hand_input, "--no-face", "--hands", "--hands-every", "1",
                                           "--running-mode", "video", "--source-id", "cli/hands")
    assert code == 0 and "Traceback" not in err, err
    hands = [decode(body) for topic, body in got if topic == b"hand"]
    assert len(hands) >= 4 and all(isinstance(m, HandFrame) for m in hands), out
    assert all(isinstance(decode(body), PoseFrame) for topic, body in got if topic == b"pose")
    assert {t for t, _ in got} == {b"pose", b"hand"}
    for m in hands:
        assert m.header.source_id == f"cli/hands/hand_{m.handedness.name.lower()}"
    assert len({m.header.stream_id for m in hands}) == len({m.handedness for m in hands})
    assert f"hands: sent {len(hands)}," in out, out


def test_live_mode_from_the_cli_publishes_from_mediapipe_threads():
    """--realtime (live mode by default): messages are sent from MediaPipe's result callbacks over a real
    ZeroMQ PUB -> SUB; topics, decoding, order and the summary's counts agree with what arrived."""
    import re

    code, out, err, got = run_cli_over_zeromq("--video", str(POSE_CLIP), "--realtime", "--no-face", "--hands",
                                           "--hands-every", "1", "--source-id", "live/cam01")
    assert code == 0 and "Traceback" not in err, err
    assert "[live mode]" in out, out
    poses, hands = [], []
    for topic, body in got:
        m = decode(body)
        if isinstance(m, PoseFrame):
            assert topic == b"pose"
            _check_pose(m)
            poses.append(m)
        else:
            assert topic == b"hand" and isinstance(m, HandFrame), (topic, type(m))
            hands.append(m)
    counts = {}
    for name in ("pose", "hands"):
        line = re.search(rf"^{name}: sent (\d+), recorded \d+, dropped (\d+), not found (\d+), failed (\d+), "
                         rf"skipped busy (\d+) of (\d+) run", out, re.M)
        assert line, out
        counts[name] = [int(v) for v in line.groups()]
    sent, dropped, not_found, failed, busy, runs = counts["pose"]
    assert sent == len(poses) >= 10 and dropped == 0 and failed == 0
    assert runs == sent + not_found + busy
    assert counts["hands"][0] == len(hands)
    seqs = [m.header.seq for m in poses]
    assert seqs == sorted(set(seqs)) and {m.header.source_id for m in poses} == {"live/cam01/pose"}
    for m in hands:
        assert m.header.source_id in ("live/cam01/hand_left", "live/cam01/hand_right")


def test_max_hands_bounds_the_hands_found(hand_model, tmp_path):
    """A frame of the hands clip beside its mirror image shows two hands: --max-hands 2 finds both, 1 only one
    (MediaPipe's num_hands; with fewer in view it searches every frame for another, which costs the time)."""
    cap = cv2.VideoCapture(str(HAND_CLIP if HAND_CLIP.exists() else POSE_CLIP))
    frames = []
    while len(frames) < 6:
        ok, img = cap.read()
        assert ok
        frames.append(cv2.hconcat([img, img[:, ::-1]]))
    for i, img in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), img)
    found = {}
    for n in (1, 2):
        hands = HandTracker(str(hand_model), max_hands=n)
        msgs = []
        try:
            bridge.run(ImageFolderSource(str(tmp_path), fps=30), hands=hands, on_message=msgs.append, hands_every=1)
        finally:
            hands.close()
        per_frame = {}
        for m in msgs:
            per_frame[m.header.capture_time_ns] = per_frame.get(m.header.capture_time_ns, 0) + 1
        found[n] = max(per_frame.values(), default=0)
    assert found == {1: 1, 2: 2}, found
