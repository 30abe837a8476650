// Prepare rules shared by the importer, online prepare and the per-op prepare functions.
#include "prepare/rules.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace lpai {
namespace prepare {
namespace rules {
namespace {

// Zero-point range of a quantised tensor of `type` (wider integer types: 0 only).
void zero_point_range(format::DataType type, int64_t* lo, int64_t* hi) {
  switch (type) {
    case format::DataType::kInt8: *lo = -128; *hi = 127; return;
    case format::DataType::kInt16: *lo = -32768; *hi = 32767; return;
    case format::DataType::kUint8: *lo = 0; *hi = 255; return;
    default: *lo = 0; *hi = 0; return;
  }
}

// Value range of a kernel operand of `type`: int16, uint8, else int8 (TFLite's operand types).
bool in_operand_range(format::DataType type, int64_t v) {
  if (type == format::DataType::kInt16) return v >= -32768 && v <= 32767;
  if (type == format::DataType::kUint8) return v >= 0 && v <= 255;
  return v >= -128 && v <= 127;
}

// TFLite's Quantize() inside CalculateActivationRangeQuantizedImpl: float division and
// rounding, then the zero point added in int32. False when the rounded value is not an int32.
bool quantize_value(float scale, int32_t zero_point, float f, int32_t* q) {
  const float tmp = std::round(f / scale);
  if (!(tmp >= static_cast<float>(std::numeric_limits<int32_t>::min()) &&
        tmp <= static_cast<float>(std::numeric_limits<int32_t>::max()))) {
    return false;
  }
  *q = zero_point + static_cast<int32_t>(tmp);
  return true;
}

}  // namespace

const char* type_name(format::DataType t) {
  switch (t) {
    case format::DataType::kInt8: return "int8";
    case format::DataType::kUint8: return "uint8";
    case format::DataType::kInt16: return "int16";
    case format::DataType::kInt32: return "int32";
    case format::DataType::kInt64: return "int64";
    case format::DataType::kFloat32: return "float32";
    case format::DataType::kBool: return "bool";
    case format::DataType::kUint32: return "uint32";
    case format::DataType::kUint64: return "uint64";
    default: return "invalid";
  }
}

bool is_per_channel_activation(const PrepTensor& t, TensorRole role) {
  return t.scales.size() > 1 && role != TensorRole::kConst;
}

bool check_quant(const PrepTensor& t, TensorRole role, std::string* error) {
  const size_t ns = t.scales.size();
  if (ns == 0) {
    if (role == TensorRole::kVariable) {
      *error = "is not quantised (no scale)";
      return false;
    }
    return true;
  }
  if (is_per_channel_activation(t, role)) {
    *error = "per-channel quantisation is only supported on constant tensors";
    return false;
  }
  if (t.zero_points.size() != ns) {
    *error = "quantisation has " + std::to_string(ns) + " scales but " +
             std::to_string(t.zero_points.size()) + " zero points";
    return false;
  }
  // Constants may carry negative scales (TFLite Micro runs MCUNet's negative per-channel
  // filter scales; prepare's normalize_negative_scales makes them positive exactly); zero is
  // allowed there too. Activations need positive finite scales.
  for (float s : t.scales) {
    const bool ok = role == TensorRole::kConst ? std::isfinite(s) : std::isfinite(s) && s > 0.0f;
    if (!ok) {
      std::ostringstream m;
      m << "quantisation scale " << s << " is not a "
        << (role == TensorRole::kConst ? "finite number" : "positive finite number");
      *error = m.str();
      return false;
    }
  }
  int64_t zp_min = 0, zp_max = 0;
  zero_point_range(t.type, &zp_min, &zp_max);
  for (int64_t zp : t.zero_points) {
    if (zp < zp_min || zp > zp_max) {
      *error = "zero point " + std::to_string(zp) + " outside [" + std::to_string(zp_min) + ", " +
               std::to_string(zp_max) + "] for this tensor";
      return false;
    }
  }
  if (ns > 1) {
    const int rank = static_cast<int>(t.shape.size());
    if (t.quant_axis < 0 || t.quant_axis >= rank) {
      *error = "quantized_dimension " + std::to_string(t.quant_axis) + " is outside the rank " +
               std::to_string(rank);
      return false;
    }
    if (static_cast<size_t>(t.shape[t.quant_axis]) != ns) {
      *error = "per-channel quantisation has " + std::to_string(ns) + " scales but dimension " +
               std::to_string(t.quant_axis) + " has " + std::to_string(t.shape[t.quant_axis]) +
               " entries";
      return false;
    }
    for (int64_t zp : t.zero_points) {
      if (zp != 0) {
        *error = "per-channel quantisation must be symmetric (zero point " + std::to_string(zp) +
                 ")";
        return false;
      }
    }
  }
  return true;
}

bool check_per_tensor(const PrepTensor& t, const char* what, std::string* error) {
  if (t.scales.size() != 1 || t.zero_points.size() != 1) {
    *error = std::string(what) + " must be per-tensor quantised (has " +
             std::to_string(t.scales.size()) + " scales)";
    return false;
  }
  if (!(t.scales[0] > 0.0f) || !std::isfinite(t.scales[0])) {
    *error = std::string(what) + " has a non-positive or non-finite scale";
    return false;
  }
  if (!in_operand_range(t.type, t.zero_points[0])) {
    *error = std::string(what) + " zero point " + std::to_string(t.zero_points[0]) +
             " is outside the " + type_name(t.type) + " range";
    return false;
  }
  return true;
}

bool check_per_tensor_of_type(const PrepTensor* t, format::DataType type, const char* what,
                              std::string* error) {
  if (t == nullptr) {
    *error = std::string(what) + " is absent";
    return false;
  }
  if (t->type != type) {
    *error = std::string(what) + " is " + type_name(t->type) + ", expected " + type_name(type);
    return false;
  }
  if (!check_per_tensor(*t, what, error)) return false;
  if (type == format::DataType::kInt16 && t->zero_points[0] != 0) {
    *error = std::string(what) + " is int16 with a non-zero zero point";
    return false;
  }
  return true;
}

bool activation_range(int activation, const PrepTensor& output, int32_t qmin, int32_t qmax,
                      int32_t* act_min, int32_t* act_max, std::string* error) {
  const float scale = output.scales[0];
  const int32_t zp = static_cast<int32_t>(output.zero_points[0]);
  // Real-valued clamp bounds of each activation (RELU has no upper bound).
  float lo = 0.0f, hi = 0.0f;
  bool has_lo = true, has_hi = true;
  switch (activation) {
    case 0: has_lo = has_hi = false; break;  // NONE
    case 1: has_hi = false; break;           // RELU: [0, inf)
    case 2: lo = -1.0f; hi = 1.0f; break;    // RELU_N1_TO_1
    case 3: hi = 6.0f; break;                // RELU6: [0, 6]
    default:
      *error = "fused activation " + std::to_string(activation) +
               " is not supported (only NONE, RELU, RELU_N1_TO_1, RELU6)";
      return false;
  }
  int32_t q_lo = qmin, q_hi = qmax;
  if ((has_lo && !quantize_value(scale, zp, lo, &q_lo)) ||
      (has_hi && !quantize_value(scale, zp, hi, &q_hi))) {
    *error = "activation bound overflows int32";
    return false;
  }
  *act_min = std::max(qmin, q_lo);
  *act_max = std::min(qmax, q_hi);
  return true;
}

}  // namespace rules
}  // namespace prepare
}  // namespace lpai
