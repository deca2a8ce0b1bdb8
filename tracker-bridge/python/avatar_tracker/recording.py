"""The ``.avtrrec`` recording format: tracker messages exactly as sent on the wire, with their timing.

Layout (all integers little-endian; shared with the Rust reader, see tracker-bridge/python/README.md)::

    b"AVTRREC1"                      8 bytes, magic
    L: u32                           length of the metadata
    L bytes                          UTF-8 JSON object: {"format": 1, "source": str, "created_by": str,
                                     "frames": n (number of records), "note": str}
    then records until end of file:
    t_ns: u64                        time of this message since the first record, ns, non-decreasing
    len: u32                         length of the body
    len bytes                        the encoded schema Message, byte for byte as sent (no topic: the
                                     payload type decides it, as on the daemon's input)

The writer streams the records into a side file and assembles the final file on :meth:`RecordingWriter.close`
(so that ``frames`` is known when the header is written, and the final name only appears complete).
"""

from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass, field
from typing import BinaryIO, Iterator, List, Optional, Tuple

MAGIC = b"AVTRREC1"
FORMAT_VERSION = 1
EXTENSION = ".avtrrec"
CREATED_BY = "avatar_tracker"
#: Largest metadata block and record body a reader accepts (the schema's 32 MiB message limit).
MAX_META_BYTES = 1 << 20
MAX_RECORD_BYTES = 32 << 20

_U32 = struct.Struct("<I")
_REC = struct.Struct("<QI")


class RecordingError(Exception):
    """A recording cannot be read (bad magic, truncated, inconsistent) or written."""


@dataclass
class Recording:
    meta: dict
    records: List[Tuple[int, bytes]] = field(default_factory=list)  # (t_ns, body)


class RecordingWriter:
    """Writes an ``.avtrrec`` file. Use as a context manager, or call :meth:`close` (or :meth:`abort`)."""

    def __init__(self, path: str, source: str, note: str = "", created_by: str = CREATED_BY):
        self.path = os.fspath(path)
        self.source = source
        self.note = note
        self.created_by = created_by
        self.count = 0
        self._first_ns: Optional[int] = None
        self._last_t = 0
        self._side_path = self.path + ".part"
        try:
            self._side: Optional[BinaryIO] = open(self._side_path, "wb")
        except OSError as e:
            raise RecordingError(f"cannot write recording {self.path}: {e.strerror}") from None

    def write(self, body: bytes, time_ns: int) -> None:
        """Append one encoded message; ``time_ns`` is its (absolute) time, e.g. the frame's capture time.

        The stored ``t_ns`` is ``time_ns`` minus the first record's, clamped so that it never decreases.
        """
        if self._side is None:
            raise RecordingError("recording already closed")
        if len(body) > MAX_RECORD_BYTES:
            raise RecordingError(f"message of {len(body)} bytes is larger than {MAX_RECORD_BYTES}")
        if self._first_ns is None:
            self._first_ns = time_ns
        t = max(self._last_t, time_ns - self._first_ns)
        self._last_t = t
        self._side.write(_REC.pack(t, len(body)))
        self._side.write(body)
        self.count += 1

    def meta(self) -> dict:
        return {
            "format": FORMAT_VERSION,
            "source": self.source,
            "created_by": self.created_by,
            "frames": self.count,
            "note": self.note,
        }

    def close(self) -> None:
        if self._side is None:
            return
        side, self._side = self._side, None
        side.close()
        meta = json.dumps(self.meta(), ensure_ascii=False).encode("utf-8")
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "wb") as out, open(self._side_path, "rb") as src:
                out.write(MAGIC)
                out.write(_U32.pack(len(meta)))
                out.write(meta)
                while True:
                    chunk = src.read(1 << 20)
                    if not chunk:
                        break
                    out.write(chunk)
            os.replace(tmp, self.path)
        except OSError as e:
            raise RecordingError(f"cannot write recording {self.path}: {e.strerror}") from None
        finally:
            for p in (tmp, self._side_path):
                try:
                    os.remove(p)
                except FileNotFoundError:
                    pass

    def abort(self) -> None:
        """Throw the recording away (nothing is left at ``path``)."""
        if self._side is not None:
            self._side.close()
            self._side = None
            os.remove(self._side_path)

    def __enter__(self) -> "RecordingWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()


def _read_exact(f: BinaryIO, n: int, what: str, path: str) -> bytes:
    data = f.read(n)
    if len(data) != n:
        raise RecordingError(
            f"{path}: truncated {what} at byte {f.tell() - len(data)}: need {n} bytes, got {len(data)}"
        )
    return data


def iter_recording(path: str) -> Iterator[Tuple[int, bytes]]:
    """Yield ``(t_ns, body)`` of every record; check the header first (see :func:`read_header`)."""
    path = os.fspath(path)
    try:
        f = open(path, "rb")
    except OSError as e:
        raise RecordingError(f"cannot open recording {path}: {e.strerror}") from None
    with f:
        meta = _read_header(f, path)
        last_t = 0
        n = 0
        while True:
            start = f.tell()
            head = f.read(_REC.size)
            if not head:
                break
            if len(head) != _REC.size:
                raise RecordingError(
                    f"{path}: truncated record header at byte {start} (record {n}): "
                    f"{len(head)} of {_REC.size} bytes"
                )
            t, size = _REC.unpack(head)
            if size > MAX_RECORD_BYTES:
                raise RecordingError(f"{path}: record {n} at byte {start} claims {size} bytes (corrupt?)")
            if t < last_t:
                raise RecordingError(f"{path}: record {n} at byte {start}: t_ns {t} < previous {last_t}")
            body = _read_exact(f, size, f"record {n} body", path)
            last_t = t
            n += 1
            yield t, body
        if n != meta["frames"]:
            raise RecordingError(f"{path}: metadata says {meta['frames']} records, the file holds {n}")


def _read_header(f: BinaryIO, path: str) -> dict:
    magic = f.read(len(MAGIC))
    if magic != MAGIC:
        raise RecordingError(f"{path}: not an .avtrrec recording (magic {magic!r}, expected {MAGIC!r})")
    (size,) = _U32.unpack(_read_exact(f, 4, "metadata length", path))
    if size > MAX_META_BYTES:
        raise RecordingError(f"{path}: metadata length {size} is implausible (corrupt?)")
    raw = _read_exact(f, size, "metadata", path)
    try:
        meta = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise RecordingError(f"{path}: metadata is not UTF-8 JSON: {e}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_VERSION:
        got = meta.get("format") if isinstance(meta, dict) else meta
        raise RecordingError(f"{path}: unsupported recording format {got!r} (this reader knows {FORMAT_VERSION})")
    if not isinstance(meta.get("frames"), int) or meta["frames"] < 0:
        raise RecordingError(f"{path}: metadata has no valid 'frames' count")
    return meta


def read_header(path: str) -> dict:
    """The metadata of a recording (does not read the records)."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            return _read_header(f, path)
    except OSError as e:
        raise RecordingError(f"cannot open recording {path}: {e.strerror}") from None


def read_recording(path: str) -> Recording:
    """The whole recording; raises :class:`RecordingError` if it is malformed or truncated."""
    meta = read_header(path)
    return Recording(meta, list(iter_recording(path)))
