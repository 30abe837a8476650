// MUL kernel: see kernels/params/mul.h.
#include "kernels/params/mul.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/cortex_m/dsp_elementwise.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/fixed_point.h"
#include "kernels/hvx/hvx_elementwise.h"
#include "kernels/int32_arith.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::validate(args, ops::mul::kName);
  LPAI_RETURN_IF_ERROR(ewx::validate_int8_int16_binary(
      args, ops::mul::kName, static_cast<uint32_t>(sizeof(MulParams)), /*exact=*/true));
  const MulParams& p = *reinterpret_cast<const MulParams*>(args.params);
  const bool i8 = type_of(args.outputs[0].desc) == format::DataType::kInt8;
  const int32_t qmin = i8 ? -128 : -32768;
  const int32_t qmax = i8 ? 127 : 32767;
  const bool offsets_ok =
      i8 ? (p.input1_offset >= -127 && p.input1_offset <= 128 && p.input2_offset >= -127 &&
            p.input2_offset <= 128 && p.output_offset >= qmin && p.output_offset <= qmax)
         : (p.input1_offset == 0 && p.input2_offset == 0 && p.output_offset == 0);
  if (!offsets_ok || p.output_shift < -31 || p.output_shift > 30 || p.activation_min < qmin ||
      p.activation_max > qmax || p.activation_min > p.activation_max || p.broadcast > 1) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "MUL: parameter out of range (offsets %d/%d/%d, shift %d, activation [%d, %d])",
              p.input1_offset, p.input2_offset, p.output_offset, p.output_shift, p.activation_min,
              p.activation_max);
  }
  return ewx::validate_binary_broadcast(ops::mul::kName, p.broadcast, p.shape, args);
}

template <typename T>
inline T mul_one(const MulParams& p, T a, T b) {
  const int32_t prod = (p.input1_offset + a) * (p.input2_offset + b);
  const int32_t v =
      p.output_offset + multiply_by_quantized_multiplier(prod, p.output_multiplier, p.output_shift);
  return static_cast<T>(clamp_i32(v, p.activation_min, p.activation_max));
}

template <typename T>
void eval_typed(const MulParams& p, const KernelArgs& args) {
  const T* a = reinterpret_cast<const T*>(args.inputs[0].data);
  const T* b = reinterpret_cast<const T*>(args.inputs[1].data);
  T* o = reinterpret_cast<T*>(args.outputs[0].data);
  if (p.broadcast == 0) {
    const uint32_t n = element_count(args.outputs[0].desc);
#if defined(LPAI_HAS_CORTEX_M_DSP)
    dsp::MulFast f;
    if (sizeof(T) == 1 && dsp::mul_fast(p.input1_offset, p.input2_offset, p.output_offset, p.output_multiplier,
                                        p.output_shift, p.activation_min, p.activation_max, &f)) {
      const int8_t* a8 = reinterpret_cast<const int8_t*>(a);
      const int8_t* b8 = reinterpret_cast<const int8_t*>(b);
      int8_t* o8 = reinterpret_cast<int8_t*>(o);
      if (p.activation_min == -128 && p.activation_max == 127) {
        dsp::mul_s8<true>(a8, b8, o8, n, f);
      } else {
        dsp::mul_s8<false>(a8, b8, o8, n, f);
      }
      return;
    }
#endif
    for (uint32_t i = 0; i < n; ++i) o[i] = mul_one<T>(p, a[i], b[i]);
    return;
  }
  for_each_broadcast(p.shape, [&](uint32_t oi, uint32_t ai, uint32_t bi) {
    o[oi] = mul_one<T>(p, a[ai], b[bi]);
  });
}

void eval(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::eval<int32_arith::Op::kMul>(args);
  const MulParams& p = *reinterpret_cast<const MulParams*>(args.params);
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if (hvx::mul_s8(p, args)) return;
#endif
  if (args.outputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    eval_typed<int8_t>(p, args);
  } else {
    eval_typed<int16_t>(p, args);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(mul, validate, eval);

}  // namespace kernels
}  // namespace lpai
