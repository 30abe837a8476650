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

// TFLite Micro's Sqrt32: bit-by-bit integer square root, rounded up when the remainder exceeds
// the root (unless the root is 0xFFFF).
uint16_t sqrt32(uint32_t num) {
  if (num == 0) return 0;
  uint32_t res = 0;
  const int32_t top = static_cast<int32_t>((32 - signal::msb32(num)) | 1u);
  uint32_t bit = 1u << (31 - top);
  for (int32_t it = (31 - top) / 2 + 1; it > 0; --it) {
    if (num >= res + bit) {
      num -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != 0xFFFFu) ++res;
  return static_cast<uint16_t>(res);
}

// TFLite Micro's Sqrt64: Sqrt32 when the upper word is clear (its documented shortcut), else
// the same iteration in 64 bits; the result truncated to 32 bits.
uint32_t sqrt64(uint64_t num) {
  if ((num >> 32) == 0) return sqrt32(static_cast<uint32_t>(num));
  uint64_t res = 0;
  const int32_t top = static_cast<int32_t>((64 - signal::msb64(num)) | 1u);
  uint64_t bit = static_cast<uint64_t>(1) << (63 - top);
  for (int32_t it = (63 - top) / 2 + 1; it > 0; --it) {
    if (num >= res + bit) {
      num -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != 0xFFFFFFFFull) ++res;
  return static_cast<uint32_t>(res);
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
