"""A VMC receiver for the tests of the daemon's VMC output (`daemon/tests/vmc.rs`).

Binds a UDP socket on 127.0.0.1 (an ephemeral port, or the one given), prints {"port": N}, then one JSON line
per datagram received, decoded with python-osc (an OSC implementation independent of the daemon's `rosc`):
{"t": monotonic seconds, "len": bytes, "bundle": bool, "messages": [{"address", "tags", "args"}]}, where
"tags" is the message's OSC type tag string without the comma. A datagram python-osc cannot decode is
printed as {"error": ...}. Runs until its standard input closes (or --seconds pass).

    python tests/py/vmc_receiver.py [--port N] [--seconds S]
"""

import argparse
import json
import select
import socket
import sys
import time

try:
    from pythonosc.osc_bundle import OscBundle
    from pythonosc.osc_message import OscMessage
    from pythonosc.parsing import osc_types
except ImportError as e:  # pragma: no cover
    sys.exit(f"vmc_receiver.py: {e}; it needs python-osc (tools/requirements.txt, cargo xtask setup venv)")


def messages(dgram: bytes):
    """The messages of a datagram, bundles flattened, in order."""
    if OscBundle.dgram_is_bundle(dgram):
        for content in OscBundle(dgram):
            if isinstance(content, OscBundle):
                yield from messages(content.dgram)
            else:
                yield content
    elif OscMessage.dgram_is_message(dgram):
        yield OscMessage(dgram)
    else:
        raise ValueError("neither an OSC message nor a bundle")


def type_tags(m: OscMessage) -> str:
    """The message's type tag string, read from its bytes, without the leading comma."""
    _, index = osc_types.get_string(m.dgram, 0)
    if index >= len(m.dgram):
        return ""
    tags, _ = osc_types.get_string(m.dgram, index)
    return tags[1:]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=120.0)
    args = ap.parse_args()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
    sock.bind(("127.0.0.1", args.port))
    print(json.dumps({"port": sock.getsockname()[1]}), flush=True)
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([sock, sys.stdin], [], [], 0.2)
        if sys.stdin in ready and not sys.stdin.readline():
            break
        if sock not in ready:
            continue
        dgram, _ = sock.recvfrom(65536)
        t = time.monotonic()
        try:
            out = {
                "t": t,
                "len": len(dgram),
                "bundle": OscBundle.dgram_is_bundle(dgram),
                "messages": [
                    {"address": m.address, "tags": type_tags(m), "args": list(m.params)} for m in messages(dgram)
                ],
            }
        except Exception as e:  # noqa: BLE001 - reported to the test, which fails on it
            out = {"t": t, "error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
