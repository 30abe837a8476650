// Tiled (band) execution of memory-heavy stages, planned offline (host only).
//
// A stage is a run of ops [first_op, last_op] of the execution order, each a CONV_2D,
// DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D, PAD (constant paddings) or same-shape ADD
// over 4-D batch-1 activations, whose intermediate tensors are used only inside the stage.
// The stage's last output is produced in bands of `band_rows` output rows. For each band the
// rows each earlier op must produce are computed backwards (stride, filter, dilation, top
// padding); every intermediate then exists only as a band buffer of those rows (overlapping
// rows are recomputed by neighbouring bands). tile_ops() expands a stage into ordinary nodes,
// one per op and band: the op's own prepare runs on the band shapes with its top padding made
// explicit (OpOptions::explicit_pad_h; padding exists only at the real tensor's edges), the
// stage's inputs are read and its output written through row views (PrepGraph::row_view).
// Every output element is computed by the same kernel arithmetic over the same input values:
// bit-identical by construction. The firmware runs the nodes as any others.
#ifndef LPAI_HOST_PREPARE_TILING_H
#define LPAI_HOST_PREPARE_TILING_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "prepare/graph.h"
#include "prepare/planner.h"

namespace lpai {
namespace prepare {

// A window along the height: output row o reads input rows o * stride - pad + t * dilation,
// t in [0, kernel).
struct RowWindow {
  int kernel = 1, stride = 1, dilation = 1, pad = 0;
};

// The input rows [first, end) (clipped to the input's in_rows rows) that output rows
// [out_first, out_end) read, and the rows of padding above `first` the band op sees
// (pad_top = first - (out_first * stride - pad)). end <= first when no input row is read.
struct BandRows {
  int first = 0, end = 0, pad_top = 0;
};
BandRows band_input_rows(const RowWindow& w, int in_rows, int out_first, int out_end);

// Rows window of a stage op over its activation inputs (identity for ADD and PAD's offset for
// PAD); false (with *why) when the op cannot be in a stage.
bool op_row_window(const PrepOp& op, RowWindow* w, std::string* why);

struct TileStage {
  int first_op = 0, last_op = 0;  // op indices in the untiled order, inclusive
  int band_rows = 0;              // output rows of last_op per band (the last band may be short)
};

// Whether ops[first..last] (the untiled order) of g can form a stage; *why says why not.
// io_views (memhandle IO: graph IO outside scratch, views of it bound through its slot): the
// stage's inputs and its last output may be graph IO; its intermediates never are.
bool stage_valid(const PrepGraph& g, const std::vector<PrepOp>& ops, int first, int last,
                 std::string* why, bool io_views = false);

// The smallest stage containing ops [first, last] whose intermediates are used only inside it
// (extends last over their consumers); false when none is valid.
bool close_stage(const PrepGraph& g, const std::vector<PrepOp>& ops, int first, int last,
                 TileStage* out, std::string* why, bool io_views = false);

// Expands `stages` (disjoint, each valid, band_rows >= 1) of the untiled `ops` into *out:
// per stage and band, one op per stage op over band buffers and row views appended to *g
// (tensors, row_view; PAD's band paddings as constants in g->folded). origin[s] is the
// untiled index of out op s; band[s] its band (-1 outside stages).
host::HostStatus tile_ops(PrepGraph* g, const std::vector<PrepOp>& ops,
                          const std::vector<TileStage>& stages, std::vector<PrepOp>* out,
                          std::vector<int>* origin, std::vector<int>* band,
                          bool io_views = false);

// Multiply-accumulates of one CONV_2D / DEPTHWISE_CONV_2D / FULLY_CONNECTED op (0 for others).
uint64_t op_macs(const PrepOp& op);

// What the report shows per stage.
struct TileStageReport {
  std::string ops;       // "CONV_2D_3 DEPTHWISE_CONV_2D_4 ..."
  int band_rows = 0, bands = 0, out_rows = 0;
  uint64_t macs_before = 0, macs_after = 0;  // of the stage's ops, untiled and tiled
  uint64_t peak_before = 0, peak_after = 0;  // largest live scratch bytes at the stage's steps
};

// Live scratch bytes per step of a plan of g (storage roots live at the step plus the step's
// kernel temp).
std::vector<uint64_t> live_bytes_per_step(const PrepGraph& g, const MemoryPlan& plan);

// What one plan of the current op list gave (filled by search_tiling's caller).
struct TilingAttempt {
  uint64_t scratch = 0;    // the plan's scratch size
  int busiest_step = -1;   // step of the largest live_bytes_per_step
  int largest_tensor = -1; // the largest storage root live there (graph tensor id), or -1
};

// Plans g->ops as they are (the caller's prepare and plan); ok() with *attempt filled, or
// the failure that ends the search.
using TilingPlanFn = std::function<host::HostStatus(TilingAttempt* attempt)>;

// Greedy, deterministic search for stages that fit `budget` bytes of scratch: from the
// untiled plan `first`, it repeatedly looks at the busiest step: when its largest buffer is a
// band buffer of a stage, the stage's bands get 2/3 of their rows; otherwise the buffer's
// producer through its last reader becomes a stage (close_stage, merged with the stages it
// overlaps; the first band height gives about 4 bands per budget of that buffer's bytes).
// g->ops is replaced by each tiled op list and planned with `plan`. Success: the last plan
// fits, g->ops, *stages, *origin and *band are the tiled order's. Failure: g->ops is back to
// the untiled order, *smallest is the smallest scratch reached and *why says where it stopped
// (beginning with kRawIoInputStop when the busiest step holds a raw-IO graph input).
// io_views: as stage_valid's.
extern const char kRawIoInputStop[];
host::HostStatus search_tiling(PrepGraph* g, uint64_t budget, bool io_views,
                               const TilingAttempt& first,
                               const TilingPlanFn& plan, std::vector<TileStage>* stages,
                               std::vector<int>* origin, std::vector<int>* band,
                               uint64_t* smallest, std::string* why);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_TILING_H
