// SOFTMAX: offline prepare (TFLite Micro's CalculateSoftmaxParams for int8 input). The exp LUT
// is produced by the reference integer computation itself (see kernels/params/softmax.h).
// int16 input: TFLite Micro's SoftmaxPrepare for int16 (two gen_lut tables in float, input
// multiplier from input_scale * beta / (10 / 65535)).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/fixed_point_math.h"
#include "kernels/params/softmax.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

namespace {

// TFLite's gen_lut<float, int16_t, int16_t>(func, input_min, input_max, -1, 1, lut): 512
// interpolation segments plus the end value, every step in float exactly as TFLite evaluates it.
void gen_lut16(float (*func)(float), float input_min, float input_max, int16_t* lut) {
  const int nb_steps = 512;
  const float step = (input_max - input_min) / nb_steps;
  const float half_step = step / 2;
  const float output_scaling_inv = 65536.0f / (1.0f - -1.0f);
  const float table_min = -32768.0f, table_max = 32767.0f;
  for (int i = 0; i < nb_steps; ++i) {
    const float val = func(input_min + static_cast<float>(i) * step);
    const float val_midpoint = func(input_min + static_cast<float>(i) * step + half_step);
    const float val_next = func(input_min + static_cast<float>(i + 1) * step);
    const float sample_val = std::round(val * output_scaling_inv);
    const float midpoint_interp_val =
        std::round((val_next * output_scaling_inv + std::round(val * output_scaling_inv)) / 2);
    const float midpoint_val = std::round(val_midpoint * output_scaling_inv);
    const float midpoint_err = midpoint_interp_val - midpoint_val;
    const float bias = std::round(midpoint_err / 2);
    lut[i] = static_cast<int16_t>(std::min(std::max(sample_val - bias, table_min), table_max));
  }
  lut[nb_steps] = static_cast<int16_t>(
      std::min(std::max(std::round(func(input_max) * output_scaling_inv), table_min), table_max));
}

float exp_f(float v) { return std::exp(v); }
float one_over_one_plus_x(float v) { return 1.0f / (1.0f + v); }

PrepResult prepare_softmax16(const PrepOp& op) {
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (out.type != format::DataType::kInt16) {
    return PrepResult::reject(std::string("types int16 -> ") + ew::type_name(out.type) +
              " unsupported (int16 input needs an int16 output)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (in.shape.empty() || in.shape != out.shape || in.shape.back() <= 0) {
    return PrepResult::reject("input and output shapes must be equal, rank >= 1, last dim > 0");
  }
  if (in.shape.back() > static_cast<int32_t>(kernels::kSoftmax16MaxDepth)) {
    return PrepResult::reject("int16 softmax rows longer than 65535 are not supported");
  }
  if (ew::zp_of(in) != 0) {
    return PrepResult::reject("int16 input zero point must be 0");
  }
  if (ew::zp_of(out) != 0 || std::fabs(ew::scale_of(out) - 1.0f / 32768) > 0.001f * 1.0f / 32768) {
    return PrepResult::reject("int16 output (int16 input) must have scale 1/32768 and zero point 0");
  }
  kernels::Softmax16Params p;
  std::memset(&p, 0, sizeof(p));
  p.tag = kernels::kSoftmax16Tag;
  const double rescale = static_cast<double>(ew::scale_of(in)) *
                         static_cast<double>(op.options.beta) / (10.0 / 65535.0);
  int shift = 0;
  quantize_multiplier(rescale, &p.input_multiplier, &shift);
  if (!(rescale > 0.0) || shift < -31 || shift > 30) {
    return PrepResult::reject("input scale * beta out of range for the int16 softmax");
  }
  p.input_shift = shift;
  gen_lut16(exp_f, -10.0f, 0.0f, p.exp_lut);
  gen_lut16(one_over_one_plus_x, 0.0f, 1.0f, p.recip_lut);
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace

PrepResult prepare_softmax(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.type == format::DataType::kInt16) return prepare_softmax16(op);
  if (in.type != format::DataType::kInt8 ||
      (out.type != format::DataType::kInt8 && out.type != format::DataType::kInt16)) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8 -> int8, int8 -> int16 or int16 -> int16)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (in.shape.empty() || in.shape != out.shape || in.shape.back() <= 0) {
    return PrepResult::reject("input and output shapes must be equal, rank >= 1, last dim > 0");
  }
  if (out.type == format::DataType::kInt8) {
    if (ew::zp_of(out) != -128 || ew::scale_of(out) != 1.0f / 256) {
      return PrepResult::reject("int8 output must have scale 1/256 and zero point -128");
    }
  } else if (ew::zp_of(out) != -32768 ||
             std::fabs(ew::scale_of(out) - 1.0f / 65536) > 0.001f * 1.0f / 65536) {
    return PrepResult::reject("int16 output must have scale 1/65536 and zero point -32768");
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
    return PrepResult::reject("beta * input scale is too small (input multiplier below 1 after scaling)");
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

host::HostStatus decode_softmax_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SoftmaxOptions& p = *op.builtin_options_as_SoftmaxOptions();
  o->beta = p.beta();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
