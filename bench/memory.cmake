# Memory-core benchmarks: TCM pool allocate + free (best and worst case).
lpai_add_bench(lpai_bench_tcm_pool ${CMAKE_CURRENT_LIST_DIR}/bench_tcm_pool.cc)
