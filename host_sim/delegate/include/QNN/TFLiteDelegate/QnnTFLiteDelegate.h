// The delegate API of seed 004 ("Tutorial - Running Inference Using Shared Memory") under the
// include path the seed uses, so that its running example compiles with its single include:
//
//   #include "QNN/TFLiteDelegate/QnnTFLiteDelegate.h"
//   TfLiteQnnDelegateOptions options = TfLiteQnnDelegateOptionsDefault();
//   options.backend_type = kHtpBackend;            // or kLpaiBackend: both run on lpai-rt
//   TfLiteDelegate* delegate = TfLiteQnnDelegateCreate(&options);
//   void* custom_ptr = TfLiteQnnDelegateAllocCustomMem(num_bytes, tflite::kDefaultTensorAlignment);
//   TfLiteCustomAllocation tensor_alloc = {custom_ptr, num_bytes};
//   interpreter_->SetCustomAllocationForTensor(tensor_idx, tensor_alloc);
//   interpreter_->AllocateTensors();
//   interpreter_->ModifyGraphWithDelegate(delegate);
//   interpreter_->Invoke();
//   TfLiteQnnDelegateFreeCustomMem(custom_ptr);
//   TfLiteQnnDelegateDelete(delegate);
//
// interpreter_ is a std::unique_ptr<lpai::delegate::Interpreter> (Interpreter::FromModel).
// Host-only C++ (host_sim); written from the seed, not from vendor headers.
//
// Semantics
// - Interpreter::FromModel prepares the .tflite model offline (graph IO outside scratch) and
//   logs "Initialized TensorFlow Lite runtime.".
// - SetCustomAllocationForTensor records an allocation for a graph input or output; it takes
//   effect at the next AllocateTensors, which refuses a buffer smaller than the tensor or not
//   aligned to the runtime's start alignment (kTfLiteError, one log line; the tensor keeps its
//   previous buffer). tensor_data() of an accepted tensor is the custom buffer.
// - ModifyGraphWithDelegate: the delegate claims the nodes it can run. lpai-rt prepared every
//   node of the model (FromModel fails otherwise), so it claims all of them in one partition
//   and logs, in this order,
//     "TfLiteQnnDelegate delegate: <n> nodes delegated out of <n> nodes with 1 partitions."
//     "Replacing <n> node(s) with delegate (TfLiteQnnDelegate) node, yielding 1 partitions."
//   then registers every accepted custom allocation as shared memory (zero copy), logging
//   "Tensor <idx> is successfully registered to shared memory." per tensor (index order).
//   After that, AllocateTensors registers new custom allocations at once (same line).
// - Invoke: runs the graph on lpai-rt. Before a delegate is applied, custom allocations are
//   used by copy (inputs copied in, outputs copied out), as an interpreter without the
//   delegate would read and write them; after, registered tensors are used in place.
// - The delegate must outlive its use in ModifyGraphWithDelegate only: the interpreter keeps
//   no pointer to it (the seed deletes it while the interpreter lives).
// Logging, as TFLite logs: the delegate-style API's own lines ("Initialized TensorFlow Lite
// runtime.", the delegate lines, the registration lines, its errors) pass its own filter,
// tflite::LoggerOptions (minimum severity TFLITE_LOG_INFO by default; SetMinimumLogSeverity
// lowers or silences it), not the firmware's log level, and are written through the HAL sink
// with the seeds' prefixes ("INFO: ", "ERROR: "). Lines of the runtime underneath follow the
// firmware's level (lpai_hal_set_log_level, default error).
#ifndef QNN_TFLITEDELEGATE_QNNTFLITEDELEGATE_H
#define QNN_TFLITEDELEGATE_QNNTFLITEDELEGATE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

typedef enum {
  kTfLiteOk = 0,
  kTfLiteError = 1,
  kTfLiteDelegateError = 2,
} TfLiteStatus;

// A caller-owned buffer for one tensor (seed 004, step 2: {custom_ptr, num_bytes}).
struct TfLiteCustomAllocation {
  void* data;
  size_t bytes;
};

// Flags of SetCustomAllocationForTensor (only "none" is defined).
constexpr int64_t kTfLiteCustomAllocationFlagsNone = 0;

namespace tflite {
// TfLite's default tensor alignment, bytes (equals lpai-rt's backend start alignment).
constexpr size_t kDefaultTensorAlignment = 64;

// TFLite's log severities (tensorflow/lite/logger.h): a line is written when its severity is
// at least the minimum; TFLITE_LOG_SILENT writes nothing.
enum LogSeverity {
  TFLITE_LOG_VERBOSE = 0,
  TFLITE_LOG_INFO = 1,
  TFLITE_LOG_WARNING = 2,
  TFLITE_LOG_ERROR = 3,
  TFLITE_LOG_SILENT = 4,
};

// The delegate-style API's log filter (process-wide, not thread-safe), as TFLite's.
class LoggerOptions {
 public:
  // Sets the minimum severity written (TFLITE_LOG_INFO until set); returns the previous one.
  static LogSeverity SetMinimumLogSeverity(LogSeverity severity);
  static LogSeverity GetMinimumLogSeverity();
};
}  // namespace tflite

// The backend a delegate targets. lpai-rt has one runtime, the LPAI backend: kHtpBackend (what
// the seed sets) and kLpaiBackend both select it; the others are refused at create.
typedef enum {
  kUndefinedBackend = 0,
  kGpuBackend = 1,
  kHtpBackend = 2,
  kDspBackend = 3,
  kLpaiBackend = 4,
} TfLiteQnnDelegateBackendType;

struct TfLiteQnnDelegateOptions {
  TfLiteQnnDelegateBackendType backend_type;  // mandatory: kHtpBackend or kLpaiBackend
};

// Opaque delegate object (TfLiteQnnDelegateCreate / TfLiteQnnDelegateDelete).
struct TfLiteDelegate;

extern "C" {
// Defaults: backend_type kUndefinedBackend (must be set, as the seed says).
TfLiteQnnDelegateOptions TfLiteQnnDelegateOptionsDefault(void);
// nullptr (and one ERROR line) when options is null or backend_type is not kHtpBackend or
// kLpaiBackend.
TfLiteDelegate* TfLiteQnnDelegateCreate(const TfLiteQnnDelegateOptions* options);
void TfLiteQnnDelegateDelete(TfLiteDelegate* delegate);  // nullptr: no-op

// Shared (DSP-visible) memory of num_bytes at `alignment` (power of two); NULL on failure.
void* TfLiteQnnDelegateAllocCustomMem(size_t num_bytes, size_t alignment);
void TfLiteQnnDelegateFreeCustomMem(void* buffer_ptr);
}

namespace lpai {
namespace host {
class Session;
}

namespace delegate {

class Interpreter {
 public:
  // Prepares a .tflite model; nullptr with *error when the model is rejected, or when a graph
  // input/output is float32 at the boundary (the device tensor is int8/int16; not converted).
  static std::unique_ptr<Interpreter> FromModel(const std::vector<uint8_t>& tflite,
                                                std::string* error);
  ~Interpreter();

  // Records a custom allocation for a graph input/output tensor; takes effect at the next
  // AllocateTensors(). kTfLiteError (and a log line) for a tensor that is not graph IO or a
  // null buffer.
  TfLiteStatus SetCustomAllocationForTensor(int tensor_index, const TfLiteCustomAllocation& alloc,
                                            int64_t flags = kTfLiteCustomAllocationFlagsNone);
  // Creates the runtime (first call) and accepts every pending custom allocation, refusing a
  // buffer smaller than its tensor or not aligned to the runtime's start alignment; on error
  // the tensor keeps its previous buffer. With a delegate applied, accepted buffers are
  // registered as shared memory at once.
  TfLiteStatus AllocateTensors();
  // Applies a TfLiteQnnDelegateCreate delegate (see the file comment). kTfLiteDelegateError
  // for a null or foreign delegate, or when a delegate is already applied.
  TfLiteStatus ModifyGraphWithDelegate(TfLiteDelegate* delegate);
  TfLiteStatus Invoke();

  const std::vector<int>& inputs() const { return inputs_; }
  const std::vector<int>& outputs() const { return outputs_; }
  // Node count of the model and how many the applied delegate runs (0 before).
  int nodes_size() const { return node_count_; }
  int delegated_nodes() const { return delegated_ ? node_count_ : 0; }
  // Bytes of a graph IO tensor's current buffer (its accepted custom allocation, else the
  // runtime's), or nullptr before AllocateTensors() / for a tensor that is not graph IO.
  uint8_t* tensor_data(int tensor_index);
  size_t tensor_bytes(int tensor_index) const;
  const std::string& last_error() const { return last_error_; }

 private:
  Interpreter() = default;
  int io_position(int tensor_index) const;  // inputs first, then outputs; -1 if not IO
  TfLiteStatus error(const std::string& message, TfLiteStatus status = kTfLiteError);
  TfLiteStatus open_runtime();
  bool register_shared(int tensor_index, const TfLiteCustomAllocation& alloc);

  std::vector<uint8_t> binary_;
  std::vector<int> inputs_, outputs_;
  std::vector<size_t> io_bytes_;
  int node_count_ = 0;
  bool delegated_ = false;
  std::map<int, TfLiteCustomAllocation> pending_;   // set, not yet accepted
  std::map<int, TfLiteCustomAllocation> accepted_;  // checked; registered once delegated_
  std::unique_ptr<host::Session> session_;
  std::string last_error_;
};

}  // namespace delegate
}  // namespace lpai

#endif  // QNN_TFLITEDELEGATE_QNNTFLITEDELEGATE_H
