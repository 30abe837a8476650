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

}  // namespace

bool run_platform_checks() {
  bool ok = true;
  const lpai_hal_region_t tcm = lpai_hal_tcm_region();
  const lpai_hal_alignment_t align = lpai_hal_alignment();
  const uint32_t ddr_count = lpai_hal_ddr_region_count();
  print_line("check hal: tcm=%zu bytes ddr_regions=%u alignment=%u/%u", tcm.size, ddr_count,
             align.start_addr_alignment, align.size_alignment);
  for (uint32_t i = 0; i < ddr_count; ++i) {
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
  return ok && ddr_ok;
}

}  // namespace lpai_image
