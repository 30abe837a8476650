// kissfft's fixed-point complex FFT (FIXED_POINT 16), shared by SignalRfft and SignalIrfft:
// every intermediate is stored as int16 where kissfft stores it (its kiss_fft_cpx temporaries)
// and every product is rounded as its sround, (x + 2^14) >> 15. The radix stages and twiddles
// come from prepare (kf_factor, kf_cexp); the inverse transform differs only in its twiddles
// and in the radix-4 butterfly's sign pattern. Header-only, used by the two kernels' files.
#ifndef LPAI_KERNELS_SIGNAL_KISSFFT_FIXED16_H
#define LPAI_KERNELS_SIGNAL_KISSFFT_FIXED16_H

#include <stdint.h>

namespace lpai {
namespace kernels {
namespace kiss16 {

struct Cpx {
  int16_t r;
  int16_t i;
};

inline int16_t round15(int32_t x) { return static_cast<int16_t>((x + (1 << 14)) >> 15); }
// kissfft's C_FIXDIV: x · (32767 / k), rounded.
inline Cpx fixdiv(Cpx c, int32_t k) {
  const int32_t f = 32767 / k;
  return {round15(c.r * f), round15(c.i * f)};
}
inline Cpx mul(Cpx a, Cpx b) {
  return {round15(a.r * b.r - a.i * b.i), round15(a.r * b.i + a.i * b.r)};
}
inline Cpx add(Cpx a, Cpx b) {
  return {static_cast<int16_t>(a.r + b.r), static_cast<int16_t>(a.i + b.i)};
}
inline Cpx sub(Cpx a, Cpx b) {
  return {static_cast<int16_t>(a.r - b.r), static_cast<int16_t>(a.i - b.i)};
}
inline int16_t smul(int16_t a, int16_t b) { return round15(a * b); }

inline void bfly2(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
  for (uint32_t k = 0; k < m; ++k) {
    const Cpx a = fixdiv(f[k], 2);
    const Cpx b = fixdiv(f[k + m], 2);
    const Cpx t = mul(b, tw[k * fstride]);
    f[k + m] = sub(a, t);
    f[k] = add(a, t);
  }
}

inline void bfly3(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
  const int16_t epi3 = tw[fstride * m].i;
  for (uint32_t k = 0; k < m; ++k) {
    Cpx f0 = fixdiv(f[k], 3);
    const Cpx s1 = mul(fixdiv(f[k + m], 3), tw[k * fstride]);
    const Cpx s2 = mul(fixdiv(f[k + 2 * m], 3), tw[2 * k * fstride]);
    const Cpx s3 = add(s1, s2);
    Cpx s0 = sub(s1, s2);
    Cpx f1 = {static_cast<int16_t>(f0.r - (s3.r >> 1)), static_cast<int16_t>(f0.i - (s3.i >> 1))};
    s0 = {smul(s0.r, epi3), smul(s0.i, epi3)};
    f0 = add(f0, s3);
    const Cpx f2 = {static_cast<int16_t>(f1.r + s0.i), static_cast<int16_t>(f1.i - s0.r)};
    f1 = {static_cast<int16_t>(f1.r - s0.i), static_cast<int16_t>(f1.i + s0.r)};
    f[k] = f0;
    f[k + m] = f1;
    f[k + 2 * m] = f2;
  }
}

template <bool kInverse>
inline void bfly4(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
  for (uint32_t k = 0; k < m; ++k) {
    Cpx f0 = fixdiv(f[k], 4);
    const Cpx s0 = mul(fixdiv(f[k + m], 4), tw[k * fstride]);
    const Cpx s1 = mul(fixdiv(f[k + 2 * m], 4), tw[2 * k * fstride]);
    const Cpx s2 = mul(fixdiv(f[k + 3 * m], 4), tw[3 * k * fstride]);
    const Cpx s5 = sub(f0, s1);
    f0 = add(f0, s1);
    const Cpx s3 = add(s0, s2);
    const Cpx s4 = sub(s0, s2);
    f[k + 2 * m] = sub(f0, s3);
    f[k] = add(f0, s3);
    if (kInverse) {
      f[k + m] = {static_cast<int16_t>(s5.r - s4.i), static_cast<int16_t>(s5.i + s4.r)};
      f[k + 3 * m] = {static_cast<int16_t>(s5.r + s4.i), static_cast<int16_t>(s5.i - s4.r)};
    } else {
      f[k + m] = {static_cast<int16_t>(s5.r + s4.i), static_cast<int16_t>(s5.i - s4.r)};
      f[k + 3 * m] = {static_cast<int16_t>(s5.r - s4.i), static_cast<int16_t>(s5.i + s4.r)};
    }
  }
}

inline void bfly5(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
  const Cpx ya = tw[fstride * m];
  const Cpx yb = tw[fstride * 2 * m];
  for (uint32_t u = 0; u < m; ++u) {
    Cpx f0 = fixdiv(f[u], 5);
    const Cpx s0 = f0;
    const Cpx s1 = mul(fixdiv(f[u + m], 5), tw[u * fstride]);
    const Cpx s2 = mul(fixdiv(f[u + 2 * m], 5), tw[2 * u * fstride]);
    const Cpx s3 = mul(fixdiv(f[u + 3 * m], 5), tw[3 * u * fstride]);
    const Cpx s4 = mul(fixdiv(f[u + 4 * m], 5), tw[4 * u * fstride]);
    const Cpx s7 = add(s1, s4);
    const Cpx s10 = sub(s1, s4);
    const Cpx s8 = add(s2, s3);
    const Cpx s9 = sub(s2, s3);
    f0.r = static_cast<int16_t>(f0.r + (s7.r + s8.r));
    f0.i = static_cast<int16_t>(f0.i + (s7.i + s8.i));
    const Cpx s5 = {static_cast<int16_t>(s0.r + smul(s7.r, ya.r) + smul(s8.r, yb.r)),
                    static_cast<int16_t>(s0.i + smul(s7.i, ya.r) + smul(s8.i, yb.r))};
    const Cpx s6 = {static_cast<int16_t>(smul(s10.i, ya.i) + smul(s9.i, yb.i)),
                    static_cast<int16_t>(-smul(s10.r, ya.i) - smul(s9.r, yb.i))};
    const Cpx s11 = {static_cast<int16_t>(s0.r + smul(s7.r, yb.r) + smul(s8.r, ya.r)),
                     static_cast<int16_t>(s0.i + smul(s7.i, yb.r) + smul(s8.i, ya.r))};
    const Cpx s12 = {static_cast<int16_t>(-smul(s10.i, yb.i) + smul(s9.i, ya.i)),
                     static_cast<int16_t>(smul(s10.r, yb.i) - smul(s9.r, ya.i))};
    f[u] = f0;
    f[u + m] = sub(s5, s6);
    f[u + 4 * m] = add(s5, s6);
    f[u + 2 * m] = add(s11, s12);
    f[u + 3 * m] = sub(s11, s12);
  }
}

// kissfft's kf_work: the DFT of size p·m from p decimated DFTs of size m, then one radix-p
// butterfly pass. Recursion depth = number of stages (<= kRfftMaxStages).
template <bool kInverse>
inline void work(Cpx* out, const Cpx* in, uint32_t fstride, const int32_t* stage, const Cpx* tw) {
  const uint32_t p = static_cast<uint32_t>(stage[0]);
  const uint32_t m = static_cast<uint32_t>(stage[1]);
  if (m == 1) {
    for (uint32_t k = 0; k < p; ++k) out[k] = in[k * fstride];
  } else {
    for (uint32_t k = 0; k < p; ++k) {
      work<kInverse>(out + k * m, in + k * fstride, fstride * p, stage + 2, tw);
    }
  }
  switch (p) {
    case 2: bfly2(out, fstride, tw, m); break;
    case 3: bfly3(out, fstride, tw, m); break;
    case 4: bfly4<kInverse>(out, fstride, tw, m); break;
    default: bfly5(out, fstride, tw, m); break;
  }
}

}  // namespace kiss16
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_SIGNAL_KISSFFT_FIXED16_H
