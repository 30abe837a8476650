// SPACE_TO_BATCH_ND kernel: see kernels/params/space_to_batch_nd.h.
#include "kernels/params/space_to_batch_nd.h"

#include <stddef.h>

#include "core/checked_math.h"
#include "core/check.h"
#include "core/log.h"
#include "kernels/registry.h"
#include "kernels/space_batch_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(space_batch::validate_args(args, ops::space_to_batch_nd::kName,
                                                  sizeof(SpaceToBatchNdParams)));
  const SpaceToBatchNdParams& p = *reinterpret_cast<const SpaceToBatchNdParams*>(args.params);
  const format::DataType t = static_cast<format::DataType>(args.inputs[0].desc->data_type);
  const int32_t lo = t == format::DataType::kInt8 ? -128 : -32768;
  const int32_t hi = t == format::DataType::kInt8 ? 127 : 32767;
  const bool ok =
      space_batch::dims_match(args, p.in_dims, p.out_dims) && p.reserved == 0 &&
      p.pad_value >= lo && p.pad_value <= hi && p.block_h >= 1 && p.block_w >= 1 &&
      static_cast<uint64_t>(p.out_dims[0]) == sat_product(p.in_dims[0], p.block_h, p.block_w) &&
      p.out_dims[3] == p.in_dims[3] &&
      static_cast<uint64_t>(p.out_dims[1]) * p.block_h >=
          static_cast<uint64_t>(p.in_dims[1]) + p.pad_top &&
      static_cast<uint64_t>(p.out_dims[2]) * p.block_w >=
          static_cast<uint64_t>(p.in_dims[2]) + p.pad_left;
  LPAI_CHECK(ok, Status::kBinaryBadParams,
             "SPACE_TO_BATCH_ND: quantisation or shapes do not match");
  return Status::kOk;
}

template <typename T>
void s2b_typed(const SpaceToBatchNdParams& p, const T* in, T* out) {
  const uint32_t B = p.in_dims[0], H = p.in_dims[1], W = p.in_dims[2], C = p.in_dims[3];
  const uint32_t OH = p.out_dims[1], OW = p.out_dims[2];
  const T v = static_cast<T>(p.pad_value);
  for (uint32_t sh = 0; sh < p.block_h; ++sh) {
    for (uint32_t sw = 0; sw < p.block_w; ++sw) {
      for (uint32_t b = 0; b < B; ++b) {
        const T* ib = in + static_cast<size_t>(b) * H * W * C;
        for (uint32_t h = 0; h < OH; ++h) {
          const uint32_t ph = h * p.block_h + sh;  // row in the padded input
          const bool row_in = ph >= p.pad_top && ph - p.pad_top < H;
          const T* ir = ib + (row_in ? static_cast<size_t>(ph - p.pad_top) * W * C : 0);
          for (uint32_t w = 0; w < OW; ++w) {
            const uint32_t pw = w * p.block_w + sw;
            if (row_in && pw >= p.pad_left && pw - p.pad_left < W) {
              __builtin_memcpy(out, ir + static_cast<size_t>(pw - p.pad_left) * C, C * sizeof(T));
            } else {
              for (uint32_t c = 0; c < C; ++c) out[c] = v;
            }
            out += C;
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const SpaceToBatchNdParams& p = *reinterpret_cast<const SpaceToBatchNdParams*>(args.params);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    s2b_typed(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
              reinterpret_cast<int8_t*>(args.outputs[0].data));
  } else {
    s2b_typed(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
              reinterpret_cast<int16_t*>(args.outputs[0].data));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(space_to_batch_nd, validate, eval);

}  // namespace kernels
}  // namespace lpai
