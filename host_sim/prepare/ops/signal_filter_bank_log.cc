// SignalFilterBankLog: offline prepare (see firmware/kernels/signal/signal_params.h). Derives
// the log2 correction LUT TFLite Micro's Log32 interpolates: entry i = round(65536 ·
// (log2(1 + i/128) - i/128)), i = 0..128.
#include <cmath>

#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_filter_bank_log(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  if (!sig::check_tensor(in, format::DataType::kUint32, 1, "input", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kInt16, 1, "output", &r.error)) {
    return r;
  }
  if (op.outputs[0]->element_count() != in.element_count()) {
    return PrepResult::reject("input and output sizes differ");
  }
  int64_t bits = 0, scale = 0;
  if (!custom_int(op.options, "input_correction_bits", 0, 31, &bits, &r.error) ||
      !custom_int(op.options, "output_scale", INT32_MIN, INT32_MAX, &scale, &r.error)) {
    return r;
  }
  kernels::SignalFilterBankLogParams p{static_cast<uint32_t>(bits),
                                       static_cast<uint32_t>(static_cast<int32_t>(scale))};
  append_pod(&r.params, p);
  for (uint32_t i = 0; i < kernels::kLogLutSize; ++i) {
    const double x = static_cast<double>(i) / 128.0;
    const uint16_t v = static_cast<uint16_t>(std::lround(65536.0 * (std::log2(1.0 + x) - x)));
    append_pod(&r.params, v);
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
