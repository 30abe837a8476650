// The entries of x86_kernels.h where the x86 SIMD kernels do not build (not x86-64, or
// neither GCC nor clang): every node stays with the portable kernels.
#include "simd/x86_kernels.h"
#include "simd/x86_target.h"

#if !defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

bool conv_s8_avx2(const kernels::KernelArgs&) { return false; }
bool conv_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool fc_s8_avx2(const kernels::KernelArgs&) { return false; }
bool fc_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool dw_s8_avx2(const kernels::KernelArgs&) { return false; }
bool dw_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool add_s8_avx2(const kernels::KernelArgs&) { return false; }
bool add_s8_avx512vnni(const kernels::KernelArgs&) { return false; }
bool lstm_s8_avx2(const kernels::KernelArgs&) { return false; }

}  // namespace lpai::host::simd
#endif  // !LPAI_X86_SIMD
