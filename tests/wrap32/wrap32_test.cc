// Runs on a 32-bit build (-m32): uintptr_t handles carry 20 generation bits, so a slot's
// generation would wrap after 2^20 create/free cycles and a freed handle would name the new
// object. Drives one context slot and one memory-handle slot through 2^20 + 16 cycles and
// fails if the first, freed handle ever compares equal to (or validates as) a new one; then
// creates and frees the backend until its handle generations are used up (2^20 - 1 backends),
// after which backend create must fail with kBackendGenerationsExhausted.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "graph/runtime.h"
#include "lpai/hal_host.h"
#include "graph/state.h"

namespace rt = lpai::rt;
using lpai::Status;

namespace {

int failures = 0;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      std::fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      std::fprintf(stderr, __VA_ARGS__);                   \
      std::fputc('\n', stderr);                            \
      ++failures;                                          \
      return;                                              \
    }                                                      \
  } while (0)

constexpr uint32_t kCycles = (1u << 20) + 16;

void contexts(rt::Handle backend, const std::vector<uint8_t>& bin) {
  rt::Handle first = rt::kNullHandle;
  CHECK(rt::context_create(backend, bin.data(), bin.size(), rt::kDefaultContextConfig, &first) ==
            Status::kOk, "first create");
  CHECK(rt::context_free(first) == Status::kOk, "first free");
  uint32_t moved_at = 0;
  for (uint32_t i = 0; i < kCycles; ++i) {
    rt::Handle h = rt::kNullHandle;
    CHECK(rt::context_create(backend, bin.data(), bin.size(), rt::kDefaultContextConfig, &h) ==
              Status::kOk, "create %u", i);
    CHECK(h != first, "cycle %u: the new context got the freed handle 0x%zx", i, (size_t)first);
    CHECK(!rt::context_valid(first), "cycle %u: freed handle 0x%zx is valid again", i,
          (size_t)first);
    if (moved_at == 0 && (h & 0xFFu) != (first & 0xFFu)) moved_at = i + 1;
    CHECK(rt::context_free(h) == Status::kOk, "free %u", i);
  }
  // Slot 0 served generations 1 .. 2^20 - 1, then retired.
  CHECK(moved_at == (1u << 20) - 1, "slot 0 retired after %u more cycles, expected %u", moved_at,
        (1u << 20) - 1);
  std::printf("contexts: %u create/free cycles; slot 0 retired after generation %u\n", kCycles,
              rt::detail::kMaxGeneration);
}

void mem_handles(rt::Handle backend, const std::vector<uint8_t>& bin) {
  rt::Handle ctx = rt::kNullHandle;
  CHECK(rt::context_create(backend, bin.data(), bin.size(), rt::kDefaultContextConfig, &ctx) ==
            Status::kOk, "create");
  alignas(4096) static uint8_t buf[4096];
  rt::MemRequest r{};
  r.kind = rt::MemKind::kCustom;
  r.buffer = buf;
  r.buffer_size = 64;
  r.shape_bytes = 64;
  rt::Handle first = rt::kNullHandle;
  CHECK(rt::mem_register(ctx, &r, 1, &first) == Status::kOk, "first register");
  CHECK(rt::mem_deregister(&first, 1) == Status::kOk, "first deregister");
  for (uint32_t i = 0; i < kCycles; ++i) {
    rt::Handle h = rt::kNullHandle;
    CHECK(rt::mem_register(ctx, &r, 1, &h) == Status::kOk, "register %u", i);
    CHECK(h != first, "cycle %u: the new registration got the freed handle 0x%zx", i,
          (size_t)first);
    CHECK(rt::mem_deregister(&h, 1) == Status::kOk, "deregister %u", i);
  }
  CHECK(rt::mem_deregister(&first, 1) == Status::kMemInvalidHandle, "stale handle accepted");
  CHECK(rt::context_free(ctx) == Status::kOk, "free");
  std::printf("memory handles: %u register/deregister cycles, no handle reused\n", kCycles);
}

// Error log lines while backends() runs (the stale-handle probe logs one per cycle), counted
// instead of printed; the last one kept.
struct ErrorLines {
  uint32_t count = 0;
  char last[256] = {0};
};
void count_errors(void* user, lpai_log_level_t level, const char* line, size_t len) {
  ErrorLines* e = static_cast<ErrorLines*>(user);
  if (level != LPAI_LOG_LEVEL_ERROR) return;
  ++e->count;
  const size_t n = len < sizeof e->last - 1 ? len : sizeof e->last - 1;
  for (size_t i = 0; i < n; ++i) e->last[i] = line[i];
  e->last[n] = '\0';
}

// `first` is the live backend (generation 1). Frees it, then creates and frees backends until
// create fails: generations 2 .. kMaxGeneration succeed, then create is refused for good, with
// one error line.
void backends(rt::Handle first, ErrorLines* errors) {
  CHECK(rt::backend_free(first) == Status::kOk, "free the first backend");
  uint32_t created = 1;
  for (;;) {
    rt::Handle h = rt::kNullHandle;
    const Status s = rt::backend_create(&h);
    if (s != Status::kOk) {
      // One line per stale-handle probe, then the refusal's one line.
      CHECK(errors->count == created, "%u error lines for %u probes and one refusal",
            errors->count, created - 1);
      CHECK(std::strstr(errors->last, "backend handle generations used up") != nullptr,
            "refusal line: %s", errors->last);
      CHECK(s == Status::kBackendGenerationsExhausted, "create %u: status %u", created,
            static_cast<unsigned>(s));
      CHECK(h == rt::kNullHandle, "a failed create wrote a handle");
      break;
    }
    ++created;
    CHECK(created <= rt::detail::kMaxGeneration, "more than %u backends created",
          rt::detail::kMaxGeneration);
    CHECK(h != first, "backend %u got the freed handle 0x%zx", created, (size_t)first);
    uint32_t start = 0, size = 0;
    CHECK(rt::backend_alignment(first, &start, &size) == Status::kBackendInvalidHandle,
          "backend %u: freed handle 0x%zx is valid again", created, (size_t)first);
    CHECK(rt::backend_free(h) == Status::kOk, "free %u", created);
  }
  CHECK(created == (1u << 20) - 1, "%u backends created, expected %u", created, (1u << 20) - 1);
  rt::Handle again = rt::kNullHandle;
  CHECK(rt::backend_create(&again) == Status::kBackendGenerationsExhausted, "create after retirement");
  std::printf("backends: %u created and freed, then create refused; no handle reused\n", created);
}

}  // namespace

int main(int argc, char** argv) {
  static_assert(sizeof(uintptr_t) == 4, "this test is for 32-bit builds");
  if (argc != 2) return 2;
  FILE* f = std::fopen(argv[1], "rb");
  if (f == nullptr) return 2;
  std::vector<uint8_t> bin;
  for (int c; (c = std::fgetc(f)) != EOF;) bin.push_back(static_cast<uint8_t>(c));
  std::fclose(f);
  rt::Handle backend = rt::kNullHandle;
  if (rt::backend_create(&backend) != Status::kOk) return 1;
  contexts(backend, bin);
  mem_handles(backend, bin);
  ErrorLines errors;
  lpai_hal_host_set_log_echo(0);
  lpai_hal_host_set_log_sink(count_errors, &errors);
  backends(backend, &errors);
  lpai_hal_host_set_log_sink(nullptr, nullptr);
  lpai_hal_host_set_log_echo(1);
  if (errors.count != 0) std::printf("last error line: %s\n", errors.last);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
