/* C99 user of the installed package: HAL queries and a log line through the HAL sink. */
#include <stdio.h>
#include <string.h>

#include "lpai/hal.h"
#include "lpai/hal_host.h"

int main(void) {
  const lpai_hal_region_t tcm = lpai_hal_tcm_region();
  const lpai_hal_alignment_t align = lpai_hal_alignment();
  const char* line = "consumer: hello from C99";
  if (tcm.base == NULL || tcm.size != LPAI_TCM_POOL_BYTES) {
    fprintf(stderr, "unexpected TCM region size %lu\n", (unsigned long)tcm.size);
    return 1;
  }
  if (align.start_addr_alignment == 0 || align.size_alignment == 0) return 2;
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_INFO);
  lpai_hal_log_write(LPAI_LOG_LEVEL_INFO, line, strlen(line));
  printf("lpai_consumer_c: ok (tcm %lu bytes, alignment %u/%u)\n", (unsigned long)tcm.size,
         (unsigned)align.start_addr_alignment, (unsigned)align.size_alignment);
  return 0;
}
