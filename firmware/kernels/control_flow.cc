// Node-list checks of the control-flow nodes: see control_flow.h.
#include "kernels/control_flow.h"

#include "core/check.h"
#include "core/log.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi).
constexpr int fmt_i(int32_t v) { return v; }

template <typename T>
const T& params_of(const format::BinaryView& view, const format::NodeRecord& n) {
  return *reinterpret_cast<const T*>(view.params(n));
}

constexpr uint16_t code(format::BuiltinOp op) { return static_cast<uint16_t>(op); }

Status check_call_once(const format::BinaryView& view, uint32_t i, uint32_t* slots_used) {
  const uint32_t nodes = view.node_count();
  const CallOnceParams& p = params_of<CallOnceParams>(view, view.node(i));
  const uint32_t bit = 1u << p.once_slot;  // once_slot < kMaxCallOnceNodes (validated)
  if ((*slots_used & bit) != 0) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "context binary: node %u (CALL_ONCE) reuses run-once flag %u", fmt_u(i),
              fmt_u(p.once_slot));
  }
  *slots_used |= bit;
  if (p.block_nodes > nodes - i - 1) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "context binary: node %u (CALL_ONCE) block of %u nodes runs past the last "
              "node (%u nodes)", fmt_u(i), fmt_u(p.block_nodes), fmt_u(nodes));
  }
  const uint32_t end = i + 1 + p.block_nodes;  // one past the block
  for (uint32_t j = i + 1; j < end; ++j) {
    const format::NodeRecord& inner = view.node(j);
    if (inner.op != code(format::BuiltinOp::kCallOnce)) continue;
    if (params_of<CallOnceParams>(view, inner).block_nodes > end - j - 1) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "context binary: node %u (CALL_ONCE) block ends past the block of node %u "
                "that holds it", fmt_u(j), fmt_u(i));
    }
  }
  return Status::kOk;
}

}  // namespace

Status validate_control_flow(const format::BinaryView& view) {
  const uint32_t nodes = view.node_count();
  uint32_t slots_used = 0;
  for (uint32_t i = 0; i < nodes; ++i) {
    const format::NodeRecord& n = view.node(i);
    if (n.op == code(format::BuiltinOp::kCallOnce)) {
      LPAI_RETURN_IF_ERROR(check_call_once(view, i, &slots_used));
    } else if (n.op == code(format::BuiltinOp::kIf) || n.op == code(format::BuiltinOp::kWhile)) {
      const uint32_t skip = params_of<BranchParams>(view, n).skip_nodes;
      if (skip > nodes - i - 1) {
        LPAI_FAIL(Status::kBinaryBadParams,
                  "context binary: node %u (%s) skips %u nodes, past the last node (%u nodes)",
                  fmt_u(i), n.op == code(format::BuiltinOp::kIf) ? "IF" : "WHILE", fmt_u(skip),
                  fmt_u(nodes));
      }
    } else if (n.op == code(format::BuiltinOp::kJump)) {
      const int32_t offset = params_of<JumpParams>(view, n).offset;
      const int64_t target = static_cast<int64_t>(i) + 1 + offset;
      if (target < 0 || target > static_cast<int64_t>(nodes)) {
        LPAI_FAIL(Status::kBinaryBadParams,
                  "context binary: node %u (JUMP) offset %d leaves the node list (%u nodes)",
                  fmt_u(i), fmt_i(offset), fmt_u(nodes));
      }
    }
  }
  return Status::kOk;
}

}  // namespace kernels
}  // namespace lpai
