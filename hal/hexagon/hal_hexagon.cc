// Hexagon port of the HAL (hexagonv67): log sink and filter, cycle counter, cache
// maintenance, TCM and DDR regions from the linker script's symbols (linker/hexagon.ld),
// backend alignment. The console itself is in board_io.cc.
#include "lpai/hal.h"
#include "lpai/hal_target.h"

extern "C" {
extern uint8_t __lpai_tcm_start[];
extern uint8_t __lpai_tcm_end[];
extern uint8_t __lpai_ddr0_start[];
extern uint8_t __lpai_ddr0_end[];
extern uint8_t __lpai_ddr1_start[];
extern uint8_t __lpai_ddr1_end[];
}

namespace {

// The host port's defaults, so that a binary prepared on the host runs unchanged here.
constexpr uint32_t kStartAlignment = 64;
constexpr uint32_t kSizeAlignment = 64;
constexpr uintptr_t kCacheLine = 32;  // L1 data cache line; over-covering is harmless
constexpr uint32_t kDdrRegionCount = 2;
constexpr size_t kLogLineBuffer = 320;  // tag + kLogLineMax (256) + newline
constexpr int kUnprobed = -1;

lpai_log_level_t g_log_level = LPAI_LOG_LEVEL_ERROR;
int g_cycle_source = kUnprobed;  // lpai_cycle_source_t once probed

const char* level_tag(lpai_log_level_t level) {
  switch (level) {
    case LPAI_LOG_LEVEL_ERROR:
      return "[ERROR] ";
    case LPAI_LOG_LEVEL_WARN:
      return "[WARN] ";
    case LPAI_LOG_LEVEL_INFO:
      return "[INFO] ";
    case LPAI_LOG_LEVEL_VERBOSE:
      return "[VERBOSE] ";
    case LPAI_LOG_LEVEL_DEBUG:
      return "[DEBUG] ";
    default:
      return "[?] ";
  }
}

// User-mode cycle counter (UPCYCLEHI:UPCYCLELO). Reads 0 under qemu-hexagon 7.2.
uint64_t read_upcycle() {
  uint64_t v;
  __asm__ volatile("%0 = upcycle" : "=r"(v));
  return v;
}

void spin_a_little() {
  for (volatile uint32_t i = 0; i < 64; i = i + 1) {
  }
}

lpai_cycle_source_t probe_cycle_source() {
  const uint64_t c0 = read_upcycle();
  spin_a_little();
  if (read_upcycle() != c0) return LPAI_CYCLE_SOURCE_CORE;
  const uint64_t t0 = lpai_target_clock_ns();
  spin_a_little();
  const uint64_t t1 = lpai_target_clock_ns();
  if (t0 != 0 || t1 != 0) return LPAI_CYCLE_SOURCE_CLOCK_NS;
  return LPAI_CYCLE_SOURCE_NONE;
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

// ---- time -----------------------------------------------------------------------------------
lpai_cycle_source_t lpai_target_cycle_source(void) {
  if (g_cycle_source == kUnprobed) g_cycle_source = probe_cycle_source();
  return static_cast<lpai_cycle_source_t>(g_cycle_source);
}

const char* lpai_target_cycle_source_name(lpai_cycle_source_t source) {
  switch (source) {
    case LPAI_CYCLE_SOURCE_CORE:
      return "upcycle";
    case LPAI_CYCLE_SOURCE_TIMER:
      return "timer";
    case LPAI_CYCLE_SOURCE_CLOCK_NS:
      return "clock-ns";
    default:
      return "none";
  }
}

uint64_t lpai_hal_cycles(void) {
  switch (lpai_target_cycle_source()) {
    case LPAI_CYCLE_SOURCE_CORE:
      return read_upcycle();
    case LPAI_CYCLE_SOURCE_CLOCK_NS:
      return lpai_target_clock_ns();
    default:
      return 0;
  }
}

// ---- cache maintenance ----------------------------------------------------------------------
void lpai_hal_cache_clean(const void* addr, size_t size) {
  if (size == 0) return;
  uintptr_t p = reinterpret_cast<uintptr_t>(addr) & ~(kCacheLine - 1);
  const uintptr_t end = reinterpret_cast<uintptr_t>(addr) + size;
  for (; p < end; p += kCacheLine) __asm__ volatile("dccleana(%0)" : : "r"(p) : "memory");
  __asm__ volatile("barrier" : : : "memory");
}

void lpai_hal_cache_invalidate(const void* addr, size_t size) {
  if (size == 0) return;
  uintptr_t p = reinterpret_cast<uintptr_t>(addr) & ~(kCacheLine - 1);
  const uintptr_t end = reinterpret_cast<uintptr_t>(addr) + size;
  for (; p < end; p += kCacheLine) __asm__ volatile("dcinva(%0)" : : "r"(p) : "memory");
  __asm__ volatile("barrier" : : : "memory");
}

// ---- memory regions -------------------------------------------------------------------------
lpai_hal_region_t lpai_hal_tcm_region(void) { return region(__lpai_tcm_start, __lpai_tcm_end); }

uint32_t lpai_hal_ddr_region_count(void) { return kDdrRegionCount; }

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

// ---- backend properties ---------------------------------------------------------------------
lpai_hal_alignment_t lpai_hal_alignment(void) {
  return lpai_hal_alignment_t{kStartAlignment, kSizeAlignment};
}

}  // extern "C"
