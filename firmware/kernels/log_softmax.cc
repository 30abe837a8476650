// LOG_SOFTMAX kernel: see kernels/params/log_softmax.h.
#include "kernels/params/log_softmax.h"

#include "core/check.h"
#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

inline int32_t saturating_add(int32_t a, int32_t b) {
  const int64_t s = static_cast<int64_t>(a) + b;
  return s > kInt32Max ? kInt32Max : s < kInt32Min ? kInt32Min : static_cast<int32_t>(s);
}

// TFLite's log_x_for_x_greater_than_or_equal_to_1_impl<5, 12>: ln(x) of a Q12 value x >= 1,
// result Q5.
int32_t log_q12_to_q5(int32_t x) {
  constexpr int kInputIntegerBits = 12;
  constexpr int kAccumIntegerBits = 6;  // output integer bits + 1
  const int32_t log_2 = 1488522236;
  const int32_t sqrt_sqrt_half = 1805811301;
  const int32_t sqrt_half = 1518500250;
  const int32_t one_quarter = 536870912;
  const int32_t alpha_n = 117049297;
  const int32_t alpha_d = 127690142;
  const int32_t alpha_i = 1057819769;
  const int32_t alpha_f = 638450708;
  using namespace fpm;
  const int32_t shifted_quarter = rescale(one_quarter, 0, kAccumIntegerBits);

  const int z_a_headroom_plus_1 = count_leading_zeros(static_cast<uint32_t>(x));
  const int32_t r_a_tmp = saturating_rounding_mul_by_pot(x, z_a_headroom_plus_1 - 1);
  const int32_t r_a_raw = saturating_rounding_mul_by_pot(mul(r_a_tmp, sqrt_half), 1);
  const int32_t z_a_pow_2_adj = saturating_add(
      saturating_rounding_mul_by_pot(kInputIntegerBits - z_a_headroom_plus_1,
                                     31 - kAccumIntegerBits),
      shifted_quarter);

  const int32_t z_b = mul(x, sqrt_half);
  const int z_b_headroom = count_leading_zeros(static_cast<uint32_t>(z_b)) - 1;
  const int32_t r_b_raw = saturating_rounding_mul_by_pot(x, z_b_headroom);
  const int32_t z_b_pow_2_adj = saturating_add(
      saturating_rounding_mul_by_pot(kInputIntegerBits - z_b_headroom, 31 - kAccumIntegerBits),
      -shifted_quarter);

  const int32_t r = r_a_raw < r_b_raw ? r_a_raw : r_b_raw;
  const int32_t z_pow_2_adj = z_a_pow_2_adj > z_b_pow_2_adj ? z_a_pow_2_adj : z_b_pow_2_adj;

  const int32_t p = rounding_half_sum(r, sqrt_sqrt_half);
  int32_t q = wsub(r, sqrt_sqrt_half);
  q = wadd(q, q);
  const int32_t common_sq = mul(q, q);
  const int32_t num = wadd(mul(q, r), mul(mul(q, common_sq), alpha_n));
  const int32_t denom_minus_one_0 =
      wadd(mul(p, wadd(wadd(alpha_i, q), mul(alpha_d, common_sq))), mul(alpha_f, q));
  const int32_t recip_denom = one_over_one_plus_x_for_x_in_0_1(denom_minus_one_0);
  const int32_t num_scaled = rescale(num, 0, kAccumIntegerBits);
  return rescale(wadd(mul(z_pow_2_adj, log_2), mul(num_scaled, recip_denom)), kAccumIntegerBits,
                 5);
}

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, ops::log_softmax::kName,
      static_cast<uint32_t>(sizeof(LogSoftmaxParams)) + kLogSoftmaxTableBytes));
  const format::TensorRecord* in = args.inputs[0].desc;
  if (type_of(in) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "LOG_SOFTMAX: types %u -> %u unsupported (int8 only)", in->data_type,
              args.outputs[0].desc->data_type);
  }
  const LogSoftmaxParams& p = *reinterpret_cast<const LogSoftmaxParams*>(args.params);
  if (in->rank == 0 || p.depth != in->dims[in->rank - 1] ||
      static_cast<uint64_t>(p.outer) * p.depth != element_count(in) ||
      p.reverse_scaling_shift < -31 || p.reverse_scaling_shift > 0 ||
      p.reverse_scaling_divisor < 0 || p.diff_min > 0) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "LOG_SOFTMAX: outer %u x depth %u or scaling (shift %d, diff_min %d) invalid",
              p.outer, p.depth, p.reverse_scaling_shift, p.diff_min);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const LogSoftmaxParams& p = *reinterpret_cast<const LogSoftmaxParams*>(args.params);
  const int32_t* q5 = reinterpret_cast<const int32_t*>(args.params + sizeof(LogSoftmaxParams));
  const int32_t* exp_q12 = q5 + 256;
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  for (uint32_t r = 0; r < p.outer; ++r) {
    const int8_t* x = in + static_cast<uintptr_t>(r) * p.depth;
    int8_t* o = out + static_cast<uintptr_t>(r) * p.depth;
    int32_t max = -128;
    for (uint32_t c = 0; c < p.depth; ++c) max = x[c] > max ? x[c] : max;
    uint32_t sum = 0;  // Q12, wrapping as gemmlowp's FixedPoint add
    for (uint32_t c = 0; c < p.depth; ++c) sum += static_cast<uint32_t>(exp_q12[max - x[c]]);
    const int32_t log_sum = log_q12_to_q5(static_cast<int32_t>(sum));
    const int32_t floor = ewx::mbqm_any(fpm::wadd(log_sum, kInt32Min), p.reverse_scaling_divisor,
                                        p.reverse_scaling_shift);
    const int32_t adj_min = p.diff_min - 1 > floor ? p.diff_min - 1 : floor;
    for (uint32_t c = 0; c < p.depth; ++c) {
      const int32_t diff = x[c] - max;
      if (diff > adj_min) {
        const int32_t v = rounding_divide_by_pot(fpm::wsub(q5[-diff], log_sum), 22) + 127;
        o[c] = static_cast<int8_t>(clamp_i32(v, -128, 127));
      } else {
        o[c] = -128;
      }
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(log_softmax, validate, eval);

}  // namespace kernels
}  // namespace lpai
