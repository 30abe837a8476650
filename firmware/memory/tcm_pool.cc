#include "memory/tcm_pool.h"

namespace lpai {
namespace {

// Constant-initialised: the constructor is constexpr, so no static constructor runs.
TcmPool g_tcm_pool;

}  // namespace

TcmPool& tcm_pool() { return g_tcm_pool; }

}  // namespace lpai
