// Plain references of TFLite Micro's signal library (signal/src at the goldens' commit), written
// for the tests from its algorithms, statement by statement where the rounding matters (the
// kissfft fixed-point FFT with FIXED_POINT 16, the integer square roots, the log, PCAN). They
// use plain C++ with wide intermediates and explicit truncations, independent of the kernels.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_SIGNAL_REFERENCE_H
#define LPAI_TESTS_KERNELS_REFERENCE_SIGNAL_REFERENCE_H

#include <cstdint>
#include <vector>

namespace lpai_test {
namespace signal_ref {

std::vector<int16_t> window(const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                            int shift);
// Returns the scale bits; fills out.
int fft_auto_scale(const std::vector<int16_t>& in, std::vector<int16_t>* out);
// kissfft's kiss_fftr (FIXED_POINT 16) of one frame zero-padded to n; n/2 + 1 complex values
// as 2·(n/2 + 1) int16.
std::vector<int16_t> rfft(const std::vector<int16_t>& frame, int n);
// kissfft's kiss_fftri (FIXED_POINT 16): n/2 + 1 complex values (as int16 pairs) -> n samples.
std::vector<int16_t> irfft(const std::vector<int16_t>& spectrum, int n);
// out[i] for start <= i < end (others 0).
std::vector<uint32_t> energy(const std::vector<int16_t>& spectrum, int start, int end, int n);
std::vector<uint64_t> filter_bank(const std::vector<uint32_t>& in, const std::vector<int16_t>& w,
                                  const std::vector<int16_t>& uw,
                                  const std::vector<int16_t>& freq_starts,
                                  const std::vector<int16_t>& weight_starts,
                                  const std::vector<int16_t>& widths, int channels);
uint32_t sqrt64(uint64_t x);
struct SpectralSubtractionConfig {
  uint32_t smoothing, one_minus_smoothing, alternate_smoothing, alternate_one_minus_smoothing,
      min_signal_remaining, smoothing_bits, spectral_subtraction_bits;
  bool clamping;
};
// Updates noise in place; returns the output.
std::vector<uint32_t> spectral_subtraction(const SpectralSubtractionConfig& c,
                                           const std::vector<uint32_t>& in,
                                           std::vector<uint32_t>* noise);
std::vector<uint32_t> pcan(const std::vector<uint32_t>& in, const std::vector<uint32_t>& noise,
                           const std::vector<int16_t>& lut, int snr_shift);
std::vector<int16_t> filter_bank_log(const std::vector<uint32_t>& in, uint32_t correction_bits,
                                     int32_t output_scale);

// The streaming operators over TFLite Micro's CircularBuffer semantics (a FIFO of samples).
struct Delay {  // one row
  explicit Delay(int delay);
  std::vector<int16_t> run(const std::vector<int16_t>& frame);
  std::vector<int16_t> fifo;
};
struct Framer {  // one row; valid = false leaves the frame 0 here
  Framer(int frame_size, int frame_step, bool prefill);
  std::vector<int16_t> run(const std::vector<int16_t>& in, bool* valid);
  int frame_size, frame_step;
  std::vector<int16_t> fifo;
};
struct Stacker {
  Stacker(int channels, int left, int right, int step);
  std::vector<int16_t> run(const std::vector<int16_t>& in, bool* valid);
  int channels, left, right, step;
  bool has_first = false;
  std::vector<int16_t> fifo;
};
struct OverlapAdd {  // one row
  OverlapAdd(int frame_size, int frame_step);
  std::vector<int16_t> run(const std::vector<int16_t>& frames);
  int frame_size, frame_step;
  std::vector<int16_t> buffer;
};

}  // namespace signal_ref
}  // namespace lpai_test

#endif  // LPAI_TESTS_KERNELS_REFERENCE_SIGNAL_REFERENCE_H
