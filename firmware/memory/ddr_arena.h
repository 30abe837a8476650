// DDR arenas: one BlockPool per HAL DDR region (lpai_hal_ddr_region(i)), for what the
// firmware itself must place in DDR (model binary copy, IO staging). Up to kMaxDdrArenas
// regions are used; each allows kDdrArenaSlots live allocations. Behaviour, alignment and
// error codes: see memory/block_pool.h.
//
// Logs (DEBUG): on the first allocation "DDR arena <i> current size: <current> max_size:
// <max>", then per allocation "Allocate size <N> from ddr arena <i>". A failed allocation
// logs (ERROR) "DDR memory allocation failure: required size: <N> (<reason>)".
#ifndef LPAI_MEMORY_DDR_ARENA_H
#define LPAI_MEMORY_DDR_ARENA_H

#include "memory/block_pool.h"

namespace lpai {

constexpr uint32_t kMaxDdrArenas = 4;
constexpr uint32_t kDdrArenaSlots = 64;

class DdrArena : public StaticBlockPool<kDdrArenaSlots> {
 public:
  constexpr explicit DdrArena(uint32_t index)
      : StaticBlockPool<kDdrArenaSlots>(PoolRegion::kDdr, index) {}
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
