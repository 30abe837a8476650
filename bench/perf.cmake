# Full-model latency of the MLPerf Tiny models (host::Session::execute), ratio to TFLite Micro's
# reference-kernel figures, per-node profile (--profile) and output dump/compare (--dump/--check).
if(TARGET lpai_host_prepare AND TARGET lpai_host_runner)
  lpai_add_bench(lpai_bench_perf_models ${CMAKE_CURRENT_LIST_DIR}/bench_perf_models.cc
    LIBS lpai_host_prepare lpai_host_runner)
  target_include_directories(lpai_bench_perf_models PRIVATE ${CMAKE_SOURCE_DIR}/host_sim)
endif()
