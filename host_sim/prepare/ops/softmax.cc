// SOFTMAX: offline prepare (TFLite Micro's CalculateSoftmaxParams for int8 input). The exp LUT
// is produced by the reference integer computation itself (see kernels/softmax.h).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/fixed_point_math.h"
#include "kernels/softmax.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_softmax(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8 ||
      (out.type != format::DataType::kInt8 && out.type != format::DataType::kInt16)) {
    r.error = std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8 -> int8 or int8 -> int16)";
    return r;
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (in.shape.empty() || in.shape != out.shape || in.shape.back() <= 0) {
    r.error = "input and output shapes must be equal, rank >= 1, last dim > 0";
    return r;
  }
  if (out.type == format::DataType::kInt8) {
    if (ew::zp_of(out) != -128 || ew::scale_of(out) != 1.0f / 256) {
      r.error = "int8 output must have scale 1/256 and zero point -128";
      return r;
    }
  } else if (ew::zp_of(out) != -32768 ||
             std::fabs(ew::scale_of(out) - 1.0f / 65536) > 0.001f * 1.0f / 65536) {
    r.error = "int16 output must have scale 1/65536 and zero point -32768";
    return r;
  }
  constexpr int kScaledDiffIntegerBits = 5;
  const double beta = static_cast<double>(op.options.beta);
  const double real = std::min<double>(
      beta * static_cast<double>(ew::scale_of(in)) * (1 << (31 - kScaledDiffIntegerBits)),
      (int64_t{1} << 31) - 1.0);
  kernels::SoftmaxParams p;
  std::memset(&p, 0, sizeof(p));
  ew::quantize(real, &p.input_multiplier, &p.input_left_shift);
  if (!(real > 0.0) || p.input_left_shift < 0) {
    r.error = "beta * input scale is too small (input multiplier below 1 after scaling)";
    return r;
  }
  p.diff_min = -ew::input_radius(kScaledDiffIntegerBits, p.input_left_shift);
  for (uint32_t k = 0; k < kernels::kSoftmaxLutSize; ++k) {
    const int32_t diff = -static_cast<int32_t>(k);
    if (diff < p.diff_min) {
      p.exp_lut[k] = 0;
      continue;
    }
    const int32_t rescaled = kernels::multiply_by_quantized_multiplier(
        diff, p.input_multiplier, p.input_left_shift);
    p.exp_lut[k] = kernels::fpm::exp_on_negative_values(rescaled, kScaledDiffIntegerBits);
  }
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
