// Host stand-in for the target-port extras (lpai/hal_target.h), so that the firmware image's
// application code runs unchanged on the host build (lpai-image-host): the reference the
// emulated images are compared with. Console = stdout; cycles = the host HAL's nanoseconds.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "lpai/hal_target.h"

extern "C" {

void lpai_target_console_write(const char* text, size_t len) {
  std::fwrite(text, 1, len, stdout);
  std::fflush(stdout);
}

void lpai_target_exit(int code) { std::exit(code); }

uint64_t lpai_target_clock_ns(void) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

// The host process stack is not a linker-reserved region: no stack measurement on the host.
int lpai_target_stack_region(uintptr_t* bottom, uintptr_t* top) {
  *bottom = 0;
  *top = 0;
  return 0;
}

lpai_cycle_source_t lpai_target_cycle_source(void) { return LPAI_CYCLE_SOURCE_CLOCK_NS; }

const char* lpai_target_cycle_source_name(lpai_cycle_source_t source) {
  return source == LPAI_CYCLE_SOURCE_CLOCK_NS ? "host-clock-ns" : "none";
}

}  // extern "C"
