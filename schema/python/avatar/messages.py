"""Typed messages of the avatar runtime's wire protocol: the public API in one module.

This module is the Python twin of the Rust crate ``avatar-schema``. It re-exports the modules that do the
work (``from avatar.messages import ...`` and ``from avatar import ...`` give the same names):

* :mod:`avatar.message_types` -- the constants and limits, and the dataclasses and enums that mirror
  ``schema/src/types.rs`` field for field (same names, same order); :func:`message_kind`, :func:`to_f32`,
  :func:`round_f32`;
* :mod:`avatar.encoder` -- :func:`encode` builds a FlatBuffer with the generated builders in ``avatar.wire``
  (root ``Message``, file identifier ``b"AVTR"``, ``schema_version`` 3), like ``schema/src/encode.rs``;
* :mod:`avatar.verifier` -- :class:`DecodeError`, and the structural verifier (a port of the FlatBuffers
  verifier of the Rust ``flatbuffers`` crate, which the Python library lacks);
* :mod:`avatar.decoder` -- :func:`decode` verifies untrusted bytes the way ``schema/src/decode.rs`` does --
  first the structure, then the meaning (landmark counts, finite floats, ranges, name lengths) -- and raises
  :class:`DecodeError` with the same ``reason`` names as Rust's ``Reject::as_str``;
* :mod:`avatar.jsonify` -- :func:`to_json` / :func:`from_json` convert to and from the canonical JSON form,
  which is the serde form of the Rust types (see ``schema/testdata/samples.json``).

Conventions: see :mod:`avatar.message_types`.
"""

from .decoder import decode
from .encoder import encode
from .jsonify import from_json, to_json
from .message_types import *  # noqa: F401,F403  (see its __all__)
from .message_types import __all__ as _types_all
from .verifier import DecodeError

__all__ = [*_types_all, "DecodeError", "encode", "decode", "to_json", "from_json"]
