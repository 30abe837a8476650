// The target ports' system fatal path (hal/target_common): lpai_hal_fatal prints
// "FATAL: <line>" on the board console and halts the image with exit code 3. Built on the host
// from the same source the Hexagon and Cortex-M images link, with the board I/O
// (lpai/hal_target.h) and the linker-script symbols stubbed: the console is stderr, the exit
// is the process exit (a gtest death test observes both).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "lpai/hal.h"
#include "lpai/hal_target.h"

extern "C" {
// The linker script's region and stack bounds (unused by the fatal path).
uint8_t __lpai_tcm_start[1];
uint8_t __lpai_tcm_end[1];
uint8_t __lpai_ddr0_start[1];
uint8_t __lpai_ddr0_end[1];
uint8_t __lpai_ddr1_start[1];
uint8_t __lpai_ddr1_end[1];
uint8_t __lpai_stack_bottom[1];
uint8_t __lpai_stack_top[1];

void lpai_target_console_write(const char* text, size_t len) {
  ssize_t n = write(2, text, len);
  (void)n;
}
void lpai_target_exit(int code) { _exit(code); }
}

namespace {

TEST(TargetHalStack, RegionIsTheLinkerScriptsStackBounds) {
  uintptr_t bottom = 0;
  uintptr_t top = 0;
  EXPECT_EQ(lpai_target_stack_region(&bottom, &top), 1);
  EXPECT_EQ(bottom, reinterpret_cast<uintptr_t>(__lpai_stack_bottom));
  EXPECT_EQ(top, reinterpret_cast<uintptr_t>(__lpai_stack_top));
}

TEST(TargetHalFatal, PrintsTheFatalLineAndHaltsWithExitCodeThree) {
  EXPECT_EXIT(lpai_hal_fatal(1110u, "TCM pool: system fatal error: allocation 33 exceeds the "
                                    "limit of 32 TCM buffers (required size: 64)"),
              testing::ExitedWithCode(LPAI_HAL_FATAL_EXIT_CODE),
              "FATAL: TCM pool: system fatal error: allocation 33 exceeds the limit of 32 TCM "
              "buffers \\(required size: 64\\)");
  EXPECT_EQ(LPAI_HAL_FATAL_EXIT_CODE, 3);
}

TEST(TargetHalLog, LinesCarryTheSeedsPrefix) {
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_INFO);
  EXPECT_EXIT(
      {
        lpai_hal_log_write(LPAI_LOG_LEVEL_INFO, "hello", 5);
        lpai_hal_log_write(LPAI_LOG_LEVEL_ERROR, "bad", 3);
        std::fflush(stderr);
        _exit(0);
      },
      testing::ExitedWithCode(0), "INFO: hello\nERROR: bad\n");
}

}  // namespace
