// HAL functions every target port (hal/hexagon, hal/cortex_m) implements the same way: the log
// sink and its level filter (lines go to lpai_target_console_write with a level tag), the TCM
// and DDR regions exported by the port's linker script (linker/<port>.ld), the absence of
// host-shared memory, and the backend alignment. Linked into every non-host build.
#include "lpai/hal.h"
#include "lpai/hal_target.h"

extern "C" {
extern uint8_t __lpai_tcm_start[];
extern uint8_t __lpai_tcm_end[];
extern uint8_t __lpai_ddr0_start[];
extern uint8_t __lpai_ddr0_end[];
extern uint8_t __lpai_ddr1_start[];
extern uint8_t __lpai_ddr1_end[];
extern uint8_t __lpai_stack_bottom[];
extern uint8_t __lpai_stack_top[];
}

namespace {

// The host port's defaults, so that a binary prepared on the host runs unchanged on target.
constexpr uint32_t kStartAlignment = 64;
constexpr uint32_t kSizeAlignment = 64;
constexpr uint32_t kDdrRegionCount = 2;
constexpr size_t kLogLineBuffer = 320;  // tag + kLogLineMax (256) + newline

lpai_log_level_t g_log_level = LPAI_LOG_LEVEL_ERROR;

const char* level_tag(lpai_log_level_t level) {
  switch (level) {
    case LPAI_LOG_LEVEL_ERROR:
      return "ERROR: ";
    case LPAI_LOG_LEVEL_WARN:
      return "WARNING: ";
    case LPAI_LOG_LEVEL_INFO:
      return "INFO: ";
    case LPAI_LOG_LEVEL_VERBOSE:
      return "VERBOSE: ";
    case LPAI_LOG_LEVEL_DEBUG:
      return "DEBUG: ";
    default:
      return "[?] ";
  }
}

lpai_hal_region_t region(uint8_t* start, uint8_t* end) {
  return lpai_hal_region_t{start, static_cast<size_t>(end - start)};
}

}  // namespace

extern "C" {

// ---- log sink -------------------------------------------------------------------------------
void lpai_hal_log_write(lpai_log_level_t level, const char* line, size_t len) {
  if (level == LPAI_LOG_LEVEL_NONE || level > g_log_level) return;
  char out[kLogLineBuffer];
  size_t n = 0;
  for (const char* t = level_tag(level); *t != '\0'; ++t) out[n++] = *t;
  for (size_t i = 0; i < len && n < sizeof(out) - 1; ++i) out[n++] = line[i];
  out[n++] = '\n';
  lpai_target_console_write(out, n);
}

lpai_log_level_t lpai_hal_log_level(void) { return g_log_level; }

void lpai_hal_set_log_level(lpai_log_level_t level) {
  if (level < LPAI_LOG_LEVEL_NONE) level = LPAI_LOG_LEVEL_NONE;
  if (level > LPAI_LOG_LEVEL_DEBUG) level = LPAI_LOG_LEVEL_DEBUG;
  g_log_level = level;
}

// ---- memory regions -------------------------------------------------------------------------
lpai_hal_region_t lpai_hal_tcm_region(void) { return region(__lpai_tcm_start, __lpai_tcm_end); }

uint32_t lpai_hal_ddr_region_count(void) { return kDdrRegionCount; }

int lpai_target_stack_region(uintptr_t* bottom, uintptr_t* top) {
  *bottom = reinterpret_cast<uintptr_t>(__lpai_stack_bottom);
  *top = reinterpret_cast<uintptr_t>(__lpai_stack_top);
  return 1;
}

lpai_hal_region_t lpai_hal_ddr_region(uint32_t index) {
  if (index == 0) return region(__lpai_ddr0_start, __lpai_ddr0_end);
  if (index == 1) return region(__lpai_ddr1_start, __lpai_ddr1_end);
  return lpai_hal_region_t{nullptr, 0};
}

// ---- shared buffers -------------------------------------------------------------------------
int lpai_hal_shared_resolve(int32_t fd, uint8_t** addr, size_t* size) {
  (void)fd;
  (void)addr;
  (void)size;
  return -1;  // no host-shared (rpcmem/ION) memory in a standalone image
}

// ---- system fatal errors --------------------------------------------------------------------
// The image halts: "FATAL: <line>" on the console, then a non-zero exit.
void lpai_hal_fatal(uint32_t code, const char* line) {
  (void)code;
  char out[kLogLineBuffer];
  size_t n = 0;
  for (const char* t = "FATAL: "; *t != '\0'; ++t) out[n++] = *t;
  for (size_t i = 0; line != nullptr && line[i] != '\0' && n < sizeof(out) - 1; ++i)
    out[n++] = line[i];
  out[n++] = '\n';
  lpai_target_console_write(out, n);
  lpai_target_exit(LPAI_HAL_FATAL_EXIT_CODE);
}

// ---- backend properties ---------------------------------------------------------------------
lpai_hal_alignment_t lpai_hal_alignment(void) {
  return lpai_hal_alignment_t{kStartAlignment, kSizeAlignment};
}

}  // extern "C"
