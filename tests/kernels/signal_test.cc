// TFLite Micro's signal-library operators (CUSTOM ops) against the references of
// reference/signal_reference.cc, written from TFLite Micro's signal/src algorithms: random
// data, zero input, full-scale and saturating input, and the load-time refusals.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/kernel_harness.h"
#include "kernels/reference/signal_reference.h"
#include "kernels/signal/signal_params.h"

namespace lpai_test {
namespace {

using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;
using lpai::prepare::OpOptions;

template <typename T>
TestTensor plain(DataType type, std::vector<int32_t> shape, const std::vector<T>& v,
                 bool is_const = false) {
  TestTensor t = TestTensor::make(type, std::move(shape), v, 1.0f, 0, is_const);
  t.scales.clear();
  t.zero_points.clear();
  return t;
}
TestTensor out_tensor(DataType type, std::vector<int32_t> shape) {
  TestTensor t;
  t.type = type;
  t.shape = std::move(shape);
  t.scales.clear();
  t.zero_points.clear();
  return t;
}
OpOptions opts(std::initializer_list<std::pair<const std::string, int64_t>> kv) {
  OpOptions o;
  o.custom = kv;
  return o;
}
int code(BuiltinOp op) { return static_cast<int>(op); }

std::vector<uint32_t> random_u32(size_t n, uint32_t seed, uint32_t max) {
  std::vector<uint32_t> v(n);
  uint32_t s = seed;
  for (auto& x : v) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    x = max == 0xFFFFFFFFu ? s : s % (max + 1);
  }
  return v;
}

// ---- SignalWindow
std::vector<int16_t> run_window(const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                                int shift) {
  TestTensor a = plain(DataType::kInt16, {1, static_cast<int32_t>(in.size())}, in);
  TestTensor b = plain(DataType::kInt16, {static_cast<int32_t>(w.size())}, w, true);
  TestTensor o = out_tensor(DataType::kInt16, {1, static_cast<int32_t>(in.size())});
  KernelHarness h(code(BuiltinOp::kSignalWindow), opts({{"shift", shift}}), {&a, &b}, {&o});
  return as_values<int16_t>(h.run());
}

TEST(SignalWindow, MatchesReferenceRandomZeroAndSaturation) {
  const std::vector<int16_t> w = random_i16(480, 7, 0, 32767);
  const std::vector<int16_t> x = random_i16(960, 3);
  EXPECT_EQ(run_window(x, w, 12), signal_ref::window(x, w, 12));  // two frames of 480
  EXPECT_EQ(run_window(x, w, 0), signal_ref::window(x, w, 0));    // saturates both ways
  const std::vector<int16_t> zeros(480, 0);
  EXPECT_EQ(run_window(zeros, w, 12), zeros);
  const std::vector<int16_t> full(480, -32768), wmax(480, 32767);
  EXPECT_EQ(run_window(full, wmax, 0), std::vector<int16_t>(480, -32768));
  EXPECT_EQ(run_window(full, wmax, 31), signal_ref::window(full, wmax, 31));
}

TEST(SignalWindow, RefusesBadShiftAndShapes) {
  const std::vector<int16_t> w(4, 1), x(6, 1);
  TestTensor a = plain(DataType::kInt16, {6}, x);
  TestTensor b = plain(DataType::kInt16, {4}, w, true);
  TestTensor o = out_tensor(DataType::kInt16, {6});
  KernelHarness h(code(BuiltinOp::kSignalWindow), opts({{"shift", 12}}), {&a, &b}, {&o});
  EXPECT_NE(h.prepare().error.find("multiples"), std::string::npos) << h.prepare().error;
  TestTensor a8 = plain(DataType::kInt16, {8}, std::vector<int16_t>(8, 1));
  TestTensor o8 = out_tensor(DataType::kInt16, {8});
  KernelHarness k(code(BuiltinOp::kSignalWindow), opts({{"shift", 32}}), {&a8, &b}, {&o8});
  EXPECT_NE(k.prepare().error.find("'shift' = 32"), std::string::npos) << k.prepare().error;
  KernelHarness m(code(BuiltinOp::kSignalWindow), opts({}), {&a8, &b}, {&o8});
  EXPECT_NE(m.prepare().error.find("'shift' is missing"), std::string::npos);
  KernelHarness v(code(BuiltinOp::kSignalWindow), opts({{"shift", 1}}), {&a8, &b}, {&o8});
  ASSERT_TRUE(v.prepare().ok());
  v.params[0] = 40;  // a blob no prepare writes
  EXPECT_EQ(v.validate(), Status::kBinaryBadParams);
}

// ---- SignalFftAutoScale
void check_auto_scale(const std::vector<int16_t>& x) {
  TestTensor a = plain(DataType::kInt16, {static_cast<int32_t>(x.size())}, x);
  TestTensor o = out_tensor(DataType::kInt16, {static_cast<int32_t>(x.size())});
  TestTensor s = out_tensor(DataType::kInt32, {});
  KernelHarness h(code(BuiltinOp::kSignalFftAutoScale), opts({}), {&a}, {&o, &s});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  ASSERT_EQ(h.validate(), Status::kOk);
  std::vector<int16_t> want;
  const int bits = signal_ref::fft_auto_scale(x, &want);
  EXPECT_EQ(as_values<int16_t>(h.eval(0)), want);
  EXPECT_EQ(as_values<int32_t>(h.eval(1)), std::vector<int32_t>{bits});
}

TEST(SignalFftAutoScale, MatchesReference) {
  check_auto_scale(random_i16(480, 11, -300, 300));        // scaled up
  check_auto_scale(random_i16(480, 12));                   // full scale: 0 bits
  check_auto_scale(std::vector<int16_t>(480, 0));          // zero input: 0 bits
  check_auto_scale({1, -1, 0, 1});                         // 14 bits
  check_auto_scale({-32768, 5, -3});                       // MaxAbs16's int16 wrap of 32768
  check_auto_scale({5, -32768});
}

// ---- SignalRfft
std::vector<int16_t> run_rfft(const std::vector<int16_t>& frames, int len, int n) {
  const int32_t count = static_cast<int32_t>(frames.size()) / len;
  TestTensor a = plain(DataType::kInt16, {count, len}, frames);
  TestTensor o = out_tensor(DataType::kInt16, {count, n + 2});
  KernelHarness h(code(BuiltinOp::kSignalRfft), opts({{"T", 7}, {"fft_length", n}}), {&a}, {&o});
  const auto& r = h.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  h.temp_bytes = r.temp_bytes;
  EXPECT_EQ(h.validate(), Status::kOk);
  return as_values<int16_t>(h.eval(0));
}

void check_rfft(const std::vector<int16_t>& frames, int len, int n) {
  const std::vector<int16_t> got = run_rfft(frames, len, n);
  std::vector<int16_t> want;
  for (size_t f = 0; f * len < frames.size(); ++f) {
    const std::vector<int16_t> frame(frames.begin() + f * len, frames.begin() + (f + 1) * len);
    const std::vector<int16_t> one = signal_ref::rfft(frame, n);
    want.insert(want.end(), one.begin(), one.end());
  }
  EXPECT_EQ(got, want) << "fft_length " << n;
}

TEST(SignalRfft, MatchesKissfftFixed16AllRadices) {
  check_rfft(random_i16(480, 21), 480, 512);        // micro_speech: radix 4 x4
  check_rfft(random_i16(2 * 60, 22), 60, 64);       // 4, 4, 2; two frames
  check_rfft(random_i16(12, 23), 12, 12);           // 3, 2
  check_rfft(random_i16(10, 24), 10, 10);           // 5
  check_rfft(random_i16(50, 25), 50, 60);           // 2, 3, 5 (zero-padded)
  check_rfft(std::vector<int16_t>(480, 0), 480, 512);
  check_rfft(std::vector<int16_t>(480, 32767), 480, 512);
  check_rfft(std::vector<int16_t>(480, -32768), 480, 512);
}

TEST(SignalRfft, IsAScaledDft) {
  // Independent of kissfft's arithmetic: the output approximates the DFT divided by N.
  const int n = 512;
  std::vector<int16_t> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<int16_t>(20000 * std::sin(2 * M_PI * 37 * i / n));
  const std::vector<int16_t> y = run_rfft(x, n, n);
  for (int k = 0; k <= n / 2; ++k) {
    double re = 0, im = 0;
    for (int i = 0; i < n; ++i) {
      re += x[i] * std::cos(2 * M_PI * k * i / n);
      im -= x[i] * std::sin(2 * M_PI * k * i / n);
    }
    EXPECT_NEAR(y[2 * k], re / n, 8.0 + std::fabs(re / n) / 500) << k;
    EXPECT_NEAR(y[2 * k + 1], im / n, 8.0 + std::fabs(im / n) / 500) << k;
  }
}

TEST(SignalRfft, RefusesOtherTypesAndGenericRadices) {
  TestTensor a = plain(DataType::kInt16, {14}, std::vector<int16_t>(14, 0));
  TestTensor o = out_tensor(DataType::kInt16, {16});
  KernelHarness h(code(BuiltinOp::kSignalRfft), opts({{"T", 7}, {"fft_length", 14}}), {&a}, {&o});
  EXPECT_NE(h.prepare().error.find("prime factor 7"), std::string::npos) << h.prepare().error;
  TestTensor a2 = plain(DataType::kInt16, {16}, std::vector<int16_t>(16, 0));
  TestTensor o2 = out_tensor(DataType::kInt16, {18});
  KernelHarness f(code(BuiltinOp::kSignalRfft), opts({{"T", 0}, {"fft_length", 16}}), {&a2}, {&o2});
  EXPECT_NE(f.prepare().error.find("only the int16 FFT"), std::string::npos) << f.prepare().error;
  KernelHarness g(code(BuiltinOp::kSignalRfft), opts({{"T", 7}, {"fft_length", 16}}), {&a2}, {&o2});
  ASSERT_TRUE(g.prepare().ok());
  g.temp_bytes = g.prepare().temp_bytes - 4;
  EXPECT_EQ(g.validate(), Status::kBinaryBadPlan);
}

// ---- SignalIrfft
void check_irfft(const std::vector<int16_t>& spectra, int n, int out_len) {
  const int32_t in_len = n + 2, frames = static_cast<int32_t>(spectra.size()) / in_len;
  TestTensor a = plain(DataType::kInt16, {frames, in_len}, spectra);
  TestTensor o = out_tensor(DataType::kInt16, {frames, out_len});
  KernelHarness h(code(BuiltinOp::kSignalIrfft), opts({{"T", 7}, {"fft_length", n}}), {&a}, {&o});
  const auto& r = h.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  h.temp_bytes = r.temp_bytes;
  ASSERT_EQ(h.validate(), Status::kOk);
  std::vector<int16_t> want;
  for (int32_t f = 0; f < frames; ++f) {
    std::vector<int16_t> y = signal_ref::irfft(
        std::vector<int16_t>(spectra.begin() + f * in_len, spectra.begin() + (f + 1) * in_len), n);
    y.resize(out_len, 0);
    want.insert(want.end(), y.begin(), y.end());
  }
  EXPECT_EQ(as_values<int16_t>(h.eval(0)), want) << "fft_length " << n;
}

TEST(SignalIrfft, MatchesKissfftFixed16Inverse) {
  check_irfft(random_i16(514, 140), 512, 512);
  check_irfft(random_i16(2 * 66, 141), 64, 70);  // two frames, output padded with zeros
  check_irfft(random_i16(14, 142), 12, 12);
  check_irfft(random_i16(12, 143), 10, 10);
  check_irfft(random_i16(62, 144), 60, 60);
  check_irfft(std::vector<int16_t>(514, -32768), 512, 512);
  check_irfft(std::vector<int16_t>(514, 0), 512, 512);
}

TEST(SignalIrfft, InvertsTheRfftUpToScaling) {
  // Independent of kissfft's rounding: in fixed point both directions divide by N (each radix
  // stage divides by its radix), so irfft(rfft(x)) approximates x / N.
  const int n = 64;
  std::vector<int16_t> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<int16_t>(30000 * std::sin(2 * M_PI * 3 * i / n));
  const std::vector<int16_t> spec = run_rfft(x, n, n);
  TestTensor a = plain(DataType::kInt16, {n + 2}, spec);
  TestTensor o = out_tensor(DataType::kInt16, {n});
  KernelHarness h(code(BuiltinOp::kSignalIrfft), opts({{"T", 7}, {"fft_length", n}}), {&a}, {&o});
  h.temp_bytes = h.prepare().temp_bytes;
  ASSERT_EQ(h.validate(), Status::kOk);
  const std::vector<int16_t> y = as_values<int16_t>(h.eval(0));
  for (int i = 0; i < n; ++i) EXPECT_NEAR(y[i], x[i] / static_cast<double>(n), 3.0) << i;
}

// ---- SignalEnergy
TEST(SignalEnergy, MatchesReferenceIncludingFullScale) {
  std::vector<int16_t> spec = random_i16(514, 31);
  spec[20] = spec[21] = -32768;  // re² + im² = 2^31 (overflows int32 in TFLite Micro's C)
  TestTensor a = plain(DataType::kInt16, {514}, spec);
  TestTensor o = out_tensor(DataType::kUint32, {257});
  KernelHarness h(code(BuiltinOp::kSignalEnergy),
                  opts({{"start_index", 5}, {"end_index", 241}}), {&a}, {&o});
  EXPECT_EQ(as_values<uint32_t>(h.run()), signal_ref::energy(spec, 5, 241, 257));
  KernelHarness bad(code(BuiltinOp::kSignalEnergy),
                    opts({{"start_index", 5}, {"end_index", 258}}), {&a}, {&o});
  EXPECT_FALSE(bad.prepare().ok());
}

// ---- SignalFilterBank
TEST(SignalFilterBank, MatchesReferenceWithNegativeWeights) {
  const int channels = 6;
  const std::vector<int16_t> fs = {0, 3, 6, 9, 12, 15, 18}, ws = {0, 3, 6, 9, 12, 15, 18},
                             wd = {3, 3, 3, 3, 3, 3, 2};
  std::vector<int16_t> w = random_i16(20, 41, -4096, 4096), uw = random_i16(20, 42, 0, 4096);
  const std::vector<uint32_t> x = random_u32(20, 43, 0xFFFFFFFFu);
  TestTensor in = plain(DataType::kUint32, {20}, x);
  TestTensor tw = plain(DataType::kInt16, {20}, w, true), tu = plain(DataType::kInt16, {20}, uw, true);
  TestTensor tf = plain(DataType::kInt16, {7}, fs, true), tws = plain(DataType::kInt16, {7}, ws, true),
             twd = plain(DataType::kInt16, {7}, wd, true);
  TestTensor o = out_tensor(DataType::kUint64, {channels});
  KernelHarness h(code(BuiltinOp::kSignalFilterBank), opts({{"num_channels", channels}}),
                  {&in, &tw, &tu, &tf, &tws, &twd}, {&o});
  EXPECT_EQ(as_values<uint64_t>(h.run()), signal_ref::filter_bank(x, w, uw, fs, ws, wd, channels));
  // A band past the input is refused by prepare and, tampered in, by the loader.
  const std::vector<int16_t> wide = {0, 3, 6, 9, 12, 15, 19};
  TestTensor tbad = plain(DataType::kInt16, {7}, wide, true);
  KernelHarness b(code(BuiltinOp::kSignalFilterBank), opts({{"num_channels", channels}}),
                  {&in, &tw, &tu, &tbad, &tws, &twd}, {&o});
  EXPECT_NE(b.prepare().error.find("channel 6"), std::string::npos) << b.prepare().error;
  b.params = h.params;  // the blob of a good prepare, over the tampered tables
  EXPECT_EQ(b.validate(), Status::kBinaryBadTensor);
}

// ---- SignalFilterBankSquareRoot
TEST(SignalFilterBankSquareRoot, MatchesReferenceAtTheEdges) {
  const std::vector<uint64_t> x = {0, 1, 2, 3, 4, 0xFFFFFFFFull, 0x100000000ull,
                                   0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFE00000001ull,
                                   1234567890123ull, 99, 0xFFFE0001ull};
  for (int32_t shift : {0, 3, 31}) {
    TestTensor a = plain(DataType::kUint64, {static_cast<int32_t>(x.size())}, x);
    TestTensor s = plain(DataType::kInt32, {}, std::vector<int32_t>{shift});
    TestTensor o = out_tensor(DataType::kUint32, {static_cast<int32_t>(x.size())});
    KernelHarness h(code(BuiltinOp::kSignalFilterBankSquareRoot), opts({}), {&a, &s}, {&o});
    std::vector<uint32_t> want;
    for (uint64_t v : x) want.push_back(signal_ref::sqrt64(v) >> shift);
    EXPECT_EQ(as_values<uint32_t>(h.run()), want) << shift;
  }
}

// ---- SignalFilterBankSpectralSubtraction (state carried across calls)
TEST(SignalSpectralSubtraction, CarriesTheNoiseEstimateAsTFLiteMicro) {
  for (int clamping : {0, 1}) {
    const signal_ref::SpectralSubtractionConfig c = {655, 15729, 655, 15729, 1638, 10, 14,
                                                     clamping != 0};
    const int channels = 8;
    TestTensor in = plain(DataType::kUint32, {channels}, random_u32(channels, 51, 4000));
    TestTensor state = plain(DataType::kUint32, {channels}, std::vector<uint32_t>(channels, 0));
    state.is_variable = true;
    TestTensor o = out_tensor(DataType::kUint32, {channels});
    TestTensor ne = out_tensor(DataType::kUint32, {channels});
    KernelHarness h(code(BuiltinOp::kSignalFilterBankSpectralSubtraction),
                    opts({{"num_channels", channels}, {"smoothing", 655},
                          {"one_minus_smoothing", 15729}, {"alternate_smoothing", 655},
                          {"alternate_one_minus_smoothing", 15729}, {"min_signal_remaining", 1638},
                          {"smoothing_bits", 10}, {"spectral_subtraction_bits", 14},
                          {"clamping", clamping}}),
                    {&in, &state}, {&o, &ne});
    ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
    ASSERT_EQ(h.validate(), Status::kOk);
    std::vector<uint32_t> noise(channels, 0);
    for (int step = 0; step < 6; ++step) {
      // A loud start, then silence: the estimate must decay (and clamp when asked).
      const std::vector<uint32_t> x =
          step < 3 ? random_u32(channels, 60 + step, 0xFFFFFu) : std::vector<uint32_t>(channels, 0);
      in.bytes.assign(reinterpret_cast<const uint8_t*>(x.data()),
                      reinterpret_cast<const uint8_t*>(x.data() + channels));
      const std::vector<uint32_t> want = signal_ref::spectral_subtraction(c, x, &noise);
      EXPECT_EQ(as_values<uint32_t>(h.eval(0)), want) << step;
      const std::vector<uint32_t> got_noise = as_values<uint32_t>(h.eval(1));
      // eval(1) ran the step again from the same state: compare the copy it reports.
      EXPECT_EQ(got_noise, noise) << step;
      state.bytes.assign(reinterpret_cast<const uint8_t*>(noise.data()),
                         reinterpret_cast<const uint8_t*>(noise.data() + channels));
    }
  }
}

TEST(SignalSpectralSubtraction, RefusesAStateOutsideThePersistentPool) {
  TestTensor in = plain(DataType::kUint32, {4}, std::vector<uint32_t>(4, 1));
  TestTensor state = plain(DataType::kUint32, {4}, std::vector<uint32_t>(4, 0));
  TestTensor o = out_tensor(DataType::kUint32, {4}), ne = out_tensor(DataType::kUint32, {4});
  OpOptions op = opts({{"num_channels", 4}, {"smoothing", 1}, {"one_minus_smoothing", 1},
                       {"alternate_smoothing", 1}, {"alternate_one_minus_smoothing", 1},
                       {"min_signal_remaining", 1}, {"smoothing_bits", 10},
                       {"spectral_subtraction_bits", 64}, {"clamping", 0}});
  KernelHarness h(code(BuiltinOp::kSignalFilterBankSpectralSubtraction), op, {&in, &state},
                  {&o, &ne});
  EXPECT_NE(h.prepare().error.find("variable"), std::string::npos) << h.prepare().error;
  state.is_variable = true;
  KernelHarness k(code(BuiltinOp::kSignalFilterBankSpectralSubtraction), op, {&in, &state},
                  {&o, &ne});
  EXPECT_NE(k.prepare().error.find("spectral_subtraction_bits"), std::string::npos);
}

// ---- SignalPCAN
TEST(SignalPcan, MatchesReferenceOverEveryOctave) {
  const std::vector<int16_t> lut = random_i16(125, 71, -2000, 8000);
  std::vector<uint32_t> noise = {0, 1, 2, 3, 4, 7, 1000, 2047, 2048, 65535, 0xFFFFFFFFu,
                                 0x80000000u};
  for (int k = 0; k < 32; ++k) noise.push_back(random_u32(1, 80 + k, 0xFFFFFFFFu)[0] >> k);
  const int32_t c = static_cast<int32_t>(noise.size());
  const std::vector<uint32_t> x = random_u32(noise.size(), 72, 0xFFFFFFFFu);
  for (int shift : {0, 6, 63}) {
    TestTensor a = plain(DataType::kUint32, {c}, x), n = plain(DataType::kUint32, {c}, noise);
    TestTensor l = plain(DataType::kInt16, {125}, lut, true);
    TestTensor o = out_tensor(DataType::kUint32, {c});
    KernelHarness h(code(BuiltinOp::kSignalPcan), opts({{"snr_shift", shift}}), {&a, &n, &l}, {&o});
    EXPECT_EQ(as_values<uint32_t>(h.run()), signal_ref::pcan(x, noise, lut, shift)) << shift;
  }
  TestTensor a = plain(DataType::kUint32, {1}, std::vector<uint32_t>{1});
  TestTensor l = plain(DataType::kInt16, {124}, std::vector<int16_t>(124, 0), true);
  TestTensor o = out_tensor(DataType::kUint32, {1});
  KernelHarness b(code(BuiltinOp::kSignalPcan), opts({{"snr_shift", 6}}), {&a, &a, &l}, {&o});
  EXPECT_NE(b.prepare().error.find("124 entries"), std::string::npos) << b.prepare().error;
}

// ---- SignalFilterBankLog
TEST(SignalFilterBankLog, MatchesReferenceFromZeroToFullScale) {
  std::vector<uint32_t> x = {0, 1, 2, 3, 0xFFFFFFFFu, 0x80000000u, 65535, 65536, 65537};
  const std::vector<uint32_t> r = random_u32(64, 91, 0xFFFFFFFFu);
  x.insert(x.end(), r.begin(), r.end());
  for (uint32_t i = 0; i < 32; ++i) x.push_back(1u << i);
  const int32_t c = static_cast<int32_t>(x.size());
  for (auto [bits, scale] : {std::pair<int, int>{3, 1600}, {0, 1}, {31, 65536}, {0, 40000}}) {
    TestTensor a = plain(DataType::kUint32, {c}, x);
    TestTensor o = out_tensor(DataType::kInt16, {c});
    KernelHarness h(code(BuiltinOp::kSignalFilterBankLog),
                    opts({{"input_correction_bits", bits}, {"output_scale", scale}}), {&a}, {&o});
    EXPECT_EQ(as_values<int16_t>(h.run()), signal_ref::filter_bank_log(x, bits, scale))
        << bits << " " << scale;
  }
}

// ---- streaming operators: state carried by feeding the state outputs' effect back (the harness
// re-copies inputs each eval, so the test keeps the state tensors' bytes itself).
template <typename T>
void set_bytes(TestTensor* t, const std::vector<T>& v) {
  t->bytes.assign(reinterpret_cast<const uint8_t*>(v.data()),
                  reinterpret_cast<const uint8_t*>(v.data() + v.size()));
}
TestTensor zero_state(DataType type, int32_t n) {
  TestTensor t = out_tensor(type, {n});
  t.bytes.assign(static_cast<size_t>(n) * lpai::format::data_type_size(type), 0);
  t.is_variable = true;
  return t;
}

TEST(SignalDelay, DelaysEveryRowAcrossCalls) {
  const int rows = 2, f = 5, d = 7;
  TestTensor in = plain(DataType::kInt16, {rows, f}, random_i16(rows * f, 100));
  TestTensor state = zero_state(DataType::kInt16, rows * d);
  TestTensor out = out_tensor(DataType::kInt16, {rows, f});
  KernelHarness h(code(BuiltinOp::kSignalDelay), opts({{"delay_length", d}}), {&in, &state}, {&out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  ASSERT_EQ(h.validate(), Status::kOk);
  std::vector<signal_ref::Delay> ref(rows, signal_ref::Delay(d));
  for (int step = 0; step < 5; ++step) {
    const std::vector<int16_t> x = random_i16(rows * f, 101 + step);
    set_bytes(&in, x);
    std::vector<int16_t> want;
    for (int r = 0; r < rows; ++r) {
      const auto y = ref[r].run(std::vector<int16_t>(x.begin() + r * f, x.begin() + (r + 1) * f));
      want.insert(want.end(), y.begin(), y.end());
    }
    EXPECT_EQ(as_values<int16_t>(h.eval(0)), want) << step;
    std::vector<int16_t> s;
    for (int r = 0; r < rows; ++r) s.insert(s.end(), ref[r].fifo.begin(), ref[r].fifo.end());
    state.bytes = h.input_after_eval(1);  // the kernel's own state carries to the next call
    EXPECT_EQ(as_values<int16_t>(state.bytes), s) << step;
  }
}

TEST(SignalFramer, FramesWithAndWithoutPrefill) {
  for (int prefill : {0, 1}) {
    const int f = 400, s = 160, len = 320;
    TestTensor in = plain(DataType::kInt16, {len}, random_i16(len, 110));
    const int cap = (f + s - 1) / s * s;
    TestTensor buf = zero_state(DataType::kInt16, cap), cnt = zero_state(DataType::kInt32, 1);
    TestTensor out = out_tensor(DataType::kInt16, {len / s, f});
    TestTensor valid = out_tensor(DataType::kBool, {});
    KernelHarness h(code(BuiltinOp::kSignalFramer),
                    opts({{"frame_size", f}, {"frame_step", s}, {"prefill", prefill}}),
                    {&in, &buf, &cnt}, {&out, &valid});
    ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
    ASSERT_EQ(h.validate(), Status::kOk);
    signal_ref::Framer ref(f, s, prefill != 0);
    for (int step = 0; step < 4; ++step) {
      const std::vector<int16_t> x = random_i16(len, 111 + step);
      set_bytes(&in, x);
      bool want_valid = false;
      const std::vector<int16_t> want = ref.run(x, &want_valid);
      EXPECT_EQ(as_values<int16_t>(h.eval(0)), want) << prefill << " " << step;
      EXPECT_EQ(h.eval(1), std::vector<uint8_t>{static_cast<uint8_t>(want_valid)});
      buf.bytes = h.input_after_eval(1);
      cnt.bytes = h.input_after_eval(2);
      const std::vector<int16_t> b = as_values<int16_t>(buf.bytes);
      EXPECT_EQ(std::vector<int16_t>(b.begin(), b.begin() + ref.fifo.size()), ref.fifo);
      EXPECT_EQ(as_values<int32_t>(cnt.bytes),
                std::vector<int32_t>{static_cast<int32_t>(ref.fifo.size()) - (prefill ? f - s : 0)});
    }
  }
}

TEST(SignalStacker, ReplicatesTheFirstFrameAndStacks) {
  const int c = 3, left = 2, right = 1, stepn = 1, size = c * (left + right + 1);
  TestTensor in = plain(DataType::kInt16, {c}, random_i16(c, 120));
  TestTensor buf = zero_state(DataType::kInt16, size), st = zero_state(DataType::kInt32, 2);
  TestTensor out = out_tensor(DataType::kInt16, {size});
  TestTensor valid = out_tensor(DataType::kBool, {});
  KernelHarness h(code(BuiltinOp::kSignalStacker),
                  opts({{"num_channels", c}, {"stacker_left_context", left},
                        {"stacker_right_context", right}, {"stacker_step", stepn}}),
                  {&in, &buf, &st}, {&out, &valid});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  ASSERT_EQ(h.validate(), Status::kOk);
  signal_ref::Stacker ref(c, left, right, stepn);
  for (int step = 0; step < 5; ++step) {
    const std::vector<int16_t> x = random_i16(c, 121 + step);
    set_bytes(&in, x);
    bool want_valid = false;
    const std::vector<int16_t> want = ref.run(x, &want_valid);
    EXPECT_EQ(as_values<int16_t>(h.eval(0)), want) << step;
    EXPECT_EQ(h.eval(1), std::vector<uint8_t>{static_cast<uint8_t>(want_valid)}) << step;
    buf.bytes = h.input_after_eval(1);
    st.bytes = h.input_after_eval(2);
    const std::vector<int16_t> b = as_values<int16_t>(buf.bytes);
    EXPECT_EQ(std::vector<int16_t>(b.begin(), b.begin() + ref.fifo.size()), ref.fifo);
    EXPECT_EQ(as_values<int32_t>(st.bytes),
              (std::vector<int32_t>{static_cast<int32_t>(ref.fifo.size()), 1}));
  }
}

TEST(SignalOverlapAdd, AddsOverlapsWithSaturation) {
  const int frames = 2, f = 8, s = 3;
  TestTensor in = plain(DataType::kInt16, {frames, f}, random_i16(frames * f, 130));
  TestTensor state = zero_state(DataType::kInt16, f);
  TestTensor out = out_tensor(DataType::kInt16, {frames * s});
  KernelHarness h(code(BuiltinOp::kSignalOverlapAdd), opts({{"T", 7}, {"frame_step", s}}),
                  {&in, &state}, {&out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  ASSERT_EQ(h.validate(), Status::kOk);
  signal_ref::OverlapAdd ref(f, s);
  for (int step = 0; step < 4; ++step) {
    const std::vector<int16_t> x = random_i16(frames * f, 131 + step, step % 2 ? 20000 : -32768,
                                              step % 2 ? 32767 : 32767);  // saturates
    set_bytes(&in, x);
    EXPECT_EQ(as_values<int16_t>(h.eval(0)), ref.run(x)) << step;
    state.bytes = h.input_after_eval(1);
    EXPECT_EQ(as_values<int16_t>(state.bytes), ref.buffer) << step;
  }
  KernelHarness fl(code(BuiltinOp::kSignalOverlapAdd), opts({{"T", 0}, {"frame_step", s}}),
                   {&in, &state}, {&out});
  EXPECT_NE(fl.prepare().error.find("only int16"), std::string::npos);
}

}  // namespace
}  // namespace lpai_test
