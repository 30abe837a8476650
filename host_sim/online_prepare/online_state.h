// Online prepare, internal: the online contexts and graphs (host memory, one graph per
// context), their handles, and the steps the entry points share. Not a public header: the
// public calls are in the QNN headers (QnnGraph.h), the test hooks in online_prepare.h.
//
// Files: online_state.cc (handle table, test hooks), tensor_decode.cc (createGraphTensor's
// checks), online_prepare.cc (the four graph-building calls), finalize.cc (finalize, and the
// link-time entry points every other call of an online handle goes through), op_map.cc (QNN op
// types and params -> TFLite builtins).
#ifndef LPAI_HOST_ONLINE_PREPARE_ONLINE_STATE_H
#define LPAI_HOST_ONLINE_PREPARE_ONLINE_STATE_H

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/aligned_bytes.h"
#include "core/checked_math.h"
#include "core/status.h"
#include "graph/runtime.h"
#include "lpai/qnn_compat.h"
#include "prepare/graph.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace online {

constexpr uint32_t kMaxSlots = 16;           // live online contexts (one graph each)
constexpr uint32_t kDefaultAlignment = 64;   // the generator's default --alignment 64:64
constexpr uintptr_t kGraphBit = 0x80;        // handle bit 7: graph (1) or context (0)
// Online handles carry the handle kind the firmware never uses (graph/runtime.h), so the
// link-time entry points (finalize.cc) tell them apart from firmware handles.
constexpr uintptr_t kOnlineHandleKind = rt::kHostHandleKind;

inline bool is_online_handle(Qnn_Handle_t h) {
  return ((reinterpret_cast<uintptr_t>(h) >> rt::kHandleKindShift) & rt::kHandleKindMask) ==
         kOnlineHandleKind;
}

inline Qnn_ErrorHandle_t ret(Status s) { return static_cast<Qnn_ErrorHandle_t>(status_code(s)); }

struct Tensor {
  prepare::PrepTensor t;                 // t.index == id; t.data points into `bytes` (STATIC)
  std::vector<uint8_t> bytes;   // STATIC data, owned
  Qnn_TensorType_t type = QNN_TENSOR_TYPE_UNDEFINED;
  Qnn_TensorMemType_t mem_type = QNN_TENSORMEMTYPE_UNDEFINED;
  int written_by = -1;          // node that writes it, -1: none yet
};

// One addNode call. builtin: a TFLite code, prepare::kCopyBuiltin, or kAliasNode (a Reshape
// aliased to its input: no op, like the importer's).
constexpr int kAliasNode = -1;
struct Node {
  int builtin = kAliasNode;
  std::vector<int> inputs, outputs;
  prepare::OpOptions options;
};

struct Graph {
  std::string name;
  std::deque<Tensor> tensors;  // stable addresses (PrepOp pointers during addNode)
  std::map<std::string, int> by_name;
  std::vector<Node> nodes;
  std::vector<int> alias_of;   // per tensor, PrepGraph::alias_of semantics
  bool finalized = false;
  // Set by finalize:
  std::vector<uint8_t> binary;
  Qnn_ContextHandle_t fw_context = nullptr;
  Qnn_GraphHandle_t fw_graph = nullptr;
  host::AlignedBytes scratch, persistent;
};

struct Context {
  bool live = false;
  uint32_t generation = 0;
  Qnn_BackendHandle_t backend = nullptr;
  uint32_t start_alignment = kDefaultAlignment, size_alignment = kDefaultAlignment;
  bool has_mem_type = false;
  QnnLpaiMem_MemType_t mem_type = QNN_LPAI_MEM_TYPE_DDR;
  std::unique_ptr<Graph> graph;
};

// The online context slots (kMaxSlots of them).
std::vector<Context>& slots();
Qnn_Handle_t make_handle(uint32_t index, uint32_t generation, bool graph);
// The live context named by `h` (a context or, with graph = true, a graph handle), or nullptr.
Context* find(Qnn_Handle_t h, bool graph);

// tensor_decode.cc: decodes and checks a Qnn_Tensor_t for createGraphTensor into *out; on
// failure the Status to report and *why (without the call's prefix).
Status decode_tensor(const Qnn_TensorV1_t& v1, Tensor* out, std::string* why);
// "tensor <id> '<name>'", for messages.
std::string tensor_label(const Tensor& t);

// finalize.cc: QnnGraph_finalize and QnnContext_free of an online handle.
Qnn_ErrorHandle_t finalize_online_graph(Qnn_GraphHandle_t graph);
Qnn_ErrorHandle_t free_online_context(Qnn_ContextHandle_t context);

}  // namespace online
}  // namespace lpai

#endif  // LPAI_HOST_ONLINE_PREPARE_ONLINE_STATE_H
