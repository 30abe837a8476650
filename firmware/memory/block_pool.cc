// BlockPool implementation: sorted block table, first fit, eager coalescing.
#include "memory/block_pool.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "lpai/hal.h"

namespace lpai {

Status BlockPool::ensure_registered() {
  if (registered_) return Status::kOk;
  const lpai_hal_region_t region = spec_->region(spec_->index);
  if (region.base == nullptr || region.size == 0) return Status::kPoolNoRegion;
  base_ = region.base;
  capacity_ = region.size;
  table_[0] = Block{0, capacity_, false};
  block_count_ = 1;
  live_slots_ = 0;
  bytes_in_use_ = 0;
  registered_ = true;
  log(spec_->log_level, "%s current size: %zu max_size: %zu", spec_->name, bytes_in_use_,
      capacity_);
  return Status::kOk;
}

void BlockPool::insert_at(uint32_t index, const Block& b) {
  for (uint32_t j = block_count_; j > index; --j) table_[j] = table_[j - 1];
  table_[index] = b;
  ++block_count_;
}

void BlockPool::erase_at(uint32_t index) {
  for (uint32_t j = index + 1; j < block_count_; ++j) table_[j - 1] = table_[j];
  --block_count_;
}

Result<uint8_t*> BlockPool::allocate(size_t size, size_t alignment) {
  // Every failure logs the seed's line "<TCM|DDR> memory allocation failure: required size:
  // <N>" as a whole line, then one line of detail.
  if (size == 0) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: 0", spec_->kind);
    LPAI_FAIL(Status::kPoolZeroSize, "%s pool: zero-size allocation", spec_->kind);
  }
  if (!is_pow2(alignment) || alignment > kMaxAlignment) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolBadAlignment, "%s pool: alignment %zu is not a power of two in [1, %zu]",
              spec_->kind, alignment, kMaxAlignment);
  }
  const Status reg = ensure_registered();
  if (reg != Status::kOk) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(reg, "%s pool: the HAL reports no usable region %u", spec_->kind, spec_->index);
  }
  if (size > capacity_) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolTooLarge, "%s pool: larger than the pool (max_size %zu)", spec_->kind,
              capacity_);
  }
  if (fatal_) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolFatalSlotLimit,
              "%s pool: unusable after a system fatal error (more than %u allocations)",
              spec_->kind, max_slots_);
  }
  if (live_slots_ >= max_slots_) {
    if (spec_->slot_limit_fatal) {
      // Seed 000 (TCM): "Exceeding this limit causes a system fatal error." The pool is latched
      // unusable (allocations refused until reset(), i.e. a firmware restart; frees still
      // work), the fatal line is logged and the HAL's fatal hook is called.
      fatal_ = true;
      char line[kLogLineMax];
      (void)format_to(line, sizeof(line),
                      "%s pool: system fatal error: allocation %u exceeds the limit of %u %s "
                      "buffers (required size: %zu)",
                      spec_->kind, max_slots_ + 1, max_slots_, spec_->kind, size);
      LPAI_LOG_ERROR("%s", line);
      lpai_hal_fatal(static_cast<uint32_t>(Status::kPoolFatalSlotLimit), line);
      return Status::kPoolFatalSlotLimit;
    }
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolNoSlot, "%s pool: all %u slots in use", spec_->kind, max_slots_);
  }
  size_t effective = alignment;
  const uint32_t backend = lpai_hal_alignment().start_addr_alignment;
  if (is_pow2(backend) && backend > effective) effective = backend;
  const uintptr_t mask = static_cast<uintptr_t>(effective) - 1;
  const uintptr_t base = reinterpret_cast<uintptr_t>(base_);

  for (uint32_t i = 0; i < block_count_; ++i) {
    const Block b = table_[i];
    if (b.used || b.size < size) continue;
    const uintptr_t addr = base + b.offset;
    const size_t pad = static_cast<size_t>(((addr + mask) & ~mask) - addr);
    if (pad > b.size - size) continue;
    const size_t tail = b.size - size - pad;
    // Splitting adds up to two entries; the coalescing invariant keeps the table within
    // 2 * max_slots + 1 entries, the check guards the invariant.
    const uint32_t extra = (pad != 0 ? 1u : 0u) + (tail != 0 ? 1u : 0u);
    LPAI_CHECK(block_count_ + extra <= table_capacity_, Status::kInternal,
               "%s pool: block table full (%u entries)", spec_->kind, block_count_);
    uint32_t idx = i;
    if (pad != 0) {
      table_[i].size = pad;
      idx = i + 1;
      insert_at(idx, Block{b.offset + pad, size, true});
    } else {
      table_[i] = Block{b.offset, size, true};
    }
    if (tail != 0) insert_at(idx + 1, Block{b.offset + pad + size, tail, false});
    ++live_slots_;
    bytes_in_use_ += size;
    if (bytes_in_use_ > peak_bytes_in_use_) peak_bytes_in_use_ = bytes_in_use_;
    log(spec_->log_level, "Allocate size %zu from %s", size, spec_->source);
    return base_ + b.offset + pad;
  }

  size_t largest = 0;
  for (uint32_t i = 0; i < block_count_; ++i) {
    if (!table_[i].used && table_[i].size > largest) largest = table_[i].size;
  }
  LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind, size);
  LPAI_FAIL(Status::kPoolNoContiguousSpace,
            "%s pool: no contiguous space at alignment %zu: %zu of %zu bytes free, "
            "largest free block %zu",
            spec_->kind, effective, capacity_ - bytes_in_use_, capacity_, largest);
}

Status BlockPool::free(const void* ptr) {
  LPAI_CHECK(ptr != nullptr && contains(ptr), Status::kPoolForeignPointer,
             "%s pool free failure: pointer %p does not belong to the pool", spec_->kind, ptr);
  const size_t off =
      static_cast<size_t>(reinterpret_cast<uintptr_t>(ptr) - reinterpret_cast<uintptr_t>(base_));
  // Binary search for the last block whose offset <= off (table_[0].offset == 0).
  uint32_t lo = 0;
  uint32_t hi = block_count_;
  while (hi - lo > 1) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (table_[mid].offset <= off) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  uint32_t i = lo;
  Block& b = table_[i];
  LPAI_CHECK(b.used, Status::kPoolDoubleFree,
             "%s pool free failure: pointer %p is not allocated (double free)", spec_->kind, ptr);
  LPAI_CHECK(b.offset == off, Status::kPoolForeignPointer,
             "%s pool free failure: pointer %p points inside an allocation of %zu bytes",
             spec_->kind, ptr, b.size);
  b.used = false;
  --live_slots_;
  bytes_in_use_ -= b.size;
  if (i + 1 < block_count_ && !table_[i + 1].used) {
    table_[i].size += table_[i + 1].size;
    erase_at(i + 1);
  }
  if (i > 0 && !table_[i - 1].used) {
    table_[i - 1].size += table_[i].size;
    erase_at(i);
  }
  return Status::kOk;
}

bool BlockPool::contains(const void* ptr) const {
  if (!registered_) return false;
  const uintptr_t p = reinterpret_cast<uintptr_t>(ptr);
  const uintptr_t base = reinterpret_cast<uintptr_t>(base_);
  return p >= base && p - base < capacity_;
}

PoolStats BlockPool::stats() const {
  PoolStats s{};
  s.capacity = registered_ ? capacity_ : 0;
  s.bytes_in_use = bytes_in_use_;
  s.peak_bytes_in_use = peak_bytes_in_use_;
  s.live_slots = live_slots_;
  s.max_slots = max_slots_;
  for (uint32_t i = 0; i < block_count_; ++i) {
    if (!table_[i].used && table_[i].size > s.largest_free_block) {
      s.largest_free_block = table_[i].size;
    }
  }
  return s;
}

void BlockPool::reset() {
  base_ = nullptr;
  capacity_ = 0;
  block_count_ = 0;
  live_slots_ = 0;
  bytes_in_use_ = 0;
  peak_bytes_in_use_ = 0;
  registered_ = false;
  fatal_ = false;
}

}  // namespace lpai
