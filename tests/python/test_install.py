"""The module installs with the CMake package (component "python") and imports from there."""

import os
import pathlib
import subprocess
import sys

import pytest

from conftest import golden


def test_installed_package_imports_and_runs(tmp_path):
    build_dir = os.environ.get("LPAI_BUILD_DIR")
    cmake = os.environ.get("CMAKE_COMMAND", "cmake")
    if not build_dir:
        pytest.skip("LPAI_BUILD_DIR is not set (ctest sets it): no build tree to install from")
    g = golden("hello_world_int8")
    prefix = tmp_path / "prefix"
    subprocess.run([cmake, "--install", build_dir, "--component", "python", "--prefix",
                    str(prefix)], check=True, capture_output=True)
    (init,) = list(prefix.rglob("lpai_rt/__init__.py"))
    site = init.parent.parent
    assert list(site.glob("lpai_rt/_lpai_rt*.so")) and (site / "lpai_rt" / "__main__.py").exists()
    code = ("import lpai_rt, sys; s = lpai_rt.Session(lpai_rt.prepare(sys.argv[1])); "
            "print(lpai_rt.__file__); print(len(s.outputs))")
    env = dict(os.environ, PYTHONPATH=str(site))
    done = subprocess.run([sys.executable, "-c", code, str(g.model)], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr
    file, outputs = done.stdout.split()
    assert pathlib.Path(file).is_relative_to(prefix) and outputs == "1"
