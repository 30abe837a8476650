// The project's own small TFLite model writer, on the flatbuffers builder and the code flatc
// generates from host_sim/prepare/tflite_schema.fbs. Used by the tests and by the demo-model
// tool (lpai-make-demo-model). It writes exactly the fields the
// project's subset schema knows, which is what the importer reads; knobs exist to produce
// each malformed or unsupported case the importer must reject.
#ifndef LPAI_HOST_PREPARE_TFLITE_BUILDER_H
#define LPAI_HOST_PREPARE_TFLITE_BUILDER_H

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "format/context_binary_format.h"
#include "prepare/tflite_schema_generated.h"

namespace lpai {
namespace tflite_builder {

namespace tfl = ::lpai::tflite;

// TFLite builtin codes used by the tests: the operator table's, the resource-variable ops the
// importer rewrites, and four that lpai-rt never runs (FLOOR is float-only; CUSTOM, IF and
// WHILE are refused).
constexpr int code_of(format::BuiltinOp op) { return static_cast<int>(op); }
enum Builtin : int {
  kAdd = code_of(format::BuiltinOp::kAdd),
  kConv2d = code_of(format::BuiltinOp::kConv2d),
  kDepthwiseConv2d = code_of(format::BuiltinOp::kDepthwiseConv2d),
  kFullyConnected = code_of(format::BuiltinOp::kFullyConnected),
  kMaxPool2d = code_of(format::BuiltinOp::kMaxPool2d),
  kRelu = code_of(format::BuiltinOp::kRelu),
  kReshape = code_of(format::BuiltinOp::kReshape),
  kSoftmax = code_of(format::BuiltinOp::kSoftmax),
  kQuantize = code_of(format::BuiltinOp::kQuantize),
  kDequantize = code_of(format::BuiltinOp::kDequantize),
  kCast = code_of(format::BuiltinOp::kCast),
  kUnidirectionalSequenceLstm = code_of(format::BuiltinOp::kUnidirectionalSequenceLstm),
  kCallOnce = code_of(format::BuiltinOp::kCallOnce),
  kIf = 118,
  kWhile = 119,
  kVarHandle = 142,
  kReadVariable = 143,
  kAssignVariable = 144,
  kFloor = 8,
  kCustom = 32,
};

struct TensorSpec {
  std::string name;
  tfl::TensorType type = tfl::TensorType_INT8;
  std::vector<int32_t> shape;
  std::vector<float> scales;       // empty: no quantisation table
  std::vector<int64_t> zero_points;
  int32_t quant_axis = 0;
  std::vector<uint8_t> data;       // non-empty: constant (gets its own buffer)
  bool variable = false;
  // Knobs for malformed/unsupported cases.
  bool sparse = false;
  bool custom_quant = false;
  uint32_t external_buffer = 0;        // Tensor.external_buffer
  bool buffer_offset_size = false;     // data placed "outside" (Buffer.offset/size set)
  int32_t buffer_override = -1;        // >= 0: write this buffer index instead
};

using OptionsFn = std::function<flatbuffers::Offset<void>(flatbuffers::FlatBufferBuilder&)>;

struct OpSpec {
  int builtin = 0;
  std::vector<int32_t> inputs, outputs, intermediates;
  tfl::BuiltinOptions options_type = tfl::BuiltinOptions_NONE;
  OptionsFn options;                   // builds the options table (when options_type != NONE)
  int32_t opcode_override = -1;        // >= 0: write this opcode index instead
};

// Subgraphs: the builder starts with subgraph 0 ("main") current; add_subgraph() appends one
// and makes it current, select_subgraph() switches. tensor(), op(), io() and set_name() act on
// the current subgraph; tensor and op indices are the current subgraph's own.
class TfliteBuilder {
 public:
  // Adds a tensor; returns its index.
  int tensor(const TensorSpec& spec) {
    sub().tensors.push_back(spec);
    return static_cast<int>(sub().tensors.size()) - 1;
  }
  // Per-tensor int8 activation (scale 0.5, zero point -3 unless given).
  int act(const std::string& name, std::vector<int32_t> shape, float scale = 0.5f, int64_t zp = -3) {
    TensorSpec s;
    s.name = name;
    s.shape = std::move(shape);
    s.scales = {scale};
    s.zero_points = {zp};
    return tensor(s);
  }
  // int32 constant without quantisation (e.g. a RESHAPE shape operand).
  int const_i32(const std::string& name, const std::vector<int32_t>& values) {
    TensorSpec s;
    s.name = name;
    s.type = tfl::TensorType_INT32;
    s.shape = {static_cast<int32_t>(values.size())};
    s.data.resize(values.size() * 4);
    if (!values.empty()) std::memcpy(s.data.data(), values.data(), s.data.size());
    return tensor(s);
  }
  // A resource handle tensor (type RESOURCE, scalar), as VAR_HANDLE outputs.
  int resource(const std::string& name) {
    TensorSpec s;
    s.name = name;
    s.type = tfl::TensorType_RESOURCE;
    return tensor(s);
  }
  TensorSpec& spec(int id) { return sub().tensors[id]; }

  int op(const OpSpec& spec) {
    sub().ops.push_back(spec);
    return static_cast<int>(sub().ops.size()) - 1;
  }
  // Resource-variable ops: VAR_HANDLE shared_name (container absent unless given) -> handle;
  // READ_VARIABLE handle -> out; ASSIGN_VARIABLE handle, value.
  int var_handle(int handle, const std::string& shared_name, const char* container = nullptr);
  int read_variable(int handle, int out);
  int assign_variable(int handle, int value);
  // CALL_ONCE of subgraph `init`.
  int call_once(int init);

  // RESHAPE in -> out with a constant shape operand made from out's shape.
  int reshape(int in, int out) {
    const int shape = const_i32(sub().tensors[out].name + "/shape", sub().tensors[out].shape);
    OpSpec s;
    s.builtin = kReshape;
    s.inputs = {in, shape};
    s.outputs = {out};
    return op(s);
  }
  OpSpec& op_spec(int k) { return sub().ops[k]; }
  // Op k of the current subgraph (builtin kCustom) gets this custom code and FlexBuffer options.
  void set_custom(int k, const std::string& code, const std::vector<uint8_t>& options) {
    std::vector<std::pair<std::string, std::vector<uint8_t>>>& c = sub().customs;
    if (c.size() <= static_cast<size_t>(k)) c.resize(static_cast<size_t>(k) + 1);
    c[static_cast<size_t>(k)] = {code, options};
  }

  void io(std::vector<int32_t> inputs, std::vector<int32_t> outputs) {
    sub().inputs = std::move(inputs);
    sub().outputs = std::move(outputs);
  }
  void set_name(const std::string& name) { sub().name = name; }
  // Writes `n` copies of subgraph 0 (only while no subgraph was added).
  void set_subgraph_count(int n) { copies_ = n; }
  // Appends an empty subgraph, makes it current and returns its index.
  int add_subgraph(const std::string& name) {
    subs_.emplace_back();
    subs_.back().name = name;
    cur_ = static_cast<int>(subs_.size()) - 1;
    return cur_;
  }
  void select_subgraph(int k) { cur_ = k; }
  // How operator codes are written: both fields (default), only the deprecated byte, or the
  // deprecated byte set to 127 (placeholder) with the code in builtin_code.
  enum class CodeStyle { kBoth, kDeprecatedOnly, kPlaceholder };
  void set_code_style(CodeStyle s) { code_style_ = s; }

  std::vector<uint8_t> finish() const;

 private:
  struct Subgraph {
    std::vector<TensorSpec> tensors;
    std::vector<OpSpec> ops;
    std::vector<int32_t> inputs, outputs;
    std::string name = "main";
    std::vector<std::pair<std::string, std::vector<uint8_t>>> customs;  // per op, may be short
  };
  Subgraph& sub() { return subs_[static_cast<size_t>(cur_)]; }

  std::vector<Subgraph> subs_ = std::vector<Subgraph>(1);
  int cur_ = 0;
  int copies_ = 1;
  CodeStyle code_style_ = CodeStyle::kBoth;
};

// Options helpers.
OptionsFn conv_options(tfl::Padding padding, int stride_w, int stride_h,
                       tfl::ActivationFunctionType act, int dil_w = 1, int dil_h = 1);
OptionsFn fc_options(tfl::ActivationFunctionType act, bool keep_num_dims);
OptionsFn add_options(tfl::ActivationFunctionType act, bool pot_scale_int16);
OptionsFn softmax_options(float beta);

}  // namespace tflite_builder
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_TFLITE_BUILDER_H
