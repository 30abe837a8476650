# Per-kernel throughput (MACs/s) of the int8 conv / depthwise / fully-connected / pooling kernels
# on the layer shapes of the MLPerf Tiny models.
# Every bench_kernels*.cc joins the one executable (shared harness: kernel_bench_harness.h).
file(GLOB kernel_bench_srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/bench_kernels*.cc)
lpai_add_bench(lpai_bench_kernels ${kernel_bench_srcs} LIBS lpai_host_prepare_ops lpai_host_writer)
