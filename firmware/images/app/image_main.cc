// lpai-rt firmware image: platform checks, then every embedded model through the C shim.
//
// Output (one line each, on the board console):
//   lpai-image: platform=<p> cycle_source=<s> models=<n>
//   check ... / info ...          platform checks (platform_checks.cc)
//   model ... / out ...           per model: description and output bytes (compared with host)
//   perf ... / nodes ...          per model: figures in lpai_hal_cycles units (unit= on each line)
//   stack: ...                    stack probe self-test, then per model the deepest stack of
//                                 QnnGraph_execute (stack_probe.h; targets only, not on host)
//   lpai-image: result=<PASS|FAIL>
// main returns 0 when everything passed, 1 otherwise (the exit code of the emulator).
#include "console.h"
#include "lpai/hal.h"
#include "lpai/hal_target.h"
#include "payload.h"
#include "platform_checks.h"
#include "run_model.h"
#include "stack_probe.h"

#ifndef LPAI_IMAGE_PLATFORM
#define LPAI_IMAGE_PLATFORM "unknown"
#endif

// C linkage: under -ffreestanding the compiler does not treat main specially (it would be
// mangled), and the ports' startup code calls the symbol `main`.
extern "C" int main(void);

extern "C" int main(void) {
  using lpai_image::print_line;
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_WARN);
  const lpai_cycle_source_t source = lpai_target_cycle_source();
  print_line("lpai-image: platform=%s cycle_source=%s models=%u", LPAI_IMAGE_PLATFORM,
             lpai_target_cycle_source_name(source),
             static_cast<unsigned>(lpai_image_model_count));
  bool ok = lpai_image::run_platform_checks();
  lpai_image::stack_self_test();
  for (uint32_t i = 0; i < lpai_image_model_count; ++i) {
    ok = lpai_image::run_model(lpai_image_models[i]) && ok;
  }
  print_line("lpai-image: result=%s", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
