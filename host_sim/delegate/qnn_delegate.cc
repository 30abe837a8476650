#include "delegate/qnn_delegate.h"

#include "core/log.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "shared_mem/rpcmem.h"

extern "C" {

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
  if (!prepare::prepare_tflite(tflite.data(), tflite.size(), options, &out, error)) return nullptr;
  std::unique_ptr<Interpreter> it(new Interpreter());
  it->binary_ = std::move(out.binary);
  it->inputs_.assign(out.graph.inputs.begin(), out.graph.inputs.end());
  it->outputs_.assign(out.graph.outputs.begin(), out.graph.outputs.end());
  for (int id : it->inputs_) it->io_bytes_.push_back(prepare::tensor_bytes(out.graph.tensors[id]));
  for (int id : it->outputs_) it->io_bytes_.push_back(prepare::tensor_bytes(out.graph.tensors[id]));
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

TfLiteStatus Interpreter::error(const std::string& message) {
  last_error_ = message;
  LPAI_LOG_ERROR("%s", message.c_str());
  return kTfLiteError;
}

TfLiteStatus Interpreter::SetCustomAllocationForTensor(int tensor_index,
                                                       const TfLiteCustomAllocation& alloc) {
  if (io_position(tensor_index) < 0)
    return error("Tensor " + std::to_string(tensor_index) +
                 ": custom allocations are supported for graph inputs and outputs only");
  if (alloc.data == nullptr)
    return error("Tensor " + std::to_string(tensor_index) + ": custom allocation has no buffer");
  pending_[tensor_index] = alloc;
  return kTfLiteOk;
}

TfLiteStatus Interpreter::AllocateTensors() {
  if (!session_) {
    std::string err;
    session_ = host::Session::open(binary_, host::SessionOptions(), &err);
    if (!session_) return error("AllocateTensors: " + err);
  }
  TfLiteStatus status = kTfLiteOk;
  for (auto it = pending_.begin(); it != pending_.end();) {
    const int idx = it->first;
    const TfLiteCustomAllocation alloc = it->second;
    it = pending_.erase(it);
    const size_t pos = static_cast<size_t>(io_position(idx));
    const size_t needed = io_bytes_[pos];
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
    std::string err;
    if (!session_->bind_shared(pos, alloc.data, alloc.bytes, &err)) {
      status = error("Tensor " + std::to_string(idx) + ": " + err);
      continue;
    }
    LPAI_LOG_INFO("Tensor %d is successfully registered to shared memory.", idx);
  }
  return status;
}

TfLiteStatus Interpreter::Invoke() {
  if (!session_) return error("Invoke: AllocateTensors() has not been called");
  std::string err;
  if (!session_->execute(&err)) return error("Invoke: " + err);
  return kTfLiteOk;
}

uint8_t* Interpreter::tensor_data(int tensor_index) {
  const int pos = io_position(tensor_index);
  if (pos < 0 || !session_) return nullptr;
  return session_->io_buffer(static_cast<size_t>(pos));
}

size_t Interpreter::tensor_bytes(int tensor_index) const {
  const int pos = io_position(tensor_index);
  return pos < 0 ? 0 : io_bytes_[static_cast<size_t>(pos)];
}

}  // namespace delegate
}  // namespace lpai
