// libFuzzer harness: the context binary path (validate, create from binary in DDR and TCM with
// RAW and MEMHANDLE IO, retrieve, size queries, set scratch/persistent, finalize, execute twice
// with scratch replaced between, free; pools back to zero). Seeds: the demo model's binaries
// and the test suite's graphs.
//
// Each input runs as given, and again with its header's total_size and crc32 made consistent
// with the mutated bytes: otherwise nearly every mutation stops at the CRC check and the
// validators behind it are never reached.
#include <vector>

#include "format/context_binary_format.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::run_context_binary(data, size);
  if (size >= sizeof(lpai::format::BinaryHeader)) {
    std::vector<uint8_t> fixed(data, data + size);
    auto* h = reinterpret_cast<lpai::format::BinaryHeader*>(fixed.data());
    h->total_size = static_cast<uint32_t>(size);
    h->crc32 = lpai::format::binary_crc32(fixed.data(), size);
    if (h->total_size == size && std::memcmp(fixed.data(), data, size) != 0)
      lpai_fuzz::run_context_binary(fixed.data(), fixed.size());
  }
  return 0;
}
