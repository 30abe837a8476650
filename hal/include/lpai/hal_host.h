/*
 * Host-port extras: knobs that tests and the host simulation use to play the role of the
 * hardware. Only the host port implements these.
 */
#ifndef LPAI_HAL_HOST_H
#define LPAI_HAL_HOST_H

#include "lpai/hal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Receives every line that passes the level filter (in addition to stderr when echo is on).
 * user is passed back unchanged. Pass NULL to remove. */
typedef void (*lpai_hal_host_log_fn)(void* user, lpai_log_level_t level, const char* line,
                                     size_t len);
void lpai_hal_host_set_log_sink(lpai_hal_host_log_fn fn, void* user);
/* When non-zero (default 1), lines are also written to stderr. */
void lpai_hal_host_set_log_echo(int enabled);
/* Writes one line (len bytes, no newline) to the sink and, when echo is on, stderr with the
 * level's prefix, whatever the HAL's level: for host components that filter their own lines
 * (the delegate-style API, whose minimum severity is TFLite's, INFO by default). */
void lpai_hal_host_log_write_unfiltered(lpai_log_level_t level, const char* line, size_t len);

/* Overrides the alignment requirements the backend reports (tests sweep them).
 * Both must be powers of two; invalid values are ignored and return -1. */
int lpai_hal_host_set_alignment(uint32_t start_addr_alignment, uint32_t size_alignment);
void lpai_hal_host_reset_alignment(void);

/* System fatal errors (lpai_hal_fatal): the host port keeps the first code and line until
 * cleared, and calls the hook (if set) on every fatal error. code 0 / "" when none. */
typedef void (*lpai_hal_host_fatal_fn)(void* user, uint32_t code, const char* line);
void lpai_hal_host_set_fatal_hook(lpai_hal_host_fatal_fn fn, void* user);
uint32_t lpai_hal_host_fatal_code(void);
const char* lpai_hal_host_fatal_line(void);
void lpai_hal_host_clear_fatal(void);

/* Host DDR arenas: LPAI_HOST_DDR_ARENA_COUNT static arrays of LPAI_HOST_DDR_ARENA_BYTES. */
#define LPAI_HOST_DDR_ARENA_COUNT 2u
#define LPAI_HOST_DDR_ARENA_BYTES (8u * 1024u * 1024u)

/* Shared (host- and DSP-visible) region used by the host simulation's rpcmem-like allocator. */
lpai_hal_region_t lpai_hal_host_shared_region(void);
#define LPAI_HOST_SHARED_REGION_BYTES (8u * 1024u * 1024u)
#define LPAI_HOST_SHARED_MAX_BUFFERS 64u

/* rpcmem-like allocator over the shared region: returns an aligned buffer (alignment: power
 * of two) and its fd (> 0), or NULL (fd untouched) when the region or the buffer table is
 * exhausted. lpai_hal_shared_resolve(fd) finds it until it is freed. */
void* lpai_hal_host_shared_alloc(size_t size, size_t alignment, int32_t* fd);
/* Frees a buffer from lpai_hal_host_shared_alloc; returns 0, or -1 for an unknown pointer. */
int lpai_hal_host_shared_free(void* buffer);
/* fd of a live shared buffer (any address inside it), or -1. */
int32_t lpai_hal_host_shared_fd(const void* buffer);
/* Bytes currently allocated from the shared region (for tests and leak checks). */
size_t lpai_hal_host_shared_bytes_in_use(void);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_HAL_HOST_H */
