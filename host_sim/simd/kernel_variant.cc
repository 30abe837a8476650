// Run-time choice of the host kernel variant and the executor hook that dispatches to it.
#include "simd/kernel_variant.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "format/context_binary_format.h"
#include "graph/executor.h"
#include "simd/x86_kernels.h"

namespace lpai {
namespace host {
namespace {

std::atomic<int> g_variant{-1};  // -1: not chosen yet

bool cpu_has(KernelVariant v) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  switch (v) {
    case KernelVariant::kPortable:
      return true;
    case KernelVariant::kAvx2:
      return __builtin_cpu_supports("avx2") != 0;
    case KernelVariant::kAvx512Vnni:
#if defined(LPAI_SIMD_EMULATE_AVX512)
      return __builtin_cpu_supports("avx2") != 0;  // test-only build: AVX-512 emulated on AVX2
#endif
      return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0 &&
             __builtin_cpu_supports("avx512vl") != 0 && __builtin_cpu_supports("avx512vnni") != 0;
  }
  return false;
#else
  return v == KernelVariant::kPortable;
#endif
}

bool hook(uint16_t op, const kernels::KernelArgs& args) {
  const int v = g_variant.load(std::memory_order_relaxed);
  if (v <= 0) return false;
  const bool wide = v == static_cast<int>(KernelVariant::kAvx512Vnni);
  switch (static_cast<format::BuiltinOp>(op)) {
    case format::BuiltinOp::kConv2d:
      return wide ? simd::conv_s8_avx512vnni(args) : simd::conv_s8_avx2(args);
    case format::BuiltinOp::kAdd:
      return wide ? simd::add_s8_avx512vnni(args) : simd::add_s8_avx2(args);
    case format::BuiltinOp::kDepthwiseConv2d:
      return wide ? simd::dw_s8_avx512vnni(args) : simd::dw_s8_avx2(args);
    case format::BuiltinOp::kFullyConnected:
      return wide ? simd::fc_s8_avx512vnni(args) : simd::fc_s8_avx2(args);
    case format::BuiltinOp::kUnidirectionalSequenceLstm:
      return simd::lstm_s8_avx2(args);
    default:
      return false;
  }
}

}  // namespace

bool kernel_variant_supported(KernelVariant v) { return cpu_has(v); }

KernelVariant best_kernel_variant() {
  if (cpu_has(KernelVariant::kAvx512Vnni)) return KernelVariant::kAvx512Vnni;
  if (cpu_has(KernelVariant::kAvx2)) return KernelVariant::kAvx2;
  return KernelVariant::kPortable;
}

bool set_kernel_variant(KernelVariant v) {
  if (!cpu_has(v)) return false;
  g_variant.store(static_cast<int>(v));
  return true;
}

KernelVariant kernel_variant() {
  const int v = g_variant.load();
  return v < 0 ? best_kernel_variant() : static_cast<KernelVariant>(v);
}

const char* kernel_variant_name(KernelVariant v) {
  switch (v) {
    case KernelVariant::kPortable: return "portable";
    case KernelVariant::kAvx2: return "avx2";
    case KernelVariant::kAvx512Vnni: return "avx512vnni";
  }
  return "?";
}

const char* kernel_variant_name() { return kernel_variant_name(kernel_variant()); }

bool parse_kernel_variant(const char* name, KernelVariant* v) {
  for (KernelVariant k : {KernelVariant::kPortable, KernelVariant::kAvx2, KernelVariant::kAvx512Vnni}) {
    if (std::strcmp(name, kernel_variant_name(k)) == 0) {
      *v = k;
      return true;
    }
  }
  return false;
}

void install_kernel_variant() {
  static std::once_flag once;
  std::call_once(once, [] {
    KernelVariant v = best_kernel_variant();
    if (const char* env = std::getenv("LPAI_KERNEL_VARIANT")) {
      KernelVariant want;
      if (!parse_kernel_variant(env, &want)) {
        std::fprintf(stderr, "lpai: LPAI_KERNEL_VARIANT=%s unknown (portable, avx2, avx512vnni); using %s\n",
                     env, kernel_variant_name(v));
      } else if (!cpu_has(want)) {
        std::fprintf(stderr, "lpai: LPAI_KERNEL_VARIANT=%s not supported by this CPU; using %s\n", env,
                     kernel_variant_name(v));
      } else {
        v = want;
      }
    }
    int expected = -1;
    g_variant.compare_exchange_strong(expected, static_cast<int>(v));  // keep an explicit set
    exec::set_kernel_hook(&hook);
  });
}

}  // namespace host
}  // namespace lpai
