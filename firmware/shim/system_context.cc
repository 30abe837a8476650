// QnnSystemContext: binary info (graph name and IO tensor descriptions) of a context binary,
// built in one block of DDR arena memory owned by the system context handle (no heap, no
// static info storage): exactly the bytes the binary's IO needs, returned at the next
// getBinaryInfo or at QnnSystemContext_free.
//
// Compile-time configuration: LPAI_MAX_SYSTEM_CONTEXTS live system contexts (core/config.h),
// 12 B of .bss each on the 32-bit targets; each holding binary info also takes one DDR arena slot.
#include "core/check.h"
#include "core/config.h"
#include "core/log.h"
#include "format/binary_view.h"
#include "graph/runtime.h"
#include "lpai/qnn_compat.h"
#include "memory/memory_pool.h"
#include "shim/qnn_types_map.h"


namespace lpai {
namespace shim {
namespace {

constexpr uint32_t kMaxSystemContexts = LPAI_MAX_SYSTEM_CONTEXTS;
constexpr uint32_t kMaxInfoChannels = 256;  // per-channel scale/offset records of IO tensors
constexpr uint32_t kHandleKindSystem = 5;
constexpr size_t kInfoAlignment = 16;  // start of the info block and of each array in it
static_assert(kMaxSystemContexts >= 1 && kMaxSystemContexts <= 255, "system contexts: 1..255");

// The binary info of one binary, laid out in one block: info, graph, tensors[n_io],
// dims[n_io][kMaxRank], channels[n_channels].
struct InfoBlock {
  QnnSystemContext_BinaryInfo_t* info;
  QnnSystemContext_GraphInfo_t* graph;
  Qnn_Tensor_t* tensors;
  uint32_t (*dims)[format::kMaxRank];
  Qnn_ScaleOffset_t* channels;
};

struct SystemContext {
  bool live;
  uint32_t generation;
  uint8_t* block;  // DDR arena block of the last binary info, or nullptr
};

SystemContext g_sys[kMaxSystemContexts];  // zero-initialised

constexpr size_t round16(size_t n) { return (n + kInfoAlignment - 1) & ~(kInfoAlignment - 1); }

// Byte offsets of the arrays in an info block; returns the block size.
size_t info_layout(uint32_t n_io, uint32_t channels, size_t* off_tensors, size_t* off_dims,
                   size_t* off_channels) {
  const size_t head = round16(sizeof(QnnSystemContext_BinaryInfo_t)) +
                      round16(sizeof(QnnSystemContext_GraphInfo_t));
  *off_tensors = head;
  *off_dims = *off_tensors + round16(n_io * sizeof(Qnn_Tensor_t));
  *off_channels = *off_dims + round16(n_io * sizeof(uint32_t[format::kMaxRank]));
  return *off_channels + round16(channels * sizeof(Qnn_ScaleOffset_t));
}

SystemContext* find(QnnSystemContext_Handle_t handle) {
  const uintptr_t h = reinterpret_cast<uintptr_t>(handle);
  const uintptr_t idx1 = h & 0xFFu;
  if (((h >> 8) & 0xFu) != kHandleKindSystem || idx1 == 0 || idx1 > kMaxSystemContexts) {
    return nullptr;
  }
  SystemContext& s = g_sys[idx1 - 1];
  if (!s.live || static_cast<uint32_t>(h >> 12) != (s.generation & (~uintptr_t{0} >> 12))) {
    return nullptr;
  }
  return &s;
}

float float_from_bits(uint32_t bits) {
  float f;
  __builtin_memcpy(&f, &bits, sizeof(f));
  return f;
}

void describe(const format::BinaryView& v, uint32_t id, bool input, uint32_t slot,
              const InfoBlock& s, uint32_t* channels_used) {
  const format::TensorRecord& t = v.tensor(id);
  Qnn_Tensor_t& q = s.tensors[slot];
  q = Qnn_Tensor_t();
  q.version = QNN_TENSOR_VERSION_1;
  q.v1.id = id;
  q.v1.name = v.tensor_name(id);
  q.v1.type = input ? QNN_TENSOR_TYPE_APP_WRITE : QNN_TENSOR_TYPE_APP_READ;
  q.v1.dataFormat = QNN_TENSOR_DATA_FORMAT_FLAT_BUFFER;
  q.v1.dataType = qnn_type_of(t);
  q.v1.rank = t.rank;
  for (uint32_t d = 0; d < format::kMaxRank; ++d) s.dims[slot][d] = t.dims[d];
  q.v1.dimensions = s.dims[slot];
  q.v1.memType = QNN_TENSORMEMTYPE_RAW;
  q.v1.clientBuf.data = nullptr;
  q.v1.clientBuf.dataSize = 0;
  Qnn_QuantizeParams_t& qp = q.v1.quantizeParams;
  if (t.quant_index != format::kNone) {
    const format::QuantParam* ch = v.quant(t.quant_index);
    qp.encodingDefinition = QNN_DEFINITION_DEFINED;
    qp.quantizationEncoding = QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET;
    qp.axisScaleOffsetEncoding.axis = t.quant_axis;
    qp.axisScaleOffsetEncoding.numScaleOffsets = t.quant_count;
    qp.axisScaleOffsetEncoding.scaleOffset = &s.channels[*channels_used];
    for (uint32_t c = 0; c < t.quant_count; ++c) {
      s.channels[*channels_used + c].scale = float_from_bits(ch[c].scale_bits);
      s.channels[*channels_used + c].offset = -ch[c].zero_point;
    }
    *channels_used += t.quant_count;
  } else if (t.scale_bits != 0) {
    qp.encodingDefinition = QNN_DEFINITION_DEFINED;
    qp.quantizationEncoding = QNN_QUANTIZATION_ENCODING_SCALE_OFFSET;
    qp.scaleOffsetEncoding.scale = float_from_bits(t.scale_bits);
    qp.scaleOffsetEncoding.offset = -t.zero_point;
  } else {
    qp.encodingDefinition = QNN_DEFINITION_UNDEFINED;
    qp.quantizationEncoding = QNN_QUANTIZATION_ENCODING_UNDEFINED;
  }
}

inline Qnn_ErrorHandle_t ret(Status s) { return static_cast<Qnn_ErrorHandle_t>(status_code(s)); }

Qnn_ErrorHandle_t get_binary_info(QnnSystemContext_Handle_t handle, void* binary, uint64_t size,
                                  const QnnSystemContext_BinaryInfo_t** info,
                                  Qnn_ContextBinarySize_t* info_size) {
  SystemContext* s = find(handle);
  LPAI_CHECK(s != nullptr, ret(Status::kContextInvalidHandle), "system context: invalid handle %p",
             handle);
  LPAI_CHECK(info != nullptr, ret(Status::kContextInvalidArgument),
             "system context: binary info output pointer is null");
  LPAI_CHECK(size <= 0xFFFFFFFFu, ret(Status::kBinarySizeMismatch),
             "system context: binary size %llu exceeds the format's 32-bit sizes",
             static_cast<unsigned long long>(size));
  format::BinaryView v;
  Status st = format::validate_binary(binary, static_cast<size_t>(size), &v);
  if (st != Status::kOk) return ret(st);
  const uint32_t n_io = v.io_count();
  LPAI_CHECK(n_io <= rt::kMaxGraphIo, ret(Status::kBinaryTooManyTensors),
             "system context: graph has %u inputs + %u outputs, limit %u", v.num_inputs(),
             v.num_outputs(), rt::kMaxGraphIo);
  uint32_t channels = 0;
  for (uint32_t slot = 0; slot < n_io; ++slot) {
    const format::TensorRecord& t = v.tensor(v.io_tensor(slot));
    if (t.quant_index != format::kNone) channels += t.quant_count;
  }
  LPAI_CHECK(channels <= kMaxInfoChannels, ret(Status::kBinaryTooManyTensors),
             "system context: IO tensors carry %u per-channel records, limit %u", channels,
             kMaxInfoChannels);
  size_t off_tensors = 0, off_dims = 0, off_channels = 0;
  const size_t bytes = info_layout(n_io, channels, &off_tensors, &off_dims, &off_channels);
  Result<uint8_t*> block = mem_pool::allocate(MemType::kDdr, bytes, kInfoAlignment);
  LPAI_CHECK(block.ok(), ret(Status::kMemAlloc),
             "system context: no DDR memory for the binary info (%zu bytes): %s", bytes,
             status_name(block.status()));
  uint8_t* b = block.value();
  __builtin_memset(b, 0, bytes);
  InfoBlock ib;
  ib.info = reinterpret_cast<QnnSystemContext_BinaryInfo_t*>(b);
  ib.graph = reinterpret_cast<QnnSystemContext_GraphInfo_t*>(
      b + round16(sizeof(QnnSystemContext_BinaryInfo_t)));
  ib.tensors = reinterpret_cast<Qnn_Tensor_t*>(b + off_tensors);
  ib.dims = reinterpret_cast<uint32_t(*)[format::kMaxRank]>(b + off_dims);
  ib.channels = reinterpret_cast<Qnn_ScaleOffset_t*>(b + off_channels);
  channels = 0;
  for (uint32_t slot = 0; slot < n_io; ++slot) {
    describe(v, v.io_tensor(slot), slot < v.num_inputs(), slot, ib, &channels);
  }
  ib.graph->version = QNN_SYSTEM_CONTEXT_GRAPH_INFO_VERSION_1;
  ib.graph->graphInfoV1.graphName = v.graph_name();
  ib.graph->graphInfoV1.numGraphInputs = v.num_inputs();
  ib.graph->graphInfoV1.graphInputs = ib.tensors;
  ib.graph->graphInfoV1.numGraphOutputs = v.num_outputs();
  ib.graph->graphInfoV1.graphOutputs = ib.tensors + v.num_inputs();
  ib.info->version = QNN_SYSTEM_CONTEXT_BINARY_INFO_VERSION_1;
  ib.info->contextBinaryInfoV1.binaryVersionMajor = v.header().version_major;
  ib.info->contextBinaryInfoV1.binaryVersionMinor = v.header().version_minor;
  ib.info->contextBinaryInfoV1.numGraphs = 1;
  ib.info->contextBinaryInfoV1.graphs = ib.graph;
  if (s->block != nullptr) (void)mem_pool::free(MemType::kDdr, s->block);
  s->block = b;
  *info = ib.info;
  if (info_size != nullptr) {
    *info_size = sizeof(*ib.info) + sizeof(*ib.graph) + n_io * sizeof(Qnn_Tensor_t) +
                 n_io * sizeof(ib.dims[0]) + channels * sizeof(Qnn_ScaleOffset_t);
  }
  return ret(Status::kOk);
}

}  // namespace
}  // namespace shim
}  // namespace lpai

using lpai::Status;

extern "C" {

Qnn_ErrorHandle_t QnnSystemContext_create(QnnSystemContext_Handle_t* sysCtxHandle) {
  LPAI_CHECK(sysCtxHandle != nullptr, lpai::shim::ret(Status::kContextInvalidArgument),
             "system context create: output handle pointer is null");
  for (uint32_t i = 0; i < lpai::shim::kMaxSystemContexts; ++i) {
    lpai::shim::SystemContext& s = lpai::shim::g_sys[i];
    if (s.live) continue;
    s.live = true;
    ++s.generation;
    const uintptr_t h = (static_cast<uintptr_t>(s.generation) << 12) |
                        (uintptr_t{lpai::shim::kHandleKindSystem} << 8) | (i + 1);
    *sysCtxHandle = reinterpret_cast<QnnSystemContext_Handle_t>(h);
    return lpai::shim::ret(Status::kOk);
  }
  LPAI_FAIL(lpai::shim::ret(Status::kContextNoFreeSlot),
            "system context create: all %u system contexts are in use",
            lpai::shim::kMaxSystemContexts);
}

Qnn_ErrorHandle_t QnnSystemContext_getBinaryInfo(QnnSystemContext_Handle_t sysCtxHandle,
                                                 void* binaryBuffer, uint64_t binaryBufferSize,
                                                 const QnnSystemContext_BinaryInfo_t** binaryInfo,
                                                 Qnn_ContextBinarySize_t* binaryInfoSize) {
  return lpai::shim::get_binary_info(sysCtxHandle, binaryBuffer, binaryBufferSize, binaryInfo,
                                     binaryInfoSize);
}

Qnn_ErrorHandle_t QnnSystemContext_free(QnnSystemContext_Handle_t sysCtxHandle) {
  lpai::shim::SystemContext* s = lpai::shim::find(sysCtxHandle);
  LPAI_CHECK(s != nullptr, lpai::shim::ret(Status::kContextInvalidHandle),
             "system context free: invalid handle %p", sysCtxHandle);
  if (s->block != nullptr) (void)lpai::mem_pool::free(lpai::MemType::kDdr, s->block);
  s->block = nullptr;
  s->live = false;
  return lpai::shim::ret(Status::kOk);
}

namespace {
const QnnSystemInterface_t kSystemInterface = {
    QnnSystemContext_create,
    QnnSystemContext_getBinaryInfo,
    QnnSystemContext_free,
};
}  // namespace

QnnSystemInterface QnnLpaiSystem_getInterface(void) { return &kSystemInterface; }

}  // extern "C"
