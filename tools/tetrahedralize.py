"""Tetrahedralize closed OFF surfaces with TetGen (PyPI `tetgen`) and write TetGen .node/.ele files.

usage: tetrahedralize.py SRC_DIR OUT_DIR name:switches [name:switches ...]
"""
import sys
import time
from pathlib import Path

import numpy as np
import tetgen


def read_off(path: Path):
    tokens = [t for line in path.read_text().splitlines() for t in line.split("#")[0].split()]
    if tokens[0] != "OFF":
        raise SystemExit(f"{path}: not an OFF file")
    nv, nf = int(tokens[1]), int(tokens[2])
    v = np.array(tokens[4 : 4 + 3 * nv], dtype=float).reshape(nv, 3)
    faces, at = [], 4 + 3 * nv
    for _ in range(nf):
        k = int(tokens[at])
        faces.append([int(x) for x in tokens[at + 1 : at + 1 + k]])
        at += 1 + k
    tris = [f[:1] + f[i : i + 2] for f in faces for i in range(1, len(f) - 1)]
    return v, np.array(tris, dtype=np.int32)


def write_tetgen(base: Path, nodes, tets):
    with open(base.with_suffix(".node"), "w") as f:
        f.write(f"{len(nodes)} 3 0 0\n")
        for i, p in enumerate(nodes):
            f.write(f"{i} {p[0]!r} {p[1]!r} {p[2]!r}\n")
    with open(base.with_suffix(".ele"), "w") as f:
        f.write(f"{len(tets)} 4 0\n")
        for i, t in enumerate(tets):
            f.write(f"{i} {t[0]} {t[1]} {t[2]} {t[3]}\n")


def main():
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for spec in sys.argv[3:]:
        name, switches = spec.split(":")
        v, f = read_off(src / f"{name}.off")
        # scale to about 1.7 m tall (a human-sized creature) so the default material makes sense
        v = (v - v.min(axis=0)) * (1.7 / np.ptp(v, axis=0).max())
        t0 = time.time()
        nodes, tets = tetgen.TetGen(v, f).tetrahedralize(switches=switches + "Q")[:2]
        write_tetgen(out / name, nodes, tets)
        print(f"{name}: {len(v)} surface vertices -> {len(nodes)} nodes, {len(tets)} tets "
              f"({switches}, {time.time() - t0:.1f} s) -> {out / name}.node/.ele")


if __name__ == "__main__":
    main()
