#include "memory/tcm_pool.h"

namespace lpai {
namespace {

// Constant-initialised: the constructor is constexpr, so no static constructor runs.
TcmPool g_tcm_pool;

}  // namespace

TcmPool& tcm_pool() { return g_tcm_pool; }

lpai_hal_region_t tcm_pool_region(uint32_t /*index*/) {
  lpai_hal_region_t r = lpai_hal_tcm_region();
  if (r.base == nullptr || r.size < LPAI_TCM_POOL_BYTES) return lpai_hal_region_t{nullptr, 0};
  r.size = LPAI_TCM_POOL_BYTES;
  return r;
}

}  // namespace lpai
