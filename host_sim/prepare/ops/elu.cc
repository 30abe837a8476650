// ELU: offline prepare (TFLite Micro's elu.cc PopulateLookupTable, float arithmetic as there).
#include <algorithm>
#include <cmath>

#include "kernels/elu.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_elu(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_unary_int(op, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8) {
    r.error = "only int8 is supported (TFLite Micro's ELU has no int16 path)";
    return r;
  }
  const float in_scale = ew::scale_of(in);
  const int32_t in_zp = ew::zp_of(in);
  const int32_t out_zp = ew::zp_of(out);
  const float inverse_scale = 1 / ew::scale_of(out);
  ew::append_int8_lut(&r.params, [&](int32_t x) {
    const float dequantized = in_scale * static_cast<float>(x - in_zp);
    const float transformed = dequantized < 0.0f ? std::exp(dequantized) - 1.0f : dequantized;
    const float rescaled = std::round(transformed * inverse_scale);
    const int32_t quantized = static_cast<int32_t>(rescaled + static_cast<float>(out_zp));
    return std::max(std::min(127, quantized), -128);
  });
  return r;
}

}  // namespace prepare
}  // namespace lpai
