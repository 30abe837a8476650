// SPACE_TO_BATCH_ND / BATCH_TO_SPACE_ND shared checks: see kernels/space_batch_common.h.
#include "kernels/space_batch_common.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/op_checks.h"

namespace lpai {
namespace kernels {
namespace space_batch {
namespace {

// 3-D [B, H, C] records are seen as [B, H, 1, C].
bool dims4(const format::TensorRecord* t, uint32_t* d) {
  if (t->rank == 4) {
    for (uint32_t i = 0; i < 4; ++i) d[i] = t->dims[i];
    return true;
  }
  if (t->rank != 3) return false;
  d[0] = t->dims[0];
  d[1] = t->dims[1];
  d[2] = 1;
  d[3] = t->dims[2];
  return true;
}

}  // namespace

Status validate_args(const KernelArgs& args, const char* op, uint32_t params_size) {
  LPAI_RETURN_IF_ERROR(checks::require_node(args, op, params_size, 3, 1, 0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  LPAI_RETURN_IF_ERROR(
      checks::require_type(in, op, "input", format::DataType::kInt8, format::DataType::kInt16));
  return checks::require_same_type(args.outputs[0].desc, in, op, "output", "the input");
}

bool dims_match(const KernelArgs& args, const uint32_t* in_dims, const uint32_t* out_dims) {
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  uint32_t di[4], dout[4];
  if (!movement::same_type_and_quant(in, out) || in->rank != out->rank || !dims4(in, di) ||
      !dims4(out, dout)) {
    return false;
  }
  for (uint32_t i = 0; i < 4; ++i) {
    if (in_dims[i] != di[i] || out_dims[i] != dout[i]) return false;
  }
  return true;
}

}  // namespace space_batch
}  // namespace kernels
}  // namespace lpai
