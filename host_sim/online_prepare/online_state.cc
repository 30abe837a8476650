// Online prepare: the table of online contexts behind the handles, and the test hooks of
// online_prepare.h.
#include "online_prepare/online_prepare.h"
#include "online_prepare/online_state.h"

namespace lpai {
namespace online {

std::vector<Context>& slots() {
  static std::vector<Context> s(kMaxSlots);
  return s;
}

Qnn_Handle_t make_handle(uint32_t index, uint32_t generation, bool graph) {
  const uintptr_t h = (static_cast<uintptr_t>(generation) << 12) |
                      (kOnlineHandleKind << 8) | (graph ? kGraphBit : 0) |
                      static_cast<uintptr_t>(index + 1);
  return reinterpret_cast<Qnn_Handle_t>(h);
}

// The live context named by `h` (a context or, with graph = true, a graph handle), or nullptr.
Context* find(Qnn_Handle_t h, bool graph) {
  const uintptr_t v = reinterpret_cast<uintptr_t>(h);
  if (!is_online_handle(h) || ((v & kGraphBit) != 0) != graph) return nullptr;
  const uintptr_t idx1 = v & 0x7F;
  if (idx1 == 0 || idx1 > kMaxSlots) return nullptr;
  Context& c = slots()[idx1 - 1];
  if (!c.live || static_cast<uint32_t>(v >> 12) != c.generation) return nullptr;
  if (graph && c.graph == nullptr) return nullptr;
  return &c;
}

bool graph_binary(Qnn_GraphHandle_t graph, std::vector<uint8_t>* out) {
  Context* c = find(graph, true);
  if (c == nullptr || !c->graph->finalized) return false;
  *out = c->graph->binary;
  return true;
}

Qnn_GraphHandle_t firmware_graph(Qnn_GraphHandle_t graph) {
  Context* c = find(graph, true);
  return c == nullptr || !c->graph->finalized ? nullptr : c->graph->fw_graph;
}

uint32_t live_contexts() {
  uint32_t n = 0;
  for (const Context& c : slots()) n += c.live ? 1 : 0;
  return n;
}

}  // namespace online
}  // namespace lpai
