// RSQRT: offline prepare (TFLite Micro's PrepareAbsRsqrt / SetRsqrtOutputMultiplier); the
// table is RsqrtEvalQuantized's integer formula for every input byte.
#include <cmath>

#include "kernels/ew_ext_common.h"
#include "kernels/params/rsqrt.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_rsqrt(const PrepOp& op) {
  if (const host::HostStatus st = ew::check_unary_int8(op); !st.ok()) return PrepResult::reject(st);
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const double scale = 1.0 / (std::sqrt(static_cast<double>(ew::scale_of(in))) *
                              static_cast<double>(ew::scale_of(out)));
  int32_t multiplier = 0;
  int32_t shift = 0;
  ew::quantize(scale, &multiplier, &shift);
  if (shift > 30) {
    return PrepResult::reject("output multiplier out of range");
  }
  const int32_t in_zp = ew::zp_of(in);
  const int32_t out_zp = ew::zp_of(out);
  constexpr int kShift = 20;
  ew::append_int8_lut(&r.params, [&](int32_t x) {
    const int32_t value = x - in_zp;
    if (value == 0) return 127;
    int32_t inv_sqrt = 0;
    int inv_shift = 0;
    kernels::ewx::inv_sqrt_multiplier_exp(value, &inv_sqrt, &inv_shift);
    const int32_t data = kernels::ewx::mbqm_any(1, inv_sqrt, inv_shift + kShift);
    const int32_t v = kernels::ewx::mbqm_any(data, multiplier, shift - kShift) + out_zp;
    return kernels::clamp_i32(v, -128, 127);
  });
  return r;
}

}  // namespace prepare
}  // namespace lpai
