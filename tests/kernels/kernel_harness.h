// Kernel test harness: runs one operator the way the runtime does, without a context binary:
// host prepare function -> TensorRecords + parameter blob -> OpKernel::validate (data pointers
// null) -> OpKernel::eval (data pointers set, temp sized by prepare). Tests may tamper with the
// prepared blob / records between prepare() and validate() to check rejections.
#ifndef LPAI_TESTS_KERNELS_KERNEL_HARNESS_H
#define LPAI_TESTS_KERNELS_KERNEL_HARNESS_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"

namespace lpai_test {

// One tensor of a test node: shape, type, quantisation and bytes (constant data, or the input
// values of an activation; ignored for outputs).
struct TestTensor {
  lpai::format::DataType type = lpai::format::DataType::kInt8;
  std::vector<int32_t> shape;
  std::vector<float> scales{1.0f};
  std::vector<int64_t> zero_points{0};
  int32_t quant_axis = 0;
  bool is_const = false;
  bool is_variable = false;  // state in the persistent pool (record mem_class kPersistent)
  std::vector<uint8_t> bytes;

  template <typename T>
  static TestTensor make(lpai::format::DataType type, std::vector<int32_t> shape,
                         const std::vector<T>& values, float scale, int64_t zero_point,
                         bool is_const) {
    TestTensor t;
    t.type = type;
    t.shape = std::move(shape);
    t.scales = {scale};
    t.zero_points = {zero_point};
    t.is_const = is_const;
    const uint8_t* raw = reinterpret_cast<const uint8_t*>(values.data());
    t.bytes.assign(raw, raw + values.size() * sizeof(T));
    return t;
  }
  int64_t element_count() const {
    int64_t n = 1;
    for (int32_t d : shape) n *= d;
    return n;
  }
};

class KernelHarness {
 public:
  // inputs: nullptr for an absent optional input. Tensors must outlive the harness.
  KernelHarness(int builtin, lpai::prepare::OpOptions options,
                std::vector<const TestTensor*> inputs, std::vector<const TestTensor*> outputs);

  // Runs the prepare function; fills params/temp_bytes/records on success.
  const lpai::prepare::PrepResult& prepare();
  // The kernel's validate over the current params/records (data pointers null).
  lpai::Status validate();
  // Evaluates (after a successful validate) and returns output `i`'s bytes. Output buffers are
  // pre-filled with 0xA5 and the temp buffer with 0x5A.
  std::vector<uint8_t> eval(size_t i = 0);

  // Input `i`'s bytes as the last eval left them (state a kernel updates in place).
  std::vector<uint8_t> input_after_eval(size_t i) const {
    const uint8_t* p = reinterpret_cast<const uint8_t*>(in_data_[i].data());
    return std::vector<uint8_t>(p, p + in_records[i].size);
  }
  // Shortcut: prepare + validate + eval; fails the current test (ADD_FAILURE) on the way.
  std::vector<uint8_t> run();

  const lpai::kernels::OpKernel* kernel() const { return kernel_; }
  std::vector<uint8_t> params;                      // prepared blob (tamper freely)
  uint32_t temp_bytes = 0;                          // temp size handed to validate/eval
  std::vector<lpai::format::TensorRecord> in_records, out_records;
  std::vector<bool> in_present;                     // false: absent (desc null)
  uint32_t num_inputs_override = 0;                 // != 0: num_inputs passed to the kernel
  // != nullptr: eval() tries it first (an alternative kernel, e.g. a host SIMD variant); the op's
  // kernel runs only when it returns false.
  bool (*eval_override)(const lpai::kernels::KernelArgs&) = nullptr;

 private:
  lpai::kernels::KernelArgs make_args(bool with_data);

  int builtin_;
  lpai::prepare::OpOptions options_;
  std::vector<const TestTensor*> inputs_, outputs_;
  std::vector<lpai::prepare::PrepTensor> prep_in_, prep_out_;
  lpai::prepare::PrepResult result_;
  const lpai::kernels::OpKernel* kernel_ = nullptr;
  std::vector<uint32_t> params_words_;
  std::vector<std::vector<uint64_t>> in_data_, out_data_;
  std::vector<uint64_t> temp_data_;
  std::vector<lpai::kernels::TensorRef> in_refs_, out_refs_;
};

// Deterministic pseudo-random values in [lo, hi].
std::vector<int8_t> random_i8(size_t n, uint32_t seed, int lo = -128, int hi = 127);
std::vector<int16_t> random_i16(size_t n, uint32_t seed, int lo = -32768, int hi = 32767);
std::vector<int32_t> random_i32(size_t n, uint32_t seed, int32_t lo, int32_t hi);

template <typename T>
std::vector<T> as_values(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

}  // namespace lpai_test

#endif  // LPAI_TESTS_KERNELS_KERNEL_HARNESS_H
