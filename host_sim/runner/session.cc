#include "runner/session.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/checked_math.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "shared_mem/rpcmem.h"

namespace lpai {
namespace host {
namespace {

thread_local Qnn_ErrorHandle_t t_last_call_error = QNN_SUCCESS;

bool call_ok(Qnn_ErrorHandle_t code, const char* what, std::string* error) {
  if (code == QNN_SUCCESS) return true;
  t_last_call_error = code;
  *error = std::string(what) + " failed: " + describe_error(code);
  // A system fatal error: the HAL recorded the firmware's fatal line.
  if (code == QNN_LPAI_ERROR_POOL_FATAL_SLOT_LIMIT && lpai_hal_host_fatal_code() != 0)
    *error += ": system fatal error: " + std::string(lpai_hal_host_fatal_line());
  return false;
}

// The firmware has one backend per process (a second QnnBackend_create fails with
// BACKEND_ALREADY_CREATED), so sessions share one, created by the first session and freed with
// the last. Not thread-safe: sessions are opened and closed from one thread.
Qnn_BackendHandle_t g_backend = nullptr;
size_t g_backend_users = 0;

bool acquire_backend(Qnn_BackendHandle_t* out, std::string* error) {
  if (g_backend_users == 0 &&
      !call_ok(QnnBackend_create(nullptr, nullptr, &g_backend), "QnnBackend_create", error))
    return false;
  ++g_backend_users;
  *out = g_backend;
  return true;
}

void release_backend() {
  if (g_backend_users == 0 || --g_backend_users != 0) return;
  (void)QnnBackend_free(g_backend);
  g_backend = nullptr;
}

}  // namespace

Qnn_ErrorHandle_t last_call_error() { return t_last_call_error; }
void clear_last_call_error() { t_last_call_error = QNN_SUCCESS; }

std::string describe_error(Qnn_ErrorHandle_t code) {
  return std::to_string(code) + " (" + status_name(static_cast<Status>(code)) + ")";
}

size_t qnn_type_size(Qnn_DataType_t type) {
  switch (type) {
    case QNN_DATATYPE_INT_8: case QNN_DATATYPE_UINT_8: case QNN_DATATYPE_SFIXED_POINT_8:
    case QNN_DATATYPE_UFIXED_POINT_8: case QNN_DATATYPE_BOOL_8:
      return 1;
    case QNN_DATATYPE_INT_16: case QNN_DATATYPE_UINT_16: case QNN_DATATYPE_SFIXED_POINT_16:
    case QNN_DATATYPE_UFIXED_POINT_16:
      return 2;
    case QNN_DATATYPE_INT_32: case QNN_DATATYPE_UINT_32: case QNN_DATATYPE_FLOAT_32:
    case QNN_DATATYPE_SFIXED_POINT_32:
      return 4;
    case QNN_DATATYPE_INT_64: case QNN_DATATYPE_UINT_64:
      return 8;
    default:
      return 0;
  }
}

namespace {

// A graph IO tensor as the binary info describes it (device type and bytes: mark_float_io).
TensorInfo describe_tensor(const Qnn_Tensor_t& t) {
  TensorInfo ti;
  ti.id = t.v1.id;
  ti.name = t.v1.name != nullptr ? t.v1.name : "";
  ti.data_type = t.v1.dataType;
  ti.dims.assign(t.v1.dimensions, t.v1.dimensions + t.v1.rank);
  ti.bytes = qnn_type_size(t.v1.dataType);
  for (uint32_t d : ti.dims) ti.bytes *= d;
  if (t.v1.quantizeParams.quantizationEncoding == QNN_QUANTIZATION_ENCODING_SCALE_OFFSET) {
    ti.scale = t.v1.quantizeParams.scaleOffsetEncoding.scale;
    ti.offset = t.v1.quantizeParams.scaleOffsetEncoding.offset;
  }
  return ti;
}

}  // namespace

std::unique_ptr<Session> Session::open(const std::vector<uint8_t>& binary,
                                       const SessionOptions& options, std::string* error) {
  install_kernel_variant();  // the host kernel variant (simd/kernel_variant.h)
  std::unique_ptr<Session> s(new Session());
  s->options_ = options;
  if (!s->setup(binary, error)) return nullptr;  // ~Session releases what was created
  return s;
}

bool Session::setup(const std::vector<uint8_t>& binary, std::string* error) {
  // The binary is read in place by the loader, so hand it over from an aligned copy.
  binary_ = AlignedBytes(binary.size(), 64);
  if (!binary.empty()) std::memcpy(binary_.data(), binary.data(), binary.size());
  return describe_io(error) && io_fits_host_arena(error) && load_context(error) &&
         query_memory_sizes(error) && hand_over_memory(error) && finalize_graph(error) &&
         allocate_io(error);
}

// The graph's name and IO tensors, from the binary (system context API).
bool Session::describe_io(std::string* error) {
  QnnSystemContext_Handle_t sys = nullptr;
  if (!call_ok(QnnSystemContext_create(&sys), "QnnSystemContext_create", error)) return false;
  const QnnSystemContext_BinaryInfo_t* info = nullptr;
  Qnn_ContextBinarySize_t info_size = 0;
  Qnn_ErrorHandle_t rc = QnnSystemContext_getBinaryInfo(sys, binary_.data(), binary_.size(),
                                                        &info, &info_size);
  if (rc != QNN_SUCCESS || info->contextBinaryInfoV1.numGraphs != 1) {
    (void)QnnSystemContext_free(sys);
    if (rc == QNN_SUCCESS) *error = "context binary holds no graph";
    else call_ok(rc, "QnnSystemContext_getBinaryInfo", error);
    return false;
  }
  const QnnSystemContext_GraphInfoV1_t& g = info->contextBinaryInfoV1.graphs[0].graphInfoV1;
  graph_name_ = g.graphName;
  for (uint32_t i = 0; i < g.numGraphInputs; ++i) {
    inputs_.push_back(describe_tensor(g.graphInputs[i]));
  }
  for (uint32_t i = 0; i < g.numGraphOutputs; ++i) {
    outputs_.push_back(describe_tensor(g.graphOutputs[i]));
  }
  input_tensors_.assign(g.graphInputs, g.graphInputs + g.numGraphInputs);
  output_tensors_.assign(g.graphOutputs, g.graphOutputs + g.numGraphOutputs);
  // Keep our own copies of the dimension arrays (the info lives in static storage).
  for (auto* list : {&input_tensors_, &output_tensors_}) {
    for (Qnn_Tensor_t& t : *list) {
      dims_storage_.emplace_back(t.v1.dimensions, t.v1.dimensions + t.v1.rank);
      t.v1.dimensions = dims_storage_.back().data();
      t.v1.name = nullptr;
    }
  }
  (void)QnnSystemContext_free(sys);
  mark_float_io();
  return true;
}

// Float-boundary IO: the binary's tensor record says so (getBinaryInfo validated it).
void Session::mark_float_io() {
  format::BinaryView view;
  if (format::validate_binary(binary_.data(), binary_.size(), &view) == Status::kOk) {
    for (auto* list : {&inputs_, &outputs_}) {
      for (TensorInfo& ti : *list) {
        ti.device_type = ti.data_type;
        ti.device_bytes = ti.bytes;
        if (ti.id >= view.tensor_count()) continue;
        const format::TensorRecord& r = view.tensor(ti.id);
        if ((r.flags & format::kTensorIsFloatIo) == 0) continue;
        const size_t elem = qnn_type_size(ti.data_type);
        ti.float_io = true;
        ti.data_type = QNN_DATATYPE_FLOAT_32;
        ti.bytes = elem == 0 ? 0 : ti.device_bytes / elem * sizeof(float);
        std::memcpy(&ti.scale, &r.scale_bits, sizeof(float));
        ti.offset = -r.zero_point;
      }
    }
  }
}

bool Session::io_fits_host_arena(std::string* error) const {
  // Nothing is allocated for a buffer the host's DDR arena could not hold (the firmware's
  // scratch, persistent and IO memory is DDR, one arena of LPAI_HOST_DDR_ARENA_BYTES).
  for (const auto* list : {&inputs_, &outputs_}) {
    for (size_t k = 0; k < list->size(); ++k) {
      const TensorInfo& ti = (*list)[k];
      if (ti.bytes > kMaxHostBufferBytes || ti.device_bytes > kMaxHostBufferBytes) {
        *error = std::string("graph ") + (list == &inputs_ ? "input " : "output ") +
                 std::to_string(k) + " of " + std::to_string(std::max(ti.bytes, ti.device_bytes)) +
                 " bytes exceeds the host DDR arena (" + std::to_string(kMaxHostBufferBytes) +
                 " bytes)";
        return false;
      }
    }
  }
  return true;
}

// 1-2. Backend, context from the binary, graph, and the alignment requirements.
bool Session::load_context(std::string* error) {
  // 1. Backend.
  if (!acquire_backend(&backend_, error)) return false;

  // 2. Context from the binary, with the memory type of model binary and IO buffers.
  QnnLpaiMem_MemType_t mem_type = options_.mem_type;
  QnnLpaiContext_CustomConfig_t custom_ctx_cfg = {QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE, &mem_type};
  QnnContext_Config_t ctx_cfg = QNN_CONTEXT_CONFIG_INIT;
  ctx_cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
  ctx_cfg.customConfig = &custom_ctx_cfg;
  const QnnContext_Config_t* ctx_cfgs[2] = {&ctx_cfg, nullptr};
  if (!call_ok(QnnContext_createFromBinary(backend_, nullptr, ctx_cfgs, binary_.data(),
                                           binary_.size(), &context_, nullptr),
               "QnnContext_createFromBinary", error))
    return false;
  if (!call_ok(QnnGraph_retrieve(context_, graph_name_.c_str(), &graph_), "QnnGraph_retrieve",
               error))
    return false;

  // Alignment requirements, queried once the context is loaded: the backend reports its own
  // start alignment raised to the plan's (a binary prepared with --alignment 256:64 needs
  // 256-byte starts).
  QnnLpaiBackend_BufferAlignmentReq_t align = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t custom_backend_prop = {QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ,
                                                         &align};
  QnnBackend_Property_t backend_prop = QNN_BACKEND_PROPERTY_INIT;
  backend_prop.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  backend_prop.customProperty = &custom_backend_prop;
  QnnBackend_Property_t* backend_props[2] = {&backend_prop, nullptr};
  if (!call_ok(QnnBackend_getProperty(backend_, backend_props), "QnnBackend_getProperty", error))
    return false;
  start_alignment_ = align.startAddrAlignment;
  size_alignment_ = align.sizeAlignment;

  return true;
}

bool Session::query_memory_sizes(std::string* error) {
  // 3. Scratch, persistent and profile buffer sizes (one property call, all entries).
  QnnLpaiGraph_CustomProperty_t scratch_prop = {QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE,
                                                &scratch_size_};
  QnnLpaiGraph_CustomProperty_t persistent_prop = {QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE,
                                                   &persistent_size_};
  QnnLpaiGraph_CustomProperty_t profile_prop = {QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE,
                                                &profile_size_};
  QnnGraph_Property_t graph_props[3] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT,
                                        QNN_GRAPH_PROPERTY_INIT};
  graph_props[0].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  graph_props[0].customProperty = &scratch_prop;
  graph_props[1].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  graph_props[1].customProperty = &persistent_prop;
  graph_props[2].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  graph_props[2].customProperty = &profile_prop;
  QnnGraph_Property_t* graph_prop_ptrs[4] = {&graph_props[0], &graph_props[1], nullptr,
                                             nullptr};
  if (options_.profiling) graph_prop_ptrs[2] = &graph_props[2];
  if (!call_ok(QnnGraph_getProperty(graph_, graph_prop_ptrs), "QnnGraph_getProperty", error))
    return false;

  if (scratch_size_ > kMaxHostBufferBytes || persistent_size_ > kMaxHostBufferBytes) {
    *error = "the graph's scratch (" + std::to_string(scratch_size_) + " bytes) or persistent (" +
             std::to_string(persistent_size_) + " bytes) memory exceeds the host DDR arena (" +
             std::to_string(kMaxHostBufferBytes) + " bytes)";
    return false;
  }
  return true;
}

bool Session::hand_over_memory(std::string* error) {
  // 4-5. Aligned buffers, handed over in one set-config call.
  scratch_ = AlignedBytes(scratch_size_, start_alignment_, size_alignment_);
  persistent_ = AlignedBytes(persistent_size_, start_alignment_, size_alignment_);
  QnnLpaiGraph_Mem_t scratch_mem = {QNN_LPAI_MEM_TYPE_DDR, scratch_size_, scratch_.data()};
  QnnLpaiGraph_Mem_t persistent_mem = {QNN_LPAI_MEM_TYPE_DDR, persistent_size_,
                                       persistent_.data()};
  QnnLpaiGraph_CustomConfig_t scratch_cfg = {QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &scratch_mem};
  QnnLpaiGraph_CustomConfig_t persistent_cfg = {QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM,
                                                &persistent_mem};
  // Profiling: the per-node cycle buffer is ours too.
  if (options_.profiling) profile_ = AlignedBytes(profile_size_, QNN_LPAI_PROFILE_BUFFER_ALIGNMENT);
  QnnLpaiGraph_ProfileBuffer_t profile_buf = {profile_size_, profile_.data()};
  QnnLpaiGraph_CustomConfig_t profile_cfg = {QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER, &profile_buf};
  QnnGraph_Config_t graph_cfgs[3] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT,
                                     QNN_GRAPH_CONFIG_INIT};
  std::vector<const QnnGraph_Config_t*> cfg_ptrs;
  if (scratch_size_ > 0) {
    graph_cfgs[0].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    graph_cfgs[0].customConfig = &scratch_cfg;
    cfg_ptrs.push_back(&graph_cfgs[0]);
  }
  if (persistent_size_ > 0) {
    graph_cfgs[1].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    graph_cfgs[1].customConfig = &persistent_cfg;
    cfg_ptrs.push_back(&graph_cfgs[1]);
  }
  if (options_.profiling) {
    graph_cfgs[2].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    graph_cfgs[2].customConfig = &profile_cfg;
    cfg_ptrs.push_back(&graph_cfgs[2]);
  }
  cfg_ptrs.push_back(nullptr);
  if (cfg_ptrs.size() > 1 &&
      !call_ok(QnnGraph_setConfig(graph_, cfg_ptrs.data()), "QnnGraph_setConfig", error))
    return false;
  return true;
}

bool Session::finalize_graph(std::string* error) {
  // 6. Finalize.
  if (!call_ok(QnnGraph_finalize(graph_, nullptr, nullptr), "QnnGraph_finalize", error))
    return false;
  return !options_.profiling ||
         call_ok(QnnLpaiGraph_setProfiling(graph_, 1), "QnnLpaiGraph_setProfiling", error);
}

bool Session::allocate_io(std::string* error) {
  // 7. IO buffers: aligned RAW buffers, or registered shared buffers (zero copy).
  const size_t n_io = inputs_.size() + outputs_.size();
  io_shared_.assign(n_io, nullptr);
  io_owned_.assign(n_io, false);
  io_handles_.assign(n_io, nullptr);
  for (size_t k = 0; k < n_io; ++k) {
    const TensorInfo& ti = k < inputs_.size() ? inputs_[k] : outputs_[k - inputs_.size()];
    io_raw_.emplace_back(ti.device_bytes, start_alignment_, size_alignment_);
    Qnn_Tensor_t& t = io_tensor(k);
    t.v1.memType = QNN_TENSORMEMTYPE_RAW;
    t.v1.clientBuf.data = io_raw_.back().data();
    t.v1.clientBuf.dataSize = static_cast<uint32_t>(ti.device_bytes);
    if (!options_.use_memhandle) continue;
    const uint32_t bytes =
        static_cast<uint32_t>(align_up(ti.device_bytes, size_alignment_));
    void* buf = rpcmem_alloc_aligned(bytes, start_alignment_ > 64 ? start_alignment_ : 64);
    if (buf == nullptr) {
      *error = "rpcmem_alloc of " + std::to_string(bytes) + " bytes for tensor '" + ti.name +
               "' failed (shared region exhausted)";
      return false;
    }
    io_owned_[k] = true;
    io_shared_[k] = buf;
    if (!register_io(k, buf, bytes, error)) return false;
  }
  return true;
}

Qnn_Tensor_t& Session::io_tensor(size_t k) {
  return k < input_tensors_.size() ? input_tensors_[k] : output_tensors_[k - input_tensors_.size()];
}

bool Session::register_handle(size_t k, void* buffer, size_t bytes, Qnn_MemHandle_t* handle,
                              std::string* error) {
  Qnn_Tensor_t& t = io_tensor(k);
  Qnn_MemDescriptor_t desc = QNN_MEM_DESCRIPTOR_INIT;
  desc.memShape.numDim = t.v1.rank;
  desc.memShape.dimSize = t.v1.dimensions;
  desc.dataType = t.v1.dataType;
  QnnLpaiMem_MemInfoCustom_t custom = QNN_LPAI_MEM_INFO_CUSTOM_INIT;
  // An fd names a whole rpcmem buffer (it resolves to the buffer's start), so only a buffer
  // that starts an rpcmem allocation is registered by fd; any other address (including an
  // aligned sub-range of an rpcmem buffer) is registered as caller-owned custom memory.
  const int fd = rpcmem_to_fd(buffer);
  uint8_t* fd_start = nullptr;
  size_t fd_bytes = 0;
  if (fd > 0 && lpai_hal_shared_resolve(fd, &fd_start, &fd_bytes) == 0 && fd_start == buffer) {
    desc.memType = QNN_MEM_TYPE_ION;
    desc.ionInfo.fd = fd;
  } else {
    custom.buffer = buffer;
    custom.size = bytes;
    desc.memType = QNN_MEM_TYPE_CUSTOM;
    desc.customInfo = &custom;
  }
  return call_ok(QnnMem_register(context_, &desc, 1, handle), "QnnMem_register", error);
}

bool Session::register_io(size_t k, void* buffer, size_t bytes, std::string* error) {
  Qnn_MemHandle_t handle = nullptr;
  if (!register_handle(k, buffer, bytes, &handle, error)) return false;
  io_handles_[k] = handle;
  Qnn_Tensor_t& t = io_tensor(k);
  t.v1.memType = QNN_TENSORMEMTYPE_MEMHANDLE;
  t.v1.memHandle = handle;
  return true;
}

void Session::unbind_shared(size_t k) {
  if (io_handles_[k] != nullptr) {
    (void)QnnLpaiGraph_releaseIo(graph_);
    (void)QnnMem_deRegister(&io_handles_[k], 1);
    io_handles_[k] = nullptr;
  }
  if (io_owned_[k]) rpcmem_free(io_shared_[k]);
  io_owned_[k] = false;
  io_shared_[k] = nullptr;
  Qnn_Tensor_t& t = io_tensor(k);
  t.v1.memType = QNN_TENSORMEMTYPE_RAW;
  t.v1.clientBuf.data = io_raw_[k].data();
  t.v1.clientBuf.dataSize = static_cast<uint32_t>(io_raw_[k].size());
}

bool Session::bind_shared(size_t k, void* buffer, size_t bytes, std::string* error) {
  if (k >= io_shared_.size()) {
    *error = "no IO tensor " + std::to_string(k);
    return false;
  }
  if (buffer == nullptr) {
    *error = "IO " + std::to_string(k) + ": shared buffer is null";
    return false;
  }
  // Rebinding the buffer already bound here: its handle must go first (one handle per buffer).
  if (buffer == io_shared_[k]) unbind_shared(k);
  // Otherwise the new buffer is registered first, so a rejected buffer leaves the previous
  // binding in place.
  Qnn_MemHandle_t handle = nullptr;
  if (!register_handle(k, buffer, bytes, &handle, error)) return false;
  unbind_shared(k);
  io_handles_[k] = handle;
  io_shared_[k] = buffer;
  Qnn_Tensor_t& t = io_tensor(k);
  t.v1.memType = QNN_TENSORMEMTYPE_MEMHANDLE;
  t.v1.memHandle = handle;
  return true;
}

uint8_t* Session::io_buffer(size_t k) {
  return io_shared_[k] != nullptr ? static_cast<uint8_t*>(io_shared_[k]) : io_raw_[k].data();
}

bool Session::execute(std::string* error) {
  return call_ok(QnnGraph_execute(graph_, input_tensors_.data(),
                                  static_cast<uint32_t>(input_tensors_.size()),
                                  output_tensors_.data(),
                                  static_cast<uint32_t>(output_tensors_.size()), nullptr, nullptr),
                 "QnnGraph_execute", error);
}

Session::~Session() {
  if (graph_ != nullptr) (void)QnnLpaiGraph_releaseIo(graph_);
  for (Qnn_MemHandle_t& h : io_handles_)
    if (h != nullptr) (void)QnnMem_deRegister(&h, 1);
  if (context_ != nullptr) (void)QnnContext_free(context_, nullptr);
  if (backend_ != nullptr) release_backend();
  for (size_t k = 0; k < io_shared_.size(); ++k)
    if (io_owned_[k]) rpcmem_free(io_shared_[k]);
}

bool Session::run(const std::vector<std::vector<uint8_t>>& inputs,
                  std::vector<std::vector<uint8_t>>* outputs, std::string* error) {
  if (inputs.size() != inputs_.size()) {
    *error = "graph has " + std::to_string(inputs_.size()) + " inputs, got " +
             std::to_string(inputs.size());
    return false;
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].size() != inputs_[k].bytes) {
      *error = "input " + std::to_string(k) + " ('" + inputs_[k].name + "') needs " +
               std::to_string(inputs_[k].bytes) + " bytes, got " + std::to_string(inputs[k].size());
      return false;
    }
    const TensorInfo& ti = inputs_[k];
    if (ti.float_io) {
      std::vector<float> f(ti.bytes / sizeof(float));
      std::memcpy(f.data(), inputs[k].data(), ti.bytes);
      quantize_floats(f.data(), f.size(), ti.scale, -ti.offset, ti.device_type, io_buffer(k));
    } else {
      std::memcpy(io_buffer(k), inputs[k].data(), inputs[k].size());
    }
  }
  if (!execute(error)) return false;
  outputs->assign(outputs_.size(), {});
  for (size_t j = 0; j < outputs_.size(); ++j) {
    const size_t k = inputs_.size() + j;
    const uint8_t* src = io_buffer(k);
    const TensorInfo& ti = outputs_[j];
    if (ti.float_io) {
      std::vector<float> f(ti.bytes / sizeof(float));
      dequantize_to_floats(src, f.size(), ti.scale, -ti.offset, ti.device_type, f.data());
      (*outputs)[j].resize(ti.bytes);
      std::memcpy((*outputs)[j].data(), f.data(), ti.bytes);
    } else {
      (*outputs)[j].assign(src, src + ti.bytes);
    }
  }
  return true;
}

namespace {
bool is_16bit(Qnn_DataType_t type) {
  return type == QNN_DATATYPE_INT_16 || type == QNN_DATATYPE_SFIXED_POINT_16;
}
bool is_unsigned_8bit(Qnn_DataType_t type) {
  return type == QNN_DATATYPE_UINT_8 || type == QNN_DATATYPE_UFIXED_POINT_8;
}
}  // namespace

void quantize_floats(const float* in, size_t n, float scale, int32_t zero_point,
                     Qnn_DataType_t type, uint8_t* out) {
  const bool wide = is_16bit(type);
  const bool u8 = is_unsigned_8bit(type);
  const int32_t lo = wide ? -32768 : u8 ? 0 : -128, hi = wide ? 32767 : u8 ? 255 : 127;
  for (size_t i = 0; i < n; ++i) {
    // TFLite Micro's AffineQuantize: the division and the rounding are in float
    // (TfLiteRound(value / float(scale)), half away from zero), then + zero point, saturate.
    // Values beyond int32 (where TFLite Micro's cast is undefined) saturate; NaN maps to
    // the zero point.
    const float q = std::round(in[i] / scale);
    const int64_t r = std::isnan(q)           ? 0LL
                      : q >= 2147483648.0f  ? 2147483647LL
                      : q <= -2147483648.0f ? -2147483648LL
                                            : static_cast<int64_t>(q);
    int64_t v = r + zero_point;
    v = v < lo ? lo : v > hi ? hi : v;
    if (wide) {
      const int16_t x = static_cast<int16_t>(v);
      std::memcpy(out + 2 * i, &x, 2);
    } else {
      out[i] = static_cast<uint8_t>(v & 0xFF);
    }
  }
}

void dequantize_to_floats(const uint8_t* in, size_t n, float scale, int32_t zero_point,
                          Qnn_DataType_t type, float* out) {
  const bool wide = is_16bit(type);
  // TFLite Micro's Dequantize: float(double(scale) * (q - zero point)).
  const double s = static_cast<double>(scale);
  for (size_t i = 0; i < n; ++i) {
    int32_t v;
    if (wide) {
      int16_t x;
      std::memcpy(&x, in + 2 * i, 2);
      v = x;
    } else {
      v = is_unsigned_8bit(type) ? in[i] : static_cast<int8_t>(in[i]);
    }
    out[i] = static_cast<float>(s * static_cast<double>(v - zero_point));
  }
}

void Session::poison_scratch(uint8_t byte) {
  if (scratch_size_ > 0) std::memset(scratch_.data(), byte, scratch_size_);
}

bool Session::replace_scratch(std::string* error) {
  AlignedBytes fresh(scratch_size_, start_alignment_, size_alignment_);
  QnnLpaiGraph_Mem_t mem = {QNN_LPAI_MEM_TYPE_DDR, scratch_size_, fresh.data()};
  QnnLpaiGraph_CustomConfig_t custom = {QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem};
  QnnGraph_Config_t cfg = QNN_GRAPH_CONFIG_INIT;
  cfg.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &custom;
  const QnnGraph_Config_t* cfgs[2] = {&cfg, nullptr};
  if (!call_ok(QnnGraph_setConfig(graph_, cfgs), "QnnGraph_setConfig(scratch)", error))
    return false;
  scratch_ = std::move(fresh);
  return true;
}

bool Session::reset_state(std::string* error) {
  return call_ok(QnnLpaiGraph_resetPersistent(graph_), "QnnLpaiGraph_resetPersistent", error);
}

QnnLpaiGraph_Counters_t Session::counters() const {
  QnnLpaiGraph_Counters_t c = QNN_LPAI_GRAPH_COUNTERS_INIT;
  (void)QnnLpaiGraph_getCounters(graph_, &c);
  return c;
}

std::vector<uint64_t> Session::node_cycles() const {
  uint32_t n = 0;
  if (QnnLpaiGraph_getNodeCycles(graph_, nullptr, 0, &n) != QNN_SUCCESS) return {};
  std::vector<uint64_t> cycles(n);
  if (n > 0 && QnnLpaiGraph_getNodeCycles(graph_, cycles.data(), n, &n) != QNN_SUCCESS) return {};
  return cycles;
}

}  // namespace host
}  // namespace lpai
