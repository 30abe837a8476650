// In-place execution pass. See in_place.h.
#include "prepare/in_place.h"

#include <algorithm>

#include "format/in_place_ops.h"

namespace lpai {
namespace prepare {

std::vector<InPlaceOp> plan_in_place(PrepGraph* g, const std::vector<uint32_t>& temp_bytes) {
  std::vector<InPlaceOp> taken;
  g->in_place_of.assign(g->tensors.size(), -1);
  for (const PrepOp& op : g->ops) {
    if (op.builtin == kJumpBuiltin) return taken;  // loops and branches: live ranges stretch
  }
  const size_t n = g->tensors.size();
  std::vector<bool> io(n, false), parent(n, false);
  for (int id : g->inputs) io[static_cast<size_t>(id)] = true;
  for (int id : g->outputs) io[static_cast<size_t>(id)] = true;
  for (size_t i = 0; i < g->row_view.size() && i < n; ++i) {
    if (g->is_row_view(static_cast<int>(i))) parent[static_cast<size_t>(g->row_view[i].parent)] = true;
  }
  // Last step touching each storage root (through any tensor sharing its bytes).
  std::vector<int> last(n, -1);
  for (size_t s = 0; s < g->ops.size(); ++s) {
    for (const auto* list : {&g->ops[s].inputs, &g->ops[s].outputs}) {
      for (const PrepTensor* t : *list) {
        if (t == nullptr) continue;
        int& l = last[static_cast<size_t>(g->storage_root(t->index))];
        l = std::max(l, static_cast<int>(s));
      }
    }
  }
  auto activation = [&](int id) {
    const PrepTensor& t = g->tensors[static_cast<size_t>(id)];
    return !io[static_cast<size_t>(id)] && !t.is_const() && !t.is_variable &&
           !g->is_row_view(id) && !parent[static_cast<size_t>(id)];
  };
  for (size_t s = 0; s < g->ops.size(); ++s) {
    const PrepOp& op = g->ops[s];
    if (op.builtin < 0 || op.builtin == kCopyBuiltin ||
        !format::op_runs_in_place(static_cast<format::BuiltinOp>(op.builtin)) ||
        op.outputs.size() != 1 || op.outputs[0] == nullptr ||
        (!temp_bytes.empty() && temp_bytes[s] != 0)) {
      continue;
    }
    const PrepTensor& out = *op.outputs[0];
    if (!activation(out.index) || g->alias_root(out.index) != out.index) continue;
    for (size_t k = 0; k < op.inputs.size(); ++k) {
      const PrepTensor* in = op.inputs[k];
      if (in == nullptr || !activation(in->index) || in->shape != out.shape ||
          format::data_type_size(in->type) != format::data_type_size(out.type) ||
          tensor_bytes(*in) != tensor_bytes(out)) {
        continue;
      }
      const int root = g->storage_root(in->index);
      if (!activation(root) || last[static_cast<size_t>(root)] != static_cast<int>(s) ||
          tensor_bytes(g->tensors[static_cast<size_t>(root)]) != tensor_bytes(out)) {
        continue;
      }
      bool shared = false;  // another input at the same bytes (ADD x, x)
      for (size_t j = 0; j < op.inputs.size(); ++j) {
        shared = shared || (j != k && op.inputs[j] != nullptr && g->storage_root(op.inputs[j]->index) == root);
      }
      if (shared) continue;
      g->in_place_of[static_cast<size_t>(out.index)] = root;
      last[static_cast<size_t>(root)] = std::max(last[static_cast<size_t>(root)], last[static_cast<size_t>(out.index)]);
      taken.push_back({static_cast<int>(s), static_cast<int>(k), out.index, root, tensor_bytes(out)});
      break;
    }
  }
  return taken;
}

std::string describe_in_place(const PrepGraph& g, const InPlaceOp& op) {
  const PrepOp& o = g.ops[static_cast<size_t>(op.step)];
  const PrepTensor& in = *o.inputs[static_cast<size_t>(op.input)];
  return op_name(o.builtin) + "_" + std::to_string(o.node_index) + " output '" +
         g.tensors[static_cast<size_t>(op.output_tensor)].name + "' over input " +
         std::to_string(op.input) + " '" + in.name + "' (" + std::to_string(op.bytes) + " bytes)";
}

}  // namespace prepare
}  // namespace lpai
