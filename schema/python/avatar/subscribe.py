"""Example: print the avatar states the daemon publishes.

    python -m avatar.subscribe [--endpoint tcp://127.0.0.1:5561] [--avatar ID] [--count N] [--timeout S]

One line per decoded state: avatar, seq, number of rig parameters p and reduced coordinates z, flags, and
the latency from the daemon's publish time to now (both CLOCK_REALTIME, so across machines it includes the
clock offset). At the end (after N states, S seconds without a state, or Ctrl-C) it prints how many states
were lost (seq gaps, split into drops inside the daemon and losses after it), how often the daemon
restarted (seq did not go up) and how many messages were invalid.

Exit status: 0 on success, 1 if --timeout passed before any state arrived, 2 if the endpoint is invalid.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import List, Optional

import zmq

from .client import DEFAULT_STATE_ENDPOINT, Subscriber, check_endpoint
from .messages import AvatarState, StateFlags


def format_flags(flags: int) -> str:
    """``HELD_POSE|DEGRADED`` style names of the set state flags ("-" for none)."""
    names = [f.name for f in StateFlags if f is not StateFlags.ALL and flags & f]
    unknown = flags & ~int(StateFlags.ALL)
    if unknown:
        names.append(f"{unknown:#x}")
    return "|".join(names) or "-"


def format_state(state: AvatarState, now_ns: int) -> str:
    latency_ms = (now_ns - state.publish_time_ns) / 1e6
    return (
        f"{state.avatar_id} seq={state.seq} p={len(state.p)} z={len(state.z)} "
        f"flags={format_flags(state.flags)} latency={latency_ms:.3f}ms"
    )


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m avatar.subscribe", description=__doc__.split("\n\n")[0])
    parser.add_argument("--endpoint", default=DEFAULT_STATE_ENDPOINT, help="daemon state PUB endpoint")
    parser.add_argument("--avatar", help="only this avatar (default: all)")
    parser.add_argument("--count", type=int, help="stop after N states (default: run until Ctrl-C)")
    parser.add_argument("--timeout", type=float, help="stop after S seconds without a state")
    args = parser.parse_args(argv)

    topic = f"state/{args.avatar}/" if args.avatar else "state/"
    try:
        check_endpoint(args.endpoint)
        sub = Subscriber(args.endpoint, topic)
    except ValueError as e:
        print(f"avatar.subscribe: bad endpoint {args.endpoint!r}: {e}", file=sys.stderr)
        return 2
    except zmq.ZMQError as e:
        print(f"avatar.subscribe: cannot connect to {args.endpoint!r}: {e}", file=sys.stderr)
        return 2

    timed_out = False
    with sub:
        try:
            while args.count is None or sub.received < args.count:
                try:
                    state = sub.recv(None if args.timeout is None else args.timeout * 1000.0)
                except TimeoutError:
                    timed_out = True
                    break
                print(format_state(state, time.time_ns()), flush=True)
        except KeyboardInterrupt:
            pass
    rejected = ", ".join(f"{k}={v}" for k, v in sorted(sub.rejected.items())) or "none"
    print(
        f"received {sub.received} states; seq gaps {sub.gaps} (daemon dropped {sub.daemon_dropped}, "
        f"lost in transport {sub.transport_lost}); restarts {sub.restarts}; rejected: {rejected}",
        flush=True,
    )
    if timed_out and sub.received == 0:
        print(f"avatar.subscribe: no state from {args.endpoint} in {args.timeout} s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
