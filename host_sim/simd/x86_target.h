// Shared set-up of the x86-64 SIMD kernels (host simulation only): the intrinsics, the
// function-level target attributes of each instruction set, and the small checks every
// operator file uses. LPAI_X86_SIMD is defined where the kernels build (x86-64 with GCC or
// clang); elsewhere x86_kernels_fallback.cc answers every entry of x86_kernels.h with false.
#ifndef LPAI_HOST_SIMD_X86_TARGET_H
#define LPAI_HOST_SIMD_X86_TARGET_H

#include <cstdint>

#include "kernels/kernel_api.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// GCC 12's avx512fintrin.h builds _mm512_reduce_add_epi32 from _mm256_undefined_si256(), which
// -Wmaybe-uninitialized reports inside the header (and the _mm512_undefined_* self-initialised
// placeholders trip -Wuninitialized); the values are never read.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#define LPAI_X86_SIMD 1
#define LPAI_TARGET_AVX2 __attribute__((target("avx2")))
#if defined(LPAI_SIMD_EMULATE_AVX512)
// Test-only build (host_sim/simd/CMakeLists.txt): the AVX-512 path on AVX2 machines, its
// intrinsics emulated lane by lane.
#include "simd/avx512_emulation.h"
#define LPAI_TARGET_AVX512 LPAI_TARGET_AVX2
#else
#define LPAI_TARGET_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vnni")))
#endif
#endif

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

enum Isa { kIsaAvx2 = 0, kIsaAvx512 = 1 };

// Only the int8 variants (input, filter, output) run here; anything else stays portable.
inline bool int8_io(const kernels::KernelArgs& a) {
  const auto s8 = static_cast<uint32_t>(format::DataType::kInt8);
  return a.num_inputs >= 2 && a.num_outputs == 1 && a.inputs[0].desc != nullptr &&
         a.inputs[1].desc != nullptr && a.inputs[0].desc->data_type == s8 &&
         a.inputs[1].desc->data_type == s8 && a.outputs[0].desc->data_type == s8;
}

// A binary node's int8 data: inputs 0 and 1 (activations and weights, or the two addends) and
// output 0.
struct Int8Io {
  const int8_t* in0;
  const int8_t* in1;
  int8_t* out;
};

inline Int8Io int8_tensors(const kernels::KernelArgs& a) {
  return Int8Io{reinterpret_cast<const int8_t*>(a.inputs[0].data),
                reinterpret_cast<const int8_t*>(a.inputs[1].data),
                reinterpret_cast<int8_t*>(a.outputs[0].data)};
}

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_X86_TARGET_H
