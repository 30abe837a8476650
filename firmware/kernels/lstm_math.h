// Integer primitives of the full-integer LSTM (int8 activations, int16 gates and cell state).
//
// Bit-exact with the TFLite Micro reference integer LSTM (lstm_eval.cc), which evaluates its
// gate non-linearities with TFLite's int16 look-up-table sigmoid/tanh
// (reference_integer_ops::Logistic / Tanh on int16, NOT the gemmlowp fixed-point ones) and its
// element-wise products with MulElementwise (one MultiplyByQuantizedMultiplier per element).
//
// Number formats: "Qm.n" = int16 with m integer and n fractional bits. Gate pre-activations are
// Q3.12 (scale 2^-12), gate outputs Q0.15 (scale 2^-15).
//
// Freestanding, header-only, integer-only.
#ifndef LPAI_KERNELS_LSTM_MATH_H
#define LPAI_KERNELS_LSTM_MATH_H

#include <stdint.h>

#include "kernels/fixed_point.h"

namespace lpai {
namespace kernels {
namespace lstm {

// The 256-entry table TFLite's int16 sigmoid/tanh interpolate: entry i is sigmoid(i / 24) in
// unsigned 0.16 fixed point (the last entry saturated to 65535). The values are TFLite's
// published constants (they are not exactly round(65536 * sigmoid(i / 24)); bit-exactness needs
// these very numbers).
constexpr uint16_t kSigmoidTable[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794,
    41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443,
    48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169, 53581, 53983, 54374,
    54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544,
    58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279,
    61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990,
    63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030,
    64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652,
    64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019,
    65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234,
    65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476,
    65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498, 65500, 65501,
    65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516,
    65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529,
    65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532,
    65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65534, 65534,
    65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535};

// Input scaling of the LUT functions: v = (x * multiplier + 2^(shift-1)) >> shift (no rounding
// term when shift == 0). The table is indexed in units of 1/24 after the factor 3 folded into
// the multiplier (x in Q3.12 -> multiplier 3, shift 0).
// Preconditions: multiplier in [1, 49152], shift in [0, 31] (so |x * multiplier| < 2^31).
struct LutInputScale {
  int32_t multiplier;
  int32_t shift;
};

// v >> s as an arithmetic shift (floor division by 2^s) for negative v too, s in [0, 31].
inline int32_t shift_right_floor(int32_t v, int32_t s) { return v >= 0 ? v >> s : ~(~v >> s); }

inline int32_t lut_scale_input(int16_t x, int32_t multiplier, int32_t shift) {
  const int32_t round = shift > 0 ? (int32_t{1} << (shift - 1)) : 0;
  return shift_right_floor(static_cast<int32_t>(x) * multiplier + round, shift);
}

// sigmoid of an already scaled LUT input v = lut_scale_input(x, ...) (|v| < 2^31).
inline int16_t sigmoid_scaled(int32_t v) {
  const uint32_t a = static_cast<uint32_t>(v < 0 ? -v : v);
  const uint32_t index = a >> 9;
  uint32_t r;
  if (index >= 255) {
    r = uint32_t{0x7FFF} << 10;
  } else {
    const uint32_t lo = kSigmoidTable[index];
    const uint32_t hi = kSigmoidTable[index + 1];
    r = (lo << 9) + (a & 0x1FFu) * (hi - lo);
  }
  r = v >= 0 ? r + (1u << 9) : (1u << 25) - r + (1u << 9) - 1u;
  return static_cast<int16_t>(r >> 10);
}

// sigmoid on int16 (TFLite reference_integer_ops::Logistic, int16 overload): returns Q0.15
// in [1, 32767] for every input (the negative saturation lands on 1, not 0).
inline int16_t sigmoid_int16(int16_t x, int32_t multiplier, int32_t shift) {
  return sigmoid_scaled(lut_scale_input(x, multiplier, shift));
}

// tanh of an already scaled LUT input v = lut_scale_input(x, ...) (|v| < 2^31).
inline int16_t tanh_scaled(int32_t v) {
  const uint32_t a = static_cast<uint32_t>(v < 0 ? -v : v);
  const uint32_t index = a >> 8;
  int32_t r;
  if (index >= 255) {
    r = int32_t{0xFFFF} << 8;
  } else {
    const uint32_t lo = kSigmoidTable[index];
    const uint32_t hi = kSigmoidTable[index + 1];
    r = static_cast<int32_t>((lo << 8) + (a & 0xFFu) * (hi - lo));
  }
  r = v >= 0 ? r - (int32_t{1} << 23) + (int32_t{1} << 7)
             : -r + (int32_t{1} << 23) + (int32_t{1} << 7) - 1;
  return static_cast<int16_t>(shift_right_floor(r, 8));
}

// tanh on int16 (TFLite reference_integer_ops::Tanh, int16 overload): returns Q0.15 in
// [-32767, 32767].
inline int16_t tanh_int16(int16_t x, int32_t multiplier, int32_t shift) {
  return tanh_scaled(lut_scale_input(x, multiplier, shift));
}

// LUT input scaling of tanh(cell state) for a cell state scale of 2^power, as TFLite Micro
// derives it: left shift s = 15 + power - 3; s >= 0 -> multiplier 3 << s, shift 0; s < 0 ->
// multiplier 3, shift -s. Valid for power in [-43, 2].
constexpr LutInputScale cell_tanh_scale(int power) {
  return (15 + power - 3) >= 0 ? LutInputScale{3 << (15 + power - 3), 0}
                               : LutInputScale{3, -(15 + power - 3)};
}

// Gate pre-activations are Q3.12: the LUT functions see them through multiplier 3, shift 0.
constexpr LutInputScale kGateLutScale = {3, 0};

inline int16_t saturate_int16(int32_t v) {
  return static_cast<int16_t>(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
}

// TFLite MulElementwise with symmetric inputs: clamp(zero_point + MBQM(a * b)).
inline int32_t mul_rescale(int32_t a, int32_t b, int32_t multiplier, int32_t shift) {
  return multiply_by_quantized_multiplier(a * b, multiplier, shift);
}

}  // namespace lstm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_LSTM_MATH_H
