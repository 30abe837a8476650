// Node loop and graph execute: IO binding (RAW copies / MEMHANDLE zero-copy), firmware IO
// buffers for the memhandle hint, counters. IO rules: docs/memory-model.md.
#include "graph/executor.h"

#include "core/checked_math.h"
#include "core/log.h"
#include "graph/state.h"
#include "lpai/hal.h"

namespace lpai {
namespace exec {
namespace {

inline uint8_t* address(const format::TensorRecord& t, const Frame& f) {
  return t.io_slot != format::kNone ? f.io[t.io_slot] : f.base[t.mem_class] + t.offset;
}

#if defined(LPAI_HOST_KERNEL_HOOK)
KernelHook g_kernel_hook = nullptr;
#endif

}  // namespace

#if defined(LPAI_HOST_KERNEL_HOOK)
void set_kernel_hook(KernelHook hook) { g_kernel_hook = hook; }
#endif

void run(const format::BinaryView& view, const Frame& f) {
  const uint32_t nodes = view.node_count();
  kernels::TensorRef in[kernels::kMaxNodeInputs];
  kernels::TensorRef out[kernels::kMaxNodeOutputs];
  kernels::KernelArgs args;
  args.inputs = in;
  args.outputs = out;
  for (uint32_t i = 0; i < nodes; ++i) {
    const uint64_t t0 = f.node_cycles != nullptr ? lpai_hal_cycles() : 0;
    const format::NodeRecord& n = view.node(i);
    const uint32_t* in_ids = view.indices(n.inputs_index);
    for (uint32_t k = 0; k < n.num_inputs; ++k) {
      const uint32_t id = in_ids[k];
      if (id == format::kNone) {
        in[k].data = nullptr;
        in[k].desc = nullptr;
      } else {
        const format::TensorRecord& t = view.tensor(id);
        in[k].data = address(t, f);
        in[k].desc = &t;
      }
    }
    const uint32_t* out_ids = view.indices(n.outputs_index);
    for (uint32_t k = 0; k < n.num_outputs; ++k) {
      const format::TensorRecord& t = view.tensor(out_ids[k]);
      out[k].data = address(t, f);
      out[k].desc = &t;
    }
    args.params = view.params(n);
    args.params_size = n.params_size;
    args.num_inputs = n.num_inputs;
    args.num_outputs = n.num_outputs;
    if (n.temp_tensor == format::kNone) {
      args.temp = nullptr;
      args.temp_size = 0;
    } else {
      const format::TensorRecord& t = view.tensor(n.temp_tensor);
      args.temp = address(t, f);
      args.temp_size = t.size;
    }
#if defined(LPAI_HOST_KERNEL_HOOK)
    if (g_kernel_hook == nullptr || !g_kernel_hook(n.op, args))
#endif
      kernels::find_kernel(n.op)->eval(args);
    if (f.node_cycles != nullptr) f.node_cycles[i] = lpai_hal_cycles() - t0;
  }
}

}  // namespace exec

namespace rt {

using detail::Context;
using detail::Graph;

namespace {

uint32_t slot_tensor(const Context& c, uint32_t slot) {
  return slot < c.view.num_inputs() ? c.view.input_tensor(slot)
                                    : c.view.output_tensor(slot - c.view.num_inputs());
}

// Maps the caller's tensors of one direction onto IO slots [first, first + count).
Status map_slots(const Context& c, const IoTensor* tensors, uint32_t count, uint32_t first,
                 const char* dir, const IoTensor** by_slot) {
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t id = tensors[k].id;
    uint32_t slot = format::kNone;
    for (uint32_t s = first; s < first + count; ++s) {
      if (slot_tensor(c, s) == id) {
        slot = s;
        break;
      }
    }
    if (slot == format::kNone) {
      for (uint32_t s = 0; s < c.num_io; ++s) {
        if (slot_tensor(c, s) == id) {
          LPAI_LOG_ERROR("graph execute: %s %u is tensor %u, a graph %s", dir, k, id,
                         s < c.view.num_inputs() ? "input" : "output");
          return Status::kTensorInvalidArgument;
        }
      }
      LPAI_LOG_ERROR("graph execute: %s %u names tensor id %u, not a graph %s", dir, k, id, dir);
      return Status::kTensorUnknownId;
    }
    if (by_slot[slot] != nullptr) {
      LPAI_LOG_ERROR("graph execute: tensor id %u given twice", id);
      return Status::kTensorInvalidArgument;
    }
    by_slot[slot] = &tensors[k];
  }
  return Status::kOk;
}

// The firmware-side home of a RAW slot: the planned scratch slot (raw hint, DDR) or the
// firmware IO buffer (TCM, or memhandle hint; nullptr until allocated).
uint8_t* raw_home(const Context& c, uint32_t slot, const format::TensorRecord& t) {
  if (!c.view.io_memhandle_hint() && c.config.mem_type != MemType::kTcm) {
    return c.graph.scratch + t.offset;
  }
  return c.graph.io_home[slot];
}

}  // namespace

Status graph_execute(Handle graph, const IoTensor* inputs, uint32_t n_in, IoTensor* outputs,
                     uint32_t n_out) {
  Context* c = detail::find_graph(graph);
  if (c == nullptr) {
    LPAI_LOG_ERROR("graph execute: invalid graph handle 0x%zx", static_cast<size_t>(graph));
    return Status::kGraphInvalidHandle;
  }
  Graph& g = c->graph;
  const format::BinaryView& v = c->view;
  if (g.state != GraphState::kFinalized) {
    LPAI_LOG_ERROR("graph execute: graph \"%s\" is not finalized", v.graph_name());
    return Status::kGraphNotFinalized;
  }
  if (n_in != v.num_inputs() || n_out != v.num_outputs()) {
    LPAI_LOG_ERROR("graph execute: %u inputs / %u outputs given, graph \"%s\" has %u / %u", n_in,
                   n_out, v.graph_name(), v.num_inputs(), v.num_outputs());
    return Status::kTensorCountMismatch;
  }
  if ((n_in != 0 && inputs == nullptr) || (n_out != 0 && outputs == nullptr)) {
    LPAI_LOG_ERROR("graph execute: %s tensor array is null", inputs == nullptr ? "input" : "output");
    return Status::kTensorInvalidArgument;
  }
  const uint64_t t_start = lpai_hal_cycles();

  // 1. Which caller tensor feeds which slot.
  const IoTensor* by_slot[kMaxGraphIo] = {};
  LPAI_RETURN_IF_ERROR(map_slots(*c, inputs, n_in, 0, "input", by_slot));
  LPAI_RETURN_IF_ERROR(map_slots(*c, outputs, n_out, n_in, "output", by_slot));

  // 2. Validate every binding before touching anything.
  // RAW buffers are copied: the backend's alignment rule. Shared buffers are used in place by
  // the kernels: the plan's alignment as well.
  const uint32_t start_align = lpai_hal_alignment().start_addr_alignment;
  const uint32_t shared_align = detail::start_alignment(c->view);
  uint8_t* bound[kMaxGraphIo];
  Handle handles[kMaxGraphIo];
  bool need_home[kMaxGraphIo];
  for (uint32_t s = 0; s < c->num_io; ++s) {
    const IoTensor& io = *by_slot[s];
    const format::TensorRecord& t = v.tensor(slot_tensor(*c, s));
    need_home[s] = false;
    handles[s] = kNullHandle;
    if (io.kind == IoKind::kRaw) {
      if (io.data == nullptr) {
        LPAI_LOG_ERROR("graph execute: tensor %u RAW buffer is null", io.id);
        return Status::kTensorBufferNull;
      }
      if (!is_aligned_ptr(io.data, start_align)) {
        LPAI_LOG_ERROR("graph execute: tensor %u RAW buffer %p is not a multiple of %u", io.id,
                       static_cast<void*>(io.data), start_align);
        return Status::kTensorBufferMisaligned;
      }
      if (io.size < t.size) {
        LPAI_LOG_ERROR("graph execute: tensor %u RAW buffer holds %u bytes, the tensor needs %u",
                       io.id, io.size, t.size);
        return Status::kTensorBufferTooSmall;
      }
      bound[s] = raw_home(*c, s, t);
      need_home[s] = bound[s] == nullptr;
    } else if (io.kind == IoKind::kMemHandle) {
      const detail::MemEntry* m = detail::find_mem(io.mem_handle);
      if (m == nullptr || m->context_index != detail::context_index(*c) ||
          m->context_generation != c->generation) {
        LPAI_LOG_ERROR("graph execute: tensor %u memory handle 0x%zx is not registered on this "
                       "context",
                       io.id, static_cast<size_t>(io.mem_handle));
        return Status::kMemInvalidHandle;
      }
      if (m->shape_bytes < t.size) {
        LPAI_LOG_ERROR("graph execute: tensor %u needs %u bytes, memory handle 0x%zx describes "
                       "%llu",
                       io.id, t.size, static_cast<size_t>(io.mem_handle),
                       static_cast<unsigned long long>(m->shape_bytes));
        return Status::kTensorBufferTooSmall;
      }
      if (!is_aligned_ptr(m->addr, shared_align)) {
        LPAI_LOG_ERROR("graph execute: tensor %u shared buffer %p is not a multiple of %u", io.id,
                       static_cast<void*>(m->addr), shared_align);
        return Status::kTensorBufferMisaligned;
      }
      bound[s] = m->addr;
      handles[s] = io.mem_handle;
    } else {
      LPAI_LOG_ERROR("graph execute: tensor %u memType %u is neither RAW nor MEMHANDLE", io.id,
                     static_cast<uint32_t>(io.kind));
      return Status::kTensorBadMemType;
    }
  }

  // 3. Memhandle hint: the first RAW use of a slot allocates its firmware IO buffer (kept
  //    until context free). All or nothing.
  uint32_t allocated = 0;
  for (uint32_t s = 0; s < c->num_io; ++s) {
    if (!need_home[s]) continue;
    const uint32_t bytes = v.tensor(slot_tensor(*c, s)).size;
    Result<uint8_t*> r =
        mem_pool::allocate(c->config.mem_type, bytes, detail::io_buffer_alignment(c->view));
    if (!r.ok()) {
      LPAI_LOG_ERROR("graph execute: no %s memory for the IO buffer of slot %u (%u bytes): %s",
                     c->config.mem_type == MemType::kTcm ? "TCM" : "DDR", s, bytes,
                     status_name(r.status()));
      for (uint32_t u = 0; u < s; ++u) {
        if (need_home[u]) {
          (void)mem_pool::free(c->config.mem_type, g.io_home[u]);
          g.io_home[u] = nullptr;
        }
      }
      if (r.status() == Status::kPoolFatalSlotLimit) return r.status();  // system fatal error
      return c->config.mem_type == MemType::kTcm ? Status::kContextTcmExhausted
                                                 : Status::kMemAlloc;
    }
    g.io_home[s] = r.value();
    bound[s] = r.value();
    ++allocated;
  }
  g.counters.io_allocations += allocated;

  // 4. Bind, copy RAW inputs in.
  uint64_t copied = 0;
  for (uint32_t s = 0; s < c->num_io; ++s) {
    g.io_bound[s] = bound[s];
    g.io_handle[s] = handles[s];
    const IoTensor& io = *by_slot[s];
    const uint32_t bytes = v.tensor(slot_tensor(*c, s)).size;
    if (s < n_in) {
      if (io.kind == IoKind::kRaw) {
        __builtin_memcpy(bound[s], io.data, bytes);
        copied += bytes;
      } else {
        lpai_hal_cache_invalidate(bound[s], bytes);
      }
    }
  }

  // 5. Run.
  exec::Frame f;
  f.base[static_cast<uint8_t>(format::MemClass::kConst)] = const_cast<uint8_t*>(v.consts());
  f.base[static_cast<uint8_t>(format::MemClass::kScratch)] = g.scratch;
  f.base[static_cast<uint8_t>(format::MemClass::kPersistent)] = g.persistent;
  f.base[static_cast<uint8_t>(format::MemClass::kIo)] = nullptr;
  f.io = g.io_bound;
  f.node_cycles = g.profiling ? g.profile : nullptr;
  exec::run(v, f);

  // 6. Copy RAW outputs out; shared outputs are cleaned for the other side.
  for (uint32_t s = n_in; s < c->num_io; ++s) {
    IoTensor& io = outputs[by_slot[s] - outputs];
    const uint32_t bytes = v.tensor(slot_tensor(*c, s)).size;
    if (io.kind == IoKind::kRaw) {
      __builtin_memcpy(io.data, bound[s], bytes);
      io.size = bytes;
      copied += bytes;
    } else {
      lpai_hal_cache_clean(bound[s], bytes);
    }
  }
  g.counters.io_bytes_copied += copied;
  ++g.counters.executions;
  g.counters.last_execute_cycles = lpai_hal_cycles() - t_start;
  return Status::kOk;
}

}  // namespace rt
}  // namespace lpai
