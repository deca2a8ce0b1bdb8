"""Drive a running daemon with the `avatar.client` classes and print one JSON summary line.

Used by tests/tests/daemon.rs (`python_client_package_against_the_daemon`): a TrackerPublisher sends pose
frames, a Subscriber receives states, and Control lists, fetches, resets and sets parameters.

    client_check.py INPUT_EP STATE_EP CONTROL_EP
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "schema" / "python"))

from avatar import ControlError, Landmark, PoseFrame, Status  # noqa: E402
from avatar.client import Control, Subscriber, TrackerPublisher  # noqa: E402


def pose(header) -> PoseFrame:
    # hips at the origin, shoulders 0.5 m above (MediaPipe world: +y down)
    world = [Landmark(0.0, 0.2 if i >= 23 else -0.5, 0.0, 0.9, 0.9) for i in range(33)]
    image = [Landmark(0.5, 0.6 if i >= 23 else 0.3, 0.0, 0.9, 0.9) for i in range(33)]
    return PoseFrame(header, 640, 480, 0, image, world)


def main() -> int:
    input_ep, state_ep, control_ep = sys.argv[1:4]
    out = {}
    with TrackerPublisher(input_ep, "py-client/pose") as tracker, Subscriber(state_ep, "state/default/") as sub, \
            Control(control_ep) as control:
        out["tracker_subscribed"] = tracker.wait_subscribed(10_000)
        sent = 0
        deadline = time.monotonic() + 20
        last_input_seq = 0
        while time.monotonic() < deadline and (sub.received < 100 or last_input_seq < 20):
            tracker.send(pose(tracker.next_header()))
            sent += 1
            state = sub.recv(5000)
            last_input_seq = state.input_seq
        out["frames_sent"] = sent
        out["states_received"] = sub.received
        out["gaps"] = sub.gaps
        out["restarts"] = sub.restarts
        out["last_input_seq"] = last_input_seq
        out["avatars"] = [a.avatar_id for a in control.list_avatars()]
        out["get_state_seq"] = control.get_state("default").seq
        stats = control.get_stats()
        out["input_accepted"] = next(c.value for c in stats.counters if c.name == "input.accepted")
        control.reset("default")
        out["reset_flag_seen"] = any(sub.recv(2000).flags & 2 for _ in range(20))
        control.set_params("default", {"tick_hz": 100.0})
        try:
            control.set_params("default", {"no_such_param": 1.0})
            out["invalid_param"] = "accepted"
        except ControlError as e:
            out["invalid_param"] = e.status.name
        try:
            control.get_state("nobody")
            out["unknown_avatar"] = "found"
        except ControlError as e:
            out["unknown_avatar"] = e.status.name
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
