// Offline, per-operator prepare step (host only; float math allowed here).
//
// The importer decodes a TFLite operator into a PrepOp (tensors with shapes, quantisation and
// constant data; builtin options decoded into OpOptions) and calls the op's prepare function,
// host_sim/prepare/ops/<op>.cc. That function checks everything the firmware kernel will rely
// on, and produces the node's parameter blob (the struct declared in firmware/kernels/<op>.h,
// serialized little-endian) plus the exact number of kernel scratch bytes the kernel needs.
// On rejection it sets `error` to a one-line reason (the importer prefixes op and node).
#ifndef LPAI_HOST_PREPARE_OP_PREPARE_H
#define LPAI_HOST_PREPARE_OP_PREPARE_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/host_result.h"
#include "format/context_binary_format.h"

namespace lpai {
namespace prepare {

struct PrepTensor {
  int index = -1;                  // graph tensor id (PrepGraph::tensors position)
  int model_index = -1;            // index in its model subgraph (-1: made by prepare, e.g. a
                                   // resource variable); equals index in subgraph 0
  std::string name;
  format::DataType type = format::DataType::kInvalid;
  std::vector<int32_t> shape;
  std::vector<float> scales;       // empty: not quantised; size 1: per-tensor; >1: per-channel
  std::vector<int64_t> zero_points;
  int32_t quant_axis = 0;
  const uint8_t* data = nullptr;   // constant data (nullptr for activations/variables)
  size_t data_size = 0;
  bool is_variable = false;
  bool float_io = false;           // graph IO the caller sees as float32 (folded QUANTIZE /
                                   // DEQUANTIZE at the boundary); the tensor itself is integer

  bool is_const() const { return data != nullptr; }
  // Product of the dims; INT64_MAX when it overflows (shapes come from the model unchecked
  // until the importer's tensor checks refuse anything over 4 GiB).
  int64_t element_count() const {
    int64_t n = 1;
    for (int32_t d : shape) {
      if (__builtin_mul_overflow(n, static_cast<int64_t>(d), &n)) return INT64_MAX;
    }
    return n;
  }
};

// TFLite enums as numbers: padding SAME=0 VALID=1; activation NONE=0 RELU=1 RELU_N1_TO_1=2
// RELU6=3 TANH=4.
struct OpOptions {
  int padding = 0;
  // A band of a tiled stage (tiling.h): rows of leading (top) padding of CONV_2D,
  // DEPTHWISE_CONV_2D and the 2-D pools, the output height being the output tensor's; -1: from
  // `padding` over the whole input.
  int explicit_pad_h = -1;
  // A PAD folded into CONV_2D / DEPTHWISE_CONV_2D (fold_pad.h): columns of leading (left)
  // padding, the output width being the output tensor's; -1: from `padding`.
  int explicit_pad_w = -1;
  int stride_w = 1, stride_h = 1;
  int dilation_w = 1, dilation_h = 1;
  int filter_w = 1, filter_h = 1;
  int depth_multiplier = 1;
  int activation = 0;
  bool keep_num_dims = false;
  int axis = 0;
  float beta = 1.0f;               // SOFTMAX
  float alpha = 0.0f;              // LEAKY_RELU
  bool pot_scale_int16 = true;     // ADD/SUB
  bool time_major = false;         // LSTM
  float cell_clip = 0.0f, proj_clip = 0.0f;
  std::vector<int32_t> new_shape;  // RESHAPE
  int begin_mask = 0, end_mask = 0, ellipsis_mask = 0, new_axis_mask = 0, shrink_axis_mask = 0;
  bool keep_dims = false;          // MEAN, SUM, REDUCE_MAX/MIN
  int num_splits = 0;              // SPLIT, SPLIT_V
  int block_size = 0;              // SPACE_TO_DEPTH, DEPTH_TO_SPACE
  bool align_corners = false, half_pixel_centers = false;  // RESIZE_*
  int batch_dims = 0;              // GATHER
  int output_type = -1;            // ARG_MAX/ARG_MIN/SHAPE: TFLite TensorType (-1: absent)
  int values_count = 0;            // PACK; UNPACK num
  int mirror_mode = 0;             // MIRROR_PAD: REFLECT=0 SYMMETRIC=1
  bool adj_x = false, adj_y = false;  // BATCH_MATMUL
  bool exclusive = false, reverse = false;  // CUMSUM
  int rank = 0;                    // SVDF
  // A CUSTOM operator's FlexBuffer map: every integer or bool value by key (bools as 0/1).
  std::map<std::string, int64_t> custom;
};

// Kernel layouts a binary carries besides the portable ones: kHvx adds the HVX GEMM layouts
// (firmware/kernels/hvx/hvx_layout.h) to the parameter blobs of the ops that have one.
enum class KernelLayout { kPortable, kHvx };

struct PrepOp {
  int builtin = -1;                          // TFLite builtin code
  int node_index = -1;                       // operator index within its subgraph
  int subgraph = 0;                          // model subgraph the operator comes from
  // Control flow (firmware/kernels/control_flow.h), inlined by the importer: a label op
  // (builtin kLabelBuiltin, graph.h) marks a position `label`; CALL_ONCE, IF, WHILE and JUMP
  // name the label they skip or jump to in `target`. prepare_graph() removes the labels and
  // sets `jump`: the target's position minus (this op's position + 1), i.e. CALL_ONCE's block
  // size, IF / WHILE's skip, JUMP's offset (< 0 closes a loop).
  int label = -1;
  int target = -1;
  int32_t jump = 0;
  uint32_t once_slot = 0;                    // CALL_ONCE: its run-once flag (set by prepare_graph)
  std::vector<const PrepTensor*> inputs;     // nullptr for an absent optional input (-1)
  std::vector<const PrepTensor*> outputs;
  std::vector<const PrepTensor*> intermediates;
  OpOptions options;
  KernelLayout layout = KernelLayout::kPortable;  // from PlanOptions::kernel_layout
};

// What an op's prepare function returns: the blob and scratch, or the reason it refuses the
// op. A prepare function fails one way: `return PrepResult::reject(why);` (one line, no op or
// node name: the importer prefixes them). See docs/error-handling.md, "Host".
struct PrepResult {
  // A leaner form of the op: another parameter blob whose kernel path needs less scratch and
  // gives the same bytes (e.g. fewer im2col rows, no HVX layout, the temporary-free path).
  struct Leaner {
    std::vector<uint8_t> params;
    uint32_t temp_bytes = 0;
    // true: the same kernel path as the preferred form with smaller blocks (e.g. fewer im2col
    // rows; speed about the same); false: another path (slower: portable instead of HVX, the
    // path without scratch). PlanOptions::temp_policy decides which forms the planner may take.
    bool same_path = false;
  };
  std::vector<uint8_t> params;  // parameter blob (the op's struct + trailing arrays)
  uint32_t temp_bytes = 0;      // kernel scratch the kernel needs, exact; 0 = none
  // Leaner forms, each with strictly less temp_bytes than the one before (and than
  // temp_bytes); the planner takes one where the preferred temp would raise the scratch peak.
  std::vector<Leaner> leaner;
  std::string error;            // non-empty: the op is rejected, with this reason
  bool ok() const { return error.empty(); }
  // The failed result: no blob, no scratch, `why` as the reason.
  static PrepResult reject(std::string why) {
    PrepResult r;
    r.error = std::move(why);
    return r;
  }
  // The failed result of a failed check (failure.ok() must be false), its line as the reason.
  static PrepResult reject(const host::HostStatus& failure) { return reject(failure.error()); }
};

using PrepareFn = PrepResult (*)(const PrepOp& op);

// The prepare function of a TFLite builtin code, or nullptr when the op is unsupported.
PrepareFn find_prepare(int builtin);
// "CONV_2D" etc.; "UNKNOWN(<code>)" for codes this project does not name.
std::string builtin_name(int builtin);
// The TFLite BuiltinOptions type an op of the operator table carries (0: none); -1 when the
// op is not in the table.
int options_type_of(int builtin);
// The operator code of a CUSTOM operator's custom code ("SignalWindow"), or -1 when the
// operator table has no such custom operator.
int custom_op_code(const std::string& custom_code);

// State an operator keeps between inferences where TFLite Micro keeps it in a persistent buffer
// of its own (not a model tensor): the importer appends one variable tensor per entry to the
// op's inputs, after the model's. Variable tensors live in the persistent pool, are zero at
// start and are zeroed again by resetPersistent (TFLite Micro's Reset of these ops).
struct StateTensorSpec {
  format::DataType type;
  int32_t elements;
  const char* what;  // name suffix: "<op output name>/<what>"
};
// The state tensors of `op` (its builtin code, options and model inputs set); empty for
// stateless ops. Sets `error` (and returns empty) when the options make no valid state.
struct PrepOp;
std::vector<StateTensorSpec> op_state_tensors(const PrepOp& op, std::string* error);

// Helpers shared by the op prepare functions (quantisation math exactly as TFLite does it).
// QuantizeMultiplier: double multiplier -> (int32 Q31 multiplier, shift), TFLite semantics.
void quantize_multiplier(double real_multiplier, int32_t* quantized_multiplier, int* shift);
// Appends the raw bytes of a POD value / array to a blob.
template <typename T>
void append_pod(std::vector<uint8_t>* blob, const T& value) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(&value);
  blob->insert(blob->end(), p, p + sizeof(T));
}
template <typename T>
void append_array(std::vector<uint8_t>* blob, const std::vector<T>& values) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(values.data());
  blob->insert(blob->end(), p, p + values.size() * sizeof(T));
}

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OP_PREPARE_H
