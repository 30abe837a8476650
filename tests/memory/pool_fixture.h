// Shared fixture: every memory test starts from unregistered pools and default HAL settings.
#ifndef LPAI_TESTS_MEMORY_POOL_FIXTURE_H
#define LPAI_TESTS_MEMORY_POOL_FIXTURE_H

#include <gtest/gtest.h>

#include "lpai/hal_host.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"

namespace lpai_test {

class PoolTest : public ::testing::Test {
 protected:
  void SetUp() override { reset_all(); }
  void TearDown() override { reset_all(); }

  static void reset_all() {
    lpai::tcm_pool().reset();
    for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i) lpai::ddr_arena(i)->reset();
    lpai_hal_host_reset_alignment();
    lpai_hal_host_clear_fatal();
    lpai_hal_host_set_fatal_hook(nullptr, nullptr);
  }
};

}  // namespace lpai_test

#endif  // LPAI_TESTS_MEMORY_POOL_FIXTURE_H
