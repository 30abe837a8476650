#include "memory/ddr_arena.h"

#include "lpai/hal.h"

namespace lpai {
namespace {

// Constant-initialised (constexpr constructors): no static constructor runs. A recursive list
// of named members rather than an array: GCC in C++17 mode initialises an array of these
// dynamically.
template <uint32_t N>
struct Arenas {
  Arenas<N - 1> head;
  DdrArena last{N - 1};
  DdrArena* at(uint32_t i) { return i == N - 1 ? &last : head.at(i); }
};
template <>
struct Arenas<0> {
  DdrArena* at(uint32_t) { return nullptr; }
};
Arenas<kMaxDdrArenas> g_arenas;

}  // namespace

uint32_t ddr_arena_count() {
  const uint32_t n = lpai_hal_ddr_region_count();
  return n < kMaxDdrArenas ? n : kMaxDdrArenas;
}

DdrArena* ddr_arena(uint32_t index) {
  return index < ddr_arena_count() ? g_arenas.at(index) : nullptr;
}

DdrArena* ddr_arena_containing(const void* ptr) {
  const uint32_t n = ddr_arena_count();
  for (uint32_t i = 0; i < n; ++i) {
    DdrArena* a = g_arenas.at(i);
    if (a->contains(ptr)) return a;
  }
  return nullptr;
}

}  // namespace lpai
