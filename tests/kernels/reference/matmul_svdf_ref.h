// Plain restatements of TFLite Micro's BATCH_MATMUL (int8 / int16) and integer SVDF.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_MATMUL_SVDF_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_MATMUL_SVDF_REF_H

#include <cstdint>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

// TFLite's MultiplyByQuantizedMultiplier(int64_t x, ...): 16-bit multiplier, one rounding.
inline int32_t mbqm64(int64_t x, int32_t q, int shift) {
  const int32_t reduced = q < 0x7FFF0000 ? ((q + (1 << 15)) >> 16) : 0x7FFF;
  const int total = 15 - shift;
  return static_cast<int32_t>((x * reduced + (int64_t{1} << (total - 1))) >> total);
}

// lhs [..., M, K] (or [..., K, M] when adj_x), rhs [..., K, N] (or [..., N, K] when adj_y);
// batch dims broadcast; result [batch..., M, N].
inline std::vector<int32_t> batch_matmul(const std::vector<int32_t>& l, std::vector<int32_t> ls,
                                         const std::vector<int32_t>& r, std::vector<int32_t> rs,
                                         bool adj_x, bool adj_y, float sl, int32_t zl, float sr,
                                         int32_t zr, float so, int32_t zo, bool is16) {
  while (ls.size() < 5) ls.insert(ls.begin(), 1);
  while (rs.size() < 5) rs.insert(rs.begin(), 1);
  const int M = adj_x ? ls[4] : ls[3], K = adj_x ? ls[3] : ls[4];
  const int N = adj_y ? rs[3] : rs[4];
  int32_t q;
  int shift;
  quantize_multiplier(static_cast<double>(sl * sr) / static_cast<double>(so), &q, &shift);
  std::vector<int32_t> out;
  int b[3];
  for (b[0] = 0; b[0] < std::max(ls[0], rs[0]); ++b[0])
    for (b[1] = 0; b[1] < std::max(ls[1], rs[1]); ++b[1])
      for (b[2] = 0; b[2] < std::max(ls[2], rs[2]); ++b[2]) {
        int64_t lo = 0, ro = 0;
        for (int i = 0; i < 3; ++i) {
          lo = lo * ls[i] + (ls[i] == 1 ? 0 : b[i]);
          ro = ro * rs[i] + (rs[i] == 1 ? 0 : b[i]);
        }
        lo *= static_cast<int64_t>(M) * K;
        ro *= static_cast<int64_t>(K) * N;
        for (int m = 0; m < M; ++m)
          for (int n = 0; n < N; ++n) {
            int64_t acc = 0;
            for (int k = 0; k < K; ++k) {
              const int32_t a = l[lo + (adj_x ? k * M + m : m * K + k)];
              const int32_t c = r[ro + (adj_y ? n * K + k : k * N + n)];
              acc += static_cast<int64_t>(a - zl) * (c - zr);
            }
            const int32_t v = is16 ? mbqm64(acc, q, shift)
                                   : mbqm(static_cast<int32_t>(static_cast<uint32_t>(acc)), q, shift);
            out.push_back(clamp(v + zo, is16 ? -32768 : -128, is16 ? 32767 : 127));
          }
      }
  return out;
}

// One SVDF inference; state [B, F*M] updated in place.
struct SvdfRef {
  int B, I, F, M, rank;
  float s_in, s_wf, s_wt, s_state, s_out;
  int32_t z_in, z_state, z_out;
  bool state16;
  std::vector<int32_t> wf, wt, bias;  // bias empty: none
  std::vector<int32_t> state;
  std::vector<int32_t> step(const std::vector<int32_t>& in) {
    const int32_t lo = state16 ? -32768 : -128, hi = state16 ? 32767 : 127;
    int32_t q1, q2;
    int s1, s2;
    quantize_multiplier(static_cast<double>(s_in * s_wf / s_state), &q1, &s1);
    quantize_multiplier(static_cast<double>(s_state * s_wt / s_out), &q2, &s2);
    for (size_t i = 0; i + 1 < state.size(); ++i) state[i] = state[i + 1];
    for (int b = 0; b < B; ++b)
      for (int f = 0; f < F; ++f) {
        int64_t dot = 0;
        for (int i = 0; i < I; ++i) dot += static_cast<int64_t>(wf[f * I + i]) * (in[b * I + i] - z_in);
        const int32_t v = mbqm(static_cast<int32_t>(dot), q1, s1);
        // TFLite Micro's EvalIntegerSvdfReference: clamp the product to the state type, add the
        // zero point, store as the state type (wrapping, for int8 state with a zero point).
        const int32_t sum = z_state + clamp(v, lo, hi);
        state[(b * F + f) * M + M - 1] = state16 ? static_cast<int16_t>(sum) : static_cast<int8_t>(sum);
      }
    const int U = F / rank;
    std::vector<int32_t> out;
    for (int b = 0; b < B; ++b)
      for (int u = 0; u < U; ++u) {
        int64_t acc = bias.empty() ? 0 : bias[u];
        for (int r = 0; r < rank; ++r)
          for (int m = 0; m < M; ++m) {
            const int f = u * rank + r;
            acc += static_cast<int64_t>(wt[f * M + m]) * (state[(b * F + f) * M + m] - z_state);
          }
        out.push_back(clamp(mbqm(static_cast<int32_t>(acc), q2, s2) + z_out, -128, 127));
      }
    return out;
  }
};

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_MATMUL_SVDF_REF_H
