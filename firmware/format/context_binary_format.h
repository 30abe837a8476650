// Context binary format v1: the contract between the offline prepare step (host_sim) and the
// firmware. Byte-level description: docs/context-binary-v1.md. Shared verbatim by the writer
// (host_sim/writer) and the loader (firmware/format/binary_view.h, loader.cc).
//
// Rules common to all records:
//  - little-endian, every record naturally aligned, all offsets in bytes from the start of the
//    binary unless stated otherwise;
//  - every section starts on a multiple of kSectionAlignment; the binary itself must start on a
//    multiple of kSectionAlignment in memory (it is read in place);
//  - reserved fields and unused dims are zero;
//  - one graph per binary.
#ifndef LPAI_FORMAT_CONTEXT_BINARY_FORMAT_H
#define LPAI_FORMAT_CONTEXT_BINARY_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "format/op_table.h"

namespace lpai {
namespace format {

constexpr uint32_t kMagic = 0x4941504Cu;  // bytes "LPAI"
constexpr uint16_t kVersionMajor = 1;
constexpr uint16_t kVersionMinor = 1;
// Version 1.1 gave header bytes 116..123 (reserved in 1.0) to the row_views section; the writer
// marks 1.1 only the binaries that have row views, and a 1.0 binary keeps them zero.
constexpr uint16_t kVersionMinorRowViews = 1;
constexpr uint32_t kSectionAlignment = 16;
constexpr uint32_t kMaxRank = 6;
constexpr uint32_t kMaxPlanAlignment = 4096;  // largest plan start alignment (pool limit)
constexpr uint32_t kNone = 0xFFFFFFFFu;  // absent tensor / index / io slot

// Header flags.
constexpr uint32_t kFlagIoMemhandleHint = 1u << 0;  // prepared with --input_output_tensor_mem_type memhandle
// Prepared with --kernel_layout hvx: GEMM-family nodes also carry their HVX layouts (their
// kernels' *HvxLayout flags); the portable arrays stay, so every build runs the binary.
constexpr uint32_t kFlagHvxLayouts = 1u << 1;
constexpr uint32_t kKnownFlags = kFlagIoMemhandleHint | kFlagHvxLayouts;

enum class DataType : uint8_t {
  kInvalid = 0,
  kInt8 = 1,
  kUint8 = 2,
  kInt16 = 3,
  kInt32 = 4,
  kInt64 = 5,
  kFloat32 = 6,  // allowed for constants only (never computed on at run time)
  kBool = 7,     // one byte per element, 0 or 1 (comparison outputs, SELECT_V2 conditions)
  kUint32 = 8,   // plain unsigned integers (the signal library's energies and filter banks)
  kUint64 = 9,   // plain unsigned integers (SignalFilterBank's accumulators)
};

// Bytes per element; 0 for kInvalid or unknown values.
constexpr uint32_t data_type_size(DataType t) {
  return t == DataType::kInt8 || t == DataType::kUint8 || t == DataType::kBool ? 1u
         : t == DataType::kInt16                      ? 2u
         : t == DataType::kInt32 || t == DataType::kFloat32 || t == DataType::kUint32 ? 4u
         : t == DataType::kInt64 || t == DataType::kUint64 ? 8u
                                                      : 0u;
}

// Where a tensor's bytes live. Address = base[mem_class] + offset, except IO-bound tensors
// (io_slot != kNone), whose address comes from the per-execute IO binding.
enum class MemClass : uint8_t {
  kConst = 0,       // in the binary's const section (offset relative to that section)
  kScratch = 1,     // in the user's scratch buffer
  kPersistent = 2,  // in the user's persistent buffer (variable tensors)
  kIo = 3,          // outside every pool: bound at execute (memhandle-hinted graph IO)
};
constexpr uint8_t kMemClassCount = 4;

// TensorRecord.flags
constexpr uint8_t kTensorIsInput = 1u << 0;
constexpr uint8_t kTensorIsOutput = 1u << 1;
constexpr uint8_t kTensorIsVariable = 1u << 2;
// Graph IO whose caller-side type is float32 (a boundary QUANTIZE / DEQUANTIZE folded by
// prepare): the firmware sees the integer tensor; the host converts with the tensor's scale
// (scale_bits) and zero point exactly as TFLite Micro's QUANTIZE / DEQUANTIZE do.
constexpr uint8_t kTensorIsFloatIo = 1u << 3;
constexpr uint8_t kKnownTensorFlags =
    kTensorIsInput | kTensorIsOutput | kTensorIsVariable | kTensorIsFloatIo;

struct Section {
  uint32_t offset;  // from binary start; multiple of kSectionAlignment (0 when count == 0)
  uint32_t count;   // number of records (bytes for byte sections)
};

struct MemoryPlan {
  uint32_t scratch_size;          // bytes, multiple of size_alignment
  uint32_t persistent_size;       // bytes, multiple of size_alignment
  uint32_t start_alignment;       // alignment every planned offset honours (power of two)
  uint32_t size_alignment;        // power of two
};

struct BinaryHeader {
  uint32_t magic;            // kMagic
  uint16_t version_major;    // kVersionMajor (must match)
  uint16_t version_minor;    // <= kVersionMinor accepted
  uint32_t flags;            // kFlag*; unknown bits rejected
  uint32_t total_size;       // bytes of the whole binary
  uint32_t crc32;            // CRC-32/IEEE of total_size bytes, this field read as zero
  uint32_t header_size;      // sizeof(BinaryHeader)
  Section tensors;           // TensorRecord[count]
  Section nodes;             // NodeRecord[count], in execution order
  Section indices;           // uint32_t[count]: node input/output lists and graph IO lists
  Section quant;             // QuantParam[count]: per-channel quantisation
  Section params;            // bytes: op parameter blobs
  Section consts;            // bytes: constant tensor data
  Section strings;           // bytes: NUL-terminated strings
  uint32_t graph_name;       // offset into strings
  uint32_t inputs_index;     // first entry in indices of the graph input tensor list
  uint32_t num_inputs;
  uint32_t outputs_index;    // first entry in indices of the graph output tensor list
  uint32_t num_outputs;
  MemoryPlan plan;
  Section row_views;         // RowViewRecord[count]: tensors that are rows of another (tiling)
  uint32_t reserved[1];
};
static_assert(sizeof(BinaryHeader) == 128, "header layout");

struct TensorRecord {
  uint8_t data_type;       // DataType
  uint8_t mem_class;       // MemClass
  uint8_t rank;            // 0..kMaxRank
  uint8_t flags;           // kTensorIs*
  uint32_t dims[kMaxRank]; // dims[0..rank), rest zero
  uint32_t offset;         // within its memory class (const: within the consts section)
  uint32_t size;           // bytes == product(dims) * data_type_size
  int32_t zero_point;      // per-tensor zero point (channel 0 when per-channel)
  uint32_t scale_bits;     // IEEE-754 bits of the per-tensor scale (reporting only)
  uint32_t quant_index;    // first QuantParam of a per-channel tensor, else kNone
  uint32_t quant_count;    // number of channels (0 when per-tensor)
  int32_t quant_axis;      // quantised dimension (per-channel only, else 0)
  uint32_t name;           // offset into strings
  uint32_t io_slot;        // graph input k -> k, output j -> num_inputs + j, else kNone
};
static_assert(sizeof(TensorRecord) == 64, "tensor record layout");

// A row view (tiled execution): tensor `tensor` is rows [first_row, first_row + dims[1]) of
// tensor `parent`, whose bytes it shares: rank 4 with dims[0] == 1, equal dims[2], dims[3],
// type and quantisation; tensor.offset == parent.offset + first_row * row bytes (the start
// alignment does not apply to a view). Either both are scratch and not graph IO, or (version
// 1.1, memhandle IO hint) the parent is a kIo graph IO tensor and the view is kIo with the
// parent's io_slot and IO flags: its offset is then its byte offset within the slot's buffer. The parent is no view; each tensor
// is listed at most once. Nodes reading or writing a view use the parent's bytes: the
// dataflow checks count a view's uses as its parent's, and a parent no node writes whole is
// defined once views written by earlier nodes cover all its rows.
struct RowViewRecord {
  uint32_t tensor;
  uint32_t parent;
  uint32_t first_row;
  uint32_t reserved;  // 0
};
static_assert(sizeof(RowViewRecord) == 16, "row view record layout");

struct NodeRecord {
  uint16_t op;             // BuiltinOp
  uint8_t num_inputs;
  uint8_t num_outputs;
  uint32_t inputs_index;   // first entry in indices; entries are tensor ids or kNone (absent)
  uint32_t outputs_index;  // first entry in indices
  uint32_t params_offset;  // within the params section, multiple of 4
  uint32_t params_size;    // bytes
  uint32_t temp_tensor;    // kernel scratch tensor (mem_class kScratch) or kNone
  uint32_t reserved[2];
};
static_assert(sizeof(NodeRecord) == 32, "node record layout");

struct QuantParam {
  uint32_t scale_bits;  // IEEE-754 bits (reporting only)
  int32_t zero_point;
};
static_assert(sizeof(QuantParam) == 8, "quant record layout");

// Operator codes: the TFLite builtin operator numbers (so that logs and tools agree) and the
// project's own codes >= 1000; generated from the operator table (format/op_table.h).
enum class BuiltinOp : uint16_t {
#define LPAI_OP_ENUM(Enum, NAME, code, options, snake) Enum = code,
  LPAI_KERNEL_OPS(LPAI_OP_ENUM)
#undef LPAI_OP_ENUM
};

// "CONV_2D" for a code in the operator table (kernel or import op); nullptr otherwise.
constexpr const char* op_name(uint32_t code) {
#define LPAI_OP_NAME(Enum, NAME, c, options, snake) code == (c) ? #NAME:
#define LPAI_IMPORT_OP_NAME(NAME, c, options) code == (c) ? #NAME:
  return LPAI_KERNEL_OPS(LPAI_OP_NAME) LPAI_IMPORT_OPS(LPAI_IMPORT_OP_NAME) nullptr;
#undef LPAI_OP_NAME
#undef LPAI_IMPORT_OP_NAME
}

}  // namespace format
}  // namespace lpai

#endif  // LPAI_FORMAT_CONTEXT_BINARY_FORMAT_H
