#include "prepare/ops/pool_2d_prep.h"

#include <string>
#include <vector>

#include "kernels/params/pool_2d.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_pool_2d(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  if (op.inputs.size() != 1 || op.outputs.size() != 1) return PrepResult::reject("expects 1 input and 1 output");
  const PrepTensor* input = op.inputs[0];
  const PrepTensor* output = op.outputs[0];
  if (input == nullptr || output == nullptr) return PrepResult::reject("input or output absent");
  if (input->type != DataType::kInt8 && input->type != DataType::kInt16) {
    return PrepResult::reject("only int8 or int16 activations are supported");
  }
  std::string e;
  if (!rules::check_per_tensor_of_type(input, input->type, "input", &e)) return PrepResult::reject(e);
  if (!rules::check_per_tensor_of_type(output, input->type, "output", &e)) return PrepResult::reject(e);
  if (input->scales[0] != output->scales[0] || input->zero_points[0] != output->zero_points[0]) {
    return PrepResult::reject("input and output quantisation differ (pooling does not requantise)");
  }
  if (input->shape.size() != 4 || output->shape.size() != 4) return PrepResult::reject("input and output must be 4-D");
  for (int32_t d : input->shape) {
    if (d <= 0 || static_cast<uint32_t>(d) > kernels::kPoolMaxDim) return PrepResult::reject("input dimension out of range");
  }
  const OpOptions& o = op.options;
  if (o.filter_h <= 0 || o.filter_w <= 0 || o.stride_h <= 0 || o.stride_w <= 0) {
    return PrepResult::reject("filter size and stride must be positive");
  }
  if (static_cast<int64_t>(o.filter_h) * o.filter_w > kernels::kPoolMaxTaps) {
    return PrepResult::reject("pooling window has too many taps");
  }
  int out_h = 0, out_w = 0, pad_h = 0, pad_w = 0;
  if (!util::compute_padding(o.padding, input->shape[1], o.filter_h, o.stride_h, 1, &out_h, &pad_h) ||
      !util::compute_padding(o.padding, input->shape[2], o.filter_w, o.stride_w, 1, &out_w, &pad_w)) {
    return PrepResult::reject("padding/stride give an empty output");
  }
  if (o.explicit_pad_h >= 0) {  // a band of a tiled stage
    pad_h = o.explicit_pad_h;
    out_h = output->shape.size() == 4 ? output->shape[1] : 0;
    if (!util::explicit_padding(pad_h, input->shape[1], o.filter_h, o.stride_h, 1, out_h)) {
      return PrepResult::reject("band rows inconsistent with the explicit top padding");
    }
  }
  const std::vector<int32_t> want = {input->shape[0], out_h, out_w, input->shape[3]};
  if (output->shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(output->shape) + " differs from " +
                  util::shape_string(want));
  }
  const bool wide = input->type == DataType::kInt16;
  int32_t act_min = 0, act_max = 0;
  if (!rules::activation_range(o.activation, *output, wide ? -32768 : -128, wide ? 32767 : 127,
                               &act_min, &act_max, &e)) {
    return PrepResult::reject(e);
  }
  if (act_min > act_max) return PrepResult::reject("empty fused activation range");
  if (static_cast<uint32_t>(o.filter_h) > kernels::kPoolMaxDim ||
      static_cast<uint32_t>(o.filter_w) > kernels::kPoolMaxDim ||
      static_cast<uint32_t>(o.stride_h) > kernels::kPoolMaxDim ||
      static_cast<uint32_t>(o.stride_w) > kernels::kPoolMaxDim) {
    return PrepResult::reject("a window size or stride exceeds 65536");
  }
  kernels::Pool2dParams p{};
  p.batches = input->shape[0];
  p.in_h = input->shape[1];
  p.in_w = input->shape[2];
  p.channels = input->shape[3];
  p.out_h = out_h;
  p.out_w = out_w;
  p.k_h = o.filter_h;
  p.k_w = o.filter_w;
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.pad_h = pad_h;
  p.pad_w = pad_w;
  p.act_min = act_min;
  p.act_max = act_max;
  p.data_type = static_cast<uint32_t>(input->type);
  p.reserved = 0;
  append_pod(&r.params, p);
  r.temp_bytes = 0;
  return r;
}

void decode_pool_2d(const tflite::Pool2DOptions& p, OpOptions* o) {
  o->padding = p.padding();
  o->stride_w = p.stride_w();
  o->stride_h = p.stride_h();
  o->filter_w = p.filter_width();
  o->filter_h = p.filter_height();
  o->activation = p.fused_activation_function();
}

}  // namespace prepare
}  // namespace lpai
