// Load-time checks shared by the resize kernels (RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR).
#ifndef LPAI_KERNELS_RESIZE_COMMON_H
#define LPAI_KERNELS_RESIZE_COMMON_H

#include "core/check.h"
#include "core/log.h"
#include "core/status.h"
#include "kernels/elementwise_common.h"
#include "kernels/kernel_api.h"
#include "kernels/params/resize.h"

namespace lpai {
namespace kernels {

// Two inputs (data, size), one output; blob = ResizeGeometry + tables_per_row int32 per output
// row + tables_per_col per output column; input/output 4-D matching the geometry, of one of
// the accepted types (int16 when allow_int16).
inline Status validate_resize(const KernelArgs& args, const char* name, uint32_t tables_per_row,
                              uint32_t tables_per_col, bool allow_int16) {
  if (args.num_inputs != 2 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: %u inputs, %u outputs (want 2, 1)", name, args.num_inputs,
              args.num_outputs);
  }
  if (args.params_size < sizeof(ResizeGeometry)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, too small", name, args.params_size);
  }
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(in);
  if ((t != format::DataType::kInt8 && !(allow_int16 && t == format::DataType::kInt16)) ||
      type_of(out) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "%s: types %u -> %u unsupported", name, in->data_type, out->data_type);
  }
  if (g.batches < 0 || g.in_h < 1 || g.in_w < 1 || g.depth < 0 || g.out_h < 0 || g.out_w < 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: bad geometry", name);
  }
  const uint32_t in_dims[4] = {static_cast<uint32_t>(g.batches), static_cast<uint32_t>(g.in_h),
                               static_cast<uint32_t>(g.in_w), static_cast<uint32_t>(g.depth)};
  const uint32_t out_dims[4] = {static_cast<uint32_t>(g.batches), static_cast<uint32_t>(g.out_h),
                                static_cast<uint32_t>(g.out_w), static_cast<uint32_t>(g.depth)};
  if (!dims_equal(in, in_dims, 4) || !dims_equal(out, out_dims, 4)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: tensor shapes disagree with the geometry", name);
  }
  const uint64_t want = sizeof(ResizeGeometry) +
                        4ull * (tables_per_row * static_cast<uint64_t>(g.out_h) +
                                tables_per_col * static_cast<uint64_t>(g.out_w));
  if (args.params_size != want) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: params %u bytes, want %u", name, args.params_size,
              static_cast<uint32_t>(want));
  }
  return Status::kOk;
}

// Index table entries all in [0, limit).
inline bool indices_valid(const int32_t* idx, int32_t n, int32_t limit) {
  for (int32_t i = 0; i < n; ++i) {
    if (idx[i] < 0 || idx[i] >= limit) return false;
  }
  return true;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_RESIZE_COMMON_H
