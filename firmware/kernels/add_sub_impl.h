// Validation and evaluation shared by ADD and SUB (kernels/add.cc, kernels/sub.cc).
#ifndef LPAI_KERNELS_ADD_SUB_IMPL_H
#define LPAI_KERNELS_ADD_SUB_IMPL_H

#include <stdint.h>

#include "core/check.h"
#include "core/log.h"
#include "kernels/add_sub_arith.h"
#include "kernels/cortex_m/dsp_elementwise.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/fixed_point.h"
#include "kernels/kernel_api.h"
#include "kernels/params/add.h"

namespace lpai {
namespace kernels {
namespace add_sub {

// Checks the blob and the tensors of an ADD/SUB node. `name` prefixes the log line.
inline Status validate(const KernelArgs& args, const char* name) {
  LPAI_RETURN_IF_ERROR(ewx::validate_int8_int16_binary(
      args, name, static_cast<uint32_t>(sizeof(AddParams)), /*exact=*/true));
  const AddParams& p = *reinterpret_cast<const AddParams*>(args.params);
  const bool i8 = type_of(args.outputs[0].desc) == format::DataType::kInt8;
  const int32_t qmin = i8 ? -128 : -32768;
  const int32_t qmax = i8 ? 127 : 32767;
  const bool offsets_ok = p.input1_offset >= -qmax && p.input1_offset <= -qmin &&
                          p.input2_offset >= -qmax && p.input2_offset <= -qmin &&
                          p.output_offset >= qmin && p.output_offset <= qmax;
  const bool shifts_ok = p.left_shift == (i8 ? 20 : 15) && p.input1_shift <= 0 &&
                         p.input1_shift >= -31 && p.input2_shift <= 0 && p.input2_shift >= -31 &&
                         p.output_shift <= 0 && p.output_shift >= -31 &&
                         p.input1_multiplier >= 0 && p.input2_multiplier >= 0 &&
                         p.output_multiplier >= 0;
  const bool act_ok = p.activation_min >= qmin && p.activation_max <= qmax &&
                      p.activation_min <= p.activation_max;
  if (!offsets_ok || !shifts_ok || !act_ok || p.reserved != 0 || p.broadcast > 1) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: parameter out of range (offsets %d/%d/%d, left_shift %d, shifts %d/%d/%d, "
              "activation [%d, %d], broadcast %u)",
              name, p.input1_offset, p.input2_offset, p.output_offset, p.left_shift,
              p.input1_shift, p.input2_shift, p.output_shift, p.activation_min,
              p.activation_max, p.broadcast);
  }
  return ewx::validate_binary_broadcast(name, p.broadcast, p.shape, args);
}

// int8, equal shapes: compute() in blocks of 16 through fast_scale_apply. Every scaled value
// stays below 2^30 in magnitude (validate: offsets keep |input + offset| <= 255, left_shift 20,
// multipliers < 2^31 so each scaled input is at most 2^28 and their sum or difference 2^29).
template <bool kSubtract>
inline void eval_s8_flat(const AddParams& p, const int8_t* a, const int8_t* b, int8_t* o, uint32_t n) {
#if defined(LPAI_HAS_CORTEX_M_DSP)
  dsp::add_sub_s8<kSubtract>(a, b, o, n, p.input1_offset, p.input2_offset, p.output_offset,
                             dsp::down_scale(p.input1_multiplier, p.input1_shift),
                             dsp::down_scale(p.input2_multiplier, p.input2_shift),
                             dsp::down_scale(p.output_multiplier, p.output_shift),
                             p.activation_min, p.activation_max);
  return;
#endif
  const FastScale f1 = fast_scale(p.input1_multiplier, p.input1_shift);
  const FastScale f2 = fast_scale(p.input2_multiplier, p.input2_shift);
  const FastScale fo = fast_scale(p.output_multiplier, p.output_shift);
  // Locals: int8 stores may alias the parameter blob, which would keep every load in the loop.
  const int32_t off1 = p.input1_offset, off2 = p.input2_offset, out_off = p.output_offset;
  const int32_t lo = p.activation_min, hi = p.activation_max;
  constexpr uint32_t kBlock = 16;
  uint32_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    int8_t xa8[kBlock], xb8[kBlock], res[kBlock];
    __builtin_memcpy(xa8, a + i, kBlock);
    __builtin_memcpy(xb8, b + i, kBlock);
    for (uint32_t j = 0; j < kBlock; ++j) {
      const uint32_t xa = static_cast<uint32_t>(off1 + xa8[j]) << 20;
      const uint32_t xb = static_cast<uint32_t>(off2 + xb8[j]) << 20;
      const uint32_t sa = static_cast<uint32_t>(fast_scale_apply(xa, f1));
      const uint32_t sb = static_cast<uint32_t>(fast_scale_apply(xb, f2));
      int32_t v = fast_scale_apply(kSubtract ? sa - sb : sa + sb, fo) + out_off;
      v = v < lo ? lo : v;
      v = v > hi ? hi : v;
      res[j] = static_cast<int8_t>(v);
    }
    __builtin_memcpy(o + i, res, kBlock);
  }
  for (; i < n; ++i) o[i] = compute<int8_t, kSubtract>(p, a[i], b[i]);
}

template <typename T, bool kSubtract>
inline void eval_typed(const AddParams& p, const KernelArgs& args) {
  const T* a = reinterpret_cast<const T*>(args.inputs[0].data);
  const T* b = reinterpret_cast<const T*>(args.inputs[1].data);
  T* o = reinterpret_cast<T*>(args.outputs[0].data);
  if (p.broadcast == 0) {
    const uint32_t n = element_count(args.outputs[0].desc);
    if (sizeof(T) == 1 && p.left_shift == 20) {
      eval_s8_flat<kSubtract>(p, reinterpret_cast<const int8_t*>(a), reinterpret_cast<const int8_t*>(b),
                              reinterpret_cast<int8_t*>(o), n);
      return;
    }
    for (uint32_t i = 0; i < n; ++i) o[i] = compute<T, kSubtract>(p, a[i], b[i]);
    return;
  }
  for_each_broadcast(p.shape, [&](uint32_t oi, uint32_t ai, uint32_t bi) {
    o[oi] = compute<T, kSubtract>(p, a[ai], b[bi]);
  });
}

template <bool kSubtract>
inline void eval(const KernelArgs& args) {
  const AddParams& p = *reinterpret_cast<const AddParams*>(args.params);
  if (args.outputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    eval_typed<int8_t, kSubtract>(p, args);
  } else {
    eval_typed<int16_t, kSubtract>(p, args);
  }
}

}  // namespace add_sub
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_ADD_SUB_IMPL_H
