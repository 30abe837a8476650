// SOFTMAX kernel: see kernels/params/softmax.h.
#include "kernels/params/softmax.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/fixed_point_math.h"
#include "kernels/hvx/hvx_softmax.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// TFLite's int16 table lookup: 512 segments over the int16 range, linear interpolation.
inline int16_t lut16(int16_t v, const int16_t* lut) {
  const uint32_t index = static_cast<uint32_t>(256 + (v >> 7));
  const int32_t offset = v & 0x7f;
  const int16_t slope = static_cast<int16_t>(lut[index + 1] - lut[index]);
  return static_cast<int16_t>(lut[index] + ((slope * offset + 64) >> 7));
}

Status validate16(const KernelArgs& args) {
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(out, ops::softmax::kName, "output",
                                            format::DataType::kInt16, format::DataType::kInt16));
  if (in->zero_point != 0 || out->zero_point != 0) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: int16 input and output need zero point 0 (got %d, %d)", in->zero_point,
              out->zero_point);
  }
  if (!same_shape(in, out) || in->rank == 0 || in->dims[in->rank - 1] == 0 ||
      in->dims[in->rank - 1] > kSoftmax16MaxDepth) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: input and output shapes must be equal with a last dim in [1, %u]",
              kSoftmax16MaxDepth);
  }
  const Softmax16Params& p = *reinterpret_cast<const Softmax16Params*>(args.params);
  if (p.reserved != 0 || p.input_multiplier < 0 || p.input_shift < -31 || p.input_shift > 30) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: int16 parameters invalid (multiplier %d, shift %d)",
              static_cast<int>(p.input_multiplier), static_cast<int>(p.input_shift));
  }
  // Every interpolated exp value lies between two table entries, so entries >= 0 keep each
  // e >= 0 and the row sum (at most kSoftmax16MaxDepth * 32767) below 2^31; the row maximum
  // contributes exp_lut(32767) >= 2, so the sum is >= 2 and the final rounding shift
  // 31 - clz(sum) is >= 1.
  bool lut_ok = lut16(32767, p.exp_lut) >= 2;
  for (uint32_t k = 0; lut_ok && k < kSoftmax16LutSize; ++k) lut_ok = p.exp_lut[k] >= 0;
  if (!lut_ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: int16 exp table inconsistent (a negative entry, or exp(0) < 2)");
  }
  return Status::kOk;
}

Status validate(const KernelArgs& args) {
  if (args.params_size == sizeof(Softmax16Params) && args.num_inputs == 1 &&
      args.num_outputs == 1 && args.inputs[0].desc != nullptr && args.outputs[0].desc != nullptr &&
      type_of(args.inputs[0].desc) == format::DataType::kInt16) {
    if (reinterpret_cast<const Softmax16Params*>(args.params)->tag != kSoftmax16Tag) {
      LPAI_FAIL(Status::kBinaryBadParams, "SOFTMAX: int16 parameter blob without its tag");
    }
    return validate16(args);
  }
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::softmax::kName, static_cast<uint32_t>(sizeof(SoftmaxParams)), 1, 1, 0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(in, ops::softmax::kName, "input",
                                            format::DataType::kInt8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_type(out, ops::softmax::kName, "output",
                                            format::DataType::kInt8, format::DataType::kInt16));
  const format::DataType ot = type_of(out);
  const bool out_ok = (ot == format::DataType::kInt8 && out->zero_point == -128) ||
                      (ot == format::DataType::kInt16 && out->zero_point == -32768);
  if (type_of(in) != format::DataType::kInt8 || !out_ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: int8 input and int8 (zero point -128) or int16 (zero point -32768) "
              "output required, got types %u -> %u, output zero point %d", in->data_type,
              out->data_type, out->zero_point);
  }
  if (!same_shape(in, out) || in->rank == 0 || in->dims[in->rank - 1] == 0) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: input and output shapes must be equal with a non-empty last dim");
  }
  const SoftmaxParams& p = *reinterpret_cast<const SoftmaxParams*>(args.params);
  if (p.reserved != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "SOFTMAX: reserved field is %u, must be 0", p.reserved);
  }
  // eval needs a non-zero row sum (the reciprocal of 0 is undefined): the row maximum
  // contributes exp_lut[0] (rounded >> 12, so >= 1 when exp_lut[0] >= 2048), no entry exceeds
  // it, and the 32-bit sum cannot wrap for this depth.
  const int32_t top = p.exp_lut[0];
  bool lut_ok = top >= 2048;
  for (uint32_t k = 0; lut_ok && k < kSoftmaxLutSize; ++k) {
    lut_ok = p.exp_lut[k] >= 0 && p.exp_lut[k] <= top;
  }
  const uint64_t depth = in->dims[in->rank - 1];
  if (!lut_ok || depth * ((static_cast<uint64_t>(top) >> 12) + 1) > 0xFFFFFFFFull) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SOFTMAX: exp table inconsistent (exp_lut[0] = %d) or row of %llu elements "
              "too long for the 32-bit sum", static_cast<int>(top),
              static_cast<unsigned long long>(depth));
  }
  return Status::kOk;
}

// x / 2^exponent rounded; 0 for exponents beyond 31 (|x| < 2^31 makes the quotient round to 0).
inline int32_t divide_by_pot_wide(int32_t x, int exponent) {
  return exponent > 31 ? 0 : rounding_divide_by_pot(x, exponent);
}

template <typename OutT>
void softmax_rows(const SoftmaxParams& p, const int8_t* in, OutT* out, uint32_t rows,
                  uint32_t depth) {
  constexpr int kOutBits = static_cast<int>(sizeof(OutT) * 8);
  constexpr int32_t kOutMin = sizeof(OutT) == 1 ? -128 : -32768;
  constexpr int32_t kOutMax = sizeof(OutT) == 1 ? 127 : 32767;
  const int32_t* lut = p.exp_lut;
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  // HVX (int8 output, long rows): vector maximum, and the outputs looked up in vectors from a
  // 256-entry table of the row (the output is a function of max - x alone).
  const bool vector_rows = sizeof(OutT) == 1 && depth >= hvx::kSoftmaxMinDepth;
  alignas(128) int8_t laid_out[2 * 128];
#endif
  for (uint32_t r = 0; r < rows; ++r) {
    const int8_t* x = in + r * depth;
    OutT* y = out + r * depth;
    int32_t max_v = -128;
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
    if (vector_rows) {
      max_v = hvx::max_s8(x, depth);
    } else
#endif
    {
      for (uint32_t c = 0; c < depth; ++c) max_v = x[c] > max_v ? x[c] : max_v;
    }
    uint32_t sum = 0;  // Q12, wraps like the reference's int32 accumulation
    for (uint32_t c = 0; c < depth; ++c) {
      sum += static_cast<uint32_t>(rounding_divide_by_pot(lut[max_v - x[c]], 12));
    }
    int num_bits_over_unit = 0;
    const int32_t scale = fpm::get_reciprocal(static_cast<int32_t>(sum), 12, &num_bits_over_unit);
    const int exponent = num_bits_over_unit + 31 - kOutBits;
    auto output_of = [&](int32_t k) {
      const int32_t unsat =
          divide_by_pot_wide(saturating_rounding_doubling_high_mul(scale, lut[k]), exponent);
      return static_cast<OutT>(clamp_i32(unsat + kOutMin, kOutMin, kOutMax));
    };
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
    if (vector_rows) {
      for (uint32_t k = 0; k < kSoftmaxLutSize; ++k) {
        laid_out[hvx::lut256_layout(k)] = static_cast<int8_t>(output_of(static_cast<int32_t>(k)));
      }
      hvx::lut256_map_s8(x, reinterpret_cast<int8_t*>(y), depth, max_v, laid_out);
      continue;
    }
#endif
    for (uint32_t c = 0; c < depth; ++c) y[c] = output_of(max_v - x[c]);
  }
}

void softmax16_rows(const Softmax16Params& p, const int16_t* in, int16_t* out, uint32_t rows,
                    uint32_t depth) {
  for (uint32_t r = 0; r < rows; ++r) {
    const int16_t* x = in + static_cast<size_t>(r) * depth;
    int16_t* y = out + static_cast<size_t>(r) * depth;  // holds exp values until rescaled
    int32_t max_v = -32768;
    for (uint32_t c = 0; c < depth; ++c) max_v = x[c] > max_v ? x[c] : max_v;
    int32_t sum = 0;
    for (uint32_t c = 0; c < depth; ++c) {
      const int32_t scaled =
          multiply_by_quantized_multiplier(x[c] - max_v, p.input_multiplier, p.input_shift);
      const int16_t e = lut16(static_cast<int16_t>(clamp_i32(scaled + 32767, -32768, 32767)), p.exp_lut);
      y[c] = e;
      sum += e;
    }
    const int h = fpm::count_leading_zeros(static_cast<uint32_t>(sum));
    const int32_t shifted =
        static_cast<int32_t>(((static_cast<int64_t>(sum) << (h - 1)) + (1 << 13)) >> 14);
    const int16_t recip = lut16(
        static_cast<int16_t>(clamp_i32(shifted - ((1 << 15) + (1 << 16)), -32768, 32767)), p.recip_lut);
    const int shift = 31 - h;
    const int64_t round = int64_t{1} << (shift - 1);
    for (uint32_t c = 0; c < depth; ++c) {
      const int32_t v = static_cast<int32_t>((static_cast<int64_t>(y[c]) * recip + round) >> shift);
      y[c] = static_cast<int16_t>(clamp_i32(v, 0, 32767));
    }
  }
}

void eval(const KernelArgs& args) {
  const format::TensorRecord* in = args.inputs[0].desc;
  const uint32_t depth = in->dims[in->rank - 1];
  const uint32_t rows = element_count(in) / depth;
  if (in->data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
    softmax16_rows(*reinterpret_cast<const Softmax16Params*>(args.params),
                   reinterpret_cast<const int16_t*>(args.inputs[0].data),
                   reinterpret_cast<int16_t*>(args.outputs[0].data), rows, depth);
    return;
  }
  const SoftmaxParams& p = *reinterpret_cast<const SoftmaxParams*>(args.params);
  const int8_t* x = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  if (args.outputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    softmax_rows(p, x, reinterpret_cast<int8_t*>(args.outputs[0].data), rows, depth);
  } else {
    softmax_rows(p, x, reinterpret_cast<int16_t*>(args.outputs[0].data), rows, depth);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(softmax, validate, eval);

}  // namespace kernels
}  // namespace lpai
