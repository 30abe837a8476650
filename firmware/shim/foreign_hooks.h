// Foreign handles: context and graph handles the firmware does not own, forwarded by the C shim
// to a hook table registered at run time. The host simulation's online prepare
// (host_sim/online_prepare) registers one so that graphs built through QnnGraph_create /
// QnnGraph_addNode work with the firmware's QnnGraph_* calls; firmware images never register
// one, so there a foreign handle is just an invalid handle.
//
// Tag: a foreign handle has kind 0xF in bits [8, 12); firmware handles use kinds 1..4 there
// (graph/state.h), so the two never collide. The shim forwards only when a table is
// registered AND the handle carries the tag.
#ifndef LPAI_SHIM_FOREIGN_HOOKS_H
#define LPAI_SHIM_FOREIGN_HOOKS_H

#include <stdint.h>

#include "lpai/qnn_compat.h"

namespace lpai {
namespace shim {

constexpr uintptr_t kForeignHandleKind = 0xF;

inline bool is_foreign_handle(Qnn_Handle_t h) {
  return ((reinterpret_cast<uintptr_t>(h) >> 8) & 0xFu) == kForeignHandleKind;
}

enum class ForeignKind : uint32_t { kContext = 0, kGraph = 1 };

// Every entry is called only with handles that carry the tag, and must not be null.
struct ForeignHooks {
  // The firmware handle `handle` stands for (a context or graph of the firmware runtime), or
  // null with *error set to the code to return (invalid handle, not finalized, ...); the hook
  // logs the reason.
  Qnn_Handle_t (*resolve)(Qnn_Handle_t handle, ForeignKind kind, Qnn_ErrorHandle_t* error);
  // QnnGraph_finalize and QnnContext_free on a foreign handle.
  Qnn_ErrorHandle_t (*graph_finalize)(Qnn_GraphHandle_t graph);
  Qnn_ErrorHandle_t (*context_free)(Qnn_ContextHandle_t context);
};

// Registers `hooks` (the table must outlive its registration); nullptr unregisters. Not
// thread-safe, like the rest of the runtime.
void set_foreign_hooks(const ForeignHooks* hooks);
const ForeignHooks* foreign_hooks();

}  // namespace shim
}  // namespace lpai

#endif  // LPAI_SHIM_FOREIGN_HOOKS_H
