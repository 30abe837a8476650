"""python3 -m lpai_rt MODEL [--inputs A.npy ...]: prepare MODEL (a .tflite; a .bin context
binary is loaded as it is), print the plan summary and the graph's IO, run one inference on
the .npy inputs (in input order) and print each output with its top-1 index.

Exit status: 0 success; 1 an lpai_rt.Error or an unreadable input file (one line
"lpai_rt: error: ..." on stderr); 2 a bad command line.
"""

import argparse
import sys

import numpy as np

import lpai_rt


def _alignment(text):
    try:
        start, size = (int(v) for v in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError("must be START:SIZE, e.g. 64:64") from None
    return start, size


def _parser():
    p = argparse.ArgumentParser(prog="python3 -m lpai_rt", description=__doc__.split("\n\n")[0])
    p.add_argument("model", help=".tflite model (prepared here) or .bin context binary")
    p.add_argument("--inputs", nargs="+", default=[], metavar="NPY",
                   help=".npy arrays, one per graph input, in input order")
    p.add_argument("--alignment", type=_alignment, default=(64, 64), metavar="START:SIZE")
    p.add_argument("--io_mem_type", choices=["raw", "memhandle"], default="raw")
    p.add_argument("--kernel_layout", choices=["portable", "hvx"], default="portable")
    p.add_argument("--mem_type", choices=["ddr", "tcm"], default="ddr")
    p.add_argument("--direct_mode", choices=["adsp"], default=None)
    p.add_argument("--profile", action="store_true", help="print per-node host time and MACs")
    return p


def _describe(kind, k, t):
    q = f"scale {t.scale:.6g} zero_point {t.zero_point}" if t.scale else "not quantized"
    fio = f" (float at the boundary, {t.device_dtype} inside)" if t.float_io else ""
    return f"{kind} {k} '{t.name}': {t.dtype} {list(t.shape)} {q}{fio}"


def _plan_summary(binary):
    r = binary.report
    if r is None:
        return f"context binary '{binary.graph_name}': {len(binary.data)} bytes (loaded)"
    return (f"plan: graph '{r['graph']}', {r['nodes']} nodes, scratch {r['scratch_bytes']} B "
            f"(lower bound {r['scratch_lower_bound']}), persistent {r['persistent_bytes']} B, "
            f"const {r['const_bytes']} B, IO {r['io_bytes']} B, binary {r['binary_bytes']} B")


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        if args.model.endswith(".bin"):
            binary = lpai_rt.ContextBinary.load(args.model)
        else:
            binary = lpai_rt.prepare(args.model, alignment=args.alignment,
                                     io_mem_type=args.io_mem_type,
                                     kernel_layout=args.kernel_layout)
        print(_plan_summary(binary))
        with lpai_rt.Session(binary, mem_type=args.mem_type, direct_mode=args.direct_mode,
                             profiling=args.profile) as s:
            for k, t in enumerate(s.inputs):
                print(_describe("input", k, t))
            for j, t in enumerate(s.outputs):
                print(_describe("output", j, t))
            if not args.inputs:
                return 0
            arrays = []
            for path in args.inputs:
                try:
                    arrays.append(np.load(path, allow_pickle=False))
                except (OSError, ValueError) as e:
                    print(f"lpai_rt: error: cannot read {path}: {e}", file=sys.stderr)
                    return 1
            ys = s.run(arrays)
            for j, (t, y) in enumerate(zip(s.outputs, ys)):
                top = int(np.argmax(y)) if y.size else -1
                print(f"output {j} '{t.name}': top-1 index {top}")
                print(np.array2string(y, threshold=1000, max_line_width=100))
            if args.profile:
                for n in s.profile:
                    print(f"  node {n['index']:3d} {n['op']:<26} {n['cycles']:>10} ns "
                          f"{n['macs']:>12} MACs")
    except lpai_rt.Error as e:
        print(f"lpai_rt: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
