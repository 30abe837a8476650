// CALL_ONCE, IF, WHILE: offline prepare (see kernels/control_flow.h). The importer inlines
// the called subgraphs around these ops; prepare_graph() has resolved their targets into
// PrepOp::jump (and numbered the run-once flags) before these run.
#include <cstring>

#include "kernels/params/control_flow.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_call_once(const PrepOp& op) {
  PrepResult r;
  if (!op.inputs.empty() || !op.outputs.empty()) {
    return PrepResult::reject("expects no inputs and no outputs");
  }
  if (op.once_slot >= kernels::kMaxCallOnceNodes) {
    return PrepResult::reject("more than " + std::to_string(kernels::kMaxCallOnceNodes) +
              " CALL_ONCE operators in one graph are not supported");
  }
  kernels::CallOnceParams p{};
  p.block_nodes = static_cast<uint32_t>(op.jump);
  p.once_slot = op.once_slot;
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

namespace {

PrepResult prepare_branch(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 1 || op.inputs[0] == nullptr || !op.outputs.empty()) {
    return PrepResult::reject("expects 1 input (the condition) and no outputs");
  }
  const PrepTensor& c = *op.inputs[0];
  if (c.type != format::DataType::kBool || c.element_count() != 1) {
    return PrepResult::reject("the condition must be one bool");
  }
  if (op.jump < 0) {
    return PrepResult::reject("internal: negative skip");
  }
  kernels::BranchParams p{static_cast<uint32_t>(op.jump)};
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

}  // namespace

PrepResult prepare_if_op(const PrepOp& op) { return prepare_branch(op); }
PrepResult prepare_while_op(const PrepOp& op) { return prepare_branch(op); }

}  // namespace prepare
}  // namespace lpai
