// TFLite importer: verified flatbuffer -> PrepGraph. See importer.h for the contract.
#include "prepare/importer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <utility>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "prepare/custom_options.h"
#include "prepare/rules.h"
#include "prepare/tflite_schema_generated.h"

namespace lpai {
namespace prepare {
namespace {

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
int builtin_of(const tfl::Model* model, const tfl::Operator* op) {
  const auto* codes = model->operator_codes();
  if (codes == nullptr || op->opcode_index() >= codes->size()) return -1;
  const tfl::OperatorCode* code = codes->Get(op->opcode_index());
  return std::max(static_cast<int>(code->deprecated_builtin_code()),
                  static_cast<int>(code->builtin_code()));
}

// Operators of the table's LPAI_IMPORT_OPS block: shape-only, never run (alias or copy).
bool is_import_op(int builtin) {
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
bool const_int(const PrepTensor& t, size_t i, int64_t* v) {
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

const char* tflite_type_name(int t) {
  if (t >= tfl::TensorType_MIN && t <= tfl::TensorType_MAX) {
    return tfl::EnumNameTensorType(static_cast<tfl::TensorType>(t));
  }
  return "UNKNOWN";
}

format::DataType map_type(int t) {
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

// Appends the subgraph's tensors to the graph (ids from the current tensor count on).
bool Importer::read_tensors(const tfl::Model* model, const tfl::SubGraph* sg) {
  const auto* tensors = sg->tensors();
  const size_t n = tensors ? tensors->size() : 0;
  const size_t base = g_.tensors.size();
  info_.resize(base + n, TensorInfo());
  written_at_.resize(base + n, -1);
  g_.alias_of.resize(base + n, -1);
  resource_var_.resize(base + n, -1);
  for (size_t i = 0; i < n; ++i) {
    PrepTensor& t = g_.add_tensor();
    t.model_index = static_cast<int>(i);
    read_tensor(model, tensors->Get(static_cast<flatbuffers::uoffset_t>(i)), &t, &info_[base + i]);
  }
  return true;
}

void Importer::read_tensor(const tfl::Model* model, const tfl::Tensor* src, PrepTensor* tp,
                           TensorInfo* infp) {
  const auto* buffers = model->buffers();
  const size_t n_buf = buffers ? buffers->size() : 0;
  {
    PrepTensor& t = *tp;
    TensorInfo& inf = *infp;
    if (src->name()) t.name = src->name()->str();
    inf.tflite_type = static_cast<int>(src->type());
    t.type = map_type(inf.tflite_type);
    if (src->shape()) t.shape.assign(src->shape()->begin(), src->shape()->end());
    t.is_variable = src->is_variable();
    inf.sparse = src->sparsity() != nullptr;
    inf.external = src->external_buffer() != 0;
    if (const tfl::QuantizationParameters* q = src->quantization()) {
      if (q->scale()) t.scales.assign(q->scale()->begin(), q->scale()->end());
      if (const auto* zp = q->zero_point()) {
        // flatbuffers' verifier (2.0.x) checks a vector's length field, not that its [long]
        // elements are 8-byte aligned: copy the bytes instead of loading misaligned int64s
        // (undefined behaviour, a fault on strict-alignment hosts; found by fuzzing).
        t.zero_points.resize(zp->size());
        if (zp->size() != 0)
          std::memcpy(t.zero_points.data(), zp->Data(), zp->size() * sizeof(int64_t));
      }
      // TFLite Micro reads quantized_dimension only for per-channel tensors; older converters
      // left stale values on per-tensor ones (person_detect's biases): normalised to 0.
      t.quant_axis = t.scales.size() > 1 ? q->quantized_dimension() : 0;
      // Nor does it read a bias's: an int32/int64 rank-1 constant with one scale per element
      // is per-channel along its only axis whatever the field says (old converters copied
      // the filter's axis, e.g. 3, onto person_detect's depthwise biases).
      const bool bias_like = (t.type == format::DataType::kInt32 ||
                              t.type == format::DataType::kInt64) &&
                             t.shape.size() == 1 && t.scales.size() > 1 &&
                             static_cast<size_t>(t.shape[0]) == t.scales.size();
      if (bias_like && t.quant_axis != 0) {
        g_.compat_notes.push_back("tensor " + std::to_string(t.model_index >= 0 ? t.model_index : t.index) + " '" + t.name +
                                  "': per-channel bias quantized_dimension " +
                                  std::to_string(t.quant_axis) + " ignored (rank 1: axis 0)");
        t.quant_axis = 0;
      }
      inf.custom_quant = q->details_type() != tfl::QuantizationDetails_NONE;
    }
    inf.buffer = src->buffer();
    if (inf.buffer != 0) {
      if (inf.buffer >= n_buf) {
        inf.bad_buffer = true;
        return;
      }
      const tfl::Buffer* b = buffers->Get(inf.buffer);
      if (b->offset() != 0 || b->size() != 0) inf.external = true;
      if (b->data() && b->data()->size() > 0) {
        t.data = b->data()->data();
        t.data_size = b->data()->size();
      }
    }
  }
}

// Float at the graph boundary: a QUANTIZE whose float32 input is a graph input read by nothing
// else, and a DEQUANTIZE (or integer -> float CAST, as scale 1 and zero point 0) whose float32
// output is a graph output read by nothing, become byte copies; the float tensor takes the integer side's type and quantisation and is marked
// float_io (the host converts at the boundary, as TFLite Micro's kernels would). Any other
// float tensor stays float and is refused by the tensor checks.
bool Importer::fold_float_boundary(const tfl::Model* model, const tfl::SubGraph* sg) {
  const auto* codes = model->operator_codes();
  const auto* ops = sg->operators();
  const size_t n_ops = ops ? ops->size() : 0;
  const int n = static_cast<int>(g_.tensors.size());
  folded_.assign(n_ops, false);
  fold_src_.assign(n_ops, 0);
  std::vector<int> readers(g_.tensors.size(), 0);
  for (size_t k = 0; k < n_ops; ++k) {
    const auto* ins = ops->Get(static_cast<flatbuffers::uoffset_t>(k))->inputs();
    if (ins == nullptr) continue;
    for (int32_t id : *ins) {
      if (id >= 0 && id < n) ++readers[id];
    }
  }
  auto is_graph = [](const flatbuffers::Vector<int32_t>* list, int id) {
    return list != nullptr && std::find(list->begin(), list->end(), id) != list->end();
  };
  constexpr int kQuantize = static_cast<int>(format::BuiltinOp::kQuantize);
  constexpr int kDequantize = static_cast<int>(format::BuiltinOp::kDequantize);
  for (size_t k = 0; k < n_ops; ++k) {
    const tfl::Operator* op = ops->Get(static_cast<flatbuffers::uoffset_t>(k));
    if (codes == nullptr || op->opcode_index() >= codes->size()) continue;  // read_ops reports
    const tfl::OperatorCode* code = codes->Get(op->opcode_index());
    const int builtin = std::max(static_cast<int>(code->deprecated_builtin_code()),
                                 static_cast<int>(code->builtin_code()));
    constexpr int kCast = static_cast<int>(format::BuiltinOp::kCast);
    if (builtin != kQuantize && builtin != kDequantize && builtin != kCast) continue;
    if (!op->inputs() || !op->outputs() || op->inputs()->size() != 1 ||
        op->outputs()->size() != 1) {
      continue;
    }
    const int in = op->inputs()->Get(0), out = op->outputs()->Get(0);
    if (in < 0 || in >= n || out < 0 || out >= n) continue;
    const bool quantize = builtin == kQuantize;
    const int flt = quantize ? in : out;  // the float side
    const int integer = quantize ? out : in;
    PrepTensor& f = g_.tensors[flt];
    const PrepTensor& q = g_.tensors[integer];
    if (f.type != format::DataType::kFloat32 || f.is_const() || f.is_variable) continue;
    if (q.type != format::DataType::kInt8 && q.type != format::DataType::kInt16 &&
        q.type != format::DataType::kUint8) {
      continue;
    }
    const bool boundary = quantize ? is_graph(sg->inputs(), flt) && readers[flt] == 1
                                   : is_graph(sg->outputs(), flt) && readers[flt] == 0;
    if (!boundary && builtin == kCast && readers[flt] == 1) {
      fold_cast_then_scale(model, sg, k, in, out, readers);
      continue;
    }
    if (!boundary) continue;  // refused later: a float tensor inside the graph
    f.type = q.type;
    f.scales = q.scales;
    f.zero_points = q.zero_points;
    f.quant_axis = q.quant_axis;
    if (builtin == kCast) {  // plain integers: the float value is the integer itself
      f.scales = {1.0f};
      f.zero_points = {0};
    }
    f.float_io = true;
    info_[flt].tflite_type = info_[integer].tflite_type;
    folded_[k] = true;
  }
  return true;
}

// An integer -> float CAST whose only reader is a MUL by a constant float32 scalar c (no fused
// activation) writing a graph output read by nothing: the dequantisation TFLite Micro's
// micro_speech float preprocessor ends with. TFLite Micro computes float(q) * c in float32,
// which equals the host's float(double(c) * q) boundary conversion for every int8/int16 q: the
// CAST becomes a copy into a plain integer tensor, the MUL a copy into the graph output, which
// takes scale c and zero point 0 as a float-IO output.
void Importer::fold_cast_then_scale(const tfl::Model* model, const tfl::SubGraph* sg, size_t k,
                                    int in, int out, const std::vector<int>& readers) {
  const auto* codes = model->operator_codes();
  const auto* ops = sg->operators();
  const int n = static_cast<int>(g_.tensors.size());
  constexpr int kMul = static_cast<int>(format::BuiltinOp::kMul);
  const PrepTensor& q = g_.tensors[in];
  if (q.type != format::DataType::kInt8 && q.type != format::DataType::kInt16) return;
  for (size_t j = k + 1; j < ops->size(); ++j) {
    const tfl::Operator* mul = ops->Get(static_cast<flatbuffers::uoffset_t>(j));
    if (!mul->inputs() || mul->inputs()->size() != 2 || !mul->outputs() ||
        mul->outputs()->size() != 1) {
      continue;
    }
    const int a = mul->inputs()->Get(0), b = mul->inputs()->Get(1);
    if (a != out && b != out) continue;  // not the CAST's reader
    if (codes == nullptr || mul->opcode_index() >= codes->size()) return;
    const tfl::OperatorCode* code = codes->Get(mul->opcode_index());
    const int builtin = std::max(static_cast<int>(code->deprecated_builtin_code()),
                                 static_cast<int>(code->builtin_code()));
    if (builtin != kMul || a == b) return;
    const tfl::MulOptions* mo = mul->builtin_options_as_MulOptions();
    if (mo != nullptr && mo->fused_activation_function() != tfl::ActivationFunctionType_NONE) return;
    const int c = a == out ? b : a;
    const int y = mul->outputs()->Get(0);
    if (c < 0 || c >= n || y < 0 || y >= n || readers[y] != 0) return;
    const PrepTensor& ct = g_.tensors[c];
    PrepTensor& yt = g_.tensors[y];
    if (ct.type != format::DataType::kFloat32 || !ct.is_const() || ct.data_size != 4 ||
        yt.type != format::DataType::kFloat32 || yt.is_const() || yt.is_variable ||
        !sg->outputs() ||
        std::find(sg->outputs()->begin(), sg->outputs()->end(), y) == sg->outputs()->end()) {
      return;
    }
    float scale;
    std::memcpy(&scale, ct.data, 4);
    if (!std::isfinite(scale) || !(scale > 0.0f)) return;
    PrepTensor& ft = g_.tensors[out];
    ft.type = q.type;  // plain integers: the CAST's copy
    ft.scales.clear();
    ft.zero_points.clear();
    info_[out].tflite_type = info_[in].tflite_type;
    yt.type = q.type;
    yt.scales = {scale};
    yt.zero_points = {0};
    yt.float_io = true;
    info_[y].tflite_type = info_[in].tflite_type;
    folded_[k] = true;
    folded_[j] = true;
    fold_src_[j] = a == out ? 0 : 1;
    return;
  }
}

bool Importer::read_io(const tfl::SubGraph* sg) {
  const int n = static_cast<int>(g_.tensors.size());
  auto read_list = [&](const flatbuffers::Vector<int32_t>* list, const char* what,
                       std::vector<int>* out) -> bool {
    if (!list) return true;
    for (int32_t id : *list) {
      if (id < 0 || id >= n) {
        return fail(std::string("graph ") + what + " index " + std::to_string(id) +
                    " is out of range (" + std::to_string(n) + " tensors)");
      }
      if (std::find(out->begin(), out->end(), id) != out->end()) {
        return fail(std::string("graph ") + what + "s list " + tensor_label(id) + " twice");
      }
      out->push_back(id);
    }
    return true;
  };
  if (!read_list(sg->inputs(), "input", &g_.inputs)) return false;
  if (!read_list(sg->outputs(), "output", &g_.outputs)) return false;
  if (g_.inputs.empty()) return fail("graph: has no inputs");
  if (g_.outputs.empty()) return fail("graph: has no outputs");
  for (int id : g_.inputs) info_[id].graph_input = true;
  for (int id : g_.outputs) {
    info_[id].graph_output = true;
    if (info_[id].graph_input) {
      return fail(tensor_label(id) + ": is both a graph input and a graph output (not supported)");
    }
  }
  for (int id : g_.inputs) {
    std::string why;
    if (role_of(id) != Role::kActivation) {
      return fail("graph input " + tensor_label(id) + ": " +
                  (g_.tensors[id].is_const() ? "is a constant" : "is a variable tensor") +
                  " (not supported)");
    }
    if (!check_tensor(id, Role::kActivation, &why)) return fail("graph input " + tensor_label(id) + ": " + why);
  }
  for (int id : g_.outputs) {
    std::string why;
    if (role_of(id) != Role::kActivation) {
      return fail("graph output " + tensor_label(id) + ": " +
                  (g_.tensors[id].is_const() ? "is a constant" : "is a variable tensor") +
                  " (not supported)");
    }
    if (!check_tensor(id, Role::kActivation, &why)) return fail("graph output " + tensor_label(id) + ": " + why);
  }
  return true;
}

bool Importer::check_tensor(int id, Role role, std::string* why) {
  TensorInfo& inf = info_[id];
  if (inf.checked) return true;
  const PrepTensor& t = g_.tensors[id];
  if (inf.bad_buffer) {
    *why = "buffer index " + std::to_string(inf.buffer) + " is out of range";
    return false;
  }
  if (inf.external) {
    *why = "data in an external buffer (offset/size) is not supported";
    return false;
  }
  if (inf.sparse) {
    *why = "sparse tensors are not supported";
    return false;
  }
  if (inf.custom_quant) {
    *why = "custom quantisation details are not supported";
    return false;
  }
  if (t.shape.size() > format::kMaxRank) {
    *why = "rank " + std::to_string(t.shape.size()) + " exceeds the supported maximum " +
           std::to_string(format::kMaxRank);
    return false;
  }
  uint64_t elems = 1;
  for (int32_t d : t.shape) {
    if (d < 1) {
      *why = "dimension " + std::to_string(d) + " is not supported (dynamic or empty shape)";
      return false;
    }
    elems *= static_cast<uint64_t>(d);
    if (elems > std::numeric_limits<uint32_t>::max()) {
      *why = "shape is too large";
      return false;
    }
  }
  const format::DataType ty = t.type;
  bool type_ok = false;
  switch (role) {
    case Role::kConst:
      type_ok = ty == format::DataType::kInt8 || ty == format::DataType::kInt16 ||
                ty == format::DataType::kInt32 || ty == format::DataType::kInt64 ||
                ty == format::DataType::kBool;
      break;
    case Role::kVariable:
      type_ok = ty == format::DataType::kInt8 || ty == format::DataType::kInt16;
      break;
    case Role::kActivation:  // int32 / bool / uint32 / uint64 as plain data, uint8 at graph
                             // edges (each op's prepare checks its types: QUANTIZE takes
                             // uint8 <-> int8)
      type_ok = ty == format::DataType::kInt8 || ty == format::DataType::kInt16 ||
                ty == format::DataType::kInt32 || ty == format::DataType::kBool ||
                ty == format::DataType::kUint8 || ty == format::DataType::kUint32 ||
                ty == format::DataType::kUint64;
      break;
  }
  if (!type_ok) {
    *why = std::string("type ") + tflite_type_name(inf.tflite_type) + " is not supported for " +
           (role == Role::kConst ? "a constant" : role == Role::kVariable ? "a variable tensor" : "an activation");
    if (ty == format::DataType::kInt64 && role == Role::kActivation) {
      *why += " (TFLite Micro writes no int64 activation: its ARG_MAX, ARG_MIN and SHAPE "
              "output int32 only and its CAST has no int64; convert with output_type int32)";
    }
    if (ty == format::DataType::kFloat32 && role == Role::kActivation) {
      *why += " (float32 is accepted only at the graph boundary: a graph input read only by a "
              "QUANTIZE, or a graph output written by a DEQUANTIZE)";
    }
    return false;
  }
  const uint64_t bytes = elems * format::data_type_size(ty);
  if (bytes > std::numeric_limits<uint32_t>::max()) {
    *why = "size exceeds 4 GiB";
    return false;
  }
  if (role == Role::kConst && t.data_size != bytes) {
    *why = "constant buffer holds " + std::to_string(t.data_size) + " bytes but the shape needs " +
           std::to_string(bytes);
    return false;
  }
  if (!rules::check_quant(t, role, why)) return false;
  inf.checked = 1;
  return true;
}

// Checks tensor `id` (read or written by the op described by `where`) for its role.
bool Importer::use_tensor(int id, const std::string& where) {
  const Role role = role_of(id);
  std::string why;
  if (g_.tensors[id].is_variable && g_.tensors[id].is_const()) {
    return fail(where + ": " + tensor_label(id) + ": variable tensors with initial data are not supported");
  }
  if (!check_tensor(id, role, &why)) return fail(where + ": " + tensor_label(id) + ": " + why);
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
  switch (type) {
    case tfl::BuiltinOptions_Conv2DOptions: {
      const auto* p = op->builtin_options_as_Conv2DOptions();
      o->padding = p->padding();
      o->stride_w = p->stride_w();
      o->stride_h = p->stride_h();
      o->activation = p->fused_activation_function();
      o->dilation_w = p->dilation_w_factor();
      o->dilation_h = p->dilation_h_factor();
      return true;
    }
    case tfl::BuiltinOptions_DepthwiseConv2DOptions: {
      const auto* p = op->builtin_options_as_DepthwiseConv2DOptions();
      o->padding = p->padding();
      o->stride_w = p->stride_w();
      o->stride_h = p->stride_h();
      o->depth_multiplier = p->depth_multiplier();
      o->activation = p->fused_activation_function();
      o->dilation_w = p->dilation_w_factor();
      o->dilation_h = p->dilation_h_factor();
      return true;
    }
    case tfl::BuiltinOptions_Pool2DOptions: {
      const auto* p = op->builtin_options_as_Pool2DOptions();
      o->padding = p->padding();
      o->stride_w = p->stride_w();
      o->stride_h = p->stride_h();
      o->filter_w = p->filter_width();
      o->filter_h = p->filter_height();
      o->activation = p->fused_activation_function();
      return true;
    }
    case tfl::BuiltinOptions_FullyConnectedOptions: {
      const auto* p = op->builtin_options_as_FullyConnectedOptions();
      if (p->weights_format() != tfl::FullyConnectedOptionsWeightsFormat_DEFAULT) {
        return fail(where + ": shuffled weights format is not supported");
      }
      o->activation = p->fused_activation_function();
      o->keep_num_dims = p->keep_num_dims();
      return true;
    }
    case tfl::BuiltinOptions_SoftmaxOptions:
      o->beta = op->builtin_options_as_SoftmaxOptions()->beta();
      return true;
    case tfl::BuiltinOptions_ConcatenationOptions: {
      const auto* p = op->builtin_options_as_ConcatenationOptions();
      o->axis = p->axis();
      o->activation = p->fused_activation_function();
      return true;
    }
    case tfl::BuiltinOptions_AddOptions: {
      const auto* p = op->builtin_options_as_AddOptions();
      o->activation = p->fused_activation_function();
      o->pot_scale_int16 = p->pot_scale_int16();
      return true;
    }
    case tfl::BuiltinOptions_SubOptions: {
      const auto* p = op->builtin_options_as_SubOptions();
      o->activation = p->fused_activation_function();
      o->pot_scale_int16 = p->pot_scale_int16();
      return true;
    }
    case tfl::BuiltinOptions_MulOptions:
      o->activation = op->builtin_options_as_MulOptions()->fused_activation_function();
      return true;
    case tfl::BuiltinOptions_DivOptions:
      o->activation = op->builtin_options_as_DivOptions()->fused_activation_function();
      return true;
    case tfl::BuiltinOptions_L2NormOptions:
      o->activation = op->builtin_options_as_L2NormOptions()->fused_activation_function();
      return true;
    case tfl::BuiltinOptions_ReshapeOptions: {
      const auto* p = op->builtin_options_as_ReshapeOptions();
      if (p->new_shape()) o->new_shape.assign(p->new_shape()->begin(), p->new_shape()->end());
      return true;
    }
    case tfl::BuiltinOptions_LeakyReluOptions:
      o->alpha = op->builtin_options_as_LeakyReluOptions()->alpha();
      return true;
    case tfl::BuiltinOptions_StridedSliceOptions: {
      const auto* p = op->builtin_options_as_StridedSliceOptions();
      if (p->offset()) return fail(where + ": STRIDED_SLICE with offset=true is not supported");
      o->begin_mask = p->begin_mask();
      o->end_mask = p->end_mask();
      o->ellipsis_mask = p->ellipsis_mask();
      o->new_axis_mask = p->new_axis_mask();
      o->shrink_axis_mask = p->shrink_axis_mask();
      return true;
    }
    case tfl::BuiltinOptions_TransposeConvOptions: {
      const auto* p = op->builtin_options_as_TransposeConvOptions();
      o->padding = p->padding();
      o->stride_w = p->stride_w();
      o->stride_h = p->stride_h();
      o->activation = p->fused_activation_function();
      return true;
    }
    case tfl::BuiltinOptions_UnidirectionalSequenceLSTMOptions: {
      const auto* p = op->builtin_options_as_UnidirectionalSequenceLSTMOptions();
      o->activation = p->fused_activation_function();
      o->cell_clip = p->cell_clip();
      o->proj_clip = p->proj_clip();
      o->time_major = p->time_major();
      return true;
    }
    case tfl::BuiltinOptions_SVDFOptions: {
      const auto* p = op->builtin_options_as_SVDFOptions();
      o->rank = p->rank();
      o->activation = p->fused_activation_function();
      return true;
    }
    case tfl::BuiltinOptions_ResizeBilinearOptions: {
      const auto* p = op->builtin_options_as_ResizeBilinearOptions();
      o->align_corners = p->align_corners();
      o->half_pixel_centers = p->half_pixel_centers();
      return true;
    }
    case tfl::BuiltinOptions_ResizeNearestNeighborOptions: {
      const auto* p = op->builtin_options_as_ResizeNearestNeighborOptions();
      o->align_corners = p->align_corners();
      o->half_pixel_centers = p->half_pixel_centers();
      return true;
    }
    case tfl::BuiltinOptions_SpaceToDepthOptions:
      o->block_size = op->builtin_options_as_SpaceToDepthOptions()->block_size();
      return true;
    case tfl::BuiltinOptions_DepthToSpaceOptions:
      o->block_size = op->builtin_options_as_DepthToSpaceOptions()->block_size();
      return true;
    case tfl::BuiltinOptions_GatherOptions: {
      const auto* p = op->builtin_options_as_GatherOptions();
      o->axis = p->axis();
      o->batch_dims = p->batch_dims();
      return true;
    }
    case tfl::BuiltinOptions_ReducerOptions:
      o->keep_dims = op->builtin_options_as_ReducerOptions()->keep_dims();
      return true;
    case tfl::BuiltinOptions_SqueezeOptions: {
      const auto* p = op->builtin_options_as_SqueezeOptions();
      if (p->squeeze_dims()) {
        o->squeeze_dims.assign(p->squeeze_dims()->begin(), p->squeeze_dims()->end());
      }
      return true;
    }
    case tfl::BuiltinOptions_SplitOptions:
      o->num_splits = op->builtin_options_as_SplitOptions()->num_splits();
      return true;
    case tfl::BuiltinOptions_SplitVOptions:
      o->num_splits = op->builtin_options_as_SplitVOptions()->num_splits();
      return true;
    case tfl::BuiltinOptions_CastOptions:
      return true;  // the tensors' types say everything
    case tfl::BuiltinOptions_ArgMaxOptions:
      o->output_type = op->builtin_options_as_ArgMaxOptions()->output_type();
      return true;
    case tfl::BuiltinOptions_ArgMinOptions:
      o->output_type = op->builtin_options_as_ArgMinOptions()->output_type();
      return true;
    case tfl::BuiltinOptions_ShapeOptions:
      o->output_type = op->builtin_options_as_ShapeOptions()->out_type();
      return true;
    case tfl::BuiltinOptions_PackOptions: {
      const auto* p = op->builtin_options_as_PackOptions();
      o->values_count = p->values_count();
      o->axis = p->axis();
      return true;
    }
    case tfl::BuiltinOptions_UnpackOptions: {
      const auto* p = op->builtin_options_as_UnpackOptions();
      o->values_count = p->num();
      o->axis = p->axis();
      return true;
    }
    case tfl::BuiltinOptions_MirrorPadOptions:
      o->mirror_mode = op->builtin_options_as_MirrorPadOptions()->mode();
      return true;
    case tfl::BuiltinOptions_BatchMatMulOptions: {
      const auto* p = op->builtin_options_as_BatchMatMulOptions();
      o->adj_x = p->adj_x();
      o->adj_y = p->adj_y();
      return true;
    }
    case tfl::BuiltinOptions_CumsumOptions: {
      const auto* p = op->builtin_options_as_CumsumOptions();
      o->exclusive = p->exclusive();
      o->reverse = p->reverse();
      return true;
    }
    default:
      // Tables without fields the kernels use (PadOptions, QuantizeOptions, ...).
      return true;
  }
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
  PrepOp op;
  op.builtin = kCopyBuiltin;
  op.node_index = node;
  op.inputs.push_back(&g_.tensors[in]);
  op.outputs.push_back(&g_.tensors[out]);
  push_op(std::move(op));
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

std::string shape_text(const PrepTensor& t) {
  std::string s = "[";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? "," : "") + std::to_string(t.shape[i]);
  return s + "]";
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
  PrepTensor* var = &g_.tensors[vars_[v].tensor];
  PrepOp copy;
  copy.builtin = kCopyBuiltin;
  copy.node_index = node;
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
    copy.inputs.push_back(var);
    copy.outputs.push_back(&g_.tensors[out]);
  } else {
    const int value = ins[1];
    const std::string w = where + " input 1";
    if (value < 0) return fail(w + ": the value is absent");
    if (!use_tensor(value, w)) return false;
    if (role_of(value) == Role::kActivation && !info_[value].graph_input && written_at_[value] < 0) {
      return fail(w + ": " + tensor_label(value) + " is read before any operator writes it");
    }
    if (!check_matches_variable(value, v, w)) return false;
    copy.inputs.push_back(&g_.tensors[value]);
    copy.outputs.push_back(var);
  }
  push_op(std::move(copy));
  return true;
}

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
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.node_index = -1;
    copy.inputs.push_back(&g_.tensors[args[k]]);
    copy.outputs.push_back(&g_.tensors[id]);
    push_op(std::move(copy));
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
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.node_index = -1;
    copy.inputs.push_back(&g_.tensors[id]);
    copy.outputs.push_back(&g_.tensors[outs[k]]);
    push_op(std::move(copy));
  }
  return true;
}

size_t list_size(const flatbuffers::Vector<int32_t>* v) { return v != nullptr ? v->size() : 0; }

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
  PrepOp p;
  p.builtin = kCallOnceBuiltin;
  p.node_index = node;
  p.target = end;
  push_op(std::move(p));
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
  PrepOp p;
  p.builtin = kIfBuiltin;
  p.node_index = node;
  p.inputs.push_back(&g_.tensors[ins[0]]);
  p.target = else_label;
  push_op(std::move(p));
  for (int b = 0; b < 2; ++b) {
    if (b == 1) place_label(else_label);
    int base = 0;
    if (!inline_subgraph(model, branch[b], args, where, &base) ||
        !copy_subgraph_outputs(model, branch[b], base, outs, where)) {
      return false;
    }
    if (b == 0) {
      PrepOp jump;
      jump.builtin = kJumpBuiltin;
      jump.node_index = node;
      jump.target = end;
      push_op(std::move(jump));
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
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.node_index = node;
    copy.inputs.push_back(&g_.tensors[ins[k]]);
    copy.outputs.push_back(&g_.tensors[outs[k]]);
    push_op(std::move(copy));
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
  PrepOp w;
  w.builtin = kWhileBuiltin;
  w.node_index = node;
  w.inputs.push_back(&g_.tensors[cond]);
  w.target = exit;
  push_op(std::move(w));
  if (!inline_subgraph(model, body_sg, outs, where, &base) ||
      !copy_subgraph_outputs(model, body_sg, base, outs, where)) {
    return false;
  }
  PrepOp jump;
  jump.builtin = kJumpBuiltin;
  jump.node_index = node;
  jump.target = head;
  push_op(std::move(jump));
  place_label(exit);
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
      PrepOp copy;
      copy.builtin = kCopyBuiltin;
      copy.node_index = node;
      copy.inputs.push_back(&g_.tensors[ins[fold_src_[k]]]);
      copy.outputs.push_back(&g_.tensors[outs[0]]);
      push_op(std::move(copy));
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

}  // namespace

bool import_tflite(const uint8_t* data, size_t size, PrepGraph* out, std::string* error) {
  std::string err;
  PrepGraph g;
  if (data == nullptr && size != 0) {
    *error = "model: null data";
    return false;
  }
  if (size > static_cast<size_t>(FLATBUFFERS_MAX_BUFFER_SIZE) - 1) {
    *error = "model: " + std::to_string(size) + " bytes exceeds the flatbuffers 2 GiB limit";
    return false;
  }
  g.storage.assign(data, data + size);
  Importer imp(&g, &err);
  if (!imp.run(size)) {
    *error = err;
    return false;
  }
  *out = std::move(g);
  return true;
}

}  // namespace prepare
}  // namespace lpai
