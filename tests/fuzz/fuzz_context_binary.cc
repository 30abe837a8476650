// libFuzzer harness: the context binary path (validate, create from binary in DDR and TCM with
// RAW and MEMHANDLE IO, retrieve, size queries, set scratch/persistent, finalize, execute twice
// with scratch replaced between, free; pools back to zero). Seeds: the demo model's binaries.
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::run_context_binary(data, size);
  return 0;
}
