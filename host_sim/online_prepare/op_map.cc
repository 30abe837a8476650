// QNN op type/params -> TFLite builtin + OpOptions. See op_map.h.
#include "online_prepare/op_map.h"

#include <cstdio>
#include <cstring>
#include <set>

namespace lpai {
namespace online {
namespace {

struct OpEntry {
  const char* type_name;
  int builtin;
  uint32_t min_inputs, max_inputs;
};

constexpr int code(format::BuiltinOp op) { return static_cast<int>(op); }

const OpEntry kOps[] = {
    {QNN_OP_ELEMENT_WISE_ADD, code(format::BuiltinOp::kAdd), 2, 2},
    {QNN_OP_ELEMENT_WISE_SUBTRACT, code(format::BuiltinOp::kSub), 2, 2},
    {QNN_OP_ELEMENT_WISE_MULTIPLY, code(format::BuiltinOp::kMul), 2, 2},
    {QNN_OP_RESHAPE, kReshapeBuiltin, 1, 1},
    {QNN_OP_FULLY_CONNECTED, code(format::BuiltinOp::kFullyConnected), 2, 3},
    {QNN_OP_SOFTMAX, code(format::BuiltinOp::kSoftmax), 1, 1},
    {QNN_OP_RELU, code(format::BuiltinOp::kRelu), 1, 1},
    {QNN_OP_SIGMOID, code(format::BuiltinOp::kLogistic), 1, 1},
    {QNN_OP_TANH, code(format::BuiltinOp::kTanh), 1, 1},
};

std::string param_label(const Qnn_Param_t& p) {
  return std::string("param '") + (p.name != nullptr ? p.name : "(null)") + "'";
}

// The scalar of `p` when it is a scalar of `type`; else sets *error.
bool scalar_of(const Qnn_Param_t& p, Qnn_DataType_t type, const char* type_label,
               const Qnn_Scalar_t** out, std::string* error) {
  if (p.paramType != QNN_PARAMTYPE_SCALAR) {
    *error = param_label(p) + " must be a scalar";
    return false;
  }
  if (p.scalarParam.dataType != type) {
    char got[16];
    std::snprintf(got, sizeof(got), "0x%x", static_cast<unsigned>(p.scalarParam.dataType));
    *error = param_label(p) + " must be a " + type_label + " scalar (dataType " + got + ")";
    return false;
  }
  *out = &p.scalarParam;
  return true;
}

}  // namespace

Status map_op(const char* type_name, const Qnn_Param_t* params, uint32_t num_params,
              size_t input_rank, MappedOp* out, std::string* error) {
  if (type_name == nullptr) {
    *error = "typeName is null";
    return Status::kGraphInvalidArgument;
  }
  const OpEntry* entry = nullptr;
  for (const OpEntry& e : kOps) {
    if (std::strcmp(e.type_name, type_name) == 0) entry = &e;
  }
  if (entry == nullptr) {
    *error = std::string("op type '") + type_name + "' is not supported by lpai-rt online prepare";
    return Status::kNotSupported;
  }
  if (num_params > 0 && params == nullptr) {
    *error = std::to_string(num_params) + " params announced but the params array is null";
    return Status::kGraphInvalidArgument;
  }
  MappedOp m;
  m.builtin = entry->builtin;
  m.min_inputs = entry->min_inputs;
  m.max_inputs = entry->max_inputs;
  std::set<std::string> seen;
  for (uint32_t i = 0; i < num_params; ++i) {
    const Qnn_Param_t& p = params[i];
    if (p.name == nullptr) {
      *error = "param " + std::to_string(i) + " has no name";
      return Status::kGraphInvalidArgument;
    }
    if (!seen.insert(p.name).second) {
      *error = param_label(p) + " is given twice";
      return Status::kGraphInvalidArgument;
    }
    const Qnn_Scalar_t* s = nullptr;
    if (m.builtin == code(format::BuiltinOp::kFullyConnected) && std::strcmp(p.name, QNN_OP_FULLY_CONNECTED_PARAM_KEEP_DIMS) == 0) {
      if (!scalar_of(p, QNN_DATATYPE_BOOL_8, "BOOL_8", &s, error))
        return Status::kGraphInvalidArgument;
      m.options.keep_num_dims = s->bool8Value != 0;
    } else if (m.builtin == code(format::BuiltinOp::kSoftmax) && std::strcmp(p.name, QNN_OP_SOFTMAX_PARAM_BETA) == 0) {
      if (!scalar_of(p, QNN_DATATYPE_FLOAT_32, "FLOAT_32", &s, error))
        return Status::kGraphInvalidArgument;
      m.options.beta = s->floatValue;
    } else if (m.builtin == code(format::BuiltinOp::kSoftmax) && std::strcmp(p.name, QNN_OP_SOFTMAX_PARAM_AXIS) == 0) {
      if (!scalar_of(p, QNN_DATATYPE_UINT_32, "UINT_32", &s, error))
        return Status::kGraphInvalidArgument;
      if (input_rank == 0 || s->uint32Value != input_rank - 1) {
        *error = param_label(p) + " = " + std::to_string(s->uint32Value) +
                 ": only the last axis (" +
                 std::to_string(input_rank == 0 ? 0 : input_rank - 1) + ") is supported";
        return Status::kNotSupported;
      }
    } else {
      *error = param_label(p) + " is not a parameter of " + type_name;
      return Status::kGraphInvalidArgument;
    }
  }
  *out = m;
  return Status::kOk;
}

}  // namespace online
}  // namespace lpai
