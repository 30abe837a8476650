// Offline memory planner (host only): liveness over the execution order, then offsets.
//
// Memory classes:
//  - scratch: activations, each op's kernel temp buffer (live only during its op), and the
//    graph inputs/outputs unless the IO hint is memhandle (inputs live from step 0, outputs until
//    the last step). Buffers whose live ranges intersect never overlap; an alias group
//    (PrepGraph::alias_of) is one buffer live over the union of its members' ranges.
//  - persistent: variable tensors, each in its own slot (live for the whole context).
//  - const: constant tensors; they stay in the binary (placed by the writer, not here).
//  - io: graph inputs/outputs when the IO hint is memhandle (bound at execute; offset 0), and
//    row views of them (offset: the view's first row's bytes within the IO buffer).
// Loops (inlined WHILE, graph.h loop_regions): a buffer touched inside a loop is live over
// the whole loop. Every scratch/persistent offset is a multiple of start_alignment; pool sizes are rounded up
// to size_alignment. Steps: step s is the execution of ops[s].
//
// Scratch lower bound: the largest, over steps, sum of the sizes (each rounded up to
// start_alignment) of the scratch buffers live at that step, rounded up to size_alignment;
// no valid plan is smaller. The planner tries several orderings with best-fit and first-fit
// placement, then a bounded, deterministic local search over the best ordering; it stops as
// soon as a plan reaches the lower bound. The result is deterministic for a given input.
#ifndef LPAI_HOST_PREPARE_PLANNER_H
#define LPAI_HOST_PREPARE_PLANNER_H

#include <cstdint>
#include <string>
#include <vector>

#include "format/context_binary_format.h"
#include "common/host_result.h"
#include "prepare/graph.h"

namespace lpai {
namespace prepare {

// Which leaner kernel forms (PrepResult::leaner) prepare offers the planner where an op's
// preferred temp would raise the scratch peak.
enum class TempPolicy {
  kSpeed,   // only forms on the same kernel path (fewer im2col rows): speed kept
  kMemory,  // any form, down to the path without scratch (can be several times slower)
};

struct PlanOptions {
  uint32_t start_alignment = 64;  // power of two, >= 1
  uint32_t size_alignment = 64;   // power of two, >= 1
  bool io_memhandle = false;      // graph IO outside scratch (MemClass::kIo)
  KernelLayout kernel_layout = KernelLayout::kPortable;  // layouts the op prepares add
  TempPolicy temp_policy = TempPolicy::kSpeed;
  // In-place execution of element-wise ops over a dying input (in_place.h): prepare_graph's
  // pass, on in every plan (bit-identical, same kernels; untiled plans only).
  bool in_place = true;
  // PAD folded into the following convolution (fold_pad.h): when set, and whenever
  // temp_policy is kMemory or a memory_budget is given (a plan needing tiled stages plans the
  // PADs unfolded: the stages take them).
  bool fold_pad = false;
  // CONCATENATION along rows written in place by its producers (concat_views.h): likewise.
  bool concat_views = false;
  // Scratch budget in bytes (0: none). Kernel temps keep their preferred forms where they fit
  // below it (plan_memory_choosing); prepare_graph plans with temp_policy first, above the
  // budget again with TempPolicy::kMemory, and fails when that plan is still above.
  uint64_t memory_budget = 0;
};

struct Placement {
  format::MemClass mem_class = format::MemClass::kScratch;
  uint64_t offset = 0;  // bytes within its pool; 0 for kIo; kConst: 0 from the planner, the
                        // offset in the consts section once prepare_graph() serialized it
  uint64_t size = 0;    // bytes (unrounded)
  int first_step = 0;   // scratch: live range [first_step, last_step]; others: whole run
  int last_step = 0;
};

struct MemoryPlan {
  std::vector<bool> used;           // per graph tensor: planned and serialized
  std::vector<Placement> tensors;   // per graph tensor (meaningful where used[i])
  std::vector<Placement> temps;     // per op: its kernel temp buffer (size 0 = none)
  uint64_t scratch_size = 0;        // bytes, multiple of size_alignment
  uint64_t persistent_size = 0;     // bytes, multiple of size_alignment
  uint64_t scratch_lower_bound = 0; // see above; scratch_size >= scratch_lower_bound
  uint64_t io_bytes = 0;            // bytes of graph inputs + outputs (in scratch unless memhandle)
  double planning_ms = 0.0;         // wall time of plan_memory
  std::string strategy;             // which ordering/placement produced the plan

  double ratio() const {
    return scratch_lower_bound == 0 ? 1.0
                                    : static_cast<double>(scratch_size) / scratch_lower_bound;
  }
};

// Plans `g`. temp_bytes[s] is the kernel temp buffer of ops[s] (empty vector: none at all).
// Fails (one line) on invalid options (alignment not a power of two),
// temp_bytes of the wrong length, or a graph whose tensors are not consistent with the
// PrepGraph contract (e.g. an alias of a non-scratch tensor).
host::HostStatus plan_memory(const PrepGraph& g, const std::vector<uint32_t>& temp_bytes,
                             const PlanOptions& options, MemoryPlan* out);

// Plans `g` choosing each op's kernel temp among temp_options[s] (empty: no temp; otherwise
// the preferred size first, then leaner sizes, strictly decreasing; the kernel gives the same
// bytes with any of them). Sets (*chosen)[s] to the index taken (0 where the op has no temp).
//  - The activations and leanest temps are planned (plan L); the ceiling is the larger of L's
//    scratch size and options.memory_budget (rounded down to size_alignment; 0: none).
//  - When the plan with every preferred temp is within the ceiling, it is taken.
//  - Otherwise, for each op in step order, the largest option that fits whole in a free gap
//    of L's buffers live at its step, below the ceiling, goes into the tightest such gap; an
//    op where none fits keeps its leanest temp where L placed it. The scratch size is at most
//    the ceiling: no chosen temp raises it above.
// Temps live at one step each, so the choices are independent. Fails as plan_memory does, and
// on temp_options of the wrong length or sizes not strictly decreasing.
host::HostStatus plan_memory_choosing(const PrepGraph& g,
                                      const std::vector<std::vector<uint32_t>>& temp_options,
                                      const PlanOptions& options, MemoryPlan* out,
                                      std::vector<size_t>* chosen);

// The interval-packing core, exposed for tests: buffers of sizes[i] bytes live over steps
// [first[i], last[i]]. Returns offsets such that buffers with intersecting ranges do not
// overlap; every offset is a sum of sizes, so it is a multiple of any alignment all sizes
// share (plan_memory passes sizes rounded up to start_alignment). Sets *peak to the largest
// offset + size and *strategy to the winning heuristic's name.
std::vector<uint64_t> pack_intervals(const std::vector<uint64_t>& sizes,
                                     const std::vector<int>& first, const std::vector<int>& last,
                                     uint64_t* peak, std::string* strategy);

// max over steps of the sum of sizes live at that step (the interval lower bound).
uint64_t intervals_lower_bound(const std::vector<uint64_t>& sizes, const std::vector<int>& first,
                               const std::vector<int>& last);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_PLANNER_H
