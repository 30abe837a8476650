// BlockPool implementation: sorted table of live allocations, first fit over the gaps.
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
  const uint32_t reach = field_bytes_ == 4 ? 0xFFFFFFFFu : (1u << (8 * field_bytes_)) - 1u;
  capacity_ = region.size < reach ? static_cast<uint32_t>(region.size) : reach;
  live_slots_ = 0;
  bytes_in_use_ = 0;
  registered_ = true;
  log(spec_->log_level, "%s current size: %zu max_size: %zu", spec_->name,
      static_cast<size_t>(bytes_in_use_), static_cast<size_t>(capacity_));
  return Status::kOk;
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
              static_cast<size_t>(capacity_));
  }
  if (fatal_) {
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolFatalSlotLimit,
              "%s pool: unusable after a system fatal error (more than %u allocations)",
              spec_->kind, static_cast<unsigned>(max_slots_));
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
                      spec_->kind, static_cast<unsigned>(max_slots_) + 1u, static_cast<unsigned>(max_slots_), spec_->kind, size);
      LPAI_LOG_ERROR("%s", line);
      lpai_hal_fatal(static_cast<uint32_t>(Status::kPoolFatalSlotLimit), line);
      return Status::kPoolFatalSlotLimit;
    }
    LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind,
                   size);
    LPAI_FAIL(Status::kPoolNoSlot, "%s pool: all %u slots in use", spec_->kind, static_cast<unsigned>(max_slots_));
  }
  size_t effective = alignment;
  const uint32_t backend = lpai_hal_alignment().start_addr_alignment;
  if (is_pow2(backend) && backend > effective) effective = backend;
  const uintptr_t mask = static_cast<uintptr_t>(effective) - 1;
  const uintptr_t base = reinterpret_cast<uintptr_t>(base_);

  // First fit over the gaps: gap i ends at allocation i (the last gap at the capacity).
  uint32_t gap_start = 0;
  uint32_t largest = 0;
  for (uint32_t i = 0; i <= live_slots_; ++i) {
    const uint32_t gap_end = i < live_slots_ ? field(i, 0) : capacity_;
    const uint32_t gap = gap_end - gap_start;
    if (gap > largest) largest = gap;
    if (gap >= size) {
      const uintptr_t addr = base + gap_start;
      const size_t pad = static_cast<size_t>(((addr + mask) & ~mask) - addr);
      if (pad <= gap - size) {
        shift_entries(i, true);
        const uint32_t offset = gap_start + static_cast<uint32_t>(pad);
        set_entry(i, offset, static_cast<uint32_t>(size));
        ++live_slots_;
        bytes_in_use_ += static_cast<uint32_t>(size);
        if (bytes_in_use_ > peak_bytes_in_use_) peak_bytes_in_use_ = bytes_in_use_;
        log(spec_->log_level, "Allocate size %zu from %s", size, spec_->source);
        return base_ + offset;
      }
    }
    if (i < live_slots_) gap_start = field(i, 0) + field(i, 1);
  }

  LPAI_LOG_ERROR("%s memory allocation failure: required size: %zu", spec_->kind, size);
  LPAI_FAIL(Status::kPoolNoContiguousSpace,
            "%s pool: no contiguous space at alignment %zu: %zu of %zu bytes free, "
            "largest free block %zu",
            spec_->kind, effective, static_cast<size_t>(capacity_ - bytes_in_use_),
            static_cast<size_t>(capacity_), static_cast<size_t>(largest));
}

Status BlockPool::free(const void* ptr) {
  LPAI_CHECK(ptr != nullptr && contains(ptr), Status::kPoolForeignPointer,
             "%s pool free failure: pointer %p does not belong to the pool", spec_->kind, ptr);
  const uint32_t off =
      static_cast<uint32_t>(reinterpret_cast<uintptr_t>(ptr) - reinterpret_cast<uintptr_t>(base_));
  // Binary search for the number of allocations whose offset <= off.
  uint32_t lo = 0;
  uint32_t hi = live_slots_;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (field(mid, 0) <= off) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  LPAI_CHECK(lo > 0 && off - field(lo - 1, 0) < field(lo - 1, 1), Status::kPoolDoubleFree,
             "%s pool free failure: pointer %p is not allocated (double free)", spec_->kind, ptr);
  const uint32_t i = lo - 1;
  LPAI_CHECK(field(i, 0) == off, Status::kPoolForeignPointer,
             "%s pool free failure: pointer %p points inside an allocation of %zu bytes",
             spec_->kind, ptr, static_cast<size_t>(field(i, 1)));
  bytes_in_use_ -= field(i, 1);
  shift_entries(i, false);
  --live_slots_;
  return Status::kOk;
}

void BlockPool::shift_entries(uint32_t from, bool open) {
  const uint32_t entry = 2u * field_bytes_;
  const uint32_t start = from * entry;
  const uint32_t end = live_slots_ * entry;  // one past the last live entry's bytes
  if (open) {
    for (uint32_t b = end; b > start; --b) table_[b - 1 + entry] = table_[b - 1];
  } else {
    for (uint32_t b = start; b + entry < end; ++b) table_[b] = table_[b + entry];
  }
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
  if (!registered_) return s;
  uint32_t gap_start = 0;
  for (uint32_t i = 0; i <= live_slots_; ++i) {
    const uint32_t gap_end = i < live_slots_ ? field(i, 0) : capacity_;
    if (gap_end - gap_start > s.largest_free_block) s.largest_free_block = gap_end - gap_start;
    if (i < live_slots_) gap_start = field(i, 0) + field(i, 1);
  }
  return s;
}

void BlockPool::reset() {
  base_ = nullptr;
  capacity_ = 0;
  live_slots_ = 0;
  bytes_in_use_ = 0;
  peak_bytes_in_use_ = 0;
  registered_ = false;
  fatal_ = false;
}

}  // namespace lpai
