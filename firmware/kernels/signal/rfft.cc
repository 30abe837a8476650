// SignalRfft kernel (int16): kissfft's fixed-point real FFT, see signal_params.h. Every
// intermediate is stored as int16 where kissfft stores it (its kiss_fft_cpx temporaries), and
// every product is rounded as its sround: (x + 2^14) >> 15.
#include "kernels/registry.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kName = "SignalRfft";
using format::DataType;

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

struct Fft {
  const int32_t* stages;
  const Cpx* tw;  // N/2 twiddles
};

void bfly2(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
  for (uint32_t k = 0; k < m; ++k) {
    const Cpx a = fixdiv(f[k], 2);
    const Cpx b = fixdiv(f[k + m], 2);
    const Cpx t = mul(b, tw[k * fstride]);
    f[k + m] = sub(a, t);
    f[k] = add(a, t);
  }
}

void bfly3(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
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

void bfly4(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
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
    f[k + m] = {static_cast<int16_t>(s5.r + s4.i), static_cast<int16_t>(s5.i - s4.r)};
    f[k + 3 * m] = {static_cast<int16_t>(s5.r - s4.i), static_cast<int16_t>(s5.i + s4.r)};
  }
}

void bfly5(Cpx* f, uint32_t fstride, const Cpx* tw, uint32_t m) {
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
void work(Cpx* out, const Cpx* in, uint32_t fstride, const int32_t* stage, const Cpx* tw) {
  const uint32_t p = static_cast<uint32_t>(stage[0]);
  const uint32_t m = static_cast<uint32_t>(stage[1]);
  if (m == 1) {
    for (uint32_t k = 0; k < p; ++k) out[k] = in[k * fstride];
  } else {
    for (uint32_t k = 0; k < p; ++k) work(out + k * m, in + k * fstride, fstride * p, stage + 2, tw);
  }
  switch (p) {
    case 2: bfly2(out, fstride, tw, m); break;
    case 3: bfly3(out, fstride, tw, m); break;
    case 4: bfly4(out, fstride, tw, m); break;
    default: bfly5(out, fstride, tw, m); break;
  }
}

uint32_t temp_bytes(const SignalRfftParams& p) {
  return static_cast<uint32_t>(p.fft_length) * 2u + static_cast<uint32_t>(p.fft_length / 2) * 4u;
}

Status validate(const KernelArgs& args) {
  if (args.params_size < sizeof(SignalRfftParams)) {
    return checks::fail(Status::kBinaryBadParams, kName, "parameter blob size");
  }
  const SignalRfftParams& p = *reinterpret_cast<const SignalRfftParams*>(args.params);
  if (p.fft_length < 4 || p.fft_length > 65536 || (p.fft_length & 1) != 0) {
    return checks::fail(Status::kBinaryBadParams, kName, "fft_length");
  }
  const uint32_t n = static_cast<uint32_t>(p.fft_length);
  const uint32_t tables = 4u * (n / 2) + 4u * (n / 4);
  LPAI_RETURN_IF_ERROR(
      signal::check_arity(args, kName, 1, 1, static_cast<uint32_t>(sizeof(SignalRfftParams)) + tables));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  if (p.num_stages < 1 || static_cast<uint32_t>(p.num_stages) > kRfftMaxStages) {
    return checks::fail(Status::kBinaryBadParams, kName, "stage count");
  }
  uint32_t len = n / 2;
  for (int32_t s = 0; s < p.num_stages; ++s) {
    const int32_t radix = p.stages[2 * s], m = p.stages[2 * s + 1];
    if (radix < 2 || radix > 5 || m < 1 || static_cast<uint32_t>(radix) * static_cast<uint32_t>(m) != len) {
      return checks::fail(Status::kBinaryBadParams, kName, "radix stages do not factor fft_length / 2");
    }
    len = static_cast<uint32_t>(m);
  }
  if (len != 1) return checks::fail(Status::kBinaryBadParams, kName, "radix stages end above 1");
  const uint32_t in_n = element_count(args.inputs[0].desc);
  const uint32_t out_n = element_count(args.outputs[0].desc);
  if (p.input_length < 1 || static_cast<uint32_t>(p.input_length) > n || p.frames < 1 ||
      static_cast<uint64_t>(p.frames) * static_cast<uint32_t>(p.input_length) != in_n ||
      p.output_stride < p.fft_length / 2 + 1 ||
      static_cast<uint64_t>(p.frames) * 2u * static_cast<uint32_t>(p.output_stride) != out_n) {
    return checks::fail(Status::kBinaryBadTensor, kName, "frame sizes disagree with the tensors");
  }
  if (args.temp_size < temp_bytes(p)) {
    return checks::fail(Status::kBinaryBadPlan, kName, "kernel scratch smaller than required");
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const SignalRfftParams& p = *reinterpret_cast<const SignalRfftParams*>(args.params);
  const uint32_t n = static_cast<uint32_t>(p.fft_length);
  const uint32_t half = n / 2;
  const Cpx* tw = reinterpret_cast<const Cpx*>(args.params + sizeof(SignalRfftParams));
  const Cpx* super_tw = tw + half;
  Cpx* frame = reinterpret_cast<Cpx*>(args.temp);  // N samples as N/2 (even, odd) pairs
  Cpx* spec = reinterpret_cast<Cpx*>(args.temp + 2u * n);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  Cpx* out_all = signal::out_data<Cpx>(args, 0);
  const uint32_t len = static_cast<uint32_t>(p.input_length);
  for (int32_t fr = 0; fr < p.frames; ++fr) {
    const int16_t* src = in + static_cast<uint32_t>(fr) * len;
    for (uint32_t i = 0; i < half; ++i) {
      frame[i].r = 2 * i < len ? src[2 * i] : static_cast<int16_t>(0);
      frame[i].i = 2 * i + 1 < len ? src[2 * i + 1] : static_cast<int16_t>(0);
    }
    // The N/2-point complex FFT of the even (real) / odd (imaginary) samples.
    work(spec, frame, 1, p.stages, tw);
    Cpx* out = out_all + static_cast<uint32_t>(fr) * static_cast<uint32_t>(p.output_stride);
    const Cpx dc = fixdiv(spec[0], 2);
    out[0] = {static_cast<int16_t>(dc.r + dc.i), 0};
    out[half] = {static_cast<int16_t>(dc.r - dc.i), 0};
    for (uint32_t k = 1; k <= half / 2; ++k) {
      const Cpx fpk = fixdiv(spec[k], 2);
      const Cpx fpnk = fixdiv({spec[half - k].r, static_cast<int16_t>(-spec[half - k].i)}, 2);
      const Cpx f1k = add(fpk, fpnk);
      const Cpx f2k = sub(fpk, fpnk);
      const Cpx t = mul(f2k, super_tw[k - 1]);
      out[k] = {static_cast<int16_t>((f1k.r + t.r) >> 1), static_cast<int16_t>((f1k.i + t.i) >> 1)};
      out[half - k] = {static_cast<int16_t>((f1k.r - t.r) >> 1),
                       static_cast<int16_t>((t.i - f1k.i) >> 1)};
    }
  }
}

}  // namespace

const OpKernel kSignalRfftKernel = {format::BuiltinOp::kSignalRfft, kName, validate, eval};

}  // namespace kernels
}  // namespace lpai
