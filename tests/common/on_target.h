// Freestanding helpers for the kernel tests that run inside the firmware images
// (tests/hvx, tests/cortex_m): console output through the HAL and a deterministic xorshift32
// generator. No libc: the images link -nostdlib.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "lpai/hal_target.h"

namespace lpai::on_target {

// Next value of the xorshift32 sequence held in *state (state must not be 0).
inline uint32_t xorshift32(uint32_t* state) {
  uint32_t s = *state;
  s ^= s << 13;
  s ^= s >> 17;
  s ^= s << 5;
  *state = s;
  return s;
}

// Writes a NUL-terminated string to the image console.
inline void print(const char* s) {
  size_t n = 0;
  while (s[n] != 0) ++n;
  lpai_target_console_write(s, n);
}

// Writes v in decimal.
inline void print_u(uint32_t v) {
  char b[12];
  int i = 11;
  b[i] = 0;
  do {
    b[--i] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  print(b + i);
}

}  // namespace lpai::on_target
