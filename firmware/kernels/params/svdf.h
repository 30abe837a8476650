// SVDF (int8 input/output) as TFLite Micro's integer SVDF (EvalIntegerSvdfReference).
// Inputs: 0 input int8 [B, I]; 1 weights_feature int8 [F, I] (const); 2 weights_time
// [F, M] (const) int8 or int16 = the state type T; 3 bias int32 [U] (optional); 4
// activation_state T [B, F*M], a variable tensor in the persistent pool, updated in place
// (starts at its zero point). Output int8 [B, U], U = F / rank. Per inference:
//   1. the whole state shifts left by one element (state[i] = state[i + 1]);
//   2. state[b][f][M-1] = clamp_T(zp_state + MBQM(sum_i wf[f][i] * (in[b][i] - zp_in), m1, s1))
//   3. t[b][f] = sum_m wt[f][m] * (state[b][f][m] - zp_state)           (int32, wrapping)
//   4. out[b][u] = clamp_int8(MBQM(bias[u] + sum_r t[b][u*rank + r], m2, s2) + zp_out)
// The fused activation is not applied (TFLite Micro's integer path ignores it). Step 3/4 are
// fused per unit, so the kernel needs no scratch.
#ifndef LPAI_KERNELS_PARAMS_SVDF_H
#define LPAI_KERNELS_PARAMS_SVDF_H

#include <stdint.h>

namespace lpai {
namespace kernels {

struct SvdfParams {
  int32_t batches;            // B
  int32_t input_size;         // I
  int32_t num_filters;        // F
  int32_t num_units;          // U = F / rank
  int32_t rank;
  int32_t memory_size;        // M
  int32_t input_zero_point;
  int32_t state_zero_point;
  int32_t output_zero_point;
  int32_t feature_multiplier; // Q31 of float(float(s_in * s_wf) / s_state)
  int32_t feature_shift;      // [-31, 30]
  int32_t output_multiplier;  // Q31 of float(float(s_state * s_wt) / s_out)
  int32_t output_shift;       // [-31, 30]
  int32_t has_bias;           // 0 / 1
};
static_assert(sizeof(SvdfParams) == 56, "SvdfParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SVDF_H
