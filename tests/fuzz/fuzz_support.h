// Shared by the libFuzzer harnesses (tests/fuzz): the full context-binary workflow on one
// input, and the checks that turn a silent misbehaviour into a crash libFuzzer reports.
// Header-only; host test code.
#ifndef LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H
#define LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "format/binary_view.h"
#include "kernels/kernel_api.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"
#include "runner/session.h"
#include "simd/kernel_variant.h"

namespace lpai_fuzz {

// Reports and aborts (libFuzzer saves the input as a crash artifact).
[[noreturn]] inline void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "lpai fuzz invariant violated: %s %s\n", what, detail.c_str());
  std::abort();
}

// Firmware log lines are formatted (the level passes) but not printed: fast, and the
// formatter and its escaping still run on every line.
inline void quiet_logs() {
  static bool done = false;
  if (done) return;
  done = true;
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
  lpai_hal_host_set_log_echo(0);
  lpai_hal_host_set_log_sink(
      [](void*, lpai_log_level_t, const char* line, size_t len) {
        for (size_t i = 0; i < len; ++i) {
          const unsigned char c = static_cast<unsigned char>(line[i]);
          if (c < 0x20 || c > 0x7e) fail("log line with a non-printable byte");
        }
      },
      nullptr);
}

// A one-line message: non-empty, printable ASCII only.
inline void check_one_line(const std::string& message) {
  if (message.empty()) fail("empty error message");
  for (const char ch : message) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c > 0x7e) fail("error message not one printable line:", message);
  }
}

// Every TCM allocation and every DDR arena allocation has been returned.
inline void check_pools_empty() {
  if (lpai::tcm_pool().stats().live_slots != 0) fail("TCM pool not back to zero");
  for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i)
    if (lpai::ddr_arena(i)->stats().live_slots != 0) fail("DDR arena not back to zero");
}

// Buffers the host allocates for a binary are bounded, so that a binary asking for gigabytes
// is skipped instead of exhausting the fuzzer's memory (the firmware itself never allocates).
constexpr uint32_t kMaxHostBytes = 32u << 20;

// The context-binary path on `bytes`: validate (format + nodes), then for DDR and TCM, RAW and
// MEMHANDLE IO: create from binary, retrieve, size queries, set scratch/persistent, finalize,
// execute, replace scratch, execute again, free. Pools must be back to zero after each.
inline void run_context_binary(const uint8_t* data, size_t size) {
  quiet_logs();
  // validate_binary reads the binary in place: an aligned copy, as a loader would hold it.
  lpai::host::AlignedBytes copy(size, 64);
  if (size != 0) std::memcpy(copy.data(), data, size);
  lpai::format::BinaryView view;
  if (lpai::format::validate_binary(copy.data(), size, &view) != lpai::Status::kOk) return;
  if (lpai::kernels::validate_nodes(view) != lpai::Status::kOk) return;
  if (view.plan().scratch_size > kMaxHostBytes || view.plan().persistent_size > kMaxHostBytes)
    return;
  uint64_t io_bytes = 0;
  for (uint32_t k = 0; k < view.num_inputs(); ++k) io_bytes += view.tensor(view.input_tensor(k)).size;
  for (uint32_t k = 0; k < view.num_outputs(); ++k)
    io_bytes += view.tensor(view.output_tensor(k)).size;
  if (io_bytes > kMaxHostBytes) return;

  const std::vector<uint8_t> binary(data, data + size);
  for (const QnnLpaiMem_MemType_t mem : {QNN_LPAI_MEM_TYPE_DDR, QNN_LPAI_MEM_TYPE_TCM}) {
    for (const bool memhandle : {false, true}) {
      lpai::host::SessionOptions options;
      options.mem_type = mem;
      options.use_memhandle = memhandle;
      std::string error;
      {
        std::unique_ptr<lpai::host::Session> s = lpai::host::Session::open(binary, options, &error);
        if (!s) {
          check_one_line(error);
          check_pools_empty();
          continue;
        }
        std::vector<std::vector<uint8_t>> inputs;
        for (size_t k = 0; k < s->inputs().size(); ++k) {
          inputs.emplace_back(s->inputs()[k].bytes);
          for (size_t i = 0; i < inputs.back().size(); ++i)
            inputs.back()[i] = static_cast<uint8_t>(data[(i * 7 + k) % size]);
        }
        std::vector<std::vector<uint8_t>> outputs;
        if (s->run(inputs, &outputs, &error)) {
          if (!s->replace_scratch(&error)) fail("scratch replacement refused:", error);
          if (!s->run(inputs, &outputs, &error)) fail("second execute failed:", error);
        } else {
          check_one_line(error);
        }
      }
      check_pools_empty();
    }
  }
}

// ---- poisoning and the kernel-variant differential ------------------------------------------

// Sets every byte of the TCM pool and of the DDR arenas that no live allocation holds to
// `byte` (the shared region: poison_free_shared): what a previous graph (or anything else) left there must never reach an output.
inline void poison_free_memory(uint8_t byte) {
  auto poison = [byte](lpai::BlockPool& pool) {
    const uint32_t n = pool.live_count();
    size_t gap_start = 0;
    for (uint32_t i = 0; i <= n; ++i) {
      const size_t gap_end = i < n ? pool.allocation(i).offset : pool.capacity();
      if (gap_end > gap_start) std::memset(pool.base() + gap_start, byte, gap_end - gap_start);  // never memset(null, .., 0): UB
      if (i < n) gap_start = size_t{pool.allocation(i).offset} + pool.allocation(i).size;
    }
  };
  poison(lpai::tcm_pool());
  for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i) poison(*lpai::ddr_arena(i));
}

// Sets every byte of the host's shared (rpcmem) region that no live shared buffer holds to
// `byte`. `live` holds an address inside each live shared buffer the caller knows of (its own
// rpcmem buffers, sessions' IO buffers; other addresses are ignored). Writes nothing and
// returns false when those do not account for every shared byte in use (a buffer the caller
// does not know of would be overwritten).
inline bool poison_free_shared(uint8_t byte, const std::vector<const void*>& live) {
  struct Span {
    uint8_t* start;
    size_t size;
  };
  std::vector<Span> spans;
  for (const void* p : live) {
    const int32_t fd = lpai_hal_host_shared_fd(p);
    uint8_t* start = nullptr;
    size_t n = 0;
    if (fd < 0 || lpai_hal_shared_resolve(fd, &start, &n) != 0) continue;
    bool seen = false;
    for (const Span& s : spans) seen = seen || s.start == start;
    if (!seen) spans.push_back({start, n});
  }
  size_t total = 0;
  for (const Span& s : spans) total += s.size;
  if (total != lpai_hal_host_shared_bytes_in_use()) return false;
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.start < b.start; });
  const lpai_hal_region_t region = lpai_hal_host_shared_region();
  uint8_t* at = region.base;
  for (const Span& s : spans) {
    std::memset(at, byte, static_cast<size_t>(s.start - at));
    at = s.start + s.size;
  }
  std::memset(at, byte, static_cast<size_t>(region.base + region.size - at));
  return true;
}

// Addresses of a session's IO buffers (its shared buffers when IO is MEMHANDLE).
inline void add_io_buffers(lpai::host::Session* s, std::vector<const void*>* out) {
  const size_t n = s->inputs().size() + s->outputs().size();
  for (size_t k = 0; k < n; ++k) out->push_back(s->io_buffer(k));
}

// True when validate_binary + validate_nodes accept `binary` and its host buffers are bounded.
inline bool loads_within_host_limits(const std::vector<uint8_t>& binary) {
  lpai::host::AlignedBytes copy(binary.size(), 64);
  if (!binary.empty()) std::memcpy(copy.data(), binary.data(), binary.size());
  lpai::format::BinaryView view;
  if (lpai::format::validate_binary(copy.data(), binary.size(), &view) != lpai::Status::kOk ||
      lpai::kernels::validate_nodes(view) != lpai::Status::kOk) {
    return false;
  }
  return view.plan().scratch_size <= kMaxHostBytes && view.plan().persistent_size <= kMaxHostBytes;
}

using Outputs = std::vector<std::vector<uint8_t>>;

// Two inferences (state carried) of `binary` in the active kernel variant, with the scratch
// buffer and all free TCM/DDR set to `poison` before each. Empty when the session refused the
// binary or an inference failed (the error must then be one line).
inline std::vector<Outputs> run_poisoned(const std::vector<uint8_t>& binary,
                                         const lpai::host::SessionOptions& options,
                                         const uint8_t* seed, size_t seed_size, uint8_t poison) {
  std::vector<Outputs> results;
  std::string error;
  std::unique_ptr<lpai::host::Session> s = lpai::host::Session::open(binary, options, &error);
  if (!s) {
    check_one_line(error);
    return results;
  }
  std::vector<std::vector<uint8_t>> inputs;
  for (size_t k = 0; k < s->inputs().size(); ++k) {
    inputs.emplace_back(s->inputs()[k].bytes);
    for (size_t i = 0; i < inputs.back().size(); ++i)
      inputs.back()[i] = seed_size == 0 ? 0 : seed[(i * 13 + k) % seed_size];
  }
  for (int run = 0; run < 2; ++run) {
    s->poison_scratch(poison);
    poison_free_memory(poison);
    if (options.use_memhandle) {  // IO in the shared region: poison the rest of it too
      std::vector<const void*> live;
      add_io_buffers(s.get(), &live);
      (void)poison_free_shared(poison, live);
    }
    Outputs out;
    if (!s->run(inputs, &out, &error)) {
      check_one_line(error);
      return {};
    }
    results.push_back(std::move(out));
  }
  return results;
}

// Every host kernel variant the CPU has, each with its own poison byte, and the portable
// kernels with TCM + MEMHANDLE IO under a third one, must give the portable DDR/RAW bytes for
// two inferences: a kernel variant that differs, or an output that reads memory nothing wrote
// this inference (a stale pool byte, an unwritten output, a read past a tensor into free
// space), fails.
inline void run_differential(const uint8_t* data, size_t size) {
  quiet_logs();
  const std::vector<uint8_t> binary(data, data + size);
  if (!loads_within_host_limits(binary)) return;
  using lpai::host::KernelVariant;
  const KernelVariant saved = lpai::host::kernel_variant();
  lpai::host::set_kernel_variant(KernelVariant::kPortable);
  const std::vector<Outputs> reference = run_poisoned(binary, {}, data, size, 0x00);
  check_pools_empty();
  if (reference.empty()) {
    lpai::host::set_kernel_variant(saved);
    return;
  }
  struct Config {
    KernelVariant variant;
    QnnLpaiMem_MemType_t mem;
    bool memhandle;
    uint8_t poison;
  };
  const Config configs[] = {
      {KernelVariant::kPortable, QNN_LPAI_MEM_TYPE_DDR, false, 0xA5},
      {KernelVariant::kAvx2, QNN_LPAI_MEM_TYPE_DDR, false, 0x5A},
      {KernelVariant::kAvx512Vnni, QNN_LPAI_MEM_TYPE_DDR, false, 0xFF},
      {KernelVariant::kPortable, QNN_LPAI_MEM_TYPE_TCM, true, 0x81},
  };
  for (const Config& c : configs) {
    if (!lpai::host::set_kernel_variant(c.variant)) continue;
    lpai::host::SessionOptions options;
    options.mem_type = c.mem;
    options.use_memhandle = c.memhandle;
    const std::vector<Outputs> got = run_poisoned(binary, options, data, size, c.poison);
    check_pools_empty();
    if (got.empty() && c.mem == QNN_LPAI_MEM_TYPE_TCM) continue;  // TCM may not hold it
    if (got != reference && std::getenv("LPAI_FUZZ_DEBUG") != nullptr) {  // where they differ
      for (size_t r = 0; r < got.size() && r < reference.size(); ++r)
        for (size_t j = 0; j < got[r].size() && j < reference[r].size(); ++j)
          for (size_t i = 0; i < got[r][j].size() && i < reference[r][j].size(); ++i)
            if (got[r][j][i] != reference[r][j][i]) {
              std::fprintf(stderr, "run %zu output %zu byte %zu of %zu: %u vs %u\n", r, j, i,
                           got[r][j].size(), got[r][j][i], reference[r][j][i]);
              break;
            }
    }
    if (got != reference) {
      fail("outputs differ from the portable kernels' (or depend on poisoned memory):",
           std::string(lpai::host::kernel_variant_name(c.variant)) +
               (c.mem == QNN_LPAI_MEM_TYPE_TCM ? " tcm/memhandle" : " ddr/raw") + " poison " +
               std::to_string(c.poison));
    }
  }
  lpai::host::set_kernel_variant(saved);
}

}  // namespace lpai_fuzz

#endif  // LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H
