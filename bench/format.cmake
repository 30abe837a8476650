# Context binary benchmarks: validate_binary() on a 100-node binary, CRC-32 throughput.
lpai_add_bench(lpai_bench_format ${CMAKE_CURRENT_LIST_DIR}/bench_format.cc LIBS lpai_test_graph_builder)
