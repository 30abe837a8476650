// ARG_MAX / ARG_MIN load-time checks: see kernels/arg_min_max_common.h.
#include "kernels/arg_min_max_common.h"

#include "core/check.h"
#include "core/checked_math.h"

namespace lpai {
namespace kernels {

Status validate_arg_min_max(const KernelArgs& args, const char* name) {
  if (args.num_inputs != 2 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: %u inputs, %u outputs (want 2, 1)", name,
              args.num_inputs, args.num_outputs);
  }
  if (args.params_size != sizeof(ArgMinMaxParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, want %u", name, args.params_size,
              static_cast<uint32_t>(sizeof(ArgMinMaxParams)));
  }
  if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt32) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "%s: types %u -> %u unsupported (int8 -> int32)",
              name, args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const ArgMinMaxParams& p = *reinterpret_cast<const ArgMinMaxParams*>(args.params);
  if (p.outer < 0 || p.axis_size < 1 || p.inner < 0 ||
      sat_product(static_cast<uint64_t>(p.outer), static_cast<uint64_t>(p.axis_size),
                  static_cast<uint64_t>(p.inner)) != element_count(args.inputs[0].desc) ||
      sat_product(static_cast<uint64_t>(p.outer), static_cast<uint64_t>(p.inner)) !=
          element_count(args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: outer %d x axis %d x inner %d disagrees with the shapes", name, p.outer,
              p.axis_size, p.inner);
  }
  return Status::kOk;
}

}  // namespace kernels
}  // namespace lpai
