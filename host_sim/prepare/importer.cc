// TFLite importer: verified flatbuffer -> PrepGraph. See importer.h for the contract and
// importer_internal.h for how the work is split.
#include "prepare/importer.h"

#include <string>
#include <vector>

#include "prepare/custom_options.h"
#include "prepare/importer_internal.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace importer_detail {

bool Importer::run(size_t size) {
  const uint8_t* buf = g_.storage.data();
  if (size < 8) return fail("model: " + std::to_string(size) + " bytes is too small for a TFLite flatbuffer");
  if (!tfl::ModelBufferHasIdentifier(buf)) {
    return fail("model: file identifier is not \"TFL3\" (not a TFLite model)");
  }
  flatbuffers::Verifier verifier(buf, size, /*max_depth=*/64, /*max_tables=*/1000000);
  if (!tfl::VerifyModelBuffer(verifier)) {
    return fail("model: flatbuffer verification failed (truncated or corrupted file)");
  }
  const tfl::Model* model = tfl::GetModel(buf);
  const auto* subgraphs = model->subgraphs();
  const size_t n_sub = subgraphs ? subgraphs->size() : 0;
  if (n_sub == 0) return fail("model: has 0 subgraphs");
  model_ = model;
  // Subgraph 0 is the graph; other subgraphs run only as CALL_ONCE init subgraphs, imported
  // where they are called (a subgraph nothing calls is not imported, as TFLite Micro never
  // runs it).
  const tfl::SubGraph* sg = subgraphs->Get(0);
  if (sg->name() && sg->name()->size() > 0) g_.name = sg->name()->str();
  if (!read_tensors(model, sg)) return false;
  if (!fold_float_boundary(model, sg)) return false;
  if (!read_io(sg)) return false;
  if (!collect_variables(model)) return false;
  call_stack_.push_back(0);
  if (!read_ops(model, 0, 0)) return false;
  return true;
}

// Imports the operators of `subgraph`, whose tensors are graph tensors base, base + 1, ...
// (read_tensors appended them).
bool Importer::read_ops(const tfl::Model* model, int subgraph, int base) {
  const tfl::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(subgraph));
  const int n = sg->tensors() ? static_cast<int>(sg->tensors()->size()) : 0;
  const auto* codes = model->operator_codes();
  const size_t n_codes = codes ? codes->size() : 0;
  const auto* ops = sg->operators();
  const size_t n_ops = ops ? ops->size() : 0;
  if (n_ops == 0 && subgraph == 0) return fail("graph: has no operators");
  const int saved_subgraph = subgraph_;
  subgraph_ = subgraph;
  for (size_t k = 0; k < n_ops; ++k) {
    const int node = static_cast<int>(k);
    const tfl::Operator* op = ops->Get(static_cast<flatbuffers::uoffset_t>(k));
    if (op->opcode_index() >= n_codes) {
      return fail((subgraph != 0 ? "subgraph " + std::to_string(subgraph) + " " : std::string()) +
                  "node " + std::to_string(node) + ": opcode index " +
                  std::to_string(op->opcode_index()) + " is out of range");
    }
    const tfl::OperatorCode* code = codes->Get(op->opcode_index());
    int builtin = builtin_of(model, op);
    if (builtin == kCustomBuiltin) {  // the custom code names the operator
      const std::string custom = code->custom_code() ? code->custom_code()->str() : "";
      builtin = custom_op_code(custom);
      if (builtin < 0) {
        return fail(node_label(node, kCustomBuiltin) + ": custom operator '" +
                    printable_custom_code(custom) + "' is not supported by lpai-rt");
      }
    }
    const std::string where = node_label(node, builtin);
    if (find_prepare(builtin) == nullptr && !is_import_op(builtin)) {
      return fail(where + ": operator not supported by lpai-rt");
    }

    // Index lists, as graph tensor ids.
    std::vector<int> ins, outs, inter;
    if (op->inputs()) ins.assign(op->inputs()->begin(), op->inputs()->end());
    if (op->outputs()) outs.assign(op->outputs()->begin(), op->outputs()->end());
    if (op->intermediates()) inter.assign(op->intermediates()->begin(), op->intermediates()->end());
    for (size_t i = 0; i < ins.size(); ++i) {
      if (ins[i] < -1 || ins[i] >= n) {
        return fail(where + ": input " + std::to_string(i) + " tensor index " +
                    std::to_string(ins[i]) + " is out of range");
      }
      if (ins[i] >= 0) ins[i] += base;
    }
    const bool no_outputs = builtin == kAssignVariableBuiltin || builtin == kCallOnceBuiltin ||
                            builtin == kIfBuiltin || builtin == kWhileBuiltin;
    if (outs.empty() && !no_outputs) return fail(where + ": has no outputs");
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i] < 0 || outs[i] >= n) {
        return fail(where + ": output " + std::to_string(i) + " tensor index " +
                    std::to_string(outs[i]) + " is out of range");
      }
      outs[i] += base;
    }
    for (size_t i = 0; i < inter.size(); ++i) {
      if (inter[i] < 0 || inter[i] >= n) {
        return fail(where + ": intermediate " + std::to_string(i) + " tensor index " +
                    std::to_string(inter[i]) + " is out of range");
      }
      inter[i] += base;
    }

    // Resource variables and init subgraphs.
    if (builtin == kVarHandleBuiltin) {
      if (!add_var_handle(op, node, ins, outs)) return false;
      continue;
    }
    if (builtin == kReadVariableBuiltin || builtin == kAssignVariableBuiltin) {
      if (!add_variable_access(node, builtin, ins, outs)) return false;
      continue;
    }
    if (builtin == kCallOnceBuiltin) {
      if (!add_call_once(model, op, node, ins, outs)) return false;
      continue;
    }
    if (builtin == kIfBuiltin) {
      if (!add_if(model, op, node, ins, outs)) return false;
      continue;
    }
    if (builtin == kWhileBuiltin) {
      if (!add_while(model, op, node, ins, outs)) return false;
      continue;
    }

    // Boundary folds exist in subgraph 0 only (its graph IO).
    const bool folded = subgraph == 0 && folded_[k];
    // Shape-only ops: RESHAPE, the import ops (data input 0) and provable no-ops.
    int alias_data = -1;
    if (builtin == kReshapeBuiltin || is_import_op(builtin)) {
      alias_data = 0;
    } else if (folded) {
      alias_data = fold_src_[k];  // only the copied input is read
    } else {
      alias_data = noop_data_input(builtin, ins, outs);
    }

    // Dataflow: inputs are constants, variables, graph inputs or written earlier; outputs are
    // scratch activations written exactly once.
    for (size_t i = 0; i < ins.size(); ++i) {
      const int id = ins[i];
      if (id < 0) continue;
      const std::string w = where + " input " + std::to_string(i);
      if (alias_data >= 0 && static_cast<int>(i) != alias_data) continue;  // not read at run time
      if (!use_tensor(id, w)) return false;
      if (role_of(id) == Role::kActivation && !info_[id].graph_input && written_at_[id] < 0) {
        return fail(w + ": " + tensor_label(id) + " is read before any operator writes it");
      }
    }
    for (size_t i = 0; i < outs.size(); ++i) {
      const int id = outs[i];
      const std::string w = where + " output " + std::to_string(i);
      if (role_of(id) != Role::kActivation) {
        return fail(w + ": " + tensor_label(id) + " is " +
                    (g_.tensors[id].is_const() ? "a constant" : "a variable tensor") +
                    " and cannot be an operator output");
      }
      if (info_[id].graph_input) return fail(w + ": " + tensor_label(id) + " is a graph input and cannot be written");
      if (written_at_[id] >= 0) {
        return fail(w + ": " + tensor_label(id) + " is already written by node " +
                    std::to_string(written_at_[id]));
      }
      if (std::find(ins.begin(), ins.end(), id) != ins.end()) {
        return fail(w + ": " + tensor_label(id) + " is also an input of the same operator");
      }
      if (!use_tensor(id, w)) return false;
      written_at_[id] = node;
    }

    if (alias_data >= 0 && !folded) {
      if (!add_reshape(node, builtin, alias_data, ins, outs)) return false;
      continue;
    }
    if (folded) {  // boundary QUANTIZE / DEQUANTIZE: same type and quantisation now
      push_copy(node, ins[fold_src_[k]], outs[0]);
      continue;
    }
    PrepOp p;
    p.builtin = builtin;
    p.node_index = node;
    for (int id : ins) p.inputs.push_back(id < 0 ? nullptr : &g_.tensors[id]);
    for (int id : outs) p.outputs.push_back(&g_.tensors[id]);
    for (int id : inter) p.intermediates.push_back(&g_.tensors[id]);
    if (!decode_options(op, builtin, where, &p.options)) return false;
    if (code->builtin_code() == kCustomBuiltin || code->deprecated_builtin_code() == kCustomBuiltin) {
      if (!read_custom(op, builtin, where, &p)) return false;
    }
    push_op(std::move(p));
  }
  subgraph_ = saved_subgraph;
  if (subgraph != 0) return true;
  for (int id : g_.outputs) {
    if (written_at_[id] < 0) {
      return fail("graph output " + tensor_label(id) + ": is not written by any operator");
    }
  }
  return true;
}

bool Importer::decode_options(const tfl::Operator* op, int builtin, const std::string& where,
                              OpOptions* o) {
  const tfl::BuiltinOptions type = op->builtin_options_type();
  if (type == tfl::BuiltinOptions_NONE) return true;  // defaults
  const int expected = options_type_of(builtin);
  // An op without an options table in TFLite ignores whatever table it carries (as TFLite
  // Micro does); an op with one must carry its own.
  if (expected <= 0) return true;
  if (static_cast<int>(type) != expected) {
    return fail(where + ": builtin options of type " + std::to_string(static_cast<int>(type)) +
                " do not belong to this operator");
  }
  // The union's type without its table: the defaults, as TFLite Micro's parser reads it.
  if (op->builtin_options() == nullptr) return true;
  // The op's own decoder, beside its prepare (op_options.h); none: no fields lpai-rt reads.
  const OptionsDecoder decode = find_options_decoder(builtin);
  if (decode == nullptr) return true;
  const host::HostStatus decoded = decode(*op, o);
  if (!decoded.ok()) return fail(where + ": " + decoded.error());
  return true;
}

// A CUSTOM operator: its FlexBuffer options into OpOptions::custom, and the variable tensors
// of the state it keeps (op_state_tensors) appended to its inputs.
bool Importer::read_custom(const tfl::Operator* op, int code, const std::string& where,
                           PrepOp* p) {
  if (op->custom_options_format() != tfl::CustomOptionsFormat_FLEXBUFFERS) {
    return fail(where + ": custom options format " +
                std::to_string(static_cast<int>(op->custom_options_format())) +
                " is not supported (FlexBuffers only)");
  }
  std::string why;
  const auto* opts = op->custom_options();
  if (!decode_custom_options(opts ? opts->data() : nullptr, opts ? opts->size() : 0,
                             &p->options.custom, &why)) {
    return fail(where + ": custom options: " + why);
  }
  p->builtin = code;
  const std::vector<StateTensorSpec> state = op_state_tensors(*p, &why);
  if (!why.empty()) return fail(where + ": " + why);
  for (const StateTensorSpec& spec : state) {
    PrepTensor& t = g_.add_tensor();
    t.name = (p->outputs.empty() ? std::string("node") : p->outputs[0]->name) + "/" + spec.what;
    t.type = spec.type;
    t.shape = {spec.elements};
    t.is_variable = true;
    const size_t id = static_cast<size_t>(t.index);
    if (info_.size() <= id) info_.resize(id + 1);
    if (written_at_.size() <= id) written_at_.resize(id + 1, -1);
    if (g_.alias_of.size() <= id) g_.alias_of.resize(id + 1, -1);
    info_[id].checked = 1;  // made here: type, shape and role are right by construction
    p->inputs.push_back(&t);
  }
  return true;
}

// RESHAPE, the LPAI_IMPORT_OPS (SQUEEZE, EXPAND_DIMS) and data-movement ops proven to be
// no-ops (noop_data_input): the output is the data input `data` (index into ins) with another
// shape. Becomes an alias of the input's storage when both are scratch activations, else a
// COPY node. Other inputs (shape, axis, perm...) are not read at run time.
bool Importer::add_reshape(int node, int builtin, int data, const std::vector<int>& ins,
                           const std::vector<int>& outs) {
  const std::string where = node_label(node, builtin);
  if (builtin == kReshapeBuiltin && (ins.empty() || ins.size() > 2)) {
    return fail(where + ": expects 1 or 2 inputs (data, optional shape) and 1 output");
  }
  if (data < 0 || static_cast<size_t>(data) >= ins.size() || ins[data] < 0 || outs.size() != 1) {
    return fail(where + ": expects a data input and 1 output");
  }
  const int in = ins[data], out = outs[0];
  const PrepTensor& a = g_.tensors[in];
  const PrepTensor& b = g_.tensors[out];
  if (a.type != b.type) return fail(where + ": input and output types differ");
  if (tensor_bytes(a) != tensor_bytes(b)) {
    return fail(where + ": input has " + std::to_string(tensor_bytes(a)) + " bytes, output " +
                std::to_string(tensor_bytes(b)));
  }
  // TFLite Micro's RESHAPE (and SQUEEZE / EXPAND_DIMS) copy the bytes whatever the two
  // tensors' quantisation says: a copy node here too (never an alias, whose contract is
  // identical quantisation), named in the report.
  const bool same_quant = a.scales == b.scales && a.zero_points == b.zero_points;
  if (!same_quant) {
    g_.compat_notes.push_back(where + ": output quantisation differs from its input's; bytes "
                              "copied unchanged");
  }
  const int root = g_.alias_root(in);
  const TensorInfo& ri = info_[root];
  const TensorInfo& oi = info_[out];
  const bool alias = same_quant && role_of(root) == Role::kActivation && !ri.graph_input && !ri.graph_output &&
                     role_of(out) == Role::kActivation && !oi.graph_output && !oi.graph_input;
  if (alias) {
    g_.alias_of[out] = root;
    return true;
  }
  push_copy(node, in, out);
  return true;
}

// The data input index of a data-movement op whose output bytes provably equal its input
// bytes (so it can be planned like RESHAPE), or -1. Every other input must be constant.
// Equal element counts suffice for ops that only drop (SLICE, SPLIT, SPLIT_V, UNPACK) or add
// (PADV2, MIRROR_PAD: paddings are non-negative; BROADCAST_TO; PACK of one input) elements;
// TRANSPOSE needs its non-unit dims kept in order, REVERSE_V2 only unit axes.
int Importer::noop_data_input(int builtin, const std::vector<int>& ins,
                              const std::vector<int>& outs) const {
  using Op = format::BuiltinOp;
  int data = 0;
  switch (static_cast<Op>(builtin)) {
    case Op::kSplit: data = 1; break;
    case Op::kTranspose: case Op::kSlice: case Op::kSplitV: case Op::kUnpack: case Op::kPadv2:
    case Op::kMirrorPad: case Op::kBroadcastTo: case Op::kPack: case Op::kReverseV2:
      break;
    default:
      return -1;
  }
  if (outs.size() != 1 || ins.size() <= static_cast<size_t>(data)) return -1;
  for (size_t i = 0; i < ins.size(); ++i) {
    if (ins[i] < 0) return -1;
    if (static_cast<int>(i) != data && !g_.tensors[ins[i]].is_const()) return -1;
  }
  const PrepTensor& a = g_.tensors[ins[data]];
  const PrepTensor& b = g_.tensors[outs[0]];
  if (a.is_const() || a.type != b.type || a.scales != b.scales || a.zero_points != b.zero_points ||
      tensor_bytes(a) != tensor_bytes(b) || tensor_bytes(a) == 0) {
    return -1;
  }
  if (builtin == static_cast<int>(Op::kPack) && ins.size() != 1) return -1;
  if (builtin == static_cast<int>(Op::kTranspose)) {
    if (ins.size() != 2 || a.shape.size() != b.shape.size()) return -1;
    const PrepTensor& perm = g_.tensors[ins[1]];
    if (static_cast<int64_t>(a.shape.size()) != perm.element_count()) return -1;
    int64_t last = -1;
    std::vector<bool> seen(a.shape.size(), false);
    for (size_t i = 0; i < a.shape.size(); ++i) {
      int64_t p;
      if (!const_int(perm, i, &p)) return -1;
      if (p < 0) p += static_cast<int64_t>(a.shape.size());
      if (p < 0 || p >= static_cast<int64_t>(a.shape.size()) || seen[p] ||
          b.shape[i] != a.shape[p]) {
        return -1;
      }
      seen[p] = true;
      if (a.shape[p] == 1) continue;
      if (p < last) return -1;
      last = p;
    }
  }
  // SLICE begin, PADV2 / MIRROR_PAD paddings: all zero (the model says so, not just the sizes).
  if (builtin == static_cast<int>(Op::kSlice) || builtin == static_cast<int>(Op::kPadv2) ||
      builtin == static_cast<int>(Op::kMirrorPad)) {
    if (ins.size() < 2) return -1;
    const PrepTensor& t = g_.tensors[ins[1]];
    for (int64_t i = 0; i < t.element_count(); ++i) {
      int64_t v;
      if (!const_int(t, static_cast<size_t>(i), &v) || v != 0) return -1;
    }
  }
  if (builtin == static_cast<int>(Op::kReverseV2)) {
    if (ins.size() != 2 || a.shape != b.shape) return -1;
    const PrepTensor& axes = g_.tensors[ins[1]];
    for (int64_t i = 0; i < axes.element_count(); ++i) {
      int64_t ax;
      if (!const_int(axes, static_cast<size_t>(i), &ax)) return -1;
      if (ax < 0) ax += static_cast<int64_t>(a.shape.size());
      if (ax < 0 || ax >= static_cast<int64_t>(a.shape.size()) || a.shape[ax] != 1) return -1;
    }
  }
  return data;
}

}  // namespace importer_detail

host::HostStatus import_tflite(const uint8_t* data, size_t size, PrepGraph* out) {
  if (data == nullptr && size != 0) return host::HostStatus::fail("model: null data");
  if (size > static_cast<size_t>(FLATBUFFERS_MAX_BUFFER_SIZE) - 1) {
    return host::HostStatus::fail("model: " + std::to_string(size) +
                                  " bytes exceeds the flatbuffers 2 GiB limit");
  }
  std::string err;
  PrepGraph g;
  g.storage.assign(data, data + size);
  importer_detail::Importer imp(&g, &err);
  if (!imp.run(size)) return host::HostStatus::fail(err);
  *out = std::move(g);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
