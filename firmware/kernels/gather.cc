// GATHER kernel: see kernels/params/gather.h.
#include "kernels/params/gather.h"

#include <stddef.h>

#include "core/checked_math.h"
#include "core/check.h"
#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {


Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::gather::kName, static_cast<uint32_t>(sizeof(GatherParams)), 2, 1, 0b11));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* idx = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const GatherParams& p = *reinterpret_cast<const GatherParams*>(args.params);
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, ops::gather::kName, "input"));
  LPAI_RETURN_IF_ERROR(
      checks::require_same_type(out, in, ops::gather::kName, "output", "the input"));
  LPAI_RETURN_IF_ERROR(checks::require_type(idx, ops::gather::kName, "indices",
                                            format::DataType::kInt32, format::DataType::kInt64));
  const format::DataType it = static_cast<format::DataType>(idx->data_type);
  const bool idx_ok = (it == format::DataType::kInt32 && p.index_bytes == 4) ||
                      (it == format::DataType::kInt64 && p.index_bytes == 8);
  const uint64_t bo = sat_product(p.batch, p.outer);
  if (!movement::same_type_and_quant(in, out) ||
      !idx_ok || element_count(idx) != sat_product(p.batch, p.coords) ||
      element_count(in) != sat_product(bo, p.axis_size, p.inner) ||
      element_count(out) != sat_product(bo, p.coords, p.inner) ||
      (p.axis_size == 0 && element_count(out) != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "GATHER: quantisation, index width or sizes do not match the blob");
  }
  return Status::kOk;
}

template <typename I>
void gather_typed(const GatherParams& p, const uint8_t* in, const I* idx, uint8_t* out,
                  uint32_t es) {
  const size_t row = static_cast<size_t>(p.inner) * es;
  const I last = static_cast<I>(p.axis_size) - 1;
  for (uint32_t b = 0; b < p.batch; ++b) {
    const I* ib = idx + static_cast<size_t>(b) * p.coords;
    for (uint32_t o = 0; o < p.outer; ++o) {
      const uint8_t* base = in + (static_cast<size_t>(b) * p.outer + o) * p.axis_size * row;
      for (uint32_t c = 0; c < p.coords; ++c) {
        I k = ib[c];
        k = k < 0 ? 0 : (k > last ? last : k);  // clamp: never out of bounds
        __builtin_memcpy(out, base + static_cast<size_t>(k) * row, row);
        out += row;
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const GatherParams& p = *reinterpret_cast<const GatherParams*>(args.params);
  const uint32_t es =
      format::data_type_size(static_cast<format::DataType>(args.inputs[0].desc->data_type));
  if (p.index_bytes == 8) {
    gather_typed(p, args.inputs[0].data, reinterpret_cast<const int64_t*>(args.inputs[1].data),
                 args.outputs[0].data, es);
  } else {
    gather_typed(p, args.inputs[0].data, reinterpret_cast<const int32_t*>(args.inputs[1].data),
                 args.outputs[0].data, es);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(gather, validate, eval);

}  // namespace kernels
}  // namespace lpai
