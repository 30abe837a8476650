// GATHER_ND kernel: see kernels/params/gather_nd.h.
#include "kernels/params/gather_nd.h"

#include <stddef.h>

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
      args, ops::gather_nd::kName, static_cast<uint32_t>(sizeof(GatherNdParams)), 2, 1, 0b11));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* idx = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const GatherNdParams& p = *reinterpret_cast<const GatherNdParams*>(args.params);
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, ops::gather_nd::kName, "input"));
  LPAI_RETURN_IF_ERROR(
      checks::require_same_type(out, in, ops::gather_nd::kName, "output", "the input"));
  LPAI_RETURN_IF_ERROR(checks::require_type(idx, ops::gather_nd::kName, "indices",
                                            format::DataType::kInt32, format::DataType::kInt64));
  const format::DataType it = static_cast<format::DataType>(idx->data_type);
  bool ok = movement::same_type_and_quant(in, out) &&
            ((it == format::DataType::kInt32 && p.index_bytes == 4) ||
             (it == format::DataType::kInt64 && p.index_bytes == 8)) &&
            p.depth <= in->rank &&
            element_count(idx) == static_cast<uint64_t>(p.slices) * p.depth &&
            element_count(out) == static_cast<uint64_t>(p.slices) * p.slice_size;
  // Every clamped coordinate stays inside the input: dims and strides are the input's.
  uint64_t stride = element_count(in);
  for (uint32_t k = 0; k < format::kMaxRank && ok; ++k) {
    if (k < p.depth) {
      ok = p.dims[k] == in->dims[k] && (p.slices == 0 || p.dims[k] > 0);
      if (ok && p.dims[k] > 0) {
        stride /= p.dims[k];
        ok = p.strides[k] == stride;
      }
    } else {
      ok = p.dims[k] == 0 && p.strides[k] == 0;
    }
  }
  if (ok && p.slices != 0) ok = p.slice_size == stride;
  if (!ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "GATHER_ND: quantisation, index width or sizes do not match the blob");
  }
  return Status::kOk;
}

template <typename I>
void gather_nd_typed(const GatherNdParams& p, const uint8_t* in, const I* idx, uint8_t* out,
                     uint32_t es) {
  const size_t row = static_cast<size_t>(p.slice_size) * es;
  for (uint32_t s = 0; s < p.slices; ++s) {
    size_t from = 0;
    for (uint32_t k = 0; k < p.depth; ++k) {
      I c = idx[k];
      const I last = static_cast<I>(p.dims[k]) - 1;
      c = c < 0 ? 0 : (c > last ? last : c);  // clamp: never out of bounds
      from += static_cast<size_t>(c) * p.strides[k];
    }
    idx += p.depth;
    __builtin_memcpy(out, in + from * es, row);
    out += row;
  }
}

void eval(const KernelArgs& args) {
  const GatherNdParams& p = *reinterpret_cast<const GatherNdParams*>(args.params);
  const uint32_t es =
      format::data_type_size(static_cast<format::DataType>(args.inputs[0].desc->data_type));
  if (p.index_bytes == 8) {
    gather_nd_typed(p, args.inputs[0].data, reinterpret_cast<const int64_t*>(args.inputs[1].data),
                    args.outputs[0].data, es);
  } else {
    gather_nd_typed(p, args.inputs[0].data, reinterpret_cast<const int32_t*>(args.inputs[1].data),
                    args.outputs[0].data, es);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(gather_nd, validate, eval);

}  // namespace kernels
}  // namespace lpai
