// DDR arenas: one BlockPool per HAL DDR region (lpai_hal_ddr_region(i)), for what the
// firmware itself must place in DDR (model binary copy, IO staging, system-context binary
// info). The firmware allocates from arena 0 only; up to kMaxDdrArenas regions are used (frees
// find their arena by address); each allows kDdrArenaSlots live allocations. Behaviour,
// alignment and error codes: see memory/block_pool.h.
//
// Compile-time configuration: LPAI_DDR_ARENAS (1..8) arenas of LPAI_DDR_ARENA_SLOTS live
// allocations each (core/config.h: defaults, RAM per slot).
//
// Logs (DEBUG): on the first allocation "DDR arena <i> current size: <current> max_size:
// <max>", then per allocation "Allocate size <N> from ddr arena <i>". A failed allocation
// logs (ERROR) "DDR memory allocation failure: required size: <N>" and a line of detail.
#ifndef LPAI_MEMORY_DDR_ARENA_H
#define LPAI_MEMORY_DDR_ARENA_H

#include "core/config.h"
#include "memory/block_pool.h"

namespace lpai {

constexpr uint32_t kMaxDdrArenas = LPAI_DDR_ARENAS;
constexpr uint32_t kDdrArenaSlots = LPAI_DDR_ARENA_SLOTS;
constexpr uint32_t kDdrArenaNames = 8;  // arenas the spec table below names
static_assert(kMaxDdrArenas >= 1 && kMaxDdrArenas <= kDdrArenaNames, "DDR arenas: 1..8");

// The pool spec of the arena over HAL DDR region i: "DDR" errors, DEBUG lines, no fatal limit.
inline constexpr PoolSpec kDdrArenaSpecs[kDdrArenaNames] = {
    {"DDR", "DDR arena 0", "ddr arena 0", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 0},
    {"DDR", "DDR arena 1", "ddr arena 1", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 1},
    {"DDR", "DDR arena 2", "ddr arena 2", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 2},
    {"DDR", "DDR arena 3", "ddr arena 3", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 3},
    {"DDR", "DDR arena 4", "ddr arena 4", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 4},
    {"DDR", "DDR arena 5", "ddr arena 5", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 5},
    {"DDR", "DDR arena 6", "ddr arena 6", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 6},
    {"DDR", "DDR arena 7", "ddr arena 7", LPAI_LOG_LEVEL_DEBUG, false, lpai_hal_ddr_region, 7},
};

class DdrArena : public StaticBlockPool<kDdrArenaSlots> {
 public:
  // An arena over HAL DDR region `index` (< kDdrArenaNames). The firmware's own arenas are
  // ddr_arena(i); tests may build others over further regions.
  constexpr explicit DdrArena(uint32_t index)
      : StaticBlockPool<kDdrArenaSlots>(&kDdrArenaSpecs[index]) {}
};

// Number of usable arenas: min(lpai_hal_ddr_region_count(), kMaxDdrArenas).
uint32_t ddr_arena_count();
// The process-wide arena over HAL DDR region `index`, or nullptr when index >= ddr_arena_count().
// Constant-initialised; each registers lazily on its first allocation.
DdrArena* ddr_arena(uint32_t index);
// The arena whose region contains ptr, or nullptr.
DdrArena* ddr_arena_containing(const void* ptr);

}  // namespace lpai

#endif  // LPAI_MEMORY_DDR_ARENA_H
