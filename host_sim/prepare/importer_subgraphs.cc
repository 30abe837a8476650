// TFLite importer, subgraph inlining: CALL_ONCE, IF and WHILE become labels, branches and
// COPY nodes around the called subgraphs' operators. See importer_internal.h.
#include <string>
#include <vector>

#include "prepare/importer_internal.h"

namespace lpai {
namespace prepare {
namespace importer_detail {

// A called subgraph index: in range and not already being inlined (TFLite Micro would recurse
// without end; inlining cannot).
bool Importer::check_called(const std::string& where, const char* role, int index) {
  const int n_sub = static_cast<int>(model_->subgraphs()->size());
  if (index < 0 || index >= n_sub) {
    return fail(where + ": " + role + " subgraph index " + std::to_string(index) +
                " is out of range (the model has " + std::to_string(n_sub) + " subgraphs)");
  }
  if (std::find(call_stack_.begin(), call_stack_.end(), index) != call_stack_.end()) {
    std::string chain;
    for (int sgi : call_stack_) chain += std::to_string(sgi) + " -> ";
    return fail(where + ": " + role + " subgraph " + std::to_string(index) +
                " is already running (recursion: subgraphs " + chain + std::to_string(index) + ")");
  }
  return true;
}

// An operand the op reads: checked for its role, written before (or a graph input / constant).
bool Importer::check_read(int id, const std::string& where) {
  if (id < 0) return fail(where + ": is absent");
  if (!use_tensor(id, where)) return false;
  if (role_of(id) == Role::kActivation && !info_[id].graph_input && written_at_[id] < 0) {
    return fail(where + ": " + tensor_label(id) + " is read before any operator writes it");
  }
  return true;
}

// A result the op writes: a scratch activation, not a graph input, written once.
bool Importer::check_write(int id, const std::vector<int>& ins, const std::string& where) {
  if (role_of(id) != Role::kActivation) {
    return fail(where + ": " + tensor_label(id) + " is " +
                (g_.tensors[id].is_const() ? "a constant" : "a variable tensor") +
                " and cannot be an operator output");
  }
  if (info_[id].graph_input) return fail(where + ": " + tensor_label(id) + " is a graph input and cannot be written");
  if (written_at_[id] >= 0) {
    return fail(where + ": " + tensor_label(id) + " is already written by node " +
                std::to_string(written_at_[id]));
  }
  if (std::find(ins.begin(), ins.end(), id) != ins.end()) {
    return fail(where + ": " + tensor_label(id) + " is also an input of the same operator");
  }
  if (!use_tensor(id, where)) return false;
  written_at_[id] = 0;
  return true;
}

// A COPY from -> to needs equal types and byte sizes (TFLite Micro copies the bytes).
bool Importer::check_same_bytes(int from, int to, const std::string& where) {
  const PrepTensor& a = g_.tensors[from];
  const PrepTensor& b = g_.tensors[to];
  if (a.type == b.type && tensor_bytes(a) == tensor_bytes(b)) return true;
  return fail(where + ": " + tensor_label(from) + " is " + tflite_type_name(info_[from].tflite_type) +
              " " + shape_text(a) + " but " + tensor_label(to) + " is " +
              tflite_type_name(info_[to].tflite_type) + " " + shape_text(b) +
              " (type and size must match)");
}

// Inlines subgraph `index`: its tensors (new graph ids from *base on), COPY args[k] -> its
// input k, then its operators. The caller checked the counts.
bool Importer::inline_subgraph(const tfl::Model* model, int index, const std::vector<int>& args,
                               const std::string& where, int* base) {
  const tfl::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(index));
  // Every call site gets its own copy: a chain of subgraphs each calling the next twice would
  // double the graph per level.
  if (++inlined_calls_ > kMaxInlinedCalls) {
    return fail(where + ": more than " + std::to_string(kMaxInlinedCalls) +
                " subgraph calls to inline (each call site is a copy of the subgraph)");
  }
  *base = static_cast<int>(g_.tensors.size());
  if (!read_tensors(model, sg)) return false;
  const int n_t = static_cast<int>(g_.tensors.size()) - *base;
  const std::string sub = "subgraph " + std::to_string(index);
  for (size_t k = 0; k < args.size(); ++k) {
    const int local = sg->inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    const std::string w = where + " " + sub + " input " + std::to_string(k);
    if (local < 0 || local >= n_t) {
      return fail(w + ": tensor index " + std::to_string(local) + " is out of range");
    }
    const int id = *base + local;
    if (!check_write(id, {}, w) || !check_same_bytes(args[k], id, w)) return false;
    push_copy(-1, args[k], id);
  }
  call_stack_.push_back(index);
  const bool ok = read_ops(model, index, *base);
  call_stack_.pop_back();
  return ok;
}

// COPY output k of the inlined subgraph `index` (tensors from `base`) -> outs[k].
bool Importer::copy_subgraph_outputs(const tfl::Model* model, int index, int base,
                                     const std::vector<int>& outs, const std::string& where) {
  const tfl::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(index));
  const int n_t = sg->tensors() ? static_cast<int>(sg->tensors()->size()) : 0;
  for (size_t k = 0; k < outs.size(); ++k) {
    const int local = sg->outputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    const std::string w = where + " subgraph " + std::to_string(index) + " output " + std::to_string(k);
    if (local < 0 || local >= n_t) {
      return fail(w + ": tensor index " + std::to_string(local) + " is out of range");
    }
    const int id = base + local;
    if (!check_read(id, w) || !check_same_bytes(id, outs[k], w)) return false;
    push_copy(-1, id, outs[k]);
  }
  return true;
}

// CALL_ONCE: the op, then the init subgraph inlined (its block), then the block's end label.
bool Importer::add_call_once(const tfl::Model* model, const tfl::Operator* op, int node,
                             const std::vector<int>& ins, const std::vector<int>& outs) {
  const std::string where = node_label(node, kCallOnceBuiltin);
  if (!ins.empty() || !outs.empty()) return fail(where + ": expects no inputs and no outputs");
  const tfl::CallOnceOptions* o = op->builtin_options_as_CallOnceOptions();
  const int target = o != nullptr ? o->init_subgraph_index() : 0;
  if (!check_called(where, "init", target)) return false;
  const tfl::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(target));
  if (list_size(sg->inputs()) != 0) {
    return fail(where + ": init subgraph " + std::to_string(target) + " has " +
                std::to_string(list_size(sg->inputs())) + " inputs; CALL_ONCE passes none");
  }
  const int end = new_label();
  push_branch(kCallOnceBuiltin, node, end, -1);
  int base = 0;
  if (!inline_subgraph(model, target, {}, where, &base)) return false;
  place_label(end);
  return true;
}

// IF: [IF cond -> else] [then: inputs, ops, outputs, JUMP -> end] [else: ...] end.
bool Importer::add_if(const tfl::Model* model, const tfl::Operator* op, int node,
                      const std::vector<int>& ins, const std::vector<int>& outs) {
  const std::string where = node_label(node, kIfBuiltin);
  const tfl::IfOptions* o = op->builtin_options_as_IfOptions();
  const int branch[2] = {o != nullptr ? o->then_subgraph_index() : 0,
                         o != nullptr ? o->else_subgraph_index() : 0};
  const char* role[2] = {"then", "else"};
  if (ins.empty() || ins[0] < 0) return fail(where + ": expects the condition as input 0");
  for (int b = 0; b < 2; ++b) {
    if (!check_called(where, role[b], branch[b])) return false;
  }
  const std::vector<int> args(ins.begin() + 1, ins.end());
  for (int b = 0; b < 2; ++b) {
    const tfl::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(branch[b]));
    if (list_size(sg->inputs()) != args.size() || list_size(sg->outputs()) != outs.size()) {
      return fail(where + ": " + role[b] + " subgraph " + std::to_string(branch[b]) + " has " +
                  std::to_string(list_size(sg->inputs())) + " inputs and " +
                  std::to_string(list_size(sg->outputs())) + " outputs; the IF passes " +
                  std::to_string(args.size()) + " and takes " + std::to_string(outs.size()));
    }
  }
  if (!check_read(ins[0], where + " input 0")) return false;
  const PrepTensor& cond = g_.tensors[ins[0]];
  if (cond.type != format::DataType::kBool || cond.element_count() != 1) {
    return fail(where + " input 0: " + tensor_label(ins[0]) + " must be one BOOL (the condition)");
  }
  for (size_t k = 0; k < args.size(); ++k) {
    if (!check_read(args[k], where + " input " + std::to_string(k + 1))) return false;
  }
  for (size_t k = 0; k < outs.size(); ++k) {
    if (!check_write(outs[k], ins, where + " output " + std::to_string(k))) return false;
  }
  const int else_label = new_label(), end = new_label();
  push_branch(kIfBuiltin, node, else_label, ins[0]);
  for (int b = 0; b < 2; ++b) {
    if (b == 1) place_label(else_label);
    int base = 0;
    if (!inline_subgraph(model, branch[b], args, where, &base) ||
        !copy_subgraph_outputs(model, branch[b], base, outs, where)) {
      return false;
    }
    if (b == 0) {
      push_branch(kJumpBuiltin, node, end, -1);
    }
  }
  place_label(end);
  return true;
}

// WHILE: COPY inputs -> outputs; head: [cond: outputs -> inputs, ops] [WHILE cond -> exit]
// [body: outputs -> inputs, ops, outputs -> outputs] [JUMP -> head] exit. TFLite Micro's
// while.cc does the same copies in the same order.
bool Importer::add_while(const tfl::Model* model, const tfl::Operator* op, int node,
                         const std::vector<int>& ins, const std::vector<int>& outs) {
  const std::string where = node_label(node, kWhileBuiltin);
  const tfl::WhileOptions* o = op->builtin_options_as_WhileOptions();
  const int cond_sg = o != nullptr ? o->cond_subgraph_index() : 0;
  const int body_sg = o != nullptr ? o->body_subgraph_index() : 0;
  if (!check_called(where, "cond", cond_sg) || !check_called(where, "body", body_sg)) return false;
  const size_t n = ins.size();
  if (outs.size() != n) {
    return fail(where + ": has " + std::to_string(n) + " inputs and " +
                std::to_string(outs.size()) + " outputs; they must pair up");
  }
  const tfl::SubGraph* cs = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(cond_sg));
  const tfl::SubGraph* bs = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(body_sg));
  if (list_size(cs->inputs()) != n || list_size(cs->outputs()) < 1) {
    return fail(where + ": cond subgraph " + std::to_string(cond_sg) + " has " +
                std::to_string(list_size(cs->inputs())) + " inputs and " +
                std::to_string(list_size(cs->outputs())) + " outputs; the WHILE passes " +
                std::to_string(n) + " and reads 1");
  }
  if (list_size(bs->inputs()) != n || list_size(bs->outputs()) != n) {
    return fail(where + ": body subgraph " + std::to_string(body_sg) + " has " +
                std::to_string(list_size(bs->inputs())) + " inputs and " +
                std::to_string(list_size(bs->outputs())) + " outputs; the WHILE passes " +
                std::to_string(n) + " and takes " + std::to_string(n));
  }
  for (size_t k = 0; k < n; ++k) {
    if (!check_read(ins[k], where + " input " + std::to_string(k))) return false;
    if (!check_write(outs[k], ins, where + " output " + std::to_string(k))) return false;
    if (!check_same_bytes(ins[k], outs[k], where + " output " + std::to_string(k))) return false;
    push_copy(node, ins[k], outs[k]);
  }
  const int head = new_label(), exit = new_label();
  place_label(head);
  int base = 0;
  if (!inline_subgraph(model, cond_sg, outs, where, &base)) return false;
  const int cond = base + cs->outputs()->Get(0);
  const std::string cw = where + " cond subgraph " + std::to_string(cond_sg) + " output 0";
  if (cond < base || cond >= static_cast<int>(g_.tensors.size())) {
    return fail(cw + ": tensor index " + std::to_string(cond - base) + " is out of range");
  }
  if (!check_read(cond, cw)) return false;
  if (g_.tensors[cond].type != format::DataType::kBool || g_.tensors[cond].element_count() != 1) {
    return fail(cw + ": " + tensor_label(cond) + " must be one BOOL (the condition)");
  }
  push_branch(kWhileBuiltin, node, exit, cond);
  if (!inline_subgraph(model, body_sg, outs, where, &base) ||
      !copy_subgraph_outputs(model, body_sg, base, outs, where)) {
    return false;
  }
  push_branch(kJumpBuiltin, node, head, -1);
  place_label(exit);
  return true;
}

}  // namespace importer_detail
}  // namespace prepare
}  // namespace lpai
