// libFuzzer harness: the TFLite prepare path (import, plan, serialize, report text and JSON,
// SVG plot) and the produced binary through the whole context-binary path, then (RAW hint,
// binaries up to kDifferentialMaxBytes) through the kernel-variant differential with memory
// poisoning (fuzz_support.h; larger models, the zoo's, take seconds per variant under ASan and
// are compared across variants by the lpai_zoo test). Seeds: the demo model (.tflite), the
// project's own test models and, in the fuzz build, every model of ../shared.
#include "fuzz_support.h"
#include "prepare/prepare.h"
#include "prepare/report.h"

constexpr size_t kDifferentialMaxBytes = 64u << 10;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  for (const bool memhandle : {false, true}) {
    lpai::prepare::PlanOptions options;
    options.io_memhandle = memhandle;
    lpai::prepare::PrepareOutput out;
    std::string error;
    if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(data, size, options, &out); !st.ok()) {
      error = st.error();
      if (error.empty()) lpai_fuzz::fail("prepare failed without a message");
      continue;
    }
    (void)lpai::prepare::report_text(out, "fuzz");
    (void)lpai::prepare::report_json(out, "fuzz");
    (void)lpai::prepare::plan_svg(out, "fuzz");
    lpai_fuzz::run_context_binary(out.binary.data(), out.binary.size());
    if (!memhandle && out.binary.size() <= kDifferentialMaxBytes)
      lpai_fuzz::run_differential(out.binary.data(), out.binary.size());
  }
  return 0;
}
