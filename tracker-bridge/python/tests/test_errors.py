"""(d) Bad inputs: one clear error line, non-zero exit, no traceback."""

import pytest

from conftest import FACE_CLIP, ROOT, run_cli


def _assert_clean_failure(p, code, *needles):
    assert p.returncode == code, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert lines and lines[0].startswith("avatar_tracker: error: "), p.stderr
    for n in needles:
        assert n in p.stderr, p.stderr


def test_missing_video():
    _assert_clean_failure(run_cli("--video", "/nonexistent/clip.mp4"), 2, "does not exist")


def test_unreadable_video(tmp_path):
    bad = tmp_path / "broken.mp4"
    bad.write_bytes(b"\x00\x00\x00\x18ftypmp42" + b"garbage" * 100)
    _assert_clean_failure(run_cli("--video", bad, "--no-face"), 2, "broken.mp4")
    assert len(run_cli("--video", bad, "--no-face").stderr.strip().splitlines()) == 1


def test_empty_image_folder(tmp_path):
    _assert_clean_failure(run_cli("--images", tmp_path, "--no-face"), 2, "no images")


def test_missing_face_model(tmp_path):
    p = run_cli("--video", FACE_CLIP, "--face-model", tmp_path / "face_landmarker.task", "--record", tmp_path / "x.avtrrec")
    _assert_clean_failure(p, 2, "face model face_landmarker.task not found", "--no-face")
    assert not (tmp_path / "x.avtrrec").exists()


def test_corrupt_face_model(tmp_path):
    model = tmp_path / "face_landmarker.task"
    model.write_bytes(b"\x00" * 4096)
    p = run_cli("--video", FACE_CLIP, "--no-pose", "--face-model", model, "--record", tmp_path / "x.avtrrec")
    _assert_clean_failure(p, 1, "cannot start MediaPipe Face Landmarker")
    assert not list(tmp_path.glob("x.avtrrec*"))


def test_missing_hand_model(tmp_path):
    p = run_cli("--video", FACE_CLIP, "--no-face", "--hands", "--hand-model", tmp_path / "hand_landmarker.task")
    _assert_clean_failure(p, 2, "hand model hand_landmarker.task not found", "--no-hands")


def test_corrupt_hand_model(tmp_path):
    model = tmp_path / "hand_landmarker.task"
    model.write_bytes(b"\x00" * 4096)
    p = run_cli("--video", FACE_CLIP, "--no-pose", "--no-face", "--hands", "--hand-model", model, "--record", tmp_path / "x.avtrrec")
    _assert_clean_failure(p, 1, "cannot start MediaPipe Hand Landmarker")
    assert not list(tmp_path.glob("x.avtrrec*"))


def test_missing_pose_model_file(tmp_path):
    p = run_cli("--video", FACE_CLIP, "--no-face", "--pose-model-file", tmp_path / "pose.task")
    _assert_clean_failure(p, 2, "pose model pose_landmarker_lite.task not found", "--pose-model-file", "--no-pose")


def test_heavy_pose_model_is_not_available_from_a_registry():
    p = run_cli("--video", FACE_CLIP, "--no-face", "--pose-model", "heavy")
    _assert_clean_failure(p, 2, "pose_landmarker_heavy.task", "not available from a package registry", "--pose-model lite")


def test_no_camera():
    # index 99 exists on no test machine
    _assert_clean_failure(run_cli("--camera", "99", "--no-face"), 2, "no camera with index 99")


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--no-pose", "--no-face", "--no-hands"], "nothing to do"),
        (["--hands-every", "0"], "--hands-every must be at least 1"),
        (["--max-hands", "3"], "--max-hands must be 1 or 2"),
        (["--max-hands", "0"], "--max-hands must be 1 or 2"),
        (["--max-side", "8"], "--max-side must be 0"),
        (["--record", "out.bin"], "must end in .avtrrec"),
        (["--connect", "nonsense://x"], "cannot connect to nonsense://x"),
    ],
)
def test_bad_arguments(args, needle):
    _assert_clean_failure(run_cli("--video", FACE_CLIP, "--no-face", *args) if "--no-face" not in args else run_cli("--video", FACE_CLIP, *args), 2, needle)
