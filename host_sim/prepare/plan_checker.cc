// Independent plan checker. Deliberately shares no code with planner.cc.
#include "prepare/plan_checker.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace lpai {
namespace prepare {
namespace {

struct Item {
  std::string what;
  uint64_t offset, size;
  int first, last;
};

uint64_t up(uint64_t v, uint64_t a) { return a == 0 ? v : (v + a - 1) / a * a; }

}  // namespace

std::string check_plan(const PrepGraph& g, const std::vector<uint32_t>& temp_bytes,
                       const PlanOptions& options, const MemoryPlan& plan) {
  std::ostringstream err;
  const size_t n = g.tensors.size();
  const int steps = static_cast<int>(g.ops.size());
  if (plan.used.size() != n || plan.tensors.size() != n || plan.temps.size() != g.ops.size()) {
    return "plan vectors do not match the graph";
  }
  const uint64_t sa = options.start_alignment, za = options.size_alignment;
  if (plan.scratch_size % za != 0) return "scratch size is not a multiple of the size alignment";
  if (plan.persistent_size % za != 0) return "persistent size is not a multiple of the size alignment";

  // Which tensors must be planned, and their own live range (touching steps).
  std::set<int> in(g.inputs.begin(), g.inputs.end()), out(g.outputs.begin(), g.outputs.end());
  std::map<int, std::pair<int, int>> range;  // root id -> [first, last]
  auto alias_root = [&](int id) {
    return id < static_cast<int>(g.alias_of.size()) && g.alias_of[id] >= 0 ? g.alias_of[id] : id;
  };
  // A row view's bytes are its parent's (graph.h): its uses count as the parent's.
  auto view_parent = [&](int id) {
    return id < static_cast<int>(g.row_view.size()) ? g.row_view[id].parent : -1;
  };
  // An in-place output's bytes are those of the root it was written over (graph.h).
  auto root_of = [&](int id) {
    const int r = alias_root(view_parent(id) >= 0 ? view_parent(id) : id);
    return r < static_cast<int>(g.in_place_of.size()) && g.in_place_of[r] >= 0 ? g.in_place_of[r]
                                                                                : r;
  };
  auto touch = [&](int id, int s) {
    auto it = range.find(root_of(id));
    if (it == range.end()) {
      range[root_of(id)] = {s, s};
    } else {
      it->second.first = std::min(it->second.first, s);
      it->second.second = std::max(it->second.second, s);
    }
  };
  std::set<int> needed(in);
  needed.insert(out.begin(), out.end());
  for (int s = 0; s < steps; ++s) {
    for (const auto* list : {&g.ops[s].inputs, &g.ops[s].outputs}) {
      for (const PrepTensor* t : *list) {
        if (!t) continue;
        needed.insert(t->index);
        if (view_parent(t->index) >= 0) needed.insert(view_parent(t->index));
        touch(t->index, s);
      }
    }
  }
  const int end_step = steps > 0 ? steps - 1 : 0;
  for (int id : g.inputs) touch(id, 0);
  for (int id : g.outputs) touch(id, end_step);
  for (const std::pair<int, int>& loop : loop_regions(g)) {  // live over a whole loop
    for (auto& r : range) {
      if (r.second.second < loop.first || r.second.first > loop.second) continue;
      r.second.first = std::min(r.second.first, loop.first);
      r.second.second = std::max(r.second.second, loop.second);
    }
  }

  std::vector<Item> scratch, persistent;
  for (int id : needed) {
    if (!plan.used[id]) {
      err << "tensor " << id << " is used but not planned";
      return err.str();
    }
    const PrepTensor& t = g.tensors[id];
    const Placement& p = plan.tensors[id];
    const int parent = view_parent(id);
    // A row view of graph IO lives where its parent does.
    const bool io = in.count(id) || out.count(id) ||
                    (parent >= 0 && (in.count(parent) || out.count(parent)));
    const format::MemClass want = t.is_const()     ? format::MemClass::kConst
                                  : t.is_variable  ? format::MemClass::kPersistent
                                  : io && options.io_memhandle ? format::MemClass::kIo
                                                               : format::MemClass::kScratch;
    if (p.mem_class != want) {
      err << "tensor " << id << " has memory class " << static_cast<int>(p.mem_class)
          << ", expected " << static_cast<int>(want);
      return err.str();
    }
    uint64_t bytes = format::data_type_size(t.type);
    for (int32_t d : t.shape) bytes *= static_cast<uint64_t>(d);
    if (p.size != bytes) {
      err << "tensor " << id << " planned with " << p.size << " bytes, needs " << bytes;
      return err.str();
    }
    if (parent >= 0) {  // rows [first_row, ...) of its parent, which is checked on its own
      const uint64_t row = t.shape.size() == 4 && t.shape[1] > 0 ? bytes / t.shape[1] : 0;
      if ((want != format::MemClass::kScratch && want != format::MemClass::kIo) ||
          p.offset != plan.tensors[parent].offset +
                          static_cast<uint64_t>(g.row_view[id].first_row) * row) {
        err << "row view " << id << " is not at its rows of tensor " << parent;
        return err.str();
      }
      continue;
    }
    if (want == format::MemClass::kScratch || want == format::MemClass::kPersistent) {
      if (p.offset % sa != 0) {
        err << "tensor " << id << " offset " << p.offset << " is not a multiple of " << sa;
        return err.str();
      }
      const uint64_t pool = want == format::MemClass::kScratch ? plan.scratch_size : plan.persistent_size;
      if (p.offset + p.size > pool) {
        err << "tensor " << id << " [" << p.offset << ", " << p.offset + p.size
            << ") exceeds its pool of " << pool << " bytes";
        return err.str();
      }
    }
    if (want == format::MemClass::kPersistent) {
      persistent.push_back({"tensor " + std::to_string(id), p.offset, p.size, 0, end_step});
    }
    if (want == format::MemClass::kScratch) {
      const int r = root_of(id);
      if (r != id) {
        if (plan.tensors[r].offset != p.offset || plan.tensors[r].mem_class != p.mem_class) {
          err << "alias tensor " << id << " does not share the storage of tensor " << r;
          return err.str();
        }
        continue;  // the group is checked once, through its root
      }
      scratch.push_back({"tensor " + std::to_string(id), p.offset, up(p.size, sa),
                         range[id].first, range[id].second});
    }
  }
  for (int s = 0; s < steps; ++s) {
    const uint32_t tb = temp_bytes.empty() ? 0 : temp_bytes[s];
    const Placement& p = plan.temps[s];
    if (tb == 0) continue;
    if (p.size != tb || p.mem_class != format::MemClass::kScratch) {
      err << "temp buffer of op " << s << " planned with " << p.size << " bytes, needs " << tb;
      return err.str();
    }
    if (p.offset % sa != 0 || p.offset + p.size > plan.scratch_size) {
      err << "temp buffer of op " << s << " misaligned or outside scratch";
      return err.str();
    }
    scratch.push_back({"temp of op " + std::to_string(s), p.offset, up(p.size, sa), s, s});
  }

  for (size_t a = 0; a < scratch.size(); ++a) {
    for (size_t b = a + 1; b < scratch.size(); ++b) {
      const Item& x = scratch[a];
      const Item& y = scratch[b];
      const bool time = x.first <= y.last && y.first <= x.last;
      const bool space = x.offset < y.offset + y.size && y.offset < x.offset + x.size;
      if (time && space) {
        err << x.what << " and " << y.what << " overlap in scratch while both live";
        return err.str();
      }
    }
  }
  for (size_t a = 0; a < persistent.size(); ++a) {
    for (size_t b = a + 1; b < persistent.size(); ++b) {
      const Item& x = persistent[a];
      const Item& y = persistent[b];
      if (x.offset < y.offset + y.size && y.offset < x.offset + x.size) {
        err << x.what << " and " << y.what << " overlap in persistent memory";
        return err.str();
      }
    }
  }

  // Lower bound, recomputed step by step.
  uint64_t bound = 0;
  for (int s = 0; s < std::max(steps, 1); ++s) {
    uint64_t live = 0;
    for (const Item& it : scratch) {
      if (it.first <= s && s <= it.last) live += it.size;
    }
    bound = std::max(bound, live);
  }
  bound = up(bound, za);
  if (plan.scratch_lower_bound != bound) {
    err << "lower bound " << plan.scratch_lower_bound << " differs from the recomputed " << bound;
    return err.str();
  }
  if (plan.scratch_size < bound) return "scratch size is below the lower bound";
  return "";
}

}  // namespace prepare
}  // namespace lpai
