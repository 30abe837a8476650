// GraphBuilder (test support): a small sequential planner in front of the writer's
// serialize_context_binary(), for tests and benchmarks that build graphs by hand (the prepare
// tool plans with host_sim/prepare/planner.h instead). Tensors are added by memory class; plan() (called by build()/serialize()) gives
// every auto-planned scratch and persistent tensor its own offset, laid out sequentially in
// id order, each start rounded up to the plan's start alignment (no reuse between tensors),
// and sets the plan sizes to the end of the last tensor rounded up to the size alignment.
//
// Graph IO follows the IO hint at plan time: with the memhandle hint, graph IO tensors added
// as scratch become MemClass::kIo (offset 0, not planned); with the raw hint (default), IO
// tensors added as kIo become scratch and are planned.
//
// Tensors added with add_tensor(desc, /*auto_offset=*/false) keep desc.offset (for overlapping
// or deliberately placed tensors); they still count towards the plan sizes.
#ifndef LPAI_TESTS_COMMON_GRAPH_BUILDER_H
#define LPAI_TESTS_COMMON_GRAPH_BUILDER_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "writer/context_binary_writer.h"

namespace lpai {
namespace writer {

class GraphBuilder {
 public:
  explicit GraphBuilder(std::string name = "graph");

  // Plan alignments (powers of two; checked by the writer). Default 16 / 16.
  GraphBuilder& set_alignment(uint32_t start_alignment, uint32_t size_alignment);
  GraphBuilder& set_io_memhandle_hint(bool memhandle);

  // Each returns the new tensor's id (ids are dense, in insertion order).
  uint32_t add_scratch(const std::string& name, format::DataType type,
                       const std::vector<uint32_t>& dims, float scale = 0.0f,
                       int32_t zero_point = 0);
  // Persistent tensors are variable (TFLite variable tensors) unless is_variable is false.
  uint32_t add_persistent(const std::string& name, format::DataType type,
                          const std::vector<uint32_t>& dims, bool is_variable = true);
  // data.size() must equal the tensor's byte size (the writer rejects a mismatch).
  uint32_t add_const(const std::string& name, format::DataType type,
                     const std::vector<uint32_t>& dims, const std::vector<uint8_t>& data,
                     float scale = 0.0f, int32_t zero_point = 0);
  // Typed constant: the raw little-endian bytes of `values`.
  template <typename T>
  uint32_t add_const_values(const std::string& name, format::DataType type,
                            const std::vector<uint32_t>& dims, const std::vector<T>& values) {
    std::vector<uint8_t> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return add_const(name, type, dims, bytes);
  }
  // Full control over the description. auto_offset: scratch/persistent offset planned by
  // plan() (true) or taken from desc.offset (false).
  uint32_t add_tensor(const TensorDesc& desc, bool auto_offset = true);
  // The description of tensor `id` (valid until the next add_*), to set quantisation etc.
  TensorDesc& tensor(uint32_t id) { return graph_.tensors[id]; }

  // Returns the node's index. params: the op's parameter blob (may be empty).
  uint32_t add_node(format::BuiltinOp op, const std::vector<uint32_t>& inputs,
                    const std::vector<uint32_t>& outputs, const std::vector<uint8_t>& params = {},
                    uint32_t temp_tensor = format::kNone);

  GraphBuilder& set_inputs(const std::vector<uint32_t>& ids);
  GraphBuilder& set_outputs(const std::vector<uint32_t>& ids);

  // The planned description (offsets, IO classes and plan sizes filled in). Tests may edit
  // the copy and serialize it themselves to build inconsistent graphs.
  GraphDesc build() const;
  // build() + serialize_context_binary(). Empty vector and *error set on failure.
  std::vector<uint8_t> serialize(std::string* error) const;

 private:
  // Adds a tensor of the given class (auto-planned offset) with the common fields set.
  uint32_t add_class(const std::string& name, format::DataType type,
                     const std::vector<uint32_t>& dims, format::MemClass mem_class,
                     TensorDesc t = TensorDesc());

  GraphDesc graph_;
  std::vector<bool> auto_offset_;
};

}  // namespace writer
}  // namespace lpai

#endif  // LPAI_TESTS_COMMON_GRAPH_BUILDER_H
