"""Threads: the GIL is released while a Session runs, so Sessions run in parallel in Python
threads; one Session used from two threads at once raises Error 1005
(OPERATION_NOT_PERMITTED) instead of corrupting its buffers."""

import threading

import lpai_rt
from conftest import golden

OPERATION_NOT_PERMITTED = 1005


def test_two_threads_two_sessions():
    models = [golden("kws_ref_model"), golden("pretrainedResnet_quant")]
    binaries = [lpai_rt.prepare(g.model) for g in models]
    start = threading.Barrier(len(models))
    failures = []
    runs = [0] * len(models)

    def work(i):
        g = models[i]
        try:
            with lpai_rt.Session(binaries[i]) as s:
                start.wait()
                for n in range(200):
                    k = n % g.inferences
                    if [y.tobytes() for y in s.run(g.inputs(k))] != g.outputs(k):
                        failures.append(f"{g.model.name} run {n}: wrong bytes")
                        return
                    runs[i] += 1
        except Exception as e:  # reported below
            failures.append(f"{g.model.name}: {e!r}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(models))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert runs == [200, 200]


def test_one_session_from_two_threads_raises():
    """Threads A and B run the same Session in loops. One can only find it busy while the
    other is inside run() with the GIL released, so the Error proves both."""
    g = golden("kws_ref_model")
    (x,) = g.inputs(0)
    with lpai_rt.Session(lpai_rt.prepare(g.model)) as s:
        stop = threading.Event()
        collisions, failures = [], []

        def loop():
            for _ in range(20000):
                if stop.is_set():
                    return
                try:
                    if [y.tobytes() for y in s.run([x])] != g.outputs(0):
                        failures.append("wrong bytes")
                except lpai_rt.Error as e:
                    collisions.append(e)
                    stop.set()

        threads = [threading.Thread(target=loop) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert failures == []
        assert collisions, "the two threads never overlapped inside run()"
        for e in collisions:
            assert e.code == OPERATION_NOT_PERMITTED, e.message
            assert "in use by another thread" in e.message
        # The Session is intact afterwards.
        assert [y.tobytes() for y in s.run([x])] == g.outputs(0)


def test_sessions_opened_and_closed_in_parallel():
    models = [golden("kws_ref_model"), golden("hello_world_int8"),
              golden("micro_speech_quantized")]
    binaries = [lpai_rt.prepare(g.model) for g in models]
    failures = []

    def work(i):
        g = models[i]
        try:
            for n in range(25):
                with lpai_rt.Session(binaries[i], profiling=n % 2 == 0) as s:
                    for k in range(g.inferences):
                        if [y.tobytes() for y in s.run(g.inputs(k))] != g.outputs(k):
                            failures.append(f"{g.model.name} round {n} inference {k}")
        except Exception as e:
            failures.append(f"{g.model.name}: {e!r}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(models))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
