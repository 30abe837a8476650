// Stack measurement by painting (firmware images).
//
// stack_paint() fills the words of the stack below the calling point with kStackPattern: from
// the painter's own stack pointer down to kStackWindowBytes below it, clipped to the region
// the linker script reserves (lpai_target_stack_region). The painter is a leaf when it paints,
// so every painted word is below the lowest live frame. After the measured call,
// stack_scan() finds the lowest word that no longer holds the pattern; the call used
// `reference - that address` bytes, reference being the caller's stack pointer just before the
// call (read with current_stack_pointer() in the caller, where it is fixed after the prologue).
//
// Where the port knows no stack region (the host stand-in) nothing is painted and
// StackWindow::valid stays false. A word the measured call writes with the pattern value
// itself reads as unused: the result is exact unless the deepest word written happens to equal
// kStackPattern.
#ifndef LPAI_IMAGES_STACK_PROBE_H
#define LPAI_IMAGES_STACK_PROBE_H

#include <stddef.h>
#include <stdint.h>

namespace lpai_image {

constexpr uint32_t kStackPattern = 0x5A17C3E9u;
constexpr size_t kStackWindowBytes = 32 * 1024;

// The stack pointer at the point of use (inlined into the caller).
__attribute__((always_inline)) inline uintptr_t current_stack_pointer() {
  uintptr_t sp = 0;
#if defined(__hexagon__)
  __asm__ volatile("%0 = r29" : "=r"(sp));
#elif defined(__arm__)
  __asm__ volatile("mov %0, sp" : "=r"(sp));
#else
  sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
#endif
  return sp;
}

struct StackWindow {
  bool valid = false;
  uintptr_t reference = 0;  // caller's stack pointer just before the measured call
  uintptr_t low = 0;        // lowest painted word
  uintptr_t high = 0;       // one past the highest painted word
};

struct StackUse {
  bool valid = false;      // a window was painted and scanned
  bool exhausted = false;  // the lowest painted word was overwritten: bytes is a lower bound
  size_t bytes = 0;        // bytes below the reference the call wrote
};

// Paints the window below the painter's stack pointer for a call made with stack pointer
// `reference` (the caller's). Returns the window (valid = false when nothing was painted: no
// known stack region, or reference outside it).
StackWindow stack_paint(uintptr_t reference);

// The stack used since stack_paint(w.reference).
StackUse stack_scan(const StackWindow& w);

// Checks the probe against a call of known depth: measures a call that writes a local array
// of kStackSelfTestBytes and prints "stack: self-test array <kStackSelfTestBytes> bytes
// measured <N> bytes" (N includes that function's frame overhead). Prints nothing where no
// stack is measured (host).
constexpr size_t kStackSelfTestBytes = 1024;
void stack_self_test();

}  // namespace lpai_image

#endif  // LPAI_IMAGES_STACK_PROBE_H
