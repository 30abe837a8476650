// CALL_ONCE: see call_once.h. The executor runs the block; eval itself does nothing.
#include "kernels/call_once.h"

#include "core/log.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi).
constexpr unsigned fmt_u(uint32_t v) { return v; }

Status validate(const KernelArgs& a) {
  if (a.num_inputs != 0 || a.num_outputs != 0) {
    LPAI_LOG_ERROR("CALL_ONCE: takes no inputs and no outputs, got %u / %u", fmt_u(a.num_inputs),
                   fmt_u(a.num_outputs));
    return Status::kBinaryBadParams;
  }
  if (a.params_size != sizeof(CallOnceParams)) {
    LPAI_LOG_ERROR("CALL_ONCE: parameter blob is %u bytes, expected %u", fmt_u(a.params_size),
                   fmt_u(sizeof(CallOnceParams)));
    return Status::kBinaryBadParams;
  }
  const CallOnceParams& p = *reinterpret_cast<const CallOnceParams*>(a.params);
  if (p.once_slot >= kMaxCallOnceNodes) {
    LPAI_LOG_ERROR("CALL_ONCE: run-once flag %u is out of range (at most %u CALL_ONCE nodes)",
                   fmt_u(p.once_slot), fmt_u(kMaxCallOnceNodes));
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

void eval(const KernelArgs&) {}

const CallOnceParams& params_of(const format::BinaryView& view, const format::NodeRecord& n) {
  return *reinterpret_cast<const CallOnceParams*>(view.params(n));
}

}  // namespace

Status validate_call_once_blocks(const format::BinaryView& view) {
  const uint32_t nodes = view.node_count();
  uint32_t slots_used = 0;
  for (uint32_t i = 0; i < nodes; ++i) {
    const format::NodeRecord& n = view.node(i);
    if (n.op != static_cast<uint16_t>(format::BuiltinOp::kCallOnce)) continue;
    const CallOnceParams& p = params_of(view, n);
    const uint32_t bit = 1u << p.once_slot;  // once_slot < kMaxCallOnceNodes (validated)
    if ((slots_used & bit) != 0) {
      LPAI_LOG_ERROR("context binary: node %u (CALL_ONCE) reuses run-once flag %u", fmt_u(i),
                     fmt_u(p.once_slot));
      return Status::kBinaryBadParams;
    }
    slots_used |= bit;
    const uint32_t end = i + 1 + p.block_nodes;  // one past the block
    if (p.block_nodes > nodes - i - 1) {
      LPAI_LOG_ERROR("context binary: node %u (CALL_ONCE) block of %u nodes runs past the last "
                     "node (%u nodes)",
                     fmt_u(i), fmt_u(p.block_nodes), fmt_u(nodes));
      return Status::kBinaryBadParams;
    }
    for (uint32_t j = i + 1; j < end; ++j) {
      const format::NodeRecord& inner = view.node(j);
      if (inner.op != static_cast<uint16_t>(format::BuiltinOp::kCallOnce)) continue;
      const uint32_t inner_blocks = params_of(view, inner).block_nodes;
      if (inner_blocks > end - j - 1) {
        LPAI_LOG_ERROR("context binary: node %u (CALL_ONCE) block ends past the block of node "
                       "%u that holds it",
                       fmt_u(j), fmt_u(i));
        return Status::kBinaryBadParams;
      }
    }
  }
  return Status::kOk;
}

const OpKernel kCallOnceKernel = {format::BuiltinOp::kCallOnce, "CALL_ONCE", validate, eval};

}  // namespace kernels
}  // namespace lpai
