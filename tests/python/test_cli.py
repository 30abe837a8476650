"""python3 -m lpai_rt MODEL --inputs A.npy ...: the plan summary, the graph's IO, the outputs
with their top-1 index; errors as one line and exit status 1."""

import subprocess
import sys

import numpy as np

import lpai_rt
from conftest import golden


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "lpai_rt", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd)


def test_cli_prints_plan_and_outputs(tmp_path):
    g = golden("kws_ref_model")
    np.save(tmp_path / "x.npy", g.inputs(1)[0])
    done = cli(g.model, "--inputs", tmp_path / "x.npy", "--profile")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith("plan: graph 'main', 12 nodes, scratch 16000 B (lower bound 16000)")
    assert "input 0 'input_1': int8 [1, 49, 10, 1]" in out[1]
    expected = np.frombuffer(g.outputs(1)[0], np.int8)
    assert f"output 0 'Identity': top-1 index {int(np.argmax(expected))}" in done.stdout
    assert " ".join(str(v) for v in expected) in " ".join(done.stdout.replace("[", " ")
                                                          .replace("]", " ").split())
    assert sum("node" in line and "MACs" in line for line in out) == 12


def test_cli_loads_a_context_binary(tmp_path):
    g = golden("kws_ref_model")
    lpai_rt.prepare(g.model).save(tmp_path / "m.bin")
    done = cli(tmp_path / "m.bin")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("context binary 'main': ")


def test_cli_errors(tmp_path):
    g = golden("kws_ref_model")
    done = cli(tmp_path / "absent.tflite")
    assert done.returncode == 1
    assert done.stderr.startswith("lpai_rt: error: cannot read model") and "[1004" in done.stderr
    np.save(tmp_path / "bad.npy", np.zeros((1, 49, 10, 1), np.float32))
    done = cli(g.model, "--inputs", tmp_path / "bad.npy")
    assert done.returncode == 1 and "7008" in done.stderr
    done = cli(g.model, "--inputs", tmp_path / "absent.npy")
    assert done.returncode == 1 and "cannot read" in done.stderr
    done = cli(g.model, "--alignment", "64")
    assert done.returncode == 2
