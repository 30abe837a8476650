// Helpers shared by the element-wise / activation prepare functions (see the header).
#include "prepare/ops/elementwise_prep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "prepare/ops/int8_prep_util.h"

namespace lpai {
namespace prepare {
namespace ew {

bool check_arity(const PrepOp& op, size_t n_in, size_t n_out, std::string* error) {
  if (op.inputs.size() != n_in || op.outputs.size() != n_out) {
    *error = "expected " + std::to_string(n_in) + " input(s) and " + std::to_string(n_out) +
             " output(s), got " + std::to_string(op.inputs.size()) + " and " +
             std::to_string(op.outputs.size());
    return false;
  }
  for (size_t i = 0; i < n_in; ++i) {
    if (op.inputs[i] == nullptr) {
      *error = "input " + std::to_string(i) + " is absent";
      return false;
    }
  }
  for (size_t i = 0; i < n_out; ++i) {
    if (op.outputs[i] == nullptr) {
      *error = "output " + std::to_string(i) + " is absent";
      return false;
    }
  }
  return true;
}

int32_t type_min(format::DataType t) {
  return t == format::DataType::kInt16 ? -32768 : t == format::DataType::kUint8 ? 0 : -128;
}
int32_t type_max(format::DataType t) {
  return t == format::DataType::kInt16 ? 32767 : t == format::DataType::kUint8 ? 255 : 127;
}

void quantize(double m, int32_t* multiplier, int32_t* shift) {
  int s = 0;
  quantize_multiplier(m, multiplier, &s);
  *shift = s;
}

bool quantize_smaller_than_one(double m, int32_t* multiplier, int32_t* shift, const char* what,
                               std::string* error) {
  if (!(m > 0.0 && m < 1.0)) {
    *error = std::string(what) + " multiplier " + std::to_string(m) +
             " is outside (0, 1) (scales unsupported by the TFLite kernel)";
    return false;
  }
  quantize(m, multiplier, shift);
  if (*shift > 0) {
    *error = std::string(what) + " multiplier rounds up to 1.0";
    return false;
  }
  return true;
}

int32_t input_radius(int input_integer_bits, int input_left_shift) {
  const double max_input_rescaled = 1.0 * ((1 << input_integer_bits) - 1) *
                                    static_cast<double>(int64_t{1} << (31 - input_integer_bits)) /
                                    static_cast<double>(int64_t{1} << input_left_shift);
  return static_cast<int32_t>(std::floor(max_input_rescaled));
}

bool check_unary_int(const PrepOp& op, std::string* error) {
  if (!check_arity(op, 1, 1, error)) return false;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if ((in.type != format::DataType::kInt8 && in.type != format::DataType::kInt16) ||
      out.type != in.type) {
    *error = std::string("types ") + type_name(in.type) + " -> " + type_name(out.type) +
             " unsupported (int8 or int16, equal)";
    return false;
  }
  if (in.shape != out.shape) {
    *error = "input and output shapes differ";
    return false;
  }
  return check_per_tensor(in, "input", error) && check_per_tensor(out, "output", error);
}

bool dims_u32(const PrepTensor& t, std::vector<uint32_t>* dims) {
  dims->clear();
  for (int32_t d : t.shape) {
    if (d < 0) return false;
    dims->push_back(static_cast<uint32_t>(d));
  }
  return true;
}

bool plan_broadcast(const PrepTensor& in1, const PrepTensor& in2, const PrepTensor& out,
                    uint32_t* broadcast, kernels::BroadcastShape* shape, std::string* error) {
  std::vector<uint32_t> d1, d2, dout;
  if (!dims_u32(in1, &d1) || !dims_u32(in2, &d2) || !dims_u32(out, &dout)) {
    *error = "negative dimension";
    return false;
  }
  if (d1 == dout && d2 == dout) {
    *broadcast = 0;
    return true;
  }
  uint32_t rank = 0;
  uint32_t bshape[kernels::kBroadcastRank];
  if (!kernels::compute_broadcast(d1.data(), static_cast<uint32_t>(d1.size()), d2.data(),
                                  static_cast<uint32_t>(d2.size()), shape, &rank, bshape)) {
    *error = "input shapes do not broadcast (or rank > 6)";
    return false;
  }
  if (std::vector<uint32_t>(bshape, bshape + rank) != dout) {
    *error = "output shape is not the broadcast of the input shapes";
    return false;
  }
  *broadcast = 1;
  return true;
}

host::HostResult<int32_t> constant_axis(const PrepTensor& axis, int rank) {
  if (axis.type != format::DataType::kInt32 || !axis.is_const() || axis.element_count() != 1) {
    return host::HostStatus::fail("axis must be a constant int32 scalar");
  }
  int32_t a = util::const_i32(axis, 0);
  if (a < 0) a += rank;
  if (rank < 1 || a < 0 || a >= rank) {
    return host::HostStatus::fail("axis " + std::to_string(util::const_i32(axis, 0)) + " out of range");
  }
  return a;
}

host::HostStatus check_unary_int8(const PrepOp& op) {
  std::string e;
  if (!check_unary_int(op, &e)) return host::HostStatus::fail(e);
  if (op.inputs[0]->type != format::DataType::kInt8) {
    return host::HostStatus::fail("only int8 is supported");
  }
  return host::HostStatus::success();
}

host::HostStatus check_quantized_binary(const PrepOp& op) {
  return check_binary_operands(op, {format::DataType::kInt8, format::DataType::kInt16},
                               "int8 or int16, all equal", /*per_tensor=*/true);
}

host::HostStatus check_binary_operands(const PrepOp& op, std::initializer_list<format::DataType> types,
                                       const char* types_text, bool per_tensor) {
  std::string why;
  if (!check_arity(op, 2, 1, &why)) return host::HostStatus::fail(why);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = out.type;
  if (std::find(types.begin(), types.end(), t) == types.end() || in1.type != t || in2.type != t) {
    return host::HostStatus::fail(std::string("types ") + type_name(in1.type) + ", " +
                                  type_name(in2.type) + " -> " + type_name(t) + " unsupported (" +
                                  types_text + ")");
  }
  if (per_tensor && (!check_per_tensor(in1, "input 0", &why) ||
                     !check_per_tensor(in2, "input 1", &why) ||
                     !check_per_tensor(out, "output", &why))) {
    return host::HostStatus::fail(why);
  }
  return host::HostStatus::success();
}

}  // namespace ew
}  // namespace prepare
}  // namespace lpai
