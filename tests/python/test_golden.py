"""Models through Python: TFLite Micro's bytes (../shared/golden, ../shared/zoo, the float
boundary conformance cases), the same binary as lpai-context-binary-generator and the same
output bytes as lpai-net-run on that binary."""

import json
import subprocess

import numpy as np
import pytest

import lpai_rt
from conftest import NUMPY_TYPES, golden, net_run, raw_name, shared, tool, zoo

GOLDEN_MODELS = ["kws_ref_model", "pretrainedResnet_quant", "micro_speech_quantized",
                 "hello_world_int8", "trained_lstm_int8"]
# Zoo models lpai-rt runs, each for what it adds: uint8 IO, two inputs, int16 in / int32 out,
# an LSTM over 49 steps.
ZOO_MODELS = ["keras_lstm_mnist_ptq", "simple_add_model", "keyword_scrambled_8bit",
              "micro_speech_lstm", "person_detect"]


def run_all(session, g):
    """The golden's inferences in order on one Session: output bytes per inference."""
    return [[y.tobytes() for y in session.run(g.inputs(k))] for k in range(g.inferences)]


@pytest.mark.parametrize("name", GOLDEN_MODELS)
def test_golden_model_bit_exact(name):
    g = golden(name)
    with lpai_rt.Session(lpai_rt.prepare(str(g.model))) as s:
        for k, outs in enumerate(run_all(s, g)):
            assert outs == g.outputs(k), f"{name} inference {k}"


@pytest.mark.parametrize("name", ZOO_MODELS)
def test_zoo_model_bit_exact(name):
    g = zoo(name)
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:  # a pathlib.Path
        assert [t.dtype for t in s.inputs] == [np.dtype(NUMPY_TYPES[t["type"]])
                                               for t in g.manifest["inputs"]]
        assert [t.shape for t in s.outputs] == [tuple(t["shape"])
                                                for t in g.manifest["outputs"]]
        for k, outs in enumerate(run_all(s, g)):
            assert outs == g.outputs(k), f"{name} inference {k}"


def test_inputs_by_name_equal_inputs_in_order():
    g = zoo("simple_add_model")
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:
        xs = g.inputs(0)
        by_name = {t.name: x for t, x in zip(s.inputs, xs)}
        assert len(by_name) == 2
        reversed_dict = dict(reversed(list(by_name.items())))
        assert s.run(reversed_dict)[0].tobytes() == g.outputs(0)[0]
        assert s.run(tuple(xs))[0].tobytes() == g.outputs(0)[0]


@pytest.mark.parametrize("name", ["kws_ref_model", "trained_lstm_int8"])
def test_prepare_writes_the_generators_bytes(name, tmp_path):
    g = golden(name)
    cmd = [str(tool("lpai-context-binary-generator")), "--model", str(g.model), "--binary_file",
           "m", "--output_dir", str(tmp_path), "--report"]
    subprocess.run(cmd, check=True, capture_output=True)
    b = lpai_rt.prepare(g.model.read_bytes())  # bytes, not a path
    assert b.data == (tmp_path / "m.bin").read_bytes()
    report = json.loads((tmp_path / "m.report.json").read_text())
    for key in ("scratch_bytes", "scratch_lower_bound", "persistent_bytes", "const_bytes",
                "nodes", "io_bytes", "binary_bytes", "graph", "tensors"):
        assert b.report[key] == report[key], key


@pytest.mark.parametrize("options", [dict(alignment=(256, 64)), dict(io_mem_type="memhandle"),
                                     dict(kernel_layout="hvx")])
def test_prepare_options_match_the_generator(options, tmp_path):
    g = golden("kws_ref_model")
    args = {"alignment": ["--alignment", "{}:{}".format(*options.get("alignment", (64, 64)))],
            "io_mem_type": ["--input_output_tensor_mem_type", options.get("io_mem_type", "raw")],
            "kernel_layout": ["--kernel_layout", options.get("kernel_layout", "portable")]}
    cmd = [str(tool("lpai-context-binary-generator")), "--model", str(g.model), "--binary_file",
           "m", "--output_dir", str(tmp_path)] + sum(args.values(), [])
    subprocess.run(cmd, check=True, capture_output=True)
    b = lpai_rt.prepare(g.model, **options)
    assert b.data == (tmp_path / "m.bin").read_bytes()
    # Every such binary still runs TFLite Micro's bytes.
    with lpai_rt.Session(b) as s:
        assert s.run(g.inputs(0))[0].tobytes() == g.outputs(0)[0]


@pytest.mark.parametrize("name,source", [("kws_ref_model", golden), ("trained_lstm_int8", golden),
                                          ("keras_lstm_mnist_ptq", zoo),
                                          ("simple_add_model", zoo)])
def test_same_bytes_as_net_run(name, source, tmp_path):
    g = source(name)
    b = lpai_rt.prepare(g.model)
    b.save(tmp_path / "m.bin")
    with lpai_rt.Session(lpai_rt.ContextBinary.load(tmp_path / "m.bin")) as s:
        ours = run_all(s, g)
        names = [raw_name(t.name) for t in s.outputs]
    res = net_run(tmp_path / "m.bin", [g.input_files(k) for k in range(g.inferences)],
                  tmp_path / "net_run")
    for k in range(g.inferences):
        theirs = [(res / f"Result_{k}" / n).read_bytes() for n in names]
        assert ours[k] == theirs, f"{name} inference {k}"


@pytest.mark.parametrize("case", ["QUANTIZE.float32_int8.00", "QUANTIZE.float32_int16.01",
                                  "DEQUANTIZE.int8.02", "DEQUANTIZE.int16.03"])
def test_float_boundary_as_net_run(case, tmp_path):
    folder = shared(f"conformance/{case}")
    b = lpai_rt.prepare(folder / "model.tflite")
    with lpai_rt.Session(b) as s:
        (t,) = s.inputs
        (out,) = s.outputs
        x = np.fromfile(folder / "input_0.bin", dtype=t.dtype).reshape(t.shape)
        (y,) = s.run([x])
    assert y.tobytes() == (folder / "output_0.bin").read_bytes()
    float_in = case.startswith("QUANTIZE")
    assert (t.float_io, out.float_io) == (float_in, not float_in)
    assert (t.dtype if float_in else out.dtype) == np.float32
    assert (out.dtype if float_in else t.dtype) != np.float32
    b.save(tmp_path / "m.bin")
    res = net_run(tmp_path / "m.bin", [[folder / "input_0.bin"]], tmp_path / "net_run")
    assert y.tobytes() == (res / "Result_0" / raw_name(out.name)).read_bytes()

