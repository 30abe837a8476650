// Offline prepare pipeline. See prepare.h.
#include "prepare/prepare.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <utility>

#include "common/host_result.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "kernels/kernel_api.h"
#include "kernels/params/control_flow.h"
#include "prepare/importer.h"
#include "prepare/negative_scales.h"
#include "prepare/tiling.h"
#include "writer/context_binary_writer.h"

namespace lpai {
namespace prepare {

using host::HostResult;
using host::HostStatus;

namespace {

bool fits_u32(uint64_t v) { return v <= std::numeric_limits<uint32_t>::max(); }

std::string clean_name(const std::string& name, int index) {
  if (name.empty()) return "tensor_" + std::to_string(index);
  std::string s = name;
  for (char& c : s) {
    if (c == '\0') c = '?';
  }
  return s;
}

}  // namespace

const char* mem_class_name(format::MemClass c) {
  switch (c) {
    case format::MemClass::kConst: return "const";
    case format::MemClass::kScratch: return "scratch";
    case format::MemClass::kPersistent: return "persistent";
    case format::MemClass::kIo: return "io";
  }
  return "unknown";
}

namespace {

// Operators whose int8/int16 operands may be plain integers (no quantisation).
bool accepts_raw_integers(int builtin) {
  switch (builtin) {
    case static_cast<int>(format::BuiltinOp::kCast):
    case static_cast<int>(format::BuiltinOp::kAbs):
#define LPAI_SIGNAL_RAW_CASE(Enum, NAME, code, options, snake) case code:
    LPAI_SIGNAL_OPS(LPAI_SIGNAL_RAW_CASE)  // the signal library: plain integers throughout
#undef LPAI_SIGNAL_RAW_CASE
      return true;
    default:
      return false;
  }
}

// Operators whose int16 activations may carry a non-zero zero point (every other int16
// activation is symmetric, as TFLite Micro's int16 kernels require). The op's own prepare and
// kernel validator then hold the exact rule; SOFTMAX: an int16 output has zero point -32768
// after an int8 input and 0 after an int16 input (whose zero point is 0), as TFLite Micro's
// SoftmaxPrepare (host_sim/prepare/ops/softmax.cc, firmware/kernels/softmax.cc).
bool accepts_asymmetric_int16(int builtin) {
  return builtin == static_cast<int>(format::BuiltinOp::kSoftmax) ||
         builtin == static_cast<int>(format::BuiltinOp::kQuantize);
}

// A tensor name for a message line: bytes outside printable ASCII written as \xNN.
std::string printable(const std::string& name) {
  static const char kHex[] = "0123456789abcdef";
  std::string s;
  for (unsigned char c : name) {
    if (c >= 0x20 && c <= 0x7e) {
      s += static_cast<char>(c);
    } else {
      s += "\\x";
      s += kHex[c >> 4];
      s += kHex[c & 15];
    }
  }
  return s;
}

// "tensor <index> '<name>'" (no quotes part when the name is empty).
std::string label(const PrepTensor& t) {
  return "tensor " + std::to_string(t.model_index >= 0 ? t.model_index : t.index) +
         (t.name.empty() ? "" : " '" + printable(t.name) + "'");
}

// The prefix of every per-op prepare refusal: "node N (OP) [in: <labels>; out: <labels>]",
// an absent optional input written as "-".
std::string node_where(const PrepOp& op) {
  std::string s = (op.subgraph != 0 ? "subgraph " + std::to_string(op.subgraph) + " " : std::string()) +
                  "node " + std::to_string(op.node_index) + " (" + op_name(op.builtin) + ") [in: ";
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    if (i != 0) s += ", ";
    s += op.inputs[i] == nullptr ? std::string("-") : label(*op.inputs[i]);
  }
  s += "; out: ";
  for (size_t i = 0; i < op.outputs.size(); ++i) {
    if (i != 0) s += ", ";
    s += op.outputs[i] == nullptr ? std::string("-") : label(*op.outputs[i]);
  }
  return s + "]";
}

// The operator-independent rules on int8/int16 operands: quantised unless the op takes plain
// integers; int16 activations symmetric unless the op allows otherwise.
bool check_integer_tensors(const PrepOp& op, std::string* why) {
  auto check = [&](const PrepTensor* t) {
    if (t == nullptr) return true;
    const bool narrow = t->type == format::DataType::kInt8 || t->type == format::DataType::kInt16;
    if (!narrow) return true;
    if (t->scales.empty()) {
      if (accepts_raw_integers(op.builtin)) return true;
      *why = label(*t) + ": is not quantised (no scale)";
      return false;
    }
    if (t->type == format::DataType::kInt16 && !t->is_const() && !t->zero_points.empty() &&
        t->zero_points[0] != 0 && !accepts_asymmetric_int16(op.builtin)) {
      *why = label(*t) + ": int16 activation zero point " + std::to_string(t->zero_points[0]) +
             " is not supported (int16 activations are symmetric)";
      return false;
    }
    return true;
  };
  for (const PrepTensor* t : op.inputs) {
    if (!check(t)) return false;
  }
  for (const PrepTensor* t : op.outputs) {
    if (!check(t)) return false;
  }
  return true;
}

// Control flow: removes the label ops and resolves every CALL_ONCE / IF / WHILE / JUMP target
// into PrepOp::jump (op_prepare.h); numbers the CALL_ONCE run-once flags in order. False with
// a failure when a target label is missing (an importer bug).
HostStatus resolve_control_flow(PrepGraph* g) {
  std::map<int, int> at;  // label -> position among the ops that remain
  std::vector<PrepOp> kept;
  for (PrepOp& op : g->ops) {
    if (op.builtin == kLabelBuiltin) {
      at[op.label] = static_cast<int>(kept.size());
    } else {
      kept.push_back(std::move(op));
    }
  }
  g->ops = std::move(kept);
  uint32_t slot = 0;
  for (size_t s = 0; s < g->ops.size(); ++s) {
    PrepOp& op = g->ops[s];
    if (op.target < 0) continue;
    const auto it = at.find(op.target);
    if (it == at.end()) {
      return HostStatus::fail("internal: " + node_where(op) + " branches to a missing label");
    }
    op.jump = it->second - static_cast<int>(s) - 1;
    if (op.builtin == static_cast<int>(format::BuiltinOp::kCallOnce)) op.once_slot = slot++;
  }
  return HostStatus::success();
}

}  // namespace

namespace {

// A tensor's firmware record for running a kernel on the host (no memory class or offset).
format::TensorRecord record_of(const PrepTensor& t) {
  format::TensorRecord r{};
  r.data_type = static_cast<uint8_t>(t.type);
  r.rank = static_cast<uint8_t>(t.shape.size());
  for (size_t d = 0; d < t.shape.size() && d < format::kMaxRank; ++d) {
    r.dims[d] = static_cast<uint32_t>(t.shape[d]);
  }
  r.size = static_cast<uint32_t>(tensor_bytes(t));
  r.zero_point = t.zero_points.empty() ? 0 : static_cast<int32_t>(t.zero_points[0]);
  r.mem_class = static_cast<uint8_t>(t.is_const() ? format::MemClass::kConst
                                                  : format::MemClass::kScratch);
  r.quant_index = format::kNone;
  r.io_slot = format::kNone;
  return r;
}

// Largest output a folded op may add to the binary's constants.
constexpr uint64_t kMaxFoldedBytes = 64 * 1024;

// Whether `op` computes a constant: SHAPE always (shapes are static); any other single-output
// op whose every present input is constant (not a variable) and whose output is at most
// kMaxFoldedBytes: the shape arithmetic Keras emits for a dynamic batch (SHAPE ->
// STRIDED_SLICE -> PACK -> RESHAPE's shape operand), FILL / ZEROS_LIKE / BROADCAST_TO, ...
bool foldable(const PrepOp& op) {
  using Op = format::BuiltinOp;
  const Op code = static_cast<Op>(op.builtin);
  if (code == Op::kShape) return true;
  if (op.builtin == kCopyBuiltin || op.outputs.size() != 1 || op.inputs.empty()) return false;
  if (tensor_bytes(*op.outputs[0]) > kMaxFoldedBytes) return false;
  bool any = false;
  for (const PrepTensor* t : op.inputs) {
    if (t == nullptr) continue;  // absent optional input
    if (!t->is_const() || t->is_variable) return false;
    any = true;
  }
  return any;
}

// Runs the op's own prepare and firmware kernel on the host into `out`; false (nothing
// changed) when either refuses.
bool evaluate(const PrepOp& op, std::vector<uint8_t>* out) {
  const PrepareFn fn = find_prepare(op.builtin);
  const kernels::OpKernel* k = kernels::find_kernel(static_cast<uint16_t>(op.builtin));
  if (fn == nullptr || k == nullptr || op.outputs.size() != 1) return false;
  const PrepResult r = fn(op);
  if (!r.ok()) return false;
  std::vector<uint32_t> params(r.params.size() / 4 + 1, 0);
  if (!r.params.empty()) std::memcpy(params.data(), r.params.data(), r.params.size());
  std::vector<uint64_t> temp(r.temp_bytes / 8 + 1, 0);
  std::vector<format::TensorRecord> recs;
  for (const PrepTensor* t : op.inputs) recs.push_back(t != nullptr ? record_of(*t) : format::TensorRecord{});
  recs.push_back(record_of(*op.outputs[0]));
  std::vector<kernels::TensorRef> ins(op.inputs.size());
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    const PrepTensor* t = op.inputs[i];
    ins[i].desc = t != nullptr ? &recs[i] : nullptr;
    ins[i].data = t != nullptr ? const_cast<uint8_t*>(t->data) : nullptr;  // read only
  }
  out->assign(tensor_bytes(*op.outputs[0]), 0);
  kernels::TensorRef result{out->data(), &recs.back()};
  kernels::KernelArgs args{};
  args.params = reinterpret_cast<const uint8_t*>(params.data());
  args.params_size = static_cast<uint32_t>(r.params.size());
  args.inputs = ins.data();
  args.num_inputs = static_cast<uint32_t>(ins.size());
  args.outputs = &result;
  args.num_outputs = 1;
  args.temp = r.temp_bytes != 0 ? reinterpret_cast<uint8_t*>(temp.data()) : nullptr;
  args.temp_size = r.temp_bytes;
  if (k->validate(args) != Status::kOk) return false;
  k->eval(args);
  return true;
}

}  // namespace

int fold_constants(PrepGraph* g) {
  int folded = 0;
  std::vector<PrepOp> kept;
  for (PrepOp& op : g->ops) {
    bool done = false;
    if (foldable(op) && op.outputs.size() == 1) {
      const int id = op.outputs[0]->index;
      const bool io = std::find(g->outputs.begin(), g->outputs.end(), id) != g->outputs.end();
      bool aliased = false;
      for (size_t i = 0; i < g->alias_of.size(); ++i) aliased = aliased || g->alias_of[i] == id;
      std::vector<uint8_t> data;
      if (!io && !aliased && evaluate(op, &data)) {
        g->folded.push_back(std::move(data));
        PrepTensor& t = g->tensors[static_cast<size_t>(id)];
        t.data = g->folded.back().data();
        t.data_size = g->folded.back().size();
        g->compat_notes.push_back(op_name(op.builtin) + " (node " + std::to_string(op.node_index) +
                                  "): computed at prepare time (constant inputs), output '" +
                                  t.name + "' is a constant");
        ++folded;
        done = true;
      }
    }
    if (!done) kept.push_back(std::move(op));
  }
  g->ops = std::move(kept);
  return folded;
}

namespace {

using NodeParams = std::vector<std::vector<uint8_t>>;

// Step 1: every op's parameter blob and exact kernel scratch (COPY: none; JUMP: its offset).
// leaner[s]: op s's leaner forms (PrepResult::leaner), for the planner's choice.
HostResult<NodeParams> prepare_each_op(const PrepGraph& g, KernelLayout layout,
                                       std::vector<uint32_t>* temp_bytes,
                                       std::vector<std::vector<PrepResult::Leaner>>* leaner) {
  const size_t n_ops = g.ops.size();
  NodeParams params(n_ops);
  temp_bytes->assign(n_ops, 0);
  leaner->assign(n_ops, {});
  for (size_t s = 0; s < n_ops; ++s) {
    const PrepOp& op = g.ops[s];
    if (op.builtin == kCopyBuiltin) continue;  // byte copy: no parameters, no temp
    if (op.builtin == kJumpBuiltin) {          // branch: its offset
      const kernels::JumpParams jp{op.jump};
      params[s].resize(sizeof(jp));
      std::memcpy(params[s].data(), &jp, sizeof(jp));
      continue;
    }
    const std::string where = node_where(op);
    const PrepareFn fn = find_prepare(op.builtin);
    if (fn == nullptr) return HostStatus::fail(where + ": operator not supported by lpai-rt");
    std::string why;
    if (!check_integer_tensors(op, &why)) return HostStatus::fail(where + ": " + why);
    PrepOp laid_out = op;
    laid_out.layout = layout;
    PrepResult r = fn(laid_out);
    if (!r.ok()) return HostStatus::fail(where + ": " + r.error);
    params[s] = std::move(r.params);
    (*temp_bytes)[s] = r.temp_bytes;
    (*leaner)[s] = std::move(r.leaner);
  }
  return params;
}

// Step 2: the memory plan, each op's kernel temp chosen among its preferred and leaner forms
// (planner.h, plan_memory_choosing); the chosen form's blob replaces the op's.
// The scratch buffers live at the plan's busiest step, for the budget's error line:
// "step S (OP_node): N buffers, B bytes, largest NAME (X bytes)".
std::string busiest_step(const PrepareOutput& res) {
  const MemoryPlan& p = res.plan;
  const PrepGraph& g = res.graph;
  if (g.ops.empty()) return "the graph has no steps";
  int best_step = 0;
  uint64_t best = 0;
  for (size_t s = 0; s < g.ops.size(); ++s) {
    uint64_t live = p.temps[s].size;
    for (size_t i = 0; i < g.tensors.size(); ++i) {
      if (!p.used[i] || p.tensors[i].mem_class != format::MemClass::kScratch) continue;
      if (g.storage_root(static_cast<int>(i)) != static_cast<int>(i)) continue;
      const int st = static_cast<int>(s);
      if (p.tensors[i].first_step <= st && st <= p.tensors[i].last_step) live += p.tensors[i].size;
    }
    if (live > best) {
      best = live;
      best_step = static_cast<int>(s);
    }
  }
  const PrepOp& op = g.ops[static_cast<size_t>(best_step)];
  std::string largest;
  uint64_t largest_bytes = 0;
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!p.used[i] || p.tensors[i].mem_class != format::MemClass::kScratch) continue;
    if (g.storage_root(static_cast<int>(i)) != static_cast<int>(i)) continue;
    if (p.tensors[i].first_step <= best_step && best_step <= p.tensors[i].last_step &&
        p.tensors[i].size > largest_bytes) {
      largest_bytes = p.tensors[i].size;
      largest = clean_name(g.tensors[i].name, static_cast<int>(i));
    }
  }
  return "step " + std::to_string(best_step) + " (" + op_name(op.builtin) + "_" +
         std::to_string(op.node_index) + ") holds " + std::to_string(best) +
         " bytes, the largest " + largest + " (" + std::to_string(largest_bytes) + " bytes)";
}

HostStatus plan_with_leaner_temps(std::vector<std::vector<PrepResult::Leaner>>&& leaner,
                                  NodeParams* params, PrepareOutput* res);

// Step 2 with PlanOptions::memory_budget: the leaner-temp plan under temp_policy, then under
// TempPolicy::kMemory when it is above the budget; fails when that one is above too.
HostStatus plan_within_budget(std::vector<std::vector<PrepResult::Leaner>>&& leaner,
                              NodeParams* params, PrepareOutput* res) {
  const uint64_t budget = res->options.memory_budget;
  if (budget == 0 || res->options.temp_policy == TempPolicy::kMemory) {
    if (HostStatus st = plan_with_leaner_temps(std::move(leaner), params, res); !st.ok()) return st;
  } else {
    std::vector<std::vector<PrepResult::Leaner>> kept = leaner;
    const NodeParams kept_params = *params;
    const std::vector<uint32_t> kept_temps = res->temp_bytes;
    if (HostStatus st = plan_with_leaner_temps(std::move(leaner), params, res); !st.ok()) return st;
    if (res->plan.scratch_size > budget) {
      *params = kept_params;
      res->temp_bytes = kept_temps;
      res->options.temp_policy = TempPolicy::kMemory;
      if (HostStatus st = plan_with_leaner_temps(std::move(kept), params, res); !st.ok()) return st;
    }
  }
  if (budget != 0 && res->plan.scratch_size > budget) {
    return HostStatus::fail("plan: scratch of " + std::to_string(res->plan.scratch_size) +
                            " bytes (the smallest plan found, temp policy memory) exceeds the "
                            "memory budget of " + std::to_string(budget) + " bytes; " +
                            busiest_step(*res));
  }
  return HostStatus::success();
}

HostStatus plan_with_leaner_temps(std::vector<std::vector<PrepResult::Leaner>>&& leaner,
                                  NodeParams* params, PrepareOutput* res) {
  const size_t n_ops = res->graph.ops.size();
  std::vector<std::vector<uint32_t>> options(n_ops);
  for (size_t s = 0; s < n_ops; ++s) {
    if (res->temp_bytes[s] == 0) continue;
    options[s].push_back(res->temp_bytes[s]);
    // Forms on the same path come first in each list; the speed policy stops at the first other.
    size_t offered = 0;
    for (const PrepResult::Leaner& l : leaner[s]) {
      if (!l.same_path && res->options.temp_policy == TempPolicy::kSpeed) break;
      options[s].push_back(l.temp_bytes);
      ++offered;
    }
    leaner[s].resize(offered);
  }
  std::vector<size_t> chosen;
  if (HostStatus st = plan_memory_choosing(res->graph, options, res->options, &res->plan, &chosen);
      !st.ok()) {
    return st;
  }
  res->temp_form = chosen;
  for (size_t s = 0; s < n_ops; ++s) {
    if (chosen[s] == 0) continue;
    PrepResult::Leaner& l = leaner[s][chosen[s] - 1];
    (*params)[s] = std::move(l.params);
    res->temp_bytes[s] = l.temp_bytes;
  }
  return HostStatus::success();
}

// Whether the plan step failed on the budget alone (a plan exists, above it).
bool over_budget(const PrepareOutput& res) {
  return res.options.memory_budget != 0 && !res.plan.used.empty() &&
         res.plan.scratch_size > res.options.memory_budget;
}

// The busiest step of res's plan and the largest storage root live there (tiling.h).
TilingAttempt attempt_of(const PrepareOutput& res) {
  TilingAttempt a;
  a.scratch = res.plan.scratch_size;
  const std::vector<uint64_t> live = live_bytes_per_step(res.graph, res.plan);
  if (live.empty()) return a;
  a.busiest_step = static_cast<int>(std::max_element(live.begin(), live.end()) - live.begin());
  uint64_t largest = 0;
  for (size_t i = 0; i < res.graph.tensors.size(); ++i) {
    const Placement& p = res.plan.tensors[i];
    if (!res.plan.used[i] || p.mem_class != format::MemClass::kScratch ||
        res.graph.storage_root(static_cast<int>(i)) != static_cast<int>(i) ||
        p.first_step > a.busiest_step || p.last_step < a.busiest_step || p.size <= largest) {
      continue;
    }
    largest = p.size;
    a.largest_tensor = static_cast<int>(i);
  }
  return a;
}

// Step 2 when the budget is missed untiled: tiled stages (tiling.h, search_tiling), each
// attempt prepared and planned as step 1 and 2 are; fails with the untiled line plus the
// smallest tiled scratch reached. Fills res->tiling.
HostStatus plan_tiled(const HostStatus& untiled_failure, const PlanOptions& options,
                      NodeParams* params, PrepareOutput* res) {
  // Tiled stages rewrite the op list: they are planned without in-place execution.
  res->graph.in_place_of.clear();
  res->in_place.clear();
  const std::vector<PrepOp> untiled = res->graph.ops;
  const std::vector<uint64_t> live_before = live_bytes_per_step(res->graph, res->plan);
  const uint64_t scratch_before = res->plan.scratch_size;
  const TilingPlanFn plan = [&](TilingAttempt* a) -> HostStatus {
    res->options = options;
    res->plan = MemoryPlan();  // over_budget() must not see an earlier attempt's plan
    std::vector<std::vector<PrepResult::Leaner>> leaner;
    HostResult<NodeParams> p =
        prepare_each_op(res->graph, options.kernel_layout, &res->temp_bytes, &leaner);
    if (!p.ok()) return p.status();
    *params = std::move(p.value());
    const HostStatus st = plan_within_budget(std::move(leaner), params, res);
    if (!st.ok() && !over_budget(*res)) return st;
    *a = attempt_of(*res);
    return HostStatus::success();
  };
  std::vector<TileStage> stages;
  std::vector<int> origin, band;
  uint64_t smallest = 0;
  std::string why;
  if (!search_tiling(&res->graph, options.memory_budget, options.io_memhandle, attempt_of(*res),
                     plan, &stages, &origin, &band, &smallest, &why)
           .ok()) {
    return HostStatus::fail(untiled_failure.error() + "; tiled execution reached " +
                            std::to_string(smallest) + " bytes, then stopped: " + why);
  }
  const std::vector<uint64_t> live_after = live_bytes_per_step(res->graph, res->plan);
  res->untiled_scratch = scratch_before;
  for (const PrepOp& op : untiled) res->macs_untiled += op_macs(op);
  for (const PrepOp& op : res->graph.ops) res->macs += op_macs(op);
  for (const TileStage& st : stages) {
    TileStageReport r;
    r.band_rows = st.band_rows;
    r.out_rows = untiled[static_cast<size_t>(st.last_op)].outputs[0]->shape[1];
    r.bands = (r.out_rows + st.band_rows - 1) / st.band_rows;
    for (int s = st.first_op; s <= st.last_op; ++s) {
      const PrepOp& op = untiled[static_cast<size_t>(s)];
      r.ops += (r.ops.empty() ? "" : " ") + op_name(op.builtin) + "_" + std::to_string(op.node_index);
      r.macs_before += op_macs(op);
      r.peak_before = std::max(r.peak_before, live_before[static_cast<size_t>(s)]);
    }
    for (size_t s = 0; s < origin.size(); ++s) {
      if (origin[s] < st.first_op || origin[s] > st.last_op) continue;
      r.macs_after += op_macs(res->graph.ops[s]);
      r.peak_after = std::max(r.peak_after, live_after[s]);
    }
    res->tiling.push_back(r);
  }
  return HostStatus::success();
}

// Step 2 (after plan_memory): the binary's offsets are 32-bit.
HostStatus check_plan_fits(const MemoryPlan& plan) {
  if (!fits_u32(plan.scratch_size) || !fits_u32(plan.persistent_size)) {
    return HostStatus::fail("plan: scratch (" + std::to_string(plan.scratch_size) +
                            " bytes) or persistent (" + std::to_string(plan.persistent_size) +
                            " bytes) exceeds 4 GiB");
  }
  return HostStatus::success();
}

// The writer's description of graph tensor i as planned.
HostResult<writer::TensorDesc> describe_tensor(const PrepTensor& t, size_t i, const Placement& p) {
  writer::TensorDesc td;
  td.name = clean_name(t.name, static_cast<int>(i));
  td.type = t.type;
  for (int32_t d : t.shape) td.dims.push_back(static_cast<uint32_t>(d));
  td.mem_class = p.mem_class;
  if (!fits_u32(p.offset) || !fits_u32(p.size)) {
    return HostStatus::fail("tensor " + std::to_string(i) + " '" + t.name +
                            "': offset or size exceeds 4 GiB");
  }
  // kIo: 0 for graph IO, the rows' byte offset for a row view of it (planner.h).
  td.offset = p.mem_class == format::MemClass::kConst ? 0u : static_cast<uint32_t>(p.offset);
  td.size = static_cast<uint32_t>(p.size);
  if (!t.scales.empty()) {
    td.scale = t.scales[0];
    td.zero_point = t.zero_points.empty() ? 0 : static_cast<int32_t>(t.zero_points[0]);
  }
  if (t.scales.size() > 1) {
    td.channel_scales = t.scales;
    for (int64_t zp : t.zero_points) td.channel_zero_points.push_back(static_cast<int32_t>(zp));
    td.quant_axis = t.quant_axis;
  }
  td.is_variable = t.is_variable;
  td.float_io = t.float_io;
  if (t.is_const()) td.const_data.assign(t.data, t.data + t.data_size);
  return td;
}

// Step 3: the graph description the writer serializes: the used tensors, then one scratch
// tensor per op with kernel scratch, then the nodes. Sets res->binary_id / temp_binary_id.
HostResult<writer::GraphDesc> describe_graph(NodeParams&& params, PrepareOutput* res) {
  const PrepGraph& g = res->graph;
  const MemoryPlan& plan = res->plan;
  const PlanOptions& options = res->options;
  const size_t n_ops = g.ops.size();
  writer::GraphDesc desc;
  desc.name = g.name.empty() ? "graph" : g.name;
  for (char& c : desc.name) {
    if (c == '\0') c = '?';
  }
  desc.plan = format::MemoryPlan{static_cast<uint32_t>(plan.scratch_size),
                                 static_cast<uint32_t>(plan.persistent_size),
                                 options.start_alignment, options.size_alignment};
  desc.io_memhandle_hint = options.io_memhandle;
  desc.hvx_layouts = options.kernel_layout == KernelLayout::kHvx;
  res->binary_id.assign(g.tensors.size(), format::kNone);
  res->temp_binary_id.assign(n_ops, format::kNone);
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!plan.used[i]) continue;
    HostResult<writer::TensorDesc> td = describe_tensor(g.tensors[i], i, plan.tensors[i]);
    if (!td.ok()) return td.status();
    res->binary_id[i] = static_cast<uint32_t>(desc.tensors.size());
    desc.tensors.push_back(std::move(td.value()));
  }
  for (size_t s = 0; s < n_ops; ++s) {
    if (res->temp_bytes[s] == 0) continue;
    writer::TensorDesc td;
    td.name = op_name(g.ops[s].builtin) + "_" + std::to_string(g.ops[s].node_index) + "_temp";
    td.type = format::DataType::kInt8;
    td.dims = {res->temp_bytes[s]};
    td.mem_class = format::MemClass::kScratch;
    td.offset = static_cast<uint32_t>(plan.temps[s].offset);
    td.size = res->temp_bytes[s];
    res->temp_binary_id[s] = static_cast<uint32_t>(desc.tensors.size());
    desc.tensors.push_back(std::move(td));
  }
  for (size_t s = 0; s < n_ops; ++s) {
    const PrepOp& op = g.ops[s];
    writer::NodeDesc nd;
    nd.op = static_cast<format::BuiltinOp>(op.builtin);
    for (const PrepTensor* t : op.inputs) {
      nd.inputs.push_back(t ? res->binary_id[t->index] : format::kNone);
    }
    for (const PrepTensor* t : op.outputs) nd.outputs.push_back(res->binary_id[t->index]);
    nd.params = std::move(params[s]);
    nd.temp_tensor = res->temp_binary_id[s];
    desc.nodes.push_back(std::move(nd));
  }
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!plan.used[i] || !g.is_row_view(static_cast<int>(i))) continue;
    const PrepGraph::RowView& v = g.row_view[i];
    desc.row_views.push_back({res->binary_id[i], res->binary_id[static_cast<size_t>(v.parent)],
                              static_cast<uint32_t>(v.first_row), 0u});
  }
  for (int id : g.inputs) desc.inputs.push_back(res->binary_id[id]);
  for (int id : g.outputs) desc.outputs.push_back(res->binary_id[id]);
  return desc;
}

// Step 4: serialize, then validate what we are about to hand out with the firmware's own
// loader and op-level validators (so that host prepare and the kernels' load-time checks
// cannot drift apart unnoticed); report where the writer placed each constant.
HostStatus serialize_and_validate(const writer::GraphDesc& desc, PrepareOutput* res) {
  HostResult<std::vector<uint8_t>> binary = writer::serialize_context_binary(desc);
  if (!binary.ok()) return HostStatus::fail("serialize: " + binary.error());
  res->binary = std::move(binary.value());
  format::BinaryView view;
  const Status st = format::validate_binary(res->binary.data(), res->binary.size(), &view);
  if (st != Status::kOk) {
    return HostStatus::fail("internal: the serialized binary fails validation (status " +
                            std::to_string(static_cast<uint32_t>(st)) + ")");
  }
  const Status nodes_st = kernels::validate_nodes(view);
  if (nodes_st != Status::kOk) {
    return HostStatus::fail(std::string("internal: the firmware refuses the prepared binary (") +
                            status_name(nodes_st) + "); its validator logged the node");
  }
  res->const_bytes = view.header().consts.count;
  for (size_t i = 0; i < res->graph.tensors.size(); ++i) {
    if (res->plan.used[i] && res->plan.tensors[i].mem_class == format::MemClass::kConst) {
      res->plan.tensors[i].offset = view.tensor(res->binary_id[i]).offset;
    }
  }
  return HostStatus::success();
}

}  // namespace

HostStatus prepare_graph(PrepGraph&& graph, const PlanOptions& options, PrepareOutput* out) {
  PrepareOutput res;
  res.graph = std::move(graph);
  res.options = options;
  if (HostStatus st = normalize_negative_scales(&res.graph); !st.ok()) return st;
  res.folded_ops = fold_constants(&res.graph);
  // Rewrites that save memory but may cost speed: asked for, or for the least memory.
  const bool for_memory = options.temp_policy == TempPolicy::kMemory || options.memory_budget != 0;
  const bool fold = options.fold_pad || for_memory, views = options.concat_views || for_memory;
  const std::vector<PrepOp> imported = res.graph.ops;
  NodeParams params;
  HostStatus prepared = HostStatus::success();
  // Steps 1 and 2 on the imported ops with the rewrites asked (fold_pad.h, concat_views.h,
  // in_place.h); a failing op prepare goes to `prepared`.
  const auto attempt = [&](bool with_fold, bool with_views) -> HostStatus {
    res.graph.ops = imported;
    clear_concat_views(&res.graph, res.concats);
    res.concats.clear();
    res.folded_pads.clear();
    res.in_place.clear();
    res.graph.in_place_of.clear();
    res.options = options;
    res.plan = MemoryPlan();
    if (with_fold) res.folded_pads = fold_pads(&res.graph);
    if (with_views) res.concats = concat_into_views(&res.graph);
    if (HostStatus st = resolve_control_flow(&res.graph); !st.ok()) return prepared = st;
    std::vector<std::vector<PrepResult::Leaner>> leaner;
    HostResult<NodeParams> p = prepare_each_op(res.graph, options.kernel_layout, &res.temp_bytes, &leaner);
    if (!p.ok()) return prepared = p.status();
    params = std::move(p.value());
    if (options.in_place) res.in_place = plan_in_place(&res.graph, res.temp_bytes);
    return plan_within_budget(std::move(leaner), &params, &res);
  };
  HostStatus planned = attempt(fold, views);
  if (!prepared.ok()) return prepared;
  if (planned.ok() && !res.concats.empty()) {  // views lengthen the parent's life: keep the smaller
    const uint64_t with_views = res.plan.scratch_size;
    planned = attempt(fold, false);
    if (!planned.ok() || res.plan.scratch_size > with_views) planned = attempt(fold, true);
  } else if (!planned.ok() && over_budget(res) && (!res.folded_pads.empty() || !res.concats.empty())) {
    planned = attempt(false, false);  // tiled stages take PADs and plain tensors (tiling.h)
  }
  if (!prepared.ok()) return prepared;
  if (HostStatus st = planned; !st.ok()) {
    if (!over_budget(res)) return st;
    if (HostStatus tiled = plan_tiled(st, options, &params, &res); !tiled.ok()) {
      return tiled;
    }
  }
  if (HostStatus st = check_plan_fits(res.plan); !st.ok()) return st;
  HostResult<writer::GraphDesc> desc = describe_graph(std::move(params), &res);
  if (!desc.ok()) return desc.status();
  if (HostStatus st = serialize_and_validate(desc.value(), &res); !st.ok()) return st;
  *out = std::move(res);
  return HostStatus::success();
}

HostStatus prepare_tflite(const uint8_t* data, size_t size, const PlanOptions& options,
                          PrepareOutput* out) {
  PrepGraph g;
  if (HostStatus st = import_tflite(data, size, &g); !st.ok()) return st;
  const HostStatus st = prepare_graph(std::move(g), options, out);
  if (st.ok() || options.io_memhandle || options.memory_budget == 0 ||
      st.error().find(kRawIoInputStop) == std::string::npos) {
    return st;
  }
  // Raw IO keeps the graph input whole in scratch, and tiling stopped there: say whether the
  // budget is met with the graph IO outside scratch (tiled stages then read it through views).
  PrepGraph again;
  if (HostStatus imported = import_tflite(data, size, &again); !imported.ok()) return st;
  PlanOptions memhandle = options;
  memhandle.io_memhandle = true;
  PrepareOutput probe;
  const HostStatus fits = prepare_graph(std::move(again), memhandle, &probe);
  return HostStatus::fail(
      st.error() + (fits.ok() ? "; with memhandle IO (--input_output_tensor_mem_type memhandle) "
                                "the plan fits in " +
                                    std::to_string(probe.plan.scratch_size) + " bytes of scratch"
                              : "; memhandle IO does not meet the budget either"));
}

}  // namespace prepare
}  // namespace lpai
