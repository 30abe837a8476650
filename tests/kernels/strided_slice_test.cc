// STRIDED_SLICE kernel (int8, int16): hand-checked slices (negative indices, negative strides,
// masks, shrink), many random slices of 1..6-D tensors against the NumPy-semantics reference
// (reference/strided_slice_ref.h), int64 index tensors, every prepare / validate rejection, and
// whole TFLite models (options decoded by the importer) through prepare_tflite + host::Session.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "kernels/ew_harness.h"
#include "kernels/params/strided_slice.h"
#include "kernels/reference/strided_slice_ref.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kOp = static_cast<int>(lpai::format::BuiltinOp::kStridedSlice);

std::vector<int32_t> iota(int32_t n, int32_t first = 0) {
  std::vector<int32_t> v(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = first + i;
  return v;
}

int32_t product(const std::vector<int32_t>& s) {
  int32_t n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

// A node slicing `values` (shape `shape`) by `s`; the output shape is `out_shape`.
struct Slice {
  Node node{kOp};
  Slice(DataType type, const std::vector<int32_t>& shape, const std::vector<int32_t>& values,
        const ref::SliceSpec& s, const std::vector<int32_t>& out_shape,
        DataType index_type = DataType::kInt32, float scale = 0.5f, int32_t zp = 0) {
    const int32_t r = static_cast<int32_t>(shape.size());
    node.add_input({type, shape, scale, zp}, values);
    node.add_const({index_type, {r}}, s.begin);
    node.add_const({index_type, {r}}, s.end);
    node.add_const({index_type, {r}}, s.strides);
    node.add_output({type, out_shape, scale, zp});
    node.options().begin_mask = s.begin_mask;
    node.options().end_mask = s.end_mask;
    node.options().shrink_axis_mask = s.shrink_axis_mask;
  }
  std::vector<int32_t> run() {
    const auto r = node.prepare();
    EXPECT_TRUE(r.ok()) << r.error;
    if (!r.ok()) return {};
    EXPECT_EQ(r.temp_bytes, 0u);
    EXPECT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    return node.output();
  }
};

ref::SliceSpec spec(std::vector<int32_t> b, std::vector<int32_t> e, std::vector<int32_t> s,
                    int begin_mask = 0, int end_mask = 0, int shrink = 0) {
  ref::SliceSpec x;
  x.begin = std::move(b);
  x.end = std::move(e);
  x.strides = std::move(s);
  x.begin_mask = begin_mask;
  x.end_mask = end_mask;
  x.shrink_axis_mask = shrink;
  return x;
}

// Hand-computed expectations (values are the input's flat indices).
TEST(StridedSliceKernel, HandCheckedCases) {
  struct Case {
    std::vector<int32_t> shape;
    ref::SliceSpec s;
    std::vector<int32_t> out_shape;
    std::vector<int32_t> want;
  };
  const std::vector<Case> cases = {
      {{8}, spec({1}, {7}, {2}), {3}, {1, 3, 5}},
      {{8}, spec({-3}, {-1}, {1}), {2}, {5, 6}},
      {{8}, spec({-1}, {0}, {-3}), {3}, {7, 4, 1}},
      {{8}, spec({0}, {0}, {-1}, 1, 1), {8}, {7, 6, 5, 4, 3, 2, 1, 0}},  // [::-1]
      {{8}, spec({5}, {0}, {1}, 0, 1), {3}, {5, 6, 7}},                   // [5:]
      {{8}, spec({0}, {3}, {1}, 1, 0), {3}, {0, 1, 2}},                   // [:3]
      {{8}, spec({-100}, {100}, {3}), {3}, {0, 3, 6}},                    // clamped
      {{8}, spec({100}, {-100}, {-4}), {2}, {7, 3}},                      // clamped backwards
      {{3, 4}, spec({1, 0}, {2, 4}, {1, 1}, 0, 0, 1), {4}, {4, 5, 6, 7}},  // x[1, 0:4]
      {{3, 4}, spec({0, -1}, {3, 0}, {1, 1}, 0, 0, 2), {3}, {3, 7, 11}},   // x[:, -1]
      {{3, 4}, spec({-1, 3}, {0, 0}, {1, 1}, 0, 0, 3), {}, {11}},          // x[-1, 3]
      {{3, 4}, spec({2, 3}, {0, 0}, {-2, -2}), {1, 2}, {11, 9}},
      {{2, 3, 4}, spec({0, 1, 1}, {2, 3, 4}, {1, 1, 2}), {2, 2, 2}, {5, 7, 9, 11, 17, 19, 21, 23}},
  };
  for (DataType t : {DataType::kInt8, DataType::kInt16}) {
    for (const Case& c : cases) {
      Slice sl(t, c.shape, iota(product(c.shape)), c.s, c.out_shape);
      EXPECT_EQ(sl.run(), c.want) << "shape rank " << c.shape.size() << " begin " << c.s.begin[0];
      // The reference agrees with the hand-computed values.
      std::vector<int32_t> shape_ref;
      EXPECT_EQ(ref::strided_slice(iota(product(c.shape)), c.shape, c.s, &shape_ref), c.want);
      EXPECT_EQ(shape_ref, c.out_shape);
    }
  }
}

// Random slices of random 1..6-D tensors: output bit-identical with the reference.
TEST(StridedSliceKernel, RandomSlicesMatchReference) {
  uint32_t seed = 1;
  auto rnd = [&seed](int32_t lo, int32_t hi) {
    return ew_test::random_values(1, lo, hi, seed++)[0];
  };
  int run = 0;
  int per_rank[7] = {};
  for (int trial = 0; trial < 3000; ++trial) {
    const int32_t rank = rnd(1, 6);
    std::vector<int32_t> shape;
    for (int32_t a = 0; a < rank; ++a) shape.push_back(rnd(1, rank > 4 ? 4 : 7));
    ref::SliceSpec s;
    for (int32_t a = 0; a < rank; ++a) {
      const int32_t n = shape[static_cast<size_t>(a)];
      int32_t stride = rnd(1, 3) * (rnd(0, 2) == 0 ? -1 : 1);
      const bool shrink = rnd(0, 5) == 0;
      if (shrink) stride = 1;
      const int32_t b = shrink ? rnd(-n, n - 1) : rnd(-n - 2, n + 2);
      // Half of the ends lie in the stride's direction from a non-negative begin (fewer empty
      // slices), the others anywhere.
      const int32_t e = rnd(0, 1) == 0 ? rnd(-n - 2, n + 2)
                                       : (b < 0 ? b + n : b) + (stride > 0 ? 1 : -1) * rnd(1, n + 1);
      s.begin.push_back(b);
      s.end.push_back(e);
      s.strides.push_back(stride);
      if (rnd(0, 3) == 0) s.begin_mask |= 1 << a;
      if (rnd(0, 3) == 0) s.end_mask |= 1 << a;
      if (shrink) s.shrink_axis_mask |= 1 << a;
    }
    const DataType type = trial % 2 == 0 ? DataType::kInt8 : DataType::kInt16;
    const std::vector<int32_t> values =
        type == DataType::kInt8 ? ew_test::random_values(static_cast<size_t>(product(shape)), -128, 127, seed++)
                                : ew_test::random_values(static_cast<size_t>(product(shape)), -32768, 32767, seed++);
    std::vector<int32_t> out_shape;
    const std::vector<int32_t> want = ref::strided_slice(values, shape, s, &out_shape);
    if (want.empty()) continue;  // empty slices are rejected (tested below)
    Slice sl(type, shape, values, s, out_shape, trial % 3 == 0 ? DataType::kInt64 : DataType::kInt32);
    ASSERT_EQ(sl.run(), want) << "trial " << trial;
    ++run;
    ++per_rank[rank];
  }
  EXPECT_GT(run, 600);
  for (int r = 1; r <= 6; ++r) EXPECT_GE(per_rank[r], 20) << "rank " << r;
}

TEST(StridedSliceKernel, ParamsDescribeTheResolvedSlice) {
  // x[1:, ::-2] of a 3x5 tensor: start (1, 4), stride (1, -2), count (2, 3), right-aligned.
  Slice sl(DataType::kInt8, {3, 5}, iota(15), spec({1, 0}, {0, 0}, {1, -2}, 2, 3), {2, 3});
  ASSERT_TRUE(sl.node.prepare().ok());
  const auto& b = sl.node.params();
  ASSERT_EQ(b.size(), sizeof(lpai::kernels::StridedSliceParams));
  lpai::kernels::StridedSliceParams p;
  std::memcpy(&p, b.data(), sizeof(p));
  const uint32_t dims[6] = {1, 1, 1, 1, 3, 5};
  const int32_t start[6] = {0, 0, 0, 0, 1, 4};
  const int32_t stride[6] = {1, 1, 1, 1, 1, -2};
  const uint32_t count[6] = {1, 1, 1, 1, 2, 3};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(p.in_dims[i], dims[i]) << i;
    EXPECT_EQ(p.start[i], start[i]) << i;
    EXPECT_EQ(p.stride[i], stride[i]) << i;
    EXPECT_EQ(p.count[i], count[i]) << i;
  }
  EXPECT_EQ(sl.node.validate(), lpai::Status::kOk);
  sl.node.run();
  EXPECT_EQ(sl.node.output(), (std::vector<int32_t>{9, 7, 5, 14, 12, 10}));
}

std::string prepare_error(Slice& sl) { return sl.node.prepare().error; }

TEST(StridedSliceKernel, PrepareRejects) {
  auto has = [](const std::string& error, const std::string& needle) {
    return error.find(needle) != std::string::npos;
  };
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({0}, {4}, {1}), {4});
    sl.node.options().ellipsis_mask = 1;
    EXPECT_TRUE(has(prepare_error(sl), "ellipsis_mask 1 / new_axis_mask 0 not supported"));
  }
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({0}, {4}, {1}), {4});
    sl.node.options().new_axis_mask = 1;
    EXPECT_TRUE(has(prepare_error(sl), "TFLite Micro ignores these masks"));
  }
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({0}, {4}, {0}), {4});
    EXPECT_TRUE(has(prepare_error(sl), "axis 0: stride must be non-zero"));
  }
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({4}, {2}, {1}), {1});
    EXPECT_TRUE(has(prepare_error(sl), "axis 0: the slice is empty"));
  }
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({0}, {4}, {1}), {3});
    EXPECT_TRUE(has(prepare_error(sl), "output shape [3] differs from the slice's shape [4]"));
  }
  {
    Slice sl(DataType::kInt8, {2, 8}, iota(16), spec({2, 0}, {3, 8}, {1, 1}, 0, 0, 1), {8});
    EXPECT_TRUE(has(prepare_error(sl), "axis 0: shrink_axis_mask index 2 is out of range"));
  }
  {
    Slice sl(DataType::kInt8, {2, 8}, iota(16), spec({-3, 0}, {3, 8}, {1, 1}, 0, 0, 1), {8});
    // -3 + 2 = -1 clamps to 0 (TFLite's rule), a valid index.
    EXPECT_TRUE(sl.node.prepare().ok());
  }
  {
    Slice sl(DataType::kInt8, {2, 8}, iota(16), spec({1, 0}, {0, 8}, {-1, 1}, 0, 0, 1), {8});
    EXPECT_TRUE(has(prepare_error(sl), "shrink_axis_mask with a negative stride"));
  }
  {
    Slice sl(DataType::kInt8, {8}, iota(8), spec({0}, {4}, {1}), {4});
    sl.node.drop_last_input();
    EXPECT_TRUE(has(prepare_error(sl), "input"));
  }
  {  // quantisation must carry over unchanged
    Node node(kOp);
    node.add_input({DataType::kInt8, {8}, 0.5f, 3}, iota(8));
    node.add_const({DataType::kInt32, {1}}, {0});
    node.add_const({DataType::kInt32, {1}}, {4});
    node.add_const({DataType::kInt32, {1}}, {1});
    node.add_output({DataType::kInt8, {4}, 0.5f, 4});
    EXPECT_TRUE(has(node.prepare().error, "quantisation must be equal"));
  }
  {  // types
    Node node(kOp);
    node.add_input({DataType::kInt8, {8}, 0.5f, 0}, iota(8));
    node.add_const({DataType::kInt32, {1}}, {0});
    node.add_const({DataType::kInt32, {1}}, {4});
    node.add_const({DataType::kInt32, {1}}, {1});
    node.add_output({DataType::kInt16, {4}, 0.5f, 0});
    EXPECT_TRUE(has(node.prepare().error, "unsupported (int8, int16, int32 or bool, equal)"));
  }
  {  // begin must be constant and of the input's rank
    Node node(kOp);
    node.add_input({DataType::kInt8, {2, 4}, 0.5f, 0}, iota(8));
    node.add_input({DataType::kInt32, {2}}, {0, 0});
    node.add_const({DataType::kInt32, {2}}, {2, 4});
    node.add_const({DataType::kInt32, {2}}, {1, 1});
    node.add_output({DataType::kInt8, {2, 4}, 0.5f, 0});
    EXPECT_TRUE(has(node.prepare().error, "begin must be a constant int32/int64 tensor of shape [2]"));
  }
  {
    Node node(kOp);
    node.add_input({DataType::kInt8, {2, 4}, 0.5f, 0}, iota(8));
    node.add_const({DataType::kInt32, {2}}, {0, 0});
    node.add_const({DataType::kInt32, {1}}, {2});
    node.add_const({DataType::kInt32, {2}}, {1, 1});
    node.add_output({DataType::kInt8, {2, 4}, 0.5f, 0});
    EXPECT_TRUE(has(node.prepare().error, "end must be a constant int32/int64 tensor of shape [2]"));
  }
  {
    Node node(kOp);
    node.add_input({DataType::kInt8, {2, 4}, 0.5f, 0}, iota(8));
    node.add_const({DataType::kInt32, {2}}, {0, 0});
    node.add_const({DataType::kInt32, {2}}, {2, 4});
    node.add_const({DataType::kInt16, {2}}, {1, 1});
    node.add_output({DataType::kInt8, {2, 4}, 0.5f, 0});
    EXPECT_TRUE(has(node.prepare().error, "strides must be a constant int32/int64 tensor"));
  }
}

TEST(StridedSliceKernel, ValidateRejects) {
  Slice sl(DataType::kInt16, {3, 5}, iota(15), spec({1, 0}, {0, 0}, {1, -2}, 2, 3), {2, 3});
  ASSERT_TRUE(sl.node.prepare().ok());
  ASSERT_EQ(sl.node.validate(), lpai::Status::kOk);
  const std::vector<uint8_t> good = sl.node.params();
  lpai::kernels::StridedSliceParams p;
  std::memcpy(&p, good.data(), sizeof(p));

  auto with = [&](auto edit) {
    lpai::kernels::StridedSliceParams q = p;
    edit(q);
    sl.node.set_params(ew_test::bytes_of(q));
    const lpai::Status s = sl.node.validate();
    sl.node.set_params(good);
    return s;
  };
  using P = lpai::kernels::StridedSliceParams;
  EXPECT_EQ(with([](P& q) { q.count[5] = 0; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.count[5] = 4; }), lpai::Status::kBinaryBadParams);  // last < 0
  EXPECT_EQ(with([](P& q) { q.start[5] = 5; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.start[4] = -1; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.stride[5] = 0; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.stride[5] = 2; }), lpai::Status::kBinaryBadParams);  // 4 + 2*2 >= 5
  EXPECT_EQ(with([](P& q) { q.in_dims[4] = 4; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.in_dims[0] = 2; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.count[4] = 1; }), lpai::Status::kBinaryBadParams);  // 3 != 6 outputs
  EXPECT_EQ(with([](P& q) { q.stride[5] = -1; q.count[5] = 5; q.count[4] = 1; q.start[4] = 2; }),
            lpai::Status::kBinaryBadParams);  // 5 elements for a 6-element output
  EXPECT_EQ(with([](P& q) { q.start[5] = 2; q.stride[5] = 1; }), lpai::Status::kOk);  // 2..4
  // A single step with a stride beyond the dim: harmless in range terms, but stride * element
  // stride must stay inside int32 in eval, so it is refused (prepare stores 1 there).
  EXPECT_EQ(with([](P& q) { q.stride[0] = 0x7FFFFFFF; }), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with([](P& q) { q.stride[0] = 1; }), lpai::Status::kOk);

  std::vector<uint8_t> shorter = good;
  shorter.pop_back();
  sl.node.set_params(shorter);
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryBadParams);
  sl.node.set_params(good);

  sl.node.out_rec(0).zero_point = 1;
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryBadParams);
  sl.node.out_rec(0).zero_point = 0;
  sl.node.out_rec(0).scale_bits ^= 1;
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryBadParams);
  sl.node.out_rec(0).scale_bits ^= 1;
  sl.node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  sl.node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  sl.node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kFloat32);
  sl.node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kFloat32);
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  sl.node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  sl.node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(sl.node.validate(), lpai::Status::kOk);
  sl.node.drop_last_input();
  EXPECT_EQ(sl.node.validate(), lpai::Status::kBinaryBadParams);
}

// ---- whole model: TFLite STRIDED_SLICE -> importer -> prepare -> context binary -> Session ----

namespace tb = lpai::tflite_builder;

struct ModelSlice {
  std::vector<int32_t> shape;
  ref::SliceSpec s;
  int ellipsis_mask = 0, new_axis_mask = 0;
};

std::vector<uint8_t> slice_model(const ModelSlice& m, const std::vector<int32_t>& out_shape) {
  tb::TfliteBuilder b;
  tb::TensorSpec in;
  in.name = "in";
  in.type = tb::tfl::TensorType_INT16;
  in.shape = m.shape;
  in.scales = {0.001f};
  in.zero_points = {0};
  const int x = b.tensor(in);
  const int begin = b.const_i32("begin", m.s.begin);
  const int end = b.const_i32("end", m.s.end);
  const int strides = b.const_i32("strides", m.s.strides);
  tb::TensorSpec out = in;
  out.name = "out";
  out.shape = out_shape;
  const int y = b.tensor(out);
  tb::OpSpec op;
  op.builtin = kOp;
  op.inputs = {x, begin, end, strides};
  op.outputs = {y};
  op.options_type = tb::tfl::BuiltinOptions_StridedSliceOptions;
  op.options = [m](flatbuffers::FlatBufferBuilder& fbb) {
    return lpai::tflite::CreateStridedSliceOptions(fbb, m.s.begin_mask, m.s.end_mask,
                                                   m.ellipsis_mask, m.new_axis_mask,
                                                   m.s.shrink_axis_mask)
        .Union();
  };
  b.op(op);
  b.io({x}, {y});
  return b.finish();
}

TEST(StridedSliceModel, RunsThroughPrepareAndSession) {
  const std::vector<ModelSlice> cases = {
      {{1, 2, 160, 2}, spec({0, 0, 3, 0}, {1, 2, 157, 2}, {1, 1, 1, 1})},     // crop the time axis
      {{1, 2, 160, 2}, spec({0, 1, -1, 0}, {1, 2, 0, 2}, {1, 1, -3, 1}, 1, 9)},
      {{4, 6, 5}, spec({-1, 0, 1}, {0, 6, 5}, {1, 2, 2}, 0, 0, 1)},            // shrink axis 0
      {{3, 7}, spec({0, 0}, {0, 0}, {2, -1}, 3, 3)},                          // x[::2, ::-1]
  };
  for (size_t k = 0; k < cases.size(); ++k) {
    SCOPED_TRACE("case " + std::to_string(k));
    const ModelSlice& m = cases[k];
    const std::vector<int32_t> values =
        ew_test::random_values(static_cast<size_t>(product(m.shape)), -32768, 32767, 40 + k);
    std::vector<int32_t> out_shape;
    const std::vector<int32_t> want = ref::strided_slice(values, m.shape, m.s, &out_shape);
    ASSERT_FALSE(want.empty());
    const std::vector<uint8_t> model = slice_model(m, out_shape);
    lpai::prepare::PrepareOutput prepared;
    std::string error;
    ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                              lpai::prepare::PlanOptions{}, &prepared)), "");
    std::unique_ptr<lpai::host::Session> session =
        lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions{}, &error);
    ASSERT_NE(session, nullptr) << error;
    std::vector<uint8_t> in_bytes(values.size() * 2);
    for (size_t i = 0; i < values.size(); ++i) {
      const int16_t v = static_cast<int16_t>(values[i]);
      std::memcpy(in_bytes.data() + 2 * i, &v, 2);
    }
    std::vector<std::vector<uint8_t>> outputs;
    ASSERT_TRUE(session->run({in_bytes}, &outputs, &error)) << error;
    ASSERT_EQ(outputs.size(), 1u);
    ASSERT_EQ(outputs[0].size(), want.size() * 2);
    std::vector<int32_t> got(want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      int16_t v;
      std::memcpy(&v, outputs[0].data() + 2 * i, 2);
      got[i] = v;
    }
    EXPECT_EQ(got, want);
  }
}

TEST(StridedSliceModel, EllipsisAndNewAxisMasksRejectedByPrepare) {
  for (int which = 0; which < 2; ++which) {
    ModelSlice m{{2, 8}, spec({0, 0}, {2, 4}, {1, 1})};
    (which == 0 ? m.ellipsis_mask : m.new_axis_mask) = 2;
    const std::vector<uint8_t> model = slice_model(m, {2, 4});
    lpai::prepare::PrepareOutput prepared;
    std::string error;
    error = lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                               lpai::prepare::PlanOptions{}, &prepared));
    EXPECT_NE(error, "");
    EXPECT_NE(error.find("STRIDED_SLICE"), std::string::npos) << error;
    EXPECT_NE(error.find(which == 0 ? "ellipsis_mask 2 / new_axis_mask 0 not supported"
                                    : "ellipsis_mask 0 / new_axis_mask 2 not supported"),
              std::string::npos)
        << error;
  }
}

}  // namespace
