// Graph-level invariants of a context binary (docs/context-binary-v1.md, section 9), checked
// by validate_binary after every record passed its own checks, so that the executor can trust
// the dataflow as it trusts each node:
//   - no node writes a graph input, and no tensor is the output of two nodes (or twice of one);
//   - every tensor a node reads is a constant, a persistent tensor (variables, state), a graph
//     input, the output of an earlier node, or a plan alias of one: a scratch tensor no node
//     writes whose bytes (offset and size) are exactly those of a graph input or of an earlier
//     node's output (RESHAPE / SQUEEZE / EXPAND_DIMS and byte-identical movement ops);
//   - every graph output is written by a node;
//   - two constants overlap only as one record repeated: same offset, size, type and dims
//     (a kernel or a host cache may key derived data by a constant's address).
// No storage: the checks scan the node and tensor tables (quadratic in the node count, with
// the usual writer found one node back).
#include "format/graph_checks.h"

#include "core/log.h"

namespace lpai {
namespace format {
namespace {

constexpr unsigned fmt_u(uint32_t v) { return v; }

bool node_writes(const BinaryView& v, uint32_t node, uint32_t tensor) {
  const NodeRecord& n = v.node(node);
  const uint32_t* out = v.indices(n.outputs_index);
  for (uint32_t k = 0; k < n.num_outputs; ++k) {
    if (out[k] == tensor) return true;
  }
  return false;
}

// The latest node before `node` that writes `tensor`, or kNone.
uint32_t writer_before(const BinaryView& v, uint32_t tensor, uint32_t node) {
  for (uint32_t i = node; i-- > 0;) {
    if (node_writes(v, i, tensor)) return i;
  }
  return kNone;
}

bool is_graph_input(const BinaryView& v, const TensorRecord& t) {
  return t.io_slot != kNone && t.io_slot < v.num_inputs();
}

// A graph input or an earlier node's output with exactly t's scratch bytes.
bool aliases_defined_tensor(const BinaryView& v, uint32_t id, uint32_t node) {
  const TensorRecord& t = v.tensor(id);
  if (t.mem_class != static_cast<uint8_t>(MemClass::kScratch) || t.io_slot != kNone) return false;
  for (uint32_t i = 0; i < v.node_count(); ++i) {
    if (node_writes(v, i, id)) return false;  // written somewhere: not an alias
  }
  for (uint32_t r = 0; r < v.tensor_count(); ++r) {
    const TensorRecord& root = v.tensor(r);
    if (r == id || root.mem_class != t.mem_class || root.offset != t.offset ||
        root.size != t.size) {
      continue;
    }
    if (is_graph_input(v, root) || writer_before(v, r, node) != kNone) return true;
  }
  return false;
}

Status check_node_dataflow(const BinaryView& v, uint32_t j) {
  const NodeRecord& n = v.node(j);
  const uint32_t* out = v.indices(n.outputs_index);
  for (uint32_t k = 0; k < n.num_outputs; ++k) {
    const TensorRecord& t = v.tensor(out[k]);
    if (is_graph_input(v, t)) {
      LPAI_LOG_ERROR("context binary: node %u output %u writes graph input tensor %u", fmt_u(j),
                     fmt_u(k), fmt_u(out[k]));
      return Status::kBinaryBadIo;
    }
    bool twice = writer_before(v, out[k], j) != kNone;
    for (uint32_t e = 0; e < k; ++e) twice = twice || out[e] == out[k];
    if (twice) {
      LPAI_LOG_ERROR("context binary: node %u output %u: tensor %u is written by two nodes",
                     fmt_u(j), fmt_u(k), fmt_u(out[k]));
      return Status::kBinaryBadTensor;
    }
  }
  const uint32_t* in = v.indices(n.inputs_index);
  for (uint32_t k = 0; k < n.num_inputs; ++k) {
    if (in[k] == kNone) continue;
    const TensorRecord& t = v.tensor(in[k]);
    const MemClass mc = static_cast<MemClass>(t.mem_class);
    if (mc == MemClass::kConst || mc == MemClass::kPersistent || is_graph_input(v, t) ||
        writer_before(v, in[k], j) != kNone || aliases_defined_tensor(v, in[k], j)) {
      continue;
    }
    LPAI_LOG_ERROR("context binary: node %u input %u reads tensor %u, which no earlier node "
                   "writes and which is no graph input, constant or alias",
                   fmt_u(j), fmt_u(k), fmt_u(in[k]));
    return Status::kBinaryBadTensor;
  }
  return Status::kOk;
}

Status check_constants_overlap(const BinaryView& v) {
  for (uint32_t a = 0; a < v.tensor_count(); ++a) {
    const TensorRecord& ta = v.tensor(a);
    if (ta.mem_class != static_cast<uint8_t>(MemClass::kConst)) continue;
    for (uint32_t b = a + 1; b < v.tensor_count(); ++b) {
      const TensorRecord& tb = v.tensor(b);
      if (tb.mem_class != static_cast<uint8_t>(MemClass::kConst)) continue;
      // Sizes are > 0 (dims are non-zero) and both ranges lie inside consts: no overflow.
      if (ta.offset >= tb.offset + tb.size || tb.offset >= ta.offset + ta.size) continue;
      bool same = ta.offset == tb.offset && ta.size == tb.size &&
                  ta.data_type == tb.data_type && ta.rank == tb.rank;
      for (uint32_t d = 0; same && d < kMaxRank; ++d) same = ta.dims[d] == tb.dims[d];
      if (!same) {
        LPAI_LOG_ERROR("context binary: const tensors %u and %u overlap with different shapes",
                       fmt_u(a), fmt_u(b));
        return Status::kBinaryBadTensor;
      }
    }
  }
  return Status::kOk;
}

}  // namespace

Status check_graph_dataflow(const BinaryView& v) {
  for (uint32_t j = 0; j < v.node_count(); ++j) LPAI_RETURN_IF_ERROR(check_node_dataflow(v, j));
  for (uint32_t k = 0; k < v.num_outputs(); ++k) {
    const uint32_t id = v.output_tensor(k);
    if (writer_before(v, id, v.node_count()) == kNone) {
      LPAI_LOG_ERROR("context binary: graph output %u (tensor %u) is written by no node",
                     fmt_u(k), fmt_u(id));
      return Status::kBinaryBadIo;
    }
  }
  return check_constants_overlap(v);
}

}  // namespace format
}  // namespace lpai
