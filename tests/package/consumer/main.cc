// C++17 user of the installed package: the firmware's TCM pool and logger.
#include <cstdio>

#include "core/log.h"
#include "lpai/hal.h"
#include "memory/tcm_pool.h"

int main() {
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_INFO);
  lpai::TcmPool& pool = lpai::tcm_pool();
  auto r = pool.allocate(4096, 64);
  if (!r.ok()) {
    std::fprintf(stderr, "allocate failed: %s\n", lpai::status_name(r.status()));
    return 1;
  }
  LPAI_LOG_INFO("consumer: TCM pool has %zu bytes", pool.stats().capacity);
  if (pool.free(r.value()) != lpai::Status::kOk) return 2;
  std::printf("lpai_consumer_cxx: ok\n");
  return 0;
}
