// Internal state of the runtime: the static tables behind the handles of runtime.h.
// Everything is zero-initialised storage (no constructors run); a zero slot is free.
#ifndef LPAI_GRAPH_STATE_H
#define LPAI_GRAPH_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "format/binary_view.h"
#include "graph/runtime.h"
#include "memory/memory_pool.h"

namespace lpai {
namespace rt {
namespace detail {

// Handle layout: graph/runtime.h (kHandleKindShift).
enum class HandleKind : uint32_t { kBackend = 1, kContext = 2, kGraph = 3, kMem = 4 };
static_assert(static_cast<uint32_t>(HandleKind::kMem) < kHostHandleKind &&
                  kHostHandleKind <= kHandleKindMask,
              "firmware handle kinds stay below the kind the host reserves");
static_assert(kHandleKindShift + 4 == 12, "the generation starts above the kind field");

constexpr uintptr_t kGenerationMask = (~static_cast<uintptr_t>(0)) >> 12;

// Largest generation a handle carries without wrapping: the handle's generation field (20 bits
// where uintptr_t has 32) or the uint32_t counter, whichever is smaller. A slot whose generation
// has reached it is retired: never handed out again, so a freed handle can never name a later
// object (docs/memory-model.md). On a 32-bit target a context or memory-handle slot therefore
// serves 2^20 - 1 create/free cycles, then the next free slot is used.
constexpr uint32_t kMaxGeneration =
    kGenerationMask < 0xFFFFFFFFu ? static_cast<uint32_t>(kGenerationMask) : 0xFFFFFFFFu;
inline bool slot_retired(uint32_t generation) { return generation >= kMaxGeneration; }

inline Handle make_handle(HandleKind kind, uint32_t index, uint32_t generation) {
  return (static_cast<uintptr_t>(generation & kGenerationMask) << 12) |
         (static_cast<uintptr_t>(kind) << kHandleKindShift) | static_cast<uintptr_t>(index + 1);
}
// Slot index of `h` if it has `kind` and index < limit, else -1 (generation checked by caller).
inline int32_t handle_index(Handle h, HandleKind kind, uint32_t limit) {
  if (((h >> kHandleKindShift) & kHandleKindMask) != static_cast<uintptr_t>(kind)) return -1;
  const uintptr_t idx1 = h & 0xFFu;
  if (idx1 == 0 || idx1 > limit) return -1;
  return static_cast<int32_t>(idx1 - 1);
}
inline uint32_t handle_generation(Handle h) { return static_cast<uint32_t>(h >> 12); }

struct Graph {
  GraphState state = GraphState::kConfiguring;
  bool profiling = {};
  bool has_scratch = {};
  bool has_persistent = {};
  bool has_perf = {};
  bool has_affinity = {};
  uint8_t* scratch = nullptr;
  uint32_t scratch_size = 0;
  uint8_t* persistent = nullptr;
  uint32_t persistent_size = 0;
  // The recorded kPerf / kCoreAffinity configs, in the ranges graph.cc checks (fps, ftrt ratio
  // <= 0xFFFF; client type and affinity type 0..1; one core bit below kMaxCores <= 8).
  uint16_t perf_fps = 0;
  uint16_t perf_ftrt_ratio = 0;
  uint8_t perf_client_type = 0;
  uint8_t affinity_type = 0;
  uint8_t affinity_core_mask = 0;
  // Per graph IO slot (input k -> k, output j -> num_inputs + j):
  uint8_t* io_home[kMaxGraphIo] = {};   // firmware-allocated IO buffer (TCM / memhandle hint)
  uint8_t* io_bound[kMaxGraphIo] = {};  // address bound by the last execute
  Handle io_handle[kMaxGraphIo] = {};  // memory handle bound by the last execute, else 0
  GraphCounters counters = {};
  uint64_t* profile = nullptr;  // caller's profile buffer: one entry per node, or nullptr
  uint32_t once_done = 0;       // CALL_ONCE run-once flags (bit per once_slot); 0 at finalize
};

struct Context {
  bool live = {};
  uint32_t generation = 0;
  ContextConfig config = {};
  uint8_t* binary = nullptr;  // firmware-owned copy (config.mem_type)
  size_t binary_size = {};
  format::BinaryView view = {};
  uint32_t num_io = 0;
  Graph graph = {};
};

// One registered buffer (24 bytes on the 32-bit targets).
struct MemEntry {
  uint64_t shape_bytes = 0;  // bytes its descriptor's shape describes (IO size check)
  uint8_t* addr = nullptr;
  uint32_t generation = 0;
  uint32_t context_generation = 0;
  uint8_t context_index = 0;  // owning context slot (kMaxContexts <= 255)
  bool live = {};
  MemKind kind = {};
};
static_assert(kMaxContexts <= 255, "a memory handle names its context slot in one byte");

struct Runtime {
  bool backend_live = {};
  uint32_t backend_generation = 0;
  Context contexts[kMaxContexts] = {};
  MemEntry mem[kMaxMemHandles] = {};
};

Runtime& runtime();

// Handle lookups: the live object or nullptr (no logging).
Context* find_context(Handle h);
// The graph's context (graph handles carry the context slot and generation).
Context* find_graph(Handle h);
MemEntry* find_mem(Handle h);
Handle graph_handle_of(const Context& c);
uint32_t context_index(const Context& c);

// Alignment every buffer the kernels use in place must have (scratch, persistent, shared IO
// buffers): max(backend start alignment, the binary's plan start alignment).
uint32_t start_alignment(const format::BinaryView& view);
// Firmware IO buffer alignment: max(start_alignment(view), 16).
size_t io_buffer_alignment(const format::BinaryView& view);
// Frees every firmware IO buffer of the graph (context free).
void free_io_homes(Context& c);
// The memory handles of context c are ended (context free).
void end_context_handles(const Context& c);
// True when h is bound to any live graph's IO.
bool mem_handle_bound(Handle h);

}  // namespace detail
}  // namespace rt
}  // namespace lpai

#endif  // LPAI_GRAPH_STATE_H
