// RESHAPE: output = input with another shape (TFLite RESHAPE).
// Contract: 1 or 2 inputs (the optional second is the const shape tensor, ignored at run
// time: the output record already carries the shape), 1 output, no parameter blob. Input and
// output have the same data type, element count and quantisation (zero point and scale).
// eval copies the bytes (overlap-safe) unless the planner aliased output and input (same
// address), in which case there is nothing to do.
#include "core/check.h"
#include "core/log.h"
#include "kernels/copy_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi), so
// every %u argument goes through fmt_u to match the format exactly.

Status validate(const KernelArgs& a) {
  if (a.num_inputs < 1 || a.num_inputs > 2 || a.num_outputs != 1 || a.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "RESHAPE: needs 1-2 inputs and 1 output, got %u / %u",
              fmt_u(a.num_inputs), fmt_u(a.num_outputs));
  }
  if (a.num_inputs == 2 && a.inputs[1].desc != nullptr &&
      a.inputs[1].desc->mem_class != static_cast<uint8_t>(format::MemClass::kConst)) {
    LPAI_FAIL(Status::kBinaryBadParams, "RESHAPE: shape input must be const (mem_class %u)",
              fmt_u(a.inputs[1].desc->mem_class));
  }
  if (a.params_size != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "RESHAPE: takes no parameters, got %u bytes",
              fmt_u(a.params_size));
  }
  const format::TensorRecord* in = a.inputs[0].desc;
  const format::TensorRecord* out = a.outputs[0].desc;
  if (in->data_type != out->data_type) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "RESHAPE: output data type %u refused (want %u, the input's type)",
              fmt_u(out->data_type), fmt_u(in->data_type));
  }
  if (in->size != out->size) {
    LPAI_FAIL(Status::kBinaryBadTensor, "RESHAPE: input %u elements, output %u elements",
              fmt_u(element_count(in)), fmt_u(element_count(out)));
  }
  if (in->zero_point != out->zero_point || in->scale_bits != out->scale_bits) {
    LPAI_FAIL(Status::kBinaryBadTensor, "RESHAPE: input and output quantisation differ");
  }
  return Status::kOk;
}

}  // namespace

LPAI_DEFINE_KERNEL(reshape, validate, eval_byte_copy);

}  // namespace kernels
}  // namespace lpai
