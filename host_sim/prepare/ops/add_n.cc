// ADD_N: offline prepare (TFLite Micro's add_n.cc CalculateOpData, int8 path).
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/kernel_api.h"
#include "kernels/params/add_n.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_add_n(const PrepOp& op) {
  PrepResult r;
  const size_t n_in = op.inputs.size();
  if (n_in < 2 || n_in > kernels::kMaxNodeInputs) {
    return PrepResult::reject("ADD_N needs 2.." + std::to_string(kernels::kMaxNodeInputs) + " inputs, got " +
              std::to_string(n_in));
  }
  if (!ew::check_arity(op, n_in, 1, &r.error)) return r;
  const PrepTensor& first = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (out.type != format::DataType::kInt8 || first.type != format::DataType::kInt8) {
    return PrepResult::reject(std::string("types ") + ew::type_name(first.type) + " -> " +
              ew::type_name(out.type) + " unsupported (int8 only)");
  }
  if (!ew::check_per_tensor(first, "input 0", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  for (size_t j = 1; j < n_in; ++j) {
    const PrepTensor& in = *op.inputs[j];
    if (in.type != first.type || in.shape != first.shape || in.scales != first.scales ||
        in.zero_points != first.zero_points) {
      return PrepResult::reject("input " + std::to_string(j) +
                " differs from input 0 in type, shape or quantisation");
    }
  }
  if (out.shape != first.shape) {
    return PrepResult::reject("output shape differs from the inputs'");
  }
  constexpr int kLeftShift = 20;
  const double twice_max = 2 * static_cast<double>(ew::scale_of(first));
  const double real_in = static_cast<double>(ew::scale_of(first)) / twice_max;
  const double real_out =
      twice_max / ((1 << kLeftShift) * static_cast<double>(ew::scale_of(out)));
  int32_t in_m = 0, in_s = 0;
  kernels::AddNParams p;
  std::memset(&p, 0, sizeof(p));
  if (!ew::quantize_smaller_than_one(real_in, &in_m, &in_s, "input", &r.error) ||
      !ew::quantize_smaller_than_one(real_out, &p.output_multiplier, &p.output_shift, "output",
                                     &r.error) ||
      !rules::activation_range(0, out, ew::type_min(out.type), ew::type_max(out.type),
                               &p.activation_min, &p.activation_max, &r.error)) {
    return r;
  }
  p.output_offset = ew::zp_of(out);
  r.params = ew::blob_of(p);
  const int32_t zp = ew::zp_of(first);
  for (int i = 0; i < 256; ++i) {
    const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(i));
    const int32_t t =
        kernels::multiply_by_quantized_multiplier((x - zp) * (1 << kLeftShift), in_m, in_s);
    append_pod(&r.params, t);
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
