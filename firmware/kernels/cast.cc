// CAST kernel: see kernels/params/cast.h.
#include "kernels/params/cast.h"

#include "core/check.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

bool castable(format::DataType t) {
  return t == format::DataType::kInt8 || t == format::DataType::kInt16 ||
         t == format::DataType::kInt32 || t == format::DataType::kBool ||
         t == format::DataType::kUint32;
}

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(args, ops::cast::kName, 0));
  if (!castable(type_of(args.inputs[0].desc)) || !castable(type_of(args.outputs[0].desc))) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "CAST: types %u -> %u unsupported (int8, int16, int32, uint32, bool)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  return Status::kOk;
}

int32_t load(const uint8_t* p, format::DataType t, uint32_t i) {
  switch (t) {
    case format::DataType::kInt8: return reinterpret_cast<const int8_t*>(p)[i];
    case format::DataType::kInt16: return reinterpret_cast<const int16_t*>(p)[i];
    case format::DataType::kInt32:
    case format::DataType::kUint32:  // the same bits: every cast below wraps modulo 2^n
      return reinterpret_cast<const int32_t*>(p)[i];
    default: return p[i] != 0 ? 1 : 0;  // bool
  }
}

void store(uint8_t* p, format::DataType t, uint32_t i, int32_t v) {
  switch (t) {
    case format::DataType::kInt8:
      reinterpret_cast<int8_t*>(p)[i] = static_cast<int8_t>(v);
      break;
    case format::DataType::kInt16:
      reinterpret_cast<int16_t*>(p)[i] = static_cast<int16_t>(v);
      break;
    case format::DataType::kInt32:
      reinterpret_cast<int32_t*>(p)[i] = v;
      break;
    case format::DataType::kUint32:
      reinterpret_cast<uint32_t*>(p)[i] = static_cast<uint32_t>(v);
      break;
    default:
      p[i] = v != 0 ? 1 : 0;
      break;
  }
}

void eval(const KernelArgs& args) {
  const format::DataType ti = type_of(args.inputs[0].desc);
  const format::DataType to = type_of(args.outputs[0].desc);
  const uint32_t n = element_count(args.inputs[0].desc);
  for (uint32_t i = 0; i < n; ++i) {
    store(args.outputs[0].data, to, i, load(args.inputs[0].data, ti, i));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(cast, validate, eval);

}  // namespace kernels
}  // namespace lpai
