// TANH kernel: see kernels/params/tanh.h and kernels/lut_activation.h.
#include "kernels/params/tanh.h"

#include "kernels/lstm_math.h"
#include "kernels/lut_activation.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

struct TanhSpec {
  static constexpr const char* kName = ops::tanh::kName;
  static constexpr int32_t kInt8OutputZeroPoint = 0;
  static int16_t int16(int16_t x, int32_t multiplier, int32_t shift) {
    return lstm::tanh_int16(x, multiplier, shift);
  }
};

}  // namespace

LPAI_DEFINE_KERNEL(tanh, LutActivation<TanhSpec>::validate, LutActivation<TanhSpec>::eval);

}  // namespace kernels
}  // namespace lpai
