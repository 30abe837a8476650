// Parameter blobs of TFLite Micro's signal-library operators (CUSTOM ops, see the operator
// table). Every kernel is integer-only and reproduces TFLite Micro's signal/src arithmetic bit
// for bit, including its wrap-arounds (unsigned arithmetic where TFLite Micro's C would
// overflow). Tables TFLite Micro computes at Init (FFT twiddles, the log LUT) are computed by
// prepare (host_sim/prepare/ops/signal_*.cc) and carried in the blob.
#ifndef LPAI_KERNELS_SIGNAL_SIGNAL_PARAMS_H
#define LPAI_KERNELS_SIGNAL_SIGNAL_PARAMS_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// SignalWindow: input int16 [..., W·k], weights int16 [W] (constant), output int16 like the
// input. out[i] = sat16((in[i] * w[i mod W]) >> shift), shift in [0, 31].
struct SignalWindowParams {
  int32_t shift;
};
static_assert(sizeof(SignalWindowParams) == 4, "SignalWindowParams layout");

// SignalFftAutoScale: no blob. Input int16 [N], outputs int16 [N] and int32 [] scale bits s:
// m = TFLite Micro's MaxAbs16 of the input (its quirks kept: a -32768 makes m = -32768 until a
// later element replaces it), s = max(0, 15 - msb32((uint32)m)) with msb32(0) = 32,
// out[i] = (int16)(in[i] * 2^s).

// SignalRfft (int16): kissfft's fixed-point real FFT (FIXED_POINT 16) of length N = fft_length.
// Input int16 [..., L] (L <= N; each frame zero-padded to N), output int16 [..., 2·S] with
// S >= N/2 + 1 complex values per frame, of which the first N/2 + 1 are written. The N/2-point
// complex FFT runs its radix stages (p, m) in kissfft's factor order (4s first, then 2, 3, 5);
// the blob is followed by the twiddles int16[2·(N/2)] (re, im; round(32767·cos/sin(-2πi/(N/2))))
// and the real-FFT super twiddles int16[2·(N/4)] (phase -π·((i+1)/(N/2) + 1/2)).
// Kernel scratch: N int16 (the padded frame) + N/2 complex int16 (the complex FFT's output).
constexpr uint32_t kRfftMaxStages = 16;
struct SignalRfftParams {
  int32_t fft_length;     // N, even, N/2 factors into 2, 3, 4, 5
  int32_t input_length;   // L
  int32_t frames;         // input elements / L
  int32_t output_stride;  // S
  int32_t num_stages;
  int32_t stages[2 * kRfftMaxStages];  // (p, m) per stage; p·m = the previous stage's m
};
static_assert(sizeof(SignalRfftParams) == 148, "SignalRfftParams layout");

// SignalEnergy: input int16 [2·S] (complex), output uint32 [S]. For start <= i < end:
// out[i] = re² + im² (wrapping uint32); other outputs are written 0 (TFLite Micro leaves them
// untouched, so their value is undefined there).
struct SignalEnergyParams {
  int32_t start_index;
  int32_t end_index;
};
static_assert(sizeof(SignalEnergyParams) == 8, "SignalEnergyParams layout");

// SignalFilterBank: input uint32 [F]; constants int16 weights [K], unweights [K],
// channel_frequency_starts, channel_weight_starts, channel_widths [C + 1]; output uint64 [C].
// Channel 0 of TFLite Micro's accumulation is scratch: channel c's sum is the weighted sum of
// its band plus the unweighted sum of band c - 1 (uint64, int16 weights sign-extended, wrap).
// Every index is checked against the tensors at load.
struct SignalFilterBankParams {
  int32_t num_channels;  // C
};
static_assert(sizeof(SignalFilterBankParams) == 4, "SignalFilterBankParams layout");

// SignalFilterBankSquareRoot: no blob. Inputs uint64 [C], int32 [] scale bits s; output
// uint32 [C] = Sqrt64(in) >> s (TFLite Micro's rounding integer square root, with its 32-bit
// shortcut). A shift outside [0, 31] yields 0 (undefined in TFLite Micro).

// SignalFilterBankSpectralSubtraction: input uint32 [C], state uint32 [C] (a variable tensor
// added by prepare: TFLite Micro's noise estimate, zero at start and on reset); outputs uint32
// [C] (the signal) and uint32 [C] (a copy of the updated noise estimate).
struct SignalSpectralSubtractionParams {
  int32_t num_channels;
  uint32_t smoothing;
  uint32_t one_minus_smoothing;
  uint32_t alternate_smoothing;            // odd channels
  uint32_t alternate_one_minus_smoothing;  // odd channels
  uint32_t min_signal_remaining;
  uint32_t smoothing_bits;                 // [0, 31]
  uint32_t spectral_subtraction_bits;      // [0, 63]
  uint32_t clamping;                       // 0 / 1
};
static_assert(sizeof(SignalSpectralSubtractionParams) == 36, "layout");

// SignalPCAN: inputs uint32 [C] (signal), uint32 [C] (noise estimate), int16 gain LUT [>= 125]
// (constant); output uint32 [C]: PcanShrink((signal · WideDynamicFunction(noise)) >> snr_shift).
struct SignalPcanParams {
  int32_t snr_shift;  // [0, 63]
};
static_assert(sizeof(SignalPcanParams) == 4, "SignalPcanParams layout");
constexpr uint32_t kPcanLutMin = 125;  // entries 4·32 - 6 + 2 at most are read

// SignalFilterBankLog: input uint32 [C], output int16 [C]: x = in << correction_bits (wrap);
// out = x > 1 ? min(Log32(x, output_scale), 32767) : 0. The blob is followed by the log2
// correction LUT uint16[kLogLutSize] (round(65536·(log2(1 + i/128) - i/128)), i = 0..128).
constexpr uint32_t kLogLutSize = 129;
struct SignalFilterBankLogParams {
  uint32_t input_correction_bits;  // [0, 31]
  uint32_t output_scale;
};
static_assert(sizeof(SignalFilterBankLogParams) == 8, "SignalFilterBankLogParams layout");

// SignalIrfft (int16): kissfft's fixed-point inverse real FFT (kiss_fftri) of length N. Input
// int16 [..., 2·S] (S >= N/2 + 1 complex values per frame, the first N/2 + 1 read), output
// int16 [..., T] with T >= N (N samples written per frame). Stages as SignalRfft; the blob is
// followed by the inverse twiddles int16[2·(N/2)] (phase +2πi/(N/2)) and the inverse super
// twiddles int16[2·(N/4)] (phase +π·((i+1)/(N/2) + 1/2)). Kernel scratch: 2 · N/2 complex int16.
// Output samples past N in a frame are written 0 (TFLite Micro leaves them untouched).
struct SignalIrfftParams {
  int32_t fft_length;     // N
  int32_t input_stride;   // S
  int32_t frames;
  int32_t output_stride;  // T
  int32_t num_stages;
  int32_t stages[2 * kRfftMaxStages];
};
static_assert(sizeof(SignalIrfftParams) == 148, "SignalIrfftParams layout");

// The streaming operators keep TFLite Micro's circular buffers as linear buffers in variable
// tensors the importer adds (op_state_tensors), all-zero at start and after resetPersistent,
// which is the state TFLite Micro's Init/Reset leave. Outputs TFLite Micro leaves untouched
// (frames not yet valid) are written 0.

// SignalDelay: input int16 [..., F], output the same shape; state int16 [rows · D] (the last
// D samples of each row). Per row: (state ++ in) -> out = its first F, state = its last D.
struct SignalDelayParams {
  int32_t frame_size;    // F
  int32_t delay_length;  // D
  int32_t rows;          // input elements / F
};
static_assert(sizeof(SignalDelayParams) == 12, "SignalDelayParams layout");

// SignalFramer: input int16 [..., n·S], outputs int16 [..., n, F] and bool [] (valid); states
// int16 [rows · cap] (cap = ceil(F/S)·S, the buffered samples, oldest first) and int32 [rows]
// (buffered count minus the prefill F - S when prefill, else minus 0). Per frame: append S
// samples; when F are buffered, the frame is the first F and S are dropped, else valid = false.
struct SignalFramerParams {
  int32_t frame_size;  // F
  int32_t frame_step;  // S
  int32_t prefill;     // 0 / 1
  int32_t rows;
  int32_t frames;      // n per row
  int32_t capacity;    // cap
};
static_assert(sizeof(SignalFramerParams) == 24, "SignalFramerParams layout");

// SignalStacker: input int16 [C], outputs int16 [C·(L + R + 1)] and bool [] (valid); states
// int16 [C·(L + R + 1)] (buffered samples, oldest first) and int32 [2] (buffered count, first
// frame seen). Appends the input; on the first frame replicates it L more times; when the
// buffer is full outputs it and drops C·step samples.
struct SignalStackerParams {
  int32_t num_channels;   // C
  int32_t left_context;   // L
  int32_t right_context;  // R
  int32_t step;           // >= 1
};
static_assert(sizeof(SignalStackerParams) == 16, "SignalStackerParams layout");

// SignalOverlapAdd (int16): input int16 [..., n, F], output int16 [..., n·S]; state int16
// [rows · F]. Per frame: state = sat16(state + frame); out = state[0, S); state shifts left by S
// with zeros in.
struct SignalOverlapAddParams {
  int32_t frame_size;  // F
  int32_t frame_step;  // S <= F
  int32_t rows;
  int32_t frames;      // n
};
static_assert(sizeof(SignalOverlapAddParams) == 16, "SignalOverlapAddParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_SIGNAL_SIGNAL_PARAMS_H
