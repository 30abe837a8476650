// SVDF kernel: see kernels/params/svdf.h.
#include "kernels/params/svdf.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "kernels/fixed_point.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kName = ops::svdf::kName;

bool is_2d(const format::TensorRecord* t, format::DataType type, int32_t d0, int32_t d1) {
  const uint32_t dims[2] = {static_cast<uint32_t>(d0), static_cast<uint32_t>(d1)};
  return checks::has_shape(t, type, 2, dims);
}

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 5 || args.num_outputs != 1 || args.outputs[0].desc == nullptr ||
      args.inputs[0].desc == nullptr || args.inputs[1].desc == nullptr ||
      args.inputs[2].desc == nullptr || args.inputs[4].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: needs input, weights_feature, weights_time, state and one output", kName);
  }
  if (args.params_size != sizeof(SvdfParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size", kName);
  }
  const SvdfParams& p = *reinterpret_cast<const SvdfParams*>(args.params);
  // num_units * rank and num_filters * memory_size are int32 products in the shape checks and
  // in eval's indexing: both must fit.
  int32_t filters = 0, state_row = 0;
  if (p.batches < 1 || p.input_size < 1 || p.rank < 1 || p.num_units < 1 ||
      p.memory_size < 1 || !checked_mul_i32(p.num_units, p.rank, &filters) ||
      p.num_filters != filters || !checked_mul_i32(p.num_filters, p.memory_size, &state_row) ||
      (p.has_bias & ~1) != 0 || p.output_zero_point < -128 || p.output_zero_point > 127 ||
      p.feature_multiplier < 0 || p.output_multiplier < 0 || p.feature_shift < -31 ||
      p.feature_shift > 30 || p.output_shift < -31 || p.output_shift > 30 ||
      p.input_zero_point < -128 || p.input_zero_point > 127) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameters out of range", kName);
  }
  const format::DataType I8 = format::DataType::kInt8;
  LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[0].desc, kName, "input", I8, I8));
  LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[1].desc, kName, "weights_feature", I8, I8));
  LPAI_RETURN_IF_ERROR(
      checks::require_type(args.inputs[4].desc, kName, "state", I8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(args.inputs[2].desc, args.inputs[4].desc, kName,
                                                  "weights_time", "the state"));
  LPAI_RETURN_IF_ERROR(checks::require_type(args.outputs[0].desc, kName, "output", I8, I8));
  if (args.inputs[3].desc != nullptr) {
    LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[3].desc, kName, "bias",
                                               format::DataType::kInt32,
                                               format::DataType::kInt32));
  }
  const format::DataType st = type_of(args.inputs[4].desc);
  if (!is_2d(args.inputs[0].desc, format::DataType::kInt8, p.batches, p.input_size) ||
      !is_2d(args.inputs[1].desc, format::DataType::kInt8, p.num_filters, p.input_size) ||
      !is_2d(args.inputs[2].desc, st, p.num_filters, p.memory_size) ||
      !is_2d(args.inputs[4].desc, st, p.batches, state_row) ||
      !is_2d(args.outputs[0].desc, format::DataType::kInt8, p.batches, p.num_units)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: tensor shapes", kName);
  }
  if (!checks::is_const(args.inputs[1].desc) || !checks::is_const(args.inputs[2].desc) ||
      checks::is_const(args.inputs[4].desc)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: weights must be constant and the state writable",
              kName);
  }
  const bool bias_present = args.inputs[3].desc != nullptr;
  if (bias_present != (p.has_bias != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: bias presence disagrees", kName);
  }
  if (bias_present) {
    const uint32_t dims[1] = {static_cast<uint32_t>(p.num_units)};
    if (!checks::has_shape(args.inputs[3].desc, format::DataType::kInt32, 1, dims)) {
      LPAI_FAIL(Status::kBinaryBadTensor, "%s: bias must be int32 [units]", kName);
    }
  }
  const int32_t lo = st == format::DataType::kInt16 ? -32768 : -128;
  const int32_t hi = st == format::DataType::kInt16 ? 32767 : 127;
  if (p.state_zero_point < lo || p.state_zero_point > hi) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: state zero point out of range", kName);
  }
  return Status::kOk;
}

template <typename T>
void run(const KernelArgs& args, int32_t lo, int32_t hi) {
  const SvdfParams& p = *reinterpret_cast<const SvdfParams*>(args.params);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* wf = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  const T* wt = reinterpret_cast<const T*>(args.inputs[2].data);
  const int32_t* bias = p.has_bias ? reinterpret_cast<const int32_t*>(args.inputs[3].data) : nullptr;
  T* state = reinterpret_cast<T*>(args.inputs[4].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t b_n = static_cast<uint32_t>(p.batches);
  const uint32_t n_in = static_cast<uint32_t>(p.input_size);
  const uint32_t n_f = static_cast<uint32_t>(p.num_filters);
  const uint32_t n_u = static_cast<uint32_t>(p.num_units);
  const uint32_t rank = static_cast<uint32_t>(p.rank);
  const uint32_t mem = static_cast<uint32_t>(p.memory_size);
  const int32_t zs = p.state_zero_point;

  // 1. Shift the whole state left by one element.
  const uint32_t total = b_n * n_f * mem;
  for (uint32_t i = 0; i + 1 < total; ++i) state[i] = state[i + 1];

  // 2. Feature matmul into the newest state column.
  for (uint32_t b = 0; b < b_n; ++b) {
    const int8_t* x = in + b * n_in;
    T* dst = state + b * n_f * mem + (mem - 1);
    for (uint32_t f = 0; f < n_f; ++f) {
      const int8_t* w = wf + f * n_in;
      uint32_t dot = 0;  // int32, wrapping
      for (uint32_t i = 0; i < n_in; ++i) {
        dot += static_cast<uint32_t>(w[i] * (x[i] - p.input_zero_point));
      }
      const int32_t v = multiply_by_quantized_multiplier(static_cast<int32_t>(dot),
                                                         p.feature_multiplier, p.feature_shift);
      // TFLite Micro clamps the rescaled product to T's range, then adds the state zero point
      // and stores the sum as T (two's complement wrap when it leaves T's range: int8 state
      // with a non-zero zero point).
      dst[f * mem] = static_cast<T>(wrapping_add_i32(zs, clamp_i32(v, lo, hi)));
    }
  }

  // 3 + 4. Time weights, rank reduction, bias, rescale.
  for (uint32_t b = 0; b < b_n; ++b) {
    const T* s_b = state + b * n_f * mem;
    for (uint32_t u = 0; u < n_u; ++u) {
      uint32_t acc = bias != nullptr ? static_cast<uint32_t>(bias[u]) : 0u;
      for (uint32_t r = 0; r < rank; ++r) {
        const uint32_t f = u * rank + r;
        const T* w = wt + f * mem;
        const T* s = s_b + f * mem;
        uint32_t dot = 0;
        for (uint32_t m = 0; m < mem; ++m) {
          dot += static_cast<uint32_t>(static_cast<int32_t>(w[m]) * (s[m] - zs));
        }
        acc += dot;
      }
      const int32_t v = multiply_by_quantized_multiplier(static_cast<int32_t>(acc),
                                                         p.output_multiplier, p.output_shift) +
                        p.output_zero_point;
      out[b * n_u + u] = static_cast<int8_t>(clamp_i32(v, -128, 127));
    }
  }
}

void eval(const KernelArgs& args) {
  if (args.inputs[4].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
    run<int16_t>(args, -32768, 32767);
  } else {
    run<int8_t>(args, -128, 127);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(svdf, validate, eval);

}  // namespace kernels
}  // namespace lpai
