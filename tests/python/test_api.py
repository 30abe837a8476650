"""The interface as issue 30 writes it: ContextBinary (data, report, save/load), Session
(inputs/outputs as TensorInfo, run, reset, profile, counters), module settings."""

import json

import numpy as np
import pytest

import lpai_rt
from conftest import golden, zoo


@pytest.fixture(scope="module")
def kws():
    g = golden("kws_ref_model")
    return g, lpai_rt.prepare(str(g.model), alignment=(64, 64), io_mem_type="raw",
                              kernel_layout="portable")


def test_context_binary(kws, tmp_path):
    g, b = kws
    assert isinstance(b.data, bytes) and len(b.data) == len(b) == b.report["binary_bytes"]
    assert b.data[:4] == b"LPAI"
    assert b.graph_name == b.report["graph"]
    r = b.report
    assert isinstance(r, dict)
    # kws's plan (README, Figures: scratch equals its lower bound, 16,000 B).
    assert (r["scratch_bytes"], r["scratch_lower_bound"]) == (16000, 16000)
    assert r["persistent_bytes"] == 0
    assert r["nodes"] == 12 and r["const_bytes"] > 0
    assert r["io_mem_type"] == "raw" and r["kernel_layout"] == "portable"
    assert "scratch_bytes:       16000" in b.report_text
    assert "<svg" in b.plan_svg and b.plan_svg.rstrip().endswith("</svg>")
    b.save(tmp_path / "m.bin")
    assert (tmp_path / "m.bin").read_bytes() == b.data
    loaded = lpai_rt.ContextBinary.load(str(tmp_path / "m.bin"))
    assert loaded.data == b.data and loaded.graph_name == b.graph_name
    assert loaded.report is None and loaded.report_text is None and loaded.plan_svg is None
    for source in (b.data, bytearray(b.data), memoryview(b.data),
                   np.frombuffer(b.data, np.uint8)):
        assert lpai_rt.ContextBinary(source).data == b.data
    assert f"{len(b)} bytes" in repr(loaded)


def test_prepare_from_bytes_equals_from_path(kws):
    g, b = kws
    assert lpai_rt.prepare(g.model.read_bytes()).data == b.data
    assert lpai_rt.prepare(memoryview(g.model.read_bytes())).data == b.data
    assert lpai_rt.prepare(g.model).report["model"] == str(g.model)
    assert lpai_rt.prepare(g.model.read_bytes()).report["model"] == "<bytes>"


def test_tensor_info(kws):
    g, b = kws
    with lpai_rt.Session(b, mem_type="ddr") as s:
        (i,) = s.inputs
        (o,) = s.outputs
        m_in, m_out = g.manifest["inputs"][0], g.manifest["outputs"][0]
        assert isinstance(i, lpai_rt.TensorInfo)
        assert (i.name, i.dtype, i.shape) == (m_in["name"], np.dtype(np.int8), tuple(m_in["shape"]))
        assert i.scale == pytest.approx(m_in["scale"], rel=1e-6)
        assert i.zero_point == m_in["zero_point"]
        assert (o.name, o.shape, o.zero_point) == (m_out["name"], (1, 12), m_out["zero_point"])
        assert i.nbytes == 490 and not i.float_io and i.device_dtype == i.dtype
        assert "input_1" in repr(i)
        assert s.graph_name == b.graph_name
        assert s.scratch_bytes == 16000 and s.persistent_bytes == 0


def test_run_returns_fresh_arrays(kws):
    g, b = kws
    (x,) = g.inputs(0)
    x_before = x.copy()
    with lpai_rt.Session(b) as s:
        ys1 = s.run([x])
        ys2 = s.run([x])
        assert isinstance(ys1, list) and len(ys1) == 1
        y1, y2 = ys1[0], ys2[0]
        assert y1.dtype == np.int8 and y1.shape == (1, 12)
        assert y1.flags.owndata and y1.flags.writeable and y1.flags.c_contiguous
        assert not np.shares_memory(y1, y2)
        y1[...] = 0  # the caller owns it: the next run is not affected
        assert s.run([x])[0].tobytes() == g.outputs(0)[0]
        assert np.array_equal(x, x_before), "inputs are not modified"


def test_profile_and_counters(kws):
    g, b = kws
    with lpai_rt.Session(b) as s:
        s.run(g.inputs(0))
        p = s.profile
        assert [n["index"] for n in p] == list(range(12))
        assert [n["op"] for n in p] == ["CONV_2D"] + ["DEPTHWISE_CONV_2D", "CONV_2D"] * 4 + [
            "AVERAGE_POOL_2D", "FULLY_CONNECTED", "SOFTMAX"]
        assert all(n["cycles"] > 0 for n in p)
        # MACs from the shapes: the first CONV_2D 10x4 filter, 64 channels, 25x5 outputs.
        assert p[0]["macs"] == 25 * 5 * 64 * 10 * 4 * 1
        assert p[1]["macs"] == 25 * 5 * 64 * 3 * 3
        assert p[10]["macs"] == 64 * 12 and p[9]["macs"] == 0 and p[11]["macs"] == 0
        c = s.counters
        assert c["executions"] == 1 and c["nodes"] == 12
        assert c["last_execute_cycles"] >= sum(n["cycles"] for n in p)
        assert c["io_bytes_copied"] == 490 + 12


def test_tcm_session(kws):
    g, b = kws
    with lpai_rt.Session(b, mem_type="tcm", direct_mode="adsp") as s:
        for k in range(g.inferences):
            assert [y.tobytes() for y in s.run(g.inputs(k))] == g.outputs(k)


def test_memhandle_binary_runs_with_numpy_io():
    g = golden("kws_ref_model")
    b = lpai_rt.prepare(g.model, io_mem_type="memhandle")
    assert b.report["io_mem_type"] == "memhandle"
    with lpai_rt.Session(b) as s:
        for k in range(g.inferences):
            assert [y.tobytes() for y in s.run(g.inputs(k))] == g.outputs(k)


@pytest.mark.parametrize("variant", ["portable", "avx2", "avx512vnni"])
def test_kernel_variants_write_the_same_bytes(variant):
    if variant not in lpai_rt.kernel_variants():
        pytest.skip(f"this CPU does not run the {variant} kernels")
    g = zoo("person_detect")
    b = lpai_rt.prepare(g.model)
    previous = lpai_rt.kernel_variant()
    try:
        lpai_rt.set_kernel_variant(variant)
        assert lpai_rt.kernel_variant() == variant
        with lpai_rt.Session(b) as s:
            assert [y.tobytes() for y in s.run(g.inputs(0))] == g.outputs(0)
    finally:
        lpai_rt.set_kernel_variant(previous)


def test_session_from_bytes_and_path(kws, tmp_path):
    g, b = kws
    b.save(tmp_path / "m.bin")
    for source in (b.data, tmp_path / "m.bin", str(tmp_path / "m.bin")):
        with lpai_rt.Session(source) as s:
            assert s.run(g.inputs(2))[0].tobytes() == g.outputs(2)[0]


def test_version_and_names():
    assert lpai_rt.__version__.count(".") == 2
    for name in ("prepare", "ContextBinary", "Session", "TensorInfo", "Error"):
        assert name in lpai_rt.__all__
    lpai_rt.set_log_level("error")


def test_report_is_json_compatible(kws):
    _, b = kws
    assert json.loads(json.dumps(b.report)) == b.report
