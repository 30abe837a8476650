// DYNAMIC_UPDATE_SLICE kernel: see kernels/params/dynamic_update_slice.h.
#include "kernels/params/dynamic_update_slice.h"

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
  if (args.params_size != sizeof(DynamicUpdateSliceParams) || args.num_inputs != 3 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr || args.inputs[1].desc == nullptr ||
      args.inputs[2].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "DYNAMIC_UPDATE_SLICE: params %u bytes (want %u), %u inputs, %u outputs "
              "(want 3, 1)", fmt_u(args.params_size), fmt_u(sizeof(DynamicUpdateSliceParams)),
              fmt_u(args.num_inputs), fmt_u(args.num_outputs));
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* upd = args.inputs[1].desc;
  const format::TensorRecord* idx = args.inputs[2].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const DynamicUpdateSliceParams& p =
      *reinterpret_cast<const DynamicUpdateSliceParams*>(args.params);
  const char* op = ops::dynamic_update_slice::kName;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, op, "input"));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(upd, in, op, "update", "the input"));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, in, op, "output", "the input"));
  LPAI_RETURN_IF_ERROR(
      checks::require_type(idx, op, "indices", format::DataType::kInt32, format::DataType::kInt64));
  const format::DataType it = static_cast<format::DataType>(idx->data_type);
  bool ok = movement::same_type_and_quant(in, out) &&
            movement::same_type_and_quant(in, upd) && p.rank == in->rank &&
            out->rank == in->rank && upd->rank == in->rank &&
            ((it == format::DataType::kInt32 && p.index_bytes == 4) ||
             (it == format::DataType::kInt64 && p.index_bytes == 8)) &&
            idx->rank == 1 && idx->dims[0] == p.rank;
  const uint32_t lead = kParamsMaxRank - p.rank;
  for (uint32_t k = 0; k < kParamsMaxRank && ok; ++k) {
    const uint32_t d = k < lead ? 1u : in->dims[k - lead];
    const uint32_t u = k < lead ? 1u : upd->dims[k - lead];
    ok = p.dims[k] == d && p.update[k] == u && u <= d && (k < lead || out->dims[k - lead] == d);
  }
  if (!ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "DYNAMIC_UPDATE_SLICE: quantisation, index width or shapes do not match the blob");
  }
  return Status::kOk;
}

template <typename I>
void clamp_starts(const DynamicUpdateSliceParams& p, const I* idx, uint32_t* start) {
  const uint32_t lead = kParamsMaxRank - p.rank;
  for (uint32_t k = 0; k < kParamsMaxRank; ++k) {
    if (k < lead) {
      start[k] = 0;
      continue;
    }
    const I v = idx[k - lead];
    const I hi = static_cast<I>(p.dims[k] - p.update[k]);
    start[k] = static_cast<uint32_t>(v < 0 ? 0 : (v > hi ? hi : v));
  }
}

void eval(const KernelArgs& args) {
  const DynamicUpdateSliceParams& p =
      *reinterpret_cast<const DynamicUpdateSliceParams*>(args.params);
  const uint32_t es =
      format::data_type_size(static_cast<format::DataType>(args.inputs[0].desc->data_type));
  uint8_t* out = args.outputs[0].data;
  if (out != args.inputs[0].data) {
    __builtin_memmove(out, args.inputs[0].data, args.outputs[0].desc->size);
  }
  uint32_t s[kParamsMaxRank];
  if (p.index_bytes == 8) {
    clamp_starts(p, reinterpret_cast<const int64_t*>(args.inputs[2].data), s);
  } else {
    clamp_starts(p, reinterpret_cast<const int32_t*>(args.inputs[2].data), s);
  }
  const uint32_t* d = p.dims;
  const uint32_t* u = p.update;
  const uint8_t* src = args.inputs[1].data;
  const size_t row = static_cast<size_t>(u[5]) * es;
  for (uint32_t i0 = 0; i0 < u[0]; ++i0) {
    const size_t x0 = s[0] + i0;
    for (uint32_t i1 = 0; i1 < u[1]; ++i1) {
      const size_t x1 = x0 * d[1] + s[1] + i1;
      for (uint32_t i2 = 0; i2 < u[2]; ++i2) {
        const size_t x2 = x1 * d[2] + s[2] + i2;
        for (uint32_t i3 = 0; i3 < u[3]; ++i3) {
          const size_t x3 = x2 * d[3] + s[3] + i3;
          for (uint32_t i4 = 0; i4 < u[4]; ++i4) {
            const size_t x4 = (x3 * d[4] + s[4] + i4) * d[5] + s[5];
            __builtin_memcpy(out + x4 * es, src, row);
            src += row;
          }
        }
      }
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(dynamic_update_slice, validate, eval);

}  // namespace kernels
}  // namespace lpai
