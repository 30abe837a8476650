// BlockPool: a slot-limited first-fit allocator over one HAL memory region (TCM or a DDR
// arena). The TCM pool and the DDR arenas are both instances of it.
//
// Contract
// - Bookkeeping lives entirely in a table inside the object (no headers in the region): every
//   byte of the region can be handed out, e.g. one allocation of the whole region.
// - The table holds the live allocations only, {offset, size} sorted by offset. The free space
//   is the gaps between them (and before the first / after the last), so S slots need exactly
//   S entries. Each field takes kFieldBytes bytes (little-endian): 3 for a pool whose region is
//   below 16 MiB (the TCM pool: 6 bytes per slot), 4 otherwise (8 bytes per slot). A region
//   larger than the fields reach (16 MiB - 1 or 4 GiB - 1) is used up to that size.
// - allocate(size, alignment): alignment must be a power of two in [1, kMaxAlignment]; the
//   returned address is aligned to max(alignment, lpai_hal_alignment().start_addr_alignment).
//   The allocation is exactly `size` bytes (alignment padding before it stays free).
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

  // One live allocation: offset from the region base and exact size, bytes.
  struct Allocation {
    uint32_t offset;
    uint32_t size;
  };

  // spec: must outlive the pool (static constant data). table: storage for max_slots entries
  // of 2 * field_bytes bytes (max_slots <= 65535, field_bytes 3 or 4), owned by the derived
  // object.
  constexpr BlockPool(const PoolSpec* spec, uint16_t max_slots, uint8_t field_bytes,
                      uint8_t* table)
      : spec_(spec),
        table_(table),
        base_(nullptr),
        capacity_(0),
        bytes_in_use_(0),
        peak_bytes_in_use_(0),
        max_slots_(max_slots),
        live_slots_(0),
        field_bytes_(field_bytes),
        registered_(false),
        fatal_(false) {}

  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  // Returns a pointer to `size` bytes aligned as described above, or the failure Status.
  Result<uint8_t*> allocate(size_t size, size_t alignment);
  // Releases a pointer returned by allocate(); its bytes join the free gap around it.
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
  // Bytes the pool manages (0 before registration).
  size_t capacity() const { return registered_ ? capacity_ : 0; }
  // Live allocations, sorted by offset: live_count() of them (the free space is the gaps
  // between them within [0, capacity())). For tools and tests that inspect the free space.
  uint32_t live_count() const { return live_slots_; }
  Allocation allocation(uint32_t i) const { return Allocation{field(i, 0), field(i, 1)}; }

 private:
  Status ensure_registered();
  uint32_t field(uint32_t i, uint32_t which) const {
    const uint8_t* p = table_ + (2 * i + which) * field_bytes_;
    uint32_t v = 0;
    for (uint32_t b = field_bytes_; b-- > 0;) v = (v << 8) | p[b];
    return v;
  }
  void set_entry(uint32_t i, uint32_t offset, uint32_t size) {
    uint8_t* p = table_ + 2 * i * field_bytes_;
    for (uint32_t b = 0; b < field_bytes_; ++b) p[b] = static_cast<uint8_t>(offset >> (8 * b));
    p += field_bytes_;
    for (uint32_t b = 0; b < field_bytes_; ++b) p[b] = static_cast<uint8_t>(size >> (8 * b));
  }
  // Moves entries [from, live_slots_) one place up (open = true) or entries (from, live_slots_)
  // one place down over `from` (open = false).
  void shift_entries(uint32_t from, bool open);

  const PoolSpec* spec_;
  uint8_t* table_;
  uint8_t* base_;
  uint32_t capacity_;
  uint32_t bytes_in_use_;
  uint32_t peak_bytes_in_use_;
  uint16_t max_slots_;
  uint16_t live_slots_;  // entries of table_ in use
  uint8_t field_bytes_;  // bytes per offset / size field: 3 or 4
  bool registered_;
  bool fatal_;  // a system fatal error happened (slot_limit_fatal); allocations are refused
};

// A BlockPool with its own table for Slots live allocations, FieldBytes (3: regions below
// 16 MiB; 4) per offset and size.
template <uint32_t Slots, uint8_t FieldBytes = 4>
class StaticBlockPool : public BlockPool {
 public:
  static_assert(Slots > 0 && Slots <= 0xFFFFu, "a pool has 1..65535 slots");
  static_assert(FieldBytes == 3 || FieldBytes == 4, "3- or 4-byte fields");
  constexpr explicit StaticBlockPool(const PoolSpec* spec)
      : BlockPool(spec, static_cast<uint16_t>(Slots), FieldBytes, slots_), slots_{} {}

 private:
  uint8_t slots_[Slots * 2 * FieldBytes];
};

}  // namespace lpai

#endif  // LPAI_MEMORY_BLOCK_POOL_H
