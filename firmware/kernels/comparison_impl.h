// Validator and evaluation shared by the six comparison kernels (see kernels/params/comparison.h).
#ifndef LPAI_KERNELS_COMPARISON_IMPL_H
#define LPAI_KERNELS_COMPARISON_IMPL_H

#include "core/check.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/op_checks.h"
#include "kernels/params/comparison.h"

namespace lpai {
namespace kernels {
namespace cmp {

inline Status validate(const KernelArgs& args, const char* name, bool allow_bool) {
  if (args.params_size < sizeof(ComparisonParams) || args.num_inputs != 2 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.inputs[1].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: params %u bytes, %u inputs, %u outputs (want >= %u, 2, 1)", name,
              args.params_size, args.num_inputs, args.num_outputs,
              static_cast<unsigned>(sizeof(ComparisonParams)));
  }
  const ComparisonParams& p = *reinterpret_cast<const ComparisonParams*>(args.params);
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(in1);
  if (t != format::DataType::kInt8 && t != format::DataType::kInt32 &&
      (!allow_bool || t != format::DataType::kBool)) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "%s: input 1 data type %u refused (want int8 or int32%s)", name,
              in1->data_type, allow_bool ? " or bool" : "");
  }
  LPAI_RETURN_IF_ERROR(checks::require_same_type(in2, in1, name, "input 2", "input 1"));
  LPAI_RETURN_IF_ERROR(checks::require_type(out, name, "output", format::DataType::kBool,
                                             format::DataType::kBool));
  const bool mode_ok = (p.mode == kCompareInt8Scaled && t == format::DataType::kInt8) ||
                       (p.mode == kCompareInt32 && t == format::DataType::kInt32) ||
                       (p.mode == kCompareBool && t == format::DataType::kBool);
  if (!mode_ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: mode %u does not compare inputs of type %u", name, p.mode,
              in1->data_type);
  }
  const uint32_t want = static_cast<uint32_t>(sizeof(ComparisonParams)) +
                        (p.mode == kCompareInt8Scaled ? kComparisonTableBytes : 0u);
  if (args.params_size != want) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, want %u", name, args.params_size, want);
  }
  return ewx::validate_binary_broadcast(name, p.broadcast, p.shape, in1, in2, out);
}

// Cmp: struct with static bool apply(int32_t a, int32_t b).
template <typename Cmp>
inline void eval(const KernelArgs& args) {
  const ComparisonParams& p = *reinterpret_cast<const ComparisonParams*>(args.params);
  uint8_t* o = args.outputs[0].data;
  const uint32_t n = element_count(args.outputs[0].desc);
  if (p.mode == kCompareInt8Scaled) {
    const int32_t* s1 = reinterpret_cast<const int32_t*>(args.params + sizeof(ComparisonParams));
    const int32_t* s2 = s1 + 256;
    ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int8_t*>(args.inputs[0].data),
                     reinterpret_cast<const int8_t*>(args.inputs[1].data), o, n,
                     [s1, s2](int8_t a, int8_t b) {
                       return static_cast<uint8_t>(Cmp::apply(s1[static_cast<uint8_t>(a)],
                                                              s2[static_cast<uint8_t>(b)]));
                     });
  } else if (p.mode == kCompareInt32) {
    ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int32_t*>(args.inputs[0].data),
                     reinterpret_cast<const int32_t*>(args.inputs[1].data), o, n,
                     [](int32_t a, int32_t b) { return static_cast<uint8_t>(Cmp::apply(a, b)); });
  } else {
    ewx::binary_loop(p.broadcast, p.shape, args.inputs[0].data, args.inputs[1].data, o, n,
                     [](uint8_t a, uint8_t b) {
                       return static_cast<uint8_t>(Cmp::apply(a != 0, b != 0));
                     });
  }
}

struct Equal { static bool apply(int32_t a, int32_t b) { return a == b; } };
struct NotEqual { static bool apply(int32_t a, int32_t b) { return a != b; } };
struct Greater { static bool apply(int32_t a, int32_t b) { return a > b; } };
struct GreaterEqual { static bool apply(int32_t a, int32_t b) { return a >= b; } };
struct Less { static bool apply(int32_t a, int32_t b) { return a < b; } };
struct LessEqual { static bool apply(int32_t a, int32_t b) { return a <= b; } };

}  // namespace cmp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_COMPARISON_IMPL_H
