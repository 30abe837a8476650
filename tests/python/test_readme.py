"""The README's Python example, run as written: a model over a folder of .npy inputs, top-1 per
input (kws_ref_model and the golden inputs; the expected top-1 from TFLite Micro's outputs)."""

import os
import re
import subprocess
import sys

import numpy as np

from conftest import SOURCE_DIR, golden


def readme_example():
    text = (SOURCE_DIR / "README.md").read_text()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Python section has one python example"
    return blocks[0]


def test_readme_example_prints_top1_per_input(tmp_path):
    g = golden("kws_ref_model")
    os.symlink(g.model, tmp_path / "model.tflite")
    (tmp_path / "inputs").mkdir()
    expected = []
    for k in range(g.inferences):
        np.save(tmp_path / "inputs" / f"x{k}.npy", g.inputs(k)[0])
        expected.append(f"x{k}.npy {int(np.argmax(np.frombuffer(g.outputs(k)[0], np.int8)))}")
    (tmp_path / "example.py").write_text(readme_example())
    done = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected
