// TFLite importer, resource variables: VAR_HANDLE resolved to one persistent tensor per
// variable, READ_VARIABLE / ASSIGN_VARIABLE as COPY nodes. See importer_internal.h.
#include <string>
#include <vector>

#include "prepare/importer_internal.h"

namespace lpai {
namespace prepare {
namespace importer_detail {

int Importer::find_variable(const tfl::VarHandleOptions* o, bool create) {
  const bool has_container = o->container() != nullptr;
  const std::string container = has_container ? o->container()->str() : std::string();
  const std::string name = o->shared_name()->str();
  for (size_t v = 0; v < vars_.size(); ++v) {
    const Variable& x = vars_[v];
    if ((!has_container || (x.has_container && x.container == container)) && x.shared_name == name) {
      return static_cast<int>(v);
    }
  }
  if (!create) return -1;
  Variable x;
  x.has_container = has_container;
  x.container = container;
  x.shared_name = name;
  vars_.push_back(x);
  return static_cast<int>(vars_.size()) - 1;
}

// TFLite Micro's prepare order over every subgraph: VAR_HANDLE creates a variable the first
// time its name is seen; the first ASSIGN_VARIABLE of a variable fixes its type, shape and
// reset value. Malformed operators are skipped here and refused where they are imported.
bool Importer::collect_variables(const tfl::Model* model) {
  const auto* subgraphs = model->subgraphs();
  for (flatbuffers::uoffset_t s = 0; s < subgraphs->size(); ++s) {
    const tfl::SubGraph* sg = subgraphs->Get(s);
    const int n_t = sg->tensors() ? static_cast<int>(sg->tensors()->size()) : 0;
    std::vector<int> handle(static_cast<size_t>(n_t), -1);  // local tensor -> variable
    const auto* ops = sg->operators();
    const size_t n_ops = ops ? ops->size() : 0;
    for (size_t k = 0; k < n_ops; ++k) {
      const tfl::Operator* op = ops->Get(static_cast<flatbuffers::uoffset_t>(k));
      const int b = builtin_of(model, op);
      if (b == kVarHandleBuiltin) {
        const tfl::VarHandleOptions* o = op->builtin_options_as_VarHandleOptions();
        if (o == nullptr || o->shared_name() == nullptr || !op->outputs() ||
            op->outputs()->size() != 1) {
          continue;
        }
        const int out = op->outputs()->Get(0);
        const int v = find_variable(o, /*create=*/true);
        if (out >= 0 && out < n_t) handle[static_cast<size_t>(out)] = v;
      } else if (b == kAssignVariableBuiltin && op->inputs() && op->inputs()->size() == 2) {
        const int r = op->inputs()->Get(0), value = op->inputs()->Get(1);
        if (r < 0 || r >= n_t || value < 0 || value >= n_t || handle[static_cast<size_t>(r)] < 0) {
          continue;
        }
        Variable& x = vars_[static_cast<size_t>(handle[static_cast<size_t>(r)])];
        if (x.value_tensor < 0) {
          x.value_subgraph = static_cast<int>(s);
          x.value_tensor = value;
        }
      }
    }
  }
  // One persistent variable tensor per assigned variable.
  for (size_t v = 0; v < vars_.size(); ++v) {
    Variable& x = vars_[v];
    if (x.value_tensor < 0) continue;  // never assigned: refused if it is ever read
    const tfl::Tensor* src = subgraphs->Get(static_cast<flatbuffers::uoffset_t>(x.value_subgraph))
                                 ->tensors()
                                 ->Get(static_cast<flatbuffers::uoffset_t>(x.value_tensor));
    PrepTensor& t = g_.add_tensor();
    TensorInfo inf;
    read_tensor(model, src, &t, &inf);
    t.name = x.shared_name;
    t.data = nullptr;  // the value's data (if constant) is not the variable's
    t.data_size = 0;
    t.is_variable = true;
    inf.bad_buffer = inf.external = false;
    info_.push_back(inf);
    written_at_.push_back(-1);
    g_.alias_of.push_back(-1);
    resource_var_.push_back(-1);
    x.tensor = t.index;
    const std::string typed_by = " (typed by subgraph " + std::to_string(x.value_subgraph) +
                                 " tensor " + std::to_string(x.value_tensor) + ")";
    std::string why;
    if (!check_tensor(t.index, Role::kVariable, &why)) {
      return fail(var_label(static_cast<int>(v)) + typed_by + ": " + why);
    }
    // TFLite Micro fills a resource buffer byte-wise with its zero point; the firmware fills
    // int16 variables element-wise: equal only for zero point 0.
    if (t.type == format::DataType::kInt16 && !t.zero_points.empty() && t.zero_points[0] != 0) {
      return fail(var_label(static_cast<int>(v)) + typed_by + ": int16 zero point " +
                  std::to_string(t.zero_points[0]) + " is not supported");
    }
  }
  return true;
}

bool Importer::check_matches_variable(int id, int var, const std::string& where) {
  const PrepTensor& a = g_.tensors[id];
  const int vt = vars_[var].tensor;
  const PrepTensor& b = g_.tensors[vt];
  if (a.type == b.type && tensor_bytes(a) == tensor_bytes(b)) return true;
  return fail(where + ": " + tensor_label(id) + " is " + tflite_type_name(info_[id].tflite_type) +
              " " + shape_text(a) + " but " + var_label(var) + " is " +
              tflite_type_name(info_[vt].tflite_type) + " " + shape_text(b) +
              " (type and size must match)");
}

// VAR_HANDLE: no node; its output names the variable for READ / ASSIGN_VARIABLE.
bool Importer::add_var_handle(const tfl::Operator* op, int node, const std::vector<int>& ins,
                              const std::vector<int>& outs) {
  const std::string where = node_label(node, kVarHandleBuiltin);
  if (!ins.empty() || outs.size() != 1) {
    return fail(where + ": expects no inputs and 1 output (the resource handle)");
  }
  const tfl::VarHandleOptions* o = op->builtin_options_as_VarHandleOptions();
  if (o == nullptr || o->shared_name() == nullptr) {
    return fail(where + ": has no shared_name (the resource variable's name)");
  }
  const int out = outs[0];
  if (written_at_[out] >= 0) {
    return fail(where + " output 0: " + tensor_label(out) + " is already written by node " +
                std::to_string(written_at_[out]));
  }
  resource_var_[out] = find_variable(o, /*create=*/false);
  written_at_[out] = node;
  return true;
}

// READ_VARIABLE: COPY variable -> output. ASSIGN_VARIABLE: COPY value -> variable.
bool Importer::add_variable_access(int node, int builtin, const std::vector<int>& ins,
                                   const std::vector<int>& outs) {
  const std::string where = node_label(node, builtin);
  const bool read = builtin == kReadVariableBuiltin;
  if (read ? ins.size() != 1 || outs.size() != 1 : ins.size() != 2 || !outs.empty()) {
    return fail(where + (read ? ": expects 1 input (the resource handle) and 1 output"
                              : ": expects 2 inputs (the resource handle, the value) and no outputs"));
  }
  if (ins[0] < 0 || resource_var_[ins[0]] < 0) {
    return fail(where + " input 0: " +
                (ins[0] < 0 ? std::string("absent") : tensor_label(ins[0])) +
                " is not the output of a VAR_HANDLE in this subgraph (unknown resource variable)");
  }
  const int v = resource_var_[ins[0]];
  if (vars_[v].tensor < 0) {
    return fail(where + ": " + var_label(v) +
                " is never assigned (no ASSIGN_VARIABLE gives it a type and shape)");
  }
  const int var = vars_[v].tensor;
  if (read) {
    const int out = outs[0];
    const std::string w = where + " output 0";
    if (role_of(out) != Role::kActivation) {
      return fail(w + ": " + tensor_label(out) + " is " +
                  (g_.tensors[out].is_const() ? "a constant" : "a variable tensor") +
                  " and cannot be an operator output");
    }
    if (info_[out].graph_input) return fail(w + ": " + tensor_label(out) + " is a graph input and cannot be written");
    if (written_at_[out] >= 0) {
      return fail(w + ": " + tensor_label(out) + " is already written by node " +
                  std::to_string(written_at_[out]));
    }
    if (!use_tensor(out, w) || !check_matches_variable(out, v, w)) return false;
    written_at_[out] = node;
    push_copy(node, var, out);
  } else {
    const int value = ins[1];
    const std::string w = where + " input 1";
    if (value < 0) return fail(w + ": the value is absent");
    if (!use_tensor(value, w)) return false;
    if (role_of(value) == Role::kActivation && !info_[value].graph_input && written_at_[value] < 0) {
      return fail(w + ": " + tensor_label(value) + " is read before any operator writes it");
    }
    if (!check_matches_variable(value, v, w)) return false;
    push_copy(node, value, var);
  }
  return true;
}

}  // namespace importer_detail
}  // namespace prepare
}  // namespace lpai
