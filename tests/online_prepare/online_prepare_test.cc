// Online prepare (host_sim/online_prepare) through the public calls: graphs built with
// QnnContext_create / QnnGraph_create / QnnTensor_createGraphTensor / QnnGraph_addNode, finalized
// and executed through the firmware's C shim (online handles resolved by link-time wrapping), with RAW and MEMHANDLE IO;
// their in-memory context binaries compared with what the generator path (TfliteBuilder model
// -> prepare_tflite) produces for the equivalent TFLite model; every bad input with its code.
//
// Binary comparison rule (asserted exactly): byte-identical. The TFLite twins use the same
// subgraph name, tensor names and tensor order as the online graphs; their extra RESHAPE shape
// operands are unused tensors, which the generator does not serialize.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "core/status.h"
#include "format/binary_view.h"
#include "lpai/qnn_compat.h"
#include "online_prepare/online_prepare.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "shared_mem/rpcmem.h"

namespace {

using lpai::Status;
namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;

Qnn_ErrorHandle_t code(Status s) { return static_cast<Qnn_ErrorHandle_t>(lpai::status_code(s)); }

// ---- the two test graphs, as data shared by both construction paths -------------------------
// add_reshape: in[1,8] (s 0.5, zp 3) + c[1,8] (s 0.5, zp -2) -> sum[1,8] (s 0.5, zp 1)
//   -Reshape-> sum_2x4[2,4] (alias) -Reshape-> out[4,2] (copy node: graph output).
// With equal scales ADD is exact: out = clamp(in - 3 + c + 2 + 1) = clamp(in + c, -128, 127).
const std::vector<int8_t> kAddConst = {10, -20, 30, -40, 5, 0, -128, 127};

// fc_softmax: x[1,4] (s 0.5, zp 0) -FullyConnected(w[3,4] per-channel s {0.25, 0.5, 0.25},
// b[3] s {0.125, 0.25, 0.125})-> logits[1,3] (s 1, zp 0) -Softmax(beta 1)-> probs[1,3]
// (s 1/256, zp -128). The multipliers are powers of two and the accumulators below are
// multiples of 8, so the logits are exact.
const std::vector<int8_t> kFcWeights = {1, 2, 3, 4, -1, 0, 1, 0, 0, -2, 0, -1};
const std::vector<int32_t> kFcBias = {168, 8, -48};
const float kFcWeightScales[3] = {0.25f, 0.5f, 0.25f};
const float kFcBiasScales[3] = {0.125f, 0.25f, 0.125f};

// Test inputs and their hand-computed logits:
//   x = [2, 4, -6, 8]:   acc = [24+168, -8+8, -16-48] = [192, 0, -64] -> [24, 0, -8]
//   x = [-2, -4, 6, -8]: acc = [-24+168, 8+8, 16-48] = [144, 16, -32] -> [18, 4, -4]
const std::vector<int8_t> kFcIn0 = {2, 4, -6, 8};
const std::vector<int8_t> kFcIn1 = {-2, -4, 6, -8};
const std::vector<int8_t> kFcLogits0 = {24, 0, -8};
const std::vector<int8_t> kFcLogits1 = {18, 4, -4};
// Softmax of logits whose winner leads by >= 14: exp(-14) * 256 < 0.5, so the losers quantise
// to -128 and the winner to 256 - 128, saturated to 127.
const std::vector<int8_t> kProbsWinnerFirst = {127, -128, -128};

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

std::vector<int8_t> as_i8(const uint8_t* p, size_t n) {
  return std::vector<int8_t>(reinterpret_cast<const int8_t*>(p),
                             reinterpret_cast<const int8_t*>(p) + n);
}

// ---- fixture --------------------------------------------------------------------------------

class OnlinePrepare : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(QnnBackend_create(nullptr, nullptr, &backend_), QNN_SUCCESS); }
  void TearDown() override {
    for (Qnn_ContextHandle_t c : contexts_) (void)QnnContext_free(c, nullptr);
    EXPECT_EQ(lpai::online::live_contexts(), 0u);
    EXPECT_EQ(QnnBackend_free(backend_), QNN_SUCCESS);
    for (void* b : rpc_) rpcmem_free(b);
  }

  Qnn_ContextHandle_t new_context() {
    Qnn_ContextHandle_t c = nullptr;
    EXPECT_EQ(QnnContext_create(backend_, nullptr, nullptr, &c), QNN_SUCCESS);
    contexts_.push_back(c);
    return c;
  }
  Qnn_GraphHandle_t new_graph(const char* name, Qnn_ContextHandle_t* ctx = nullptr) {
    Qnn_ContextHandle_t c = new_context();
    if (ctx != nullptr) *ctx = c;
    Qnn_GraphHandle_t g = nullptr;
    EXPECT_EQ(QnnGraph_create(c, name, nullptr, &g), QNN_SUCCESS);
    return g;
  }
  void free_context(Qnn_ContextHandle_t c) {
    EXPECT_EQ(QnnContext_free(c, nullptr), QNN_SUCCESS);
    contexts_.erase(std::find(contexts_.begin(), contexts_.end(), c));
  }

  // A tensor description (dimensions kept alive by the fixture).
  Qnn_Tensor_t tensor(const char* name, Qnn_TensorType_t type, Qnn_DataType_t dt,
                      std::vector<uint32_t> dims, float scale, int32_t offset,
                      Qnn_TensorMemType_t mem = QNN_TENSORMEMTYPE_RAW) {
    dims_.push_back(std::move(dims));
    Qnn_Tensor_t t = QNN_TENSOR_INIT;
    t.v1.name = name;
    t.v1.type = type;
    t.v1.dataType = dt;
    t.v1.quantizeParams.encodingDefinition = QNN_DEFINITION_DEFINED;
    t.v1.quantizeParams.quantizationEncoding = QNN_QUANTIZATION_ENCODING_SCALE_OFFSET;
    t.v1.quantizeParams.scaleOffsetEncoding.scale = scale;
    t.v1.quantizeParams.scaleOffsetEncoding.offset = offset;
    t.v1.rank = static_cast<uint32_t>(dims_.back().size());
    t.v1.dimensions = dims_.back().data();
    t.v1.memType = mem;
    return t;
  }
  Qnn_Tensor_t static_tensor(const char* name, Qnn_DataType_t dt, std::vector<uint32_t> dims,
                             float scale, int32_t offset, const std::vector<uint8_t>& data) {
    data_.push_back(data);
    Qnn_Tensor_t t = tensor(name, QNN_TENSOR_TYPE_STATIC, dt, std::move(dims), scale, offset);
    t.v1.clientBuf.data = data_.back().data();
    t.v1.clientBuf.dataSize = static_cast<uint32_t>(data_.back().size());
    return t;
  }
  Qnn_Tensor_t per_channel(Qnn_Tensor_t t, const float* scales, uint32_t n, int32_t axis) {
    scale_offsets_.emplace_back();
    for (uint32_t i = 0; i < n; ++i) scale_offsets_.back().push_back({scales[i], 0});
    t.v1.quantizeParams.quantizationEncoding = QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET;
    t.v1.quantizeParams.axisScaleOffsetEncoding.axis = axis;
    t.v1.quantizeParams.axisScaleOffsetEncoding.numScaleOffsets = n;
    t.v1.quantizeParams.axisScaleOffsetEncoding.scaleOffset = scale_offsets_.back().data();
    return t;
  }

  Qnn_ErrorHandle_t add_node(Qnn_GraphHandle_t g, const char* type, std::vector<Qnn_Tensor_t> in,
                             std::vector<Qnn_Tensor_t> out, std::vector<Qnn_Param_t> params = {},
                             const char* package = QNN_OP_PACKAGE_NAME_QTI_AISW) {
    Qnn_OpConfig_t op = QNN_OPCONFIG_INIT;
    op.v1.name = type;
    op.v1.packageName = package;
    op.v1.typeName = type;
    op.v1.numOfParams = static_cast<uint32_t>(params.size());
    op.v1.params = params.empty() ? nullptr : params.data();
    op.v1.numOfInputs = static_cast<uint32_t>(in.size());
    op.v1.inputTensors = in.data();
    op.v1.numOfOutputs = static_cast<uint32_t>(out.size());
    op.v1.outputTensors = out.data();
    return QnnGraph_addNode(g, op);
  }

  // add_reshape through the API. Tensors in creation order: in, c, sum, sum_2x4, out.
  Qnn_GraphHandle_t build_add_reshape(Qnn_TensorMemType_t io_mem, Qnn_ContextHandle_t* ctx,
                                      Qnn_Tensor_t* in, Qnn_Tensor_t* out) {
    Qnn_GraphHandle_t g = new_graph("add_reshape", ctx);
    *in = tensor("in", QNN_TENSOR_TYPE_APP_WRITE, QNN_DATATYPE_SFIXED_POINT_8, {1, 8}, 0.5f, -3,
                 io_mem);
    Qnn_Tensor_t c = static_tensor("c", QNN_DATATYPE_SFIXED_POINT_8, {1, 8}, 0.5f, 2,
                                   bytes_of(kAddConst));
    Qnn_Tensor_t sum =
        tensor("sum", QNN_TENSOR_TYPE_NATIVE, QNN_DATATYPE_SFIXED_POINT_8, {1, 8}, 0.5f, -1);
    Qnn_Tensor_t sum2 =
        tensor("sum_2x4", QNN_TENSOR_TYPE_NATIVE, QNN_DATATYPE_SFIXED_POINT_8, {2, 4}, 0.5f, -1);
    *out = tensor("out", QNN_TENSOR_TYPE_APP_READ, QNN_DATATYPE_SFIXED_POINT_8, {4, 2}, 0.5f, -1,
                  io_mem);
    for (Qnn_Tensor_t* t : {in, &c, &sum, &sum2, out}) {
      EXPECT_EQ(QnnTensor_createGraphTensor(g, t), QNN_SUCCESS) << t->v1.name;
    }
    EXPECT_EQ(in->v1.id, 0u);
    EXPECT_EQ(c.v1.id, 1u);
    EXPECT_EQ(out->v1.id, 4u);
    EXPECT_EQ(add_node(g, QNN_OP_ELEMENT_WISE_ADD, {*in, c}, {sum}), QNN_SUCCESS);
    EXPECT_EQ(add_node(g, QNN_OP_RESHAPE, {sum}, {sum2}), QNN_SUCCESS);
    EXPECT_EQ(add_node(g, QNN_OP_RESHAPE, {sum2}, {*out}), QNN_SUCCESS);
    return g;
  }

  // fc_softmax (or, with softmax = false, fc_only whose FC writes the graph output "logits").
  Qnn_GraphHandle_t build_fc(bool softmax, Qnn_TensorMemType_t io_mem, Qnn_ContextHandle_t* ctx,
                             Qnn_Tensor_t* in, Qnn_Tensor_t* out) {
    Qnn_GraphHandle_t g = new_graph(softmax ? "fc_softmax" : "fc_only", ctx);
    *in = tensor("x", QNN_TENSOR_TYPE_APP_WRITE, QNN_DATATYPE_SFIXED_POINT_8, {1, 4}, 0.5f, 0,
                 io_mem);
    Qnn_Tensor_t w = per_channel(static_tensor("w", QNN_DATATYPE_SFIXED_POINT_8, {3, 4}, 0.f, 0,
                                               bytes_of(kFcWeights)),
                                 kFcWeightScales, 3, 0);
    Qnn_Tensor_t b = per_channel(
        static_tensor("b", QNN_DATATYPE_SFIXED_POINT_32, {3}, 0.f, 0, bytes_of(kFcBias)),
        kFcBiasScales, 3, 0);
    Qnn_Tensor_t logits =
        tensor("logits", softmax ? QNN_TENSOR_TYPE_NATIVE : QNN_TENSOR_TYPE_APP_READ,
               QNN_DATATYPE_SFIXED_POINT_8, {1, 3}, 1.0f, 0,
               softmax ? QNN_TENSORMEMTYPE_RAW : io_mem);
    for (Qnn_Tensor_t* t : {in, &w, &b, &logits}) {
      EXPECT_EQ(QnnTensor_createGraphTensor(g, t), QNN_SUCCESS) << t->v1.name;
    }
    Qnn_Param_t keep = QNN_PARAM_INIT;
    keep.paramType = QNN_PARAMTYPE_SCALAR;
    keep.name = QNN_OP_FULLY_CONNECTED_PARAM_KEEP_DIMS;
    keep.scalarParam.dataType = QNN_DATATYPE_BOOL_8;
    keep.scalarParam.bool8Value = 0;
    EXPECT_EQ(add_node(g, QNN_OP_FULLY_CONNECTED, {*in, w, b}, {logits}, {keep}), QNN_SUCCESS);
    if (!softmax) {
      *out = logits;
      return g;
    }
    *out = tensor("probs", QNN_TENSOR_TYPE_APP_READ, QNN_DATATYPE_SFIXED_POINT_8, {1, 3},
                  1.0f / 256.0f, 128, io_mem);
    EXPECT_EQ(QnnTensor_createGraphTensor(g, out), QNN_SUCCESS);
    Qnn_Param_t beta = QNN_PARAM_INIT;
    beta.paramType = QNN_PARAMTYPE_SCALAR;
    beta.name = QNN_OP_SOFTMAX_PARAM_BETA;
    beta.scalarParam.dataType = QNN_DATATYPE_FLOAT_32;
    beta.scalarParam.floatValue = 1.0f;
    EXPECT_EQ(add_node(g, QNN_OP_SOFTMAX, {logits}, {*out}, {beta}, nullptr), QNN_SUCCESS);
    return g;
  }

  // One RAW execution: copies `input` in, returns the output bytes.
  std::vector<int8_t> run_raw(Qnn_GraphHandle_t g, Qnn_Tensor_t in, Qnn_Tensor_t out,
                              const std::vector<int8_t>& input, size_t out_bytes) {
    lpai::host::AlignedBytes ib(64, 64), ob(64, 64);
    std::memcpy(ib.data(), input.data(), input.size());
    in.v1.memType = QNN_TENSORMEMTYPE_RAW;
    in.v1.clientBuf.data = ib.data();
    in.v1.clientBuf.dataSize = static_cast<uint32_t>(input.size());
    out.v1.memType = QNN_TENSORMEMTYPE_RAW;
    out.v1.clientBuf.data = ob.data();
    out.v1.clientBuf.dataSize = 64;
    EXPECT_EQ(QnnGraph_execute(g, &in, 1, &out, 1, nullptr, nullptr), QNN_SUCCESS);
    EXPECT_EQ(out.v1.clientBuf.dataSize, out_bytes);
    return as_i8(ob.data(), out_bytes);
  }

  // Registers an rpcmem buffer of `t`'s shape on `ctx` (QNN_MEM_TYPE_ION by fd).
  Qnn_MemHandle_t register_rpcmem(Qnn_ContextHandle_t ctx, const Qnn_Tensor_t& t, void** buf) {
    *buf = rpcmem_alloc(RPCMEM_HEAP_ID_SYSTEM, RPCMEM_DEFAULT_FLAGS, 4096);
    EXPECT_NE(*buf, nullptr);
    rpc_.push_back(*buf);
    Qnn_MemDescriptor_t d = QNN_MEM_DESCRIPTOR_INIT;
    d.memShape.numDim = t.v1.rank;
    d.memShape.dimSize = t.v1.dimensions;
    d.dataType = t.v1.dataType;
    d.memType = QNN_MEM_TYPE_ION;
    d.ionInfo.fd = rpcmem_to_fd(*buf);
    Qnn_MemHandle_t h = nullptr;
    EXPECT_EQ(QnnMem_register(ctx, &d, 1, &h), QNN_SUCCESS);
    return h;
  }

  Qnn_BackendHandle_t backend_ = nullptr;
  std::vector<Qnn_ContextHandle_t> contexts_;
  std::deque<std::vector<uint32_t>> dims_;
  std::deque<std::vector<uint8_t>> data_;
  std::deque<std::vector<Qnn_ScaleOffset_t>> scale_offsets_;
  std::vector<void*> rpc_;
};

// ---- the TFLite twins (generator path) -------------------------------------------------------

std::vector<uint8_t> generator_binary(const tb::TfliteBuilder& m, bool memhandle) {
  const std::vector<uint8_t> model = m.finish();
  lpai::prepare::PlanOptions options;  // the generator's defaults: 64:64
  options.io_memhandle = memhandle;
  lpai::prepare::PrepareOutput out;
  std::string error;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(), options, &out)), "");
  return out.binary;
}

tb::TfliteBuilder add_reshape_tflite() {
  tb::TfliteBuilder m;
  m.set_name("add_reshape");
  const int in = m.act("in", {1, 8}, 0.5f, 3);
  tb::TensorSpec c;
  c.name = "c";
  c.shape = {1, 8};
  c.scales = {0.5f};
  c.zero_points = {-2};
  c.data = bytes_of(kAddConst);
  const int ci = m.tensor(c);
  const int sum = m.act("sum", {1, 8}, 0.5f, 1);
  const int sum2 = m.act("sum_2x4", {2, 4}, 0.5f, 1);
  const int out = m.act("out", {4, 2}, 0.5f, 1);
  tb::OpSpec add;
  add.builtin = tb::kAdd;
  add.inputs = {in, ci};
  add.outputs = {sum};
  m.op(add);
  m.reshape(sum, sum2);
  m.reshape(sum2, out);
  m.io({in}, {out});
  return m;
}

tb::TfliteBuilder fc_tflite(bool softmax) {
  tb::TfliteBuilder m;
  m.set_name(softmax ? "fc_softmax" : "fc_only");
  const int x = m.act("x", {1, 4}, 0.5f, 0);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {3, 4};
  w.scales.assign(kFcWeightScales, kFcWeightScales + 3);
  w.zero_points = {0, 0, 0};
  w.data = bytes_of(kFcWeights);
  const int wi = m.tensor(w);
  tb::TensorSpec b;
  b.name = "b";
  b.type = tfl::TensorType_INT32;
  b.shape = {3};
  b.scales.assign(kFcBiasScales, kFcBiasScales + 3);
  b.zero_points = {0, 0, 0};
  b.data = bytes_of(kFcBias);
  const int bi = m.tensor(b);
  const int logits = m.act("logits", {1, 3}, 1.0f, 0);
  tb::OpSpec fc;
  fc.builtin = tb::kFullyConnected;
  fc.inputs = {x, wi, bi};
  fc.outputs = {logits};
  fc.options_type = tfl::BuiltinOptions_FullyConnectedOptions;
  fc.options = tb::fc_options(tfl::ActivationFunctionType_NONE, false);
  m.op(fc);
  if (!softmax) {
    m.io({x}, {logits});
    return m;
  }
  const int probs = m.act("probs", {1, 3}, 1.0f / 256.0f, -128);
  tb::OpSpec sm;
  sm.builtin = tb::kSoftmax;
  sm.inputs = {logits};
  sm.outputs = {probs};
  sm.options_type = tfl::BuiltinOptions_SoftmaxOptions;
  sm.options = tb::softmax_options(1.0f);
  m.op(sm);
  m.io({x}, {probs});
  return m;
}

// Memory class of every graph IO tensor of a binary.
std::vector<lpai::format::MemClass> io_classes(const std::vector<uint8_t>& binary) {
  lpai::host::AlignedBytes copy(binary.size(), 64);
  std::memcpy(copy.data(), binary.data(), binary.size());
  lpai::format::BinaryView v;
  EXPECT_EQ(lpai::format::validate_binary(copy.data(), binary.size(), &v), Status::kOk);
  std::vector<lpai::format::MemClass> out;
  for (uint32_t k = 0; k < v.num_inputs(); ++k)
    out.push_back(static_cast<lpai::format::MemClass>(v.tensor(v.input_tensor(k)).mem_class));
  for (uint32_t k = 0; k < v.num_outputs(); ++k)
    out.push_back(static_cast<lpai::format::MemClass>(v.tensor(v.output_tensor(k)).mem_class));
  return out;
}

// ---- execution --------------------------------------------------------------------------------

TEST_F(OnlinePrepare, AddReshapeRawExecutesWithHandComputedOutputs) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t g = build_add_reshape(QNN_TENSORMEMTYPE_RAW, &ctx, &in, &out);
  ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
  const std::vector<int8_t> x = {1, 2, 3, 4, 120, -100, 0, -1};
  // clamp(x + c): 11, -18, 33, -36, 125, -100, -128, 126.
  EXPECT_EQ(run_raw(g, in, out, x, 8), (std::vector<int8_t>{11, -18, 33, -36, 125, -100, -128, 126}));
  const std::vector<int8_t> y = {127, -128, 100, -100, 3, 0, 0, 1};
  // 137 -> 127, -148 -> -128, 130 -> 127, -140 -> -128, 8, 0, -128, 127 + 1 -> 127.
  EXPECT_EQ(run_raw(g, in, out, y, 8), (std::vector<int8_t>{127, -128, 127, -128, 8, 0, -128, 127}));
  QnnLpaiGraph_Counters_t c = QNN_LPAI_GRAPH_COUNTERS_INIT;
  ASSERT_EQ(QnnLpaiGraph_getCounters(g, &c), QNN_SUCCESS);
  EXPECT_EQ(c.executions, 2u);
  EXPECT_EQ(c.ioBytesCopied, 32u);  // 8 in + 8 out, twice
  EXPECT_EQ(c.numNodes, 2u);        // ADD and the copy node; the aliased RESHAPE is no node
}

TEST_F(OnlinePrepare, AddReshapeMemhandleZeroCopy) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t g = build_add_reshape(QNN_TENSORMEMTYPE_MEMHANDLE, &ctx, &in, &out);
  ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
  void* ib = nullptr;
  void* ob = nullptr;
  in.v1.memHandle = register_rpcmem(ctx, in, &ib);
  out.v1.memHandle = register_rpcmem(ctx, out, &ob);
  const std::vector<int8_t> x = {1, 2, 3, 4, 120, -100, 0, -1};
  std::memcpy(ib, x.data(), 8);
  ASSERT_EQ(QnnGraph_execute(g, &in, 1, &out, 1, nullptr, nullptr), QNN_SUCCESS);
  EXPECT_EQ(as_i8(static_cast<uint8_t*>(ob), 8),
            (std::vector<int8_t>{11, -18, 33, -36, 125, -100, -128, 126}));
  // Seed 002, memhandle / memhandle: nothing allocated, nothing copied.
  QnnLpaiGraph_Counters_t c = QNN_LPAI_GRAPH_COUNTERS_INIT;
  ASSERT_EQ(QnnLpaiGraph_getCounters(g, &c), QNN_SUCCESS);
  EXPECT_EQ(c.ioBytesCopied, 0u);
  EXPECT_EQ(c.ioAllocations, 0u);
  // memhandle / raw: the first RAW inference allocates the IO buffers, then copies.
  EXPECT_EQ(QnnLpaiGraph_releaseIo(g), QNN_SUCCESS);
  EXPECT_EQ(run_raw(g, in, out, x, 8),
            (std::vector<int8_t>{11, -18, 33, -36, 125, -100, -128, 126}));
  ASSERT_EQ(QnnLpaiGraph_getCounters(g, &c), QNN_SUCCESS);
  EXPECT_EQ(c.ioAllocations, 2u);
  EXPECT_EQ(c.ioBytesCopied, 16u);
}

TEST_F(OnlinePrepare, FullyConnectedExactAndSoftmaxSaturates) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t fc = build_fc(false, QNN_TENSORMEMTYPE_RAW, &ctx, &in, &out);
  ASSERT_EQ(QnnGraph_finalize(fc, nullptr, nullptr), QNN_SUCCESS);
  EXPECT_EQ(run_raw(fc, in, out, kFcIn0, 3), kFcLogits0);
  EXPECT_EQ(run_raw(fc, in, out, kFcIn1, 3), kFcLogits1);

  Qnn_ContextHandle_t ctx2 = nullptr;
  Qnn_Tensor_t in2, out2;
  Qnn_GraphHandle_t sm = build_fc(true, QNN_TENSORMEMTYPE_MEMHANDLE, &ctx2, &in2, &out2);
  ASSERT_EQ(QnnGraph_finalize(sm, nullptr, nullptr), QNN_SUCCESS);
  void* ib = nullptr;
  void* ob = nullptr;
  in2.v1.memHandle = register_rpcmem(ctx2, in2, &ib);
  out2.v1.memHandle = register_rpcmem(ctx2, out2, &ob);
  for (const auto* x : {&kFcIn0, &kFcIn1}) {
    std::memcpy(ib, x->data(), 4);
    ASSERT_EQ(QnnGraph_execute(sm, &in2, 1, &out2, 1, nullptr, nullptr), QNN_SUCCESS);
    EXPECT_EQ(as_i8(static_cast<uint8_t*>(ob), 3), kProbsWinnerFirst);
  }
}

TEST_F(OnlinePrepare, ScratchReplacedAfterFinalizeThroughTheForwardedCalls) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t g = build_fc(true, QNN_TENSORMEMTYPE_RAW, &ctx, &in, &out);
  ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
  uint32_t scratch = 0, persistent = 1;
  QnnLpaiGraph_CustomProperty_t sp = {QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE, &scratch};
  QnnLpaiGraph_CustomProperty_t pp = {QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE, &persistent};
  QnnGraph_Property_t props[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
  props[0].option = props[1].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  props[0].customProperty = &sp;
  props[1].customProperty = &pp;
  QnnGraph_Property_t* list[3] = {&props[0], &props[1], nullptr};
  ASSERT_EQ(QnnGraph_getProperty(g, list), QNN_SUCCESS);
  EXPECT_GT(scratch, 0u);  // x, logits, probs (RAW hint: IO in scratch)
  EXPECT_EQ(scratch % 64, 0u);
  EXPECT_EQ(persistent, 0u);
  lpai::host::AlignedBytes fresh(scratch, 64);
  std::memset(fresh.data(), 0x5A, scratch);
  QnnLpaiGraph_Mem_t mem = {QNN_LPAI_MEM_TYPE_DDR, scratch, fresh.data()};
  QnnLpaiGraph_CustomConfig_t cc = {QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem};
  QnnGraph_Config_t cfg = QNN_GRAPH_CONFIG_INIT;
  cfg.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &cc;
  const QnnGraph_Config_t* cfgs[2] = {&cfg, nullptr};
  ASSERT_EQ(QnnGraph_setConfig(g, cfgs), QNN_SUCCESS);
  EXPECT_EQ(run_raw(g, in, out, kFcIn0, 3), kProbsWinnerFirst);
  // The new scratch is the one in use: the execution wrote into it.
  uint32_t changed = 0;
  for (uint32_t i = 0; i < scratch; ++i) changed += fresh.data()[i] != 0x5A ? 1 : 0;
  EXPECT_GT(changed, 0u);
}

// ---- binary equivalence with the generator path ------------------------------------------------

TEST_F(OnlinePrepare, BinariesAreByteIdenticalToTheGeneratorsForTheTfliteTwins) {
  struct Case {
    const char* what;
    bool memhandle;
    int graph;  // 0 add_reshape, 1 fc_only, 2 fc_softmax
  };
  for (const Case& k : {Case{"add_reshape raw", false, 0}, Case{"add_reshape memhandle", true, 0},
                        Case{"fc_only raw", false, 1}, Case{"fc_softmax raw", false, 2},
                        Case{"fc_softmax memhandle", true, 2}}) {
    SCOPED_TRACE(k.what);
    const Qnn_TensorMemType_t mem = k.memhandle ? QNN_TENSORMEMTYPE_MEMHANDLE : QNN_TENSORMEMTYPE_RAW;
    Qnn_ContextHandle_t ctx = nullptr;
    Qnn_Tensor_t in, out;
    Qnn_GraphHandle_t g = k.graph == 0 ? build_add_reshape(mem, &ctx, &in, &out)
                                       : build_fc(k.graph == 2, mem, &ctx, &in, &out);
    std::vector<uint8_t> online;
    EXPECT_FALSE(lpai::online::graph_binary(g, &online));  // none before finalize
    ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
    ASSERT_TRUE(lpai::online::graph_binary(g, &online));
    const std::vector<uint8_t> generated =
        generator_binary(k.graph == 0 ? add_reshape_tflite() : fc_tflite(k.graph == 2), k.memhandle);
    ASSERT_FALSE(generated.empty());
    EXPECT_EQ(online.size(), generated.size());
    EXPECT_TRUE(online == generated) << "online and generator binaries differ";
    // The IO hint reached the plan: IO outside scratch exactly with MEMHANDLE.
    const lpai::format::MemClass want =
        k.memhandle ? lpai::format::MemClass::kIo : lpai::format::MemClass::kScratch;
    for (lpai::format::MemClass c : io_classes(online)) EXPECT_EQ(c, want);
    free_context(ctx);
  }
}

TEST_F(OnlinePrepare, GeneratorBinaryRunsBesideTheOnlineGraphWithTheSameOutputs) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t g = build_fc(false, QNN_TENSORMEMTYPE_RAW, &ctx, &in, &out);
  ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
  // A firmware context from the generator's binary beside the online one: its handles pass the
  // link-time entry points unchanged.
  const std::vector<uint8_t> bin = generator_binary(fc_tflite(false), false);
  lpai::host::AlignedBytes copy(bin.size(), 64);
  std::memcpy(copy.data(), bin.data(), bin.size());
  Qnn_ContextHandle_t fw_ctx = nullptr;
  ASSERT_EQ(QnnContext_createFromBinary(backend_, nullptr, nullptr, copy.data(), bin.size(),
                                        &fw_ctx, nullptr),
            QNN_SUCCESS);
  contexts_.push_back(fw_ctx);
  Qnn_GraphHandle_t fw = nullptr;
  ASSERT_EQ(QnnGraph_retrieve(fw_ctx, "fc_only", &fw), QNN_SUCCESS);
  lpai::host::AlignedBytes scratch(4096, 64);
  QnnLpaiGraph_Mem_t mem = {QNN_LPAI_MEM_TYPE_DDR, 4096, scratch.data()};
  QnnLpaiGraph_CustomConfig_t cc = {QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem};
  QnnGraph_Config_t cfg = QNN_GRAPH_CONFIG_INIT;
  cfg.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &cc;
  const QnnGraph_Config_t* cfgs[2] = {&cfg, nullptr};
  ASSERT_EQ(QnnGraph_setConfig(fw, cfgs), QNN_SUCCESS);
  ASSERT_EQ(QnnGraph_finalize(fw, nullptr, nullptr), QNN_SUCCESS);
  EXPECT_EQ(run_raw(fw, in, out, kFcIn1, 3), kFcLogits1);
  EXPECT_EQ(run_raw(g, in, out, kFcIn1, 3), kFcLogits1);
  EXPECT_NE(lpai::online::firmware_graph(g), nullptr);
  EXPECT_NE(lpai::online::firmware_graph(g), fw);
}

// ---- errors -----------------------------------------------------------------------------------

TEST_F(OnlinePrepare, ContextAndGraphCreationErrors) {
  Qnn_ContextHandle_t c = nullptr;
  EXPECT_EQ(QnnContext_create(backend_, nullptr, nullptr, nullptr),
            code(Status::kContextInvalidArgument));
  QnnLpaiContext_CustomConfig_t bad = {QNN_LPAI_CONTEXT_SET_CFG_UNDEFINED, &c};
  QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
  cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &bad;
  const QnnContext_Config_t* cfgs[2] = {&cfg, nullptr};
  EXPECT_EQ(QnnContext_create(backend_, nullptr, cfgs, &c), code(Status::kContextUnsupportedConfig));
  EXPECT_EQ(QnnContext_create(reinterpret_cast<Qnn_BackendHandle_t>(0x1234), nullptr, nullptr, &c),
            code(Status::kBackendInvalidHandle));
  EXPECT_EQ(lpai::online::live_contexts(), 0u);

  c = new_context();
  Qnn_GraphHandle_t g = nullptr;
  EXPECT_EQ(QnnGraph_create(c, "", nullptr, &g), code(Status::kGraphInvalidArgument));
  EXPECT_EQ(QnnGraph_create(c, "g", nullptr, nullptr), code(Status::kGraphInvalidArgument));
  EXPECT_EQ(QnnGraph_create(reinterpret_cast<Qnn_ContextHandle_t>(0x1234), "g", nullptr, &g),
            code(Status::kContextInvalidHandle));
  ASSERT_EQ(QnnGraph_create(c, "g", nullptr, &g), QNN_SUCCESS);
  Qnn_GraphHandle_t g2 = nullptr;
  EXPECT_EQ(QnnGraph_create(c, "g2", nullptr, &g2), code(Status::kNotSupported));
  // A context handle is not a graph handle, and the reverse.
  Qnn_Tensor_t t = tensor("t", QNN_TENSOR_TYPE_NATIVE, QNN_DATATYPE_SFIXED_POINT_8, {4}, 1.f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(c, &t), code(Status::kGraphInvalidHandle));
  EXPECT_EQ(QnnGraph_create(g, "g3", nullptr, &g2), code(Status::kContextInvalidHandle));
}

TEST_F(OnlinePrepare, TensorCreationErrors) {
  Qnn_GraphHandle_t g = new_graph("g");
  const auto i8 = QNN_DATATYPE_SFIXED_POINT_8;
  Qnn_Tensor_t ok = tensor("a", QNN_TENSOR_TYPE_NATIVE, i8, {2, 2}, 0.5f, 0);
  ASSERT_EQ(QnnTensor_createGraphTensor(g, &ok), QNN_SUCCESS);
  EXPECT_EQ(ok.v1.id, 0u);
  Qnn_Tensor_t dup = ok;
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &dup), code(Status::kTensorInvalidArgument));
  EXPECT_EQ(QnnTensor_createGraphTensor(g, nullptr), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t noname = tensor("", QNN_TENSOR_TYPE_NATIVE, i8, {2}, 0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &noname), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t f32 = tensor("f", QNN_TENSOR_TYPE_NATIVE, QNN_DATATYPE_FLOAT_32, {2}, 0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &f32), code(Status::kNotSupported));
  Qnn_Tensor_t rw = tensor("rw", QNN_TENSOR_TYPE_APP_READWRITE, i8, {2}, 0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &rw), code(Status::kNotSupported));
  Qnn_Tensor_t mh = tensor("mh", QNN_TENSOR_TYPE_NATIVE, i8, {2}, 0.5f, 0,
                           QNN_TENSORMEMTYPE_MEMHANDLE);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &mh), code(Status::kTensorBadMemType));
  Qnn_Tensor_t undef = tensor("u", QNN_TENSOR_TYPE_APP_WRITE, i8, {2}, 0.5f, 0,
                              QNN_TENSORMEMTYPE_UNDEFINED);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &undef), code(Status::kTensorBadMemType));
  Qnn_Tensor_t unq = tensor("unq", QNN_TENSOR_TYPE_NATIVE, i8, {2}, 0.5f, 0);
  unq.v1.quantizeParams.encodingDefinition = QNN_DEFINITION_UNDEFINED;
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &unq), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t zero_dim = tensor("z", QNN_TENSOR_TYPE_NATIVE, i8, {2, 0}, 0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &zero_dim), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t rank7 = tensor("r7", QNN_TENSOR_TYPE_NATIVE, i8, {1, 1, 1, 1, 1, 1, 1}, 0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &rank7), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t bad_offset = tensor("bo", QNN_TENSOR_TYPE_NATIVE, i8, {2}, 0.5f, 200);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &bad_offset), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t bad_scale = tensor("bs", QNN_TENSOR_TYPE_NATIVE, i8, {2}, -1.f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &bad_scale), code(Status::kTensorInvalidArgument));
  Qnn_Tensor_t short_static = static_tensor("s", i8, {4}, 0.5f, 0, {1, 2, 3});
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &short_static), code(Status::kTensorInvalidArgument));
  const float two[2] = {0.5f, 0.25f};
  Qnn_Tensor_t pc_act =
      per_channel(tensor("pc", QNN_TENSOR_TYPE_NATIVE, i8, {2, 2}, 0.f, 0), two, 2, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &pc_act), code(Status::kNotSupported));
  Qnn_Tensor_t pc_axis =
      per_channel(static_tensor("pca", i8, {2, 3}, 0.f, 0, std::vector<uint8_t>(6, 1)), two, 2, 1);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &pc_axis), code(Status::kTensorInvalidArgument));
  // Failed calls changed nothing: the next tensor gets id 1.
  Qnn_Tensor_t next = tensor("b", QNN_TENSOR_TYPE_NATIVE, i8, {2}, 0.5f, 0);
  ASSERT_EQ(QnnTensor_createGraphTensor(g, &next), QNN_SUCCESS);
  EXPECT_EQ(next.v1.id, 1u);
}

TEST_F(OnlinePrepare, AddNodeErrors) {
  Qnn_GraphHandle_t g = new_graph("g");
  const auto i8 = QNN_DATATYPE_SFIXED_POINT_8;
  Qnn_Tensor_t in = tensor("in", QNN_TENSOR_TYPE_APP_WRITE, i8, {1, 4}, 0.5f, 0);
  Qnn_Tensor_t mid = tensor("mid", QNN_TENSOR_TYPE_NATIVE, i8, {1, 4}, 0.5f, 0);
  Qnn_Tensor_t other = tensor("other", QNN_TENSOR_TYPE_NATIVE, i8, {1, 4}, 0.5f, 0);
  Qnn_Tensor_t out = tensor("out", QNN_TENSOR_TYPE_APP_READ, i8, {1, 4}, 0.5f, 0);
  Qnn_Tensor_t w = static_tensor("w", i8, {3, 5}, 0.5f, 0, std::vector<uint8_t>(15, 1));
  for (Qnn_Tensor_t* t : {&in, &mid, &other, &out, &w})
    ASSERT_EQ(QnnTensor_createGraphTensor(g, t), QNN_SUCCESS);

  EXPECT_EQ(add_node(g, "Conv3d", {in}, {mid}), code(Status::kNotSupported));
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {in}, {mid}, {}, "com.example"), code(Status::kNotSupported));
  Qnn_Tensor_t ghost = in;
  ghost.v1.id = 42;
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {ghost}, {mid}), code(Status::kTensorUnknownId));
  Qnn_Tensor_t renamed = in;
  renamed.v1.name = "not_in";
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {renamed}, {mid}), code(Status::kTensorInvalidArgument));
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {other}, {mid}), code(Status::kGraphInvalidArgument))
      << "read before written";
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {in}, {in}), code(Status::kGraphInvalidArgument))
      << "graph input written";
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {in}, {w}), code(Status::kGraphInvalidArgument))
      << "STATIC written";
  EXPECT_EQ(add_node(g, QNN_OP_ELEMENT_WISE_ADD, {in}, {mid}), code(Status::kGraphInvalidArgument))
      << "one input for a binary op";
  EXPECT_EQ(add_node(g, QNN_OP_FULLY_CONNECTED, {in, w}, {mid}),
            code(Status::kGraphInvalidArgument))
      << "FC weights [3, 5] against depth 4: rejected by the op's prepare";
  Qnn_Param_t p = QNN_PARAM_INIT;
  p.paramType = QNN_PARAMTYPE_SCALAR;
  p.name = QNN_OP_SOFTMAX_PARAM_BETA;
  p.scalarParam.dataType = QNN_DATATYPE_UINT_32;
  p.scalarParam.uint32Value = 1;
  EXPECT_EQ(add_node(g, QNN_OP_SOFTMAX, {in}, {mid}, {p}), code(Status::kGraphInvalidArgument))
      << "beta must be FLOAT_32";
  p.name = QNN_OP_SOFTMAX_PARAM_AXIS;
  p.scalarParam.uint32Value = 0;
  EXPECT_EQ(add_node(g, QNN_OP_SOFTMAX, {in}, {mid}, {p}), code(Status::kNotSupported))
      << "axis 0 of a rank-2 input";
  p.name = "gamma";
  EXPECT_EQ(add_node(g, QNN_OP_SOFTMAX, {in}, {mid}, {p}), code(Status::kGraphInvalidArgument));
  Qnn_OpConfig_t v2 = QNN_OPCONFIG_INIT;
  v2.version = QNN_OPCONFIG_VERSION_UNDEFINED;
  EXPECT_EQ(QnnGraph_addNode(g, v2), code(Status::kGraphInvalidArgument));
  // Nothing was added: the graph cannot be finalized yet (no node).
  EXPECT_EQ(QnnGraph_finalize(g, nullptr, nullptr), code(Status::kGraphInvalidArgument));
  ASSERT_EQ(add_node(g, QNN_OP_RELU, {in}, {mid}), QNN_SUCCESS);
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {in}, {mid}), code(Status::kGraphInvalidArgument))
      << "mid written twice";
  // out not written yet, other unused.
  EXPECT_EQ(QnnGraph_finalize(g, nullptr, nullptr), code(Status::kGraphInvalidArgument));
  ASSERT_EQ(add_node(g, QNN_OP_RELU, {mid}, {out}), QNN_SUCCESS);
  EXPECT_EQ(QnnGraph_finalize(g, nullptr, nullptr), code(Status::kGraphInvalidArgument))
      << "'other' and 'w' are dead tensors";
}

TEST_F(OnlinePrepare, LifecycleErrors) {
  Qnn_ContextHandle_t ctx = nullptr;
  Qnn_Tensor_t in, out;
  Qnn_GraphHandle_t g = build_add_reshape(QNN_TENSORMEMTYPE_RAW, &ctx, &in, &out);
  // Before finalize the graph has no firmware side.
  EXPECT_EQ(QnnGraph_execute(g, &in, 1, &out, 1, nullptr, nullptr),
            code(Status::kGraphNotFinalized));
  EXPECT_EQ(QnnLpaiGraph_resetPersistent(g), code(Status::kGraphNotFinalized));
  Qnn_MemDescriptor_t d = QNN_MEM_DESCRIPTOR_INIT;
  Qnn_MemHandle_t h = nullptr;
  EXPECT_EQ(QnnMem_register(ctx, &d, 1, &h), code(Status::kGraphNotFinalized));
  ASSERT_EQ(QnnGraph_finalize(g, nullptr, nullptr), QNN_SUCCESS);
  EXPECT_EQ(QnnGraph_finalize(g, nullptr, nullptr), code(Status::kGraphAlreadyFinalized));
  Qnn_Tensor_t late = tensor("late", QNN_TENSOR_TYPE_NATIVE, QNN_DATATYPE_SFIXED_POINT_8, {2},
                             0.5f, 0);
  EXPECT_EQ(QnnTensor_createGraphTensor(g, &late), code(Status::kGraphAlreadyFinalized));
  EXPECT_EQ(add_node(g, QNN_OP_RELU, {in}, {out}), code(Status::kGraphAlreadyFinalized));
  Qnn_GraphHandle_t retrieved = nullptr;
  ASSERT_EQ(QnnGraph_retrieve(ctx, "add_reshape", &retrieved), QNN_SUCCESS);
  EXPECT_EQ(retrieved, lpai::online::firmware_graph(g));
  free_context(ctx);
  EXPECT_EQ(QnnGraph_execute(g, &in, 1, &out, 1, nullptr, nullptr),
            code(Status::kGraphInvalidHandle));
  EXPECT_EQ(QnnContext_free(ctx, nullptr), code(Status::kContextInvalidHandle));
  EXPECT_EQ(QnnGraph_execute(retrieved, &in, 1, &out, 1, nullptr, nullptr),
            code(Status::kGraphInvalidHandle));
}

TEST_F(OnlinePrepare, MixedIoMemTypesAreRejectedAtFinalize) {
  Qnn_GraphHandle_t g = new_graph("mixed");
  const auto i8 = QNN_DATATYPE_SFIXED_POINT_8;
  Qnn_Tensor_t in = tensor("in", QNN_TENSOR_TYPE_APP_WRITE, i8, {4}, 0.5f, 0,
                           QNN_TENSORMEMTYPE_MEMHANDLE);
  Qnn_Tensor_t out = tensor("out", QNN_TENSOR_TYPE_APP_READ, i8, {4}, 0.5f, 0);
  ASSERT_EQ(QnnTensor_createGraphTensor(g, &in), QNN_SUCCESS);
  ASSERT_EQ(QnnTensor_createGraphTensor(g, &out), QNN_SUCCESS);
  ASSERT_EQ(add_node(g, QNN_OP_RELU, {in}, {out}), QNN_SUCCESS);
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(QnnGraph_finalize(g, nullptr, nullptr), code(Status::kGraphInvalidArgument));
  EXPECT_EQ(log.count("the IO memory hint is one per graph"), 1u);
}

}  // namespace
