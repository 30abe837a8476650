// Every operator kernel the firmware knows, one object per op file (kernels/<op>.cc).
#ifndef LPAI_KERNELS_REGISTRY_H
#define LPAI_KERNELS_REGISTRY_H

#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {

extern const OpKernel kAddKernel;
extern const OpKernel kAveragePool2dKernel;
extern const OpKernel kConcatenationKernel;
extern const OpKernel kConv2dKernel;
extern const OpKernel kDepthwiseConv2dKernel;
extern const OpKernel kDequantizeKernel;
extern const OpKernel kFullyConnectedKernel;
extern const OpKernel kLogisticKernel;
extern const OpKernel kMaxPool2dKernel;
extern const OpKernel kMulKernel;
extern const OpKernel kReluKernel;
extern const OpKernel kRelu6Kernel;
extern const OpKernel kReshapeKernel;
extern const OpKernel kSoftmaxKernel;
extern const OpKernel kTanhKernel;
extern const OpKernel kPadKernel;
extern const OpKernel kSubKernel;
extern const OpKernel kUnidirectionalSequenceLstmKernel;
extern const OpKernel kStridedSliceKernel;
extern const OpKernel kTransposeConvKernel;
extern const OpKernel kLeakyReluKernel;
extern const OpKernel kQuantizeKernel;
extern const OpKernel kCopyKernel;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_REGISTRY_H
