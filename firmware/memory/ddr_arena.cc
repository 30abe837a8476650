#include "memory/ddr_arena.h"

#include "lpai/hal.h"

namespace lpai {
namespace {

// Constant-initialised (constexpr constructors): no static constructor runs. Named members
// rather than an array: GCC in C++17 mode initialises an array of these dynamically.
struct Arenas {
  DdrArena a0{0u};
  DdrArena a1{1u};
  DdrArena a2{2u};
  DdrArena a3{3u};
};
Arenas g_arenas;
DdrArena* const g_ddr_arenas[kMaxDdrArenas] = {&g_arenas.a0, &g_arenas.a1, &g_arenas.a2,
                                               &g_arenas.a3};
static_assert(kMaxDdrArenas == 4, "update Arenas");

}  // namespace

uint32_t ddr_arena_count() {
  const uint32_t n = lpai_hal_ddr_region_count();
  return n < kMaxDdrArenas ? n : kMaxDdrArenas;
}

DdrArena* ddr_arena(uint32_t index) {
  return index < ddr_arena_count() ? g_ddr_arenas[index] : nullptr;
}

DdrArena* ddr_arena_containing(const void* ptr) {
  const uint32_t n = ddr_arena_count();
  for (uint32_t i = 0; i < n; ++i) {
    if (g_ddr_arenas[i]->contains(ptr)) return g_ddr_arenas[i];
  }
  return nullptr;
}

}  // namespace lpai
