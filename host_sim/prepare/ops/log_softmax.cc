// LOG_SOFTMAX: offline prepare (TFLite Micro's log_softmax.cc CalculateOpData with
// PreprocessLogSoftmaxScalingExp, beta 1, 5 integer bits); tables per kernels/params/log_softmax.h.
#include <algorithm>
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/fixed_point_math.h"
#include "kernels/params/log_softmax.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_log_softmax(const PrepOp& op) {
  if (const host::HostStatus st = ew::check_unary_int8(op); !st.ok()) return PrepResult::reject(st);
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (ew::scale_of(out) != 16.0f / 256 || ew::zp_of(out) != 127) {
    return PrepResult::reject("output must have scale 16/256 and zero point 127");
  }
  if (in.shape.empty() || in.shape.back() <= 0) {
    return PrepResult::reject("input must have rank >= 1 and a non-empty last dimension");
  }
  constexpr int kScaledDiffIntegerBits = 5;
  const double real = std::min<double>(
      1.0 * static_cast<double>(ew::scale_of(in)) * (1 << (31 - kScaledDiffIntegerBits)),
      (int64_t{1} << 31) - 1.0);
  int32_t input_multiplier = 0, input_left_shift = 0;
  ew::quantize(real, &input_multiplier, &input_left_shift);
  if (!(real > 1.0) || input_left_shift < 1 || input_left_shift > 30) {
    return PrepResult::reject("input scale out of range for the Q5.26 scaling");
  }
  kernels::LogSoftmaxParams p;
  std::memset(&p, 0, sizeof(p));
  const double reverse =
      static_cast<double>(1 << (31 - input_left_shift)) / static_cast<double>(input_multiplier);
  if (!ew::quantize_smaller_than_one(reverse, &p.reverse_scaling_divisor,
                                     &p.reverse_scaling_shift, "reverse scaling", &r.error)) {
    return r;
  }
  p.diff_min = -ew::input_radius(kScaledDiffIntegerBits, input_left_shift);
  p.depth = static_cast<uint32_t>(in.shape.back());
  p.outer = static_cast<uint32_t>(in.element_count() / in.shape.back());
  r.params = ew::blob_of(p);
  int32_t q5[256];
  for (int k = 0; k < 256; ++k) {
    q5[k] = kernels::multiply_by_quantized_multiplier(-k, input_multiplier, input_left_shift);
  }
  for (int k = 0; k < 256; ++k) append_pod(&r.params, q5[k]);
  for (int k = 0; k < 256; ++k) {
    const int32_t e =
        -k >= p.diff_min
            ? kernels::fpm::rescale(
                  kernels::fpm::exp_on_negative_values(q5[k], kScaledDiffIntegerBits), 0, 12)
            : 0;
    append_pod(&r.params, e);
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
