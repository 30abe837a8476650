// Helpers shared by the prepare functions of TFLite Micro's signal-library operators
// (signal_*.cc). Their tensors are plain integers (any quantisation parameters are ignored, as
// TFLite Micro's signal kernels ignore them); options come decoded from the FlexBuffer map.
#ifndef LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H
#define LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H

#include <cstdint>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "prepare/custom_options.h"
#include "prepare/op_prepare.h"
#include "prepare/rules.h"

namespace lpai {
namespace prepare {
namespace sig {

// Exactly n_in inputs and n_out outputs, all present.
bool check_arity(const PrepOp& op, size_t n_in, size_t n_out, std::string* error);
// t has `type` and, when rank >= 0, that rank; `what` names it in the error.
bool check_tensor(const PrepTensor& t, format::DataType type, int rank, const char* what,
                  std::string* error);
// t is a constant.
bool check_const(const PrepTensor& t, const char* what, std::string* error);
// kissfft's kf_factor of n: (radix p, remaining m) pairs, 4s first, then 2, then odd primes.
std::vector<int32_t> kiss_factor(int32_t n);
// kissfft's fixed-point kf_cexp: (floor(0.5 + 32767 cos φ), floor(0.5 + 32767 sin φ)) as two
// int16 appended to `blob`.
void append_twiddle(std::vector<uint8_t>* blob, double phase);


// The shared opening of SignalRfft and SignalIrfft: one input and one output, int16 of equal
// rank, options T (only 7, int16) and fft_length in [4, 65536] into *n. `fft` names the
// transform in the refusal of another T ("FFT", "inverse FFT"), `others` the float and int32
// variants ("FFTs", "ones").
host::HostStatus check_fft_operands(const PrepOp& op, const char* fft, const char* others,
                                    int64_t* n);
// kiss_factor(n / 2), refused when a radix is above 5 (kissfft's generic butterfly, which
// TFLite Micro cannot run).
host::HostResult<std::vector<int32_t>> fft_stages(int64_t n);
// The twiddles of kiss_fftr_alloc for an n-point real FFT (half = n / 2): the half complex
// ones, then the half / 2 "super" twiddles; `inverse` flips every phase's sign.
void append_fft_twiddles(std::vector<uint8_t>* blob, int32_t half, bool inverse);

}  // namespace sig
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H
