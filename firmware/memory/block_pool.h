// BlockPool: a slot-limited first-fit allocator over one HAL memory region (TCM or a DDR
// arena). The TCM pool and the DDR arenas are both instances of it.
//
// Contract
// - Bookkeeping lives entirely in a block table inside the object (no headers in the region):
//   every byte of the region can be handed out, e.g. one allocation of the whole region.
// - The table is a sorted array of blocks {offset, size, used} covering the region without
//   gaps; adjacent free blocks are always merged, so with at most S live allocations there are
//   at most S + 1 free blocks and the table never needs more than 2 * S + 1 entries.
// - allocate(size, alignment): alignment must be a power of two in [1, kMaxAlignment]; the
//   returned address is aligned to max(alignment, lpai_hal_alignment().start_addr_alignment).
//   The block is exactly `size` bytes (alignment padding before it stays free).
// - The pool knows nothing of TCM or DDR: its PoolSpec names the region (a HAL region getter)
//   and the words of its log lines, and says whether exceeding the slots is fatal.
// - Errors (the pool is unchanged on every error except the fatal one; allocation failures log
//   "<kind> memory allocation failure: required size: <N>" and one line of detail):
//     kPoolZeroSize          size == 0
//     kPoolBadAlignment      alignment 0, not a power of two, or > kMaxAlignment
//     kPoolTooLarge          size > capacity of the pool
//     kPoolNoSlot            all slots (live allocations) in use (spec.slot_limit_fatal false)
//     kPoolFatalSlotLimit    all slots in use with spec.slot_limit_fatal (the TCM pool's 32:
//                            seed 000 calls this a system fatal error): the fatal line is logged,
//                            lpai_hal_fatal() is called (target images halt there), and the pool
//                            refuses every later allocation with the same status until reset()
//                            (free() keeps working).
//     kPoolNoContiguousSpace no free block holds size bytes at the required alignment
//     kPoolNoRegion          the HAL reports no (or a too small) region for this pool
//   free(ptr):
//     kPoolForeignPointer    ptr null, outside the region, or inside a live allocation but
//                            not its start
//     kPoolDoubleFree        ptr inside the pool's free space (already freed)
// - Registration is lazy: the first allocate() fetches the region (spec.region(spec.index)) and
//   logs "<name> current size: <bytes in use> max_size: <capacity>"; each allocation logs
//   "Allocate size <N> from <source>", both at spec.log_level (TCM: "TCM pool", "tcm pool 0" at
//   INFO, as seed 000's QNN_INFO; DDR arena i: "DDR arena i", "ddr arena i" at DEBUG).
// - Not thread-safe: the firmware calls it from one thread (callers serialise).
#ifndef LPAI_MEMORY_BLOCK_POOL_H
#define LPAI_MEMORY_BLOCK_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "core/result.h"
#include "core/status.h"
#include "lpai/hal.h"

namespace lpai {

// What backs a pool and how it speaks: constant data (read-only), one per pool.
struct PoolSpec {
  const char* kind;    // "<kind> memory allocation failure: ...", "<kind> pool: <detail>"
  const char* name;    // "<name> current size: <N> max_size: <N>" (registration)
  const char* source;  // "Allocate size <N> from <source>"
  lpai_log_level_t log_level;  // level of the registration and allocation lines
  bool slot_limit_fatal;       // exceeding the slots is a system fatal error
  lpai_hal_region_t (*region)(uint32_t index);  // the backing region (base null: none)
  uint32_t index;                               // argument of region()
};

struct PoolStats {
  size_t capacity;            // bytes the pool manages (0 before registration)
  size_t bytes_in_use;        // sum of live allocation sizes (alignment padding excluded)
  size_t peak_bytes_in_use;   // maximum of bytes_in_use since construction or reset()
  size_t largest_free_block;  // largest free block (before alignment), bytes
  uint32_t live_slots;        // live allocations
  uint32_t max_slots;         // slot limit
};

class BlockPool {
 public:
  static constexpr size_t kMaxAlignment = 4096;

  struct Block {
    size_t offset;  // from the region base
    size_t size;    // bytes
    bool used;
  };

  // spec: must outlive the pool (static constant data). table: storage for 2 * max_slots + 1
  // blocks, owned by the derived object.
  constexpr BlockPool(const PoolSpec* spec, uint32_t max_slots, Block* table)
      : spec_(spec),
        max_slots_(max_slots),
        table_(table),
        table_capacity_(2 * max_slots + 1),
        base_(nullptr),
        capacity_(0),
        block_count_(0),
        live_slots_(0),
        bytes_in_use_(0),
        peak_bytes_in_use_(0),
        registered_(false),
        fatal_(false) {}

  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  // Returns a pointer to `size` bytes aligned as described above, or the failure Status.
  Result<uint8_t*> allocate(size_t size, size_t alignment);
  // Releases a pointer returned by allocate(); merges it with free neighbours.
  Status free(const void* ptr);

  // True when ptr lies inside this pool's region (registered pools only).
  bool contains(const void* ptr) const;
  PoolStats stats() const;
  // Forgets every allocation and the registration (the next allocate() registers again).
  // For tests and for a firmware restart; outstanding pointers become invalid.
  void reset();

  bool registered() const { return registered_; }
  // True after the TCM pool's system fatal error (until reset()).
  bool fatal() const { return fatal_; }
  uint8_t* base() const { return base_; }
  // The block table: *count blocks sorted by offset, covering the region without gaps (none
  // before registration). For tools and tests that inspect the free space.
  const Block* blocks(uint32_t* count) const {
    *count = block_count_;
    return table_;
  }

 private:
  Status ensure_registered();
  void insert_at(uint32_t index, const Block& b);
  void erase_at(uint32_t index);

  const PoolSpec* spec_;
  uint32_t max_slots_;
  Block* table_;
  uint32_t table_capacity_;
  uint8_t* base_;
  size_t capacity_;
  uint32_t block_count_;
  uint32_t live_slots_;
  size_t bytes_in_use_;
  size_t peak_bytes_in_use_;
  bool registered_;
  bool fatal_;  // a system fatal error happened (slot_limit_fatal); allocations are refused
};

// A BlockPool with its own table for Slots live allocations.
template <uint32_t Slots>
class StaticBlockPool : public BlockPool {
 public:
  static_assert(Slots > 0, "a pool needs at least one slot");
  constexpr explicit StaticBlockPool(const PoolSpec* spec)
      : BlockPool(spec, Slots, blocks_), blocks_{} {}

 private:
  Block blocks_[2 * Slots + 1];
};

}  // namespace lpai

#endif  // LPAI_MEMORY_BLOCK_POOL_H
