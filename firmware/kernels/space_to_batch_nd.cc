// SPACE_TO_BATCH_ND kernel: see kernels/space_to_batch_nd.h.
#include "kernels/params/space_to_batch_nd.h"

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
  if (args.params_size != sizeof(SpaceToBatchNdParams) || args.num_inputs != 3 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_LOG_ERROR("SPACE_TO_BATCH_ND: params %u bytes (want %u), %u inputs, %u outputs "
                   "(want 3, 1)", fmt_u(args.params_size), fmt_u(sizeof(SpaceToBatchNdParams)),
                   fmt_u(args.num_inputs), fmt_u(args.num_outputs));
    return Status::kBinaryBadParams;
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const SpaceToBatchNdParams& p = *reinterpret_cast<const SpaceToBatchNdParams*>(args.params);
  const char* op = "SPACE_TO_BATCH_ND";
  LPAI_RETURN_IF_ERROR(
      checks::require_type(in, op, "input", format::DataType::kInt8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, in, op, "output", "the input"));
  const format::DataType t = static_cast<format::DataType>(in->data_type);
  const int32_t lo = t == format::DataType::kInt8 ? -128 : -32768;
  const int32_t hi = t == format::DataType::kInt8 ? 127 : 32767;
  uint32_t di[4], dout[4];
  bool ok = movement::same_type_and_quant(in, out) && in->rank == out->rank && dims4(in, di) &&
            dims4(out, dout) && p.reserved == 0 && p.pad_value >= lo && p.pad_value <= hi &&
            p.block_h >= 1 && p.block_w >= 1;
  for (uint32_t i = 0; i < 4 && ok; ++i) ok = p.in_dims[i] == di[i] && p.out_dims[i] == dout[i];
  ok = ok && static_cast<uint64_t>(p.out_dims[0]) ==
                  sat_product(p.in_dims[0], p.block_h, p.block_w) &&
       p.out_dims[3] == p.in_dims[3] &&
       static_cast<uint64_t>(p.out_dims[1]) * p.block_h >=
           static_cast<uint64_t>(p.in_dims[1]) + p.pad_top &&
       static_cast<uint64_t>(p.out_dims[2]) * p.block_w >=
           static_cast<uint64_t>(p.in_dims[2]) + p.pad_left;
  if (!ok) {
    LPAI_LOG_ERROR("SPACE_TO_BATCH_ND: quantisation or shapes do not match");
    return Status::kBinaryBadParams;
  }
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

const OpKernel kSpaceToBatchNdKernel = {format::BuiltinOp::kSpaceToBatchNd, "SPACE_TO_BATCH_ND",
                                        validate, eval};

}  // namespace kernels
}  // namespace lpai
