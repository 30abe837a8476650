// Host port of the HAL: static arrays play TCM, DDR and the shared (rpcmem-like) region; the
// log sink writes to stderr and/or a test hook; cache maintenance is a no-op.
//
// Compiled freestanding like the firmware: no libc headers. The two OS calls it needs are
// declared here by hand (write(2) for stderr, clock_gettime(2) for the cycle counter).
#include "lpai/hal.h"
#include "lpai/hal_host.h"

extern "C" {
long write(int fd, const void* buf, size_t count);  // ssize_t is long on every LP64/ILP32 Linux
struct lpai_host_timespec {
  long tv_sec;
  long tv_nsec;
};
int clock_gettime(int clock_id, lpai_host_timespec* ts);
}

namespace {

constexpr int kStderrFd = 2;
constexpr int kClockMonotonic = 1;

constexpr uint32_t kDefaultStartAlignment = 64;
constexpr uint32_t kDefaultSizeAlignment = 64;

// ---- memory backing -------------------------------------------------------------------------
alignas(4096) uint8_t g_tcm[LPAI_TCM_POOL_BYTES];
alignas(4096) uint8_t g_ddr[LPAI_HOST_DDR_ARENA_COUNT][LPAI_HOST_DDR_ARENA_BYTES];
alignas(4096) uint8_t g_shared[LPAI_HOST_SHARED_REGION_BYTES];

// ---- log state ------------------------------------------------------------------------------
lpai_log_level_t g_log_level = LPAI_LOG_LEVEL_ERROR;
lpai_hal_host_log_fn g_log_fn = nullptr;
void* g_log_user = nullptr;
int g_log_echo = 1;

// ---- system fatal errors --------------------------------------------------------------------
constexpr size_t kFatalLineMax = 256;
uint32_t g_fatal_code = 0;
char g_fatal_line[kFatalLineMax] = {0};
lpai_hal_host_fatal_fn g_fatal_fn = nullptr;
void* g_fatal_user = nullptr;

// ---- alignment ------------------------------------------------------------------------------
lpai_hal_alignment_t g_alignment = {kDefaultStartAlignment, kDefaultSizeAlignment};

// ---- shared buffers -------------------------------------------------------------------------
// Live buffers, kept sorted by offset so free gaps are found by one linear scan (first fit);
// freeing removes the entry, which merges the gap with its neighbours implicitly.
struct SharedBuf {
  size_t offset;
  size_t size;
  int32_t fd;
};
SharedBuf g_shared_bufs[LPAI_HOST_SHARED_MAX_BUFFERS];
uint32_t g_shared_count = 0;
int32_t g_next_fd = 1;  // fds grow monotonically (wrapping to 1) so a freed fd is not reused soon

bool is_pow2_u(size_t x) { return x != 0 && (x & (x - 1)) == 0; }

const char* level_tag(lpai_log_level_t level) {
  switch (level) {
    case LPAI_LOG_LEVEL_ERROR:
      return "ERROR: ";
    case LPAI_LOG_LEVEL_WARN:
      return "WARNING: ";
    case LPAI_LOG_LEVEL_INFO:
      return "INFO: ";
    case LPAI_LOG_LEVEL_VERBOSE:
      return "VERBOSE: ";
    case LPAI_LOG_LEVEL_DEBUG:
      return "DEBUG: ";
    default:
      return "[?] ";
  }
}

bool fd_in_use(int32_t fd) {
  for (uint32_t i = 0; i < g_shared_count; ++i) {
    if (g_shared_bufs[i].fd == fd) return true;
  }
  return false;
}

int32_t take_fd() {
  for (;;) {
    const int32_t fd = g_next_fd;
    g_next_fd = g_next_fd == 0x7fffffff ? 1 : g_next_fd + 1;
    if (!fd_in_use(fd)) return fd;
  }
}

}  // namespace

extern "C" {

// ---- log sink -------------------------------------------------------------------------------
void lpai_hal_log_write(lpai_log_level_t level, const char* line, size_t len) {
  if (level == LPAI_LOG_LEVEL_NONE || level > g_log_level) return;
  lpai_hal_host_log_write_unfiltered(level, line, len);
}

void lpai_hal_host_log_write_unfiltered(lpai_log_level_t level, const char* line, size_t len) {
  if (level == LPAI_LOG_LEVEL_NONE) return;
  if (g_log_fn != nullptr) g_log_fn(g_log_user, level, line, len);
  if (g_log_echo != 0) {
    // One write per line so concurrent processes do not interleave inside a line.
    char out[512];
    size_t n = 0;
    for (const char* t = level_tag(level); *t != '\0'; ++t) out[n++] = *t;
    for (size_t i = 0; i < len && n < sizeof(out) - 1; ++i) out[n++] = line[i];
    out[n++] = '\n';
    (void)write(kStderrFd, out, n);
  }
}

lpai_log_level_t lpai_hal_log_level(void) { return g_log_level; }

void lpai_hal_set_log_level(lpai_log_level_t level) {
  if (level < LPAI_LOG_LEVEL_NONE) level = LPAI_LOG_LEVEL_NONE;
  if (level > LPAI_LOG_LEVEL_DEBUG) level = LPAI_LOG_LEVEL_DEBUG;
  g_log_level = level;
}

void lpai_hal_host_set_log_sink(lpai_hal_host_log_fn fn, void* user) {
  g_log_fn = fn;
  g_log_user = fn != nullptr ? user : nullptr;
}

void lpai_hal_host_set_log_echo(int enabled) { g_log_echo = enabled != 0 ? 1 : 0; }

// ---- time -----------------------------------------------------------------------------------
uint64_t lpai_hal_cycles(void) {
  lpai_host_timespec ts{0, 0};
  if (clock_gettime(kClockMonotonic, &ts) != 0) return 0;
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

// ---- cache maintenance ----------------------------------------------------------------------
void lpai_hal_cache_clean(const void* addr, size_t size) {
  (void)addr;
  (void)size;
}

void lpai_hal_cache_invalidate(const void* addr, size_t size) {
  (void)addr;
  (void)size;
}

// ---- memory regions -------------------------------------------------------------------------
lpai_hal_region_t lpai_hal_tcm_region(void) { return lpai_hal_region_t{g_tcm, sizeof(g_tcm)}; }

uint32_t lpai_hal_ddr_region_count(void) { return LPAI_HOST_DDR_ARENA_COUNT; }

lpai_hal_region_t lpai_hal_ddr_region(uint32_t index) {
  if (index >= LPAI_HOST_DDR_ARENA_COUNT) return lpai_hal_region_t{nullptr, 0};
  return lpai_hal_region_t{g_ddr[index], LPAI_HOST_DDR_ARENA_BYTES};
}

lpai_hal_region_t lpai_hal_host_shared_region(void) {
  return lpai_hal_region_t{g_shared, sizeof(g_shared)};
}

// ---- system fatal errors --------------------------------------------------------------------
// The host simulation does not halt: it records the first fatal error and returns, so the
// firmware returns its fatal status and the tool (lpai-net-run) reports it and exits non-zero.
void lpai_hal_fatal(uint32_t code, const char* line) {
  if (g_fatal_code == 0) {
    g_fatal_code = code;
    size_t n = 0;
    for (; line != nullptr && line[n] != '\0' && n < kFatalLineMax - 1; ++n)
      g_fatal_line[n] = line[n];
    g_fatal_line[n] = '\0';
  }
  if (g_fatal_fn != nullptr) g_fatal_fn(g_fatal_user, code, line != nullptr ? line : "");
}

void lpai_hal_host_set_fatal_hook(lpai_hal_host_fatal_fn fn, void* user) {
  g_fatal_fn = fn;
  g_fatal_user = fn != nullptr ? user : nullptr;
}

uint32_t lpai_hal_host_fatal_code(void) { return g_fatal_code; }

const char* lpai_hal_host_fatal_line(void) { return g_fatal_line; }

void lpai_hal_host_clear_fatal(void) {
  g_fatal_code = 0;
  g_fatal_line[0] = '\0';
}

// ---- backend properties ---------------------------------------------------------------------
lpai_hal_alignment_t lpai_hal_alignment(void) { return g_alignment; }

int lpai_hal_host_set_alignment(uint32_t start_addr_alignment, uint32_t size_alignment) {
  if (!is_pow2_u(start_addr_alignment) || !is_pow2_u(size_alignment)) return -1;
  g_alignment = lpai_hal_alignment_t{start_addr_alignment, size_alignment};
  return 0;
}

void lpai_hal_host_reset_alignment(void) {
  g_alignment = lpai_hal_alignment_t{kDefaultStartAlignment, kDefaultSizeAlignment};
}

// ---- shared buffers -------------------------------------------------------------------------
void* lpai_hal_host_shared_alloc(size_t size, size_t alignment, int32_t* fd) {
  if (size == 0 || !is_pow2_u(alignment) || fd == nullptr) return nullptr;
  if (size > sizeof(g_shared)) return nullptr;
  if (g_shared_count >= LPAI_HOST_SHARED_MAX_BUFFERS) return nullptr;
  const uintptr_t base = reinterpret_cast<uintptr_t>(g_shared);
  size_t gap_start = 0;  // first free offset after the previous live buffer
  for (uint32_t i = 0; i <= g_shared_count; ++i) {
    const size_t gap_end = i < g_shared_count ? g_shared_bufs[i].offset : sizeof(g_shared);
    // Align the absolute address, not the offset, so the alignment holds for any base.
    const uintptr_t addr = base + gap_start;
    const uintptr_t aligned = (addr + (alignment - 1)) & ~static_cast<uintptr_t>(alignment - 1);
    if (aligned >= addr) {  // no wrap-around
      const size_t start = static_cast<size_t>(aligned - base);
      if (start <= gap_end && size <= gap_end - start) {
        for (uint32_t j = g_shared_count; j > i; --j) g_shared_bufs[j] = g_shared_bufs[j - 1];
        g_shared_bufs[i] = SharedBuf{start, size, take_fd()};
        ++g_shared_count;
        *fd = g_shared_bufs[i].fd;
        return g_shared + start;
      }
    }
    if (i < g_shared_count) gap_start = g_shared_bufs[i].offset + g_shared_bufs[i].size;
  }
  return nullptr;
}

int lpai_hal_host_shared_free(void* buffer) {
  for (uint32_t i = 0; i < g_shared_count; ++i) {
    if (g_shared + g_shared_bufs[i].offset == buffer) {
      for (uint32_t j = i + 1; j < g_shared_count; ++j) g_shared_bufs[j - 1] = g_shared_bufs[j];
      --g_shared_count;
      return 0;
    }
  }
  return -1;
}

int32_t lpai_hal_host_shared_fd(const void* buffer) {
  const uintptr_t p = reinterpret_cast<uintptr_t>(buffer);
  const uintptr_t base = reinterpret_cast<uintptr_t>(g_shared);
  if (p < base || p >= base + sizeof(g_shared)) return -1;
  const size_t off = static_cast<size_t>(p - base);
  for (uint32_t i = 0; i < g_shared_count; ++i) {
    const SharedBuf& b = g_shared_bufs[i];
    if (off >= b.offset && off - b.offset < b.size) return b.fd;
  }
  return -1;
}

size_t lpai_hal_host_shared_bytes_in_use(void) {
  size_t total = 0;
  for (uint32_t i = 0; i < g_shared_count; ++i) total += g_shared_bufs[i].size;
  return total;
}

int lpai_hal_shared_resolve(int32_t fd, uint8_t** addr, size_t* size) {
  if (fd <= 0) return -1;
  for (uint32_t i = 0; i < g_shared_count; ++i) {
    if (g_shared_bufs[i].fd == fd) {
      if (addr != nullptr) *addr = g_shared + g_shared_bufs[i].offset;
      if (size != nullptr) *size = g_shared_bufs[i].size;
      return 0;
    }
  }
  return -1;
}

}  // extern "C"
