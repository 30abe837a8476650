# Whole-model latency through prepare + host::Session::run (RAW IO, DDR), MACs/s and the ratio
# to TFLite Micro's reference figures; per-inference latency of the stateful dtln model.
if(TARGET lpai_host_prepare AND TARGET lpai_host_runner)
  lpai_add_bench(lpai_bench_models ${CMAKE_CURRENT_LIST_DIR}/bench_models.cc
    LIBS lpai_host_prepare lpai_host_runner)
  target_include_directories(lpai_bench_models PRIVATE ${CMAKE_SOURCE_DIR}/host_sim)
endif()
