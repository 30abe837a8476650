"""Every failure raises lpai_rt.Error with its code: the module's own checks (arguments, numpy
dtype and shape, before the firmware is called) and the firmware's refusals (the QNN / lpai-rt
status the C API returns, with the firmware's log lines)."""

import struct
import zlib

import numpy as np
import pytest

import lpai_rt
from conftest import golden, zoo

INVALID_ARGUMENT = 1004
NOT_SUPPORTED = 1000
OPERATION_NOT_PERMITTED = 1005


def raises(code, fn, *args, **kwargs):
    with pytest.raises(lpai_rt.Error) as info:
        fn(*args, **kwargs)
    e = info.value
    assert e.code == code, str(e)
    assert str(e) == e.message and "\n" not in e.message
    assert f"{code}" in e.message and e.name in e.message
    assert isinstance(e.firmware_log, list)
    return e


@pytest.fixture(scope="module")
def kws():
    g = golden("kws_ref_model")
    return g, lpai_rt.prepare(g.model)


def with_crc(data):
    """The binary with its CRC-32 recomputed (docs/context-binary-v1.md section 8)."""
    data = bytearray(data)
    data[16:20] = b"\0\0\0\0"
    data[16:20] = struct.pack("<I", zlib.crc32(bytes(data)) & 0xFFFFFFFF)
    return bytes(data)


def test_error_is_an_exception_with_code_name_message():
    assert issubclass(lpai_rt.Error, Exception)
    e = raises(INVALID_ARGUMENT, lpai_rt.prepare, 42)
    assert e.name == "INVALID_ARGUMENT" and e.firmware_log == []
    assert "model must be a path" in e.message


# ---- prepare -------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,what", [
    (dict(alignment=(3, 64)), "alignment start 3"),
    (dict(alignment=(64, 0)), "alignment size 0"),
    (dict(alignment=(8192, 64)), "alignment start 8192"),
    (dict(alignment=(64, 1 << 21)), "alignment size 2097152"),
    (dict(alignment=(64.0, 64)), "must be an int"),
    (dict(alignment=(True, 64)), "must be an int"),
    (dict(alignment=64), "alignment must be (start, size)"),
    (dict(alignment=(64, 64, 64)), "alignment must be (start, size)"),
    (dict(io_mem_type="tcm"), "io_mem_type 'tcm'"),
    (dict(kernel_layout="avx"), "kernel_layout 'avx'"),
])
def test_prepare_bad_options(kws, kwargs, what):
    g, _ = kws
    e = raises(INVALID_ARGUMENT, lpai_rt.prepare, g.model, **kwargs)
    assert what in e.message


def test_prepare_unreadable_model(tmp_path):
    raises(INVALID_ARGUMENT, lpai_rt.prepare, tmp_path / "absent.tflite")
    raises(INVALID_ARGUMENT, lpai_rt.prepare, tmp_path)  # a directory
    raises(INVALID_ARGUMENT, lpai_rt.prepare, [1, 2, 3])


def test_prepare_refused_model(kws):
    g, _ = kws
    raises(NOT_SUPPORTED, lpai_rt.prepare, b"not a flatbuffer")
    e = raises(NOT_SUPPORTED, lpai_rt.prepare, g.model.read_bytes()[:4000])
    assert e.message.startswith("<bytes>: ")
    # An unknown CUSTOM operator: the audio front end with one custom code misspelt.
    model = zoo("audio_preprocessor_int8").model.read_bytes()
    e = raises(NOT_SUPPORTED, lpai_rt.prepare, model.replace(b"SignalWindow", b"SignalWidnow"))
    assert "custom operator 'SignalWidnow' is not supported" in e.message


# ---- ContextBinary -------------------------------------------------------------------------

def test_load_unreadable_or_too_large(tmp_path):
    raises(INVALID_ARGUMENT, lpai_rt.ContextBinary.load, tmp_path / "absent.bin")
    e = raises(INVALID_ARGUMENT, lpai_rt.ContextBinary, bytes((8 << 20) + 1))
    assert "more than 8388608" in e.message
    raises(INVALID_ARGUMENT, lpai_rt.ContextBinary, 3.5)


@pytest.mark.parametrize("mutate,code", [
    (lambda d: d[:-1] + b"\x01", 5105),                       # BINARY_BAD_CRC
    (lambda d: with_crc(b"XPAI" + d[4:]), 5102),              # BINARY_BAD_MAGIC
    (lambda d: d[:100], 5101),                                # BINARY_TOO_SMALL
    (lambda d: d + bytes(16), 5104),                          # BINARY_SIZE_MISMATCH
    (lambda d: with_crc(d[:4] + b"\x02\x00" + d[6:]), 5103),  # BINARY_BAD_VERSION
])
def test_corrupt_binary_refused_by_the_loader(kws, mutate, code, tmp_path):
    _, b = kws
    bad = mutate(b.data)
    e = raises(code, lpai_rt.ContextBinary, bad)
    assert e.firmware_log, "the firmware logs the reason"
    (tmp_path / "bad.bin").write_bytes(bad)
    raises(code, lpai_rt.ContextBinary.load, tmp_path / "bad.bin")
    # A Session takes the bytes as they are: the firmware refuses them with the same code.
    e = raises(code, lpai_rt.Session, bad)
    assert e.firmware_log


def test_unknown_op_refused_at_context_creation(kws):
    _, b = kws
    data = bytearray(b.data)
    nodes_offset, nodes = struct.unpack_from("<II", data, 32)
    assert nodes > 0
    struct.pack_into("<H", data, nodes_offset, 9999)  # node 0's op code
    e = raises(5112, lpai_rt.Session, with_crc(data))  # BINARY_UNKNOWN_OP
    assert "QnnContext_createFromBinary" in e.message and e.firmware_log


def test_save_to_an_unwritable_path(kws, tmp_path):
    _, b = kws
    raises(INVALID_ARGUMENT, b.save, tmp_path / "no" / "such" / "dir" / "m.bin")
    raises(INVALID_ARGUMENT, b.save, 12)


# ---- Session -------------------------------------------------------------------------------

def test_session_bad_options(kws):
    _, b = kws
    raises(INVALID_ARGUMENT, lpai_rt.Session, b, mem_type="sram")
    raises(INVALID_ARGUMENT, lpai_rt.Session, b, direct_mode="cdsp")
    e = raises(NOT_SUPPORTED, lpai_rt.Session, b, mem_type="tcm")
    assert "direct_mode='adsp'" in e.message
    raises(INVALID_ARGUMENT, lpai_rt.Session, 17)


def test_context_slots_exhausted_then_freed(kws):
    g, b = kws
    sessions = []
    try:
        with pytest.raises(lpai_rt.Error) as info:
            for _ in range(256):
                sessions.append(lpai_rt.Session(b))
        assert info.value.code == 5002  # CONTEXT_NO_FREE_SLOT
        assert "close()" in info.value.message
        assert sessions, "at least one Session opens"
    finally:
        for s in sessions:
            s.close()
    with lpai_rt.Session(b) as s:  # slots are back
        assert [y.tobytes() for y in s.run(g.inputs(0))] == g.outputs(0)


def test_ddr_full():
    """Open Sessions' binaries share the simulated DDR (2 arenas of 8 MiB): a 4 MB binary
    fits twice, the third Session gets MEM_ALLOC from the firmware."""
    g = zoo("mobilenet_v2_quantized_1x3x224x224")
    b = lpai_rt.prepare(g.model)
    assert len(b) > 3 << 20
    sessions = []
    try:
        with pytest.raises(lpai_rt.Error) as info:
            for _ in range(4):
                sessions.append(lpai_rt.Session(b))
        assert info.value.code == 1002, info.value.message  # MEM_ALLOC
        assert "DDR memory allocation failure" in info.value.firmware_log[0]
        assert len(sessions) == 2
    finally:
        for s in sessions:
            s.close()


@pytest.fixture
def session(kws):
    g, b = kws
    with lpai_rt.Session(b) as s:
        yield g, s


def test_run_bad_inputs(session):
    g, s = session
    (x,) = g.inputs(0)
    cases = [
        (7000, 5, "got int"),                                   # TENSOR_INVALID_ARGUMENT
        (7000, [x.tolist()], "must be a numpy.ndarray, got list"),
        (7000, "input_1", "got str"),
        (7001, [], "1 inputs, got 0"),                          # TENSOR_COUNT_MISMATCH
        (7001, [x, x], "1 inputs, got 2"),
        (7001, {}, "missing from the dict"),
        (7002, {"input_1": x, "other": x}, "no input named 'other'"),  # TENSOR_UNKNOWN_ID
        (7002, {1: x}, "no input named '1'"),
        (7008, [x.astype(np.int16)], "is int16, the tensor needs int8"),  # DATA_TYPE_MISMATCH
        (7008, [x.astype(np.float32)], "is float32, the tensor needs int8"),
        (7008, [x.view(np.uint8)], "is uint8"),
        (7007, [x[0]], "has shape (49, 10, 1), the tensor needs (1, 49, 10, 1)"),  # SHAPE
        (7007, [x.reshape(1, 490)], "has shape (1, 490)"),
        (7007, [np.zeros((1, 49, 10, 2), np.int8)[..., :1].squeeze(-1)], "has shape"),
    ]
    for code, arg, what in cases:
        e = raises(code, s.run, arg)
        assert what in e.message, e.message
        assert e.firmware_log == [], "refused before the firmware is called"
    assert s.counters["executions"] == 0
    # A strided view of the right dtype and shape is accepted (copied contiguous).
    wide = np.zeros((1, 49, 10, 2), np.int8)
    wide[..., 0] = x[..., 0]
    assert [y.tobytes() for y in s.run([wide[..., :1]])] == g.outputs(0)
    assert s.counters["executions"] == 1


def test_float_boundary_input_needs_float32():
    from conftest import shared
    folder = shared("conformance/QUANTIZE.float32_int8.00")
    with lpai_rt.Session(lpai_rt.prepare(folder / "model.tflite")) as s:
        (t,) = s.inputs
        assert t.float_io and t.dtype == np.float32 and t.device_dtype == np.int8
        e = raises(7008, s.run, [np.zeros(t.shape, np.int8)])
        assert "is int8, the tensor needs float32" in e.message
        raises(7008, s.run, [np.zeros(t.shape, np.float64)])
        s.run([np.zeros(t.shape, np.float32)])


def test_failed_run_leaves_state_unchanged():
    g = golden("trained_lstm_int8")
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:
        assert [y.tobytes() for y in s.run(g.inputs(0))] == g.outputs(0)
        raises(7007, s.run, [g.inputs(1)[0][0]])
        raises(7008, s.run, [g.inputs(1)[0].astype(np.uint8)])
        assert [y.tobytes() for y in s.run(g.inputs(1))] == g.outputs(1)


def test_profile_without_profiling(kws):
    g, b = kws
    with lpai_rt.Session(b, profiling=False) as s:
        s.run(g.inputs(0))
        raises(6022, lambda: s.profile)  # GRAPH_PROFILE_BUFFER_MISSING


def test_closed_session(kws):
    g, b = kws
    s = lpai_rt.Session(b)
    s.close()
    assert s.closed
    for call in (lambda: s.run(g.inputs(0)), s.reset, lambda: s.profile, lambda: s.counters,
                 lambda: s.graph_name, lambda: s.scratch_bytes):
        e = raises(6001, call)  # GRAPH_INVALID_HANDLE
        assert "closed" in e.message
    s.close()  # closing again is allowed, as for files


def test_module_settings():
    raises(INVALID_ARGUMENT, lpai_rt.set_log_level, "loud")
    raises(INVALID_ARGUMENT, lpai_rt.set_kernel_variant, "neon")


def test_unsupported_kernel_variant():
    missing = [v for v in ("portable", "avx2", "avx512vnni") if v not in lpai_rt.kernel_variants()]
    if not missing:
        pytest.skip("this CPU runs every kernel variant: the NOT_SUPPORTED path needs one it lacks")
    raises(NOT_SUPPORTED, lpai_rt.set_kernel_variant, missing[0])
