# Stateful LSTM models: per-inference latency through prepare + C shim (host::Session), state
# carried across iterations (one streaming frame per inference for dtln).
if(TARGET lpai_host_prepare AND TARGET lpai_host_runner)
  lpai_add_bench(lpai_bench_lstm ${CMAKE_CURRENT_LIST_DIR}/bench_lstm.cc
    LIBS lpai_host_prepare lpai_host_runner)
  target_include_directories(lpai_bench_lstm PRIVATE ${CMAKE_SOURCE_DIR}/host_sim)
endif()
