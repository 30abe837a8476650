// L2_NORMALIZATION kernel: see kernels/params/l2_normalization.h.
#include "kernels/params/l2_normalization.h"

#include "core/check.h"
#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(args, ops::l2_normalization::kName,
                                            static_cast<uint32_t>(sizeof(L2NormalizationParams))));
  const format::TensorRecord* in = args.inputs[0].desc;
  if (type_of(in) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "L2_NORMALIZATION: types %u -> %u unsupported (int8 only)", in->data_type,
              args.outputs[0].desc->data_type);
  }
  const L2NormalizationParams& p = *reinterpret_cast<const L2NormalizationParams*>(args.params);
  if (in->rank == 0 || p.depth != in->dims[in->rank - 1] ||
      static_cast<uint64_t>(p.outer) * p.depth != element_count(in) || p.input_zero_point < -128 ||
      p.input_zero_point > 127) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "L2_NORMALIZATION: outer %u x depth %u or zero point %d do not match the input",
              p.outer, p.depth, p.input_zero_point);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const L2NormalizationParams& p = *reinterpret_cast<const L2NormalizationParams*>(args.params);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const int32_t zp = p.input_zero_point;
  for (uint32_t r = 0; r < p.outer; ++r) {
    const int8_t* x = in + static_cast<uintptr_t>(r) * p.depth;
    int8_t* o = out + static_cast<uintptr_t>(r) * p.depth;
    uint32_t acc = 0;
    for (uint32_t c = 0; c < p.depth; ++c) {
      const int32_t d = x[c] - zp;
      acc += static_cast<uint32_t>(d * d);
    }
    int32_t m = 0;
    int s = 0;
    ewx::inv_sqrt_multiplier_exp(static_cast<int32_t>(acc), &m, &s);
    for (uint32_t c = 0; c < p.depth; ++c) {
      o[c] = static_cast<int8_t>(clamp_i32(ewx::mbqm_any(x[c] - zp, m, s + 7), -128, 127));
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(l2_normalization, validate, eval);

}  // namespace kernels
}  // namespace lpai
