// Shared by the libFuzzer harnesses (tests/fuzz): the full context-binary workflow on one
// input, and the checks that turn a silent misbehaviour into a crash libFuzzer reports.
// Header-only; host test code.
#ifndef LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H
#define LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H

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

}  // namespace lpai_fuzz

#endif  // LPAI_TESTS_FUZZ_FUZZ_SUPPORT_H
