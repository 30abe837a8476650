// BATCH_TO_SPACE_ND kernel: see kernels/params/batch_to_space_nd.h.
#include "kernels/params/batch_to_space_nd.h"

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
  LPAI_RETURN_IF_ERROR(space_batch::validate_args(args, ops::batch_to_space_nd::kName,
                                                  sizeof(BatchToSpaceNdParams)));
  const BatchToSpaceNdParams& p = *reinterpret_cast<const BatchToSpaceNdParams*>(args.params);
  const bool ok =
      space_batch::dims_match(args, p.in_dims, p.out_dims) && p.block_h >= 1 && p.block_w >= 1 &&
      static_cast<uint64_t>(p.in_dims[0]) == sat_product(p.out_dims[0], p.block_h, p.block_w) &&
      p.out_dims[3] == p.in_dims[3] &&
      // every output element is written: the crops stay inside the uncropped output
      sat_sum(p.out_dims[1], p.crop_top) <= sat_product(p.in_dims[1], p.block_h) &&
      sat_sum(p.out_dims[2], p.crop_left) <= sat_product(p.in_dims[2], p.block_w);
  LPAI_CHECK(ok, Status::kBinaryBadParams,
             "BATCH_TO_SPACE_ND: quantisation or shapes do not match");
  return Status::kOk;
}

template <typename T>
void b2s_typed(const BatchToSpaceNdParams& p, const T* in, T* out) {
  const uint32_t IH = p.in_dims[1], IW = p.in_dims[2], C = p.in_dims[3];
  const uint32_t B = p.out_dims[0], OH = p.out_dims[1], OW = p.out_dims[2];
  const size_t row = static_cast<size_t>(C) * sizeof(T);
  for (uint32_t sh = 0; sh < p.block_h; ++sh) {
    for (uint32_t sw = 0; sw < p.block_w; ++sw) {
      for (uint32_t b = 0; b < B; ++b) {
        T* ob = out + static_cast<size_t>(b) * OH * OW * C;
        for (uint32_t h = 0; h < IH; ++h) {
          const uint32_t y = h * p.block_h + sh;  // uncropped output row
          const T* ir = in + static_cast<size_t>(h) * IW * C;
          if (y >= p.crop_top && y - p.crop_top < OH) {
            T* orow = ob + static_cast<size_t>(y - p.crop_top) * OW * C;
            for (uint32_t w = 0; w < IW; ++w) {
              const uint32_t x = w * p.block_w + sw;
              if (x >= p.crop_left && x - p.crop_left < OW) {
                __builtin_memcpy(orow + static_cast<size_t>(x - p.crop_left) * C,
                                 ir + static_cast<size_t>(w) * C, row);
              }
            }
          }
        }
        in += static_cast<size_t>(IH) * IW * C;
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const BatchToSpaceNdParams& p = *reinterpret_cast<const BatchToSpaceNdParams*>(args.params);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    b2s_typed(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
              reinterpret_cast<int8_t*>(args.outputs[0].data));
  } else {
    b2s_typed(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
              reinterpret_cast<int16_t*>(args.outputs[0].data));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(batch_to_space_nd, validate, eval);

}  // namespace kernels
}  // namespace lpai
