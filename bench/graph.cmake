# Graph runtime benchmarks: property queries (C API), finalize, context create/free, and the
# per-node dispatch overhead of an N-node COPY chain with 1-byte tensors (target <= 50 ns/node).
lpai_add_bench(lpai_bench_graph ${CMAKE_CURRENT_LIST_DIR}/bench_graph.cc LIBS lpai_test_graph_builder)
