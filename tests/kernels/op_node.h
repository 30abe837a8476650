// Test node for kernels that need more than ew_harness offers: planned temp (filled with 0x5A
// before every run so a kernel relying on stale scratch fails), variable (persistent) inputs
// kept across runs, and outputs pre-filled with 0xA5. Flow: add_* -> prepare() -> validate() ->
// run() (repeatable) -> output().
#ifndef LPAI_TESTS_KERNELS_OP_NODE_H
#define LPAI_TESTS_KERNELS_OP_NODE_H

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "kernels/registry.h"
#include "prepare/op_prepare.h"

namespace op_test {

using lpai::format::DataType;

struct Spec {
  DataType type = DataType::kInt8;
  std::vector<int32_t> shape;
  float scale = 1.0f;
  int32_t zero_point = 0;
  bool quantized = true;  // false: plain integers (axes, sizes, int32 outputs)
};

class Node {
 public:
  explicit Node(int builtin) { op_.builtin = builtin; }
  lpai::prepare::OpOptions& options() { return op_.options; }

  void add_input(const Spec& s, const std::vector<int32_t>& v) { inputs_.push_back(make(s, v, false, false)); }
  void add_const(const Spec& s, const std::vector<int32_t>& v) { inputs_.push_back(make(s, v, true, false)); }
  void add_variable(const Spec& s, const std::vector<int32_t>& v) { inputs_.push_back(make(s, v, false, true)); }
  void add_absent() { inputs_.push_back(nullptr); }
  void add_output(const Spec& s) { outputs_.push_back(make(s, {}, false, false)); }

  lpai::prepare::PrepResult prepare() {
    op_.inputs.clear();
    op_.outputs.clear();
    for (auto& t : inputs_) op_.inputs.push_back(t ? &t->prep : nullptr);
    for (auto& t : outputs_) op_.outputs.push_back(&t->prep);
    result_ = lpai::prepare::find_prepare(op_.builtin)(op_);
    set_params(result_.params);
    temp_size_ = result_.temp_bytes;
    temp_.assign(temp_size_ / 8 + 2, 0);
    return result_;
  }
  void set_params(const std::vector<uint8_t>& p) {
    result_.params = p;
    blob_.assign(p.size() / 4 + 1, 0);
    if (!p.empty()) std::memcpy(blob_.data(), p.data(), p.size());
  }
  std::vector<uint8_t>& params() { return result_.params; }
  uint32_t& temp_size() { return temp_size_; }
  lpai::format::TensorRecord& in_rec(size_t i) { return inputs_[i]->rec; }
  lpai::format::TensorRecord& out_rec(size_t i) { return outputs_[i]->rec; }

  lpai::Status validate() { return kernel()->validate(args(false)); }
  void run() {
    std::memset(temp_.data(), 0x5A, temp_.size() * 8);
    for (auto& t : outputs_) std::memset(t->storage.data(), 0xA5, t->storage.size() * 8);
    kernel()->eval(args(true));
  }
  void set_input(size_t i, const std::vector<int32_t>& v) { fill(inputs_[i].get(), v); }

  std::vector<int32_t> output(size_t i = 0) const { return values(*outputs_[i]); }
  std::vector<int32_t> input_values(size_t i) const { return values(*inputs_[i]); }

  const lpai::kernels::OpKernel* kernel() const {
    return lpai::kernels::find_kernel(static_cast<uint16_t>(op_.builtin));
  }

 private:
  struct Tensor {
    Spec spec;
    lpai::prepare::PrepTensor prep;
    lpai::format::TensorRecord rec;
    std::vector<uint64_t> storage;
    uint8_t* bytes() { return reinterpret_cast<uint8_t*>(storage.data()); }
    int64_t count() const {
      int64_t n = 1;
      for (int32_t d : spec.shape) n *= d;
      return n;
    }
  };

  static std::vector<int32_t> values(const Tensor& t) {
    const uint32_t es = lpai::format::data_type_size(t.spec.type);
    std::vector<int32_t> v(static_cast<size_t>(t.count()));
    const uint8_t* b = reinterpret_cast<const uint8_t*>(t.storage.data());
    for (size_t k = 0; k < v.size(); ++k) {
      if (es == 1) v[k] = static_cast<int8_t>(b[k]);
      if (es == 2) { int16_t x; std::memcpy(&x, b + 2 * k, 2); v[k] = x; }
      if (es == 4) { int32_t x; std::memcpy(&x, b + 4 * k, 4); v[k] = x; }
    }
    return v;
  }

  static void fill(Tensor* t, const std::vector<int32_t>& v) {
    const uint32_t es = lpai::format::data_type_size(t->spec.type);
    for (size_t k = 0; k < v.size() && k < static_cast<size_t>(t->count()); ++k) {
      std::memcpy(t->bytes() + es * k, &v[k], es);  // little-endian truncation
    }
  }

  std::unique_ptr<Tensor> make(const Spec& s, const std::vector<int32_t>& v, bool is_const,
                               bool is_variable) {
    auto t = std::make_unique<Tensor>();
    t->spec = s;
    const uint32_t es = lpai::format::data_type_size(s.type);
    t->storage.assign((static_cast<size_t>(t->count()) * es + 7) / 8 + 1, 0);
    fill(t.get(), v);
    t->prep.type = s.type;
    t->prep.shape = s.shape;
    if (s.quantized) {
      t->prep.scales = {s.scale};
      t->prep.zero_points = {s.zero_point};
    }
    t->prep.is_variable = is_variable;
    if (is_const) {
      t->prep.data = t->bytes();
      t->prep.data_size = static_cast<size_t>(t->count()) * es;
    }
    std::memset(&t->rec, 0, sizeof(t->rec));
    t->rec.data_type = static_cast<uint8_t>(s.type);
    t->rec.mem_class = static_cast<uint8_t>(
        is_const ? lpai::format::MemClass::kConst
                 : is_variable ? lpai::format::MemClass::kPersistent : lpai::format::MemClass::kScratch);
    t->rec.rank = static_cast<uint8_t>(s.shape.size());
    for (size_t i = 0; i < s.shape.size(); ++i) t->rec.dims[i] = static_cast<uint32_t>(s.shape[i]);
    t->rec.size = static_cast<uint32_t>(t->count()) * es;
    t->rec.zero_point = s.zero_point;
    std::memcpy(&t->rec.scale_bits, &s.scale, 4);
    t->rec.quant_index = lpai::format::kNone;
    t->rec.io_slot = lpai::format::kNone;
    return t;
  }

  lpai::kernels::KernelArgs args(bool with_data) {
    refs_in_.clear();
    refs_out_.clear();
    for (auto& t : inputs_) {
      refs_in_.push_back({t && with_data ? t->bytes() : nullptr, t ? &t->rec : nullptr});
    }
    for (auto& t : outputs_) refs_out_.push_back({with_data ? t->bytes() : nullptr, &t->rec});
    lpai::kernels::KernelArgs a;
    a.params = reinterpret_cast<const uint8_t*>(blob_.data());
    a.params_size = static_cast<uint32_t>(result_.params.size());
    a.inputs = refs_in_.data();
    a.num_inputs = static_cast<uint32_t>(refs_in_.size());
    a.outputs = refs_out_.data();
    a.num_outputs = static_cast<uint32_t>(refs_out_.size());
    a.temp = with_data && temp_size_ > 0 ? reinterpret_cast<uint8_t*>(temp_.data()) : nullptr;
    a.temp_size = temp_size_;
    return a;
  }

  lpai::prepare::PrepOp op_;
  lpai::prepare::PrepResult result_;
  std::vector<uint32_t> blob_;
  std::vector<uint64_t> temp_;
  uint32_t temp_size_ = 0;
  std::vector<std::unique_ptr<Tensor>> inputs_;
  std::vector<std::unique_ptr<Tensor>> outputs_;
  std::vector<lpai::kernels::TensorRef> refs_in_, refs_out_;
};

// Deterministic pseudo-random values in [lo, hi].
inline std::vector<int32_t> random_values(size_t n, int32_t lo, int32_t hi, uint32_t seed) {
  std::vector<int32_t> v(n);
  uint32_t s = seed * 2654435761u + 1u;
  const uint64_t span = static_cast<uint64_t>(int64_t{hi} - int64_t{lo}) + 1;
  for (auto& x : v) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    x = static_cast<int32_t>(int64_t{lo} + static_cast<int64_t>(s % span));
  }
  return v;
}

template <typename T>
std::vector<uint8_t> bytes_of(const T& v) {
  std::vector<uint8_t> b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

}  // namespace op_test

#endif  // LPAI_TESTS_KERNELS_OP_NODE_H
