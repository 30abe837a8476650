// Hexagon port of the HAL (hexagonv67): cycle counter and cache maintenance. The log sink,
// regions and alignment are common to the target ports (hal/target_common); the console is in
// board_io.cc.
#include "lpai/hal.h"
#include "lpai/hal_target.h"

namespace {

constexpr uintptr_t kCacheLine = 32;  // L1 data cache line; over-covering is harmless
constexpr int kUnprobed = -1;

int g_cycle_source = kUnprobed;  // lpai_cycle_source_t once probed

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

// Hardware: upcycle. Under qemu-hexagon (upcycle reads 0): the qemu-insn plugin's packet
// count when the plugin is loaded. Host time (the emulator's clock) is never used as cycles.
lpai_cycle_source_t probe_cycle_source() {
  const uint64_t c0 = read_upcycle();
  spin_a_little();
  if (read_upcycle() != c0) return LPAI_CYCLE_SOURCE_CORE;
  uint64_t count = 0;
  if (lpai_target_emu_insn_count(&count) != 0) return LPAI_CYCLE_SOURCE_EMU_INSN;
  return LPAI_CYCLE_SOURCE_NONE;
}

}  // namespace

extern "C" {

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
    case LPAI_CYCLE_SOURCE_EMU_INSN:
      return "qemu-packets";  // qemu-hexagon counts one per packet (tools/qemu-insn)
    default:
      return "none";
  }
}

uint64_t lpai_hal_cycles(void) {
  switch (lpai_target_cycle_source()) {
    case LPAI_CYCLE_SOURCE_CORE:
      return read_upcycle();
    case LPAI_CYCLE_SOURCE_EMU_INSN: {
      uint64_t count = 0;
      return lpai_target_emu_insn_count(&count) != 0 ? count : 0;
    }
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

}  // extern "C"
