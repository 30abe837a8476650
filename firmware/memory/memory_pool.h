// Memory-type facade over the TCM pool and the DDR arenas: where the firmware places the
// model binary copy and IO buffers according to the configured mem_type.
//
//   MemType::kDdr -> DDR arena 0;  MemType::kTcm -> the TCM pool.
//   Anything else (MemType::kUndefined, unknown values) logs (ERROR) exactly
//   "Memory type only supports DDR & TCM" and fails with kPoolInvalidMemType.
// Alignment, sizes and other error codes: see memory/block_pool.h. No fallback between
// memory types: a failed TCM allocation is not retried in DDR.
#ifndef LPAI_MEMORY_MEMORY_POOL_H
#define LPAI_MEMORY_MEMORY_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "core/result.h"
#include "core/status.h"

namespace lpai {

// Numeric values match the seed API's memory-type enum (DDR = 1, TCM = 3, UNDEFINED).
enum class MemType : uint32_t {
  kDdr = 1,
  kTcm = 3,
  kUndefined = 0x7fffffff,
};

namespace mem_pool {

// size bytes at alignment (power of two in [1, 4096]; at least the backend start alignment).
Result<uint8_t*> allocate(MemType type, size_t size, size_t alignment);
// Frees a pointer from allocate(type, ...). DDR pointers are returned to whichever arena
// holds them; a pointer of another type fails with kPoolForeignPointer.
Status free(MemType type, const void* ptr);

}  // namespace mem_pool
}  // namespace lpai

#endif  // LPAI_MEMORY_MEMORY_POOL_H
