// TFLite importer, tensors: reading each tensor, its checks by role, the graph IO and the
// float boundary folding. See importer_internal.h.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "prepare/importer_internal.h"

namespace lpai {
namespace prepare {
namespace importer_detail {

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

}  // namespace importer_detail
}  // namespace prepare
}  // namespace lpai
