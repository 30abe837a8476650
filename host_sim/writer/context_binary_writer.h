// Context binary v1 serializer (host only). The one writer of the format: the prepare tool,
// the online-prepare API and the tests all build binaries through it.
//
// The caller supplies a planned graph (every non-const tensor already has its memory class
// and offset); the writer lays out the sections, places constant data (each const tensor at
// a multiple of kConstAlignment inside the consts section), fills indices/strings/quant
// records, and computes total_size and the CRC.
#ifndef LPAI_HOST_WRITER_CONTEXT_BINARY_WRITER_H
#define LPAI_HOST_WRITER_CONTEXT_BINARY_WRITER_H

#include <cstdint>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "format/context_binary_format.h"

namespace lpai {
namespace writer {

constexpr uint32_t kConstAlignment = 16;

struct TensorDesc {
  std::string name;
  format::DataType type = format::DataType::kInt8;
  std::vector<uint32_t> dims;
  format::MemClass mem_class = format::MemClass::kScratch;
  uint32_t offset = 0;       // ignored for kConst (the writer places const data)
  uint32_t size = 0;         // 0: computed from dims and type
  float scale = 0.0f;        // per-tensor scale (or channel 0)
  int32_t zero_point = 0;
  std::vector<float> channel_scales;        // per-channel quantisation (empty otherwise)
  std::vector<int32_t> channel_zero_points;
  int32_t quant_axis = 0;
  bool is_variable = false;
  bool float_io = false;     // graph IO seen as float32 by the caller (format::kTensorIsFloatIo)
  std::vector<uint8_t> const_data;  // kConst only; size must equal `size`
};

struct NodeDesc {
  format::BuiltinOp op = format::BuiltinOp::kCopy;
  std::vector<uint32_t> inputs;   // tensor ids; format::kNone for an absent optional input
  std::vector<uint32_t> outputs;
  std::vector<uint8_t> params;    // parameter blob (padded to 4 bytes by the writer)
  uint32_t temp_tensor = format::kNone;
};

struct GraphDesc {
  std::string name = "graph";
  std::vector<TensorDesc> tensors;
  std::vector<NodeDesc> nodes;   // execution order
  std::vector<uint32_t> inputs;  // graph input tensor ids, in order
  std::vector<uint32_t> outputs;
  format::MemoryPlan plan{0, 0, 16, 16};
  bool io_memhandle_hint = false;
  bool hvx_layouts = false;  // header flag kFlagHvxLayouts
  // Row views (tiled execution; format::RowViewRecord): tensor and parent are ids in `tensors`;
  // copied as given (the loader checks them).
  std::vector<format::RowViewRecord> row_views;
};

// Serializes `graph`; fails (one line) on an inconsistent description (bad tensor id, const
// data size mismatch, sizes overflowing 32 bits...).
host::HostResult<std::vector<uint8_t>> serialize_context_binary(const GraphDesc& graph);

}  // namespace writer
}  // namespace lpai

#endif  // LPAI_HOST_WRITER_CONTEXT_BINARY_WRITER_H
