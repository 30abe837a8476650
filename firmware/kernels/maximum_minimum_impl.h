// Validator and evaluation shared by MAXIMUM and MINIMUM (see kernels/params/maximum_minimum.h).
#ifndef LPAI_KERNELS_MAXIMUM_MINIMUM_IMPL_H
#define LPAI_KERNELS_MAXIMUM_MINIMUM_IMPL_H

#include "core/check.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/op_checks.h"
#include "kernels/params/maximum_minimum.h"

namespace lpai {
namespace kernels {
namespace maxmin {

inline Status validate(const KernelArgs& args, const char* name) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, name, static_cast<uint32_t>(sizeof(MaxMinParams)), 2, 1, 0b11));
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16 &&
       t != format::DataType::kInt32) ||
      type_of(in1) != t || type_of(in2) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "%s: types %u/%u -> %u unsupported (int8, int16 or int32, all equal)", name,
              in1->data_type, in2->data_type, out->data_type);
  }
  const MaxMinParams& p = *reinterpret_cast<const MaxMinParams*>(args.params);
  return ewx::validate_binary_broadcast(name, p.broadcast, p.shape, in1, in2, out);
}

template <typename T, bool kMax>
inline void eval_typed(const MaxMinParams& p, const KernelArgs& args) {
  ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const T*>(args.inputs[0].data),
                   reinterpret_cast<const T*>(args.inputs[1].data),
                   reinterpret_cast<T*>(args.outputs[0].data), element_count(args.outputs[0].desc),
                   [](T a, T b) { return kMax ? (a > b ? a : b) : (a < b ? a : b); });
}

template <bool kMax>
inline void eval(const KernelArgs& args) {
  const MaxMinParams& p = *reinterpret_cast<const MaxMinParams*>(args.params);
  switch (type_of(args.outputs[0].desc)) {
    case format::DataType::kInt8: eval_typed<int8_t, kMax>(p, args); break;
    case format::DataType::kInt16: eval_typed<int16_t, kMax>(p, args); break;
    default: eval_typed<int32_t, kMax>(p, args); break;
  }
}

}  // namespace maxmin
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_MAXIMUM_MINIMUM_IMPL_H
