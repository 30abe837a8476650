// Offline memory planner. See planner.h for the contract.
#include "prepare/planner.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "core/checked_math.h"

namespace lpai {
namespace prepare {
namespace {


struct Buffers {
  const std::vector<uint64_t>& size;
  const std::vector<int>& first;
  const std::vector<int>& last;
  bool overlap_in_time(size_t a, size_t b) const {
    return first[a] <= last[b] && first[b] <= last[a];
  }
};

enum class Fit { kBest, kFirst };

// Places buffers in `order`; each goes into the gap (among already placed buffers live at the
// same time) chosen by `fit`, or on top when no gap fits. Returns the peak.
uint64_t place(const Buffers& b, const std::vector<size_t>& order, Fit fit,
               std::vector<uint64_t>* offsets) {
  const size_t n = order.size();
  offsets->assign(b.size.size(), 0);
  std::vector<size_t> placed;
  placed.reserve(n);
  std::vector<std::pair<uint64_t, uint64_t>> busy;  // (offset, end) of time-overlapping buffers
  busy.reserve(n);
  uint64_t peak = 0;
  for (size_t idx : order) {
    busy.clear();
    for (size_t p : placed) {
      if (b.overlap_in_time(idx, p)) busy.emplace_back((*offsets)[p], (*offsets)[p] + b.size[p]);
    }
    std::sort(busy.begin(), busy.end());
    const uint64_t need = b.size[idx];
    uint64_t cursor = 0;
    uint64_t best_off = std::numeric_limits<uint64_t>::max();
    uint64_t best_gap = std::numeric_limits<uint64_t>::max();
    for (const auto& r : busy) {
      if (r.first > cursor) {
        const uint64_t gap = r.first - cursor;
        if (gap >= need) {
          if (fit == Fit::kFirst) {
            best_off = cursor;
            break;
          }
          if (gap < best_gap) {
            best_gap = gap;
            best_off = cursor;
          }
        }
      }
      cursor = std::max(cursor, r.second);
    }
    const uint64_t off = best_off != std::numeric_limits<uint64_t>::max() ? best_off : cursor;
    (*offsets)[idx] = off;
    peak = std::max(peak, off + need);
    placed.push_back(idx);
  }
  return peak;
}

// Deterministic 64-bit generator (splitmix64) for the local search.
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
};

}  // namespace

uint64_t intervals_lower_bound(const std::vector<uint64_t>& sizes, const std::vector<int>& first,
                               const std::vector<int>& last) {
  int max_step = -1;
  for (int l : last) max_step = std::max(max_step, l);
  if (max_step < 0) return 0;
  std::vector<uint64_t> delta(static_cast<size_t>(max_step) + 2, 0);
  std::vector<uint64_t> minus(static_cast<size_t>(max_step) + 2, 0);
  for (size_t i = 0; i < sizes.size(); ++i) {
    delta[static_cast<size_t>(first[i])] += sizes[i];
    minus[static_cast<size_t>(last[i]) + 1] += sizes[i];
  }
  uint64_t live = 0, best = 0;
  for (int s = 0; s <= max_step; ++s) {
    live += delta[static_cast<size_t>(s)];
    live -= minus[static_cast<size_t>(s)];
    best = std::max(best, live);
  }
  return best;
}

std::vector<uint64_t> pack_intervals(const std::vector<uint64_t>& sizes,
                                     const std::vector<int>& first, const std::vector<int>& last,
                                     uint64_t* peak, std::string* strategy) {
  const size_t n = sizes.size();
  std::vector<uint64_t> best_offsets(n, 0), offsets;
  *peak = 0;
  if (n == 0) {
    *strategy = "empty";
    return best_offsets;
  }
  const Buffers b{sizes, first, last};
  const uint64_t bound = intervals_lower_bound(sizes, first, last);
  auto length = [&](size_t i) { return static_cast<uint64_t>(last[i] - first[i] + 1); };

  // Candidate orderings (all with a deterministic final tie-break on the index).
  struct Candidate {
    const char* name;
    std::vector<size_t> order;
  };
  std::vector<Candidate> candidates;
  std::vector<size_t> base(n);
  std::iota(base.begin(), base.end(), 0);
  auto add = [&](const char* name, auto less) {
    std::vector<size_t> o = base;
    std::stable_sort(o.begin(), o.end(), less);
    candidates.push_back({name, std::move(o)});
  };
  add("size-desc", [&](size_t a, size_t c) {
    if (sizes[a] != sizes[c]) return sizes[a] > sizes[c];
    if (length(a) != length(c)) return length(a) > length(c);
    return first[a] < first[c];
  });
  add("area-desc", [&](size_t a, size_t c) {
    const uint64_t x = sizes[a] * length(a), y = sizes[c] * length(c);
    if (x != y) return x > y;
    return sizes[a] > sizes[c];
  });
  add("lifetime-desc", [&](size_t a, size_t c) {
    if (length(a) != length(c)) return length(a) > length(c);
    return sizes[a] > sizes[c];
  });
  add("first-use", [&](size_t a, size_t c) {
    if (first[a] != first[c]) return first[a] < first[c];
    return sizes[a] > sizes[c];
  });
  // Buffers live at the busiest step first (they must all stack), largest first.
  {
    int hot = 0;
    uint64_t live_best = 0;
    for (int s = 0; s <= *std::max_element(last.begin(), last.end()); ++s) {
      uint64_t live = 0;
      for (size_t i = 0; i < n; ++i) {
        if (first[i] <= s && s <= last[i]) live += sizes[i];
      }
      if (live > live_best) {
        live_best = live;
        hot = s;
      }
    }
    add("peak-step-first", [&, hot](size_t a, size_t c) {
      const bool ha = first[a] <= hot && hot <= last[a];
      const bool hc = first[c] <= hot && hot <= last[c];
      if (ha != hc) return ha;
      return sizes[a] > sizes[c];
    });
  }

  uint64_t best = std::numeric_limits<uint64_t>::max();
  std::vector<size_t> best_order;
  Fit best_fit = Fit::kBest;
  for (const Candidate& c : candidates) {
    for (Fit fit : {Fit::kBest, Fit::kFirst}) {
      const uint64_t p = place(b, c.order, fit, &offsets);
      if (p < best) {
        best = p;
        best_offsets = offsets;
        best_order = c.order;
        best_fit = fit;
        *strategy = std::string(c.name) + (fit == Fit::kBest ? "/best-fit" : "/first-fit");
      }
      if (best <= bound) break;
    }
    if (best <= bound) break;
  }

  // Local search: move one buffer to another position of the ordering; keep moves that do
  // not make the peak worse. Bounded by a fixed amount of work (about 1e7 pair checks), so
  // the result is deterministic and fast.
  if (best > bound && n > 1) {
    const uint64_t per_eval = static_cast<uint64_t>(n) * n + 1;
    const uint64_t iterations = std::min<uint64_t>(5000, 10000000ull / per_eval);
    Rng rng{0x4C504149ull + n};
    std::vector<size_t> order = best_order;
    uint64_t current = best;
    bool improved = false;
    for (uint64_t it = 0; it < iterations && best > bound; ++it) {
      std::vector<size_t> trial = order;
      const size_t i = rng.below(n), j = rng.below(n);
      if (i == j) continue;
      if (rng.next() & 1) {
        std::swap(trial[i], trial[j]);
      } else {
        const size_t v = trial[i];
        trial.erase(trial.begin() + static_cast<std::ptrdiff_t>(i));
        trial.insert(trial.begin() + static_cast<std::ptrdiff_t>(j), v);
      }
      const uint64_t p = place(b, trial, best_fit, &offsets);
      if (p <= current) {
        current = p;
        order.swap(trial);
        if (p < best) {
          best = p;
          best_offsets = offsets;
          improved = true;
        }
      }
    }
    if (improved) *strategy += "+local-search";
  }
  *peak = best;
  return best_offsets;
}

host::HostStatus plan_memory(const PrepGraph& g, const std::vector<uint32_t>& temp_bytes,
                             const PlanOptions& options, MemoryPlan* out) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!is_pow2(options.start_alignment) || !is_pow2(options.size_alignment)) {
    return host::HostStatus::fail("plan: alignments must be powers of two (start " +
             std::to_string(options.start_alignment) + ", size " +
             std::to_string(options.size_alignment) + ")");
  }
  const size_t n_ops = g.ops.size();
  if (!temp_bytes.empty() && temp_bytes.size() != n_ops) {
    return host::HostStatus::fail("plan: " + std::to_string(temp_bytes.size()) + " temp sizes for " +
             std::to_string(n_ops) + " ops");
  }
  const size_t n = g.tensors.size();
  const int last_step = n_ops == 0 ? 0 : static_cast<int>(n_ops) - 1;
  const uint64_t align = options.start_alignment;
  MemoryPlan plan;
  plan.used.assign(n, false);
  plan.tensors.assign(n, Placement());
  plan.temps.assign(n_ops, Placement());

  auto id_of = [&](const PrepTensor* t) -> int {
    return t->index >= 0 && static_cast<size_t>(t->index) < n && &g.tensors[t->index] == t
               ? t->index
               : -1;
  };
  std::vector<bool> is_input(n, false), is_output(n, false);
  for (int id : g.inputs) {
    if (id < 0 || static_cast<size_t>(id) >= n) {
      return host::HostStatus::fail("plan: graph input id " + std::to_string(id) + " out of range");
    }
    is_input[id] = true;
    plan.used[id] = true;
  }
  for (int id : g.outputs) {
    if (id < 0 || static_cast<size_t>(id) >= n) {
      return host::HostStatus::fail("plan: graph output id " + std::to_string(id) + " out of range");
    }
    is_output[id] = true;
    plan.used[id] = true;
  }
  for (size_t s = 0; s < n_ops; ++s) {
    for (const auto* list : {&g.ops[s].inputs, &g.ops[s].outputs}) {
      for (const PrepTensor* t : *list) {
        if (!t) continue;
        const int id = id_of(t);
        if (id < 0) {
          return host::HostStatus::fail("plan: op " + std::to_string(s) + " refers to a tensor outside the graph");
        }
        plan.used[id] = true;
      }
    }
  }

  // A row view's parent holds its bytes: used whenever the view is.
  for (size_t i = 0; i < n; ++i) {
    if (!plan.used[i] || !g.is_row_view(static_cast<int>(i))) continue;
    const int parent = g.row_view[i].parent;
    if (parent < 0 || static_cast<size_t>(parent) >= n) {
      return host::HostStatus::fail("plan: row view " + std::to_string(i) + " of a tensor outside the graph");
    }
    plan.used[static_cast<size_t>(parent)] = true;
  }

  // Memory class of every used tensor.
  for (size_t i = 0; i < n; ++i) {
    if (!plan.used[i]) continue;
    const PrepTensor& t = g.tensors[i];
    Placement& p = plan.tensors[i];
    p.size = tensor_bytes(t);
    p.first_step = 0;
    p.last_step = last_step;
    if (t.is_const()) {
      p.mem_class = format::MemClass::kConst;
    } else if (t.is_variable) {
      p.mem_class = format::MemClass::kPersistent;
    } else if ((is_input[i] || is_output[i]) && options.io_memhandle) {
      p.mem_class = format::MemClass::kIo;
    } else {
      p.mem_class = format::MemClass::kScratch;
    }
    if (is_input[i] || is_output[i]) plan.io_bytes += p.size;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!plan.used[i] || !g.is_row_view(static_cast<int>(i))) continue;
    const int parent = g.row_view[i].parent;
    const PrepTensor& v = g.tensors[i];
    // The parent is a scratch activation, or memhandle graph IO (kIo: the view is bound
    // through the parent's slot, its offset its rows' within the IO buffer).
    const bool io_parent = static_cast<size_t>(parent) < n && (is_input[parent] || is_output[parent]);
    const format::MemClass parent_class =
        io_parent ? format::MemClass::kIo : format::MemClass::kScratch;
    if (static_cast<size_t>(parent) >= n || g.is_row_view(parent) || g.alias_root(parent) != parent ||
        !plan.used[parent] || plan.tensors[parent].mem_class != parent_class ||
        is_input[i] || is_output[i] ||
        v.shape.size() != 4 || g.tensors[parent].shape.size() != 4 || v.type != g.tensors[parent].type ||
        g.row_view[i].first_row < 0 ||
        g.row_view[i].first_row + v.shape[1] > g.tensors[parent].shape[1]) {
      return host::HostStatus::fail("plan: tensor " + std::to_string(i) +
                                    " is a row view outside a scratch activation or memhandle "
                                    "graph IO tensor");
    }
    plan.tensors[i].mem_class = parent_class;
  }
  for (size_t i = 0; i < n; ++i) {
    const int r = g.alias_root(static_cast<int>(i));
    if (!plan.used[i] || r == static_cast<int>(i)) continue;
    if (r < 0 || static_cast<size_t>(r) >= n || g.alias_root(r) != r || !plan.used[r] ||
        plan.tensors[i].mem_class != format::MemClass::kScratch ||
        plan.tensors[r].mem_class != format::MemClass::kScratch ||
        plan.tensors[i].size != plan.tensors[r].size || is_input[i] || is_output[i] ||
        is_input[r] || is_output[r]) {
      return host::HostStatus::fail("plan: tensor " + std::to_string(i) + " aliases tensor " + std::to_string(r) +
               " but they are not two scratch activations of the same size");
    }
  }

  // Liveness of scratch buffers (alias groups merged into their root).
  std::vector<int> first(n, std::numeric_limits<int>::max()), last(n, -1);
  auto touch = [&](int id, int s) {
    const int r = g.storage_root(id);
    first[r] = std::min(first[r], s);
    last[r] = std::max(last[r], s);
  };
  for (size_t s = 0; s < n_ops; ++s) {
    for (const auto* list : {&g.ops[s].inputs, &g.ops[s].outputs}) {
      for (const PrepTensor* t : *list) {
        if (t) touch(t->index, static_cast<int>(s));
      }
    }
  }
  for (int id : g.inputs) touch(id, 0);
  for (int id : g.outputs) touch(id, last_step);
  // A buffer touched inside a loop lives over the whole loop (graph.h, loop_regions); loops
  // nest, so one pass over them suffices.
  for (const std::pair<int, int>& loop : loop_regions(g)) {
    for (size_t r = 0; r < n; ++r) {
      if (last[r] < loop.first || first[r] > loop.second) continue;
      first[r] = std::min(first[r], loop.first);
      last[r] = std::max(last[r], loop.second);
    }
  }

  std::vector<uint64_t> sizes;
  std::vector<int> bf, bl;
  std::vector<int> owner;  // >= 0: tensor id; < 0: -(op + 1) temp buffer
  for (size_t i = 0; i < n; ++i) {
    if (!plan.used[i] || plan.tensors[i].mem_class != format::MemClass::kScratch) continue;
    if (g.storage_root(static_cast<int>(i)) != static_cast<int>(i)) continue;
    sizes.push_back(align_up(plan.tensors[i].size, align));
    bf.push_back(first[i]);
    bl.push_back(last[i]);
    owner.push_back(static_cast<int>(i));
  }
  for (size_t s = 0; s < temp_bytes.size(); ++s) {
    if (temp_bytes[s] == 0) continue;
    sizes.push_back(align_up(temp_bytes[s], align));
    bf.push_back(static_cast<int>(s));
    bl.push_back(static_cast<int>(s));
    owner.push_back(-static_cast<int>(s) - 1);
  }
  uint64_t peak = 0;
  const std::vector<uint64_t> offsets = pack_intervals(sizes, bf, bl, &peak, &plan.strategy);
  for (size_t k = 0; k < owner.size(); ++k) {
    if (owner[k] >= 0) {
      Placement& p = plan.tensors[owner[k]];
      p.offset = offsets[k];
      p.first_step = bf[k];
      p.last_step = bl[k];
    } else {
      const size_t s = static_cast<size_t>(-owner[k] - 1);
      Placement& p = plan.temps[s];
      p.mem_class = format::MemClass::kScratch;
      p.offset = offsets[k];
      p.size = temp_bytes[s];
      p.first_step = p.last_step = static_cast<int>(s);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const int r = g.storage_root(static_cast<int>(i));
    if (!plan.used[i] || r == static_cast<int>(i)) continue;
    plan.tensors[i].offset = plan.tensors[r].offset;
    if (g.is_row_view(static_cast<int>(i))) {  // rows [first_row, ...) of its parent
      const PrepTensor& v = g.tensors[i];
      plan.tensors[i].offset +=
          static_cast<uint64_t>(g.row_view[i].first_row) * (tensor_bytes(v) / v.shape[1]);
    }
    plan.tensors[i].first_step = plan.tensors[r].first_step;
    plan.tensors[i].last_step = plan.tensors[r].last_step;
  }
  plan.scratch_size = align_up(peak, options.size_alignment);
  plan.scratch_lower_bound = align_up(intervals_lower_bound(sizes, bf, bl), options.size_alignment);

  // Persistent: one aligned slot per variable tensor, in tensor order.
  uint64_t cursor = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!plan.used[i] || plan.tensors[i].mem_class != format::MemClass::kPersistent) continue;
    plan.tensors[i].offset = cursor;
    cursor += align_up(plan.tensors[i].size, align);
  }
  plan.persistent_size = align_up(cursor, options.size_alignment);

  plan.planning_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  *out = std::move(plan);
  return host::HostStatus::success();
}

host::HostStatus plan_memory_choosing(const PrepGraph& g,
                                      const std::vector<std::vector<uint32_t>>& temp_options,
                                      const PlanOptions& options, MemoryPlan* out,
                                      std::vector<size_t>* chosen) {
  const auto t0 = std::chrono::steady_clock::now();
  const size_t n_ops = g.ops.size();
  if (temp_options.size() != n_ops) {
    return host::HostStatus::fail("plan: " + std::to_string(temp_options.size()) +
                                  " temp option lists for " + std::to_string(n_ops) + " ops");
  }
  std::vector<uint32_t> preferred(n_ops, 0), leanest(n_ops, 0);
  for (size_t s = 0; s < n_ops; ++s) {
    const std::vector<uint32_t>& o = temp_options[s];
    for (size_t k = 1; k < o.size(); ++k) {
      if (o[k] >= o[k - 1]) {
        return host::HostStatus::fail("plan: op " + std::to_string(s) +
                                      "'s temp options are not strictly decreasing");
      }
    }
    if (!o.empty()) {
      preferred[s] = o.front();
      leanest[s] = o.back();
    }
  }
  chosen->assign(n_ops, 0);
  MemoryPlan full;
  if (host::HostStatus st = plan_memory(g, preferred, options, &full); !st.ok()) return st;
  if (preferred == leanest) {
    *out = std::move(full);
    return host::HostStatus::success();
  }
  MemoryPlan lean;
  if (host::HostStatus st = plan_memory(g, leanest, options, &lean); !st.ok()) return st;
  // The temps may use the room up to the budget (when it is above plan L) or L's scratch size.
  const uint64_t budget = options.memory_budget / options.size_alignment * options.size_alignment;
  const uint64_t ceiling = std::max(lean.scratch_size, budget);
  if (full.scratch_size <= ceiling) {
    *out = std::move(full);
    return host::HostStatus::success();
  }
  const uint64_t align = options.start_alignment;
  // Scratch buffers (alias roots) of plan L, as (first, last, offset, end).
  struct Busy {
    int first, last;
    uint64_t offset, end;
  };
  std::vector<Busy> buffers;
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!lean.used[i] || lean.tensors[i].mem_class != format::MemClass::kScratch) continue;
    if (g.storage_root(static_cast<int>(i)) != static_cast<int>(i)) continue;
    const Placement& p = lean.tensors[i];
    buffers.push_back({p.first_step, p.last_step, p.offset, p.offset + align_up(p.size, align)});
  }
  std::vector<uint64_t> sizes;
  std::vector<int> bf, bl;
  for (const Busy& b : buffers) {
    sizes.push_back(b.end - b.offset);
    bf.push_back(b.first);
    bl.push_back(b.last);
  }
  int changed = 0;
  uint64_t top = lean.scratch_size;  // end of the highest buffer
  for (size_t s = 0; s < n_ops; ++s) {
    const std::vector<uint32_t>& o = temp_options[s];
    const int step = static_cast<int>(s);
    if (o.size() > 1) {
      std::vector<std::pair<uint64_t, uint64_t>> busy;
      for (const Busy& b : buffers) {
        if (b.first <= step && step <= b.last) busy.emplace_back(b.offset, b.end);
      }
      std::sort(busy.begin(), busy.end());
      // Free gaps below the ceiling, as (offset, length).
      std::vector<std::pair<uint64_t, uint64_t>> gaps;
      uint64_t cursor = 0;
      for (const auto& r : busy) {
        if (r.first > cursor) gaps.emplace_back(cursor, r.first - cursor);
        cursor = std::max(cursor, r.second);
      }
      if (ceiling > cursor) gaps.emplace_back(cursor, ceiling - cursor);
      bool fitted = false;
      for (size_t k = 0; k + 1 < o.size() && !fitted; ++k) {
        const uint64_t need = align_up(o[k], align);
        uint64_t best_off = 0, best_len = std::numeric_limits<uint64_t>::max();
        for (const auto& gap : gaps) {
          if (gap.second >= need && gap.second < best_len) {
            best_off = gap.first;
            best_len = gap.second;
          }
        }
        if (best_len == std::numeric_limits<uint64_t>::max()) continue;
        (*chosen)[s] = k;
        Placement& t = lean.temps[s];
        t.mem_class = format::MemClass::kScratch;
        t.offset = best_off;
        t.size = o[k];
        t.first_step = t.last_step = step;
        top = std::max(top, best_off + need);
        ++changed;
        fitted = true;
      }
      if (!fitted) (*chosen)[s] = o.size() - 1;  // the leanest, placed by plan L
    }
    const Placement& t = lean.temps[s];
    if (t.size != 0) {
      sizes.push_back(align_up(t.size, align));
      bf.push_back(step);
      bl.push_back(step);
    }
  }
  lean.scratch_size = align_up(top, options.size_alignment);
  lean.scratch_lower_bound =
      align_up(intervals_lower_bound(sizes, bf, bl), options.size_alignment);
  lean.strategy += "+temps-in-gaps(" + std::to_string(changed) + ")";
  lean.planning_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  *out = std::move(lean);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
