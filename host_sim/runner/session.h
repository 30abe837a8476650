// Session: one context binary driven through the C shim exactly as the LPAI documents
// recommend (alignment query, size queries, aligned allocation, set-config, finalize, IO,
// execute, free). The single host-side implementation of that workflow: lpai-net-run, the
// delegate-style API, the golden-model tests and the firmware-image comparisons use it.
#ifndef LPAI_HOST_RUNNER_SESSION_H
#define LPAI_HOST_RUNNER_SESSION_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/aligned_bytes.h"
#include "lpai/hal_host.h"
#include "lpai/qnn_compat.h"
#include "simd/kernel_variant.h"

namespace lpai {
namespace host {

struct TensorInfo {
  uint32_t id = 0;
  std::string name;
  Qnn_DataType_t data_type = QNN_DATATYPE_UNDEFINED;
  std::vector<uint32_t> dims;
  size_t bytes = 0;
  float scale = 0.0f;   // real = scale * (q + offset)
  int32_t offset = 0;
  // Float at the boundary (format::kTensorIsFloatIo): the caller reads/writes float32
  // (data_type FLOAT_32, `bytes` counts floats); the graph's own IO buffer holds the integer
  // tensor (device_type, device_bytes). Session::run converts as TFLite Micro's QUANTIZE /
  // DEQUANTIZE do; shared (MEMHANDLE) buffers always hold the integer tensor.
  bool float_io = false;
  Qnn_DataType_t device_type = QNN_DATATYPE_UNDEFINED;
  size_t device_bytes = 0;
};

// TFLite Micro's float -> int8/uint8/int16 QUANTIZE (round half away from zero, saturate) and
// int8/uint8/int16 -> float DEQUANTIZE, element by element; `type` is INT_8, UINT_8 or INT_16
// (the QNN SFIXED_POINT / UFIXED_POINT types accepted too). `n` elements.
void quantize_floats(const float* in, size_t n, float scale, int32_t zero_point,
                     Qnn_DataType_t type, uint8_t* out);
void dequantize_to_floats(const uint8_t* in, size_t n, float scale, int32_t zero_point,
                          Qnn_DataType_t type, float* out);

// Largest scratch, persistent or IO buffer a Session allocates: the host's DDR arena
// (the firmware's DDR memory on the host). Session::open refuses a graph needing more, before
// any of its buffers is allocated.
constexpr size_t kMaxHostBufferBytes = LPAI_HOST_DDR_ARENA_BYTES;

struct SessionOptions {
  QnnLpaiMem_MemType_t mem_type = QNN_LPAI_MEM_TYPE_DDR;  // model binary + IO buffers
  bool use_memhandle = false;  // IO through registered shared buffers (zero copy)
  bool profiling = false;      // per-node cycles, into a profile buffer of the session
};

class Session {
 public:
  // Loads `binary`, creates backend/context/graph, queries, allocates and sets scratch and
  // persistent memory, finalizes. nullptr with *error (one line, names the failing call and
  // its error code) on failure; everything created so far is released.
  static std::unique_ptr<Session> open(const std::vector<uint8_t>& binary,
                                       const SessionOptions& options, std::string* error);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const std::string& graph_name() const { return graph_name_; }
  const std::vector<TensorInfo>& inputs() const { return inputs_; }
  const std::vector<TensorInfo>& outputs() const { return outputs_; }
  uint32_t scratch_size() const { return scratch_size_; }
  uint32_t persistent_size() const { return persistent_size_; }
  uint32_t start_alignment() const { return start_alignment_; }
  uint32_t size_alignment() const { return size_alignment_; }

  // One inference: inputs[k] must hold exactly inputs()[k].bytes bytes. Fills *outputs.
  bool run(const std::vector<std::vector<uint8_t>>& inputs,
           std::vector<std::vector<uint8_t>>* outputs, std::string* error);
  // Executes once on the current IO buffers (io_buffer), without copying anything in or out.
  bool execute(std::string* error);
  // Current buffer of IO k (inputs first, then outputs): the RAW buffer, or the shared
  // buffer bound to it.
  uint8_t* io_buffer(size_t k);
  // Binds IO k to a caller-provided shared buffer of `bytes` bytes from now on (MEMHANDLE, zero
  // copy): a buffer that starts an rpcmem allocation is registered by its fd
  // (QNN_MEM_TYPE_ION), any other address (also an aligned sub-range of an rpcmem buffer) as
  // caller-owned custom memory (QNN_MEM_TYPE_CUSTOM). The caller keeps it alive while the
  // session lives. Errors come from QnnMem_register (alignment, size, already registered);
  // on error IO k keeps its previous buffer.
  bool bind_shared(size_t k, void* buffer, size_t bytes, std::string* error);

  // Replaces the scratch buffer with a fresh one (allowed after finalize).
  bool replace_scratch(std::string* error);
  // Fills the scratch buffer with `byte` (scratch may be overwritten between executions; the
  // fuzzers check that no output depends on what it held).
  void poison_scratch(uint8_t byte);
  // Zeroes persistent state (QnnLpaiGraph_resetPersistent).
  bool reset_state(std::string* error);

  QnnLpaiGraph_Counters_t counters() const;
  std::vector<uint64_t> node_cycles() const;  // last profiled execute, one entry per node
  Qnn_GraphHandle_t graph() const { return graph_; }
  Qnn_ContextHandle_t context() const { return context_; }

 private:
  Session() = default;
  // open()'s steps, in order; each fails with *error set, leaving ~Session to release.
  bool setup(const std::vector<uint8_t>& binary, std::string* error);
  bool describe_io(std::string* error);        // names, types, shapes of the graph IO
  void mark_float_io();                        // float-boundary IO from the tensor records
  bool io_fits_host_arena(std::string* error) const;
  bool load_context(std::string* error);       // backend, context, graph, alignment
  bool query_memory_sizes(std::string* error);  // scratch, persistent, profile buffer
  bool hand_over_memory(std::string* error);   // aligned buffers, one set-config call
  bool finalize_graph(std::string* error);
  bool allocate_io(std::string* error);        // RAW or registered shared IO buffers
  Qnn_Tensor_t& io_tensor(size_t k);
  bool register_handle(size_t k, void* buffer, size_t bytes, Qnn_MemHandle_t* handle,
                       std::string* error);
  bool register_io(size_t k, void* buffer, size_t bytes, std::string* error);
  void unbind_shared(size_t k);  // back to the RAW buffer; frees an owned shared buffer

  SessionOptions options_;
  AlignedBytes binary_;
  AlignedBytes scratch_;
  AlignedBytes persistent_;
  AlignedBytes profile_;                      // per-node cycles (options.profiling)
  std::vector<AlignedBytes> io_raw_;          // RAW buffers, inputs then outputs
  std::vector<void*> io_shared_;              // MEMHANDLE buffers, inputs then outputs (or null)
  std::vector<bool> io_owned_;                // io_shared_[k] was allocated by the session
  std::vector<Qnn_MemHandle_t> io_handles_;
  std::vector<std::vector<uint32_t>> dims_storage_;
  std::vector<Qnn_Tensor_t> input_tensors_;
  std::vector<Qnn_Tensor_t> output_tensors_;
  std::vector<TensorInfo> inputs_;
  std::vector<TensorInfo> outputs_;
  std::string graph_name_;
  uint32_t scratch_size_ = 0, persistent_size_ = 0, profile_size_ = 0;
  uint32_t start_alignment_ = 1, size_alignment_ = 1;
  Qnn_BackendHandle_t backend_ = nullptr;
  Qnn_ContextHandle_t context_ = nullptr;
  Qnn_GraphHandle_t graph_ = nullptr;
};

// The code of the last QNN call a Session failed on this thread (the number behind its
// `error` text), QNN_SUCCESS when none failed since clear_last_call_error(). For callers that
// report the code as a number (the Python module); a failure that is no QNN call (a wrong
// input size, a binary without a graph) leaves it unchanged.
Qnn_ErrorHandle_t last_call_error();
void clear_last_call_error();

// "6010 (GRAPH_SCRATCH_MISSING)": a QNN error code with its lpai-rt name.
std::string describe_error(Qnn_ErrorHandle_t code);
// Bytes per element of a QNN data type (0 when unknown).
size_t qnn_type_size(Qnn_DataType_t type);

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_RUNNER_SESSION_H
