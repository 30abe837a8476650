// Op lookup and the load-time node validation pass.
#include "kernels/registry.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/control_flow.h"

namespace lpai {
namespace kernels {
// A compile-time switch over the operator table: no mutable state, a jump table in practice.
// A selective image (CMake LPAI_OP_LIST) compiles only the cases of its op list: the header
// generated from the list defines LPAI_OP_SELECTED_<NAME>(x) as x for a listed op and as
// nothing otherwise, so the linker never pulls the other kernels in.
#if defined(LPAI_SELECTIVE_OPS)
#include "lpai_op_selection.h"
#define LPAI_KERNEL_CASE(Enum, NAME, code, options, snake) \
  LPAI_OP_SELECTED_##NAME(case code : return &ops::snake::kKernel;)
#else
#define LPAI_KERNEL_CASE(Enum, NAME, code, options, snake) \
  case code:                                               \
    return &ops::snake::kKernel;
#endif
const OpKernel* find_kernel(uint16_t op) {
  switch (op) {
    LPAI_KERNEL_OPS(LPAI_KERNEL_CASE)
#undef LPAI_KERNEL_CASE
    default:
      return nullptr;
  }
}

void describe_node(const format::BinaryView& view, const format::NodeRecord& n,
                   TensorRef* inputs, TensorRef* outputs, KernelArgs* args) {
  const uint32_t* in_ids = view.indices(n.inputs_index);
  for (uint32_t i = 0; i < n.num_inputs; ++i) {
    inputs[i].desc = in_ids[i] == format::kNone ? nullptr : &view.tensor(in_ids[i]);
    // Constants are part of the binary: resolved (read only), the rest null.
    const bool is_const = inputs[i].desc != nullptr &&
                          inputs[i].desc->mem_class == static_cast<uint8_t>(format::MemClass::kConst);
    inputs[i].data = is_const ? const_cast<uint8_t*>(view.consts() + inputs[i].desc->offset) : nullptr;
  }
  const uint32_t* out_ids = view.indices(n.outputs_index);
  for (uint32_t i = 0; i < n.num_outputs; ++i) {
    outputs[i].data = nullptr;
    outputs[i].desc = &view.tensor(out_ids[i]);
  }
  args->params = view.params(n);
  args->params_size = n.params_size;
  args->inputs = inputs;
  args->num_inputs = n.num_inputs;
  args->outputs = outputs;
  args->num_outputs = n.num_outputs;
  args->temp = nullptr;
  args->temp_size = n.temp_tensor == format::kNone ? 0 : view.tensor(n.temp_tensor).size;
}

Status validate_nodes(const format::BinaryView& view) {
  for (uint32_t i = 0; i < view.node_count(); ++i) {
    const format::NodeRecord& n = view.node(i);
    const OpKernel* k = find_kernel(n.op);
    if (k == nullptr) {
      const char* name = format::op_name(n.op);
      LPAI_CHECK(name == nullptr, Status::kBinaryUnknownOp,
                 "context binary: node %u needs operator %s, which this firmware image "
                 "does not include (built with a selective op list)",
                 i, name);
      LPAI_FAIL(Status::kBinaryUnknownOp, "context binary: node %u has unknown op %u", i, n.op);
    }
    if (n.num_inputs > kMaxNodeInputs || n.num_outputs > kMaxNodeOutputs) {
      LPAI_FAIL(Status::kBinaryBadIndex,
                "context binary: node %u (%s) has %u inputs / %u outputs, limits %u / %u", i,
                k->name, n.num_inputs, n.num_outputs, kMaxNodeInputs, kMaxNodeOutputs);
    }
    TensorRef inputs[kMaxNodeInputs];
    TensorRef outputs[kMaxNodeOutputs];
    KernelArgs args;
    describe_node(view, n, inputs, outputs, &args);
    Status s = k->validate(args);
    if (s != Status::kOk) {
      LPAI_FAIL(s, "context binary: node %u (%s) rejected: %s", i, k->name, status_name(s));
    }
  }
  // The control-flow nodes' blocks and targets (kernels/control_flow.h).
  return validate_control_flow(view);
}

}  // namespace kernels
}  // namespace lpai
