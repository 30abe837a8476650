// Independent checker of a memory plan (used by tests; host only).
//
// Recomputes liveness from the graph itself (it does not trust the plan's live ranges) and
// verifies, for a MemoryPlan produced for (g, temp_bytes, options):
//  - every tensor an op reads or writes and every graph IO tensor is planned; constants are
//    kConst, variables kPersistent, graph IO kIo when options.io_memhandle, else kScratch;
//  - every planned tensor and temp buffer has its real size and lies inside its pool
//    (offset + size <= pool size); offsets are multiples of start_alignment; pool sizes are
//    multiples of size_alignment;
//  - aliases share their root's offset;
//  - a row view (PrepGraph::row_view) lies at its rows of its parent, and its uses count in the
//    parent's live range;
//  - no two scratch buffers (alias groups count as one) live at a common step overlap; a
//    temp buffer is live at its op's step only; graph inputs in scratch are live from step 0,
//    outputs until the last step;
//  - persistent slots never overlap;
//  - scratch_lower_bound equals the independently computed bound and scratch_size >= it.
#ifndef LPAI_HOST_PREPARE_PLAN_CHECKER_H
#define LPAI_HOST_PREPARE_PLAN_CHECKER_H

#include <cstdint>
#include <string>
#include <vector>

#include "prepare/graph.h"
#include "prepare/planner.h"

namespace lpai {
namespace prepare {

// Returns "" when the plan is valid, else a description of the first violation found.
std::string check_plan(const PrepGraph& g, const std::vector<uint32_t>& temp_bytes,
                       const PlanOptions& options, const MemoryPlan& plan);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_PLAN_CHECKER_H
