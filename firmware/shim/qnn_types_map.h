// Mapping between the C API's data types and the context binary's, shared by the shim files.
#ifndef LPAI_SHIM_QNN_TYPES_MAP_H
#define LPAI_SHIM_QNN_TYPES_MAP_H

#include <stdint.h>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "lpai/qnn_compat.h"

namespace lpai {
namespace shim {

// The QNN type reported for a tensor: quantised tensors (per-tensor scale or per-channel
// records) report the FIXED_POINT types, others the plain integer types.
Qnn_DataType_t qnn_type_of(const format::TensorRecord& t);
// True when a caller-given QNN type describes storage of binary type `t` (same element size
// and signedness): INT_8 / SFIXED_POINT_8 for int8, and so on.
bool qnn_type_matches(Qnn_DataType_t q, format::DataType t);
// Bytes per element of a QNN type; 0 when unknown.
uint32_t qnn_type_size(Qnn_DataType_t q);
const char* qnn_type_name(Qnn_DataType_t q);

// Bytes described by a memory descriptor's shape and type. Errors (logged, descriptor index
// `i`): kMemInvalidArgument (dims null with numDim > 0, unknown type),
// kMemInvalidShapeOrAlignment (a zero dim, or a byte count overflowing 64 bits).
Status shape_bytes(uint32_t num_dims, const uint32_t* dims, Qnn_DataType_t type, uint32_t i,
                   uint64_t* out);

}  // namespace shim
}  // namespace lpai

#endif  // LPAI_SHIM_QNN_TYPES_MAP_H
