#include "shim/qnn_types_map.h"

#include "core/check.h"
#include "core/log.h"

namespace lpai {
namespace shim {

Qnn_DataType_t qnn_type_of(const format::TensorRecord& t) {
  const bool quantised = t.scale_bits != 0 || t.quant_index != format::kNone;
  switch (static_cast<format::DataType>(t.data_type)) {
    case format::DataType::kInt8:
      return quantised ? QNN_DATATYPE_SFIXED_POINT_8 : QNN_DATATYPE_INT_8;
    case format::DataType::kUint8:
      return quantised ? QNN_DATATYPE_UFIXED_POINT_8 : QNN_DATATYPE_UINT_8;
    case format::DataType::kInt16:
      return quantised ? QNN_DATATYPE_SFIXED_POINT_16 : QNN_DATATYPE_INT_16;
    case format::DataType::kInt32:
      return quantised ? QNN_DATATYPE_SFIXED_POINT_32 : QNN_DATATYPE_INT_32;
    case format::DataType::kInt64:
      return QNN_DATATYPE_INT_64;
    case format::DataType::kUint32:
      return QNN_DATATYPE_UINT_32;
    case format::DataType::kUint64:
      return QNN_DATATYPE_UINT_64;
    case format::DataType::kFloat32:
      return QNN_DATATYPE_FLOAT_32;
    case format::DataType::kBool:
      return QNN_DATATYPE_BOOL_8;
    default:
      return QNN_DATATYPE_UNDEFINED;
  }
}

bool qnn_type_matches(Qnn_DataType_t q, format::DataType t) {
  switch (t) {
    case format::DataType::kInt8:
      return q == QNN_DATATYPE_INT_8 || q == QNN_DATATYPE_SFIXED_POINT_8;
    case format::DataType::kUint8:
      return q == QNN_DATATYPE_UINT_8 || q == QNN_DATATYPE_UFIXED_POINT_8 ||
             q == QNN_DATATYPE_BOOL_8;
    case format::DataType::kInt16:
      return q == QNN_DATATYPE_INT_16 || q == QNN_DATATYPE_SFIXED_POINT_16;
    case format::DataType::kInt32:
      return q == QNN_DATATYPE_INT_32 || q == QNN_DATATYPE_SFIXED_POINT_32;
    case format::DataType::kInt64:
      return q == QNN_DATATYPE_INT_64;
    case format::DataType::kUint32:
      return q == QNN_DATATYPE_UINT_32;
    case format::DataType::kUint64:
      return q == QNN_DATATYPE_UINT_64;
    case format::DataType::kFloat32:
      return q == QNN_DATATYPE_FLOAT_32;
    case format::DataType::kBool:
      return q == QNN_DATATYPE_BOOL_8 || q == QNN_DATATYPE_UINT_8;
    default:
      return false;
  }
}

uint32_t qnn_type_size(Qnn_DataType_t q) {
  switch (q) {
    case QNN_DATATYPE_INT_8:
    case QNN_DATATYPE_UINT_8:
    case QNN_DATATYPE_SFIXED_POINT_8:
    case QNN_DATATYPE_UFIXED_POINT_8:
    case QNN_DATATYPE_BOOL_8:
      return 1;
    case QNN_DATATYPE_INT_16:
    case QNN_DATATYPE_UINT_16:
    case QNN_DATATYPE_SFIXED_POINT_16:
    case QNN_DATATYPE_UFIXED_POINT_16:
      return 2;
    case QNN_DATATYPE_INT_32:
    case QNN_DATATYPE_UINT_32:
    case QNN_DATATYPE_SFIXED_POINT_32:
    case QNN_DATATYPE_FLOAT_32:
      return 4;
    case QNN_DATATYPE_INT_64:
    case QNN_DATATYPE_UINT_64:
      return 8;
    default:
      return 0;
  }
}

const char* qnn_type_name(Qnn_DataType_t q) {
  switch (q) {
    case QNN_DATATYPE_INT_8: return "INT_8";
    case QNN_DATATYPE_INT_16: return "INT_16";
    case QNN_DATATYPE_INT_32: return "INT_32";
    case QNN_DATATYPE_INT_64: return "INT_64";
    case QNN_DATATYPE_UINT_8: return "UINT_8";
    case QNN_DATATYPE_UINT_16: return "UINT_16";
    case QNN_DATATYPE_UINT_32: return "UINT_32";
    case QNN_DATATYPE_UINT_64: return "UINT_64";
    case QNN_DATATYPE_FLOAT_32: return "FLOAT_32";
    case QNN_DATATYPE_SFIXED_POINT_8: return "SFIXED_POINT_8";
    case QNN_DATATYPE_SFIXED_POINT_16: return "SFIXED_POINT_16";
    case QNN_DATATYPE_SFIXED_POINT_32: return "SFIXED_POINT_32";
    case QNN_DATATYPE_UFIXED_POINT_8: return "UFIXED_POINT_8";
    case QNN_DATATYPE_UFIXED_POINT_16: return "UFIXED_POINT_16";
    case QNN_DATATYPE_BOOL_8: return "BOOL_8";
    default: return "UNDEFINED";
  }
}

Status shape_bytes(uint32_t num_dims, const uint32_t* dims, Qnn_DataType_t type, uint32_t i,
                   uint64_t* out) {
  const uint32_t elem = qnn_type_size(type);
  LPAI_CHECK(elem != 0, Status::kMemInvalidArgument,
             "mem register: descriptor %u dataType 0x%x unknown", i, static_cast<uint32_t>(type));
  LPAI_CHECK(num_dims == 0 || dims != nullptr, Status::kMemInvalidArgument,
             "mem register: descriptor %u has %u dims but dimSize is null", i, num_dims);
  uint64_t bytes = elem;
  for (uint32_t d = 0; d < num_dims; ++d) {
    LPAI_CHECK(
        dims[d] != 0 && !__builtin_mul_overflow(bytes, static_cast<uint64_t>(dims[d]), &bytes),
        Status::kMemInvalidShapeOrAlignment,
        "mem register: descriptor %u dim %u (%u) is zero or overflows", i, d, dims[d]);
  }
  *out = bytes;
  return Status::kOk;
}

}  // namespace shim
}  // namespace lpai
