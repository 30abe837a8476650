// STRIDED_SLICE kernel: see kernels/params/strided_slice.h.
#include "kernels/params/strided_slice.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::strided_slice::kName, static_cast<uint32_t>(sizeof(StridedSliceParams)), 4, 1,
      0b1));
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_copyable_type(in, ops::strided_slice::kName, "input"));
  LPAI_RETURN_IF_ERROR(
      checks::require_same_type(out, in, ops::strided_slice::kName, "output", "the input"));
  if (in->zero_point != out->zero_point || in->scale_bits != out->scale_bits) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "STRIDED_SLICE: zero points %d -> %d or scales differ (want equal quantisation)",
              in->zero_point, out->zero_point);
  }
  const StridedSliceParams& p = *reinterpret_cast<const StridedSliceParams*>(args.params);
  // Index arithmetic in eval is int32.
  bool ok = in->rank <= kParamsMaxRank && element_count(in) <= 0x7FFFFFFFu;
  const uint32_t lead = ok ? kParamsMaxRank - in->rank : 0u;
  uint64_t out_elems = 1;
  for (uint32_t i = 0; i < kParamsMaxRank && ok; ++i) {
    const uint32_t di = i < lead ? 1u : in->dims[i - lead];
    const int64_t first = p.start[i];
    const int64_t last = first + (static_cast<int64_t>(p.count[i]) - 1) * p.stride[i];
    // |stride| <= dim keeps stride * element stride inside int32 (the input has < 2^31
    // elements), also for axes with a single step.
    ok = p.in_dims[i] == di && p.count[i] >= 1 && p.stride[i] != 0 &&
         p.stride[i] >= -static_cast<int64_t>(di) && p.stride[i] <= static_cast<int64_t>(di) &&
         first >= 0 &&
         first < static_cast<int64_t>(di) && last >= 0 && last < static_cast<int64_t>(di);
    out_elems *= p.count[i];
  }
  if (!ok || out_elems != element_count(out)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "STRIDED_SLICE: slice description does not match the input/output shapes");
  }
  return Status::kOk;
}

template <typename T>
void slice_typed(const StridedSliceParams& p, const T* in, T* out) {
  // Input strides in elements, outermost first.
  int32_t s[kParamsMaxRank];
  s[kParamsMaxRank - 1] = 1;
  for (uint32_t i = kParamsMaxRank - 1; i-- > 0;) {
    s[i] = s[i + 1] * static_cast<int32_t>(p.in_dims[i + 1]);
  }
  int32_t step[kParamsMaxRank];
  for (uint32_t i = 0; i < kParamsMaxRank; ++i) step[i] = p.stride[i] * s[i];
  const uint32_t n5 = p.count[5];
  const int32_t step5 = step[5];
  const T* base = in + p.start[0] * s[0] + p.start[1] * s[1] + p.start[2] * s[2] +
                  p.start[3] * s[3] + p.start[4] * s[4] + p.start[5];
  for (uint32_t i0 = 0; i0 < p.count[0]; ++i0) {
    const T* b0 = base + static_cast<int32_t>(i0) * step[0];
    for (uint32_t i1 = 0; i1 < p.count[1]; ++i1) {
      const T* b1 = b0 + static_cast<int32_t>(i1) * step[1];
      for (uint32_t i2 = 0; i2 < p.count[2]; ++i2) {
        const T* b2 = b1 + static_cast<int32_t>(i2) * step[2];
        for (uint32_t i3 = 0; i3 < p.count[3]; ++i3) {
          const T* b3 = b2 + static_cast<int32_t>(i3) * step[3];
          for (uint32_t i4 = 0; i4 < p.count[4]; ++i4) {
            const T* row = b3 + static_cast<int32_t>(i4) * step[4];
            if (step5 == 1) {
              __builtin_memcpy(out, row, n5 * sizeof(T));
            } else {
              for (uint32_t k = 0; k < n5; ++k) out[k] = row[static_cast<int32_t>(k) * step5];
            }
            out += n5;
          }
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const StridedSliceParams& p = *reinterpret_cast<const StridedSliceParams*>(args.params);
  // By element size: int8 / bool, int16, int32 (values are copied, never interpreted).
  const uint32_t size = format::data_type_size(type_of(args.inputs[0].desc));
  if (size == 1) {
    slice_typed(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
                reinterpret_cast<int8_t*>(args.outputs[0].data));
  } else if (size == 2) {
    slice_typed(p, reinterpret_cast<const int16_t*>(args.inputs[0].data),
                reinterpret_cast<int16_t*>(args.outputs[0].data));
  } else {
    slice_typed(p, reinterpret_cast<const int32_t*>(args.inputs[0].data),
                reinterpret_cast<int32_t*>(args.outputs[0].data));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(strided_slice, validate, eval);

}  // namespace kernels
}  // namespace lpai
