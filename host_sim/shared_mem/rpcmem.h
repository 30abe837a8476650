/*
 * rpcmem-style shared-memory allocator of the host simulation. Buffers come from the HAL host
 * port's shared region (host- and DSP-visible), are named by an fd, and are registered with
 * QnnMem_register as QNN_MEM_TYPE_ION descriptors (ionInfo.fd = rpcmem_to_fd(buffer)).
 * C99-callable so that client code written for rpcmem compiles unchanged.
 */
#ifndef LPAI_HOST_SHARED_MEM_RPCMEM_H
#define LPAI_HOST_SHARED_MEM_RPCMEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RPCMEM_HEAP_ID_SYSTEM 25
#define RPCMEM_DEFAULT_FLAGS 1
/* Alignment of every rpcmem_alloc buffer (bytes). */
#define RPCMEM_ALIGNMENT 4096u

/* Allocates size bytes (> 0) aligned to RPCMEM_ALIGNMENT; NULL when the region is exhausted
 * or size <= 0. heapid and flags are accepted for source compatibility and ignored. */
void* rpcmem_alloc(int heapid, uint32_t flags, int size);
/* Same, with an explicit power-of-two alignment. */
void* rpcmem_alloc_aligned(size_t size, size_t alignment);
/* Frees a buffer from rpcmem_alloc*; unknown pointers are ignored. */
void rpcmem_free(void* buffer);
/* fd naming the buffer (any address inside it), or -1. */
int rpcmem_to_fd(void* buffer);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_HOST_SHARED_MEM_RPCMEM_H */
