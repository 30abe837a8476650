// SQUARED_DIFFERENCE kernel: see kernels/params/squared_difference.h.
#include "kernels/params/squared_difference.h"

#include "core/check.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(ewx::validate_int8_int16_binary(
      args, ops::squared_difference::kName,
      static_cast<uint32_t>(sizeof(SquaredDifferenceParams)), /*exact=*/false));
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  const bool i8 = t == format::DataType::kInt8;
  const uint32_t want = static_cast<uint32_t>(sizeof(SquaredDifferenceParams)) +
                        (i8 ? kSquaredDifferenceTableBytes : 0u);
  const SquaredDifferenceParams& p = *reinterpret_cast<const SquaredDifferenceParams*>(args.params);
  if (args.params_size != want || p.input1_shift < -31 || p.input1_shift > 0 ||
      p.input2_shift < -31 || p.input2_shift > 0 || p.output_shift < -31 ||
      p.output_shift > 30 || p.input1_multiplier < 0 || p.input2_multiplier < 0 ||
      p.output_multiplier < 0 ||
      (i8 ? (p.output_offset < -128 || p.output_offset > 127) : p.output_offset != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SQUARED_DIFFERENCE: params %u bytes (want %u) or value out of range "
              "(shifts %d/%d/%d, offset %d)", args.params_size, want, p.input1_shift,
              p.input2_shift, p.output_shift, p.output_offset);
  }
  // eval squares s_1 - s_2 in int32: prepare's input rescales are at most 1/2 (each input over
  // twice the larger scale), so |s_k| <= 16384 and (s_1 - s_2)^2 <= 2^30. The int8 tables hold
  // those s_k; the int16 rescales must be at most 1/2 (a Q31 multiplier <= 2^30 at shift 0).
  bool scaled_ok = true;
  if (i8) {
    const int32_t* table =
        reinterpret_cast<const int32_t*>(args.params + sizeof(SquaredDifferenceParams));
    for (uint32_t k = 0; k < 2 * 256; ++k) {
      scaled_ok = scaled_ok && table[k] >= -kSquaredDifferenceMaxScaled &&
                  table[k] <= kSquaredDifferenceMaxScaled;
    }
  } else {
    scaled_ok = (p.input1_shift < 0 || p.input1_multiplier <= (1 << 30)) &&
                (p.input2_shift < 0 || p.input2_multiplier <= (1 << 30));
  }
  if (!scaled_ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SQUARED_DIFFERENCE: %s exceed the rescaled range +-%d (an input rescale "
              "above 1/2)", i8 ? "table entries" : "input multipliers",
              static_cast<int>(kSquaredDifferenceMaxScaled));
  }
  return ewx::validate_binary_broadcast(ops::squared_difference::kName, p.broadcast, p.shape, in1,
                                        in2, out);
}

inline int32_t finish(const SquaredDifferenceParams& p, int32_t s1, int32_t s2, int32_t lo,
                      int32_t hi) {
  const int32_t d = s1 - s2;
  const int32_t v =
      multiply_by_quantized_multiplier(d * d, p.output_multiplier, p.output_shift);
  const int64_t shifted = static_cast<int64_t>(v) + p.output_offset;  // no int32 wrap
  return shifted < lo ? lo : shifted > hi ? hi : static_cast<int32_t>(shifted);
}

void eval(const KernelArgs& args) {
  const SquaredDifferenceParams& p = *reinterpret_cast<const SquaredDifferenceParams*>(args.params);
  const uint32_t n = element_count(args.outputs[0].desc);
  if (type_of(args.outputs[0].desc) == format::DataType::kInt8) {
    const int32_t* t1 =
        reinterpret_cast<const int32_t*>(args.params + sizeof(SquaredDifferenceParams));
    const int32_t* t2 = t1 + 256;
    ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int8_t*>(args.inputs[0].data),
                     reinterpret_cast<const int8_t*>(args.inputs[1].data),
                     reinterpret_cast<int8_t*>(args.outputs[0].data), n,
                     [&p, t1, t2](int8_t a, int8_t b) {
                       return static_cast<int8_t>(finish(p, t1[static_cast<uint8_t>(a)],
                                                         t2[static_cast<uint8_t>(b)], -128, 127));
                     });
    return;
  }
  ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int16_t*>(args.inputs[0].data),
                   reinterpret_cast<const int16_t*>(args.inputs[1].data),
                   reinterpret_cast<int16_t*>(args.outputs[0].data), n,
                   [&p](int16_t a, int16_t b) {
                     const int32_t s1 =
                         multiply_by_quantized_multiplier(a, p.input1_multiplier, p.input1_shift);
                     const int32_t s2 =
                         multiply_by_quantized_multiplier(b, p.input2_multiplier, p.input2_shift);
                     return static_cast<int16_t>(finish(p, s1, s2, -32768, 32767));
                   });
}

}  // namespace

LPAI_DEFINE_KERNEL(squared_difference, validate, eval);

}  // namespace kernels
}  // namespace lpai
