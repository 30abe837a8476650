// Tiled execution: the greedy stage search under a scratch budget. See tiling.h.
#include <algorithm>
#include <string>
#include <vector>

#include "prepare/tiling.h"

namespace lpai {
namespace prepare {
namespace {

constexpr int kMaxAttempts = 48;

int producer_of(const std::vector<PrepOp>& ops, int id) {
  for (size_t s = 0; s < ops.size(); ++s) {
    for (const PrepTensor* t : ops[s].outputs) {
      if (t != nullptr && t->index == id) return static_cast<int>(s);
    }
  }
  return -1;
}

int last_reader_of(const std::vector<PrepOp>& ops, int id) {
  int last = -1;
  for (size_t s = 0; s < ops.size(); ++s) {
    for (const PrepTensor* t : ops[s].inputs) {
      if (t != nullptr && t->index == id) last = static_cast<int>(s);
    }
  }
  return last;
}

bool has_control_flow(const std::vector<PrepOp>& ops) {
  for (const PrepOp& op : ops) {
    if (op.builtin == kJumpBuiltin || op.builtin == kLabelBuiltin ||
        op.builtin == static_cast<int>(format::BuiltinOp::kCallOnce) ||
        op.builtin == static_cast<int>(format::BuiltinOp::kIf) ||
        op.builtin == static_cast<int>(format::BuiltinOp::kWhile)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<uint64_t> live_bytes_per_step(const PrepGraph& g, const MemoryPlan& plan) {
  std::vector<uint64_t> live(g.ops.size(), 0);
  for (size_t s = 0; s < g.ops.size() && s < plan.temps.size(); ++s) live[s] = plan.temps[s].size;
  for (size_t i = 0; i < g.tensors.size() && i < plan.used.size(); ++i) {
    if (!plan.used[i] || plan.tensors[i].mem_class != format::MemClass::kScratch) continue;
    if (g.storage_root(static_cast<int>(i)) != static_cast<int>(i)) continue;
    const Placement& p = plan.tensors[i];
    for (int s = std::max(0, p.first_step); s <= p.last_step && static_cast<size_t>(s) < live.size(); ++s) {
      live[static_cast<size_t>(s)] += p.size;
    }
  }
  return live;
}

const char kRawIoInputStop[] = "the busiest step holds graph input ";

host::HostStatus search_tiling(PrepGraph* g, uint64_t budget, bool io_views,
                               const TilingAttempt& first,
                               const TilingPlanFn& plan, std::vector<TileStage>* stages,
                               std::vector<int>* origin, std::vector<int>* band,
                               uint64_t* smallest, std::string* why) {
  const std::vector<PrepOp> untiled = g->ops;
  const size_t n_original = g->tensors.size();
  stages->clear();
  origin->clear();
  band->clear();
  for (size_t s = 0; s < untiled.size(); ++s) {
    origin->push_back(static_cast<int>(s));
    band->push_back(-1);
  }
  *smallest = first.scratch;
  auto give_up = [&](const std::string& reason) {
    g->ops = untiled;
    *why = reason;
    return host::HostStatus::fail(reason);
  };
  if (has_control_flow(untiled)) return give_up("the graph has control flow");
  TilingAttempt at = first;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (at.busiest_step < 0 || at.largest_tensor < 0) return give_up("no buffer to tile");
    const int step_origin = (*origin)[static_cast<size_t>(at.busiest_step)];
    const int t = at.largest_tensor;
    const std::string tensor_name = g->tensors[static_cast<size_t>(t)].name;
    int in_stage = -1;
    for (size_t k = 0; k < stages->size(); ++k) {
      if ((*stages)[k].first_op <= step_origin && step_origin <= (*stages)[k].last_op) {
        in_stage = static_cast<int>(k);
      }
    }
    if (static_cast<size_t>(t) >= n_original) {  // a band buffer: thinner bands
      if (in_stage < 0) return give_up("band buffer " + tensor_name + " outside its stage");
      TileStage& st = (*stages)[static_cast<size_t>(in_stage)];
      if (st.band_rows <= 1) {
        return give_up("the stage ending at op " + std::to_string(st.last_op) +
                       " already runs bands of one row");
      }
      st.band_rows = std::max(1, st.band_rows * 2 / 3);
    } else {  // a whole tensor: make it a stage's intermediate
      const int p = producer_of(untiled, t);
      const int r = last_reader_of(untiled, t);
      const bool graph_input = std::find(g->inputs.begin(), g->inputs.end(), t) != g->inputs.end();
      if (graph_input) {
        return give_up(kRawIoInputStop + tensor_name + " (" +
                       std::to_string(tensor_bytes(g->tensors[static_cast<size_t>(t)])) +
                       " bytes), in scratch from the first node (raw IO); tiled stages read "
                       "graph IO only with memhandle IO");
      }
      if (p < 0 || r < 0) return give_up("tensor " + tensor_name + " has no producing op to tile");
      TileStage st;
      int lo = p, hi = r, rows = 0;
      std::string reason;
      std::vector<TileStage> kept;
      for (bool merged = true; merged;) {
        merged = false;
        if (!close_stage(*g, untiled, lo, hi, &st, &reason, io_views)) {
          return give_up("tensor " + tensor_name + " (" + std::to_string(tensor_bytes(g->tensors[t])) +
                         " bytes) cannot be tiled: " + reason);
        }
        lo = st.first_op;
        hi = st.last_op;
        kept.clear();
        for (const TileStage& o : *stages) {
          if (o.last_op < lo || o.first_op > hi) {
            kept.push_back(o);
            continue;
          }
          if (o.first_op < lo || o.last_op > hi) merged = true;
          lo = std::min(lo, o.first_op);
          hi = std::max(hi, o.last_op);
          if (o.last_op == hi) rows = o.band_rows;
        }
      }
      if (rows == 0) {
        const int out_rows = untiled[static_cast<size_t>(st.last_op)].outputs[0]->shape[1];
        const uint64_t bytes = tensor_bytes(g->tensors[static_cast<size_t>(t)]);
        const uint64_t want = budget == 0 ? 2 : (4 * bytes + budget - 1) / budget;
        const int bands = static_cast<int>(std::min<uint64_t>(
            static_cast<uint64_t>(out_rows), std::max<uint64_t>(2, want)));
        rows = (out_rows + bands - 1) / bands;
      }
      st.band_rows = rows;
      kept.push_back(st);
      std::sort(kept.begin(), kept.end(),
                [](const TileStage& x, const TileStage& y) { return x.first_op < y.first_op; });
      *stages = std::move(kept);
    }
    std::vector<PrepOp> tiled;
    if (host::HostStatus st = tile_ops(g, untiled, *stages, &tiled, origin, band, io_views);
        !st.ok()) {
      return give_up(st.error());
    }
    g->ops = std::move(tiled);
    if (host::HostStatus st = plan(&at); !st.ok()) return give_up(st.error());
    *smallest = std::min(*smallest, at.scratch);
    if (at.scratch <= budget) return host::HostStatus::success();
  }
  return give_up("no plan within the budget after " + std::to_string(kMaxAttempts) + " tilings");
}

}  // namespace prepare
}  // namespace lpai
