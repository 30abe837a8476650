// Hexagon image entry: stack, zeroed .bss, constructors, main, exit.
//
// _start (section .text.lpai_start, placed first by linker/hexagon.ld) sets the stack pointer
// to __lpai_stack_top and the frame pointer to 0, calls lpai_hexagon_init() (zero .bss, run
// .init_array), calls main() and passes its return value to lpai_target_exit(). main is
// called from assembly so that no C++ code names it.
#include <stdint.h>

#include "lpai/hal_target.h"

extern "C" {
extern uint64_t __lpai_bss_start[];  // 16-byte aligned, size a multiple of 16 (hexagon.ld)
extern uint64_t __lpai_bss_end[];
using lpai_init_fn = void (*)(void);
extern lpai_init_fn __lpai_init_array_start[];
extern lpai_init_fn __lpai_init_array_end[];

void lpai_hexagon_init(void);
}

__asm__(
    "  .section .text.lpai_start,\"ax\",@progbits\n"
    "  .globl _start\n"
    "  .type _start,@function\n"
    "  .p2align 4\n"
    "_start:\n"
    "  r29 = ##__lpai_stack_top\n"
    "  r30 = #0\n"
    "  call lpai_hexagon_init\n"
    "  call main\n"
    "  call lpai_target_exit\n"
    "1:\n"
    "  jump 1b\n"
    "  .size _start, .-_start\n"
    "  .text\n");

extern "C" void lpai_hexagon_init(void) {
  // Plain loop on purpose: runs before anything else, so it must not depend on other code
  // (volatile keeps the compiler from turning it into a memset call).
  for (volatile uint64_t* p = __lpai_bss_start; p < __lpai_bss_end; ++p) *p = 0;
  for (lpai_init_fn* f = __lpai_init_array_start; f < __lpai_init_array_end; ++f) (*f)();
}
