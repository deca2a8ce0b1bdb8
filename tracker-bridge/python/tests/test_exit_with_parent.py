"""``--exit-with-parent``: the tracker stops when its standard input closes (how ``avatard live`` makes sure no
tracker outlives it, however it ends)."""

import subprocess
import sys
import time

from conftest import CLIPS, ROOT, bridge_into_sub

CLIP = CLIPS / "grounding_jumps_side.mp4"  # 7 s, paced: still running when its parent goes
SHORT = CLIPS / "pose2sim_cam01_20f.mp4"


def _start(*extra):
    proc, sub = bridge_into_sub("--video", CLIP, "--realtime", "--no-face", "--no-hands", *extra,
                                stdin=subprocess.PIPE)
    # wait for its first frame: it is running
    assert sub.poll(60_000), proc.stderr.read() if proc.poll() is not None else "no frame within 60 s"
    return proc, sub


def test_closing_stdin_stops_the_tracker_within_its_grace():
    proc, sub = _start("--exit-with-parent")
    try:
        closed = time.monotonic()
        proc.stdin.close()
        code = proc.wait(timeout=5)
        took = time.monotonic() - closed
    finally:
        if proc.poll() is None:
            proc.kill()
        sub.close()
    out = proc.stdout.read()
    # stopped by the interrupt (its summary printed) or, when the stop takes longer than the 2 s grace (a slow
    # MediaPipe shutdown on a loaded machine), by the watcher's own exit: code 0 either way, well before the clip
    # (7 s, paced) would have ended
    assert code == 0, (code, out, proc.stderr.read())
    assert took < 3.5, took


def test_without_the_flag_closing_stdin_changes_nothing():
    proc, sub = _start()
    try:
        proc.stdin.close()
        time.sleep(1.5)
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
        sub.close()


def test_a_video_that_ends_while_the_parent_lives_exits_cleanly(tmp_path):
    """The watcher must not keep the interpreter from exiting normally when the tracker ends on its own (it
    aborted with SIGABRT at a video's end while it read through sys.stdin.buffer)."""
    out, err = open(tmp_path / "out", "w+"), open(tmp_path / "err", "w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "avatar_tracker", "--video", str(SHORT), "--no-face", "--no-hands",
         "--record", str(tmp_path / "x.avtrrec"), "--exit-with-parent"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=out, stderr=err, text=True,
    )
    try:
        code = proc.wait(timeout=120)  # stdin stays open: the parent lives
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
    err.seek(0)
    text = err.read()
    assert code == 0, (code, text)
    assert "Fatal Python error" not in text, text
