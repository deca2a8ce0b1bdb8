"""Python client package of the avatar runtime's wire protocol.

* :mod:`avatar.messages` -- the public message API in one module, re-exported from:

  * :mod:`avatar.message_types` -- constants and limits, the message dataclasses and enums (mirroring
    ``schema/src/types.rs``), :func:`message_kind`, :func:`to_f32`, :func:`round_f32`;
  * :mod:`avatar.encoder` -- :func:`encode`;
  * :mod:`avatar.verifier` -- :class:`DecodeError` and the structural verifier (a port of the Rust
    FlatBuffers verifier);
  * :mod:`avatar.decoder` -- the verifying :func:`decode` (raising :class:`DecodeError` with the Rust
    rejection reasons);
  * :mod:`avatar.jsonify` -- the canonical JSON form (:func:`to_json`, :func:`from_json`);

* :mod:`avatar.client` -- ZeroMQ endpoints: :class:`Subscriber` (avatar states), :class:`Control`
  (request/response) and :class:`TrackerPublisher` (tracker input);
* :mod:`avatar.subscribe` -- ``python -m avatar.subscribe``, an example state subscriber;
* :mod:`avatar.wire` -- FlatBuffers code generated from ``schema/avatar.fbs`` (do not edit).

Everything from :mod:`avatar.messages` is re-exported here. The client classes are too, but imported on
first use, so that working with messages does not need pyzmq.
"""

from .messages import *  # noqa: F401,F403  (the public API of avatar.messages, see its __all__)
from .messages import __all__ as _messages_all

__version__ = "0.1.0"

_CLIENT_NAMES = (
    "Subscriber",
    "Control",
    "ControlError",
    "TrackerPublisher",
    "DEFAULT_INPUT_ENDPOINT",
    "DEFAULT_STATE_ENDPOINT",
    "DEFAULT_CONTROL_ENDPOINT",
)

__all__ = [*_messages_all, *_CLIENT_NAMES]


def __getattr__(name: str):
    if name in _CLIENT_NAMES:
        from . import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
