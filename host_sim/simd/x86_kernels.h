// x86-64 SIMD kernels of host simulation (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, ADD,
// UNIDIRECTIONAL_SEQUENCE_LSTM; int8). Each returns
// false (nothing written) for a node it does not handle (int16x8, or a non-x86 build), and
// otherwise writes exactly the bytes the portable kernel writes: the dot products are exact
// int32 sums (the same values in another order, no overflow: kernels::gemm::kMaxAccumDepth),
// and the requantisation is TFLite's MultiplyByQuantizedMultiplier lane by lane.
// Callers must check the CPU (kernel_variant_supported) first.
#ifndef LPAI_HOST_SIMD_X86_KERNELS_H
#define LPAI_HOST_SIMD_X86_KERNELS_H

#include "kernels/kernel_api.h"

namespace lpai {
namespace host {
namespace simd {

bool conv_s8_avx2(const kernels::KernelArgs& args);
bool conv_s8_avx512vnni(const kernels::KernelArgs& args);
bool fc_s8_avx2(const kernels::KernelArgs& args);
bool fc_s8_avx512vnni(const kernels::KernelArgs& args);
// DEPTHWISE_CONV_2D int8, depth_multiplier 1 or in_c 1 (others: false, portable).
bool dw_s8_avx2(const kernels::KernelArgs& args);
bool dw_s8_avx512vnni(const kernels::KernelArgs& args);
// ADD int8 without broadcast (others: false, portable).
bool add_s8_avx2(const kernels::KernelArgs& args);
bool add_s8_avx512vnni(const kernels::KernelArgs& args);
// UNIDIRECTIONAL_SEQUENCE_LSTM with int8 activations (16x8: false, portable); both x86 variants
// run it (AVX2 instructions only).
bool lstm_s8_avx2(const kernels::KernelArgs& args);

}  // namespace simd
}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_SIMD_X86_KERNELS_H
