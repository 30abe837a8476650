// Online prepare: the checks of QnnTensor_createGraphTensor (the importer's rules for a model
// tensor), turning a Qnn_Tensor_t into the prepare pipeline's PrepTensor.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "online_prepare/online_state.h"
#include "prepare/rules.h"

namespace lpai {
namespace online {
namespace {

using format::DataType;

bool map_data_type(Qnn_DataType_t q, DataType* out) {
  switch (q) {
    case QNN_DATATYPE_SFIXED_POINT_8: case QNN_DATATYPE_INT_8: *out = DataType::kInt8; return true;
    case QNN_DATATYPE_SFIXED_POINT_16: case QNN_DATATYPE_INT_16: *out = DataType::kInt16; return true;
    case QNN_DATATYPE_SFIXED_POINT_32: case QNN_DATATYPE_INT_32: *out = DataType::kInt32; return true;
    case QNN_DATATYPE_INT_64: *out = DataType::kInt64; return true;
    default: return false;
  }
}


}  // namespace

// Decodes and checks a Qnn_Tensor_t for createGraphTensor into *out.
Status decode_tensor(const Qnn_TensorV1_t& v1, Tensor* out, std::string* why) {
  Tensor t;
  t.type = v1.type;
  t.mem_type = v1.memType;
  t.t.name = v1.name;
  const bool is_const = v1.type == QNN_TENSOR_TYPE_STATIC;
  if (v1.type == QNN_TENSOR_TYPE_APP_READWRITE) {
    *why = "type APP_READWRITE is not supported (use APP_WRITE for inputs, APP_READ for outputs)";
    return Status::kNotSupported;
  }
  if (v1.type != QNN_TENSOR_TYPE_APP_WRITE && v1.type != QNN_TENSOR_TYPE_APP_READ &&
      v1.type != QNN_TENSOR_TYPE_NATIVE && !is_const) {
    *why = "type " + std::to_string(static_cast<uint32_t>(v1.type)) +
           " is not APP_WRITE, APP_READ, NATIVE or STATIC";
    return Status::kTensorInvalidArgument;
  }
  const bool io = v1.type == QNN_TENSOR_TYPE_APP_WRITE || v1.type == QNN_TENSOR_TYPE_APP_READ;
  if (v1.memType != QNN_TENSORMEMTYPE_RAW &&
      !(io && v1.memType == QNN_TENSORMEMTYPE_MEMHANDLE)) {
    *why = "memType " + std::to_string(static_cast<uint32_t>(v1.memType)) + " is not allowed (" +
           (io ? "RAW or MEMHANDLE" : "RAW") + " for this tensor type)";
    return Status::kTensorBadMemType;
  }
  if (!map_data_type(v1.dataType, &t.t.type)) {
    char b[16];
    std::snprintf(b, sizeof(b), "0x%x", static_cast<unsigned>(v1.dataType));
    *why = std::string("dataType ") + b + " is not supported";
    return Status::kNotSupported;
  }
  if (!is_const && t.t.type != DataType::kInt8 && t.t.type != DataType::kInt16) {
    *why = "activations must be 8- or 16-bit fixed point";
    return Status::kNotSupported;
  }
  if (v1.rank > format::kMaxRank) {
    *why = "rank " + std::to_string(v1.rank) + " exceeds " + std::to_string(format::kMaxRank);
    return Status::kTensorInvalidArgument;
  }
  if (v1.rank > 0 && v1.dimensions == nullptr) {
    *why = "dimensions is null for rank " + std::to_string(v1.rank);
    return Status::kTensorInvalidArgument;
  }
  uint64_t elems = 1;
  for (uint32_t d = 0; d < v1.rank; ++d) {
    const uint32_t n = v1.dimensions[d];
    if (n < 1 || n > static_cast<uint32_t>(std::numeric_limits<int32_t>::max())) {
      *why = "dimension " + std::to_string(d) + " is " + std::to_string(n) + " (must be >= 1)";
      return Status::kTensorInvalidArgument;
    }
    elems *= n;
    if (elems > std::numeric_limits<uint32_t>::max()) {
      *why = "shape is too large";
      return Status::kTensorInvalidArgument;
    }
    t.t.shape.push_back(static_cast<int32_t>(n));
  }
  const uint64_t bytes = elems * format::data_type_size(t.t.type);
  if (bytes > std::numeric_limits<uint32_t>::max()) {
    *why = "size exceeds 4 GiB";
    return Status::kTensorInvalidArgument;
  }
  const Qnn_QuantizeParams_t& q = v1.quantizeParams;
  if (q.encodingDefinition == QNN_DEFINITION_DEFINED) {
    if (q.quantizationEncoding == QNN_QUANTIZATION_ENCODING_SCALE_OFFSET) {
      t.t.scales = {q.scaleOffsetEncoding.scale};
      t.t.zero_points = {-static_cast<int64_t>(q.scaleOffsetEncoding.offset)};
    } else if (q.quantizationEncoding == QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET) {
      const Qnn_AxisScaleOffset_t& a = q.axisScaleOffsetEncoding;
      if (a.numScaleOffsets == 0 || a.scaleOffset == nullptr) {
        *why = "AXIS_SCALE_OFFSET without entries";
        return Status::kTensorInvalidArgument;
      }
      for (uint32_t i = 0; i < a.numScaleOffsets; ++i) {
        t.t.scales.push_back(a.scaleOffset[i].scale);
        t.t.zero_points.push_back(-static_cast<int64_t>(a.scaleOffset[i].offset));
      }
      t.t.quant_axis = a.axis;
      if (a.numScaleOffsets == 1) t.t.quant_axis = 0;
    } else {
      *why = "quantizationEncoding " + std::to_string(static_cast<uint32_t>(q.quantizationEncoding)) +
             " is not SCALE_OFFSET or AXIS_SCALE_OFFSET";
      return Status::kTensorInvalidArgument;
    }
  }
  // QNN tensors of 8- or 16-bit fixed point carry their scale (STATIC int32/int64 data may be
  // plain integers); every other rule is the importer's.
  const bool fixed_point = t.t.type == DataType::kInt8 || t.t.type == DataType::kInt16;
  if (t.t.scales.empty() && (!is_const || fixed_point)) {
    *why = "is not quantised (quantizeParams must be DEFINED with a scale)";
    return Status::kTensorInvalidArgument;
  }
  const prepare::rules::TensorRole role =
      is_const ? prepare::rules::TensorRole::kConst : prepare::rules::TensorRole::kActivation;
  if (!prepare::rules::check_quant(t.t, role, why)) {
    return prepare::rules::is_per_channel_activation(t.t, role) ? Status::kNotSupported
                                                                 : Status::kTensorInvalidArgument;
  }
  if (is_const) {
    if (v1.clientBuf.data == nullptr || v1.clientBuf.dataSize != bytes) {
      *why = "STATIC data holds " + std::to_string(v1.clientBuf.data ? v1.clientBuf.dataSize : 0) +
             " bytes but the shape needs " + std::to_string(bytes);
      return Status::kTensorInvalidArgument;
    }
    const uint8_t* p = static_cast<const uint8_t*>(v1.clientBuf.data);
    t.bytes.assign(p, p + bytes);
  }
  *out = std::move(t);
  return Status::kOk;
}

std::string tensor_label(const Tensor& t) {
  return "tensor " + std::to_string(t.t.index) + " '" + t.t.name + "'";
}

}  // namespace online
}  // namespace lpai
