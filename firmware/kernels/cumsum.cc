// CUMSUM kernel: see kernels/params/cumsum.h.
#include "kernels/params/cumsum.h"

#include "core/check.h"
#include "core/checked_math.h"
#include "kernels/fixed_point.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

constexpr int kLeftShift = 20;

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 2) {
    LPAI_FAIL(Status::kBinaryBadParams, "CUMSUM: %u inputs (want 2)", args.num_inputs);
  }
  if (args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr || !same_shape(args.inputs[0].desc, args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams, "CUMSUM: needs one output of the input's shape");
  }
  if (args.params_size != sizeof(CumsumParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "CUMSUM: params %u bytes, want %u", args.params_size,
              static_cast<uint32_t>(sizeof(CumsumParams)));
  }
  if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "CUMSUM: types %u -> %u unsupported (int8)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const CumsumParams& p = *reinterpret_cast<const CumsumParams*>(args.params);
  if (p.outer < 0 || p.depth < 0 || p.inner < 0 ||
      sat_product(static_cast<uint64_t>(p.outer), static_cast<uint64_t>(p.depth),
                  static_cast<uint64_t>(p.inner)) != element_count(args.inputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "CUMSUM: outer %d x depth %d x inner %d disagrees with the shape", p.outer, p.depth,
              p.inner);
  }
  if (p.input_shift < -31 || p.input_shift > 0 || p.output_shift < -31 || p.output_shift > 0 ||
      p.input_multiplier < 0 || p.output_multiplier < 0 || p.input_zero_point < -128 ||
      p.input_zero_point > 127 || (p.exclusive & ~1) != 0 || (p.reverse & ~1) != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "CUMSUM: parameters out of range (shifts %d/%d)",
              p.input_shift, p.output_shift);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const CumsumParams& p = *reinterpret_cast<const CumsumParams*>(args.params);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t depth = static_cast<uint32_t>(p.depth);
  const uint32_t inner = static_cast<uint32_t>(p.inner);
  const int32_t step = p.reverse ? -static_cast<int32_t>(inner) : static_cast<int32_t>(inner);
  for (uint32_t o = 0; o < static_cast<uint32_t>(p.outer); ++o) {
    for (uint32_t j = 0; j < inner; ++j) {
      int32_t idx = static_cast<int32_t>(o * depth * inner + j) +
                    (p.reverse ? static_cast<int32_t>((depth - 1) * inner) : 0);
      int32_t acc = p.initial_acc;
      for (uint32_t d = 0; d < depth; ++d, idx += step) {
        const int32_t y = (in[idx] - p.input_zero_point) * (1 << kLeftShift);
        const int32_t s = multiply_by_quantized_multiplier(y, p.input_multiplier, p.input_shift);
        int32_t v;
        if (p.exclusive) {
          v = acc;
          acc = wrapping_add_i32(acc, s);
        } else {
          acc = wrapping_add_i32(acc, s);
          v = acc;
        }
        const int32_t q =
            multiply_by_quantized_multiplier(v, p.output_multiplier, p.output_shift) +
            p.output_zero_point;
        out[idx] = static_cast<int8_t>(clamp_i32(q, -128, 127));
      }
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(cumsum, validate, eval);

}  // namespace kernels
}  // namespace lpai
