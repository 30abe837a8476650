"""Shared fixtures of the lpai_rt pytest suite (ctest runs it with PYTHONPATH=<build>/python).

Environment (set by tests/python/CMakeLists.txt): LPAI_SHARED_DIR (../shared: models, goldens,
conformance cases; tests needing it skip with a message when it is absent), LPAI_BUILD_BIN_DIR
(lpai-net-run, lpai-context-binary-generator), LPAI_BUILD_DIR, LPAI_SOURCE_DIR, CMAKE_COMMAND.
"""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
SOURCE_DIR = pathlib.Path(os.environ.get("LPAI_SOURCE_DIR", HERE.parent.parent))
SHARED_DIR = pathlib.Path(os.environ.get("LPAI_SHARED_DIR", SOURCE_DIR.parent / "shared"))
BIN_DIR = pathlib.Path(os.environ.get("LPAI_BUILD_BIN_DIR", SOURCE_DIR / "build" / "bin"))

# TFLite type names of the goldens' manifests -> numpy.
NUMPY_TYPES = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16, "INT32": np.int32,
               "FLOAT32": np.float32, "int8": np.int8, "uint8": np.uint8, "int16": np.int16,
               "int32": np.int32, "float32": np.float32}


def shared(rel):
    """Path under ../shared, or skip the test with a message naming what is missing."""
    p = SHARED_DIR / rel
    if not p.exists():
        pytest.skip(f"{p} not found: the shared models/goldens are absent, test skipped")
    return p


def tool(name):
    p = BIN_DIR / name
    if not p.exists():
        pytest.fail(f"{p} not built (build the default preset's 'all' target)")
    return p


class Golden:
    """One model of ../shared/golden (or ../shared/zoo): model path, the four inferences'
    inputs as arrays, the expected output bytes."""

    def __init__(self, folder, model):
        self.folder = folder
        self.model = model
        self.manifest = json.loads((folder / "manifest.json").read_text())
        self.inferences = self.manifest.get("inferences", 4)

    def inputs(self, k):
        return [np.fromfile(self.folder / f"input_{k}_{i}.bin", dtype=NUMPY_TYPES[t["type"]])
                .reshape(t["shape"]) for i, t in enumerate(self.manifest["inputs"])]

    def input_files(self, k):
        return [self.folder / f"input_{k}_{i}.bin" for i in range(len(self.manifest["inputs"]))]

    def outputs(self, k):
        return [(self.folder / f"output_{k}_{j}.bin").read_bytes()
                for j in range(len(self.manifest["outputs"]))]


def golden(name):
    folder = shared(f"golden/{name}")
    return Golden(folder, shared(f"models/{name}.tflite"))


def zoo(name):
    folder = shared(f"zoo/{name}")
    return Golden(folder, folder / f"{name}.tflite")


def net_run(binary_path, input_lines, out_dir, extra=()):
    """Runs lpai-net-run on `binary_path`, one inference per entry of input_lines (lists of
    input files); returns per inference the output files' bytes in output order (the file
    names come from the Session's output names, as net-run writes them)."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    input_list = out_dir / "input_list.txt"
    input_list.write_text("".join(" ".join(str(f) for f in line) + "\n" for line in input_lines))
    cmd = [str(tool("lpai-net-run")), "--retrieve_context", str(binary_path), "--input_list",
           str(input_list), "--output_dir", str(out_dir / "res"), *extra]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(cmd)}: {done.stderr}"
    return out_dir / "res"


def raw_name(tensor_name):
    """lpai-net-run's output file name of a tensor (README: bytes other than
    [A-Za-z0-9._:+=,@-] as %XX)."""
    ok = set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:+=,@-")
    return "".join(chr(c) if c in ok else f"%{c:02X}" for c in tensor_name.encode()) + ".raw"
