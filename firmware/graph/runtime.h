// The runtime API of the firmware: backend, contexts, the graph lifecycle, execution and
// memory registration, addressed by handles. The C shim (firmware/shim) is a thin decoder of
// the QNN-shaped structs on top of this; tests and benchmarks call it directly.
//
// Handles are opaque non-zero integers naming a slot of a static table plus a generation:
// a handle stays invalid forever once its object is freed (use after free -> *InvalidHandle).
//
// Every function returns Status::kOk or the specific failure Status and, on failure, logs one
// line and changes nothing. Not thread-safe: callers serialise (one firmware thread).
//
// Graph lifecycle (one graph per context):
//   kConfiguring --finalize--> kFinalized --(context free)--> gone
//   kConfiguring: property queries, set-config of scratch / persistent / perf / affinity.
//   finalize:     needs scratch (if the plan's scratch size > 0) and persistent (if > 0);
//                 zeroes persistent memory; allocates TCM IO buffers when mem type is TCM.
//   kFinalized:   execute; scratch may be replaced; persistent is locked; perf/affinity may
//                 change; property queries.
// Wrong-state calls: execute / reset_persistent before finalize -> kGraphNotFinalized;
// finalize twice -> kGraphAlreadyFinalized; persistent after finalize -> kGraphPersistentLocked.
#ifndef LPAI_GRAPH_RUNTIME_H
#define LPAI_GRAPH_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "core/config.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "memory/memory_pool.h"

namespace lpai {
namespace rt {

using Handle = uintptr_t;  // 0 is never a valid handle
constexpr Handle kNullHandle = 0;
// Handle layout: bits [0, 8) slot index + 1, [8, 12) kind, [12, ...) generation. The firmware's
// kinds are 1..4 (graph/state.h); kind kHostHandleKind is never a firmware handle's, so a host
// layer that hands out its own handles through the same calls (host_sim/online_prepare) uses
// it to tell them apart.
constexpr uint32_t kHandleKindShift = 8;
constexpr uintptr_t kHandleKindMask = 0xF;
constexpr uint32_t kHostHandleKind = 0xF;

// Static configuration limits (core/config.h: compile-time options, their RAM cost and
// defaults): the runtime's own RAM (.bss) is sized by them.
constexpr uint32_t kMaxContexts = LPAI_MAX_CONTEXTS;
constexpr uint32_t kMaxMemHandles = LPAI_MAX_MEM_HANDLES;
constexpr uint32_t kMaxGraphIo = LPAI_MAX_GRAPH_IO;
constexpr uint32_t kMaxCores = 8;  // core-affinity bit mask width
static_assert(kMaxContexts >= 1 && kMaxContexts <= 255, "context slots: 1..255 (handle field)");
static_assert(kMaxMemHandles >= 1 && kMaxMemHandles <= 255, "memory handles: 1..255");
static_assert(kMaxGraphIo >= 2 && kMaxGraphIo <= 255,
              "graph IO: 2..255 (one input and one output at least; byte-sized slot indices)");
// Start alignment of a profile buffer (it holds uint64_t per-node cycle counts).
constexpr uint32_t kProfileBufferAlignment = 8;

// ---- backend ------------------------------------------------------------------------------
// One backend at a time: a second create -> kBackendAlreadyCreated. The backend handle's
// generation never wraps: after detail::kMaxGeneration backends (2^20 - 1 on a 32-bit target,
// 2^32 - 1 on a 64-bit one) create fails with kBackendGenerationsExhausted.
Status backend_create(Handle* out);
// kBackendHasContexts while contexts created on it are alive.
Status backend_free(Handle backend);
// The buffer alignment requirements (bytes, powers of two): the HAL's, with the start
// alignment raised to the plan start alignment of every live context (query after
// QnnContext_createFromBinary for the tight value a loaded graph's buffers must honour); with
// no live context, raised to format::kMaxPlanAlignment (4096), which suits any binary.
Status backend_alignment(Handle backend, uint32_t* start_addr_alignment,
                         uint32_t* size_alignment);

// ---- contexts -----------------------------------------------------------------------------
struct ContextConfig {
  MemType mem_type;        // model binary copy + firmware IO buffers: kDdr (default) or kTcm
  bool persistent_binary;  // recorded only: the binary is always copied
};
constexpr ContextConfig kDefaultContextConfig = {MemType::kDdr, false};

// Copies `size` bytes into firmware memory of cfg.mem_type, validates the copy
// (format::validate_binary, kernels::validate_nodes, IO count <= kMaxGraphIo) and reads it in
// place from there. Errors: kBackendInvalidHandle; kContextInvalidArgument (out null);
// kBinaryNull / kBinaryTooSmall / any loader code; kContextNoFreeSlot;
// kContextMemTypeUndefined (mem_type neither DDR nor TCM: the pool logs
// "Memory type only supports DDR & TCM"); kContextTcmExhausted (TCM cannot hold the binary;
// logs required and available bytes); kMemAlloc (DDR arena cannot hold it);
// kBinaryTooManyTensors (more than kMaxGraphIo graph inputs + outputs).
Status context_create(Handle backend, const void* binary, size_t size, const ContextConfig& cfg,
                      Handle* out);
// Returns the binary copy and the firmware IO buffers to their pool, ends every memory
// handle registered on the context, invalidates the context and graph handles.
Status context_free(Handle context);
// True when `context` names a live context.
bool context_valid(Handle context);
// The context's graph if `name` equals the binary's graph name (kContextGraphNotFound).
Status graph_retrieve(Handle context, const char* name, Handle* out);

// ---- graph ----------------------------------------------------------------------------------
enum class GraphState : uint8_t { kConfiguring = 0, kFinalized = 1 };
Status graph_state(Handle graph, GraphState* out);

// Bytes the caller must provide, rounded up to the backend's size alignment.
Status graph_scratch_size(Handle graph, uint32_t* out);
Status graph_persistent_size(Handle graph, uint32_t* out);
// Start alignment a scratch/persistent buffer of this graph must honour:
// max(backend startAddrAlignment, the plan's start alignment).
Status graph_buffer_alignment(Handle graph, uint32_t* out);

struct GraphMem {
  MemType mem_type;  // must be kDdr
  uint32_t size;     // bytes
  void* addr;
};
struct PerfConfig {
  uint32_t fps;          // 1..1000
  uint32_t ftrt_ratio;   // 1..10000
  uint32_t client_type;  // 0 real time, 1 non real time
};
struct CoreAffinity {
  uint32_t type;       // 0 soft, 1 hard
  uint32_t core_mask;  // exactly one bit below kMaxCores
};
enum class GraphConfigKind : uint8_t {
  kScratch,
  kPersistent,
  kPerf,
  kCoreAffinity,
  kProfileBuffer,
};
struct GraphConfig {
  GraphConfigKind kind;
  GraphMem mem;            // kScratch / kPersistent; kProfileBuffer: addr and size (mem_type
                           // ignored)
  PerfConfig perf;         // kPerf
  CoreAffinity affinity;   // kCoreAffinity
};
// Validates every entry (in order), then applies all of them; on the first bad entry nothing
// is applied. Memory: kGraphMemTypeNotDdr, kGraphMemNull, kGraphMemMisaligned,
// kGraphMemSizeUnaligned, kGraphMemTooSmall (checked in that order), kGraphPersistentLocked
// (persistent after finalize). Perf: kGraphBadPerfConfig. Affinity: kGraphBadCoreAffinity,
// kGraphMultiCoreUnsupported. Profile buffer (any state; replaces the previous one):
// kGraphProfileBufferNull, kGraphProfileBufferMisaligned (not on kProfileBufferAlignment),
// kGraphProfileBufferTooSmall (below graph_profile_buffer_size), checked in that order.
Status graph_set_config(Handle graph, const GraphConfig* configs, uint32_t count);
// Kept values, for tests and tools (zeroed until set).
Status graph_perf_config(Handle graph, PerfConfig* perf, CoreAffinity* affinity);

// kGraphScratchMissing / kGraphPersistentMissing / kGraphAlreadyFinalized; with mem type TCM
// and the raw IO hint, allocates every IO buffer from the TCM pool (kContextTcmExhausted).
Status graph_finalize(Handle graph);

enum class IoKind : uint8_t { kRaw = 0, kMemHandle = 1 };
struct IoTensor {
  uint32_t id;          // tensor id of a graph input (inputs) or output (outputs)
  IoKind kind;
  uint8_t* data;        // kRaw: caller buffer, aligned to startAddrAlignment
  uint32_t size;        // kRaw: bytes available at data; outputs: set to the tensor's bytes
  Handle mem_handle;    // kMemHandle
};
// Binds every graph IO tensor, copies RAW inputs in, runs every node, copies RAW outputs out.
// Exactly one IoTensor per graph input (n_in == num_inputs) and output, matched by id in any
// order. Errors: kGraphNotFinalized; kTensorCountMismatch; kTensorInvalidArgument (null
// array, duplicate id, id of the other direction); kTensorUnknownId; kTensorBadMemType;
// kTensorBufferNull / kTensorBufferMisaligned / kTensorBufferTooSmall; kMemInvalidHandle
// (handle unknown, ended, or of another context); an IO-buffer allocation failure (memhandle
// hint, first RAW use of a slot).
Status graph_execute(Handle graph, const IoTensor* inputs, uint32_t n_in, IoTensor* outputs,
                     uint32_t n_out);

struct GraphCounters {
  uint64_t executions;
  uint64_t io_bytes_copied;   // RAW bytes copied in + out
  uint32_t io_allocations;    // IO buffers the firmware allocated for this graph
  uint32_t num_nodes;
  uint64_t last_execute_cycles;
};
Status graph_counters(Handle graph, GraphCounters* out);
// Per-node profiling writes into a buffer the caller provides (the runtime reserves none):
// query its size, hand it over with a kProfileBuffer config, then turn profiling on.
// Bytes of the profile buffer: one uint64_t per node (the buffer must start on
// kProfileBufferAlignment). It stays the caller's; it must stay valid while profiling is on
// (until profiling is turned off, another buffer is set, or the context is freed).
Status graph_profile_buffer_size(Handle graph, uint32_t* out);
// Turns per-node cycle recording on or off for later executes. On without a profile buffer
// -> kGraphProfileBufferMissing (profiling stays as it was).
Status graph_set_profiling(Handle graph, bool enable);
// Per-node cycles of the last profiled execute: out[0..min(capacity, nodes)), *num_nodes
// (zeros when no execute has been profiled into the current profile buffer).
Status graph_node_cycles(Handle graph, uint64_t* out, uint32_t capacity, uint32_t* num_nodes);
// Zeroes persistent memory. kGraphNotFinalized before finalize.
Status graph_reset_persistent(Handle graph);
// Drops the IO bindings left by the last execute (memory handles become deregistrable).
Status graph_release_io(Handle graph);
// The validated binary of the graph (for the shim's tensor checks). Valid until context free.
Status graph_view(Handle graph, const format::BinaryView** out);

// ---- memory registration ------------------------------------------------------------------
enum class MemKind : uint8_t { kShared = 0, kCustom = 1 };
struct MemRequest {
  MemKind kind;
  int32_t fd;            // kShared: resolved with lpai_hal_shared_resolve
  void* buffer;          // kCustom: caller-owned buffer
  uint64_t buffer_size;  // kCustom: bytes at buffer
  uint64_t shape_bytes;  // bytes the descriptor's shape and data type describe (> 0)
};
// All or nothing. Errors: kContextInvalidHandle; kMemInvalidArgument (null arrays, count 0,
// shape_bytes 0, custom buffer null); kMemMapping (fd not resolvable);
// kMemInvalidShapeOrAlignment (buffer not on startAddrAlignment or smaller than shape_bytes);
// kMemAlreadyRegistered (the buffer already has a handle, or twice in this batch);
// kMemTableFull.
Status mem_register(Handle context, const MemRequest* requests, uint32_t count, Handle* out);
// All or nothing. kMemInvalidArgument (null, count 0); kMemInvalidHandle (unknown, already
// deregistered, ended by context free, or listed twice); kMemHandleInUse (bound to a graph).
Status mem_deregister(const Handle* handles, uint32_t count);
// Live registered handles (for tests).
uint32_t mem_live_count();

// Frees every context and the backend (firmware restart; tests).
void shutdown();

}  // namespace rt
}  // namespace lpai

#endif  // LPAI_GRAPH_RUNTIME_H
