// LOGISTIC / TANH prepare: TFLite Micro's CalculateArithmeticOpDataLogistic / tanh's
// CalculateArithmeticOpData. int8: the table of reference_integer_ops::Logistic / Tanh outputs.
// int16: the LUT input scaling, with TFLite's power-of-two case resolved here.
#include "prepare/ops/logistic_tanh_prep.h"

#include <cmath>
#include <cstring>

#include "kernels/fixed_point_math.h"
#include "kernels/params/logistic.h"
#include "kernels/params/tanh.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

namespace {

// TFLite's CheckedLog2 (float arithmetic): *log2 = round(log2(x)); true when x is a power of
// two within a 1e-3 tolerance on the exponent.
bool checked_log2(float x, int* log2) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  const float rounded = std::round(x_log2);
  *log2 = static_cast<int>(rounded);
  return std::fabs(x_log2 - rounded) < 1e-3f;
}

// int16 -> int16 (TFLM: zero points 0, output scale 2^-15; input scaled to the LUT's 1/(3*4096)
// units by multiplier/shift, or 3 << shift when the input scale is 2^-12 (LOGISTIC, TANH) or
// 2^-11 (TANH)).
PrepResult prepare_int16(const PrepTensor& in, const PrepTensor& out, bool tanh) {
  PrepResult r;
  if (ew::zp_of(in) != 0 || ew::zp_of(out) != 0) {
    return PrepResult::reject("int16 input and output zero points must be 0");
  }
  int out_log2 = 0;
  if (!checked_log2(ew::scale_of(out), &out_log2) || out_log2 != -15) {
    return PrepResult::reject("int16 output scale must be 2^-15");
  }
  int in_log2 = 0;
  bool pot = checked_log2(ew::scale_of(in), &in_log2);
  int left_shift = (15 - 3) + in_log2;
  pot = pot && (left_shift == 0 || (tanh && left_shift == 1));
  int32_t multiplier = 0;
  if (pot) {
    multiplier = 3 << left_shift;
    left_shift = 0;
  } else {
    double m = static_cast<double>(ew::scale_of(in)) * 4096.0 * 3.0;
    left_shift = 0;
    while (m <= 32767.0 / 2.0 && left_shift <= 30) {
      ++left_shift;
      m *= 2.0;
    }
    if (m > 32767.0) {
      return PrepResult::reject("int16 input scale too large (the LUT input multiplier exceeds 32767)");
    }
    multiplier = static_cast<int32_t>(m);
  }
  if (!kernels::int16_lut_scale_valid(multiplier, left_shift)) {
    return PrepResult::reject("int16 input scale too small for the LUT input scaling");
  }
  kernels::LogisticParams p;  // same layout as TanhParams
  std::memset(&p, 0, sizeof(p));
  p.input_multiplier = multiplier;
  p.input_left_shift = left_shift;
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace

PrepResult prepare_logistic_tanh(const PrepOp& op, bool tanh) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const bool int16 = in.type == format::DataType::kInt16 && out.type == format::DataType::kInt16;
  if (!int16 && (in.type != format::DataType::kInt8 || out.type != format::DataType::kInt8)) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8 -> int8 or int16 -> int16)");
  }
  if (in.shape != out.shape) {
    return PrepResult::reject("input and output shapes differ");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (int16) return prepare_int16(in, out, tanh);
  const int32_t want_zp = tanh ? 0 : -128;
  const float want_scale = tanh ? 1.0f / 128 : 1.0f / 256;
  if (ew::zp_of(out) != want_zp || ew::scale_of(out) != want_scale) {
    return PrepResult::reject(std::string("int8 output must have scale ") + (tanh ? "1/128" : "1/256") +
              " and zero point " + std::to_string(want_zp));
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
    return PrepResult::reject("input scale out of the range the TFLite kernel handles");
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
