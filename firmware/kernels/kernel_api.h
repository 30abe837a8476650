// Kernel interface: how the executor calls an operator, and how the loader asks the operator
// to vet a node once at load.
//
// Each operator lives in kernels/params/<op>.h and kernels/<op>.cc:
//   - params/<op>.h holds the op's contract: its parameter struct (the node's parameter blob,
//     written offline by host_sim/prepare/ops/<op>.cc, POD, little-endian, 4-byte aligned
//     fields), flags, limits, size and scratch functions, trailing-array layout. Layering:
//     params/ <- (host_sim/prepare, kernels, kernels/hvx, host_sim/simd); nothing in params/
//     includes anything above it (kernels/params/README.md);
//   - <op>.cc defines the two functions below (a kernels/<op>.h remains only where the kernel
//     declares something of its own);
//   - validate: called once per node at load with data pointers null except for constant
//     tensors (resolved in the binary, read only); checks the parameter
//     blob size/contents and the tensor types and shapes the kernel will rely on. Every value
//     eval reads from the blob (tables, multipliers, shifts, biases, sizes) is range-checked
//     against what prepare produces, so that eval has no undefined behaviour for any accepted
//     blob; products and sums of blob fields are formed with core/checked_math.h (64 bits,
//     overflow explicit), never wrapped. Returns Status::kBinaryBadParams (or another kBinary*
//     code) on any inconsistency.
//   - eval: runs the node. Never fails and never checks: validate already did.
#ifndef LPAI_KERNELS_KERNEL_API_H
#define LPAI_KERNELS_KERNEL_API_H

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "format/binary_view.h"
#include "format/context_binary_format.h"
#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

static_assert(kParamsMaxRank == format::kMaxRank, "parameter blobs describe up to the format's rank");

constexpr uint32_t kMaxNodeInputs = 24;  // UNIDIRECTIONAL_SEQUENCE_LSTM has 24
constexpr uint32_t kMaxNodeOutputs = 16;  // SPLIT / SPLIT_V / UNPACK: one per part

struct TensorRef {
  uint8_t* data;                      // resolved address; nullptr for an absent input
  const format::TensorRecord* desc;   // nullptr for an absent optional input
};

struct KernelArgs {
  const uint8_t* params;  // the node's parameter blob (4-byte aligned)
  uint32_t params_size;
  const TensorRef* inputs;
  uint32_t num_inputs;
  const TensorRef* outputs;
  uint32_t num_outputs;
  uint8_t* temp;          // kernel scratch from the plan (nullptr when none)
  uint32_t temp_size;
};

using ValidateFn = Status (*)(const KernelArgs& args);  // only constants' data is set here
using EvalFn = void (*)(const KernelArgs& args);

struct OpKernel {
  format::BuiltinOp op;
  const char* name;  // "CONV_2D"
  ValidateFn validate;
  EvalFn eval;
};

// The kernel for `op`, or nullptr when the op is unknown to this firmware.
const OpKernel* find_kernel(uint16_t op);

// Runs every node's validator (after format::validate_binary succeeded). Logs one line naming
// the node index and op on failure.
Status validate_nodes(const format::BinaryView& view);

// Fills args for node `n` of `view`: constants' data resolved, other data pointers null (for
// validators and tools).
void describe_node(const format::BinaryView& view, const format::NodeRecord& n,
                   TensorRef* inputs, TensorRef* outputs, KernelArgs* args);

// Element count of `t` (size / element size).
inline uint32_t element_count(const format::TensorRecord* t) {
  return t->size / format::data_type_size(static_cast<format::DataType>(t->data_type));
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_KERNEL_API_H
