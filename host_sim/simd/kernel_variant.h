// Kernel variants of host simulation: the portable firmware kernels, or x86-64 SIMD kernels
// (AVX2; AVX-512 with VNNI) for the int8 CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, ADD and
// LSTM (simd/x86_kernels.h), bit-identical to the portable ones (integer arithmetic, same
// requantisation). Chosen at run time: the best one the CPU supports, unless
// LPAI_KERNEL_VARIANT=portable|avx2|avx512vnni (read once, when the first session opens) or
// set_kernel_variant() picks another. host::Session installs the hook.
#ifndef LPAI_HOST_SIMD_KERNEL_VARIANT_H
#define LPAI_HOST_SIMD_KERNEL_VARIANT_H

namespace lpai {
namespace host {

enum class KernelVariant { kPortable = 0, kAvx2 = 1, kAvx512Vnni = 2 };

bool kernel_variant_supported(KernelVariant v);
// The best variant this CPU supports.
KernelVariant best_kernel_variant();
// Selects `v`; false (nothing changed) when the CPU does not support it.
bool set_kernel_variant(KernelVariant v);
KernelVariant kernel_variant();
const char* kernel_variant_name(KernelVariant v);  // "portable", "avx2", "avx512vnni"
const char* kernel_variant_name();                 // of the active variant
bool parse_kernel_variant(const char* name, KernelVariant* v);

// Installs the executor hook (idempotent). The first call applies LPAI_KERNEL_VARIANT when set
// (an unknown or unsupported name logs a warning and keeps the default).
void install_kernel_variant();

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_SIMD_KERNEL_VARIANT_H
