// LOGISTIC and TANH: one parameter layout and one kernel shape, differing only in the function.
//   int8 -> int8:   a 256-entry table (params header + int8[256]) built offline by running
//                   TFLite's integer reference for every input; the output zero point is fixed
//                   by the op (LOGISTIC -128, TANH 0), as the converter always writes it.
//   int16 -> int16: TFLite's LUT-based integer function (lstm_math.h) with the input scaling
//                   below; zero points 0.
#ifndef LPAI_KERNELS_LUT_ACTIVATION_H
#define LPAI_KERNELS_LUT_ACTIVATION_H

#include <stdint.h>

#include "core/check.h"
#include "core/log.h"
#include "kernels/kernel_api.h"
#include "kernels/op_checks.h"
#include "kernels/params/lut_activation.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {

// Spec: static constexpr const char* kName; static constexpr int32_t kInt8OutputZeroPoint;
//       static int16_t int16(int16_t x, int32_t multiplier, int32_t shift).
template <typename Spec>
struct LutActivation {
  static Status validate(const KernelArgs& args) {
    if (args.num_inputs == 1 && args.num_outputs == 1 && args.inputs[0].desc != nullptr &&
        args.outputs[0].desc != nullptr) {
      LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[0].desc, Spec::kName, "input",
                                                 format::DataType::kInt8,
                                                 format::DataType::kInt16));
      LPAI_RETURN_IF_ERROR(checks::require_same_type(args.outputs[0].desc, args.inputs[0].desc,
                                                      Spec::kName, "output", "the input"));
    }
    if (args.num_inputs >= 1 && args.inputs[0].desc != nullptr &&
        type_of(args.inputs[0].desc) == format::DataType::kInt16) {
      return validate_int16(args);
    }
    LPAI_RETURN_IF_ERROR(validate_unary_shape(
        args, Spec::kName, static_cast<uint32_t>(sizeof(LutActivationParams)) + kInt8LutSize));
    if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
        type_of(args.outputs[0].desc) != format::DataType::kInt8 ||
        args.outputs[0].desc->zero_point != Spec::kInt8OutputZeroPoint) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: int8 -> int8 with output zero point %d required, got types %u -> %u, "
                "zero point %d",
                Spec::kName, static_cast<int>(Spec::kInt8OutputZeroPoint),
                args.inputs[0].desc->data_type, args.outputs[0].desc->data_type,
                static_cast<int>(args.outputs[0].desc->zero_point));
    }
    return Status::kOk;
  }

  static void eval(const KernelArgs& args) {
    const uint32_t n = element_count(args.inputs[0].desc);
    if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
      const LutActivationParams& p = *reinterpret_cast<const LutActivationParams*>(args.params);
      const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
      int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
      for (uint32_t i = 0; i < n; ++i) {
        out[i] = Spec::int16(in[i], p.input_multiplier, p.input_left_shift);
      }
      return;
    }
    apply_int8_lut(trailing_lut(args, sizeof(LutActivationParams)),
                   reinterpret_cast<const int8_t*>(args.inputs[0].data),
                   reinterpret_cast<int8_t*>(args.outputs[0].data), n);
  }

 private:
  static Status validate_int16(const KernelArgs& args) {
    LPAI_RETURN_IF_ERROR(validate_unary_shape(
        args, Spec::kName, static_cast<uint32_t>(sizeof(LutActivationParams))));
    const LutActivationParams& p = *reinterpret_cast<const LutActivationParams*>(args.params);
    if (type_of(args.outputs[0].desc) != format::DataType::kInt16 ||
        args.inputs[0].desc->zero_point != 0 || args.outputs[0].desc->zero_point != 0 ||
        p.input_zero_point != 0 || p.input_range_radius != 0 ||
        !int16_lut_scale_valid(p.input_multiplier, p.input_left_shift)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: int16 -> int16 with zero points 0 and a valid input scaling "
                "required, got output type %u, zero points %d/%d, multiplier %d, shift %d",
                Spec::kName, args.outputs[0].desc->data_type,
                static_cast<int>(args.inputs[0].desc->zero_point),
                static_cast<int>(args.outputs[0].desc->zero_point),
                static_cast<int>(p.input_multiplier), static_cast<int>(p.input_left_shift));
    }
    return Status::kOk;
  }
};

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_LUT_ACTIVATION_H
