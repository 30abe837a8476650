// Graph lifecycle: memory requirement queries, set-config (scratch, persistent, performance,
// core affinity), finalize, and the LPAI extensions (counters, profiling, persistent reset,
// IO release). Rules: runtime.h.
#include "core/check.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "graph/state.h"
#include "lpai/hal.h"
#include "memory/tcm_pool.h"

namespace lpai {
namespace rt {

using detail::Context;
using detail::Graph;

namespace {

constexpr uint32_t kMaxFps = 1000;
constexpr uint32_t kMaxFtrtRatio = 10000;
static_assert(kMaxFps <= 0xFFFFu && kMaxFtrtRatio <= 0xFFFFu && kMaxCores <= 8,
              "the recorded perf and affinity configs fit their Graph fields (graph/state.h)");

// *out = the context of graph handle `h`; kGraphInvalidHandle, logged naming the call `what`,
// when `h` names no live graph.
Status live_graph(Handle h, const char* what, Context** out) {
  Context* c = detail::find_graph(h);
  LPAI_CHECK(c != nullptr, Status::kGraphInvalidHandle, "%s: invalid graph handle 0x%zx", what,
             static_cast<size_t>(h));
  *out = c;
  return Status::kOk;
}

// Plan size rounded up to the backend size alignment. Plan sizes are < 2^32 and the
// alignment is a power of two <= 2^31, so the rounded value fits when it is <= 0xFFFFFFFF;
// otherwise the query fails.
Status rounded_size(uint32_t plan_bytes, uint32_t* out) {
  size_t rounded = 0;
  if (!checked_align_up(plan_bytes, lpai_hal_alignment().size_alignment, &rounded) ||
      rounded > 0xFFFFFFFFu) {
    LPAI_FAIL(Status::kGraphInvalidArgument,
              "graph property: %u bytes cannot be rounded to the size alignment %u", plan_bytes,
              lpai_hal_alignment().size_alignment);
  }
  *out = static_cast<uint32_t>(rounded);
  return Status::kOk;
}

// The profile buffer: one uint64_t per node.
uint32_t profile_bytes(const Context& c) {
  return c.view.node_count() * static_cast<uint32_t>(sizeof(uint64_t));
}

Status check_profile_buffer(const Context& c, const GraphMem& m) {
  LPAI_CHECK(m.addr != nullptr, Status::kGraphProfileBufferNull,
             "graph set-config: profile buffer address is null");
  LPAI_CHECK(is_aligned_ptr(m.addr, kProfileBufferAlignment), Status::kGraphProfileBufferMisaligned,
             "graph set-config: profile buffer %p is not a multiple of %u", m.addr,
             kProfileBufferAlignment);
  LPAI_CHECK(m.size >= profile_bytes(c), Status::kGraphProfileBufferTooSmall,
             "graph set-config: profile buffer holds %u bytes, graph \"%s\" needs %u (%u "
             "nodes)",
             m.size, c.view.graph_name(), profile_bytes(c), c.view.node_count());
  return Status::kOk;
}

const char* pool_name(GraphConfigKind k) {
  return k == GraphConfigKind::kScratch ? "scratch" : "persistent";
}

Status check_mem(const Context& c, const GraphConfig& cfg) {
  const Graph& g = c.graph;
  const GraphMem& m = cfg.mem;
  const char* name = pool_name(cfg.kind);
  LPAI_CHECK(cfg.kind != GraphConfigKind::kPersistent || g.state != GraphState::kFinalized,
             Status::kGraphPersistentLocked,
             "graph set-config: persistent memory cannot be replaced after finalize");
  LPAI_CHECK(m.mem_type == MemType::kDdr, Status::kGraphMemTypeNotDdr,
             "graph set-config: %s memory type %u, only DDR (%u) is supported", name,
             static_cast<uint32_t>(m.mem_type), static_cast<uint32_t>(MemType::kDdr));
  LPAI_CHECK(m.addr != nullptr, Status::kGraphMemNull, "graph set-config: %s address is null",
             name);
  const uint32_t align = detail::start_alignment(c.view);
  LPAI_CHECK(is_aligned_ptr(m.addr, align), Status::kGraphMemMisaligned,
             "graph set-config: %s address %p is not a multiple of %u", name, m.addr, align);
  const uint32_t size_align = lpai_hal_alignment().size_alignment;
  LPAI_CHECK(is_aligned(m.size, size_align), Status::kGraphMemSizeUnaligned,
             "graph set-config: %s size %u is not a multiple of %u", name, m.size, size_align);
  uint32_t required = 0;
  LPAI_RETURN_IF_ERROR(rounded_size(cfg.kind == GraphConfigKind::kScratch
                                        ? c.view.plan().scratch_size
                                        : c.view.plan().persistent_size,
                                    &required));
  LPAI_CHECK(m.size >= required, Status::kGraphMemTooSmall,
             "graph set-config: %s size %u bytes, the graph needs %u", name, m.size, required);
  return Status::kOk;
}

Status check_perf(const PerfConfig& p) {
  if (p.fps == 0 || p.fps > kMaxFps || p.ftrt_ratio == 0 || p.ftrt_ratio > kMaxFtrtRatio ||
      p.client_type > 1) {
    LPAI_FAIL(Status::kGraphBadPerfConfig,
              "graph set-config: performance config fps %u (1..%u), ftrt ratio %u (1..%u), client "
              "type %u (0 real time, 1 non real time) rejected",
              p.fps, kMaxFps, p.ftrt_ratio, kMaxFtrtRatio, p.client_type);
  }
  return Status::kOk;
}

Status check_affinity(const CoreAffinity& a) {
  LPAI_CHECK(a.type <= 1 && a.core_mask != 0 && (a.core_mask >> kMaxCores) == 0,
             Status::kGraphBadCoreAffinity,
             "graph set-config: core affinity type %u (0 soft, 1 hard), core mask 0x%x (one of "
             "%u cores) rejected",
             a.type, a.core_mask, kMaxCores);
  LPAI_CHECK((a.core_mask & (a.core_mask - 1)) == 0, Status::kGraphMultiCoreUnsupported,
             "graph set-config: core mask 0x%x selects more than one core; only one core "
             "per graph is supported",
             a.core_mask);
  return Status::kOk;
}

// Variable tensors start at real zero, as TFLite Micro's ResetVariableTensors sets them: the
// planned persistent bytes (not the rest of a larger caller buffer) are cleared, then every
// variable tensor with a non-zero zero point is filled with it (int8: one byte per element;
// int16: one little-endian int16 per element).
void reset_variables(Context& c) {
  const uint32_t bytes = c.view.plan().persistent_size;
  if (!c.graph.has_persistent || bytes == 0) return;
  __builtin_memset(c.graph.persistent, 0, bytes);
  for (uint32_t id = 0; id < c.view.tensor_count(); ++id) {
    const format::TensorRecord& t = c.view.tensor(id);
    if (t.mem_class != static_cast<uint8_t>(format::MemClass::kPersistent) ||
        (t.flags & format::kTensorIsVariable) == 0 || t.zero_point == 0) {
      continue;
    }
    uint8_t* p = c.graph.persistent + t.offset;
    if (t.data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
      const uint16_t zp = static_cast<uint16_t>(static_cast<int16_t>(t.zero_point));
      for (uint32_t i = 0; i + 1 < t.size; i += 2) {  // byte-wise: offsets may be odd
        p[i] = static_cast<uint8_t>(zp & 0xFFu);
        p[i + 1] = static_cast<uint8_t>(zp >> 8);
      }
    } else if (t.data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
      __builtin_memset(p, static_cast<uint8_t>(static_cast<int8_t>(t.zero_point)), t.size);
    }
  }
}

}  // namespace

Status graph_state(Handle graph, GraphState* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph state", &c));
  if (out == nullptr) return Status::kGraphInvalidArgument;
  *out = c->graph.state;
  return Status::kOk;
}

Status graph_scratch_size(Handle graph, uint32_t* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph property", &c));
  LPAI_CHECK(out != nullptr, Status::kGraphInvalidArgument,
             "graph property: scratch size output pointer is null");
  return rounded_size(c->view.plan().scratch_size, out);
}

Status graph_persistent_size(Handle graph, uint32_t* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph property", &c));
  LPAI_CHECK(out != nullptr, Status::kGraphInvalidArgument,
             "graph property: persistent size output pointer is null");
  return rounded_size(c->view.plan().persistent_size, out);
}

Status graph_buffer_alignment(Handle graph, uint32_t* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph property", &c));
  if (out == nullptr) return Status::kGraphInvalidArgument;
  *out = detail::start_alignment(c->view);
  return Status::kOk;
}

Status graph_set_config(Handle graph, const GraphConfig* configs, uint32_t count) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph set-config", &c));
  LPAI_CHECK(configs != nullptr || count == 0, Status::kGraphInvalidArgument,
             "graph set-config: config list is null");
  for (uint32_t i = 0; i < count; ++i) {
    const GraphConfig& cfg = configs[i];
    switch (cfg.kind) {
      case GraphConfigKind::kScratch:
      case GraphConfigKind::kPersistent:
        LPAI_RETURN_IF_ERROR(check_mem(*c, cfg));
        break;
      case GraphConfigKind::kPerf:
        LPAI_RETURN_IF_ERROR(check_perf(cfg.perf));
        break;
      case GraphConfigKind::kCoreAffinity:
        LPAI_RETURN_IF_ERROR(check_affinity(cfg.affinity));
        break;
      case GraphConfigKind::kProfileBuffer:
        LPAI_RETURN_IF_ERROR(check_profile_buffer(*c, cfg.mem));
        break;
      default:
        LPAI_FAIL(Status::kGraphUnsupportedConfig, "graph set-config: unknown config kind %u",
                  static_cast<uint32_t>(cfg.kind));
    }
  }
  Graph& g = c->graph;
  for (uint32_t i = 0; i < count; ++i) {
    const GraphConfig& cfg = configs[i];
    switch (cfg.kind) {
      case GraphConfigKind::kScratch:
        g.scratch = static_cast<uint8_t*>(cfg.mem.addr);
        g.scratch_size = cfg.mem.size;
        g.has_scratch = true;
        break;
      case GraphConfigKind::kPersistent:
        g.persistent = static_cast<uint8_t*>(cfg.mem.addr);
        g.persistent_size = cfg.mem.size;
        g.has_persistent = true;
        break;
      case GraphConfigKind::kPerf:
        g.perf_fps = static_cast<uint16_t>(cfg.perf.fps);  // ranges: check_perf
        g.perf_ftrt_ratio = static_cast<uint16_t>(cfg.perf.ftrt_ratio);
        g.perf_client_type = static_cast<uint8_t>(cfg.perf.client_type);
        g.has_perf = true;
        break;
      case GraphConfigKind::kCoreAffinity:
        g.affinity_type = static_cast<uint8_t>(cfg.affinity.type);  // ranges: check_affinity
        g.affinity_core_mask = static_cast<uint8_t>(cfg.affinity.core_mask);
        g.has_affinity = true;
        break;
      case GraphConfigKind::kProfileBuffer:
        g.profile = static_cast<uint64_t*>(cfg.mem.addr);
        __builtin_memset(g.profile, 0, profile_bytes(*c));
        break;
    }
  }
  return Status::kOk;
}

Status graph_perf_config(Handle graph, PerfConfig* perf, CoreAffinity* affinity) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph perf config", &c));
  if (perf == nullptr || affinity == nullptr) return Status::kGraphInvalidArgument;
  const Graph& g = c->graph;
  *perf = PerfConfig{g.perf_fps, g.perf_ftrt_ratio, g.perf_client_type};
  *affinity = CoreAffinity{g.affinity_type, g.affinity_core_mask};
  return Status::kOk;
}

Status graph_finalize(Handle graph) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph finalize", &c));
  Graph& g = c->graph;
  LPAI_CHECK(g.state != GraphState::kFinalized, Status::kGraphAlreadyFinalized,
             "graph finalize: graph \"%s\" is already finalized", c->view.graph_name());
  const format::MemoryPlan& plan = c->view.plan();
  LPAI_CHECK(plan.scratch_size == 0 || g.has_scratch, Status::kGraphScratchMissing,
             "graph finalize: graph \"%s\" needs %u bytes of scratch memory; none was set",
             c->view.graph_name(), plan.scratch_size);
  LPAI_CHECK(plan.persistent_size == 0 || g.has_persistent, Status::kGraphPersistentMissing,
             "graph finalize: graph \"%s\" needs %u bytes of persistent memory; none was set",
             c->view.graph_name(), plan.persistent_size);
  // With the raw IO hint the IO homes are planned in scratch, except with mem type TCM:
  // then every IO buffer comes from the TCM pool, allocated here (all or nothing).
  if (c->config.mem_type == MemType::kTcm && !c->view.io_memhandle_hint()) {
    const size_t align = detail::io_buffer_alignment(c->view);
    for (uint32_t s = 0; s < c->num_io; ++s) {
      const uint32_t bytes = c->view.tensor(c->view.io_tensor(s)).size;
      Result<uint8_t*> r = mem_pool::allocate(MemType::kTcm, bytes, align);
      if (!r.ok()) {
        const PoolStats st = tcm_pool().stats();  // before the undo, for the message
        detail::free_io_homes(*c);
        // The 33rd TCM allocation is a system fatal error: its own status, not "exhausted".
        LPAI_FAIL(r.status() == Status::kPoolFatalSlotLimit ? r.status()
                                                            : Status::kContextTcmExhausted,
                  "graph finalize: TCM cannot hold IO buffer %u: required %u bytes, available "
                  "%zu bytes (largest free block %zu)",
                  s, bytes, st.capacity - st.bytes_in_use, st.largest_free_block);
      }
      g.io_home[s] = r.value();
    }
    g.counters.io_allocations += c->num_io;
  }
  reset_variables(*c);
  g.once_done = 0;  // every CALL_ONCE block runs at the first execute
  g.state = GraphState::kFinalized;
  return Status::kOk;
}

Status graph_counters(Handle graph, GraphCounters* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph counters", &c));
  if (out == nullptr) return Status::kGraphInvalidArgument;
  *out = c->graph.counters;
  return Status::kOk;
}

Status graph_profile_buffer_size(Handle graph, uint32_t* out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph property", &c));
  LPAI_CHECK(out != nullptr, Status::kGraphInvalidArgument,
             "graph property: profile buffer size output pointer is null");
  *out = profile_bytes(*c);
  return Status::kOk;
}

Status graph_set_profiling(Handle graph, bool enable) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph profiling", &c));
  LPAI_CHECK(!enable || c->graph.profile != nullptr, Status::kGraphProfileBufferMissing,
             "graph profiling: graph \"%s\" has no profile buffer (set one of %u bytes "
             "first)",
             c->view.graph_name(), profile_bytes(*c));
  c->graph.profiling = enable;
  return Status::kOk;
}

Status graph_node_cycles(Handle graph, uint64_t* out, uint32_t capacity, uint32_t* num_nodes) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph node cycles", &c));
  LPAI_CHECK(num_nodes != nullptr && (out != nullptr || capacity == 0),
             Status::kGraphInvalidArgument, "graph node cycles: output pointer is null");
  const uint32_t nodes = c->view.node_count();
  for (uint32_t i = 0; i < capacity && i < nodes; ++i) {
    out[i] = c->graph.profile != nullptr ? c->graph.profile[i] : 0;
  }
  *num_nodes = nodes;
  return Status::kOk;
}

Status graph_reset_persistent(Handle graph) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph reset persistent", &c));
  Graph& g = c->graph;
  LPAI_CHECK(g.state == GraphState::kFinalized, Status::kGraphNotFinalized,
             "graph reset persistent: graph \"%s\" is not finalized", c->view.graph_name());
  reset_variables(*c);
  return Status::kOk;
}

Status graph_release_io(Handle graph) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph release IO", &c));
  for (uint32_t s = 0; s < kMaxGraphIo; ++s) {
    c->graph.io_handle[s] = kNullHandle;
    c->graph.io_bound[s] = nullptr;
  }
  return Status::kOk;
}

Status graph_view(Handle graph, const format::BinaryView** out) {
  Context* c = nullptr;
  LPAI_RETURN_IF_ERROR(live_graph(graph, "graph view", &c));
  if (out == nullptr) return Status::kGraphInvalidArgument;
  *out = &c->view;
  return Status::kOk;
}

}  // namespace rt
}  // namespace lpai
