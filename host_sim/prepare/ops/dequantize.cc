// DEQUANTIZE: offline prepare. Always rejected with the reason (see kernels/params/dequantize.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_dequantize(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  if (op.outputs[0]->type == format::DataType::kFloat32) {
    return PrepResult::reject(
        "DEQUANTIZE to float32 is not supported: the firmware has no floating point at run "
        "time (dequantize the graph output on the host instead)");
  }
  return PrepResult::reject(std::string("DEQUANTIZE to ") + ew::type_name(op.outputs[0]->type) +
                            " is not a TFLite operation (integer requantisation is QUANTIZE)");
}

}  // namespace prepare
}  // namespace lpai
