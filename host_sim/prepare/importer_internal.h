// The TFLite importer's internals (host_sim/prepare/importer*.cc only; the contract is
// importer.h). One Importer object reads one model into a PrepGraph; its work is split by role:
//   importer.cc            entry point, the operator walk (read_ops), options and custom ops,
//                          RESHAPE-like ops as aliases or copies
//   importer_tensors.cc    tensors: reading, checks by role, graph IO, float boundary folding
//   importer_variables.cc  resource variables (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE)
//   importer_subgraphs.cc  subgraph inlining: CALL_ONCE, IF, WHILE
#ifndef LPAI_HOST_PREPARE_IMPORTER_INTERNAL_H
#define LPAI_HOST_PREPARE_IMPORTER_INTERNAL_H

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "prepare/graph.h"
#include "prepare/op_prepare.h"
#include "prepare/rules.h"
#include "prepare/tflite_schema_generated.h"

namespace lpai {
namespace prepare {
namespace importer_detail {

namespace tfl = ::lpai::tflite;

constexpr int kReshapeBuiltin = static_cast<int>(format::BuiltinOp::kReshape);
constexpr int kCustomBuiltin = 32;
constexpr int kIfBuiltin = static_cast<int>(format::BuiltinOp::kIf);
constexpr int kWhileBuiltin = static_cast<int>(format::BuiltinOp::kWhile);
constexpr int kCallOnceBuiltin = static_cast<int>(format::BuiltinOp::kCallOnce);
constexpr int kVarHandleBuiltin = 142;
constexpr int kReadVariableBuiltin = 143;
constexpr int kAssignVariableBuiltin = 144;

// The operator code of `op` (the larger of the two code fields, as TFLite reads it), or -1
// when its opcode index is out of range.
inline int builtin_of(const tfl::Model* model, const tfl::Operator* op) {
  const auto* codes = model->operator_codes();
  if (codes == nullptr || op->opcode_index() >= codes->size()) return -1;
  const tfl::OperatorCode* code = codes->Get(op->opcode_index());
  return std::max(static_cast<int>(code->deprecated_builtin_code()),
                  static_cast<int>(code->builtin_code()));
}

// Operators of the table's LPAI_IMPORT_OPS block: shape-only, never run (alias or copy).
inline bool is_import_op(int builtin) {
  switch (builtin) {
#define LPAI_IMPORT_CASE(NAME, code, options) case code:
    LPAI_IMPORT_OPS(LPAI_IMPORT_CASE)
#undef LPAI_IMPORT_CASE
    return true;
    default:
      return false;
  }
}

// Reads element i of a constant int32/int64 tensor (false when it is not one or i is out of
// range).
inline bool const_int(const PrepTensor& t, size_t i, int64_t* v) {
  if (!t.is_const()) return false;
  if (t.type == format::DataType::kInt32 && (i + 1) * 4 <= t.data_size) {
    int32_t x;
    std::memcpy(&x, t.data + 4 * i, 4);
    *v = x;
    return true;
  }
  if (t.type == format::DataType::kInt64 && (i + 1) * 8 <= t.data_size) {
    std::memcpy(v, t.data + 8 * i, 8);
    return true;
  }
  return false;
}

// The role a tensor plays in the imported graph; decides which checks apply.
using Role = rules::TensorRole;

inline const char* tflite_type_name(int t) {
  if (t >= tfl::TensorType_MIN && t <= tfl::TensorType_MAX) {
    return tfl::EnumNameTensorType(static_cast<tfl::TensorType>(t));
  }
  return "UNKNOWN";
}

inline format::DataType map_type(int t) {
  switch (t) {
    case tfl::TensorType_INT8: return format::DataType::kInt8;
    case tfl::TensorType_UINT8: return format::DataType::kUint8;
    case tfl::TensorType_INT16: return format::DataType::kInt16;
    case tfl::TensorType_INT32: return format::DataType::kInt32;
    case tfl::TensorType_INT64: return format::DataType::kInt64;
    case tfl::TensorType_FLOAT32: return format::DataType::kFloat32;
    case tfl::TensorType_BOOL: return format::DataType::kBool;
    case tfl::TensorType_UINT32: return format::DataType::kUint32;
    case tfl::TensorType_UINT64: return format::DataType::kUint64;
    default: return format::DataType::kInvalid;
  }
}

inline std::string shape_text(const PrepTensor& t) {
  std::string s = "[";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? "," : "") + std::to_string(t.shape[i]);
  return s + "]";
}

inline size_t list_size(const flatbuffers::Vector<int32_t>* v) { return v != nullptr ? v->size() : 0; }

// What the importer knows about one model tensor beyond PrepTensor.
struct TensorInfo {
  int tflite_type = 0;
  bool sparse = false;
  bool external = false;      // Tensor.external_buffer or Buffer.offset/size
  bool custom_quant = false;  // QuantizationParameters.details present
  bool bad_buffer = false;    // buffer index out of range
  uint32_t buffer = 0;
  bool graph_input = false;
  bool graph_output = false;
  int checked = 0;            // 0: not yet, 1: ok
};

class Importer {
 public:
  Importer(PrepGraph* g, std::string* error) : g_(*g), error_(*error) {}

  bool run(size_t size);

 private:
  bool fail(const std::string& msg) {
    error_ = msg;
    return false;
  }
  // "tensor <index in its subgraph> '<name>'" (the graph id for a resource variable).
  std::string tensor_label(int id) const {
    std::ostringstream s;
    const int shown = g_.tensors[id].model_index;
    s << "tensor " << (shown >= 0 ? shown : id);
    const std::string& name = g_.tensors[id].name;
    if (!name.empty()) s << " '" << name << "'";
    return s.str();
  }
  std::string node_label(int node, int builtin) const {
    return (subgraph_ != 0 ? "subgraph " + std::to_string(subgraph_) + " " : std::string()) +
           "node " + std::to_string(node) + " (" + op_name(builtin) + ")";
  }

  bool read_tensors(const tfl::Model* model, const tfl::SubGraph* sg);
  void read_tensor(const tfl::Model* model, const tfl::Tensor* src, PrepTensor* t,
                   TensorInfo* inf);
  bool fold_float_boundary(const tfl::Model* model, const tfl::SubGraph* sg);
  void fold_cast_then_scale(const tfl::Model* model, const tfl::SubGraph* sg, size_t k, int in,
                            int out, const std::vector<int>& readers);
  bool read_io(const tfl::SubGraph* sg);
  bool read_ops(const tfl::Model* model, int subgraph, int base);
  bool collect_variables(const tfl::Model* model);
  bool add_var_handle(const tfl::Operator* op, int node, const std::vector<int>& ins,
                      const std::vector<int>& outs);
  bool add_variable_access(int node, int builtin, const std::vector<int>& ins,
                           const std::vector<int>& outs);
  bool add_call_once(const tfl::Model* model, const tfl::Operator* op, int node,
                     const std::vector<int>& ins, const std::vector<int>& outs);
  bool check_matches_variable(int id, int var, const std::string& where);
  void push_op(PrepOp&& op) {
    op.subgraph = subgraph_;
    g_.ops.push_back(std::move(op));
  }
  // Control flow (op_prepare.h: labels and targets).
  int new_label() { return next_label_++; }
  void place_label(int label) {
    PrepOp l;
    l.builtin = kLabelBuiltin;
    l.label = label;
    push_op(std::move(l));
  }
  // A branching op of `node` (CALL_ONCE, IF, WHILE, JUMP) to `target`; `cond` (a graph tensor
  // id, -1: none) is its condition input.
  void push_branch(int builtin, int node, int target, int cond) {
    PrepOp b;
    b.builtin = builtin;
    b.node_index = node;
    if (cond >= 0) b.inputs.push_back(&g_.tensors[cond]);
    b.target = target;
    push_op(std::move(b));
  }
  // A COPY of graph tensor `from` into `to`, part of `node` (-1: a subgraph's argument passing).
  void push_copy(int node, int from, int to) {
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.node_index = node;
    copy.inputs.push_back(&g_.tensors[from]);
    copy.outputs.push_back(&g_.tensors[to]);
    push_op(std::move(copy));
  }
  bool check_called(const std::string& where, const char* role, int index);
  bool check_read(int id, const std::string& where);
  bool check_write(int id, const std::vector<int>& ins, const std::string& where);
  bool add_if(const tfl::Model* model, const tfl::Operator* op, int node,
              const std::vector<int>& ins, const std::vector<int>& outs);
  bool add_while(const tfl::Model* model, const tfl::Operator* op, int node,
                 const std::vector<int>& ins, const std::vector<int>& outs);
  bool inline_subgraph(const tfl::Model* model, int index, const std::vector<int>& args,
                       const std::string& where, int* base);
  bool copy_subgraph_outputs(const tfl::Model* model, int index, int base,
                             const std::vector<int>& outs, const std::string& where);
  bool check_same_bytes(int from, int to, const std::string& where);
  bool decode_options(const tfl::Operator* op, int builtin, const std::string& where,
                      OpOptions* out);
  bool read_custom(const tfl::Operator* op, int code, const std::string& where, PrepOp* p);
  bool check_tensor(int id, Role role, std::string* why);
  bool use_tensor(int id, const std::string& where);
  bool add_reshape(int node, int builtin, int data, const std::vector<int>& ins,
                   const std::vector<int>& outs);
  int noop_data_input(int builtin, const std::vector<int>& ins, const std::vector<int>& outs) const;

  Role role_of(int id) const {
    const PrepTensor& t = g_.tensors[id];
    if (t.is_const()) return Role::kConst;
    if (t.is_variable) return Role::kVariable;
    return Role::kActivation;
  }

  PrepGraph& g_;
  std::string& error_;
  std::vector<TensorInfo> info_;
  std::vector<int> written_at_;  // step (op index in the source model) that wrote it, or -1
  std::vector<bool> folded_;     // per source op: a boundary QUANTIZE/DEQUANTIZE made a copy
  std::vector<int> fold_src_;    // per folded op: the input the copy reads (0 unless a MUL)

  // Resource variables (VAR_HANDLE's container / shared_name), in TFLite Micro's creation
  // order. Each becomes one persistent variable tensor, typed and shaped by the first
  // ASSIGN_VARIABLE that TFLite Micro prepares (subgraph 0 first, operators in order), which
  // also gives its reset value (the zero point, as TFLite Micro's resource buffers start).
  struct Variable {
    bool has_container = false;  // a VAR_HANDLE without container matches any container
    std::string container, shared_name;
    int value_subgraph = -1;     // the first assigned value tensor: subgraph, local index
    int value_tensor = -1;
    int tensor = -1;             // the variable's graph tensor id (-1: never assigned)
  };
  std::vector<Variable> vars_;
  std::vector<int> resource_var_;  // per graph tensor: the variable a VAR_HANDLE output names
  int find_variable(const tfl::VarHandleOptions* o, bool create);
  std::string var_label(int v) const { return "resource variable '" + vars_[v].shared_name + "'"; }

  // Subgraph being imported, the subgraphs being inlined (recursion check), the next label.
  int subgraph_ = 0;
  std::vector<int> call_stack_;
  int next_label_ = 0;
  int inlined_calls_ = 0;
  static constexpr int kMaxInlinedCalls = 1024;
  const tfl::Model* model_ = nullptr;
};

}  // namespace importer_detail
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_IMPORTER_INTERNAL_H
