// Stack painting and scanning: contract in stack_probe.h.
#include "stack_probe.h"

#include "console.h"
#include "lpai/hal_target.h"

namespace lpai_image {

__attribute__((noinline)) StackWindow stack_paint(uintptr_t reference) {
  StackWindow w;
  uintptr_t bottom = 0;
  uintptr_t top = 0;
  if (lpai_target_stack_region(&bottom, &top) == 0) return w;
  // From here on no call is made: nothing below this function's stack pointer is live.
  const uintptr_t sp = current_stack_pointer() & ~uintptr_t{3};
  if (sp <= bottom || sp > top || reference < sp || reference > top) return w;
  uintptr_t low = sp - bottom > kStackWindowBytes ? sp - kStackWindowBytes : bottom;
  low = (low + 3) & ~uintptr_t{3};
  // A volatile word loop: the compiler may not turn it into a memset call.
  for (volatile uint32_t* p = reinterpret_cast<volatile uint32_t*>(low);
       reinterpret_cast<uintptr_t>(p) < sp; ++p) {
    *p = kStackPattern;
  }
  w.valid = true;
  w.reference = reference;
  w.low = low;
  w.high = sp;
  return w;
}

StackUse stack_scan(const StackWindow& w) {
  StackUse use;
  if (!w.valid) return use;
  use.valid = true;
  const volatile uint32_t* p = reinterpret_cast<const volatile uint32_t*>(w.low);
  while (reinterpret_cast<uintptr_t>(p) < w.high && *p == kStackPattern) ++p;
  const uintptr_t deepest = reinterpret_cast<uintptr_t>(p);
  use.exhausted = deepest == w.low;
  use.bytes = w.reference - deepest;
  return use;
}

namespace {

// Writes every byte of a local array of kStackSelfTestBytes (volatile: the stores stay).
__attribute__((noinline)) uint32_t touch_array(uint32_t seed) {
  volatile uint8_t a[kStackSelfTestBytes];
  for (size_t i = 0; i < kStackSelfTestBytes; ++i) a[i] = static_cast<uint8_t>(seed + i);
  return a[0] + a[kStackSelfTestBytes - 1];
}

}  // namespace

void stack_self_test() {
  const uintptr_t reference = current_stack_pointer();
  const StackWindow w = stack_paint(reference);
  const uint32_t sink = touch_array(static_cast<uint32_t>(reference));
  const StackUse use = stack_scan(w);
  if (!use.valid) return;
  print_line("stack: self-test array %u bytes measured %u%s bytes (sum %u)",
             static_cast<unsigned>(kStackSelfTestBytes), static_cast<unsigned>(use.bytes),
             use.exhausted ? " or more" : "", static_cast<unsigned>(sink & 0xFFu));
}

}  // namespace lpai_image
