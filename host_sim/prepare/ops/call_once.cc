// CALL_ONCE: offline prepare (see kernels/call_once.h). The importer places the init
// subgraph's ops right after the CALL_ONCE op; prepare_graph() counts them (block_ops) and
// numbers the run-once flags (once_slot) before this runs.
#include <cstring>

#include "kernels/call_once.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_call_once(const PrepOp& op) {
  PrepResult r;
  if (!op.inputs.empty() || !op.outputs.empty()) {
    r.error = "expects no inputs and no outputs";
    return r;
  }
  if (op.once_slot >= kernels::kMaxCallOnceNodes) {
    r.error = "more than " + std::to_string(kernels::kMaxCallOnceNodes) +
              " CALL_ONCE operators in one graph are not supported";
    return r;
  }
  kernels::CallOnceParams p{};
  p.block_nodes = op.block_ops;
  p.once_slot = op.once_slot;
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

}  // namespace prepare
}  // namespace lpai
