// PAD kernel: see kernels/params/pad.h.
#include "kernels/params/pad.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/pad_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::pad::kName, static_cast<uint32_t>(sizeof(PadParams)), 2, 1, 0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(in, ops::pad::kName, "input", format::DataType::kInt8,
                                             format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(out, in, ops::pad::kName, "output", "the input"));
  const format::DataType t = type_of(in);
  if (in->rank != out->rank || in->zero_point != out->zero_point ||
      in->scale_bits != out->scale_bits) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PAD: ranks %u -> %u or quantisation differ (want equal ranks and quantisation)",
              in->rank, out->rank);
  }
  const PadParams& p = *reinterpret_cast<const PadParams*>(args.params);
  const int32_t lo = t == format::DataType::kInt8 ? -128 : -32768;
  const int32_t hi = t == format::DataType::kInt8 ? 127 : 32767;
  bool ok = p.reserved == 0 && p.pad_value >= lo && p.pad_value <= hi;
  for (uint32_t i = 0; i < kParamsMaxRank && ok; ++i) {
    ok = pad_axis_matches(in, out, p.in_dims, p.out_dims, p.before, i);
  }
  if (!ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PAD: padding description does not match the input/output shapes");
  }
  return Status::kOk;
}

template <typename T>
void pad_typed(const PadParams& p, const T* in, T* out) {
  const T v = static_cast<T>(p.pad_value);
  const uint32_t* od = p.out_dims;
  const uint32_t* id = p.in_dims;
  const uint32_t* b = p.before;
  const uint32_t row = od[5];
  const uint32_t in_row = id[5];
  const uint32_t after = row - in_row - b[5];
  for (uint32_t i0 = 0; i0 < od[0]; ++i0) {
    const bool in0 = i0 >= b[0] && i0 - b[0] < id[0];
    for (uint32_t i1 = 0; i1 < od[1]; ++i1) {
      const bool in1 = in0 && i1 >= b[1] && i1 - b[1] < id[1];
      for (uint32_t i2 = 0; i2 < od[2]; ++i2) {
        const bool in2 = in1 && i2 >= b[2] && i2 - b[2] < id[2];
        for (uint32_t i3 = 0; i3 < od[3]; ++i3) {
          const bool in3 = in2 && i3 >= b[3] && i3 - b[3] < id[3];
          for (uint32_t i4 = 0; i4 < od[4]; ++i4) {
            const bool inside = in3 && i4 >= b[4] && i4 - b[4] < id[4];
            if (!inside) {
              for (uint32_t k = 0; k < row; ++k) out[k] = v;
            } else {
              for (uint32_t k = 0; k < b[5]; ++k) out[k] = v;
              for (uint32_t k = 0; k < in_row; ++k) out[b[5] + k] = in[k];
              for (uint32_t k = 0; k < after; ++k) out[b[5] + in_row + k] = v;
              in += in_row;
            }
            out += row;
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const PadParams& p = *reinterpret_cast<const PadParams*>(args.params);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    pad_typed(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
              reinterpret_cast<int8_t*>(args.outputs[0].data));
  } else {
    pad_typed(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
              reinterpret_cast<int16_t*>(args.outputs[0].data));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(pad, validate, eval);

}  // namespace kernels
}  // namespace lpai
