// Test harness for the element-wise / activation kernels: builds the PrepOp a TFLite importer
// would build, runs the op's prepare function, then the firmware validator and eval through
// KernelArgs exactly as the executor calls them.
#ifndef LPAI_TESTS_KERNELS_EW_HARNESS_H
#define LPAI_TESTS_KERNELS_EW_HARNESS_H

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "kernels/registry.h"
#include "prepare/op_prepare.h"

namespace ew_test {

using lpai::format::DataType;

struct Spec {
  DataType type = DataType::kInt8;
  std::vector<int32_t> shape;
  float scale = 1.0f;
  int32_t zero_point = 0;
};

inline uint32_t elem_size(DataType t) { return lpai::format::data_type_size(t); }

// One node under test. Inputs/outputs are declared with add_input/add_const/add_output, then
// prepare() -> validate() -> run().
class Node {
 public:
  explicit Node(int builtin) { op_.builtin = builtin; }

  lpai::prepare::OpOptions& options() { return op_.options; }

  // Activation input with values (in the tensor's element type, given as int32).
  void add_input(const Spec& s, const std::vector<int32_t>& values) {
    inputs_.push_back(make(s, values, false));
  }
  // Constant input (e.g. paddings, begin/end/strides) with raw element values.
  void add_const(const Spec& s, const std::vector<int32_t>& values) {
    inputs_.push_back(make(s, values, true));
  }
  void add_output(const Spec& s) { outputs_.push_back(make(s, {}, false)); }

  lpai::prepare::PrepResult prepare() {
    op_.inputs.clear();
    op_.outputs.clear();
    for (auto& t : inputs_) op_.inputs.push_back(&t->prep);
    for (auto& t : outputs_) op_.outputs.push_back(&t->prep);
    auto fn = lpai::prepare::find_prepare(op_.builtin);
    result_ = fn(op_);
    // 4-byte aligned copy of the blob.
    blob_.assign((result_.params.size() + 3) / 4 + 1, 0);
    if (!result_.params.empty()) std::memcpy(blob_.data(), result_.params.data(), result_.params.size());
    return result_;
  }

  // Overrides the parameter blob (for validation tests).
  void set_params(const std::vector<uint8_t>& params) {
    result_.params = params;
    blob_.assign((params.size() + 3) / 4 + 1, 0);
    if (!params.empty()) std::memcpy(blob_.data(), params.data(), params.size());
  }
  std::vector<uint8_t>& params() { return result_.params; }
  // Mutable tensor records (for validation tests).
  lpai::format::TensorRecord& in_rec(size_t i) { return inputs_[i]->rec; }
  lpai::format::TensorRecord& out_rec(size_t i) { return outputs_[i]->rec; }
  void drop_last_input() { inputs_.pop_back(); }

  lpai::Status validate() { return kernel()->validate(args(false)); }

  void run() { kernel()->eval(args(true)); }

  std::vector<int32_t> output(size_t i = 0) const {
    const Tensor& t = *outputs_[i];
    std::vector<int32_t> v(t.rec.size / elem_size(t.spec.type));
    for (size_t k = 0; k < v.size(); ++k) v[k] = read(t, k);
    return v;
  }

  const lpai::kernels::OpKernel* kernel() const { return lpai::kernels::find_kernel(static_cast<uint16_t>(op_.builtin)); }

 private:
  struct Tensor {
    Spec spec;
    lpai::prepare::PrepTensor prep;
    lpai::format::TensorRecord rec;
    std::vector<uint64_t> storage;  // 8-byte aligned bytes
    uint8_t* bytes() { return reinterpret_cast<uint8_t*>(storage.data()); }
  };

  static int32_t read(const Tensor& t, size_t k) {
    const uint8_t* b = reinterpret_cast<const uint8_t*>(t.storage.data());
    switch (t.spec.type) {
      case DataType::kInt8: return static_cast<int8_t>(b[k]);
      case DataType::kBool: return b[k];
      case DataType::kUint8: return b[k];
      case DataType::kInt16: { int16_t v; std::memcpy(&v, b + 2 * k, 2); return v; }
      default: { int32_t v; std::memcpy(&v, b + 4 * k, 4); return v; }
    }
  }

  std::unique_ptr<Tensor> make(const Spec& s, const std::vector<int32_t>& values, bool is_const) {
    auto t = std::make_unique<Tensor>();
    t->spec = s;
    int64_t n = 1;
    for (int32_t d : s.shape) n *= d;
    const uint32_t es = elem_size(s.type);
    t->storage.assign((static_cast<size_t>(n) * es + 7) / 8 + 1, 0);
    for (size_t k = 0; k < values.size() && k < static_cast<size_t>(n); ++k) {
      const int32_t v = values[k];
      if (s.type == DataType::kInt64) {
        const int64_t w = v;
        std::memcpy(t->bytes() + 8 * k, &w, 8);
      } else {
        std::memcpy(t->bytes() + es * k, &v, es);  // little-endian truncation
      }
    }
    t->prep.type = s.type;
    t->prep.shape = s.shape;
    // Quantised: int8/int16/uint8 tensors, and int32 activations (QUANTIZE's int32 side).
    if (s.type == DataType::kInt8 || s.type == DataType::kInt16 || s.type == DataType::kUint8 ||
        (s.type == DataType::kInt32 && !is_const)) {
      t->prep.scales = {s.scale};
      t->prep.zero_points = {s.zero_point};
    }
    if (is_const) {
      t->prep.data = t->bytes();
      t->prep.data_size = static_cast<size_t>(n) * es;
    }
    std::memset(&t->rec, 0, sizeof(t->rec));
    t->rec.data_type = static_cast<uint8_t>(s.type);
    t->rec.mem_class = static_cast<uint8_t>(is_const ? lpai::format::MemClass::kConst
                                                     : lpai::format::MemClass::kScratch);
    t->rec.rank = static_cast<uint8_t>(s.shape.size());
    for (size_t i = 0; i < s.shape.size(); ++i) t->rec.dims[i] = static_cast<uint32_t>(s.shape[i]);
    t->rec.size = static_cast<uint32_t>(n) * es;
    t->rec.zero_point = s.zero_point;
    std::memcpy(&t->rec.scale_bits, &s.scale, 4);
    t->rec.quant_index = lpai::format::kNone;
    t->rec.io_slot = lpai::format::kNone;
    return t;
  }

  lpai::kernels::KernelArgs args(bool with_data) {
    refs_in_.clear();
    refs_out_.clear();
    for (auto& t : inputs_) refs_in_.push_back({with_data ? t->bytes() : nullptr, &t->rec});
    for (auto& t : outputs_) refs_out_.push_back({with_data ? t->bytes() : nullptr, &t->rec});
    lpai::kernels::KernelArgs a;
    a.params = reinterpret_cast<const uint8_t*>(blob_.data());
    a.params_size = static_cast<uint32_t>(result_.params.size());
    a.inputs = refs_in_.data();
    a.num_inputs = static_cast<uint32_t>(refs_in_.size());
    a.outputs = refs_out_.data();
    a.num_outputs = static_cast<uint32_t>(refs_out_.size());
    a.temp = nullptr;
    a.temp_size = 0;
    return a;
  }

  lpai::prepare::PrepOp op_;
  lpai::prepare::PrepResult result_;
  std::vector<uint32_t> blob_;
  std::vector<std::unique_ptr<Tensor>> inputs_;
  std::vector<std::unique_ptr<Tensor>> outputs_;
  std::vector<lpai::kernels::TensorRef> refs_in_;
  std::vector<lpai::kernels::TensorRef> refs_out_;
};

// Raw bytes of a POD value.
template <typename T>
std::vector<uint8_t> bytes_of(const T& v) {
  std::vector<uint8_t> b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

// Deterministic pseudo-random values in [lo, hi].
inline std::vector<int32_t> random_values(size_t n, int32_t lo, int32_t hi, uint32_t seed) {
  std::vector<int32_t> v(n);
  uint32_t s = seed * 2654435761u + 1u;
  const uint64_t span = static_cast<uint64_t>(int64_t{hi} - int64_t{lo}) + 1;  // up to 2^32
  for (auto& x : v) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    x = static_cast<int32_t>(int64_t{lo} + static_cast<int64_t>(s % span));
  }
  return v;
}

}  // namespace ew_test

#endif  // LPAI_TESTS_KERNELS_EW_HARNESS_H
