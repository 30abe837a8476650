// In-place execution (host only): the prepare pass that plans an element-wise op's output at
// the bytes of an input whose last use is that op (PrepGraph::in_place_of), so the two never
// hold scratch at once. Bit-identical by construction: the same kernel runs on the same values;
// only the output's address changes, and every kernel variant of the ops taken reads an element
// before it writes it (format/in_place_ops.h, the one table of ops allowed).
//
// An op's output goes in place over input k when:
//  - the op is in format::op_runs_in_place, has one output and no kernel temp;
//  - input k and the output have the same shape and byte size (no broadcast of that input);
//  - the output is a scratch activation: not graph IO, constant, variable, alias or row view;
//  - input k is a scratch activation that is no graph IO, constant, variable or row view, and
//    its storage root (graph.h) is no row-view parent, no graph IO, and is touched by no later
//    op (through any tensor sharing its bytes);
//  - no other input of the op shares input k's storage root (ADD x, x);
//  - the graph has no branch (JUMP): no loop stretches a live range.
// Ops are visited in execution order, so chains (CONV -> ADD -> RELU) share one buffer.
#ifndef LPAI_HOST_PREPARE_IN_PLACE_H
#define LPAI_HOST_PREPARE_IN_PLACE_H

#include <cstdint>
#include <string>
#include <vector>

#include "prepare/graph.h"

namespace lpai {
namespace prepare {

struct InPlaceOp {
  int step = 0;          // index in PrepGraph::ops
  int input = 0;         // which input the output overwrites
  int output_tensor = 0;
  int root = 0;          // the storage root both now share
  uint64_t bytes = 0;    // the output's bytes (no longer a buffer of their own)
};

// Sets g->in_place_of for every op meeting the rules above (temp_bytes[s]: op s's kernel temp,
// or empty for none) and returns them in step order. Clears earlier in_place_of entries first.
std::vector<InPlaceOp> plan_in_place(PrepGraph* g, const std::vector<uint32_t>& temp_bytes);

// "ADD_7 output 'name' over input 1 'name' (N bytes)" for the report.
std::string describe_in_place(const PrepGraph& g, const InPlaceOp& op);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_IN_PLACE_H
