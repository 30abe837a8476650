// SignalFilterBankSquareRoot kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_filter_bank_square_root::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 2, 1, 0));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kUint64));
  LPAI_RETURN_IF_ERROR(
      signal::check_type(args.inputs[1].desc, kName, "scale bits", DataType::kInt32));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kUint32));
  if (element_count(args.inputs[1].desc) != 1 ||
      element_count(args.outputs[0].desc) != element_count(args.inputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: tensor sizes", kName);
  }
  return Status::kOk;
}

// TFLite Micro's square-root iteration over U (uint32_t or uint64_t), num != 0 and msb its
// signal::msb32 / msb64: bit-by-bit integer square root, rounded up when the remainder exceeds
// the root (unless the root is the largest half-width value).
template <typename U>
U sqrt_bits(U num, uint32_t msb) {
  constexpr uint32_t kBits = sizeof(U) * 8;
  constexpr U kHalfMax = (static_cast<U>(1) << (kBits / 2)) - 1;
  U res = 0;
  const int32_t top = static_cast<int32_t>((kBits - msb) | 1u);
  U bit = static_cast<U>(1) << (kBits - 1 - top);
  for (int32_t it = (static_cast<int32_t>(kBits) - 1 - top) / 2 + 1; it > 0; --it) {
    if (num >= res + bit) {
      num -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != kHalfMax) ++res;
  return res;
}

// TFLite Micro's Sqrt32.
uint16_t sqrt32(uint32_t num) {
  if (num == 0) return 0;
  return static_cast<uint16_t>(sqrt_bits<uint32_t>(num, signal::msb32(num)));
}

// TFLite Micro's Sqrt64: Sqrt32 when the upper word is clear (its documented shortcut), else
// the same iteration in 64 bits; the result truncated to 32 bits.
uint32_t sqrt64(uint64_t num) {
  if ((num >> 32) == 0) return sqrt32(static_cast<uint32_t>(num));
  return static_cast<uint32_t>(sqrt_bits<uint64_t>(num, signal::msb64(num)));
}

void eval(const KernelArgs& args) {
  const uint64_t* in = signal::in_data<uint64_t>(args, 0);
  const int32_t shift = *signal::in_data<int32_t>(args, 1);
  uint32_t* out = signal::out_data<uint32_t>(args, 0);
  const uint32_t n = element_count(args.inputs[0].desc);
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = shift >= 0 && shift < 32 ? sqrt64(in[i]) >> shift : 0;
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_filter_bank_square_root, validate, eval);

}  // namespace kernels
}  // namespace lpai
