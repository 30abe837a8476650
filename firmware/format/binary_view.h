// BinaryView: a validated, zero-copy view of a context binary.
//
// validate_binary() checks the structure once (CRC, header, every section bound, every index,
// tensor sizes vs dims and vs the memory plan, strings, IO lists, per-node index ranges).
// The op-level check (known op, parameter blob, tensor types/shapes the kernel relies on) is
// the kernels layer's kernels::validate_nodes(), run right after by the context. After both
// return kOk, the accessors below index without checks: the executor trusts the view.
// The bytes must stay valid and unmodified while the view is used.
#ifndef LPAI_FORMAT_BINARY_VIEW_H
#define LPAI_FORMAT_BINARY_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "format/context_binary_format.h"

namespace lpai {
namespace format {

class BinaryView {
 public:
  constexpr BinaryView() : base_(nullptr) {}

  bool valid() const { return base_ != nullptr; }
  const uint8_t* data() const { return base_; }
  const BinaryHeader& header() const { return *reinterpret_cast<const BinaryHeader*>(base_); }
  uint32_t size() const { return header().total_size; }

  uint32_t tensor_count() const { return header().tensors.count; }
  const TensorRecord& tensor(uint32_t id) const {
    return reinterpret_cast<const TensorRecord*>(base_ + header().tensors.offset)[id];
  }
  uint32_t node_count() const { return header().nodes.count; }
  uint32_t row_view_count() const { return header().row_views.count; }
  const RowViewRecord& row_view(uint32_t i) const {
    return reinterpret_cast<const RowViewRecord*>(base_ + header().row_views.offset)[i];
  }
  const NodeRecord& node(uint32_t i) const {
    return reinterpret_cast<const NodeRecord*>(base_ + header().nodes.offset)[i];
  }
  // Entry i of the indices section.
  const uint32_t* indices(uint32_t first) const {
    return reinterpret_cast<const uint32_t*>(base_ + header().indices.offset) + first;
  }
  const QuantParam* quant(uint32_t first) const {
    return reinterpret_cast<const QuantParam*>(base_ + header().quant.offset) + first;
  }
  const uint8_t* params(const NodeRecord& n) const {
    return base_ + header().params.offset + n.params_offset;
  }
  const uint8_t* consts() const { return base_ + header().consts.offset; }
  const char* string(uint32_t offset) const {
    return reinterpret_cast<const char*>(base_ + header().strings.offset + offset);
  }
  const char* graph_name() const { return string(header().graph_name); }
  const char* tensor_name(uint32_t id) const { return string(tensor(id).name); }

  uint32_t num_inputs() const { return header().num_inputs; }
  uint32_t num_outputs() const { return header().num_outputs; }
  uint32_t input_tensor(uint32_t k) const { return *indices(header().inputs_index + k); }
  uint32_t output_tensor(uint32_t k) const { return *indices(header().outputs_index + k); }
  // Graph IO slots, the numbering of TensorRecord::io_slot: input k is slot k, output j is
  // slot num_inputs() + j.
  uint32_t io_count() const { return num_inputs() + num_outputs(); }
  // Tensor id bound to IO slot `slot` (< io_count()).
  uint32_t io_tensor(uint32_t slot) const {
    return slot < num_inputs() ? input_tensor(slot) : output_tensor(slot - num_inputs());
  }
  const MemoryPlan& plan() const { return header().plan; }
  bool io_memhandle_hint() const { return (header().flags & kFlagIoMemhandleHint) != 0; }

 private:
  friend Status validate_binary(const void*, size_t, BinaryView*);
  explicit BinaryView(const uint8_t* base) : base_(base) {}
  const uint8_t* base_;
};

// Validates `size` bytes at `data` as a context binary v1. On kOk fills *out; on any error
// logs one line naming the failing field and leaves *out untouched.
Status validate_binary(const void* data, size_t size, BinaryView* out);

// CRC-32/IEEE (reflected, polynomial 0xEDB88320, init and final xor 0xFFFFFFFF).
// crc32_update continues a running CRC: crc32_update(crc32_update(0, a), b) == crc32(a||b).
uint32_t crc32_update(uint32_t crc, const void* data, size_t size);
inline uint32_t crc32(const void* data, size_t size) { return crc32_update(0, data, size); }
// CRC of a whole binary as stored in its header (the crc32 field read as zero).
uint32_t binary_crc32(const void* data, size_t size);

}  // namespace format
}  // namespace lpai

#endif  // LPAI_FORMAT_BINARY_VIEW_H
