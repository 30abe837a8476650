// The node loop: runs every node of a validated binary over planned offsets.
//
// A tensor's address is base[mem_class] + offset, except graph IO tensors (io_slot != kNone),
// whose address is io[io_slot] (the per-execute IO binding), plus the offset for a kIo row
// view of one (rows of a memhandle-IO tensor, tiled execution). Nothing is checked per node: the
// loader (format::validate_binary) and the kernels' validators (kernels::validate_nodes)
// vetted every index, offset and parameter blob when the context was created.
#ifndef LPAI_GRAPH_EXECUTOR_H
#define LPAI_GRAPH_EXECUTOR_H

#include <stdint.h>

#include "format/binary_view.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace exec {

struct Frame {
  uint8_t* base[format::kMemClassCount];  // const, scratch, persistent, io (unused: nullptr)
  uint8_t* const* io;                     // per IO slot
  uint64_t* node_cycles;                  // per-node cycles (one per node), or nullptr
  uint32_t* once_done;                    // the graph's CALL_ONCE run-once flags (bit per slot)
};

// Runs the nodes in order, branching at CALL_ONCE, IF, WHILE and JUMP nodes
// (kernels/control_flow.h): a CALL_ONCE node whose flag is clear sets it and lets its block
// run, one whose flag is set skips it. `view` must have passed validate_binary and
// validate_nodes; every base/io pointer the graph uses must be valid. Profile entries: the
// cycles of this execute per node, summed over a loop's iterations, 0 for skipped nodes.
void run(const format::BinaryView& view, const Frame& frame);

#if defined(LPAI_HOST_KERNEL_HOOK)
// Host simulation only (defined for LPAI_PLATFORM=host; firmware targets compile none of it):
// an alternative eval tried before the op's kernel, e.g. the x86 SIMD kernels of
// host_sim/simd. It returns true when it ran the node (bit-identical outputs), false to fall
// back to the portable kernel. nullptr (the default) means portable kernels only.
using KernelHook = bool (*)(uint16_t op, const kernels::KernelArgs& args);
void set_kernel_hook(KernelHook hook);
#endif

}  // namespace exec
}  // namespace lpai

#endif  // LPAI_GRAPH_EXECUTOR_H
