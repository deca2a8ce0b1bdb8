"""``--exit-with-parent``: the tracker stops when its standard input closes (how ``avatard live`` makes sure no
tracker outlives it, however it ends)."""

import subprocess
import sys
import time

import zmq

from conftest import CLIPS, ROOT

CLIP = CLIPS / "grounding_jumps_side.mp4"  # 7 s, paced: still running when its parent goes


def _start(*extra):
    ctx = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    port = sub.bind_to_random_port("tcp://127.0.0.1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "avatar_tracker", "--video", str(CLIP), "--realtime", "--no-face", "--no-hands",
         "--connect", f"tcp://127.0.0.1:{port}", *extra],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
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
    assert code == 0, (code, out, proc.stderr.read())
    assert "interrupted" in out  # a normal stop: the summary is printed
    assert took < 3.0, took


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
