// The packed GEMV of FULLY_CONNECTED with few rows (kernels/hvx/hvx_gemv.h) against the portable
// reference (gemm::requantize over plain dot products) on odd shapes: output counts below,
// at and past a vector's 32 lanes (the narrow counts 8, 16, 32 included), depths not a
// multiple of 4 or of 128, short depths (the plain loop) and long ones (four accumulators),
// 1 to 7 rows, per-channel multipliers with left and right shifts, output zero points and
// clamps. Inputs at an odd address (staged through kernel scratch off the vector grid) and on a
// word boundary (read in place, no scratch where prepare plans none), guard bytes after the
// output. Part of lpai_hvx_test (hvx_kernels_test.cc calls hvx_gemv_cases()).
#include "kernels/hvx/hvx_gemv.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/int8_gemm.h"
#include "../common/on_target.h"

namespace {

namespace gemm = lpai::kernels::gemm;
namespace hvx = lpai::kernels::hvx;
namespace hl = lpai::kernels::hvx_layout;

constexpr uint32_t kGuard = 160;
constexpr uint32_t kMaxN = 260, kMaxK = 700, kMaxRows = 7;
alignas(4) int8_t g_in_block[kMaxRows * kMaxK + 4];
int8_t g_w[kMaxN * kMaxK];
int8_t g_out[kMaxRows * kMaxN + kGuard], g_ref[kMaxRows * kMaxN];
int32_t g_bias[kMaxN], g_mult[kMaxN], g_shift[kMaxN];
alignas(4) uint8_t g_layout[260 * 1024];
alignas(128) uint8_t g_temp_block[2048];
uint32_t g_seed = 0x13579bdfu;

uint32_t rnd() { return lpai::on_target::xorshift32(&g_seed); }

using lpai::on_target::print;
using lpai::on_target::print_u;

// `odd`: the input at an odd address (every row staged through the temp); otherwise on a word
// boundary with the temp prepare plans (none where every row is aligned: rows read in place).
bool gemv_case(uint32_t rows, uint32_t n, uint32_t k, bool odd) {
  int8_t* const g_in = g_in_block + (odd ? 1 : 0);
  for (uint32_t i = 0; i < rows * k; ++i) g_in[i] = static_cast<int8_t>(rnd());
  for (uint32_t i = 0; i < n * k; ++i) g_w[i] = static_cast<int8_t>(rnd());
  for (uint32_t o = 0; o < n; ++o) {
    g_mult[o] = static_cast<int32_t>(0x40000000u | (rnd() & 0x3FFFFFFFu));
    const bool left = rnd() % 4 == 0;
    g_shift[o] = left ? static_cast<int32_t>(rnd() % 6) : -static_cast<int32_t>(rnd() % 14);
    g_bias[o] = static_cast<int32_t>(rnd() % 40001) - 20000;
  }
  const int32_t zp = static_cast<int32_t>(rnd() % 41) - 20;
  const int32_t lo = (rnd() & 1) ? -128 : -100;
  const int32_t hi = (rnd() & 1) ? 127 : 90;
  const gemm::Requant q{g_bias, g_mult, g_shift, zp, lo, hi};
  for (uint32_t i = 0; i < rows; ++i) {
    for (uint32_t o = 0; o < n; ++o) {
      int32_t dot = 0;
      for (uint32_t j = 0; j < k; ++j) dot += int32_t{g_in[i * k + j]} * g_w[o * k + j];
      g_ref[i * n + o] = gemm::requantize(dot, o, q);
    }
  }
  for (uint32_t i = 0; i < rows * n + kGuard; ++i) g_out[i] = 0x5A;
  bool ok = hl::gemm_layout_bytes(n, k, true) <= sizeof(g_layout) &&
            hl::gemv_packed_stage_bytes(k) + 4 <= sizeof(g_temp_block) &&
            hl::build_gemm_layout(g_w, n, k, q, true, g_layout);
  // No temp (null) where prepare plans none.
  const bool staged = odd || hl::gemv_packed_temp_bytes(rows, k) != 0;
  if (ok) {
    hvx::fc_gemv_packed_s8(g_in, rows, g_layout, n, k, zp, lo, hi, staged ? g_temp_block + 4 : nullptr,
                           g_out);
  }
  for (uint32_t i = 0; ok && i < rows * n; ++i) ok = g_out[i] == g_ref[i];
  for (uint32_t i = 0; ok && i < kGuard; ++i) ok = g_out[rows * n + i] == 0x5A;
  print(ok ? "ok   packed gemv " : "FAIL packed gemv ");
  print(odd ? "odd input rows/n/k " : "aligned input rows/n/k ");
  print_u(rows);
  print(" ");
  print_u(n);
  print(" ");
  print_u(k);
  print("\n");
  return ok;
}

}  // namespace

bool hvx_gemv_cases() {
  const uint32_t ns[] = {1, 3, 8, 10, 16, 31, 32, 33, 100, 128, 129, 257};
  const uint32_t ks[] = {1, 3, 4, 5, 8, 17, 60, 63, 64, 65, 130, 640, 700};
  const uint32_t rows[] = {1, 2, 7};
  bool ok = true;
  uint32_t i = 0;
  for (uint32_t n : ns) {
    for (uint32_t k : ks) {
      ok = gemv_case(rows[i % 3], n, k, true) && ok;
      ok = gemv_case(rows[i++ % 3], n, k, false) && ok;
    }
  }
  return ok;
}
