// The offline prepare pipeline (host only):
//   import (importer.h) -> per-op prepare (ops/<op>.cc via find_prepare) -> plan (planner.h)
//   -> writer::GraphDesc -> serialize_context_binary -> format::validate_binary.
//
// Binary layout decisions made here:
//  - tensor ids in the binary: the used graph tensors in model index order, then one kernel
//    temp tensor per op that asked for one (int8, dims {temp_bytes}, scratch, named
//    "<OP>_<node>_temp");
//  - graph name: the model's subgraph name, or "graph" when it has none; tensor names: the
//    model's (an empty name becomes "tensor_<index>");
//  - nodes: one per PrepOp, op = TFLite builtin code (or kCopy / kJump), params = the prepare
//    blob; after constant folding the label ops are removed and branch targets resolved
//    (PrepOp::jump, op_prepare.h).
#ifndef LPAI_HOST_PREPARE_PREPARE_H
#define LPAI_HOST_PREPARE_PREPARE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "format/context_binary_format.h"
#include "prepare/concat_views.h"
#include "prepare/fold_pad.h"
#include "prepare/graph.h"
#include "prepare/in_place.h"
#include "prepare/planner.h"
#include "prepare/tiling.h"

namespace lpai {
namespace prepare {

struct PrepareOutput {
  std::vector<uint8_t> binary;          // the context binary (validated by format::validate_binary)
  PrepGraph graph;                      // the imported graph the binary was built from
  std::vector<uint32_t> temp_bytes;     // per op: kernel temp bytes of the form planned
  std::vector<size_t> temp_form;        // per op: 0 = its preferred form, k = its k-th leaner
                                        // form (PrepResult::leaner), chosen by the planner
  MemoryPlan plan;
  std::vector<InPlaceOp> in_place;      // ops planned in place (in_place.h), in step order
  std::vector<FoldedPad> folded_pads;   // PADs folded into a convolution (fold_pad.h)
  std::vector<ConcatInViews> concats;   // CONCATENATIONs written by their producers (concat_views.h)
  std::vector<uint32_t> binary_id;      // per graph tensor: id in the binary, or format::kNone
  std::vector<uint32_t> temp_binary_id; // per op: id of its temp tensor, or format::kNone
  uint64_t const_bytes = 0;             // bytes of the binary's consts section
  int folded_ops = 0;                   // operators computed at prepare (fold_constants)
  // Tiled execution (tiling.h), when the budget needed it: per stage in op order; the untiled
  // plan's scratch; MACs of the untiled and of the tiled op lists (0 when untiled).
  std::vector<TileStageReport> tiling;
  uint64_t untiled_scratch = 0;
  uint64_t macs_untiled = 0, macs = 0;
  PlanOptions options;
};

// Runs the per-op prepare functions, plans `graph` and serializes it. On success fills *out
// (taking ownership of the graph); otherwise fails with one line naming the node/op or tensor,
// and *out is unchanged.
host::HostStatus prepare_graph(PrepGraph&& graph, const PlanOptions& options, PrepareOutput* out);

// Constant folding: SHAPE (always: shapes are static) and every single-output op whose inputs
// are all constant (output at most 64 KiB: shape arithmetic such as SHAPE -> STRIDED_SLICE ->
// PACK, FILL, ZEROS_LIKE, ...) are computed here, with the op's own prepare function and
// firmware kernel, and their output becomes a constant; the op leaves the graph. An op whose
// output is a graph output or aliased stays, as does one its prepare or kernel refuses.
// Returns the number of ops folded (prepare_graph() runs it first).
int fold_constants(PrepGraph* graph);

// import_tflite() + prepare_graph().
host::HostStatus prepare_tflite(const uint8_t* data, size_t size, const PlanOptions& options,
                                PrepareOutput* out);

const char* mem_class_name(format::MemClass c);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_PREPARE_H
