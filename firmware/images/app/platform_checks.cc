// Platform checks run by the image before any model: the HAL port's regions and alignment,
// and the firmware's memory core (TCM pool, DDR arena 0) on the real linker-placed memory.
// "check" lines are identical on every platform (the tests compare them with the host run);
// "info" lines carry platform-specific figures.
#include "platform_checks.h"

#include "console.h"
#include "lpai/hal.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"

namespace lpai_image {
namespace {

bool touch(uint8_t* p, size_t size) {
  // Write a pattern at both ends and read it back: the memory is mapped and writable.
  volatile uint8_t* first = p;
  volatile uint8_t* last = p + size - 1;
  *first = 0x5A;
  *last = 0xA5;
  const bool ok = *first == 0x5A && *last == 0xA5;
  *first = 0;
  *last = 0;
  return ok;
}

// Integer division and the mem* functions as the port provides them (Hexagon: the port's
// __hexagon_*div*/mod* helpers; Cortex-M: libgcc for 64-bit). Operands go through volatile so
// the compiler cannot fold them; expected values are literals.
struct DivCase64 {
  int64_t n, d, q, r;
};
struct UDivCase64 {
  uint64_t n, d, q, r;
};

bool division_ok() {
  static const UDivCase64 kUnsigned[] = {
      {0xFFFFFFFFull, 7, 613566756ull, 3},
      {100, 3, 33, 1},
      {5, 10, 0, 5},
      {0xFFFFFFFFFFFFFFFFull, 10, 1844674407370955161ull, 5},
      {0x123456789ABCDEF0ull, 0x12345, 17592281465349ull, 42135},
  };
  static const DivCase64 kSigned[] = {
      {-100, 7, -14, -2},
      {100, -7, -14, 2},
      {-2147483647, 2, -1073741823, -1},
      {-9000000000000000000ll, 7, -1285714285714285714ll, -2},
      {9000000000000000001ll, -1000000007, -8999999937ll, 442},
  };
  bool ok = true;
  for (const UDivCase64& c : kUnsigned) {
    volatile uint64_t n = c.n;
    volatile uint64_t d = c.d;
    ok = ok && n / d == c.q && n % d == c.r;
    if (c.n <= 0xFFFFFFFFull) {
      volatile uint32_t n32 = static_cast<uint32_t>(c.n);
      volatile uint32_t d32 = static_cast<uint32_t>(c.d);
      ok = ok && n32 / d32 == c.q && n32 % d32 == c.r;
    }
  }
  for (const DivCase64& c : kSigned) {
    volatile int64_t n = c.n;
    volatile int64_t d = c.d;
    ok = ok && n / d == c.q && n % d == c.r;
    if (c.n >= -2147483647 && c.n <= 2147483647 && c.d >= -2147483647 && c.d <= 2147483647) {
      volatile int32_t n32 = static_cast<int32_t>(c.n);
      volatile int32_t d32 = static_cast<int32_t>(c.d);
      ok = ok && n32 / d32 == c.q && n32 % d32 == c.r;
    }
  }
  return ok;
}

bool mem_functions_ok() {
  char buf[16] = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 0};
  volatile size_t six = 6;
  __builtin_memmove(buf + 2, buf, six);  // overlapping, destination ahead
  bool ok = __builtin_memcmp(buf, "0101234589", 11) == 0;
  __builtin_memmove(buf, buf + 2, six);  // overlapping, destination behind
  ok = ok && __builtin_memcmp(buf, "0123454589", 11) == 0;
  alignas(8) uint8_t block[40];
  volatile size_t len = sizeof(block);
  __builtin_memset(block, 0xA5, len);
  alignas(8) uint8_t copy[40];
  __builtin_memcpy(copy, block, len);
  for (size_t i = 0; i < sizeof(copy); ++i) ok = ok && copy[i] == 0xA5;
  return ok;
}

}  // namespace

bool run_platform_checks() {
  bool ok = true;
  const lpai_hal_region_t tcm = lpai_hal_tcm_region();
  const lpai_hal_alignment_t align = lpai_hal_alignment();
  const uint32_t ddr_count = lpai_hal_ddr_region_count();
  print_line("check hal: tcm=%zu bytes ddr_regions=%u alignment=%u/%u", tcm.size,
             static_cast<unsigned>(ddr_count), static_cast<unsigned>(align.start_addr_alignment),
             static_cast<unsigned>(align.size_alignment));
  for (unsigned i = 0; i < ddr_count; ++i) {
    const lpai_hal_region_t r = lpai_hal_ddr_region(i);
    print_line("info ddr region %u: %zu bytes", i, r.size);
    if (r.base == nullptr || r.size == 0 || !touch(r.base, r.size)) {
      print_line("check ddr region %u: FAILED (missing or not writable)", i);
      ok = false;
    }
  }
  if (tcm.size != LPAI_TCM_POOL_BYTES || tcm.base == nullptr) {
    print_line("check hal: FAILED tcm region is not %u bytes", LPAI_TCM_POOL_BYTES);
    return false;
  }

  // The whole TCM pool in one allocation, then one byte more than the pool.
  lpai::TcmPool& pool = lpai::tcm_pool();
  lpai::Result<uint8_t*> whole = pool.allocate(LPAI_TCM_POOL_BYTES, 64);
  const bool whole_ok = whole.ok() && touch(whole.value(), LPAI_TCM_POOL_BYTES);
  if (whole.ok()) (void)pool.free(whole.value());
  lpai::Result<uint8_t*> over = pool.allocate(LPAI_TCM_POOL_BYTES + 1, 64);
  if (over.ok()) (void)pool.free(over.value());
  print_line("check tcm pool: whole=%s over_by_one=%u", whole_ok ? "ok" : "FAILED",
             static_cast<unsigned>(lpai::status_code(over.status())));
  ok = ok && whole_ok && !over.ok();

  lpai::DdrArena* arena = lpai::ddr_arena(0);
  bool ddr_ok = false;
  if (arena != nullptr) {
    lpai::Result<uint8_t*> block = arena->allocate(4096, 64);
    ddr_ok = block.ok() && touch(block.value(), 4096);
    if (block.ok()) ddr_ok = ddr_ok && arena->free(block.value()) == lpai::Status::kOk;
  }
  print_line("check ddr arena 0: alloc_4096=%s", ddr_ok ? "ok" : "FAILED");

  const bool div_ok = division_ok();
  const bool mem_ok = mem_functions_ok();
  print_line("check runtime support: division=%s memmove/memset/memcpy=%s",
             div_ok ? "ok" : "FAILED", mem_ok ? "ok" : "FAILED");
  return ok && ddr_ok && div_ok && mem_ok;
}

}  // namespace lpai_image
