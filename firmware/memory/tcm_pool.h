// The TCM pool: exactly LPAI_TCM_POOL_BYTES (2,035,712) bytes of on-chip memory with at most
// LPAI_TCM_POOL_SLOTS (32) live allocations, used for the model binary and IO buffers when
// mem_type is "tcm". Behaviour, alignment and error codes: see memory/block_pool.h.
//
// Logs (INFO, seed 000's QNN_INFO messages): on the first allocation "TCM pool current size:
// <current> max_size: <max>", then per allocation "Allocate size <N> from tcm pool 0". A failed
// allocation logs (ERROR) "TCM memory allocation failure: required size: <N>" and a line of
// detail. The 33rd live allocation is a system fatal error (kPoolFatalSlotLimit, see
// block_pool.h).
#ifndef LPAI_MEMORY_TCM_POOL_H
#define LPAI_MEMORY_TCM_POOL_H

#include "lpai/hal.h"
#include "memory/block_pool.h"

namespace lpai {

// The TCM region as the pool sees it: the HAL's TCM capped at LPAI_TCM_POOL_BYTES (a shorter
// TCM is no TCM: base null, size 0). The index is ignored.
lpai_hal_region_t tcm_pool_region(uint32_t index);

// "TCM" errors, INFO lines "TCM pool current size" / "from tcm pool 0", fatal slot limit.
inline constexpr PoolSpec kTcmPoolSpec = {"TCM",           "TCM pool", "tcm pool 0",
                                          LPAI_LOG_LEVEL_INFO, true,      tcm_pool_region, 0};

// RAM on the 32-bit targets: 32 B of state plus 6 B per slot (3-byte offset and size: the pool
// is below 16 MiB), 224 B for the seed's 32 slots.
static_assert(LPAI_TCM_POOL_BYTES < (1u << 24), "TCM offsets and sizes fit 3 bytes");
class TcmPool : public StaticBlockPool<LPAI_TCM_POOL_SLOTS, 3> {
 public:
  static constexpr size_t kBytes = LPAI_TCM_POOL_BYTES;
  static constexpr uint32_t kSlots = LPAI_TCM_POOL_SLOTS;

  constexpr TcmPool() : StaticBlockPool<LPAI_TCM_POOL_SLOTS, 3>(&kTcmPoolSpec) {}
};

// The process-wide TCM pool (constant-initialised; registers lazily on first allocation).
TcmPool& tcm_pool();

}  // namespace lpai

#endif  // LPAI_MEMORY_TCM_POOL_H
