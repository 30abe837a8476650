// Delegate-style C++ API modelled on the shared-memory tutorial of the QNN TFLite delegate:
// allocate shared memory, assign it to a tensor as a custom allocation, (re)allocate tensors
// — which rejects an invalid or insufficient buffer — invoke, free.
//
//   void* p = TfLiteQnnDelegateAllocCustomMem(num_bytes, kDefaultTensorAlignment);
//   TfLiteCustomAllocation alloc = {p, num_bytes};
//   interpreter->SetCustomAllocationForTensor(tensor_idx, alloc);
//   interpreter->AllocateTensors();   // logs "Tensor <idx> is successfully registered to shared memory."
//   interpreter->Invoke();
//   TfLiteQnnDelegateFreeCustomMem(p);
//
// The Interpreter prepares the .tflite model offline with graph IO outside scratch (the
// memhandle hint) and runs it through the C shim. Custom allocations are supported for graph
// input and output tensors (tensor_idx = the tensor index in the model).
#ifndef LPAI_HOST_DELEGATE_QNN_DELEGATE_H
#define LPAI_HOST_DELEGATE_QNN_DELEGATE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

extern "C" {
// Shared (DSP-visible) memory of num_bytes at `alignment` (power of two); NULL on failure.
void* TfLiteQnnDelegateAllocCustomMem(size_t num_bytes, size_t alignment);
void TfLiteQnnDelegateFreeCustomMem(void* buffer_ptr);
}

typedef enum { kTfLiteOk = 0, kTfLiteError = 1 } TfLiteStatus;

struct TfLiteCustomAllocation {
  void* data;
  size_t bytes;
};

namespace tflite {
constexpr size_t kDefaultTensorAlignment = 64;
}  // namespace tflite

namespace lpai {
namespace host {
class Session;
}

namespace delegate {

class Interpreter {
 public:
  // Prepares a .tflite model; nullptr with *error when the model is rejected.
  static std::unique_ptr<Interpreter> FromModel(const std::vector<uint8_t>& tflite,
                                                std::string* error);
  ~Interpreter();

  // Records a custom allocation for a graph input/output tensor; takes effect at the next
  // AllocateTensors(). kTfLiteError (and a log line) for a tensor that is not graph IO or a
  // null buffer.
  TfLiteStatus SetCustomAllocationForTensor(int tensor_index, const TfLiteCustomAllocation& alloc);
  // Creates the runtime (first call) and registers every pending custom allocation. Rejects
  // a buffer smaller than its tensor or not aligned to the backend's start alignment with a
  // clear error; on error the tensor keeps its previous buffer.
  TfLiteStatus AllocateTensors();
  TfLiteStatus Invoke();

  const std::vector<int>& inputs() const { return inputs_; }
  const std::vector<int>& outputs() const { return outputs_; }
  // Bytes of a graph IO tensor's current buffer (its custom allocation once registered), or
  // nullptr before AllocateTensors() / for a tensor that is not graph IO.
  uint8_t* tensor_data(int tensor_index);
  size_t tensor_bytes(int tensor_index) const;
  const std::string& last_error() const { return last_error_; }

 private:
  Interpreter() = default;
  int io_position(int tensor_index) const;  // inputs first, then outputs; -1 if not IO
  TfLiteStatus error(const std::string& message);

  std::vector<uint8_t> binary_;
  std::vector<int> inputs_, outputs_;
  std::vector<size_t> io_bytes_;
  std::map<int, TfLiteCustomAllocation> pending_;
  std::unique_ptr<host::Session> session_;
  std::string last_error_;
};

}  // namespace delegate
}  // namespace lpai

#endif  // LPAI_HOST_DELEGATE_QNN_DELEGATE_H
