// MIRROR_PAD kernel: see kernels/params/mirror_pad.h.
#include "kernels/params/mirror_pad.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/movement_common.h"
#include "kernels/op_checks.h"
#include "kernels/pad_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::mirror_pad::kName, static_cast<uint32_t>(sizeof(MirrorPadParams)), 2, 1, 0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, ops::mirror_pad::kName, "input"));
  LPAI_RETURN_IF_ERROR(
      checks::require_same_type(out, in, ops::mirror_pad::kName, "output", "the input"));
  if (!movement::same_type_and_quant(in, out) || in->rank != out->rank) {
    LPAI_FAIL(Status::kBinaryBadParams, "MIRROR_PAD: ranks %u -> %u or quantisation differ",
              fmt_u(in->rank), fmt_u(out->rank));
  }
  const MirrorPadParams& p = *reinterpret_cast<const MirrorPadParams*>(args.params);
  bool ok = p.reserved == 0 && p.offset <= 1;
  for (uint32_t i = 0; i < kParamsMaxRank && ok; ++i) {
    ok = pad_axis_matches(in, out, p.in_dims, p.out_dims, p.before, i);
    if (!ok) break;
    const uint32_t after = p.out_dims[i] - p.in_dims[i] - p.before[i];
    const uint32_t limit = p.in_dims[i] >= p.offset ? p.in_dims[i] - p.offset : 0;
    ok = p.before[i] <= limit && after <= limit;
  }
  if (!ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "MIRROR_PAD: padding description does not match the input/output shapes");
  }
  return Status::kOk;
}

// Input index of output index i along a dim (see the header).
inline uint32_t mirror(uint32_t i, uint32_t before, uint32_t n, uint32_t offset) {
  if (i < before) return before + offset - 1 - i;
  i -= before;
  if (i < n) return i;
  return n - 1 - offset - (i - n);
}

template <typename T>
void mirror_pad_typed(const MirrorPadParams& p, const T* in, T* out) {
  const uint32_t* od = p.out_dims;
  const uint32_t* id = p.in_dims;
  const uint32_t* b = p.before;
  const uint32_t off = p.offset;
  const uint32_t n5 = id[5], b5 = b[5], after5 = od[5] - id[5] - b[5];
  for (uint32_t i0 = 0; i0 < od[0]; ++i0) {
    const size_t x0 = mirror(i0, b[0], id[0], off);
    for (uint32_t i1 = 0; i1 < od[1]; ++i1) {
      const size_t x1 = x0 * id[1] + mirror(i1, b[1], id[1], off);
      for (uint32_t i2 = 0; i2 < od[2]; ++i2) {
        const size_t x2 = x1 * id[2] + mirror(i2, b[2], id[2], off);
        for (uint32_t i3 = 0; i3 < od[3]; ++i3) {
          const size_t x3 = x2 * id[3] + mirror(i3, b[3], id[3], off);
          for (uint32_t i4 = 0; i4 < od[4]; ++i4) {
            const T* row = in + (x3 * id[4] + mirror(i4, b[4], id[4], off)) * n5;
            for (uint32_t k = 0; k < b5; ++k) out[k] = row[b5 + off - 1 - k];
            __builtin_memcpy(out + b5, row, n5 * sizeof(T));
            for (uint32_t k = 0; k < after5; ++k) out[b5 + n5 + k] = row[n5 - 1 - off - k];
            out += od[5];
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const MirrorPadParams& p = *reinterpret_cast<const MirrorPadParams*>(args.params);
  const uint8_t* in = args.inputs[0].data;
  uint8_t* out = args.outputs[0].data;
  switch (format::data_type_size(static_cast<format::DataType>(args.inputs[0].desc->data_type))) {
    case 1:
      mirror_pad_typed(p, in, out);
      break;
    case 2:
      mirror_pad_typed(p, reinterpret_cast<const int16_t*>(in), reinterpret_cast<int16_t*>(out));
      break;
    default:
      mirror_pad_typed(p, reinterpret_cast<const int32_t*>(in), reinterpret_cast<int32_t*>(out));
      break;
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(mirror_pad, validate, eval);

}  // namespace kernels
}  // namespace lpai
