// MUL kernel: see kernels/params/mul.h.
#include "kernels/params/mul.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/cortex_m/dsp_elementwise.h"
#include "kernels/elementwise_common.h"
#include "kernels/fixed_point.h"
#include "kernels/int32_arith.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_elementwise.h"
#endif
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::validate(args, ops::mul::kName);
  if (args.params_size != sizeof(MulParams) || args.num_inputs != 2 || args.num_outputs != 1 ||
      args.inputs[0].desc == nullptr || args.inputs[1].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "MUL: params %u bytes (want %u), %u inputs, %u outputs (want 2, 1)", args.params_size,
              static_cast<unsigned>(sizeof(MulParams)), args.num_inputs, args.num_outputs);
  }
  const MulParams& p = *reinterpret_cast<const MulParams*>(args.params);
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) || type_of(in1) != t ||
      type_of(in2) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "MUL: tensor types %u/%u -> %u unsupported (int8 or int16, all equal)",
              in1->data_type, in2->data_type, out->data_type);
  }
  const bool i8 = t == format::DataType::kInt8;
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
  if (p.broadcast == 0) {
    if (!same_shape(in1, out) || !same_shape(in2, out)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "MUL: input/output shapes differ but the node is marked non-broadcast");
    }
    return Status::kOk;
  }
  BroadcastShape bc;
  uint32_t rank = 0;
  uint32_t shape[kBroadcastRank];
  if (!compute_broadcast(in1->dims, in1->rank, in2->dims, in2->rank, &bc, &rank, shape) ||
      !dims_equal(out, shape, rank) || !same_broadcast(bc, p.shape)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "MUL: broadcast description does not match the input/output shapes");
  }
  return Status::kOk;
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
