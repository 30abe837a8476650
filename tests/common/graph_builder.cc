// GraphBuilder: sequential planner in front of the context binary writer (test support).
#include "common/graph_builder.h"

#include <algorithm>

namespace lpai {
namespace writer {
namespace {

uint64_t round_up(uint64_t v, uint64_t a) { return a == 0 ? v : (v + a - 1) / a * a; }

}  // namespace

GraphBuilder::GraphBuilder(std::string name) { graph_.name = std::move(name); }

GraphBuilder& GraphBuilder::set_alignment(uint32_t start_alignment, uint32_t size_alignment) {
  graph_.plan.start_alignment = start_alignment;
  graph_.plan.size_alignment = size_alignment;
  return *this;
}

GraphBuilder& GraphBuilder::set_io_memhandle_hint(bool memhandle) {
  graph_.io_memhandle_hint = memhandle;
  return *this;
}

uint32_t GraphBuilder::add_tensor(const TensorDesc& desc, bool auto_offset) {
  graph_.tensors.push_back(desc);
  auto_offset_.push_back(auto_offset);
  return static_cast<uint32_t>(graph_.tensors.size() - 1);
}

uint32_t GraphBuilder::add_class(const std::string& name, format::DataType type,
                                 const std::vector<uint32_t>& dims, format::MemClass mem_class,
                                 TensorDesc t) {
  t.name = name;
  t.type = type;
  t.dims = dims;
  t.mem_class = mem_class;
  return add_tensor(t);
}

uint32_t GraphBuilder::add_scratch(const std::string& name, format::DataType type,
                                   const std::vector<uint32_t>& dims, float scale,
                                   int32_t zero_point) {
  TensorDesc t;
  t.scale = scale;
  t.zero_point = zero_point;
  return add_class(name, type, dims, format::MemClass::kScratch, t);
}

uint32_t GraphBuilder::add_persistent(const std::string& name, format::DataType type,
                                      const std::vector<uint32_t>& dims, bool is_variable) {
  TensorDesc t;
  t.is_variable = is_variable;
  return add_class(name, type, dims, format::MemClass::kPersistent, t);
}

uint32_t GraphBuilder::add_const(const std::string& name, format::DataType type,
                                 const std::vector<uint32_t>& dims,
                                 const std::vector<uint8_t>& data, float scale,
                                 int32_t zero_point) {
  TensorDesc t;
  t.const_data = data;
  t.scale = scale;
  t.zero_point = zero_point;
  return add_class(name, type, dims, format::MemClass::kConst, t);
}

uint32_t GraphBuilder::add_node(format::BuiltinOp op, const std::vector<uint32_t>& inputs,
                                const std::vector<uint32_t>& outputs,
                                const std::vector<uint8_t>& params, uint32_t temp_tensor) {
  NodeDesc n;
  n.op = op;
  n.inputs = inputs;
  n.outputs = outputs;
  n.params = params;
  n.temp_tensor = temp_tensor;
  graph_.nodes.push_back(n);
  return static_cast<uint32_t>(graph_.nodes.size() - 1);
}

GraphBuilder& GraphBuilder::set_inputs(const std::vector<uint32_t>& ids) {
  graph_.inputs = ids;
  return *this;
}

GraphBuilder& GraphBuilder::set_outputs(const std::vector<uint32_t>& ids) {
  graph_.outputs = ids;
  return *this;
}

GraphDesc GraphBuilder::build() const {
  GraphDesc g = graph_;
  const uint32_t n = static_cast<uint32_t>(g.tensors.size());
  std::vector<bool> is_io(n, false);
  for (uint32_t id : g.inputs) {
    if (id < n) is_io[id] = true;
  }
  for (uint32_t id : g.outputs) {
    if (id < n) is_io[id] = true;
  }
  for (uint32_t id = 0; id < n; ++id) {
    if (!is_io[id]) continue;
    TensorDesc& t = g.tensors[id];
    if (g.io_memhandle_hint && t.mem_class == format::MemClass::kScratch) {
      t.mem_class = format::MemClass::kIo;
      t.offset = 0;
    } else if (!g.io_memhandle_hint && t.mem_class == format::MemClass::kIo) {
      t.mem_class = format::MemClass::kScratch;
    }
  }
  const uint64_t align = g.plan.start_alignment;
  uint64_t scratch_end = 0;
  uint64_t persistent_end = 0;
  for (uint32_t id = 0; id < n; ++id) {
    TensorDesc& t = g.tensors[id];
    const bool scratch = t.mem_class == format::MemClass::kScratch;
    if (!scratch && t.mem_class != format::MemClass::kPersistent) continue;
    uint64_t bytes = format::data_type_size(t.type);
    for (uint32_t d : t.dims) bytes *= d;
    if (t.size != 0) bytes = t.size;
    uint64_t& end = scratch ? scratch_end : persistent_end;
    if (auto_offset_[id]) {
      const uint64_t offset = round_up(end, align);
      // Offsets beyond 32 bits are clamped; the writer then reports the tensor out of range.
      t.offset = static_cast<uint32_t>(std::min<uint64_t>(offset, 0xFFFFFFFFu));
      end = offset + bytes;
    } else {
      end = std::max<uint64_t>(end, uint64_t{t.offset} + bytes);
    }
  }
  const uint64_t size_align = g.plan.size_alignment;
  g.plan.scratch_size =
      static_cast<uint32_t>(std::min<uint64_t>(round_up(scratch_end, size_align), 0xFFFFFFFFu));
  g.plan.persistent_size =
      static_cast<uint32_t>(std::min<uint64_t>(round_up(persistent_end, size_align), 0xFFFFFFFFu));
  return g;
}

std::vector<uint8_t> GraphBuilder::serialize(std::string* error) const {
  host::HostResult<std::vector<uint8_t>> bin = serialize_context_binary(build());
  if (!bin.ok() && error != nullptr) *error = bin.error();
  return std::move(bin.value());
}

}  // namespace writer
}  // namespace lpai
