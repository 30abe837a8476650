// Node loop and graph execute: state checks, IO binding (graph/io_binding.h), the node loop,
// counters.
#include "graph/executor.h"

#include "core/check.h"
#include "core/log.h"
#include "graph/io_binding.h"
#include "kernels/control_flow.h"
#include "graph/state.h"
#include "lpai/hal.h"

namespace lpai {
namespace exec {
namespace {

// Graph IO tensors resolve through their slot's binding; a kIo tensor's offset is its byte
// offset within the slot's buffer (0 for the IO tensor, rows for a row view of it: the loader
// bounds it by the IO tensor's size). Raw-hint IO tensors are scratch-class: their offset is
// their home in scratch, not an offset within the binding.
inline uint8_t* address(const format::TensorRecord& t, const Frame& f) {
  if (t.io_slot == format::kNone) return f.base[t.mem_class] + t.offset;
  return f.io[t.io_slot] +
         (t.mem_class == static_cast<uint8_t>(format::MemClass::kIo) ? t.offset : 0u);
}

#if defined(LPAI_HOST_KERNEL_HOOK)
KernelHook g_kernel_hook = nullptr;
#endif

}  // namespace

#if defined(LPAI_HOST_KERNEL_HOOK)
void set_kernel_hook(KernelHook hook) { g_kernel_hook = hook; }
#endif

namespace {

// Node i (n) with its input and output references in arrays of kIn and kOut entries
// (n.num_inputs <= kIn, n.num_outputs <= kOut). Not inlined: the arrays occupy the stack only
// while the node runs, and a node with few tensors runs with small arrays.
template <uint32_t kIn, uint32_t kOut>
__attribute__((noinline)) void run_node(const format::BinaryView& view, const Frame& f,
                                        const format::NodeRecord& n, uint32_t i) {
  // Profiling: the node's entry starts at minus the cycle count and gets the count after eval
  // added (modulo 2^64: the elapsed cycles), so no 64-bit local lives across the eval.
  if (f.node_cycles != nullptr) f.node_cycles[i] -= lpai_hal_cycles();
  kernels::TensorRef in[kIn];
  kernels::TensorRef out[kOut];
  kernels::KernelArgs args;
  args.inputs = in;
  args.outputs = out;
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
  if (f.node_cycles != nullptr) f.node_cycles[i] += lpai_hal_cycles();
}

// Tiers of the node's tensor arrays: up to 3 inputs and 1 output (CONV_2D, DEPTHWISE_CONV_2D,
// FULLY_CONNECTED, element-wise and unary ops), up to 4 and 4, many inputs and 1 output
// (UNIDIRECTIONAL_SEQUENCE_LSTM, CONCATENATION), then the largest node.
constexpr uint32_t kCommonNodeInputs = 3;
constexpr uint32_t kCommonNodeOutputs = 1;
constexpr uint32_t kSmallNodeTensors = 4;

}  // namespace

void run(const format::BinaryView& view, const Frame& f) {
  constexpr uint16_t kCallOnce = static_cast<uint16_t>(format::BuiltinOp::kCallOnce);
  constexpr uint16_t kIf = static_cast<uint16_t>(format::BuiltinOp::kIf);
  constexpr uint16_t kWhile = static_cast<uint16_t>(format::BuiltinOp::kWhile);
  constexpr uint16_t kJump = static_cast<uint16_t>(format::BuiltinOp::kJump);
  const uint32_t nodes = view.node_count();
  if (f.node_cycles != nullptr) {
    for (uint32_t k = 0; k < nodes; ++k) f.node_cycles[k] = 0;
  }
  uint32_t i = 0;
  while (i < nodes) {
    const format::NodeRecord& n = view.node(i);
    // Control flow (kernels/control_flow.h): the loader checked every skip and target.
    if (n.op == kCallOnce || n.op == kIf || n.op == kWhile || n.op == kJump) {
      uint32_t next = i + 1;
      if (n.op == kCallOnce) {
        const kernels::CallOnceParams* p =
            reinterpret_cast<const kernels::CallOnceParams*>(view.params(n));
        const uint32_t bit = 1u << p->once_slot;
        if ((*f.once_done & bit) != 0) {
          next += p->block_nodes;  // done before: skip the init block
        } else {
          *f.once_done |= bit;  // the block runs now, inline (recursion was refused offline)
        }
      } else if (n.op == kJump) {
        next = static_cast<uint32_t>(static_cast<int64_t>(next) +
                                     reinterpret_cast<const kernels::JumpParams*>(view.params(n))->offset);
      } else {
        const format::TensorRecord& c = view.tensor(view.indices(n.inputs_index)[0]);
        if (*address(c, f) == 0) {
          next += reinterpret_cast<const kernels::BranchParams*>(view.params(n))->skip_nodes;
        }
      }
      i = next;
      continue;
    }
    if (n.num_inputs <= kCommonNodeInputs && n.num_outputs <= kCommonNodeOutputs) {
      run_node<kCommonNodeInputs, kCommonNodeOutputs>(view, f, n, i);
    } else if (n.num_inputs <= kSmallNodeTensors && n.num_outputs <= kSmallNodeTensors) {
      run_node<kSmallNodeTensors, kSmallNodeTensors>(view, f, n, i);
    } else if (n.num_outputs <= kCommonNodeOutputs) {
      run_node<kernels::kMaxNodeInputs, kCommonNodeOutputs>(view, f, n, i);
    } else {
      run_node<kernels::kMaxNodeInputs, kernels::kMaxNodeOutputs>(view, f, n, i);
    }
    ++i;
  }
}

}  // namespace exec

namespace rt {

using detail::Context;
using detail::Graph;

Status graph_execute(Handle graph, const IoTensor* inputs, uint32_t n_in, IoTensor* outputs,
                     uint32_t n_out) {
  Context* c = detail::find_graph(graph);
  LPAI_CHECK(c != nullptr, Status::kGraphInvalidHandle, "graph execute: invalid graph handle 0x%zx",
             static_cast<size_t>(graph));
  Graph& g = c->graph;
  const format::BinaryView& v = c->view;
  LPAI_CHECK(g.state == GraphState::kFinalized, Status::kGraphNotFinalized,
             "graph execute: graph \"%s\" is not finalized", v.graph_name());
  LPAI_CHECK(n_in == v.num_inputs() && n_out == v.num_outputs(), Status::kTensorCountMismatch,
             "graph execute: %u inputs / %u outputs given, graph \"%s\" has %u / %u", n_in, n_out,
             v.graph_name(), v.num_inputs(), v.num_outputs());
  LPAI_CHECK((n_in == 0 || inputs != nullptr) && (n_out == 0 || outputs != nullptr),
             Status::kTensorInvalidArgument, "graph execute: %s tensor array is null",
             inputs == nullptr ? "input" : "output");
  const uint64_t t_start = lpai_hal_cycles();

  uint8_t by_slot[kMaxGraphIo];  // caller tensor index per IO slot (io_binding.h)
  LPAI_RETURN_IF_ERROR(detail::bind_io(*c, inputs, n_in, outputs, n_out, by_slot));

  exec::Frame f;
  f.base[static_cast<uint8_t>(format::MemClass::kConst)] = const_cast<uint8_t*>(v.consts());
  f.base[static_cast<uint8_t>(format::MemClass::kScratch)] = g.scratch;
  f.base[static_cast<uint8_t>(format::MemClass::kPersistent)] = g.persistent;
  f.base[static_cast<uint8_t>(format::MemClass::kIo)] = nullptr;
  f.io = g.io_bound;
  f.node_cycles = g.profiling ? g.profile : nullptr;
  f.once_done = &g.once_done;
  exec::run(v, f);

  detail::unbind_outputs(*c, by_slot, outputs);
  ++g.counters.executions;
  g.counters.last_execute_cycles = lpai_hal_cycles() - t_start;
  return Status::kOk;
}

}  // namespace rt
}  // namespace lpai
