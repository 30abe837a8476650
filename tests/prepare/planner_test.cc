// Memory planner on hand-built PrepGraphs, verified by the independent plan checker and by
// figures worked out by hand in the comments.
#include "prepare/planner.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/graph.h"
#include "prepare/plan_checker.h"

namespace lpai_test {
namespace {

using lpai::format::DataType;
using lpai::format::MemClass;
using lpai::prepare::check_plan;
using lpai::prepare::intervals_lower_bound;
using lpai::prepare::MemoryPlan;
using lpai::prepare::pack_intervals;
using lpai::prepare::plan_memory;
using lpai::prepare::plan_memory_choosing;
using lpai::prepare::PlanOptions;
using lpai::prepare::PrepGraph;
using lpai::prepare::PrepOp;
using lpai::prepare::PrepTensor;

PrepTensor& act(PrepGraph& g, int bytes) {
  PrepTensor& t = g.add_tensor();
  t.name = "t" + std::to_string(t.index);
  t.type = DataType::kInt8;
  t.shape = {bytes};
  t.scales = {1.0f};
  t.zero_points = {0};
  return t;
}

void op(PrepGraph& g, std::vector<int> ins, std::vector<int> outs) {
  PrepOp o;
  o.builtin = static_cast<int>(lpai::format::BuiltinOp::kAdd);
  o.node_index = static_cast<int>(g.ops.size());
  for (int i : ins) o.inputs.push_back(i < 0 ? nullptr : &g.tensors[i]);
  for (int i : outs) o.outputs.push_back(&g.tensors[i]);
  g.ops.push_back(o);
}

// in(100 B) -op0-> a(200 B) -op1-> b(50 B) -op2-> out(10 B)
void chain(PrepGraph& g) {
  act(g, 100);
  act(g, 200);
  act(g, 50);
  act(g, 10);
  op(g, {0}, {1});
  op(g, {1}, {2});
  op(g, {2}, {3});
  g.inputs = {0};
  g.outputs = {3};
}

MemoryPlan plan_ok(const PrepGraph& g, const std::vector<uint32_t>& temps, const PlanOptions& o) {
  MemoryPlan p;
  std::string err;
  EXPECT_EQ(lpai_test::failure(plan_memory(g, temps, o, &p)), "");
  EXPECT_EQ(check_plan(g, temps, o, p), "");
  return p;
}

TEST(Planner, ChainWithIoInScratch) {
  PrepGraph g;
  chain(g);
  const MemoryPlan p = plan_ok(g, {}, PlanOptions{});
  // Aligned to 64: in 128 [0,0], a 256 [0,1], b 64 [1,2], out 64 [2,2].
  // Live sums: step0 384, step1 320, step2 128 -> bound 384, reachable.
  EXPECT_EQ(p.scratch_lower_bound, 384u);
  EXPECT_EQ(p.scratch_size, 384u);
  EXPECT_DOUBLE_EQ(p.ratio(), 1.0);
  EXPECT_EQ(p.persistent_size, 0u);
  EXPECT_EQ(p.io_bytes, 110u);
  EXPECT_EQ(p.tensors[0].mem_class, MemClass::kScratch);
  EXPECT_EQ(p.tensors[0].first_step, 0);
  EXPECT_EQ(p.tensors[0].last_step, 0);
  EXPECT_EQ(p.tensors[3].first_step, 2);
  EXPECT_EQ(p.tensors[3].last_step, 2);
  EXPECT_EQ(p.tensors[1].size, 200u);
}

TEST(Planner, MemhandleIoLeavesScratch) {
  PrepGraph g;
  chain(g);
  PlanOptions o;
  o.io_memhandle = true;
  const MemoryPlan p = plan_ok(g, {}, o);
  // Only a (256, [0,1]) and b (64, [1,2]) remain: bound 320.
  EXPECT_EQ(p.tensors[0].mem_class, MemClass::kIo);
  EXPECT_EQ(p.tensors[3].mem_class, MemClass::kIo);
  EXPECT_EQ(p.tensors[0].offset, 0u);
  EXPECT_EQ(p.scratch_lower_bound, 320u);
  EXPECT_EQ(p.scratch_size, 320u);
  EXPECT_EQ(p.io_bytes, 110u);
}

TEST(Planner, TempBuffersLiveOnlyDuringTheirOp) {
  PrepGraph g;
  chain(g);
  const MemoryPlan p = plan_ok(g, {0, 1000, 0}, PlanOptions{});
  // step1: a 256 + b 64 + temp 1024 = 1344; step0 384; step2 128.
  EXPECT_EQ(p.scratch_lower_bound, 1344u);
  EXPECT_EQ(p.scratch_size, 1344u);
  EXPECT_EQ(p.temps[1].size, 1000u);
  EXPECT_EQ(p.temps[1].first_step, 1);
  EXPECT_EQ(p.temps[1].last_step, 1);
  EXPECT_EQ(p.temps[0].size, 0u);
}

TEST(Planner, AlignmentsAreHonoured) {
  PrepGraph g;
  chain(g);
  PlanOptions o;
  o.start_alignment = 16;
  o.size_alignment = 256;
  const MemoryPlan p = plan_ok(g, {}, o);
  // Aligned to 16: in 112, a 208, b 64, out 16 -> step0 320 -> rounded to 512.
  EXPECT_EQ(p.scratch_lower_bound, 512u);
  EXPECT_EQ(p.scratch_size, 512u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p.tensors[i].offset % 16, 0u);

  MemoryPlan bad;
  std::string err;
  o.start_alignment = 48;
  err = lpai_test::failure(plan_memory(g, {}, o, &bad));
  EXPECT_NE(err, "");
  EXPECT_NE(err.find("powers of two"), std::string::npos) << err;
  o.start_alignment = 16;
  err = lpai_test::failure(plan_memory(g, {1, 2}, o, &bad));
  EXPECT_NE(err, "");
  EXPECT_NE(err.find("2 temp sizes for 3 ops"), std::string::npos) << err;
}

TEST(Planner, VariablesGetTheirOwnPersistentSlots) {
  PrepGraph g;
  chain(g);
  PrepTensor& v1 = act(g, 10);
  v1.is_variable = true;
  PrepTensor& v2 = act(g, 100);
  v2.is_variable = true;
  op(g, {3, 4, 5}, {});  // reads both variables (steps 3)
  g.ops.back().outputs.clear();
  const MemoryPlan p = plan_ok(g, {}, PlanOptions{});
  EXPECT_EQ(p.tensors[4].mem_class, MemClass::kPersistent);
  EXPECT_EQ(p.tensors[4].offset, 0u);
  EXPECT_EQ(p.tensors[5].offset, 64u);
  EXPECT_EQ(p.persistent_size, 192u);
}

TEST(Planner, ConstantsStayOutOfThePools) {
  PrepGraph g;
  chain(g);
  static const uint8_t kData[16] = {0};
  PrepTensor& w = act(g, 16);
  w.data = kData;
  w.data_size = 16;
  g.ops[1].inputs.push_back(&g.tensors[4]);
  const MemoryPlan p = plan_ok(g, {}, PlanOptions{});
  EXPECT_EQ(p.tensors[4].mem_class, MemClass::kConst);
  EXPECT_EQ(p.scratch_size, 384u);
}

TEST(Planner, AliasGroupIsOneBufferOverTheUnionOfRanges) {
  // in -op0-> a ; b aliases a ; op1: b -> c ; op2: c, a -> out (a is read at step 2 via root)
  PrepGraph g;
  act(g, 64);   // 0 in
  act(g, 128);  // 1 a
  act(g, 128);  // 2 b (alias of a)
  act(g, 64);   // 3 c
  act(g, 64);   // 4 out
  act(g, 999);  // 5 unused
  g.alias_of = {-1, -1, 1, -1, -1, -1};
  op(g, {0}, {1});
  op(g, {2}, {3});
  op(g, {3, 2}, {4});
  g.inputs = {0};
  g.outputs = {4};
  const MemoryPlan p = plan_ok(g, {}, PlanOptions{});
  EXPECT_FALSE(p.used[5]);
  EXPECT_EQ(p.tensors[2].offset, p.tensors[1].offset);
  EXPECT_EQ(p.tensors[1].first_step, 0);
  EXPECT_EQ(p.tensors[1].last_step, 2);
  // group 128 [0,2]; in 64 [0,0]; c 64 [1,2]; out 64 [2,2] -> step2 256.
  EXPECT_EQ(p.scratch_lower_bound, 256u);
  EXPECT_EQ(p.scratch_size, 256u);

  // An alias of a graph output is refused.
  g.alias_of = {-1, -1, 4, -1, -1, -1};
  MemoryPlan bad;
  std::string err;
  err = lpai_test::failure(plan_memory(g, {}, PlanOptions{}, &bad));
  EXPECT_NE(err, "");
  EXPECT_NE(err.find("tensor 2 aliases tensor 4"), std::string::npos) << err;
}

TEST(Planner, IntervalLowerBoundByHand) {
  // [0,1] 10, [1,2] 20, [2,3] 5, [0,3] 1 -> step1 31, step2 26.
  EXPECT_EQ(intervals_lower_bound({10, 20, 5, 1}, {0, 1, 2, 0}, {1, 2, 3, 3}), 31u);
  EXPECT_EQ(intervals_lower_bound({}, {}, {}), 0u);
}

TEST(Planner, PackingReachesTheBoundOnAKnownInstance) {
  // Sizes in units: A 2 [0,1], B 2 [2,3], C 3 [1,2], D 1 [0,0], E 1 [3,3].
  // Bound: step0 A+D=3, step1 A+C=5, step2 C+B=5, step3 B+E=3 -> 5, and 5 is reachable:
  // C at 0, A and B at 3 (never live together), D and E at 0 (C is not live then).
  const std::vector<uint64_t> sizes = {2, 2, 3, 1, 1};
  const std::vector<int> first = {0, 2, 1, 0, 3}, last = {1, 3, 2, 0, 3};
  uint64_t peak = 0;
  std::string strategy;
  const std::vector<uint64_t> off = pack_intervals(sizes, first, last, &peak, &strategy);
  EXPECT_EQ(peak, 5u) << strategy;
  for (size_t a = 0; a < sizes.size(); ++a) {
    for (size_t b = a + 1; b < sizes.size(); ++b) {
      const bool time = first[a] <= last[b] && first[b] <= last[a];
      const bool space = off[a] < off[b] + sizes[b] && off[b] < off[a] + sizes[a];
      EXPECT_FALSE(time && space) << a << " overlaps " << b;
    }
  }
}

TEST(Planner, RandomGraphsAlwaysProduceValidPlans) {
  std::mt19937 rng(1234);
  for (int trial = 0; trial < 200; ++trial) {
    PrepGraph g;
    const int n_ops = 1 + static_cast<int>(rng() % 30);
    std::vector<int> avail;
    const int in = act(g, 1 + static_cast<int>(rng() % 5000)).index;
    avail.push_back(in);
    g.inputs = {in};
    std::vector<uint32_t> temps;
    for (int s = 0; s < n_ops; ++s) {
      std::vector<int> ins;
      const int k = 1 + static_cast<int>(rng() % 3);
      for (int j = 0; j < k; ++j) ins.push_back(avail[rng() % avail.size()]);
      const int out = act(g, 1 + static_cast<int>(rng() % 5000)).index;
      op(g, ins, {out});
      avail.push_back(out);
      temps.push_back(rng() % 3 == 0 ? static_cast<uint32_t>(rng() % 3000) : 0u);
    }
    g.outputs = {avail.back()};
    for (bool memhandle : {false, true}) {
      PlanOptions o;
      o.io_memhandle = memhandle;
      o.start_alignment = 1u << (rng() % 8);
      o.size_alignment = 1u << (rng() % 10);
      MemoryPlan p;
      std::string err;
      ASSERT_EQ(lpai_test::failure(plan_memory(g, temps, o, &p)), "");
      ASSERT_EQ(check_plan(g, temps, o, p), "") << "trial " << trial;
      EXPECT_GE(p.scratch_size, p.scratch_lower_bound);
    }
  }
}

// plan_memory_choosing on the chain (aligned sizes: in 128 [0,0], a 256 [0,1], b 64 [1,2], out
// 64 [2,2]; the activations alone peak at 384, at step 0). Checks the chosen option per op,
// the scratch size worked out by hand, and the plan with the chosen temps by the checker.
struct Chosen {
  MemoryPlan plan;
  std::vector<size_t> index;
  std::vector<uint32_t> temps;  // the chosen temp bytes per op
};

Chosen choose_ok(const PrepGraph& g, const std::vector<std::vector<uint32_t>>& options,
                 uint64_t budget = 0) {
  Chosen c;
  PlanOptions o;
  o.memory_budget = budget;
  EXPECT_EQ(lpai_test::failure(plan_memory_choosing(g, options, o, &c.plan, &c.index)), "");
  c.temps.assign(options.size(), 0);
  for (size_t s = 0; s < options.size(); ++s) {
    if (!options[s].empty()) c.temps[s] = options[s][c.index[s]];
    EXPECT_EQ(c.plan.temps[s].size, c.temps[s]) << "op " << s;
  }
  EXPECT_EQ(check_plan(g, c.temps, o, c.plan), "");
  return c;
}

TEST(PlannerChoosing, TempsThatFitKeepThePreferredForm) {
  PrepGraph g;
  chain(g);
  // op1's 60 B (64 aligned) fit beside a + b (320) under the 384 of step 0.
  const Chosen c = choose_ok(g, {{}, {60, 0}, {}});
  EXPECT_EQ(c.index, (std::vector<size_t>{0, 0, 0}));
  EXPECT_EQ(c.plan.scratch_size, 384u);
}

TEST(PlannerChoosing, TempsThatWouldRaiseThePeakTakeTheLargestFittingForm) {
  PrepGraph g;
  chain(g);
  // Step 0: nothing free under 384 -> op0 takes its leanest form (0 B).
  // Step 1: a + b = 320 live -> 64 B free: 200 (256) does not fit, 60 (64) does.
  // Step 2: b + out = 128 live -> 256 B free, in 64-byte pieces: 300 (320) cannot fit, 64 can.
  const Chosen c = choose_ok(g, {{500, 0}, {200, 60, 0}, {300, 64, 0}});
  EXPECT_EQ(c.index, (std::vector<size_t>{1, 1, 1}));
  EXPECT_EQ(c.temps, (std::vector<uint32_t>{0, 60, 64}));
  EXPECT_EQ(c.plan.scratch_size, 384u);
  EXPECT_EQ(c.plan.scratch_lower_bound, 384u);
}

TEST(PlannerChoosing, ALeanestTempAboveThePeakRaisesItByItsOwnSizeOnly) {
  PrepGraph g;
  chain(g);
  // op1's leanest form, 100 B (128), beside a + b (320): 448 at step 1, the new peak; its
  // preferred 200 B (256) would need 576. Nothing else changes.
  const Chosen c = choose_ok(g, {{}, {200, 100}, {}});
  EXPECT_EQ(c.index, (std::vector<size_t>{0, 1, 0}));
  EXPECT_EQ(c.plan.scratch_size, 448u);
}

TEST(PlannerChoosing, ABudgetAboveThePeakLetsPreferredTempsUseTheRoom) {
  PrepGraph g;
  chain(g);
  // Budget 640: 256 B free above the activations' 384 at every step.
  // Step 0: in + a fill [0, 384); 500 (512) does not fit in 256 -> leanest (0 B).
  // Step 1: a + b hold 320 of [0, 384), so 200 (256) cannot end below 384 but fits below 640
  // -> preferred; it is the highest buffer, the scratch ends with it.
  // Step 2: 600 (640) fits nowhere (at most 512 B free) -> 64.
  const Chosen c = choose_ok(g, {{500, 0}, {200, 60, 0}, {600, 64, 0}}, 640);
  EXPECT_EQ(c.index, (std::vector<size_t>{1, 0, 1}));
  EXPECT_EQ(c.temps, (std::vector<uint32_t>{0, 200, 64}));
  EXPECT_GT(c.plan.temps[1].offset + 256, 384u);
  EXPECT_LE(c.plan.temps[1].offset + 256, 640u);
  EXPECT_EQ(c.plan.scratch_size, c.plan.temps[1].offset + 256);
  // A budget the preferred plan fits in takes it whole.
  const Chosen all = choose_ok(g, {{}, {200, 60, 0}, {}}, 1024);
  EXPECT_EQ(all.index, (std::vector<size_t>{0, 0, 0}));
}

TEST(PlannerChoosing, RejectsMalformedOptions) {
  PrepGraph g;
  chain(g);
  MemoryPlan p;
  std::vector<size_t> chosen;
  EXPECT_EQ(lpai_test::failure(plan_memory_choosing(g, {{}, {}}, PlanOptions{}, &p, &chosen)),
            "plan: 2 temp option lists for 3 ops");
  EXPECT_EQ(lpai_test::failure(
                plan_memory_choosing(g, {{}, {64, 64}, {}}, PlanOptions{}, &p, &chosen)),
            "plan: op 1's temp options are not strictly decreasing");
}

TEST(PlanChecker, DetectsBrokenPlans) {
  PrepGraph g;
  chain(g);
  const PlanOptions o;
  MemoryPlan good;
  std::string err;
  ASSERT_EQ(lpai_test::failure(plan_memory(g, {}, o, &good)), "");
  ASSERT_EQ(check_plan(g, {}, o, good), "");

  MemoryPlan overlap = good;  // a [0,1] and b [1,2] are both live at step 1
  overlap.tensors[2].offset = overlap.tensors[1].offset;
  EXPECT_NE(check_plan(g, {}, o, overlap).find("overlap in scratch"), std::string::npos);

  MemoryPlan misaligned = good;
  misaligned.tensors[3].offset += 8;
  EXPECT_NE(check_plan(g, {}, o, misaligned).find("not a multiple of 64"), std::string::npos);

  MemoryPlan outside = good;
  outside.tensors[1].offset = outside.scratch_size;
  EXPECT_NE(check_plan(g, {}, o, outside).find("exceeds its pool"), std::string::npos);

  MemoryPlan wrong_class = good;
  wrong_class.tensors[0].mem_class = MemClass::kIo;
  EXPECT_NE(check_plan(g, {}, o, wrong_class).find("memory class"), std::string::npos);

  MemoryPlan unplanned = good;
  unplanned.used[2] = false;
  EXPECT_NE(check_plan(g, {}, o, unplanned).find("used but not planned"), std::string::npos);

  MemoryPlan bound = good;
  bound.scratch_lower_bound = 320;
  EXPECT_NE(check_plan(g, {}, o, bound).find("lower bound"), std::string::npos);

  MemoryPlan size = good;
  size.scratch_size = 100;
  EXPECT_NE(check_plan(g, {}, o, size).find("size alignment"), std::string::npos);
}

}  // namespace
}  // namespace lpai_test
