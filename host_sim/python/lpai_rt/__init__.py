"""lpai-rt host simulation from Python: prepare a TFLite model into a context binary and run
it bit-exactly as the firmware does, with numpy arrays.

    import numpy as np, lpai_rt
    b = lpai_rt.prepare("model.tflite", alignment=(64, 64), io_mem_type="raw",
                        kernel_layout="portable")
    b.report                                    # the plan report (dict)
    s = lpai_rt.Session(b, mem_type="ddr")      # "tcm" needs direct_mode="adsp"
    s.inputs, s.outputs                         # TensorInfo: name, dtype, shape, scale, zero_point
    ys = s.run([x0])                            # list (or dict by name) -> list in output order
    s.reset()                                   # persistent state back to its start
    s.profile                                   # per node: index, op, cycles (host ns), macs

Every failure raises lpai_rt.Error with .code (the QNN / lpai-rt status) and a one-line
message. The code is the project's own (lpai-context-binary-generator's pipeline and
lpai-net-run's host::Session), compiled into the extension module _lpai_rt.
"""

from ._lpai_rt import (  # noqa: F401
    ContextBinary,
    Error,
    Session,
    TensorInfo,
    __version__,
    kernel_variant,
    kernel_variants,
    prepare,
    set_kernel_variant,
    set_log_level,
)

__all__ = [
    "ContextBinary",
    "Error",
    "Session",
    "TensorInfo",
    "kernel_variant",
    "kernel_variants",
    "prepare",
    "set_kernel_variant",
    "set_log_level",
]
