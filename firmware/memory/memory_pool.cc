#include "memory/memory_pool.h"

#include "core/check.h"
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
      LPAI_CHECK(arena != nullptr, Status::kPoolNoRegion,
                 "DDR memory allocation failure: required size: %zu (no DDR region)", size);
      return arena->allocate(size, alignment);
    }
    default:
      LPAI_FAIL(Status::kPoolInvalidMemType, "Memory type only supports DDR & TCM");
  }
}

Status free(MemType type, const void* ptr) {
  switch (type) {
    case MemType::kTcm:
      return tcm_pool().free(ptr);
    case MemType::kDdr: {
      DdrArena* arena = ddr_arena_containing(ptr);
      LPAI_CHECK(arena != nullptr, Status::kPoolForeignPointer,
                 "DDR pool free failure: pointer %p does not belong to any DDR arena", ptr);
      return arena->free(ptr);
    }
    default:
      LPAI_FAIL(Status::kPoolInvalidMemType, "Memory type only supports DDR & TCM");
  }
}

}  // namespace mem_pool
}  // namespace lpai
