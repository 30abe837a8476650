// Graph-level invariants of a context binary: who writes each tensor a node or the caller
// reads, and how constants may share bytes (graph_checks.cc lists the rules).
#ifndef LPAI_FORMAT_GRAPH_CHECKS_H
#define LPAI_FORMAT_GRAPH_CHECKS_H

#include "core/status.h"
#include "format/binary_view.h"

namespace lpai {
namespace format {

// Runs on a binary whose records all passed validate_binary's checks (the last step of
// validate_binary). kBinaryBadIo: a node writes a graph input, or a graph output is written by
// no node. kBinaryBadTensor: a tensor written twice, a node input nothing defines before it,
// or two constants overlapping with different shapes. Logs one line naming the node/tensors.
Status check_graph_dataflow(const BinaryView& view);

}  // namespace format
}  // namespace lpai

#endif  // LPAI_FORMAT_GRAPH_CHECKS_H
