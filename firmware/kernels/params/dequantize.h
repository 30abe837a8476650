// DEQUANTIZE: TFLite's DEQUANTIZE always produces float32 (TFLite Micro accepts no other
// output type), and the firmware has no floating point at run time, so the op is not supported:
// prepare rejects it with a reason and a node with this op is refused at load
// (Status::kNotSupported). Integer requantisation is QUANTIZE (kernels/params/quantize.h).
#ifndef LPAI_KERNELS_PARAMS_DEQUANTIZE_H
#define LPAI_KERNELS_PARAMS_DEQUANTIZE_H

namespace lpai {
namespace kernels {

// No parameter blob: there is no supported configuration.

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_DEQUANTIZE_H
