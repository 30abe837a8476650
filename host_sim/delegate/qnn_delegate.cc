#include "QNN/TFLiteDelegate/QnnTFLiteDelegate.h"

#include <cstdarg>
#include <cstring>
#include <string>
#include <vector>

#include "core/log.h"
#include "lpai/hal_host.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "shared_mem/rpcmem.h"

// The delegate object: its options and a tag that tells ours from any other pointer.
struct TfLiteDelegate {
  uint32_t tag;
  TfLiteQnnDelegateOptions options;
};

namespace {
constexpr uint32_t kDelegateTag = 0x4C504149u;  // "LPAI"
constexpr uint32_t kDeletedTag = 0u;

tflite::LogSeverity g_min_severity = tflite::TFLITE_LOG_INFO;

// One line of the delegate-style API: formatted and escaped as the firmware log does, written
// when `severity` passes tflite::LoggerOptions (not the firmware's level).
void delegate_log(tflite::LogSeverity severity, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
void delegate_log(tflite::LogSeverity severity, const char* fmt, ...) {
  if (severity < g_min_severity || severity >= tflite::TFLITE_LOG_SILENT) return;
  char line[lpai::kLogLineMax];
  va_list args;
  va_start(args, fmt);
  const size_t n = lpai::vformat_to(line, sizeof(line), fmt, args);
  va_end(args);
  char escaped[lpai::kLogLineMax];
  const size_t m = lpai::escape_line(line, n, escaped, sizeof(escaped));
  const lpai_log_level_t level = severity == tflite::TFLITE_LOG_ERROR     ? LPAI_LOG_LEVEL_ERROR
                                 : severity == tflite::TFLITE_LOG_WARNING ? LPAI_LOG_LEVEL_WARN
                                 : severity == tflite::TFLITE_LOG_INFO    ? LPAI_LOG_LEVEL_INFO
                                                                          : LPAI_LOG_LEVEL_VERBOSE;
  lpai_hal_host_log_write_unfiltered(level, escaped, m);
}
}  // namespace

namespace tflite {
LogSeverity LoggerOptions::SetMinimumLogSeverity(LogSeverity severity) {
  const LogSeverity previous = g_min_severity;
  g_min_severity = severity;
  return previous;
}
LogSeverity LoggerOptions::GetMinimumLogSeverity() { return g_min_severity; }
}  // namespace tflite

extern "C" {

TfLiteQnnDelegateOptions TfLiteQnnDelegateOptionsDefault(void) {
  TfLiteQnnDelegateOptions o;
  o.backend_type = kUndefinedBackend;
  return o;
}

TfLiteDelegate* TfLiteQnnDelegateCreate(const TfLiteQnnDelegateOptions* options) {
  if (options == nullptr) {
    delegate_log(tflite::TFLITE_LOG_ERROR, "TfLiteQnnDelegateCreate: options is null");
    return nullptr;
  }
  if (options->backend_type != kHtpBackend && options->backend_type != kLpaiBackend) {
    delegate_log(tflite::TFLITE_LOG_ERROR,
                 "TfLiteQnnDelegateCreate: backend_type %d is not supported (lpai-rt runs "
                 "kHtpBackend and kLpaiBackend on its LPAI backend)",
                 static_cast<int>(options->backend_type));
    return nullptr;
  }
  return new TfLiteDelegate{kDelegateTag, *options};
}

void TfLiteQnnDelegateDelete(TfLiteDelegate* delegate) {
  if (delegate == nullptr) return;
  delegate->tag = kDeletedTag;
  delete delegate;
}

void* TfLiteQnnDelegateAllocCustomMem(size_t num_bytes, size_t alignment) {
  if (num_bytes == 0) return nullptr;
  return rpcmem_alloc_aligned(num_bytes, alignment);
}

void TfLiteQnnDelegateFreeCustomMem(void* buffer_ptr) { rpcmem_free(buffer_ptr); }

}  // extern "C"

namespace lpai {
namespace delegate {

std::unique_ptr<Interpreter> Interpreter::FromModel(const std::vector<uint8_t>& tflite,
                                                    std::string* error) {
  prepare::PlanOptions options;
  options.io_memhandle = true;  // IO is provided by the caller: nothing planned for it
  prepare::PrepareOutput out;
  const host::HostStatus prepared = prepare::prepare_tflite(tflite.data(), tflite.size(), options, &out);
  if (!prepared.ok()) {
    *error = prepared.error();
    return nullptr;
  }
  // The delegate hands out the device's own IO buffers (and registers the caller's as shared
  // memory, zero copy): a float32 boundary tensor, whose device tensor is int8/int16, would be
  // exposed with the wrong type and a quarter or half of its bytes. Refused; lpai-net-run and
  // host::Session convert such IO.
  for (const std::vector<int>* list : {&out.graph.inputs, &out.graph.outputs}) {
    for (int id : *list) {
      if (!out.graph.tensors[static_cast<size_t>(id)].float_io) continue;
      *error = "tensor " + std::to_string(id) + ": float32 graph " +
               (list == &out.graph.inputs ? "input" : "output") +
               " (a boundary QUANTIZE/DEQUANTIZE) is not supported by the delegate API, which "
               "exposes the device's int8/int16 tensors; quantize the model's IO";
      return nullptr;
    }
  }
  std::unique_ptr<Interpreter> it(new Interpreter());
  it->binary_ = std::move(out.binary);
  it->node_count_ = static_cast<int>(out.graph.ops.size());
  it->inputs_.assign(out.graph.inputs.begin(), out.graph.inputs.end());
  it->outputs_.assign(out.graph.outputs.begin(), out.graph.outputs.end());
  for (int id : it->inputs_) it->io_bytes_.push_back(prepare::tensor_bytes(out.graph.tensors[id]));
  for (int id : it->outputs_) it->io_bytes_.push_back(prepare::tensor_bytes(out.graph.tensors[id]));
  delegate_log(tflite::TFLITE_LOG_INFO, "Initialized TensorFlow Lite runtime.");
  return it;
}

Interpreter::~Interpreter() = default;

int Interpreter::io_position(int tensor_index) const {
  for (size_t i = 0; i < inputs_.size(); ++i)
    if (inputs_[i] == tensor_index) return static_cast<int>(i);
  for (size_t j = 0; j < outputs_.size(); ++j)
    if (outputs_[j] == tensor_index) return static_cast<int>(inputs_.size() + j);
  return -1;
}

TfLiteStatus Interpreter::error(const std::string& message, TfLiteStatus status) {
  last_error_ = message;
  delegate_log(tflite::TFLITE_LOG_ERROR, "%s", message.c_str());
  return status;
}

TfLiteStatus Interpreter::open_runtime() {
  if (session_) return kTfLiteOk;
  std::string err;
  session_ = host::Session::open(binary_, host::SessionOptions(), &err);
  if (!session_) return error("AllocateTensors: " + err);
  return kTfLiteOk;
}

bool Interpreter::register_shared(int tensor_index, const TfLiteCustomAllocation& alloc) {
  std::string err;
  const size_t pos = static_cast<size_t>(io_position(tensor_index));
  if (!session_->bind_shared(pos, alloc.data, alloc.bytes, &err)) {
    error("Tensor " + std::to_string(tensor_index) + ": " + err);
    return false;
  }
  delegate_log(tflite::TFLITE_LOG_INFO, "Tensor %d is successfully registered to shared memory.",
               tensor_index);
  return true;
}

TfLiteStatus Interpreter::SetCustomAllocationForTensor(int tensor_index,
                                                       const TfLiteCustomAllocation& alloc,
                                                       int64_t flags) {
  if (flags != kTfLiteCustomAllocationFlagsNone)
    return error("Tensor " + std::to_string(tensor_index) + ": unsupported custom allocation "
                 "flags " + std::to_string(flags));
  if (io_position(tensor_index) < 0)
    return error("Tensor " + std::to_string(tensor_index) +
                 ": custom allocations are supported for graph inputs and outputs only");
  if (alloc.data == nullptr)
    return error("Tensor " + std::to_string(tensor_index) + ": custom allocation has no buffer");
  pending_[tensor_index] = alloc;
  return kTfLiteOk;
}

TfLiteStatus Interpreter::AllocateTensors() {
  if (open_runtime() != kTfLiteOk) return kTfLiteError;
  TfLiteStatus status = kTfLiteOk;
  for (auto it = pending_.begin(); it != pending_.end();) {
    const int idx = it->first;
    const TfLiteCustomAllocation alloc = it->second;
    it = pending_.erase(it);
    const size_t needed = io_bytes_[static_cast<size_t>(io_position(idx))];
    if (alloc.bytes < needed) {
      status = error("Tensor " + std::to_string(idx) + ": custom allocation of " +
                     std::to_string(alloc.bytes) + " bytes is smaller than the tensor (" +
                     std::to_string(needed) + " bytes)");
      continue;
    }
    const uintptr_t align = session_->start_alignment();
    if (align > 1 && reinterpret_cast<uintptr_t>(alloc.data) % align != 0) {
      status = error("Tensor " + std::to_string(idx) + ": custom allocation is not aligned to " +
                     std::to_string(align) + " bytes");
      continue;
    }
    if (delegated_ && !register_shared(idx, alloc)) {
      status = kTfLiteError;
      continue;
    }
    accepted_[idx] = alloc;
  }
  return status;
}

TfLiteStatus Interpreter::ModifyGraphWithDelegate(TfLiteDelegate* delegate) {
  if (delegate == nullptr || delegate->tag != kDelegateTag)
    return error("ModifyGraphWithDelegate: not a delegate from TfLiteQnnDelegateCreate",
                 kTfLiteDelegateError);
  if (delegated_)
    return error("ModifyGraphWithDelegate: a delegate is already applied", kTfLiteDelegateError);
  if (open_runtime() != kTfLiteOk) return kTfLiteDelegateError;
  delegate_log(tflite::TFLITE_LOG_INFO,
               "TfLiteQnnDelegate delegate: %d nodes delegated out of %d nodes with 1 "
               "partitions.",
               node_count_, node_count_);
  delegate_log(tflite::TFLITE_LOG_INFO,
               "Replacing %d node(s) with delegate (TfLiteQnnDelegate) node, yielding 1 "
               "partitions.",
               node_count_);
  delegated_ = true;
  TfLiteStatus status = kTfLiteOk;
  for (auto it = accepted_.begin(); it != accepted_.end();) {
    if (register_shared(it->first, it->second)) {
      ++it;
    } else {
      status = kTfLiteDelegateError;  // the tensor falls back to the runtime's own buffer
      it = accepted_.erase(it);
    }
  }
  return status;
}

TfLiteStatus Interpreter::Invoke() {
  if (!session_) return error("Invoke: AllocateTensors() has not been called");
  // Without a delegate the custom buffers are used by copy.
  if (!delegated_) {
    for (const auto& [idx, alloc] : accepted_) {
      const size_t pos = static_cast<size_t>(io_position(idx));
      if (pos < inputs_.size())
        std::memcpy(session_->io_buffer(pos), alloc.data, io_bytes_[pos]);
    }
  }
  std::string err;
  if (!session_->execute(&err)) return error("Invoke: " + err);
  if (!delegated_) {
    for (const auto& [idx, alloc] : accepted_) {
      const size_t pos = static_cast<size_t>(io_position(idx));
      if (pos >= inputs_.size())
        std::memcpy(alloc.data, session_->io_buffer(pos), io_bytes_[pos]);
    }
  }
  return kTfLiteOk;
}

uint8_t* Interpreter::tensor_data(int tensor_index) {
  const int pos = io_position(tensor_index);
  if (pos < 0 || !session_) return nullptr;
  auto it = accepted_.find(tensor_index);
  if (it != accepted_.end()) return static_cast<uint8_t*>(it->second.data);
  return session_->io_buffer(static_cast<size_t>(pos));
}

size_t Interpreter::tensor_bytes(int tensor_index) const {
  const int pos = io_position(tensor_index);
  return pos < 0 ? 0 : io_bytes_[static_cast<size_t>(pos)];
}

}  // namespace delegate
}  // namespace lpai
