// CALL_ONCE as TFLite Micro's call_once.cc: the first time the node is reached, the init
// subgraph runs; every later time the node does nothing. The init subgraph's nodes follow the
// CALL_ONCE node in the binary's node list (its "block"); the executor (graph/executor.cc)
// runs the block the first time after finalize and skips it afterwards. Blocks nest: a block
// may hold CALL_ONCE nodes whose blocks end within it. The run-once flags live in the graph's
// runtime state, cleared at finalize and not by resetPersistent (TFLite Micro's Reset does not
// re-arm CALL_ONCE either).
//
// Parameter blob: CallOnceParams. No inputs, no outputs.
#ifndef LPAI_KERNELS_CALL_ONCE_H
#define LPAI_KERNELS_CALL_ONCE_H

#include <stdint.h>

#include "format/binary_view.h"
#include "core/status.h"

namespace lpai {
namespace kernels {

// Run-once flags per graph (one bit each in the graph's state).
constexpr uint32_t kMaxCallOnceNodes = 8;

struct CallOnceParams {
  uint32_t block_nodes;  // nodes right after this one that form the init block (may be 0)
  uint32_t once_slot;    // the node's run-once flag, < kMaxCallOnceNodes, unique in the graph
};

// The structural checks the node's own validator cannot make (it does not see the node list):
// every CALL_ONCE block lies inside the node list and inside every block enclosing it, and
// no two CALL_ONCE nodes share a flag. Logs one line and returns kBinaryBadParams otherwise.
// Run by validate_nodes after every node's validator passed.
Status validate_call_once_blocks(const format::BinaryView& view);

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_CALL_ONCE_H
