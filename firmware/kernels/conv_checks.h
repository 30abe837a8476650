// Load-time tensor checks the convolutions share (CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV):
// input, constant int8 filter, optional constant bias and output against the shapes and flags
// of the node's parameter blob. Status mapping as in kernels/op_checks.h.
#ifndef LPAI_KERNELS_CONV_CHECKS_H
#define LPAI_KERNELS_CONV_CHECKS_H

#include <stdint.h>

#include "core/checked_math.h"
#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {
namespace checks {

// What a convolution's blob says its tensors are.
struct ConvTensorSpec {
  format::DataType act;                   // input and output type (int8, or int16 for 16x8)
  format::DataType bias_a, bias_b;        // accepted bias types (b may repeat a)
  uint32_t in_dims[4], filter_dims[4], out_dims[4];
  uint32_t out_c;                         // bias elements; per-channel filter scales
  bool per_channel;                       // the blob's per-channel flag
  bool has_bias;                          // the blob's has-bias flag
  const char* filter_shape;               // the filter's dims as the log names them
};

// kOk when the blob holds at least its header_size-byte header; otherwise logs "<op>:
// parameter blob shorter than its header" and returns kBinaryBadParams.
Status require_params_header(const KernelArgs& args, const char* op, uint32_t header_size);

// kOk when the node has 1 output and min_inputs or min_inputs + 1 inputs (the last one the
// optional bias): the input at in_index, the filter at 1, all present, and they match spec:
// types (checks::require_gemm_types), shapes, constant filter and bias, per-channel scales,
// bias presence. Otherwise one log line naming `op` and the Status of the first failed check.
Status conv_tensors(const KernelArgs& args, const char* op, uint32_t in_index,
                    uint32_t min_inputs, const ConvTensorSpec& spec);

// True when, on both axes, the padding is smaller than the dilated filter extent and the last
// output window starts inside the padded input. P: a blob with CONV_2D's field names (in_h,
// in_w, out_h, out_w, k_h, k_w, stride_*, dilation_*, pad_*), dims already checked non-zero.
template <typename P>
bool conv_window_valid(const P& p) {
  const uint64_t eff_h = static_cast<uint64_t>(p.k_h - 1) * p.dilation_h + 1;
  const uint64_t eff_w = static_cast<uint64_t>(p.k_w - 1) * p.dilation_w + 1;
  return p.pad_h < eff_h && p.pad_w < eff_w &&
         static_cast<uint64_t>(p.out_h - 1) * p.stride_h < sat_sum(p.in_h, p.pad_h) &&
         static_cast<uint64_t>(p.out_w - 1) * p.stride_w < sat_sum(p.in_w, p.pad_w);
}

}  // namespace checks
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_CONV_CHECKS_H
