// Graph-level invariants of a context binary (docs/context-binary-v1.md, section 9), checked
// by validate_binary after every record passed its own checks, so that the executor can trust
// the dataflow as it trusts each node:
//   - no node writes a graph input, and no scratch tensor is the output of two nodes (or twice
//     of one), unless the graph has branch nodes (IF / WHILE / JUMP / CALL_ONCE); persistent tensors
//     (variables) may be written by several nodes;
//   - every tensor a node reads is a constant, a persistent tensor (variables, state), a graph
//     input, the output of an earlier node, or a plan alias of one: a scratch tensor no node
//     writes whose bytes (offset and size) are exactly those of a graph input or of an earlier
//     node's output (RESHAPE / SQUEEZE / EXPAND_DIMS and byte-identical movement ops);
//   - a row view (RowViewRecord) is part of its parent: reading it needs the parent defined
//     (or the view itself written), a parent no node writes whole is defined once views
//     written by earlier nodes cover all its rows, and the view's uses count in the parent's
//     live range;
//   - every graph output is written by a node;
//   - two constants overlap only as one record repeated: same offset, size, type and dims
//     (a kernel or a host cache may key derived data by a constant's address);
//   - scratch tensors (and kernel scratch) whose bytes overlap are never live at one node, and
//     persistent tensors never overlap (see check_lifetimes): otherwise a result depends on
//     the order in which a kernel reads and writes, or on where the IO lives; the exception is
//     an in-place pair of an op whose every kernel reads an element before writing it
//     (in_place_ops.h).
// No storage: the checks scan the node and tensor tables (quadratic in the node count, with
// the usual writer found one node back).
#include "format/graph_checks.h"

#include "core/check.h"
#include "core/log.h"
#include "format/in_place_ops.h"

namespace lpai {
namespace format {
namespace {


// The tables of a validated binary as plain pointers (BinaryView's accessors re-read the
// header on every call, which these quadratic scans would pay millions of times).
struct Tables {
  const TensorRecord* tensors;
  const NodeRecord* nodes;
  const uint32_t* index;
  uint32_t n_tensors, n_nodes, n_inputs, n_outputs, outputs_index;

  explicit Tables(const BinaryView& v)
      : tensors(reinterpret_cast<const TensorRecord*>(v.data() + v.header().tensors.offset)),
        nodes(reinterpret_cast<const NodeRecord*>(v.data() + v.header().nodes.offset)),
        index(reinterpret_cast<const uint32_t*>(v.data() + v.header().indices.offset)),
        n_tensors(v.tensor_count()),
        n_nodes(v.node_count()),
        n_inputs(v.num_inputs()),
        n_outputs(v.num_outputs()),
        outputs_index(v.header().outputs_index),
        views(v.row_view_count() == 0
                  ? nullptr
                  : reinterpret_cast<const RowViewRecord*>(v.data() + v.header().row_views.offset)),
        n_views(v.row_view_count()) {}
  uint32_t tensor_count() const { return n_tensors; }
  const TensorRecord& tensor(uint32_t id) const { return tensors[id]; }
  uint32_t node_count() const { return n_nodes; }
  const NodeRecord& node(uint32_t i) const { return nodes[i]; }
  const uint32_t* indices(uint32_t first) const { return index + first; }
  uint32_t num_inputs() const { return n_inputs; }
  uint32_t num_outputs() const { return n_outputs; }
  uint32_t output_tensor(uint32_t k) const { return index[outputs_index + k]; }
  // The parent of row view `id`, or kNone when id is no view.
  uint32_t view_parent(uint32_t id) const {
    for (uint32_t i = 0; i < n_views; ++i) {
      if (views[i].tensor == id) return views[i].parent;
    }
    return kNone;
  }
  bool is_parent(uint32_t id) const {
    for (uint32_t i = 0; i < n_views; ++i) {
      if (views[i].parent == id) return true;
    }
    return false;
  }
  const RowViewRecord* views;
  uint32_t n_views;
};

bool node_writes(const Tables& v, uint32_t node, uint32_t tensor) {
  const NodeRecord& n = v.node(node);
  const uint32_t* out = v.indices(n.outputs_index);
  for (uint32_t k = 0; k < n.num_outputs; ++k) {
    if (out[k] == tensor) return true;
  }
  return false;
}

// The latest node before `node` that writes `tensor`, or kNone.
uint32_t writer_before(const Tables& v, uint32_t tensor, uint32_t node) {
  for (uint32_t i = node; i-- > 0;) {
    if (node_writes(v, i, tensor)) return i;
  }
  return kNone;
}

bool is_graph_input(const Tables& v, const TensorRecord& t) {
  return t.io_slot != kNone && t.io_slot < v.num_inputs();
}

// A graph input or an earlier node's output with exactly t's scratch bytes.
bool aliases_defined_tensor(const Tables& v, uint32_t id, uint32_t node) {
  const TensorRecord& t = v.tensor(id);
  if (t.mem_class != static_cast<uint8_t>(MemClass::kScratch) || t.io_slot != kNone ||
      v.view_parent(id) != kNone || v.is_parent(id)) {
    return false;
  }
  for (uint32_t i = 0; i < v.node_count(); ++i) {
    if (node_writes(v, i, id)) return false;  // written somewhere: not an alias
  }
  for (uint32_t r = 0; r < v.tensor_count(); ++r) {
    const TensorRecord& root = v.tensor(r);
    if (r == id || root.mem_class != t.mem_class || root.offset != t.offset ||
        root.size != t.size || v.view_parent(r) != kNone) {
      continue;
    }
    if (is_graph_input(v, root) || writer_before(v, r, node) != kNone) return true;
  }
  return false;
}

// Whether the node list has branch nodes (IF / WHILE / JUMP / CALL_ONCE over inlined
// subgraphs): then a tensor is legitimately written by several nodes (both branches of an IF
// write its results; a loop body rewrites its carried values; a run-once block and the nodes
// after it), and the control-flow validators check the blocks.
// Whether the rows of `parent` are all covered by row views that nodes before `node` write.
bool covered_by_views(const Tables& v, uint32_t parent, uint32_t node) {
  const uint32_t rows = v.tensor(parent).dims[1];  // rank 4 (checked with the views)
  uint32_t covered = 0;                              // rows [0, covered) are written
  for (bool grown = true; grown && covered < rows;) {
    grown = false;
    for (uint32_t i = 0; i < v.n_views; ++i) {
      const RowViewRecord& r = v.views[i];
      const uint32_t end = r.first_row + v.tensor(r.tensor).dims[1];  // <= rows (checked)
      if (r.parent != parent || r.first_row > covered || end <= covered ||
          writer_before(v, r.tensor, node) == kNone) {
        continue;
      }
      covered = end;
      grown = true;
    }
  }
  return covered >= rows;
}

// Whether tensor id holds defined bytes when node `node` reads it: written before, a graph
// input, a plan alias of such, or a row view parent covered by earlier written views.
bool defined_before(const Tables& v, uint32_t id, uint32_t node) {
  return is_graph_input(v, v.tensor(id)) || writer_before(v, id, node) != kNone ||
         aliases_defined_tensor(v, id, node) || (v.is_parent(id) && covered_by_views(v, id, node));
}

bool has_branches(const Tables& v) {
  for (uint32_t i = 0; i < v.node_count(); ++i) {
    const uint16_t op = v.node(i).op;
    if (op == static_cast<uint16_t>(BuiltinOp::kIf) || op == static_cast<uint16_t>(BuiltinOp::kWhile) ||
        op == static_cast<uint16_t>(BuiltinOp::kJump) ||
        op == static_cast<uint16_t>(BuiltinOp::kCallOnce)) {
      return true;
    }
  }
  return false;
}

// `several_writers`: a scratch tensor may be written by more than one node (branches).
// Persistent tensors (variables, resource variables, operator state) may always be: each
// ASSIGN_VARIABLE and a CALL_ONCE init block write the same variable.
Status check_node_dataflow(const Tables& v, uint32_t j, bool several_writers) {
  const NodeRecord& n = v.node(j);
  const uint32_t* out = v.indices(n.outputs_index);
  for (uint32_t k = 0; k < n.num_outputs; ++k) {
    const TensorRecord& t = v.tensor(out[k]);
    LPAI_CHECK(!is_graph_input(v, t), Status::kBinaryBadIo,
               "context binary: node %u output %u writes graph input tensor %u", fmt_u(j), fmt_u(k),
               fmt_u(out[k]));
    const bool rewritable =
        several_writers || t.mem_class == static_cast<uint8_t>(MemClass::kPersistent);
    bool twice = !rewritable && writer_before(v, out[k], j) != kNone;
    for (uint32_t e = 0; e < k; ++e) twice = twice || out[e] == out[k];
    LPAI_CHECK(!twice, Status::kBinaryBadTensor,
               "context binary: node %u output %u: tensor %u is written by two nodes", fmt_u(j),
               fmt_u(k), fmt_u(out[k]));
  }
  const uint32_t* in = v.indices(n.inputs_index);
  for (uint32_t k = 0; k < n.num_inputs; ++k) {
    if (in[k] == kNone) continue;
    const TensorRecord& t = v.tensor(in[k]);
    const MemClass mc = static_cast<MemClass>(t.mem_class);
    const uint32_t parent = v.view_parent(in[k]);
    if (mc == MemClass::kConst || mc == MemClass::kPersistent || defined_before(v, in[k], j) ||
        (parent != kNone && defined_before(v, parent, j))) {
      continue;
    }
    LPAI_FAIL(Status::kBinaryBadTensor,
              "context binary: node %u input %u reads tensor %u, which no earlier node "
              "writes and which is no graph input, constant or alias",
              fmt_u(j), fmt_u(k), fmt_u(in[k]));
  }
  return Status::kOk;
}

Status check_constants_overlap(const Tables& v) {
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
      LPAI_CHECK(same, Status::kBinaryBadTensor,
                 "context binary: const tensors %u and %u overlap with different shapes", fmt_u(a),
                 fmt_u(b));
    }
  }
  return Status::kOk;
}

// ---- lifetimes of planned memory -------------------------------------------------------------
// A tensor's live range is the first to the last node that reads, writes or uses it as kernel
// scratch (graph inputs from node 0, graph outputs to the last node), as prepare's plan
// checker defines it; an alias lives as long as its storage's owner and extends it.

struct Range {
  uint32_t first, last;  // node indices; first > last: never used
};

bool node_touches(const Tables& v, uint32_t node, uint32_t tensor) {
  const NodeRecord& n = v.node(node);
  if (n.temp_tensor == tensor || node_writes(v, node, tensor)) return true;
  const uint32_t* in = v.indices(n.inputs_index);
  for (uint32_t k = 0; k < n.num_inputs; ++k) {
    if (in[k] == tensor) return true;
  }
  return false;
}

// A row view parent's range includes its views' uses.
bool node_touches_storage(const Tables& v, uint32_t node, uint32_t tensor) {
  if (node_touches(v, node, tensor)) return true;
  for (uint32_t i = 0; i < v.n_views; ++i) {
    if (v.views[i].parent == tensor && node_touches(v, node, v.views[i].tensor)) return true;
  }
  return false;
}

Range own_range(const Tables& v, uint32_t id) {
  Range r = {kNone, 0};
  const uint32_t nodes = v.node_count();
  for (uint32_t i = 0; i < nodes; ++i) {
    if (!node_touches_storage(v, i, id)) continue;
    if (r.first == kNone) r.first = i;
    r.last = i;
  }
  const TensorRecord& t = v.tensor(id);
  if (t.io_slot != kNone && nodes > 0) {
    if (t.io_slot < v.num_inputs()) r.first = 0;
    if (r.first == kNone) r.first = nodes - 1;
    if (t.io_slot >= v.num_inputs()) r.last = nodes - 1;
  }
  if (r.first == kNone) r.first = 1, r.last = 0;  // unused
  return r;
}

bool written_by_any(const Tables& v, uint32_t id) {
  return writer_before(v, id, v.node_count()) != kNone;
}

// A plan alias: scratch, not graph IO, written by no node (its bytes are an owner's).
bool is_alias(const Tables& v, uint32_t id) {
  const TensorRecord& t = v.tensor(id);
  if (t.mem_class != static_cast<uint8_t>(MemClass::kScratch) || t.io_slot != kNone ||
      written_by_any(v, id) || v.view_parent(id) != kNone || v.is_parent(id)) {
    return false;
  }
  const Range r = own_range(v, id);
  return r.first <= r.last && v.node(r.first).temp_tensor != id;  // read, and not a temp
}

bool same_bytes(const TensorRecord& a, const TensorRecord& b) {
  return a.mem_class == b.mem_class && a.offset == b.offset && a.size == b.size;
}

// Live range of owner `id` (not an alias) extended by the aliases whose storage it owns: an
// alias belongs to the owner with its bytes that was touched last before the alias's first
// read.
Range owner_range(const Tables& v, uint32_t id) {
  Range r = own_range(v, id);
  const TensorRecord& t = v.tensor(id);
  for (uint32_t a = 0; a < v.tensor_count(); ++a) {
    if (a == id || !same_bytes(v.tensor(a), t) || !is_alias(v, a)) continue;
    const Range ar = own_range(v, a);
    if (r.first > ar.first) continue;  // read before this owner existed
    bool later_owner = false;
    for (uint32_t o = 0; o < v.tensor_count() && !later_owner; ++o) {
      if (o == id || o == a || !same_bytes(v.tensor(o), t) || is_alias(v, o)) continue;
      const Range orr = own_range(v, o);
      later_owner = orr.first <= orr.last && orr.first > r.first && orr.first <= ar.first;
    }
    if (later_owner) continue;
    if (ar.last > r.last) r.last = ar.last;
  }
  return r;
}

bool same_dims(const TensorRecord& a, const TensorRecord& b) {
  if (a.rank != b.rank) return false;
  for (uint32_t d = 0; d < a.rank; ++d) {
    if (a.dims[d] != b.dims[d]) return false;
  }
  return true;
}

// Whether scratch tensors a and b (owner ranges ra, rb) are an in-place pair (in_place_ops.h):
// the same bytes, their ranges meeting only at node n, an op that runs in place without a
// temp, writing the later of the two and reading a tensor at those bytes with its dims.
bool in_place_pair(const Tables& v, uint32_t a, uint32_t b, Range ra, Range rb) {
  if (!same_bytes(v.tensor(a), v.tensor(b))) return false;
  uint32_t later = kNone, n = kNone;
  if (ra.first < rb.first && ra.last == rb.first) {
    later = b, n = rb.first;
  } else if (rb.first < ra.first && rb.last == ra.first) {
    later = a, n = ra.first;
  } else {
    return false;
  }
  const NodeRecord& node = v.node(n);
  if (!op_runs_in_place(static_cast<BuiltinOp>(node.op)) || node.temp_tensor != kNone ||
      !node_writes(v, n, later)) {
    return false;
  }
  const TensorRecord& out = v.tensor(later);
  const uint32_t* in = v.indices(node.inputs_index);
  for (uint32_t k = 0; k < node.num_inputs; ++k) {
    if (in[k] == kNone || in[k] == later) continue;
    if (same_bytes(v.tensor(in[k]), out) && same_dims(v.tensor(in[k]), out)) return true;
  }
  return false;
}

// Scratch and persistent tensors (and kernel scratch) whose bytes overlap are never live at
// the same node: a node never reads bytes another live tensor's writer has replaced, and no
// kernel writes its output over an input it still reads, except an in-place pair
// (in_place_pair: the input's last use is the op writing over it, element by element). A
// plan alias and its owner share bytes by design.
Status check_lifetimes(const Tables& v) {
  for (uint32_t a = 0; a < v.tensor_count(); ++a) {
    const TensorRecord& ta = v.tensor(a);
    const bool persistent_a = ta.mem_class == static_cast<uint8_t>(MemClass::kPersistent);
    if (ta.mem_class != static_cast<uint8_t>(MemClass::kScratch) && !persistent_a) continue;
    if (v.view_parent(a) != kNone) continue;  // a view's bytes and uses are its parent's
    int alias_a = -1;  // is_alias(a), computed on the first overlap
    for (uint32_t b = a + 1; b < v.tensor_count(); ++b) {
      const TensorRecord& tb = v.tensor(b);
      // Both ranges lie inside their pool (checked per tensor): no overflow.
      if (tb.mem_class != ta.mem_class || ta.offset >= tb.offset + tb.size ||
          tb.offset >= ta.offset + ta.size) {
        continue;
      }
      if (alias_a < 0) alias_a = is_alias(v, a) ? 1 : 0;
      if (alias_a == 1) break;
      if (is_alias(v, b) || v.view_parent(b) != kNone) continue;
      bool live_together = persistent_a;  // persistent memory lives as long as the context
      if (!live_together) {
        const Range ra = owner_range(v, a), rb = owner_range(v, b);
        live_together = ra.first <= ra.last && rb.first <= rb.last && ra.first <= rb.last &&
                        rb.first <= ra.last && !in_place_pair(v, a, b, ra, rb);
      }
      LPAI_CHECK(!live_together, Status::kBinaryBadPlan,
                 "context binary: tensors %u and %u overlap in %s memory while both live", fmt_u(a),
                 fmt_u(b), persistent_a ? "persistent" : "scratch");
    }
  }
  return Status::kOk;
}

}  // namespace

Status check_graph_dataflow(const BinaryView& view) {
  const Tables v(view);
  const bool branches = has_branches(v);
  for (uint32_t j = 0; j < v.node_count(); ++j) {
    LPAI_RETURN_IF_ERROR(check_node_dataflow(v, j, branches));
  }
  for (uint32_t k = 0; k < v.num_outputs(); ++k) {
    const uint32_t id = v.output_tensor(k);
    LPAI_CHECK(writer_before(v, id, v.node_count()) != kNone ||
                   (v.is_parent(id) && covered_by_views(v, id, v.node_count())),
               Status::kBinaryBadIo,
               "context binary: graph output %u (tensor %u) is written by no node", fmt_u(k),
               fmt_u(id));
  }
  LPAI_RETURN_IF_ERROR(check_constants_overlap(v));
  return check_lifetimes(v);
}

}  // namespace format
}  // namespace lpai
