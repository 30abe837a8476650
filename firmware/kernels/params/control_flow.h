// Parameter blobs of the control-flow nodes CALL_ONCE, IF, WHILE and JUMP (the executor
// interprets them; the checks across the node list: kernels/control_flow.h).
#ifndef LPAI_KERNELS_PARAMS_CONTROL_FLOW_H
#define LPAI_KERNELS_PARAMS_CONTROL_FLOW_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Run-once flags per graph (one bit each in the graph's state).
constexpr uint32_t kMaxCallOnceNodes = 8;

// CALL_ONCE: no inputs, no outputs.
struct CallOnceParams {
  uint32_t block_nodes;  // nodes right after this one that form the init block (may be 0)
  uint32_t once_slot;    // the node's run-once flag, < kMaxCallOnceNodes, unique in the graph
};

// IF and WHILE: input 0 the condition (bool, 1 element), no outputs.
struct BranchParams {
  uint32_t skip_nodes;  // nodes skipped when the condition is false
};

// JUMP (project op): no inputs, no outputs.
struct JumpParams {
  int32_t offset;  // the next node is index + 1 + offset, within [0, node count]
};

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_CONTROL_FLOW_H
