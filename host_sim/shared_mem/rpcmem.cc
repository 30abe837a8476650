#include "shared_mem/rpcmem.h"

#include "lpai/hal_host.h"

extern "C" {

void* rpcmem_alloc(int /*heapid*/, uint32_t /*flags*/, int size) {
  if (size <= 0) return nullptr;
  return rpcmem_alloc_aligned(static_cast<size_t>(size), RPCMEM_ALIGNMENT);
}

void* rpcmem_alloc_aligned(size_t size, size_t alignment) {
  int32_t fd = -1;
  return lpai_hal_host_shared_alloc(size, alignment, &fd);
}

void rpcmem_free(void* buffer) {
  if (buffer != nullptr) (void)lpai_hal_host_shared_free(buffer);
}

int rpcmem_to_fd(void* buffer) { return lpai_hal_host_shared_fd(buffer); }

}  // extern "C"
