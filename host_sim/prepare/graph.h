// PrepGraph: the in-memory graph the offline prepare works on (host only).
//
// Produced by the TFLite importer (importer.h), consumed by the planner (planner.h) and the
// pipeline (prepare.h). Tests may build one directly with add_tensor()/ops.
//
// Contract:
//  - tensors[i].index == i for every i (the graph tensor id; for an imported model subgraph 0's
//    tensors come first, at their model index, then the resource variables, then the tensors of
//    each inlined subgraph call; PrepTensor::model_index keeps the index within its subgraph). Tensors live in a deque: PrepOp pointers into it stay valid
//    while the graph lives (do not erase from it).
//  - ops are in execution order (branch ops aside: op_prepare.h; loops: loop_regions below);
//    step s of the plan is ops[s]. Label ops (kLabelBuiltin) exist only between import and
//    prepare_graph(). An op with
//    builtin == kCopyBuiltin is a byte copy input -> output (format::BuiltinOp::kCopy) that the
//    importer inserted, kJumpBuiltin a branch (JUMP); every other op has a TFLite builtin code
//    with a prepare function.
//  - alias_of[i] == -1: tensor i owns its storage; otherwise the id of the tensor whose bytes it
//    shares (always a root: alias_of[alias_of[i]] == -1). Aliases and roots are scratch
//    activations of identical byte size, type and quantisation; never graph IO, constants or
//    variables. The importer makes them for RESHAPE, the shape-only LPAI_IMPORT_OPS (SQUEEZE,
//    EXPAND_DIMS) and data-movement ops whose output bytes provably equal their input bytes
//    (identity TRANSPOSE, whole-tensor SLICE, one-way SPLIT, ...); where either side is graph
//    IO (or the input is not a scratch activation) the op becomes a COPY node instead.
//  - row_view[i].parent == -1: tensor i is no row view; otherwise tensor i is rows
//    [first_row, first_row + shape[1]) of tensor `parent` (tiled execution, tiling.h): both
//    4-D with batch 1, equal width, channels, type and quantisation; the parent owns the bytes
//    (a scratch activation, or graph IO planned as memhandle IO (kIo); never a view or an
//    alias), the view is planned at the parent's offset plus first_row rows (for a kIo parent:
//    its byte offset within the IO buffer, bound through the parent's slot) and its uses count
//    as the parent's.
//  - in_place_of[i] == -1: tensor i is no in-place output; otherwise tensor i is the output of
//    an op running in place (in_place.h) over a dying input whose storage root (a tensor owning
//    its bytes: no alias, view or in-place output) is in_place_of[i]: planned at that root's
//    offset, its uses extending the root's live range. Set by prepare's in-place pass only.
//  - Tensors used by no op (inputs, outputs) and not graph IO are "unused": not planned, not
//    serialized. Intermediates (op.intermediates) do not count as uses.
//  - Constant data (PrepTensor::data) points into `storage` for an imported model, or into
//    memory the caller keeps alive for a hand-built graph.
#ifndef LPAI_HOST_PREPARE_GRAPH_H
#define LPAI_HOST_PREPARE_GRAPH_H

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "format/context_binary_format.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// PrepOp::builtin of a copy node (numerically format::BuiltinOp::kCopy).
constexpr int kCopyBuiltin = static_cast<int>(format::BuiltinOp::kCopy);
// PrepOp::builtin of the unconditional branch of an inlined IF / WHILE (format::BuiltinOp::kJump).
constexpr int kJumpBuiltin = static_cast<int>(format::BuiltinOp::kJump);
// PrepOp::builtin of a position label (PrepOp::label); only between import and prepare_graph().
constexpr int kLabelBuiltin = -2;

struct PrepGraph {
  std::string name = "graph";
  std::deque<PrepTensor> tensors;
  std::vector<PrepOp> ops;      // execution order
  std::vector<int> inputs;      // graph input tensor ids, in order
  std::vector<int> outputs;     // graph output tensor ids, in order
  std::vector<int> alias_of;    // per tensor, see above; may be shorter than tensors (= -1)
  struct RowView {
    int parent = -1;
    int first_row = 0;
  };
  std::vector<RowView> row_view;  // per tensor, see above; may be shorter than tensors
  std::vector<int> in_place_of;   // per tensor, see above; may be shorter than tensors (= -1)
  std::vector<uint8_t> storage; // model bytes owned by the graph (const data points here)
  std::deque<std::vector<uint8_t>> folded;  // data of tensors folded to constants at prepare
  // Every place where prepare did what TFLite Micro does rather than what the flatbuffer's
  // fields say (an ignored bias quantized_dimension, a byte-copy RESHAPE across quantisations,
  // a shape chain folded to a constant, ...): one line each, printed by the prepare report.
  std::vector<std::string> compat_notes;

  PrepGraph() = default;
  PrepGraph(const PrepGraph&) = delete;
  PrepGraph& operator=(const PrepGraph&) = delete;
  PrepGraph(PrepGraph&&) = default;
  PrepGraph& operator=(PrepGraph&&) = default;

  // Appends a tensor with index set to its id; returns it (address stable).
  PrepTensor& add_tensor() {
    tensors.emplace_back();
    tensors.back().index = static_cast<int>(tensors.size()) - 1;
    return tensors.back();
  }
  bool is_row_view(int id) const {
    return id >= 0 && static_cast<size_t>(id) < row_view.size() && row_view[id].parent >= 0;
  }
  // The tensor owning id's bytes: a row view's parent's alias root, else alias_root(id); for an
  // in-place output (or an alias of one), the root it was written over.
  int storage_root(int id) const {
    const int r = alias_root(is_row_view(id) ? row_view[id].parent : id);
    return r >= 0 && static_cast<size_t>(r) < in_place_of.size() && in_place_of[r] >= 0
               ? in_place_of[r]
               : r;
  }
  int alias_root(int id) const {
    return id >= 0 && static_cast<size_t>(id) < alias_of.size() && alias_of[id] >= 0 ? alias_of[id]
                                                                                      : id;
  }
};

// Per tensor: whether a graph rewrite must leave its bytes where they are: graph inputs and
// outputs, both sides of an alias, row views and their parents.
inline std::vector<bool> io_alias_or_view_tensors(const PrepGraph& g) {
  const size_t n = g.tensors.size();
  std::vector<bool> fixed(n, false);
  for (int id : g.inputs) fixed[static_cast<size_t>(id)] = true;
  for (int id : g.outputs) fixed[static_cast<size_t>(id)] = true;
  for (size_t i = 0; i < n; ++i) {
    const int r = g.alias_root(static_cast<int>(i));
    if (r != static_cast<int>(i)) fixed[static_cast<size_t>(r)] = fixed[i] = true;
    if (g.is_row_view(static_cast<int>(i))) {
      fixed[i] = fixed[static_cast<size_t>(g.row_view[i].parent)] = true;
    }
  }
  return fixed;
}

// Spelling of an op for messages: builtin_name(), or "COPY" / "JUMP" / "LABEL".
inline std::string op_name(int builtin) {
  return builtin == kCopyBuiltin ? std::string("COPY")
         : builtin == kJumpBuiltin ? std::string("JUMP")
         : builtin == kLabelBuiltin ? std::string("LABEL")
                                    : builtin_name(builtin);
}

// The loops of a graph whose labels are resolved (prepare_graph()): per backward JUMP at step
// s, the steps [s + 1 + jump, s] it repeats. A buffer touched inside a loop must hold its bytes
// over the whole loop (later iterations read what earlier ones wrote): the planner and the plan
// checker extend such live ranges to cover the loop.
inline std::vector<std::pair<int, int>> loop_regions(const PrepGraph& g) {
  std::vector<std::pair<int, int>> loops;
  for (size_t s = 0; s < g.ops.size(); ++s) {
    if (g.ops[s].builtin == kJumpBuiltin && g.ops[s].jump < 0) {
      loops.emplace_back(static_cast<int>(s) + 1 + g.ops[s].jump, static_cast<int>(s));
    }
  }
  return loops;
}

// Bytes of a tensor: element count * element size (0 for an unknown type).
inline uint64_t tensor_bytes(const PrepTensor& t) {
  uint64_t n = 1;
  for (int32_t d : t.shape) n *= static_cast<uint64_t>(d < 0 ? 0 : d);
  return n * format::data_type_size(t.type);
}

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_GRAPH_H
