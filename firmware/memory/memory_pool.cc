#include "memory/memory_pool.h"

#include "core/log.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"

namespace lpai {
namespace mem_pool {

Result<uint8_t*> allocate(MemType type, size_t size, size_t alignment) {
  switch (type) {
    case MemType::kTcm:
      return tcm_pool().allocate(size, alignment);
    case MemType::kDdr: {
      DdrArena* arena = ddr_arena(0);
      if (arena == nullptr) {
        LPAI_LOG_ERROR("DDR memory allocation failure: required size: %zu (no DDR region)",
                       size);
        return Status::kPoolNoRegion;
      }
      return arena->allocate(size, alignment);
    }
    default:
      LPAI_LOG_ERROR("Memory type only supports DDR & TCM");
      return Status::kPoolInvalidMemType;
  }
}

Status free(MemType type, const void* ptr) {
  switch (type) {
    case MemType::kTcm:
      return tcm_pool().free(ptr);
    case MemType::kDdr: {
      DdrArena* arena = ddr_arena_containing(ptr);
      if (arena == nullptr) {
        LPAI_LOG_ERROR("DDR pool free failure: pointer %p does not belong to any DDR arena", ptr);
        return Status::kPoolForeignPointer;
      }
      return arena->free(ptr);
    }
    default:
      LPAI_LOG_ERROR("Memory type only supports DDR & TCM");
      return Status::kPoolInvalidMemType;
  }
}

}  // namespace mem_pool
}  // namespace lpai
