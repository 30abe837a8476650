// Online prepare: QNN op types and params -> TFLite builtin codes and OpOptions, the input of
// the op prepare functions (host_sim/prepare/op_prepare.h). Host only.
#ifndef LPAI_HOST_ONLINE_PREPARE_OP_MAP_H
#define LPAI_HOST_ONLINE_PREPARE_OP_MAP_H

#include <cstddef>
#include <string>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "lpai/qnn_compat.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace online {

struct MappedOp {
  int builtin = -1;  // TFLite builtin code
  prepare::OpOptions options;
  uint32_t min_inputs = 0, max_inputs = 0;  // inputTensors count accepted
};

// TFLite builtin code of RESHAPE (aliased or copied like the importer does).
constexpr int kReshapeBuiltin = static_cast<int>(format::BuiltinOp::kReshape);

// Maps `type_name` with its params. `input_rank` is the rank of inputTensors[0] (Softmax's axis
// must be the last one). On failure returns the Status to report and sets *error to the reason
// (without the node prefix): kNotSupported for an unknown op type or unsupported parameter
// value, kGraphInvalidArgument for an unknown parameter name, a parameter of the wrong kind or
// data type, or a parameter given twice.
Status map_op(const char* type_name, const Qnn_Param_t* params, uint32_t num_params,
              size_t input_rank, MappedOp* out, std::string* error);

}  // namespace online
}  // namespace lpai

#endif  // LPAI_HOST_ONLINE_PREPARE_OP_MAP_H
