// ADD_N kernel: see kernels/params/add_n.h.
#include "kernels/params/add_n.h"

#include "core/check.h"
#include "kernels/ew_ext_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.params_size != sizeof(AddNParams) + kAddNTableBytes || args.num_inputs < 2 ||
      args.num_outputs != 1 || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "ADD_N: params %u bytes (want %u), %u inputs, %u outputs (want >= 2, 1)",
              args.params_size, static_cast<unsigned>(sizeof(AddNParams) + kAddNTableBytes),
              args.num_inputs, args.num_outputs);
  }
  const format::TensorRecord* out = args.outputs[0].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(out, ops::add_n::kName, "output",
                                            format::DataType::kInt8, format::DataType::kInt8));
  for (uint32_t j = 0; j < args.num_inputs; ++j) {
    const format::TensorRecord* in = args.inputs[j].desc;
    if (in != nullptr) {
      LPAI_RETURN_IF_ERROR(checks::require_type(in, ops::add_n::kName, "input",
                                                format::DataType::kInt8, format::DataType::kInt8));
    }
  }
  for (uint32_t j = 0; j < args.num_inputs; ++j) {
    const format::TensorRecord* in = args.inputs[j].desc;
    if (in == nullptr || !same_shape(in, out)) {
      LPAI_FAIL(Status::kBinaryBadParams, "ADD_N: input %u absent or not of the output's shape", j);
    }
  }
  const AddNParams& p = *reinterpret_cast<const AddNParams*>(args.params);
  if (p.output_shift < -31 || p.output_shift > 0 ||
      p.output_multiplier < 0 || p.output_offset < -128 || p.output_offset > 127 ||
      p.activation_min < -128 || p.activation_max > 127 ||
      p.activation_min > p.activation_max) {
    LPAI_FAIL(Status::kBinaryBadParams, "ADD_N: parameter out of range (shift %d, offset %d)",
              p.output_shift, p.output_offset);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const AddNParams& p = *reinterpret_cast<const AddNParams*>(args.params);
  const int32_t* term = reinterpret_cast<const int32_t*>(args.params + sizeof(AddNParams));
  const int8_t* in[kMaxNodeInputs];
  const uint32_t m = args.num_inputs;
  for (uint32_t j = 0; j < m; ++j) in[j] = reinterpret_cast<const int8_t*>(args.inputs[j].data);
  int8_t* o = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t n = element_count(args.outputs[0].desc);
  const int32_t init = term[0];
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t acc = static_cast<uint32_t>(init);
    for (uint32_t j = 0; j < m; ++j) {
      acc += static_cast<uint32_t>(term[static_cast<uint8_t>(in[j][i])]);
    }
    const int32_t v = multiply_by_quantized_multiplier(static_cast<int32_t>(acc),
                                                       p.output_multiplier, p.output_shift) +
                      p.output_offset;
    o[i] = static_cast<int8_t>(clamp_i32(v, p.activation_min, p.activation_max));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(add_n, validate, eval);

}  // namespace kernels
}  // namespace lpai
