// BATCH_TO_SPACE_ND kernel: see kernels/batch_to_space_nd.h.
#include "kernels/params/batch_to_space_nd.h"

#include <stddef.h>

#include "core/checked_math.h"
#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
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

Status validate(const KernelArgs& args) {
  if (args.params_size != sizeof(BatchToSpaceNdParams) || args.num_inputs != 3 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_LOG_ERROR("BATCH_TO_SPACE_ND: params %u bytes (want %u), %u inputs, %u outputs "
                   "(want 3, 1)", fmt_u(args.params_size), fmt_u(sizeof(BatchToSpaceNdParams)),
                   fmt_u(args.num_inputs), fmt_u(args.num_outputs));
    return Status::kBinaryBadParams;
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const BatchToSpaceNdParams& p = *reinterpret_cast<const BatchToSpaceNdParams*>(args.params);
  const char* op = "BATCH_TO_SPACE_ND";
  LPAI_RETURN_IF_ERROR(
      checks::require_type(in, op, "input", format::DataType::kInt8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, in, op, "output", "the input"));
  uint32_t di[4], dout[4];
  bool ok = movement::same_type_and_quant(in, out) && in->rank == out->rank && dims4(in, di) &&
            dims4(out, dout) && p.block_h >= 1 && p.block_w >= 1;
  for (uint32_t i = 0; i < 4 && ok; ++i) ok = p.in_dims[i] == di[i] && p.out_dims[i] == dout[i];
  ok = ok && static_cast<uint64_t>(p.in_dims[0]) ==
                  sat_product(p.out_dims[0], p.block_h, p.block_w) &&
       p.out_dims[3] == p.in_dims[3] &&
       // every output element is written: the crops stay inside the uncropped output
       sat_sum(p.out_dims[1], p.crop_top) <= sat_product(p.in_dims[1], p.block_h) &&
       sat_sum(p.out_dims[2], p.crop_left) <= sat_product(p.in_dims[2], p.block_w);
  if (!ok) {
    LPAI_LOG_ERROR("BATCH_TO_SPACE_ND: quantisation or shapes do not match");
    return Status::kBinaryBadParams;
  }
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

const OpKernel kBatchToSpaceNdKernel = {format::BuiltinOp::kBatchToSpaceNd, "BATCH_TO_SPACE_ND",
                                        validate, eval};

}  // namespace kernels
}  // namespace lpai
