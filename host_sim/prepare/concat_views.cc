// CONCATENATION into row views. See concat_views.h.
#include "prepare/concat_views.h"

#include <algorithm>

namespace lpai {
namespace prepare {
namespace {

constexpr int kConcat = static_cast<int>(format::BuiltinOp::kConcatenation);

bool control_flow(const PrepOp& op) {
  return op.builtin == kLabelBuiltin || op.builtin == kJumpBuiltin || op.target >= 0;
}

}  // namespace

std::vector<ConcatInViews> concat_into_views(PrepGraph* g) {
  std::vector<ConcatInViews> done;
  const size_t n = g->tensors.size();
  std::vector<int> readers(n, 0), writers(n, 0), writer_step(n, -1);
  std::vector<bool> excluded = io_alias_or_view_tensors(*g);  // grows with each rewrite
  for (size_t s = 0; s < g->ops.size(); ++s) {
    for (const PrepTensor* t : g->ops[s].inputs) {
      if (t != nullptr) ++readers[static_cast<size_t>(t->index)];
    }
    for (const PrepTensor* t : g->ops[s].outputs) {
      if (t == nullptr) continue;
      ++writers[static_cast<size_t>(t->index)];
      writer_step[static_cast<size_t>(t->index)] = static_cast<int>(s);
    }
  }
  auto plain = [&](const PrepTensor* t) {
    return t != nullptr && !excluded[static_cast<size_t>(t->index)] && !t->is_const() &&
           !t->is_variable && t->shape.size() == 4 && t->shape[0] == 1;
  };
  std::vector<bool> drop(g->ops.size(), false);
  for (size_t s = 0; s < g->ops.size(); ++s) {
    const PrepOp& op = g->ops[s];
    if (op.builtin != kConcat || op.outputs.size() != 1 || !plain(op.outputs[0]) ||
        (op.options.axis != 1 && op.options.axis != -3) || op.inputs.size() < 2) {
      continue;
    }
    const PrepTensor& y = *op.outputs[0];
    bool ok = true;
    int first_step = static_cast<int>(s), rows = 0;
    for (size_t k = 0; k < op.inputs.size() && ok; ++k) {
      const PrepTensor* x = op.inputs[k];
      ok = plain(x) && x->shape[2] == y.shape[2] && x->shape[3] == y.shape[3] &&
           x->type == y.type && x->scales == y.scales && x->zero_points == y.zero_points &&
           readers[static_cast<size_t>(x->index)] == 1 && writers[static_cast<size_t>(x->index)] == 1 &&
           writer_step[static_cast<size_t>(x->index)] < static_cast<int>(s) &&
           g->ops[static_cast<size_t>(writer_step[static_cast<size_t>(x->index)])].builtin >= 0;
      if (ok) {
        first_step = std::min(first_step, writer_step[static_cast<size_t>(x->index)]);
        rows += x->shape[1];
      }
    }
    if (!ok || rows != y.shape[1]) continue;
    for (int q = first_step; q < static_cast<int>(s) && ok; ++q) ok = !control_flow(g->ops[static_cast<size_t>(q)]);
    if (!ok) continue;
    ConcatInViews c;
    c.concat_node = op.node_index;
    c.output_tensor = y.index;
    g->row_view.resize(n);
    int first_row = 0;
    for (const PrepTensor* x : op.inputs) {
      g->row_view[static_cast<size_t>(x->index)] = {y.index, first_row};
      first_row += x->shape[1];
      c.views.push_back(x->index);
      c.bytes += tensor_bytes(*x);
      excluded[static_cast<size_t>(x->index)] = true;
    }
    excluded[static_cast<size_t>(y.index)] = true;
    drop[s] = true;
    done.push_back(std::move(c));
  }
  std::vector<PrepOp> kept;
  kept.reserve(g->ops.size());
  for (size_t s = 0; s < g->ops.size(); ++s) {
    if (!drop[s]) kept.push_back(std::move(g->ops[s]));
  }
  g->ops = std::move(kept);
  return done;
}

void clear_concat_views(PrepGraph* g, const std::vector<ConcatInViews>& done) {
  for (const ConcatInViews& c : done) {
    for (int v : c.views) g->row_view[static_cast<size_t>(v)] = PrepGraph::RowView();
  }
}

std::string describe_concat_views(const PrepGraph& g, const ConcatInViews& c) {
  return "CONCATENATION_" + std::to_string(c.concat_node) + ": " + std::to_string(c.views.size()) +
         " producers write rows of '" + g.tensors[static_cast<size_t>(c.output_tensor)].name + "' (" +
         std::to_string(c.bytes) + " bytes)";
}

}  // namespace prepare
}  // namespace lpai
