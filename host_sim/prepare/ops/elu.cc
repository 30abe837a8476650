// ELU: offline prepare (TFLite Micro's elu.cc PopulateLookupTable, float arithmetic as there).
#include <algorithm>
#include <cmath>
#include <string>

#include "kernels/params/elu.h"
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
    return PrepResult::reject("only int8 is supported (TFLite Micro's ELU has no int16 path)");
  }
  const float in_scale = ew::scale_of(in);
  const int32_t in_zp = ew::zp_of(in);
  const int32_t out_zp = ew::zp_of(out);
  const float inverse_scale = 1 / ew::scale_of(out);
  // TFLite Micro's arithmetic in float, then int32 and a clamp to int8. Extreme but finite
  // scales overflow the float to +-inf, whose int32 conversion is undefined: the value is
  // clamped to the int8 range while still a float (the same entry for every value that
  // converts), and a NaN (0 * inf) is refused.
  int32_t table[256];
  for (int32_t x = -128; x <= 127; ++x) {
    const float dequantized = in_scale * static_cast<float>(x - in_zp);
    const float transformed = dequantized < 0.0f ? std::exp(dequantized) - 1.0f : dequantized;
    const float rescaled = std::round(transformed * inverse_scale);
    const float shifted = rescaled + static_cast<float>(out_zp);
    if (std::isnan(shifted)) {
      return PrepResult::reject("the input/output scales make table entry " + std::to_string(x) +
                " not a number");
    }
    table[x + 128] = static_cast<int32_t>(std::max(-128.0f, std::min(127.0f, shifted)));
  }
  ew::append_int8_lut(&r.params, [&](int32_t x) { return table[x + 128]; });
  return r;
}

}  // namespace prepare
}  // namespace lpai
