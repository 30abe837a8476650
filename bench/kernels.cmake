# Per-kernel throughput (MACs/s) of the int8 conv / depthwise / fully-connected / pooling kernels
# on the layer shapes of the MLPerf Tiny models.
lpai_add_bench(lpai_bench_kernels ${CMAKE_CURRENT_LIST_DIR}/bench_kernels.cc
  LIBS lpai_host_prepare_ops lpai_host_writer)
