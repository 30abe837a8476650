/*
 * Target-port extras (hal/hexagon, hal/cortex_m): what a firmware image needs from the board
 * beyond the HAL proper. Only the target ports implement these; the host port does not.
 *
 * Each target port keeps these in ONE file (hal/<port>/board_io.cc): the console, the process
 * exit and the emulator's wall clock go through the emulator's calling convention there
 * (Linux syscalls under qemu-hexagon, ARM semihosting under qemu-system-arm), so a port for a
 * real board replaces exactly that file.
 */
#ifndef LPAI_HAL_TARGET_H
#define LPAI_HAL_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "lpai/hal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes len bytes to the board console (stdout under emulation). Never fails visibly;
 * bytes the console cannot take are dropped. */
void lpai_target_console_write(const char* text, size_t len);

/* Ends the program with `code` (0 = success). Under emulation the emulator exits with it
 * (ARM semihosting reports only success / failure for non-zero codes). Never returns. */
void lpai_target_exit(int code) __attribute__((noreturn));

/* Nanoseconds of a monotonic wall clock provided by the environment, or 0 when there is
 * none (real boards). Used only as the cycle-counter fallback; see lpai_target_cycle_source. */
uint64_t lpai_target_clock_ns(void);

/* Instructions executed so far as counted by the emulator (the qemu-insn TCG plugin,
 * tools/qemu-insn), excluding the instructions spent in earlier calls of this function.
 * Returns 1 and sets *count when the plugin is loaded, 0 otherwise (real boards, or QEMU
 * without the plugin). On Hexagon one count is one packet; on Arm one instruction. */
int lpai_target_emu_insn_count(uint64_t* count);

/* The stack the linker script reserves for the program (linker/<port>.ld: __lpai_stack_bottom
 * to __lpai_stack_top; the stack grows down from top). Returns 1 and sets [*bottom, *top)
 * on target ports; 0 where the stack is not a known fixed region (the host stand-in). */
int lpai_target_stack_region(uintptr_t* bottom, uintptr_t* top);

/* What lpai_hal_cycles() counts on this target. */
typedef enum {
  LPAI_CYCLE_SOURCE_CORE = 0,       /* the core's cycle counter (Hexagon upcycle, DWT CYCCNT) */
  LPAI_CYCLE_SOURCE_TIMER = 1,      /* a core-clock timer (Cortex-M SysTick, extended to 64 bits) */
  LPAI_CYCLE_SOURCE_CLOCK_NS = 2,   /* the environment's clock in ns (emulators whose cycle
                                       registers read zero) */
  LPAI_CYCLE_SOURCE_NONE = 3,       /* nothing advances: lpai_hal_cycles() returns 0 */
  LPAI_CYCLE_SOURCE_EMU_INSN = 4    /* instructions counted by the emulator's qemu-insn plugin
                                       (Hexagon: packets); exact and repeatable, not cycles */
} lpai_cycle_source_t;

/* Probes the counters once (on first use of lpai_hal_cycles, or here) and reports the source. */
lpai_cycle_source_t lpai_target_cycle_source(void);
/* Short name of a source ("upcycle", "dwt-cyccnt", "systick", "qemu-insn", "qemu-packets",
 * "clock-ns", "none"). */
const char* lpai_target_cycle_source_name(lpai_cycle_source_t source);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_HAL_TARGET_H */
