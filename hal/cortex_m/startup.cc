// Cortex-M image entry: vector table, reset (stack, .data copy, zeroed .bss, constructors,
// main, exit) and a fault handler that reports the fault and exits with code 1.
//
// lpai_cm_reset loads __lpai_stack_top into sp (the core also does so from vector 0; a
// debugger jump to the entry point does not), calls lpai_cm_init(), calls main() and passes
// its return value to lpai_target_exit(). main is called from assembly so that no C++ code
// names it.
#include <stdint.h>

#include "lpai/hal_target.h"

extern "C" {
extern uint32_t __lpai_data_load[];   // 8-byte aligned, size a multiple of 8 (cortex_m.ld)
extern uint32_t __lpai_data_start[];
extern uint32_t __lpai_data_end[];
extern uint32_t __lpai_bss_start[];
extern uint32_t __lpai_bss_end[];
extern uint32_t __lpai_stack_top[];
using lpai_init_fn = void (*)(void);
extern lpai_init_fn __lpai_init_array_start[];
extern lpai_init_fn __lpai_init_array_end[];

void lpai_cm_reset(void);
void lpai_cm_init(void);
void lpai_cm_fault(void);
void lpai_cm_systick(void);  // hal_cortex_m.cc: extends SysTick to 64 bits
}

__asm__(
    "  .section .text.lpai_cm_reset,\"ax\",%progbits\n"
    "  .syntax unified\n"
    "  .thumb\n"
    "  .globl lpai_cm_reset\n"
    "  .type lpai_cm_reset,%function\n"
    "  .thumb_func\n"
    "lpai_cm_reset:\n"
    "  ldr r0, =__lpai_stack_top\n"
    "  mov sp, r0\n"
#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)
    "  ldr r0, =0xE000ED88\n"
    "  ldr r1, [r0]\n"
    "  orr r1, r1, #(0xF << 20)\n"
    "  str r1, [r0]\n"
    "  dsb\n"
    "  isb\n"
#endif
    "  bl lpai_cm_init\n"
    "  bl main\n"
    "  bl lpai_target_exit\n"
    "1:\n"
    "  b 1b\n"
    "  .pool\n"
    "  .size lpai_cm_reset, .-lpai_cm_reset\n"
    "  .text\n");

namespace {

using Handler = void (*)(void);

constexpr uint32_t kVectorCount = 16;  // the architectural exceptions; no device IRQ is used

}  // namespace

// Vector 0 is the initial stack pointer, vector 1 the reset handler.
extern "C" __attribute__((section(".lpai_vectors"), used)) const Handler
    lpai_cm_vectors[kVectorCount] = {
        reinterpret_cast<Handler>(__lpai_stack_top),
        lpai_cm_reset,
        lpai_cm_fault,  // NMI
        lpai_cm_fault,  // HardFault
        lpai_cm_fault,  // MemManage
        lpai_cm_fault,  // BusFault
        lpai_cm_fault,  // UsageFault
        nullptr,
        nullptr,
        nullptr,
        nullptr,
        lpai_cm_fault,  // SVCall
        lpai_cm_fault,  // DebugMonitor
        nullptr,
        lpai_cm_fault,  // PendSV
        lpai_cm_systick,
};

extern "C" void lpai_cm_init(void) {
  // Plain word loops on purpose: nothing else may run before .data and .bss are set up
  // (volatile keeps the compiler from turning them into memcpy/memset calls).
  const volatile uint32_t* src = __lpai_data_load;
  for (volatile uint32_t* p = __lpai_data_start; p < __lpai_data_end; ++p) *p = *src++;
  for (volatile uint32_t* p = __lpai_bss_start; p < __lpai_bss_end; ++p) *p = 0;
  for (lpai_init_fn* f = __lpai_init_array_start; f < __lpai_init_array_end; ++f) (*f)();
}

extern "C" void lpai_cm_fault(void) {
  static const char kMessage[] = "[ERROR] cortex-m: unexpected exception (fault), stopping\n";
  lpai_target_console_write(kMessage, sizeof(kMessage) - 1);
  lpai_target_exit(1);
}
