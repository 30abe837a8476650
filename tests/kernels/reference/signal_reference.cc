// See signal_reference.h.
#include "kernels/reference/signal_reference.h"

#include <cmath>

namespace lpai_test {
namespace signal_ref {
namespace {

int msb(uint64_t x, int width) {  // TFLite Micro's MostSignificantBit32/64 (width when x == 0)
  if (x == 0) return width;
  int n = 0;
  while (x != 0) {
    x >>= 1;
    ++n;
  }
  return n;
}

// kissfft fixed point (FIXED_POINT 16): kiss_fft_scalar int16, SAMPPROD int32, FRACBITS 15.
struct C {
  int16_t r, i;
};
int16_t sround(int32_t x) { return static_cast<int16_t>((x + 16384) >> 15); }
int16_t s16(int32_t x) { return static_cast<int16_t>(x); }
void fixdiv(C* c, int div) {
  c->r = sround(static_cast<int32_t>(c->r) * (32767 / div));
  c->i = sround(static_cast<int32_t>(c->i) * (32767 / div));
}
C cmul(C a, C b) {
  C m;
  m.r = sround(static_cast<int32_t>(a.r) * b.r - static_cast<int32_t>(a.i) * b.i);
  m.i = sround(static_cast<int32_t>(a.r) * b.i + static_cast<int32_t>(a.i) * b.r);
  return m;
}
C cadd(C a, C b) { return {s16(a.r + b.r), s16(a.i + b.i)}; }
C csub(C a, C b) { return {s16(a.r - b.r), s16(a.i - b.i)}; }
int16_t smul(int16_t a, int16_t b) { return sround(static_cast<int32_t>(a) * b); }

struct Plan {
  int nfft;
  bool inverse = false;
  std::vector<C> tw;
  std::vector<int> factors;
};

C cexp(double phase) {
  return {static_cast<int16_t>(std::floor(.5 + 32767 * std::cos(phase))),
          static_cast<int16_t>(std::floor(.5 + 32767 * std::sin(phase)))};
}

Plan make_plan(int nfft, bool inverse) {
  Plan p;
  p.nfft = nfft;
  p.inverse = inverse;
  const double pi = 3.141592653589793238462643383279502884197169399375105820974944;
  for (int i = 0; i < nfft; ++i) {
    double phase = -2 * pi * i / nfft;
    if (inverse) phase *= -1;
    p.tw.push_back(cexp(phase));
  }
  int n = nfft, r = 4;
  const double fs = std::floor(std::sqrt(static_cast<double>(n)));
  do {
    while (n % r) {
      r = r == 4 ? 2 : r == 2 ? 3 : r + 2;
      if (r > fs) r = n;
    }
    n /= r;
    p.factors.push_back(r);
    p.factors.push_back(n);
  } while (n > 1);
  return p;
}

void butterfly(C* F, size_t fs, const Plan& st, int m, int p) {
  const std::vector<C>& tw = st.tw;
  if (p == 2) {
    for (int k = 0; k < m; ++k) {
      fixdiv(&F[k], 2);
      fixdiv(&F[k + m], 2);
      const C t = cmul(F[k + m], tw[k * fs]);
      F[k + m] = csub(F[k], t);
      F[k] = cadd(F[k], t);
    }
  } else if (p == 3) {
    const C epi3 = tw[fs * m];
    for (int k = 0; k < m; ++k) {
      C s[5];
      fixdiv(&F[k], 3);
      fixdiv(&F[k + m], 3);
      fixdiv(&F[k + 2 * m], 3);
      s[1] = cmul(F[k + m], tw[k * fs]);
      s[2] = cmul(F[k + 2 * m], tw[2 * k * fs]);
      s[3] = cadd(s[1], s[2]);
      s[0] = csub(s[1], s[2]);
      F[k + m].r = s16(F[k].r - (s[3].r >> 1));
      F[k + m].i = s16(F[k].i - (s[3].i >> 1));
      s[0].r = smul(s[0].r, epi3.i);
      s[0].i = smul(s[0].i, epi3.i);
      F[k] = cadd(F[k], s[3]);
      F[k + 2 * m].r = s16(F[k + m].r + s[0].i);
      F[k + 2 * m].i = s16(F[k + m].i - s[0].r);
      F[k + m].r = s16(F[k + m].r - s[0].i);
      F[k + m].i = s16(F[k + m].i + s[0].r);
    }
  } else if (p == 4) {
    for (int k = 0; k < m; ++k) {
      C s[6];
      for (int q = 0; q < 4; ++q) fixdiv(&F[k + q * m], 4);
      s[0] = cmul(F[k + m], tw[k * fs]);
      s[1] = cmul(F[k + 2 * m], tw[2 * k * fs]);
      s[2] = cmul(F[k + 3 * m], tw[3 * k * fs]);
      s[5] = csub(F[k], s[1]);
      F[k] = cadd(F[k], s[1]);
      s[3] = cadd(s[0], s[2]);
      s[4] = csub(s[0], s[2]);
      F[k + 2 * m] = csub(F[k], s[3]);
      F[k] = cadd(F[k], s[3]);
      if (st.inverse) {
        F[k + m].r = s16(s[5].r - s[4].i);
        F[k + m].i = s16(s[5].i + s[4].r);
        F[k + 3 * m].r = s16(s[5].r + s[4].i);
        F[k + 3 * m].i = s16(s[5].i - s[4].r);
      } else {
        F[k + m].r = s16(s[5].r + s[4].i);
        F[k + m].i = s16(s[5].i - s[4].r);
        F[k + 3 * m].r = s16(s[5].r - s[4].i);
        F[k + 3 * m].i = s16(s[5].i + s[4].r);
      }
    }
  } else {  // 5
    const C ya = tw[fs * m], yb = tw[fs * 2 * m];
    for (int u = 0; u < m; ++u) {
      C s[13];
      for (int q = 0; q < 5; ++q) fixdiv(&F[u + q * m], 5);
      s[0] = F[u];
      for (int q = 1; q < 5; ++q) s[q] = cmul(F[u + q * m], tw[q * u * fs]);
      s[7] = cadd(s[1], s[4]);
      s[10] = csub(s[1], s[4]);
      s[8] = cadd(s[2], s[3]);
      s[9] = csub(s[2], s[3]);
      F[u].r = s16(F[u].r + (s[7].r + s[8].r));
      F[u].i = s16(F[u].i + (s[7].i + s[8].i));
      s[5].r = s16(s[0].r + smul(s[7].r, ya.r) + smul(s[8].r, yb.r));
      s[5].i = s16(s[0].i + smul(s[7].i, ya.r) + smul(s[8].i, yb.r));
      s[6].r = s16(smul(s[10].i, ya.i) + smul(s[9].i, yb.i));
      s[6].i = s16(-smul(s[10].r, ya.i) - smul(s[9].r, yb.i));
      F[u + m] = csub(s[5], s[6]);
      F[u + 4 * m] = cadd(s[5], s[6]);
      s[11].r = s16(s[0].r + smul(s[7].r, yb.r) + smul(s[8].r, ya.r));
      s[11].i = s16(s[0].i + smul(s[7].i, yb.r) + smul(s[8].i, ya.r));
      s[12].r = s16(-smul(s[10].i, yb.i) + smul(s[9].i, ya.i));
      s[12].i = s16(smul(s[10].r, yb.i) - smul(s[9].r, ya.i));
      F[u + 2 * m] = cadd(s[11], s[12]);
      F[u + 3 * m] = csub(s[11], s[12]);
    }
  }
}

void kf_work(C* out, const C* f, size_t fstride, const int* factors, const Plan& st) {
  const int p = factors[0], m = factors[1];
  C* const beg = out;
  C* const end = out + p * m;
  if (m == 1) {
    do {
      *out = *f;
      f += fstride;
    } while (++out != end);
  } else {
    do {
      kf_work(out, f, fstride * p, factors + 2, st);
      f += fstride;
    } while ((out += m) != end);
  }
  butterfly(beg, fstride, st, m, p);
}

}  // namespace

std::vector<int16_t> window(const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                            int shift) {
  std::vector<int16_t> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const int64_t raw = (static_cast<int64_t>(in[i]) * w[i % w.size()]) >> shift;
    out[i] = static_cast<int16_t>(raw < -32768 ? -32768 : raw > 32767 ? 32767 : raw);
  }
  return out;
}

int fft_auto_scale(const std::vector<int16_t>& in, std::vector<int16_t>* out) {
  int16_t max = 0;
  for (int16_t v : in) {
    if (v > max) {
      max = v;
    } else if (-v > max) {
      max = static_cast<int16_t>(-v);
    }
  }
  int bits = 16 - msb(static_cast<uint32_t>(static_cast<int32_t>(max)), 32) - 1;
  if (bits <= 0) bits = 0;
  out->resize(in.size());
  for (size_t i = 0; i < in.size(); ++i) (*out)[i] = static_cast<int16_t>(in[i] * (1 << bits));
  return bits;
}

std::vector<int16_t> rfft(const std::vector<int16_t>& frame, int n) {
  const int ncfft = n / 2;
  const Plan sub = make_plan(ncfft, false);
  std::vector<C> super;
  for (int i = 0; i < ncfft / 2; ++i) {
    super.push_back(cexp(-3.14159265358979323846264338327 * ((double)(i + 1) / ncfft + .5)));
  }
  std::vector<C> timedata(ncfft, C{0, 0});
  for (size_t i = 0; i < frame.size(); ++i) {
    if (i % 2 == 0) {
      timedata[i / 2].r = frame[i];
    } else {
      timedata[i / 2].i = frame[i];
    }
  }
  std::vector<C> tmp(ncfft);
  kf_work(tmp.data(), timedata.data(), 1, sub.factors.data(), sub);
  std::vector<C> fd(ncfft + 1);
  C tdc = tmp[0];
  fixdiv(&tdc, 2);
  fd[0].r = s16(tdc.r + tdc.i);
  fd[ncfft].r = s16(tdc.r - tdc.i);
  fd[ncfft].i = fd[0].i = 0;
  for (int k = 1; k <= ncfft / 2; ++k) {
    C fpk = tmp[k];
    C fpnk = {tmp[ncfft - k].r, s16(-tmp[ncfft - k].i)};
    fixdiv(&fpk, 2);
    fixdiv(&fpnk, 2);
    const C f1k = cadd(fpk, fpnk);
    const C f2k = csub(fpk, fpnk);
    const C tw = cmul(f2k, super[k - 1]);
    fd[k].r = s16((f1k.r + tw.r) >> 1);
    fd[k].i = s16((f1k.i + tw.i) >> 1);
    fd[ncfft - k].r = s16((f1k.r - tw.r) >> 1);
    fd[ncfft - k].i = s16((tw.i - f1k.i) >> 1);
  }
  std::vector<int16_t> out;
  for (const C& c : fd) {
    out.push_back(c.r);
    out.push_back(c.i);
  }
  return out;
}

std::vector<uint32_t> energy(const std::vector<int16_t>& spectrum, int start, int end, int n) {
  std::vector<uint32_t> out(n, 0);
  for (int i = start; i < end; ++i) {
    const int64_t re = spectrum[2 * i], im = spectrum[2 * i + 1];
    out[i] = static_cast<uint32_t>(re * re + im * im);
  }
  return out;
}

std::vector<uint64_t> filter_bank(const std::vector<uint32_t>& in, const std::vector<int16_t>& w,
                                  const std::vector<int16_t>& uw,
                                  const std::vector<int16_t>& freq_starts,
                                  const std::vector<int16_t>& weight_starts,
                                  const std::vector<int16_t>& widths, int channels) {
  std::vector<uint64_t> work(channels + 1);
  uint64_t wacc = 0, uacc = 0;
  for (int i = 0; i < channels + 1; ++i) {
    for (int j = 0; j < widths[i]; ++j) {
      wacc += w[weight_starts[i] + j] * static_cast<uint64_t>(in[freq_starts[i] + j]);
      uacc += uw[weight_starts[i] + j] * static_cast<uint64_t>(in[freq_starts[i] + j]);
    }
    work[i] = wacc;
    wacc = uacc;
    uacc = 0;
  }
  return std::vector<uint64_t>(work.begin() + 1, work.end());
}

namespace {
uint16_t sqrt32(uint32_t num) {
  if (num == 0) return 0;
  uint32_t res = 0;
  int top = (32 - msb(num, 32)) | 1;
  uint32_t bit = 1u << (31 - top);
  int it = (31 - top) / 2 + 1;
  while (it--) {
    if (num >= res + bit) {
      num -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != 0xFFFF) ++res;
  return static_cast<uint16_t>(res);
}
}  // namespace

uint32_t sqrt64(uint64_t num) {
  if ((num >> 32) == 0) return sqrt32(static_cast<uint32_t>(num));
  uint64_t res = 0;
  int top = (64 - msb(num, 64)) | 1;
  uint64_t bit = 1ull << (63 - top);
  int it = (63 - top) / 2 + 1;
  while (it--) {
    if (num >= res + bit) {
      num -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != 0xFFFFFFFFull) ++res;
  return static_cast<uint32_t>(res);
}

std::vector<uint32_t> spectral_subtraction(const SpectralSubtractionConfig& c,
                                           const std::vector<uint32_t>& in,
                                           std::vector<uint32_t>* noise) {
  std::vector<uint32_t> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const uint32_t sm = (i & 1) ? c.alternate_smoothing : c.smoothing;
    const uint32_t om = (i & 1) ? c.alternate_one_minus_smoothing : c.one_minus_smoothing;
    const uint32_t up = in[i] << c.smoothing_bits;
    (*noise)[i] = static_cast<uint32_t>(
        (static_cast<uint64_t>(up) * sm + static_cast<uint64_t>((*noise)[i]) * om) >>
        c.spectral_subtraction_bits);
    uint32_t est = (*noise)[i];
    if (est > up) {
      est = up;
      if (c.clamping) (*noise)[i] = est;
    }
    const uint32_t floor =
        static_cast<uint32_t>((static_cast<uint64_t>(in[i]) * c.min_signal_remaining) >>
                              c.spectral_subtraction_bits);
    const uint32_t sub = (up - est) >> c.smoothing_bits;
    out[i] = sub > floor ? sub : floor;
  }
  return out;
}

std::vector<uint32_t> pcan(const std::vector<uint32_t>& in, const std::vector<uint32_t>& noise,
                           const std::vector<int16_t>& lut_all, int snr_shift) {
  std::vector<uint32_t> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const uint32_t x = noise[i];
    int16_t g;
    if (x <= 2) {
      g = lut_all[x];
    } else {
      const int interval = msb(x, 32);
      const int16_t* lut = lut_all.data() + 4 * interval - 6;
      const int16_t frac =
          static_cast<int16_t>(((interval < 11) ? (x << (11 - interval)) : (x >> (interval - 11))) &
                               0x3FF);
      int64_t res = (static_cast<int64_t>(lut[2]) * frac) >> 5;
      res += static_cast<int32_t>(static_cast<uint32_t>(lut[1]) << 5);
      res = static_cast<int32_t>(static_cast<uint32_t>(res) * static_cast<uint32_t>(frac));
      res = static_cast<int32_t>(static_cast<uint32_t>(res) + (1u << 14)) >> 15;
      res += lut[0];
      g = static_cast<int16_t>(res);
    }
    const uint32_t gain = static_cast<uint32_t>(static_cast<int32_t>(g));
    const uint32_t snr = static_cast<uint32_t>((static_cast<uint64_t>(in[i]) * gain) >> snr_shift);
    out[i] = snr < (2u << 12) ? (snr * snr) >> (2 + 24 - 6) : (snr >> 6) - (1u << 6);
  }
  return out;
}

std::vector<int16_t> filter_bank_log(const std::vector<uint32_t>& in, uint32_t correction_bits,
                                     int32_t output_scale) {
  // The correction LUT of TFLite Micro's Log32, entry i = round((log2(1 + i/128) - i/128)·2^16).
  std::vector<int32_t> lut;
  for (int i = 0; i <= 128; ++i) {
    lut.push_back(static_cast<int32_t>(
        std::lround(65536.0 * (std::log2(1.0 + i / 128.0) - i / 128.0))));
  }
  std::vector<int16_t> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const uint32_t x = in[i] << correction_bits;
    if (x <= 1) {
      out[i] = 0;
      continue;
    }
    const uint32_t integer = static_cast<uint32_t>(msb(x, 32)) - 1;
    int32_t frac = static_cast<int32_t>(x - (1ll << integer));
    if (integer < 16) {
      frac <<= 16 - integer;
    } else {
      frac >>= integer - 16;
    }
    const uint32_t seg = static_cast<uint32_t>(frac) >> 9;
    const int32_t c0 = lut[seg], c1 = lut[seg + 1];
    const int32_t rel = ((c1 - c0) * (frac - static_cast<int32_t>(512 * seg))) >> 16;
    const uint32_t log2 = (integer << 16) + static_cast<uint32_t>(frac + c0 + rel);
    const uint32_t loge = static_cast<uint32_t>((45426ull * log2 + 32768) >> 16);
    const uint32_t v = (static_cast<uint32_t>(output_scale) * loge + 32768) >> 16;
    out[i] = static_cast<int16_t>(v < 32767u ? v : 32767u);
  }
  return out;
}

std::vector<int16_t> irfft(const std::vector<int16_t>& spectrum, int n) {
  const int ncfft = n / 2;
  const Plan sub = make_plan(ncfft, true);
  std::vector<C> super;
  for (int i = 0; i < ncfft / 2; ++i) {
    double phase = -3.14159265358979323846264338327 * ((double)(i + 1) / ncfft + .5);
    phase *= -1;
    super.push_back(cexp(phase));
  }
  std::vector<C> fd(ncfft + 1);
  for (int k = 0; k <= ncfft; ++k) fd[k] = {spectrum[2 * k], spectrum[2 * k + 1]};
  std::vector<C> tmp(ncfft);
  tmp[0].r = s16(fd[0].r + fd[ncfft].r);
  tmp[0].i = s16(fd[0].r - fd[ncfft].r);
  fixdiv(&tmp[0], 2);
  for (int k = 1; k <= ncfft / 2; ++k) {
    C fk = fd[k];
    C fnkc = {fd[ncfft - k].r, s16(-fd[ncfft - k].i)};
    fixdiv(&fk, 2);
    fixdiv(&fnkc, 2);
    const C fek = cadd(fk, fnkc);
    const C t = csub(fk, fnkc);
    const C fok = cmul(t, super[k - 1]);
    tmp[k] = cadd(fek, fok);
    tmp[ncfft - k] = csub(fek, fok);
    tmp[ncfft - k].i = s16(tmp[ncfft - k].i * -1);
  }
  std::vector<C> out(ncfft);
  kf_work(out.data(), tmp.data(), 1, sub.factors.data(), sub);
  std::vector<int16_t> y;
  for (const C& c : out) {
    y.push_back(c.r);
    y.push_back(c.i);
  }
  return y;
}

Delay::Delay(int delay) : fifo(delay, 0) {}  // Init/Reset write delay zeros
std::vector<int16_t> Delay::run(const std::vector<int16_t>& frame) {
  fifo.insert(fifo.end(), frame.begin(), frame.end());
  std::vector<int16_t> out(fifo.begin(), fifo.begin() + frame.size());
  fifo.erase(fifo.begin(), fifo.begin() + frame.size());
  return out;
}

Framer::Framer(int f, int s, bool prefill) : frame_size(f), frame_step(s) {
  if (prefill) fifo.assign(f - s, 0);
}
std::vector<int16_t> Framer::run(const std::vector<int16_t>& in, bool* valid) {
  std::vector<int16_t> out;
  *valid = true;
  for (size_t k = 0; k * frame_step < in.size(); ++k) {
    fifo.insert(fifo.end(), in.begin() + k * frame_step, in.begin() + (k + 1) * frame_step);
    if (static_cast<int>(fifo.size()) >= frame_size) {
      out.insert(out.end(), fifo.begin(), fifo.begin() + frame_size);
      fifo.erase(fifo.begin(), fifo.begin() + frame_step);
    } else {
      out.insert(out.end(), frame_size, 0);
      *valid = false;
    }
  }
  return out;
}

Stacker::Stacker(int c, int l, int r, int s) : channels(c), left(l), right(r), step(s) {}
std::vector<int16_t> Stacker::run(const std::vector<int16_t>& in, bool* valid) {
  fifo.insert(fifo.end(), in.begin(), in.end());
  if (!has_first) {
    for (int k = 0; k < left; ++k) fifo.insert(fifo.end(), in.begin(), in.end());
    has_first = true;
  }
  const size_t size = static_cast<size_t>(channels) * (left + right + 1);
  if (fifo.size() >= size) {
    std::vector<int16_t> out(fifo.begin(), fifo.begin() + size);
    fifo.erase(fifo.begin(), fifo.begin() + static_cast<size_t>(channels) * step);
    *valid = true;
    return out;
  }
  *valid = false;
  return std::vector<int16_t>(size, 0);
}

OverlapAdd::OverlapAdd(int f, int s) : frame_size(f), frame_step(s), buffer(f, 0) {}
std::vector<int16_t> OverlapAdd::run(const std::vector<int16_t>& frames) {
  std::vector<int16_t> out;
  for (size_t k = 0; k * frame_size < frames.size(); ++k) {
    for (int i = 0; i < frame_size; ++i) {
      const int32_t v = frames[k * frame_size + i] + buffer[i];
      buffer[i] = static_cast<int16_t>(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
    }
    out.insert(out.end(), buffer.begin(), buffer.begin() + frame_step);
    buffer.erase(buffer.begin(), buffer.begin() + frame_step);
    buffer.insert(buffer.end(), frame_step, 0);
  }
  return out;
}

}  // namespace signal_ref
}  // namespace lpai_test
