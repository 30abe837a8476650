"""No leak per call: 10,000 runs (and failing runs, and Sessions opened and closed) leave the
process's resident memory flat and the caller's arrays' reference counts unchanged."""

import os
import sys

import numpy as np

import lpai_rt
from conftest import golden

PAGE = os.sysconf("SC_PAGE_SIZE")
# Allowed growth over a loop after its warm-up: 256 KiB, i.e. less than 27 bytes per call over
# 10,000 calls (an output array kept alive would be > 100 bytes per call).
SLACK = 256 * 1024


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def test_ten_thousand_runs_keep_memory_flat():
    g = golden("kws_ref_model")
    (x,) = g.inputs(0)
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:
        for _ in range(1000):  # warm-up: allocator pools, caches
            s.run([x])
        refs = sys.getrefcount(x)
        before = rss_bytes()
        for _ in range(10000):
            (y,) = s.run([x])
        after = rss_bytes()
        assert y.tobytes() == g.outputs(0)[0]
        assert s.counters["executions"] == 11000
        assert sys.getrefcount(x) == refs
    assert after - before < SLACK, f"RSS grew by {after - before} bytes over 10,000 runs"


def test_failing_runs_keep_memory_flat():
    g = golden("kws_ref_model")
    bad = [g.inputs(0)[0].astype(np.int16)]
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:
        def fail_many(n):
            for _ in range(n):
                try:
                    s.run(bad)
                except lpai_rt.Error:
                    pass
        fail_many(1000)
        before = rss_bytes()
        fail_many(10000)
        after = rss_bytes()
    assert after - before < SLACK, f"RSS grew by {after - before} bytes over 10,000 errors"


def test_sessions_opened_and_closed_keep_memory_flat():
    g = golden("kws_ref_model")
    b = lpai_rt.prepare(g.model)

    def cycle(n):
        for _ in range(n):
            with lpai_rt.Session(b) as s:
                s.run(g.inputs(0))

    cycle(200)
    before = rss_bytes()
    cycle(2000)
    after = rss_bytes()
    # A context binary copy is 51 KB: one kept per Session would add 100 MB here.
    assert after - before < 4 * SLACK, f"RSS grew by {after - before} bytes over 2,000 Sessions"
