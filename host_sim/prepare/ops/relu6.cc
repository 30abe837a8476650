// RELU6: offline prepare (TFLite Micro's Relu6Prepare: zero and six in the input's scale).
#include <algorithm>
#include <cmath>

#include "kernels/params/relu6.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_relu6(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_unary_int(op, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  kernels::Relu6Params p;
  p.lower = ew::zp_of(in);
  // FloatToQuantizedType: round(6 / scale) + zero point, clamped to the type.
  const double six = std::round(static_cast<double>(6.0f / ew::scale_of(in))) + ew::zp_of(in);
  p.upper = static_cast<int32_t>(std::min<double>(ew::type_max(in.type),
                                                  std::max<double>(ew::type_min(in.type), six)));
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
