// Cortex-M port of the HAL (M7 / M4): cycle counter (DWT CYCCNT, with a SysTick fallback) and
// D-cache maintenance (M7 with the cache on; no-op otherwise). The log sink, regions and
// alignment are common to the target ports (hal/target_common); the console is in board_io.cc.
#include "lpai/hal.h"
#include "lpai/hal_target.h"

extern "C" {
void lpai_cm_systick(void);
}

namespace {

constexpr int kUnprobed = -1;

// System control space registers (ARMv7-M ARM, B3.2 / C1.8).
inline volatile uint32_t& reg(uintptr_t address) {
  return *reinterpret_cast<volatile uint32_t*>(address);
}
constexpr uintptr_t kDemcr = 0xE000EDFC;     // Debug Exception and Monitor Control
constexpr uint32_t kDemcrTrcena = 1u << 24;
constexpr uintptr_t kDwtCtrl = 0xE0001000;
constexpr uint32_t kDwtCtrlCyccntena = 1u << 0;
constexpr uint32_t kDwtCtrlNocyccnt = 1u << 25;
constexpr uintptr_t kDwtCyccnt = 0xE0001004;
constexpr uintptr_t kDwtLar = 0xE0001FB0;    // lock access (Cortex-M7)
constexpr uint32_t kDwtUnlock = 0xC5ACCE55u;
constexpr uintptr_t kSystCsr = 0xE000E010;
constexpr uint32_t kSystCsrEnable = 1u << 0;
constexpr uint32_t kSystCsrTickint = 1u << 1;
constexpr uint32_t kSystCsrClksource = 1u << 2;  // processor clock
constexpr uintptr_t kSystRvr = 0xE000E014;
constexpr uintptr_t kSystCvr = 0xE000E018;
constexpr uint32_t kSystMax = 0x00FFFFFFu;       // 24-bit down counter
constexpr uintptr_t kScbCcr = 0xE000ED14;
constexpr uint32_t kCcrDcache = 1u << 16;
constexpr uintptr_t kDcimvac = 0xE000EF5C;       // invalidate D-cache line by address
constexpr uintptr_t kDccmvac = 0xE000EF68;       // clean D-cache line by address
constexpr uintptr_t kCacheLine = 32;

int g_cycle_source = kUnprobed;       // lpai_cycle_source_t once probed
volatile uint32_t g_systick_wraps = 0;  // incremented by lpai_cm_systick every 2^24 cycles

void spin_a_little() {
  for (volatile uint32_t i = 0; i < 256; i = i + 1) {
  }
}

void dsb_isb() { __asm__ volatile("dsb 0xF\n\tisb 0xF" : : : "memory"); }

// Starts the DWT cycle counter and reports whether it advances (QEMU models the register
// block but not the counter: CYCCNT stays 0 there).
bool start_dwt() {
  reg(kDemcr) |= kDemcrTrcena;
  reg(kDwtLar) = kDwtUnlock;
  if ((reg(kDwtCtrl) & kDwtCtrlNocyccnt) != 0) return false;
  reg(kDwtCyccnt) = 0;
  reg(kDwtCtrl) |= kDwtCtrlCyccntena;
  const uint32_t c0 = reg(kDwtCyccnt);
  spin_a_little();
  return reg(kDwtCyccnt) != c0;
}

// Starts SysTick on the processor clock, wrapping every 2^24 cycles into g_systick_wraps.
bool start_systick() {
  reg(kSystCsr) = 0;
  reg(kSystRvr) = kSystMax;
  reg(kSystCvr) = 0;
  reg(kSystCsr) = kSystCsrClksource | kSystCsrTickint | kSystCsrEnable;
  const uint32_t v0 = reg(kSystCvr);
  for (uint32_t tries = 0; tries < 64; ++tries) {
    spin_a_little();
    if (reg(kSystCvr) != v0 || g_systick_wraps != 0) return true;
  }
  reg(kSystCsr) = 0;
  return false;
}

lpai_cycle_source_t probe_cycle_source() {
  // Hardware: DWT CYCCNT. Under QEMU (CYCCNT does not count): the qemu-insn plugin's exact
  // instruction count when it is loaded, else SysTick (deterministic with -icount shift=0).
  // Host time (semihosting clock) is never used as cycles.
  if (start_dwt()) return LPAI_CYCLE_SOURCE_CORE;
  uint64_t count = 0;
  if (lpai_target_emu_insn_count(&count) != 0) return LPAI_CYCLE_SOURCE_EMU_INSN;
  if (start_systick()) return LPAI_CYCLE_SOURCE_TIMER;
  return LPAI_CYCLE_SOURCE_NONE;
}

uint64_t systick_cycles() {
  uint32_t wraps;
  uint32_t value;
  do {
    wraps = g_systick_wraps;
    value = reg(kSystCvr);
  } while (wraps != g_systick_wraps);
  return (static_cast<uint64_t>(wraps) << 24) + (kSystMax - value);
}

bool dcache_enabled() { return (reg(kScbCcr) & kCcrDcache) != 0; }

}  // namespace

extern "C" {

void lpai_cm_systick(void) { g_systick_wraps = g_systick_wraps + 1; }

// ---- time -----------------------------------------------------------------------------------
lpai_cycle_source_t lpai_target_cycle_source(void) {
  if (g_cycle_source == kUnprobed) g_cycle_source = probe_cycle_source();
  return static_cast<lpai_cycle_source_t>(g_cycle_source);
}

const char* lpai_target_cycle_source_name(lpai_cycle_source_t source) {
  switch (source) {
    case LPAI_CYCLE_SOURCE_CORE:
      return "dwt-cyccnt";
    case LPAI_CYCLE_SOURCE_TIMER:
      return "systick";
    case LPAI_CYCLE_SOURCE_CLOCK_NS:
      return "clock-ns";
    case LPAI_CYCLE_SOURCE_EMU_INSN:
      return "qemu-insn";
    default:
      return "none";
  }
}

// DWT CYCCNT is 32 bits: intervals longer than 2^32 cycles wrap (use differences only).
uint64_t lpai_hal_cycles(void) {
  switch (lpai_target_cycle_source()) {
    case LPAI_CYCLE_SOURCE_CORE:
      return reg(kDwtCyccnt);
    case LPAI_CYCLE_SOURCE_TIMER:
      return systick_cycles();
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
  if (size == 0 || !dcache_enabled()) return;
  uintptr_t p = reinterpret_cast<uintptr_t>(addr) & ~(kCacheLine - 1);
  const uintptr_t end = reinterpret_cast<uintptr_t>(addr) + size;
  dsb_isb();
  for (; p < end; p += kCacheLine) reg(kDccmvac) = static_cast<uint32_t>(p);
  dsb_isb();
}

void lpai_hal_cache_invalidate(const void* addr, size_t size) {
  if (size == 0 || !dcache_enabled()) return;
  uintptr_t p = reinterpret_cast<uintptr_t>(addr) & ~(kCacheLine - 1);
  const uintptr_t end = reinterpret_cast<uintptr_t>(addr) + size;
  dsb_isb();
  for (; p < end; p += kCacheLine) reg(kDcimvac) = static_cast<uint32_t>(p);
  dsb_isb();
}

}  // extern "C"
