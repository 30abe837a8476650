// Quantisation helpers shared by the op prepare functions (host, float math allowed).
#include <cmath>
#include <cstdint>

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// Splits real_multiplier into a Q31 mantissa in [2^30, 2^31) and a power-of-two exponent,
// rounding the mantissa to nearest; exponents below -31 flush to zero (TFLite semantics).
// A non-finite real_multiplier (a NaN or infinite scale or option in a crafted model) gives 0
// and 0, as 0 does, so callers that require a positive multiplier refuse it.
void quantize_multiplier(double real_multiplier, int32_t* quantized_multiplier, int* shift) {
  if (real_multiplier == 0.0 || !std::isfinite(real_multiplier)) {
    *quantized_multiplier = 0;
    *shift = 0;
    return;
  }
  const double mantissa = std::frexp(real_multiplier, shift);
  int64_t fixed = static_cast<int64_t>(std::round(mantissa * static_cast<double>(int64_t{1} << 31)));
  if (fixed == (int64_t{1} << 31)) {
    fixed /= 2;
    ++*shift;
  }
  if (*shift < -31) {
    *shift = 0;
    fixed = 0;
  }
  *quantized_multiplier = static_cast<int32_t>(fixed);
}

}  // namespace prepare
}  // namespace lpai
