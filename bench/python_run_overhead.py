#!/usr/bin/env python3
"""Overhead of one lpai_rt Session.run call against lpai-net-run's per-inference time.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_run_overhead.py \
        [--model ../shared/models/kws_ref_model.tflite] [--rounds 20] [--runs 1000] [--profiling]

One model, the golden input k = 0 (../shared/golden/README.md rule); each round measures
Python, then lpai-net-run, so that machine noise hits every figure alike. Per round:
  python run       median over the round's calls of the wall time of s.run([x]) (input
                   checks, copies, GIL release, the firmware's execute, a fresh output array)
  execute          median of the same calls' QnnGraph_execute time (Session counters,
                   last_execute_cycles, host ns; read after each call, outside the timing)
  python overhead  median over the calls of (wall - execute): what one run() adds
  net-run          lpai-net-run --num_inferences N on the same binary: its printed total / N
                   (includes writing Result_<k>/ files), and with --profiling the median of its
                   per-inference execute cycles (host ns)
Prints the median and the minimum of each figure over the rounds. Per-call medians, because
on a shared machine a few preempted calls dominate any mean.
"""

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import lpai_rt

HERE = pathlib.Path(__file__).resolve().parent
SHARED = pathlib.Path(os.environ.get("LPAI_SHARED_DIR", HERE.parent.parent / "shared"))
BIN = pathlib.Path(os.environ.get("LPAI_BUILD_BIN_DIR", HERE.parent / "build" / "bin"))


def golden_input(t, k=0):
    """The golden README's xorshift32 input stream for inference k."""
    s = (0x9E3779B9 + k) & 0xFFFFFFFF
    out = bytearray()
    for _ in range(t.nbytes):
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        out.append(s & 0xFF)
    return np.frombuffer(bytes(out), dtype=t.dtype).reshape(t.shape)


def python_round(s, x, runs):
    """Medians over `runs` calls: wall time of s.run, its execute time, their difference."""
    wall, execute, overhead = [], [], []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        s.run([x])
        w = time.perf_counter_ns() - t0
        e = s.counters["last_execute_cycles"]
        wall.append(w)
        execute.append(e)
        overhead.append(w - e)
    return statistics.median(wall), statistics.median(execute), statistics.median(overhead)


def net_run_round(binary, input_file, runs, work):
    lst = work / "list.txt"
    lst.write_text(f"{input_file}\n")
    cmd = [str(BIN / "lpai-net-run"), "--retrieve_context", str(binary), "--input_list", str(lst),
           "--output_dir", str(work / "out"), "--num_inferences", str(runs)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    total_ms = float(re.search(r"inference\(s\) in ([0-9.]+) ms", done.stdout).group(1))
    prof = subprocess.run(cmd + ["--profiling"], capture_output=True, text=True, check=True)
    cycles = [int(c) for c in re.findall(r"^inference \d+: (\d+) cycles", prof.stdout, re.M)]
    return total_ms * 1e6 / runs, statistics.median(cycles)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default=str(SHARED / "models" / "kws_ref_model.tflite"))
    p.add_argument("--rounds", type=int, default=20)
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--profiling", action="store_true",
                   help="open the Session with profiling=True (its default: per-node times)")
    a = p.parse_args()
    b = lpai_rt.prepare(a.model)
    with tempfile.TemporaryDirectory() as tmp, lpai_rt.Session(b, profiling=a.profiling) as s:
        work = pathlib.Path(tmp)
        b.save(work / "m.bin")
        (t,) = s.inputs
        x = golden_input(t)
        x.tofile(work / "input.bin")
        for _ in range(a.runs):  # warm-up
            s.run([x])
        rows = []
        for _ in range(a.rounds):
            wall, execute, overhead = python_round(s, x, a.runs)
            nr_wall, nr_execute = net_run_round(work / "m.bin", work / "input.bin", a.runs, work)
            rows.append((wall, execute, overhead, nr_wall, nr_execute))
    names = ["python run", "execute (in python)", "python overhead", "net-run per inference",
             "net-run execute"]
    print(f"{pathlib.Path(a.model).stem}, kernel variant {lpai_rt.kernel_variant()}, "
          f"{a.rounds} rounds x {a.runs} runs, profiling={a.profiling}")
    for i, name in enumerate(names):
        col = [r[i] for r in rows]
        print(f"  {name:<24} median {statistics.median(col) / 1e3:8.2f} us   "
              f"min {min(col) / 1e3:8.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
