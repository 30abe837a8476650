// SHAPE kernel: see kernels/params/shape.h.
#include "kernels/params/shape.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {


Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::shape::kName, static_cast<uint32_t>(sizeof(ShapeParams)), 1, 1, 0b1));
  const ShapeParams& p = *reinterpret_cast<const ShapeParams*>(args.params);
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(out, ops::shape::kName, "output",
                                            format::DataType::kInt32, format::DataType::kInt64));
  bool ok = p.rank == in->rank && element_count(out) == p.rank;
  for (uint32_t i = 0; i < format::kMaxRank && ok; ++i) {
    ok = p.dims[i] == (i < p.rank ? in->dims[i] : 0u);
  }
  if (!ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "SHAPE: output size %u or the recorded dims do not match the input",
              fmt_u(element_count(out)));
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const ShapeParams& p = *reinterpret_cast<const ShapeParams*>(args.params);
  uint8_t* out = args.outputs[0].data;
  const bool i64 = args.outputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt64);
  for (uint32_t i = 0; i < p.rank; ++i) {
    if (i64) {
      const int64_t v = p.dims[i];
      __builtin_memcpy(out + 8 * i, &v, 8);
    } else {
      const int32_t v = static_cast<int32_t>(p.dims[i]);
      __builtin_memcpy(out + 4 * i, &v, 4);
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(shape, validate, eval);

}  // namespace kernels
}  // namespace lpai
