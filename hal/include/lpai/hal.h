/*
 * lpai-rt hardware abstraction layer.
 *
 * A link-time interface: plain C functions, exactly one implementation (port) linked per
 * platform (hal/host, hal/hexagon, hal/cortex_m). The firmware calls nothing else of the
 * platform. All functions are callable from C99 and C++ and never allocate.
 */
#ifndef LPAI_HAL_H
#define LPAI_HAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Log levels, most severe first. A message is emitted when its level <= the sink's level. */
typedef enum {
  LPAI_LOG_LEVEL_NONE = 0,
  LPAI_LOG_LEVEL_ERROR = 1,
  LPAI_LOG_LEVEL_WARN = 2,
  LPAI_LOG_LEVEL_INFO = 3,
  LPAI_LOG_LEVEL_VERBOSE = 4,
  LPAI_LOG_LEVEL_DEBUG = 5
} lpai_log_level_t;

/* A contiguous DSP-visible memory region. base is NULL and size 0 when absent. */
typedef struct {
  uint8_t* base;
  size_t size;
} lpai_hal_region_t;

/* Backend buffer alignment requirements, in bytes (both powers of two, >= 1). */
typedef struct {
  uint32_t start_addr_alignment;
  uint32_t size_alignment;
} lpai_hal_alignment_t;

/* ---- log sink -------------------------------------------------------------------------- */
/* Writes one complete, already formatted line (no trailing newline; len bytes, not
 * NUL-terminated necessarily). Called only for levels the filter lets through. */
void lpai_hal_log_write(lpai_log_level_t level, const char* line, size_t len);
/* Current filter level; messages above it are not formatted at all. */
lpai_log_level_t lpai_hal_log_level(void);
void lpai_hal_set_log_level(lpai_log_level_t level);

/* ---- time ------------------------------------------------------------------------------ */
/* Free-running cycle counter (processor cycles on targets; nanoseconds-derived on host). */
uint64_t lpai_hal_cycles(void);

/* ---- cache maintenance (no-ops where memory is coherent) ------------------------------- */
void lpai_hal_cache_clean(const void* addr, size_t size);
void lpai_hal_cache_invalidate(const void* addr, size_t size);

/* ---- memory regions -------------------------------------------------------------------- */
/* The TCM region: exactly LPAI_TCM_POOL_BYTES (2,035,712) bytes on every port. */
lpai_hal_region_t lpai_hal_tcm_region(void);
/* DDR arenas the firmware may place its own data in (model binary copy, IO staging). */
uint32_t lpai_hal_ddr_region_count(void);
lpai_hal_region_t lpai_hal_ddr_region(uint32_t index);

/* ---- shared buffers -------------------------------------------------------------------- */
/* Shared (host- and DSP-visible) buffers are named by a file descriptor, as rpcmem/ION do.
 * Returns 0 and fills *addr / *size when fd names a live shared buffer, -1 otherwise.
 * Ports without shared memory always return -1. */
int lpai_hal_shared_resolve(int32_t fd, uint8_t** addr, size_t* size);

/* ---- system fatal errors --------------------------------------------------------------- */
/* Called by the firmware on a system fatal error (seed 000: the TCM allocator's 33rd live
 * allocation), after it logged the fatal line. code is the lpai status (1110,
 * QNN_LPAI_ERROR_POOL_FATAL_SLOT_LIMIT), line the fatal line (NUL-terminated). Target ports
 * print "FATAL: <line>" and halt the image with exit code LPAI_HAL_FATAL_EXIT_CODE (never
 * return). The host port records it (lpai_hal_host_fatal_code) and returns: the firmware then
 * returns the fatal status, and the host simulation reports it and exits non-zero. */
void lpai_hal_fatal(uint32_t code, const char* line);
#define LPAI_HAL_FATAL_EXIT_CODE 3

/* ---- backend properties ---------------------------------------------------------------- */
lpai_hal_alignment_t lpai_hal_alignment(void);

#define LPAI_TCM_POOL_BYTES 2035712u
#define LPAI_TCM_POOL_SLOTS 32u

#ifdef __cplusplus
}
#endif

#endif /* LPAI_HAL_H */
