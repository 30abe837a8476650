// CONCATENATION whose producers write straight into their slices (host only): each input of a
// CONCATENATION along the rows (axis 1 of 4-D batch-1 tensors) becomes a row view
// (PrepGraph::row_view, format::RowViewRecord) of the output at its first row, so its producer
// writes its rows of the concatenation in place, and the CONCATENATION node is dropped. Bit-
// identical: with equal type, scale and zero point the op copies bytes, and rows [r, r + h) of
// a batch-1 NHWC tensor are one contiguous block, where the producer now writes the same bytes.
//
// A CONCATENATION is rewritten when: axis 1 (or -3), a 4-D output of batch 1 that is a scratch
// activation (no graph IO, alias, alias root, view or parent); every input a 4-D batch-1
// scratch activation of the output's width, channels, type, scale and zero point, listed once,
// read by no other op, no graph IO, alias, alias root, view or parent, written by exactly one
// earlier op (no label or branch between the first of them and the concatenation);
// the graph's control flow (labels, branches) lies outside that span.
#ifndef LPAI_HOST_PREPARE_CONCAT_VIEWS_H
#define LPAI_HOST_PREPARE_CONCAT_VIEWS_H

#include <cstdint>
#include <string>
#include <vector>

#include "prepare/graph.h"

namespace lpai {
namespace prepare {

struct ConcatInViews {
  int concat_node = -1;        // PrepOp::node_index of the CONCATENATION dropped
  int output_tensor = -1;      // the concatenation, now the views' parent
  std::vector<int> views;      // the former inputs, now row views of it
  uint64_t bytes = 0;          // the inputs' bytes, no longer buffers of their own
};

// Rewrites every CONCATENATION meeting the rules above; returns them in op order.
std::vector<ConcatInViews> concat_into_views(PrepGraph* g);

// Undoes what concat_into_views did to the row views (the caller restores the op list).
void clear_concat_views(PrepGraph* g, const std::vector<ConcatInViews>& done);

// "CONCATENATION_7: 2 producers write rows of 'name' (N bytes)".
std::string describe_concat_views(const PrepGraph& g, const ConcatInViews& c);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_CONCAT_VIEWS_H
