// TCM pool allocate + free latency.
//   BM_TcmAllocFree/<size>   empty pool: one allocate + one free (target <= 100 ns median)
//   BM_TcmAllocFree31Live    31 live slots already allocated: allocate the 32nd + free it
//                            (the longest first-fit scan and table shifts)
// Run: lpai_bench_tcm_pool --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
//      [--benchmark_format=json | --benchmark_out=f.json --benchmark_out_format=json]
#include <benchmark/benchmark.h>

#include <cstdint>

#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "memory/tcm_pool.h"

namespace {

void BM_TcmAllocFree(benchmark::State& state) {
  lpai::TcmPool& pool = lpai::tcm_pool();
  pool.reset();
  lpai_hal_host_reset_alignment();
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
  const size_t size = static_cast<size_t>(state.range(0));
  for (auto _ : state) {
    auto r = pool.allocate(size, 64);
    benchmark::DoNotOptimize(r);
    if (!r.ok() || pool.free(r.value()) != lpai::Status::kOk) {
      state.SkipWithError("allocate/free failed");
      break;
    }
  }
  pool.reset();
}
BENCHMARK(BM_TcmAllocFree)->Arg(64)->Arg(4096)->Arg(262144);

void BM_TcmAllocFree31Live(benchmark::State& state) {
  lpai::TcmPool& pool = lpai::tcm_pool();
  pool.reset();
  lpai_hal_host_reset_alignment();
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
  // 31 live 1 KiB blocks placed on 4 KiB boundaries leave a 3 KiB free hole after each, so
  // the scan for the 32nd allocation (4 KiB, larger than every hole) visits every entry of
  // the table (2 * 31 + 1 blocks) before it fits in the tail.
  for (int i = 0; i < 31; ++i) {
    if (!pool.allocate(1024, 4096).ok()) {
      state.SkipWithError("setup failed");
      return;
    }
  }
  if (pool.stats().live_slots != 31) {
    state.SkipWithError("expected 31 live slots");
    return;
  }
  for (auto _ : state) {
    auto r = pool.allocate(4096, 64);
    benchmark::DoNotOptimize(r);
    if (!r.ok() || pool.free(r.value()) != lpai::Status::kOk) {
      state.SkipWithError("allocate/free failed");
      break;
    }
  }
  pool.reset();
}
BENCHMARK(BM_TcmAllocFree31Live);

}  // namespace
