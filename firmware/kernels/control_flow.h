// Control flow as TFLite Micro runs it (call_once.cc, if.cc, while.cc), flattened offline into
// one node list: prepare inlines every called subgraph (its tensors planned like the main
// graph's, the operands passed by COPY nodes) and links the pieces with branch nodes that the
// executor (graph/executor.cc) interprets before any kernel runs:
//
//   CALL_ONCE  [init block]                 the block runs the first time the node is reached
//   IF(cond)   [then block ... JUMP] [else block]   cond false: skip the then block
//   [cond block] WHILE(cond) [body block ... JUMP back to the cond block]
//                                           cond false: skip the body block (the loop ends)
//   JUMP       continue at node (index + 1 + offset); offset < 0 only to close a loop
//
// The run-once flags live in the graph's runtime state, cleared at finalize and not by
// resetPersistent (TFLite Micro's Reset does not re-arm CALL_ONCE either). IF / WHILE read one
// bool (cond != 0), as TFLite Micro reads cond->data.b[0]. A model whose WHILE never ends
// never ends here either, as in TFLite Micro.
//
// Parameter blobs below; the branch kernels' eval does nothing (the executor branches).
#ifndef LPAI_KERNELS_CONTROL_FLOW_H
#define LPAI_KERNELS_CONTROL_FLOW_H

#include <stdint.h>

#include "core/status.h"
#include "format/binary_view.h"
#include "kernels/params/control_flow.h"

namespace lpai {
namespace kernels {

// The checks a node's own validator cannot make (it does not see the node list): every
// CALL_ONCE block, IF / WHILE skip and JUMP target lies within the node list, a CALL_ONCE
// block inside every CALL_ONCE block enclosing it, and no two CALL_ONCE nodes share a flag.
// Logs one line and returns kBinaryBadParams otherwise. Run by validate_nodes after every
// node's validator passed.
Status validate_control_flow(const format::BinaryView& view);

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_CONTROL_FLOW_H
