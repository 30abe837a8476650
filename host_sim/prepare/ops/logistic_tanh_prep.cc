// LOGISTIC / TANH int8 prepare: TFLite Micro's CalculateArithmeticOpDataLogistic / tanh's
// CalculateArithmeticOpData, then the table of reference_integer_ops::Logistic / Tanh outputs.
#include "prepare/ops/logistic_tanh_prep.h"

#include <cmath>
#include <cstring>

#include "kernels/fixed_point_math.h"
#include "kernels/logistic.h"
#include "kernels/tanh.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_logistic_tanh(const PrepOp& op, bool tanh) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8 || out.type != format::DataType::kInt8) {
    r.error = std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8 -> int8 only)";
    return r;
  }
  if (in.shape != out.shape) {
    r.error = "input and output shapes differ";
    return r;
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  const int32_t want_zp = tanh ? 0 : -128;
  const float want_scale = tanh ? 1.0f / 128 : 1.0f / 256;
  if (ew::zp_of(out) != want_zp || ew::scale_of(out) != want_scale) {
    r.error = std::string("int8 output must have scale ") + (tanh ? "1/128" : "1/256") +
              " and zero point " + std::to_string(want_zp);
    return r;
  }
  constexpr int kInputIntegerBits = 4;
  kernels::LogisticParams p;  // same layout as TanhParams
  static_assert(sizeof(kernels::LogisticParams) == sizeof(kernels::TanhParams), "layouts");
  std::memset(&p, 0, sizeof(p));
  p.input_zero_point = ew::zp_of(in);
  const double real = static_cast<double>(ew::scale_of(in)) *
                      static_cast<double>(1 << (31 - kInputIntegerBits));
  int left_shift = 0;
  const double q = std::frexp(real, &left_shift);
  const double mult = std::round(q * static_cast<double>(int64_t{1} << 31));
  if (mult >= 2147483648.0 || left_shift < 0 || left_shift > 62) {
    r.error = "input scale out of the range the TFLite kernel handles";
    return r;
  }
  p.input_multiplier = static_cast<int32_t>(mult);
  p.input_left_shift = left_shift;
  p.input_range_radius = ew::input_radius(kInputIntegerBits, left_shift);
  r.params = ew::blob_of(p);
  ew::append_int8_lut(&r.params, [&p, tanh](int32_t x) -> int32_t {
    const int32_t d = x - p.input_zero_point;
    if (d <= -p.input_range_radius) return -128;
    if (d >= p.input_range_radius) return 127;
    const int32_t q4 =
        kernels::multiply_by_quantized_multiplier(d, p.input_multiplier, p.input_left_shift);
    if (tanh) {
      const int32_t q0 = kernels::fpm::tanh(q4, kInputIntegerBits);
      return kernels::clamp_i32(kernels::rounding_divide_by_pot(q0, 31 - 7), -128, 127);
    }
    const int32_t q0 = kernels::fpm::logistic(q4, kInputIntegerBits);
    return kernels::clamp_i32(kernels::rounding_divide_by_pot(q0, 31 - 8) - 128, -128, 127);
  });
  return r;
}

}  // namespace prepare
}  // namespace lpai
