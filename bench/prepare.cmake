# Offline prepare benchmarks: memory planning of the shared models and of adversarial random
# graphs (where the local search runs to its work limit), and the whole prepare pipeline.
lpai_add_bench(lpai_bench_prepare ${CMAKE_CURRENT_LIST_DIR}/bench_prepare.cc LIBS lpai_host_prepare)
