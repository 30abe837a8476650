// Helpers shared by the prepare functions of TFLite Micro's signal-library operators
// (signal_*.cc). Their tensors are plain integers (any quantisation parameters are ignored, as
// TFLite Micro's signal kernels ignore them); options come decoded from the FlexBuffer map.
#ifndef LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H
#define LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H

#include <cstdint>
#include <string>

#include "prepare/custom_options.h"
#include "prepare/op_prepare.h"
#include "prepare/rules.h"

namespace lpai {
namespace prepare {
namespace sig {

// Exactly n_in inputs and n_out outputs, all present.
bool check_arity(const PrepOp& op, size_t n_in, size_t n_out, std::string* error);
// t has `type` and, when rank >= 0, that rank; `what` names it in the error.
bool check_tensor(const PrepTensor& t, format::DataType type, int rank, const char* what,
                  std::string* error);
// t is a constant.
bool check_const(const PrepTensor& t, const char* what, std::string* error);

}  // namespace sig
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_SIGNAL_PREP_H
