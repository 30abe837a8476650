// FILL kernel: see kernels/params/fill.h.
#include "kernels/params/fill.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(args, ops::fill::kName, 0, 2, 1, 0b10));
  const format::TensorRecord* value = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(out, ops::fill::kName, "output"));
  LPAI_RETURN_IF_ERROR(
      checks::require_same_type(value, out, ops::fill::kName, "value", "the output"));
  if (element_count(value) != 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "FILL: value has %u elements (want 1)",
              element_count(value));
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const uint32_t n = element_count(args.outputs[0].desc);
  switch (format::data_type_size(type_of(args.outputs[0].desc))) {
    case 1: __builtin_memset(args.outputs[0].data, args.inputs[1].data[0], n); break;
    case 2: {
      const int16_t v = *reinterpret_cast<const int16_t*>(args.inputs[1].data);
      int16_t* o = reinterpret_cast<int16_t*>(args.outputs[0].data);
      for (uint32_t i = 0; i < n; ++i) o[i] = v;
      break;
    }
    default: {
      const int32_t v = *reinterpret_cast<const int32_t*>(args.inputs[1].data);
      int32_t* o = reinterpret_cast<int32_t*>(args.outputs[0].data);
      for (uint32_t i = 0; i < n; ++i) o[i] = v;
      break;
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(fill, validate, eval);

}  // namespace kernels
}  // namespace lpai
