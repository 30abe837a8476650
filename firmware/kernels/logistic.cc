// LOGISTIC kernel: see kernels/params/logistic.h and kernels/lut_activation.h.
#include "kernels/params/logistic.h"

#include "kernels/lstm_math.h"
#include "kernels/lut_activation.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

struct LogisticSpec {
  static constexpr const char* kName = ops::logistic::kName;
  static constexpr int32_t kInt8OutputZeroPoint = -128;
  static int16_t int16(int16_t x, int32_t multiplier, int32_t shift) {
    return lstm::sigmoid_int16(x, multiplier, shift);
  }
};

}  // namespace

LPAI_DEFINE_KERNEL(logistic, LutActivation<LogisticSpec>::validate,
                   LutActivation<LogisticSpec>::eval);

}  // namespace kernels
}  // namespace lpai
