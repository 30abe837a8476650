// Context binary v1 serializer. Layout produced (every section on a multiple of
// kSectionAlignment, padding bytes zero, empty sections at offset 0):
//   header | tensors | nodes | indices | quant | params | consts | strings | row_views
// indices holds the graph input list, then the graph output list, then each node's inputs and
// outputs in node order. strings holds the graph name at offset 0, then the tensor names.
#include "writer/context_binary_writer.h"

#include <cstring>
#include <sstream>

#include "core/checked_math.h"
#include "format/binary_view.h"

namespace lpai {
namespace writer {
namespace {

using format::BinaryHeader;
using format::DataType;
using format::MemClass;
using format::NodeRecord;
using format::QuantParam;
using format::Section;
using format::TensorRecord;

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the writer copies records as is");


uint32_t float_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof(b));
  return b;
}

// Collects the first error as "<what>: <reason>".
class Errors {
 public:
  explicit Errors(std::string* out) : out_(out) {}
  template <typename... Args>
  bool fail(const Args&... args) {
    std::ostringstream s;
    (s << ... << args);
    if (out_ != nullptr) *out_ = s.str();
    return false;
  }

 private:
  std::string* out_;
};

const char* class_name(MemClass c) {
  switch (c) {
    case MemClass::kConst:
      return "const";
    case MemClass::kScratch:
      return "scratch";
    case MemClass::kPersistent:
      return "persistent";
    case MemClass::kIo:
      return "io";
  }
  return "unknown";
}

// Checks one tensor description against the plan; fills its size in bytes.
bool check_tensor(const GraphDesc& g, uint32_t id, uint64_t* size_out, Errors* err) {
  const TensorDesc& t = g.tensors[id];
  const std::string what = "tensor " + std::to_string(id) + " '" + t.name + "'";
  const uint32_t elem = format::data_type_size(t.type);
  if (elem == 0) return err->fail(what, ": unknown data type ", static_cast<int>(t.type));
  if (static_cast<uint8_t>(t.mem_class) >= format::kMemClassCount) {
    return err->fail(what, ": unknown memory class ", static_cast<int>(t.mem_class));
  }
  if (t.type == DataType::kFloat32 && t.mem_class != MemClass::kConst) {
    return err->fail(what, ": float32 is allowed for const tensors only");
  }
  if (t.dims.size() > format::kMaxRank) {
    return err->fail(what, ": rank ", t.dims.size(), " exceeds ", format::kMaxRank);
  }
  if (t.name.find('\0') != std::string::npos) return err->fail(what, ": name contains NUL");
  uint64_t bytes = elem;
  for (size_t d = 0; d < t.dims.size(); ++d) {
    if (t.dims[d] == 0) return err->fail(what, ": dims[", d, "] is 0");
    bytes *= t.dims[d];
    if (bytes > 0xFFFFFFFFull) return err->fail(what, ": byte size overflows 32 bits");
  }
  if (t.size != 0 && t.size != bytes) {
    return err->fail(what, ": size ", t.size, " but dims and type give ", bytes);
  }
  if (t.is_variable && t.mem_class != MemClass::kPersistent) {
    return err->fail(what, ": variable tensors must be persistent, not ", class_name(t.mem_class));
  }
  if (t.mem_class == MemClass::kConst) {
    if (t.const_data.size() != bytes) {
      return err->fail(what, ": const data has ", t.const_data.size(), " bytes, expected ", bytes);
    }
  } else if (!t.const_data.empty()) {
    return err->fail(what, ": const data given for a ", class_name(t.mem_class), " tensor");
  }
  if (t.mem_class == MemClass::kScratch || t.mem_class == MemClass::kPersistent) {
    const bool scratch = t.mem_class == MemClass::kScratch;
    const uint64_t pool = scratch ? g.plan.scratch_size : g.plan.persistent_size;
    bool row_view = false;  // a view's offset is its parent's plus whole rows (the loader checks)
    for (const format::RowViewRecord& r : g.row_views) row_view = row_view || r.tensor == id;
    if (!row_view && t.offset % g.plan.start_alignment != 0) {
      return err->fail(what, ": offset ", t.offset, " not a multiple of the plan start alignment ",
                       g.plan.start_alignment);
    }
    if (uint64_t{t.offset} + bytes > pool) {
      return err->fail(what, ": [", t.offset, ", ", uint64_t{t.offset} + bytes, ") exceeds the ",
                       class_name(t.mem_class), " size ", pool);
    }
  }
  bool io_view = false;  // a row view of a kIo tensor: its offset is its rows' within the IO buffer
  for (const format::RowViewRecord& r : g.row_views) io_view = io_view || r.tensor == id;
  if (t.mem_class == MemClass::kIo && t.offset != 0 && !io_view) {
    return err->fail(what, ": io tensors have offset 0, got ", t.offset);
  }
  if (!t.channel_scales.empty() || !t.channel_zero_points.empty()) {
    if (t.channel_scales.size() != t.channel_zero_points.size()) {
      return err->fail(what, ": ", t.channel_scales.size(), " channel scales but ",
                       t.channel_zero_points.size(), " channel zero points");
    }
    if (t.quant_axis < 0 || static_cast<size_t>(t.quant_axis) >= t.dims.size() ||
        t.dims[t.quant_axis] != t.channel_scales.size()) {
      return err->fail(what, ": quant_axis ", t.quant_axis, " does not have ",
                       t.channel_scales.size(), " channels");
    }
  } else if (t.quant_axis != 0) {
    return err->fail(what, ": quant_axis ", t.quant_axis, " without per-channel parameters");
  }
  *size_out = bytes;
  return true;
}

bool check_graph(const GraphDesc& g, std::vector<uint64_t>* sizes, Errors* err) {
  const format::MemoryPlan& p = g.plan;
  if (!is_pow2(p.start_alignment) || p.start_alignment > format::kMaxPlanAlignment) {
    return err->fail("plan: start alignment ", p.start_alignment, " not a power of two <= ",
                     format::kMaxPlanAlignment);
  }
  if (!is_pow2(p.size_alignment)) {
    return err->fail("plan: size alignment ", p.size_alignment, " not a power of two");
  }
  if (p.scratch_size % p.size_alignment != 0) {
    return err->fail("plan: scratch size ", p.scratch_size, " not a multiple of ",
                     p.size_alignment);
  }
  if (p.persistent_size % p.size_alignment != 0) {
    return err->fail("plan: persistent size ", p.persistent_size, " not a multiple of ",
                     p.size_alignment);
  }
  if (g.name.find('\0') != std::string::npos) return err->fail("graph name contains NUL");
  if (g.tensors.size() >= format::kNone) return err->fail("too many tensors");
  sizes->resize(g.tensors.size());
  for (uint32_t id = 0; id < g.tensors.size(); ++id) {
    if (!check_tensor(g, id, &(*sizes)[id], err)) return false;
  }
  const uint32_t n = static_cast<uint32_t>(g.tensors.size());
  const MemClass io_class = g.io_memhandle_hint ? MemClass::kIo : MemClass::kScratch;
  std::vector<int> io_use(n, 0);
  for (int list = 0; list < 2; ++list) {
    const std::vector<uint32_t>& ids = list == 0 ? g.inputs : g.outputs;
    const char* name = list == 0 ? "graph input " : "graph output ";
    for (size_t k = 0; k < ids.size(); ++k) {
      if (ids[k] >= n) return err->fail(name, k, ": tensor id ", ids[k], " out of range (", n, ")");
      if (io_use[ids[k]]++ != 0) return err->fail(name, k, ": tensor ", ids[k], " listed twice");
      const MemClass c = g.tensors[ids[k]].mem_class;
      if (c != io_class) {
        return err->fail(name, k, ": tensor ", ids[k], " is ", class_name(c), ", the ",
                         g.io_memhandle_hint ? "memhandle" : "raw", " IO hint requires ",
                         class_name(io_class));
      }
    }
  }
  for (uint32_t id = 0; id < n; ++id) {
    bool io_view = false;  // a row view of a graph IO tensor lives where its parent does
    for (const format::RowViewRecord& r : g.row_views) {
      io_view = io_view || (r.tensor == id && r.parent < n && io_use[r.parent] != 0);
    }
    if (g.tensors[id].mem_class == MemClass::kIo && io_use[id] == 0 && !io_view) {
      return err->fail("tensor ", id, ": io memory class but not a graph input or output");
    }
  }
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const NodeDesc& nd = g.nodes[i];
    const std::string what = "node " + std::to_string(i);
    if (nd.inputs.size() > 255 || nd.outputs.size() > 255) {
      return err->fail(what, ": more than 255 inputs or outputs");
    }
    for (size_t k = 0; k < nd.inputs.size(); ++k) {
      if (nd.inputs[k] != format::kNone && nd.inputs[k] >= n) {
        return err->fail(what, ": input ", k, " tensor id ", nd.inputs[k], " out of range (", n,
                         ")");
      }
    }
    for (size_t k = 0; k < nd.outputs.size(); ++k) {
      if (nd.outputs[k] >= n) {
        return err->fail(what, ": output ", k, " tensor id ", nd.outputs[k], " out of range (", n,
                         ")");
      }
      if (g.tensors[nd.outputs[k]].mem_class == MemClass::kConst) {
        return err->fail(what, ": output ", k, " is const tensor ", nd.outputs[k]);
      }
    }
    if (nd.temp_tensor != format::kNone) {
      if (nd.temp_tensor >= n) {
        return err->fail(what, ": temp tensor id ", nd.temp_tensor, " out of range (", n, ")");
      }
      if (g.tensors[nd.temp_tensor].mem_class != MemClass::kScratch || io_use[nd.temp_tensor]) {
        return err->fail(what, ": temp tensor ", nd.temp_tensor,
                         " must be a scratch tensor that is not graph IO");
      }
    }
  }
  return true;
}

// Appends `bytes` to `out` after zero padding to kSectionAlignment; returns the section.
Section put_section(std::vector<uint8_t>* out, const void* bytes, size_t size, uint32_t count) {
  if (count == 0) return Section{0, 0};
  out->resize(align_up(out->size(), format::kSectionAlignment), 0);
  const uint32_t offset = static_cast<uint32_t>(out->size());
  const uint8_t* p = static_cast<const uint8_t*>(bytes);
  out->insert(out->end(), p, p + size);
  return Section{offset, count};
}

}  // namespace

host::HostResult<std::vector<uint8_t>> serialize_context_binary(const GraphDesc& graph) {
  std::string why;
  Errors err(&why);
  std::vector<uint64_t> sizes;
  if (!check_graph(graph, &sizes, &err)) return host::HostStatus::fail(why);
  const uint32_t n = static_cast<uint32_t>(graph.tensors.size());

  // indices: graph IO lists first, then per-node lists.
  std::vector<uint32_t> indices;
  indices.insert(indices.end(), graph.inputs.begin(), graph.inputs.end());
  indices.insert(indices.end(), graph.outputs.begin(), graph.outputs.end());

  // strings: graph name at 0, then tensor names.
  std::string strings = graph.name;
  strings.push_back('\0');

  std::vector<uint8_t> consts;
  std::vector<QuantParam> quant;
  std::vector<TensorRecord> tensors(n);
  for (uint32_t id = 0; id < n; ++id) {
    const TensorDesc& t = graph.tensors[id];
    TensorRecord& r = tensors[id];
    std::memset(&r, 0, sizeof(r));
    r.data_type = static_cast<uint8_t>(t.type);
    r.mem_class = static_cast<uint8_t>(t.mem_class);
    r.rank = static_cast<uint8_t>(t.dims.size());
    for (size_t d = 0; d < t.dims.size(); ++d) r.dims[d] = t.dims[d];
    r.size = static_cast<uint32_t>(sizes[id]);
    r.offset = t.offset;
    if (t.mem_class == MemClass::kConst) {
      consts.resize(align_up(consts.size(), kConstAlignment), 0);
      r.offset = static_cast<uint32_t>(consts.size());
      consts.insert(consts.end(), t.const_data.begin(), t.const_data.end());
    }
    if (t.channel_scales.empty()) {
      r.zero_point = t.zero_point;
      r.scale_bits = float_bits(t.scale);
      r.quant_index = format::kNone;
      r.quant_count = 0;
      r.quant_axis = 0;
    } else {
      r.zero_point = t.channel_zero_points[0];
      r.scale_bits = float_bits(t.channel_scales[0]);
      r.quant_index = static_cast<uint32_t>(quant.size());
      r.quant_count = static_cast<uint32_t>(t.channel_scales.size());
      r.quant_axis = t.quant_axis;
      for (size_t c = 0; c < t.channel_scales.size(); ++c) {
        quant.push_back(QuantParam{float_bits(t.channel_scales[c]), t.channel_zero_points[c]});
      }
    }
    r.name = static_cast<uint32_t>(strings.size());
    strings += t.name;
    strings.push_back('\0');
    r.io_slot = format::kNone;
    if (t.is_variable) r.flags |= format::kTensorIsVariable;
    if (t.float_io) r.flags |= format::kTensorIsFloatIo;
  }
  for (size_t k = 0; k < graph.inputs.size(); ++k) {
    tensors[graph.inputs[k]].io_slot = static_cast<uint32_t>(k);
    tensors[graph.inputs[k]].flags |= format::kTensorIsInput;
  }
  for (size_t k = 0; k < graph.outputs.size(); ++k) {
    tensors[graph.outputs[k]].io_slot = static_cast<uint32_t>(graph.inputs.size() + k);
    tensors[graph.outputs[k]].flags |= format::kTensorIsOutput;
  }
  // A row view of a graph IO tensor is bound through its parent's slot (the loader checks
  // the rest of the record).
  for (const format::RowViewRecord& r : graph.row_views) {
    if (r.tensor >= tensors.size() || r.parent >= tensors.size()) continue;
    const TensorRecord& p = tensors[r.parent];
    if (p.io_slot == format::kNone) continue;
    tensors[r.tensor].io_slot = p.io_slot;
    tensors[r.tensor].flags |= p.flags & (format::kTensorIsInput | format::kTensorIsOutput);
  }

  std::vector<uint8_t> params;
  std::vector<NodeRecord> nodes(graph.nodes.size());
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    const NodeDesc& nd = graph.nodes[i];
    NodeRecord& r = nodes[i];
    std::memset(&r, 0, sizeof(r));
    r.op = static_cast<uint16_t>(nd.op);
    r.num_inputs = static_cast<uint8_t>(nd.inputs.size());
    r.num_outputs = static_cast<uint8_t>(nd.outputs.size());
    r.inputs_index = static_cast<uint32_t>(indices.size());
    indices.insert(indices.end(), nd.inputs.begin(), nd.inputs.end());
    r.outputs_index = static_cast<uint32_t>(indices.size());
    indices.insert(indices.end(), nd.outputs.begin(), nd.outputs.end());
    r.params_size = static_cast<uint32_t>(nd.params.size());
    r.params_offset = 0;
    if (!nd.params.empty()) {
      r.params_offset = static_cast<uint32_t>(params.size());
      params.insert(params.end(), nd.params.begin(), nd.params.end());
      params.resize(align_up(params.size(), 4), 0);
    }
    r.temp_tensor = nd.temp_tensor;
  }

  // Everything must be addressable with 32-bit offsets.
  uint64_t estimate = sizeof(BinaryHeader) + 8ull * format::kSectionAlignment +
                      graph.row_views.size() * sizeof(format::RowViewRecord) +
                      uint64_t{n} * sizeof(TensorRecord) + nodes.size() * sizeof(NodeRecord) +
                      indices.size() * 4ull + quant.size() * sizeof(QuantParam) + params.size() +
                      consts.size() + strings.size();
  if (estimate > 0xFFFFFFFFull) {
    err.fail("binary would exceed 4 GiB (", estimate, " bytes)");
    return host::HostStatus::fail(why);
  }

  std::vector<uint8_t> out(sizeof(BinaryHeader), 0);
  BinaryHeader h;
  std::memset(&h, 0, sizeof(h));
  h.magic = format::kMagic;
  h.version_major = format::kVersionMajor;
  h.version_minor = graph.row_views.empty() ? 0 : format::kVersionMinorRowViews;
  h.flags = (graph.io_memhandle_hint ? format::kFlagIoMemhandleHint : 0u) |
            (graph.hvx_layouts ? format::kFlagHvxLayouts : 0u);
  h.header_size = sizeof(BinaryHeader);
  h.tensors = put_section(&out, tensors.data(), tensors.size() * sizeof(TensorRecord), n);
  h.nodes = put_section(&out, nodes.data(), nodes.size() * sizeof(NodeRecord),
                        static_cast<uint32_t>(nodes.size()));
  h.indices = put_section(&out, indices.data(), indices.size() * sizeof(uint32_t),
                          static_cast<uint32_t>(indices.size()));
  h.quant = put_section(&out, quant.data(), quant.size() * sizeof(QuantParam),
                        static_cast<uint32_t>(quant.size()));
  h.params = put_section(&out, params.data(), params.size(), static_cast<uint32_t>(params.size()));
  h.consts = put_section(&out, consts.data(), consts.size(), static_cast<uint32_t>(consts.size()));
  h.strings =
      put_section(&out, strings.data(), strings.size(), static_cast<uint32_t>(strings.size()));
  h.row_views = put_section(&out, graph.row_views.data(),
                            graph.row_views.size() * sizeof(format::RowViewRecord),
                            static_cast<uint32_t>(graph.row_views.size()));
  h.graph_name = 0;
  h.inputs_index = 0;
  h.num_inputs = static_cast<uint32_t>(graph.inputs.size());
  h.outputs_index = static_cast<uint32_t>(graph.inputs.size());
  h.num_outputs = static_cast<uint32_t>(graph.outputs.size());
  h.plan = graph.plan;
  h.total_size = static_cast<uint32_t>(out.size());
  h.crc32 = 0;
  std::memcpy(out.data(), &h, sizeof(h));
  h.crc32 = format::binary_crc32(out.data(), out.size());
  std::memcpy(out.data() + offsetof(BinaryHeader, crc32), &h.crc32, sizeof(h.crc32));
  return out;
}

}  // namespace writer
}  // namespace lpai
