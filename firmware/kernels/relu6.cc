// RELU6 kernel: see kernels/params/relu6.h.
#include "kernels/params/relu6.h"

#include "core/check.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(args, ops::relu6::kName, sizeof(Relu6Params)));
  const format::DataType t = type_of(args.inputs[0].desc);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) ||
      type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "RELU6: types %u -> %u unsupported (int8 or int16, equal)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const Relu6Params& p = *reinterpret_cast<const Relu6Params*>(args.params);
  const int32_t lo = t == format::DataType::kInt8 ? -128 : -32768;
  const int32_t hi = t == format::DataType::kInt8 ? 127 : 32767;
  if (p.lower < lo || p.upper > hi || p.lower > p.upper) {
    LPAI_FAIL(Status::kBinaryBadParams, "RELU6: clamp range [%d, %d] invalid for the type", p.lower,
              p.upper);
  }
  return Status::kOk;
}

template <typename T>
void clamp_all(const Relu6Params& p, const T* in, T* out, uint32_t n) {
  const T lo = static_cast<T>(p.lower);
  const T hi = static_cast<T>(p.upper);
  for (uint32_t i = 0; i < n; ++i) {
    const T v = in[i];
    out[i] = v > hi ? hi : (v < lo ? lo : v);
  }
}

void eval(const KernelArgs& args) {
  const Relu6Params& p = *reinterpret_cast<const Relu6Params*>(args.params);
  const uint32_t n = element_count(args.inputs[0].desc);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    clamp_all(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
              reinterpret_cast<int8_t*>(args.outputs[0].data), n);
  } else {
    clamp_all(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
              reinterpret_cast<int16_t*>(args.outputs[0].data), n);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(relu6, validate, eval);

}  // namespace kernels
}  // namespace lpai
