// libFuzzer harness: online prepare (host_sim/online_prepare), graphs built through
// QnnContext_create / QnnGraph_create / QnnTensor_createGraphTensor / QnnGraph_addNode and
// finalized, from a program read from the input:
//   byte 0: context config (none, DDR, TCM) and whether calls are made on a second graph.
//   then per call an opcode byte and its operands:
//     create tensor: name (from a small pool, so names repeat; empty, null, non-printable),
//       type (APP_WRITE, APP_READ, NATIVE, STATIC, APP_READWRITE), data type (the supported
//       ones and others), rank 0..7 with small, zero or huge dimensions, scale and offset edge
//       values (0, negative, denormal, ±Inf, NaN, the int limits), per-channel quantisation
//       with a chosen axis and count, memType, constant data of the exact size or one off;
//     add node: op type (the ten of the package, an unknown one, null), package, inputs and
//       outputs naming earlier tensors (by creation order; a made-up id; a null or wrong
//       name), parameters (keep_dims, beta and axis with edge values and wrong data types,
//       unknown, unnamed, repeated, tensor-typed);
//     finalize (ends the program).
// Checks:
//   - "every failure changes nothing": the calls that succeeded, replayed alone on a fresh
//     context, give the same result: when the graph finalized, the same context binary byte
//     for byte; when finalize failed, the same error code;
//   - a finalized graph with RAW IO executes through the online handle (QnnGraph_execute) and
//     gives the bytes of a host::Session on its context binary; the binary then runs the
//     kernel-variant differential with memory poisoning (fuzz_support.h);
//   - every log line printable; after QnnContext_free no online context is live and the
//     firmware's pools are empty.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "lpai/qnn_compat.h"
#include "online_prepare/online_prepare.h"

namespace {

struct Reader {
  const uint8_t* data;
  size_t size;
  size_t at = 0;
  bool done() const { return at >= size; }
  uint8_t byte() { return at < size ? data[at++] : 0; }
  uint32_t word() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(byte()) << (8 * i);
    return v;
  }
};

float from_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

const char* const kNames[] = {"a", "b", "c", "d", "e", "f", "g", "h", "", "x\x01y", nullptr};
constexpr size_t kNameCount = sizeof(kNames) / sizeof(kNames[0]);

const Qnn_DataType_t kDataTypes[] = {
    QNN_DATATYPE_SFIXED_POINT_8,  QNN_DATATYPE_INT_8,   QNN_DATATYPE_SFIXED_POINT_16,
    QNN_DATATYPE_INT_16,          QNN_DATATYPE_SFIXED_POINT_32, QNN_DATATYPE_INT_32,
    QNN_DATATYPE_INT_64,          QNN_DATATYPE_UFIXED_POINT_8,  QNN_DATATYPE_FLOAT_32,
    QNN_DATATYPE_BOOL_8,          static_cast<Qnn_DataType_t>(0x7777)};

const Qnn_TensorType_t kTensorTypes[] = {QNN_TENSOR_TYPE_APP_WRITE, QNN_TENSOR_TYPE_APP_READ,
                                         QNN_TENSOR_TYPE_NATIVE, QNN_TENSOR_TYPE_STATIC,
                                         QNN_TENSOR_TYPE_APP_READWRITE};

const char* const kOps[] = {QNN_OP_ELEMENT_WISE_ADD, QNN_OP_ELEMENT_WISE_SUBTRACT,
                            QNN_OP_ELEMENT_WISE_MULTIPLY, QNN_OP_RESHAPE, QNN_OP_FULLY_CONNECTED,
                            QNN_OP_SOFTMAX, QNN_OP_RELU, QNN_OP_SIGMOID, QNN_OP_TANH,
                            "Conv2d", nullptr};
constexpr size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

float edge_float(Reader* r) {
  static const uint32_t kBits[] = {0x3F000000u, 0x3B800000u, 0x3F800000u, 0x3E800000u,
                                   0x00000000u, 0x80000000u, 0xBF000000u, 0x00000001u,
                                   0x00800000u, 0x7F7FFFFFu, 0x7F800000u, 0xFF800000u,
                                   0x7FC00000u, 0x1E3CE508u, 0x60AD78ECu, 0x3E000000u};
  const uint8_t sel = r->byte();
  if (sel >= 0xF0) return from_bits(r->word());
  return from_bits(kBits[sel % (sizeof(kBits) / sizeof(kBits[0]))]);
}

int32_t edge_int(Reader* r) {
  static const int32_t kInts[] = {0, -3, 3, 1, -1, 127, -128, 128, 255, -32768, 32767,
                                  INT32_MIN, INT32_MAX, 64};
  const uint8_t sel = r->byte();
  if (sel >= 0xF0) return static_cast<int32_t>(r->word());
  return kInts[sel % (sizeof(kInts) / sizeof(kInts[0]))];
}

// One call of the program, decoded once and made (possibly twice) from the decoded form.
struct TensorCall {
  Qnn_Tensor_t t = QNN_TENSOR_INIT;
  std::vector<uint32_t> dims;
  std::vector<Qnn_ScaleOffset_t> channels;
  std::vector<uint8_t> data;
};

struct NodeRef {
  uint8_t created;  // index into the successfully created tensors (mod their count)
  uint8_t how;      // 0: their name; 1: null name; 2: another name; 3: a made-up id
};

struct NodeCall {
  const char* type;
  const char* package;
  std::vector<NodeRef> inputs, outputs;
  std::vector<Qnn_Param_t> params;
};

struct Call {
  bool is_node;
  TensorCall tensor;
  NodeCall node;
};

TensorCall decode_tensor(Reader* r) {
  TensorCall c;
  Qnn_TensorV1_t& v = c.t.v1;
  const uint8_t a = r->byte(), b = r->byte();
  if (a == 0xFF) c.t.version = static_cast<Qnn_TensorVersion_t>(2);
  v.name = kNames[(a & 0x0F) % kNameCount];
  v.type = kTensorTypes[(a >> 4) % 5];
  v.dataType = kDataTypes[(b & 0x7F) % (sizeof(kDataTypes) / sizeof(kDataTypes[0]))];
  v.memType = (b & 0x80) ? QNN_TENSORMEMTYPE_MEMHANDLE : QNN_TENSORMEMTYPE_RAW;
  const uint8_t shape = r->byte();
  const uint32_t rank = shape % 8 == 7 ? 7 : shape % 4;  // mostly 0..3, sometimes 7
  for (uint32_t d = 0; d < rank; ++d) {
    const uint8_t x = r->byte();
    c.dims.push_back(x == 0xFF ? 0u : x == 0xFE ? 0x10000u : x == 0xFD ? 0xFFFFFFFFu : x % 6 + 1);
  }
  v.rank = rank;
  v.dimensions = c.dims.empty() ? nullptr : c.dims.data();
  Qnn_QuantizeParams_t& q = v.quantizeParams;
  const uint8_t quant = r->byte();
  q.encodingDefinition = (quant & 3) == 3 ? QNN_DEFINITION_UNDEFINED : QNN_DEFINITION_DEFINED;
  if ((quant & 4) == 0) {
    q.quantizationEncoding = QNN_QUANTIZATION_ENCODING_SCALE_OFFSET;
    q.scaleOffsetEncoding.scale = edge_float(r);
    q.scaleOffsetEncoding.offset = edge_int(r);
  } else {
    q.quantizationEncoding = QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET;
    const uint32_t n = (quant >> 3) % 5;
    for (uint32_t i = 0; i < n; ++i) c.channels.push_back({edge_float(r), (quant & 0x80) ? 1 : 0});
    q.axisScaleOffsetEncoding.axis = static_cast<int32_t>((quant >> 5) & 3) - 1;
    q.axisScaleOffsetEncoding.numScaleOffsets = n;
    q.axisScaleOffsetEncoding.scaleOffset = c.channels.empty() ? nullptr : c.channels.data();
  }
  if (v.type == QNN_TENSOR_TYPE_STATIC) {
    uint64_t elems = 1;
    for (uint32_t d : c.dims) elems = d > 4096 ? 0 : elems * d;
    const Qnn_DataType_t dt = v.dataType;
    const size_t width = dt == QNN_DATATYPE_INT_64 ? 8
                         : (dt == QNN_DATATYPE_SFIXED_POINT_32 || dt == QNN_DATATYPE_INT_32 ||
                            dt == QNN_DATATYPE_FLOAT_32)
                             ? 4
                         : (dt == QNN_DATATYPE_SFIXED_POINT_16 || dt == QNN_DATATYPE_INT_16) ? 2
                                                                                            : 1;
    size_t bytes = static_cast<size_t>(elems) * width;
    const uint8_t fill = r->byte();
    if (fill == 0xFF && bytes > 0) --bytes;  // one short
    if (fill == 0xFE) ++bytes;               // one long
    for (size_t i = 0; i < bytes; ++i) c.data.push_back(static_cast<uint8_t>(fill * 7 + i * 13));
    v.clientBuf.data = c.data.empty() ? nullptr : c.data.data();
    v.clientBuf.dataSize = static_cast<uint32_t>(c.data.size());
  }
  return c;
}

NodeCall decode_node(Reader* r) {
  NodeCall n;
  const uint8_t a = r->byte(), b = r->byte();
  n.type = kOps[a % kOpCount];
  n.package = (a & 0x80) ? "other.pkg" : (a & 0x40) ? nullptr : QNN_OP_PACKAGE_NAME_QTI_AISW;
  const uint32_t n_in = b % 4, n_out = (b >> 2) % 4 == 3 ? 2 : ((b >> 2) % 4 == 2 ? 0 : 1);
  for (uint32_t i = 0; i < n_in + n_out; ++i) {
    const uint8_t x = r->byte();
    const uint8_t top = x >> 6;  // 0, 1: by name; 2: null name; 3: another name or made-up id
    const uint8_t how = top == 3 ? ((x & 1) ? 3 : 2) : top == 2 ? 1 : 0;
    NodeRef ref{static_cast<uint8_t>(x & 0x3F), how};
    (i < n_in ? n.inputs : n.outputs).push_back(ref);
  }
  const uint32_t n_params = (b >> 4) % 4;
  for (uint32_t i = 0; i < n_params; ++i) {
    const uint8_t p = r->byte();
    Qnn_Param_t param = QNN_PARAM_INIT;
    param.paramType = (p & 0x80) ? QNN_PARAMTYPE_TENSOR : QNN_PARAMTYPE_SCALAR;
    static const char* const kParamNames[] = {QNN_OP_SOFTMAX_PARAM_BETA, QNN_OP_SOFTMAX_PARAM_AXIS,
                                              QNN_OP_FULLY_CONNECTED_PARAM_KEEP_DIMS, "other",
                                              nullptr};
    param.name = kParamNames[p % 5];
    Qnn_Scalar_t& s = param.scalarParam;
    switch ((p >> 3) % 4) {
      case 0:
        s.dataType = QNN_DATATYPE_FLOAT_32;
        s.floatValue = edge_float(r);
        break;
      case 1:
        s.dataType = QNN_DATATYPE_UINT_32;
        s.uint32Value = static_cast<uint32_t>(edge_int(r));
        break;
      case 2:
        s.dataType = QNN_DATATYPE_BOOL_8;
        s.bool8Value = r->byte();
        break;
      default:
        s.dataType = QNN_DATATYPE_INT_32;
        s.int32Value = edge_int(r);
        break;
    }
    if (param.paramType == QNN_PARAMTYPE_TENSOR) {
      const Qnn_Tensor_t empty = QNN_TENSOR_INIT;
      param.tensorParam = empty;
    }
    n.params.push_back(param);
  }
  return n;
}

// A graph being built, and the tensors created on it so far (for the node references).
struct Build {
  Qnn_ContextHandle_t context = nullptr;
  Qnn_GraphHandle_t graph = nullptr;
  std::vector<Qnn_Tensor_t> created;  // as QnnTensor_createGraphTensor returned them
};

Qnn_Tensor_t resolve(const Build& b, const NodeRef& ref) {
  Qnn_Tensor_t t = QNN_TENSOR_INIT;
  if (b.created.empty() || ref.how == 3) {
    t.v1.id = 1000u + ref.created;
    return t;
  }
  t = b.created[ref.created % b.created.size()];
  if (ref.how == 1) t.v1.name = nullptr;
  if (ref.how == 2) t.v1.name = "not-its-name";
  return t;
}

Qnn_ErrorHandle_t make(Build* b, const Call& c) {
  if (!c.is_node) {
    Qnn_Tensor_t t = c.tensor.t;
    const Qnn_ErrorHandle_t rc = QnnTensor_createGraphTensor(b->graph, &t);
    if (rc == QNN_SUCCESS) {
      if (t.v1.id != b->created.size()) lpai_fuzz::fail("tensor ids are not dense");
      b->created.push_back(t);
    }
    return rc;
  }
  std::vector<Qnn_Tensor_t> in, out;
  for (const NodeRef& ref : c.node.inputs) in.push_back(resolve(*b, ref));
  for (const NodeRef& ref : c.node.outputs) out.push_back(resolve(*b, ref));
  std::vector<Qnn_Param_t> params = c.node.params;
  Qnn_OpConfig_t op = QNN_OPCONFIG_INIT;
  op.v1.name = "n";
  op.v1.packageName = c.node.package;
  op.v1.typeName = c.node.type;
  op.v1.numOfParams = static_cast<uint32_t>(params.size());
  op.v1.params = params.empty() ? nullptr : params.data();
  op.v1.numOfInputs = static_cast<uint32_t>(in.size());
  op.v1.inputTensors = in.empty() ? nullptr : in.data();
  op.v1.numOfOutputs = static_cast<uint32_t>(out.size());
  op.v1.outputTensors = out.empty() ? nullptr : out.data();
  return QnnGraph_addNode(b->graph, op);
}

bool open_build(Qnn_BackendHandle_t backend, uint8_t config, Build* b) {
  QnnLpaiMem_MemType_t mem = (config & 2) ? QNN_LPAI_MEM_TYPE_TCM : QNN_LPAI_MEM_TYPE_DDR;
  QnnLpaiContext_CustomConfig_t custom = {QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE, &mem};
  QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
  cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &custom;
  const QnnContext_Config_t* cfgs[2] = {&cfg, nullptr};
  if (QnnContext_create(backend, nullptr, (config & 1) ? cfgs : nullptr, &b->context) !=
      QNN_SUCCESS) {
    lpai_fuzz::fail("online context create refused");
  }
  return QnnGraph_create(b->context, "online", nullptr, &b->graph) == QNN_SUCCESS;
}

// Runs the finalized graph `b` through its online handle with RAW IO, and the same binary
// through host::Session; their outputs must be equal.
void execute_against_session(const Build& b, const std::vector<uint8_t>& binary,
                             const uint8_t* seed, size_t seed_size) {
  std::string error;
  std::unique_ptr<lpai::host::Session> s = lpai::host::Session::open(binary, {}, &error);
  if (!s) {
    lpai_fuzz::check_one_line(error);  // e.g. no context slot left
    return;
  }
  std::vector<std::vector<uint8_t>> inputs;
  std::vector<lpai::host::AlignedBytes> in_buf, out_buf;
  std::vector<Qnn_Tensor_t> in_t, out_t;
  for (size_t k = 0; k < s->inputs().size(); ++k) {
    std::vector<uint8_t> bytes(s->inputs()[k].bytes);
    for (size_t i = 0; i < bytes.size(); ++i)
      bytes[i] = seed_size == 0 ? 0 : seed[(i * 11 + k) % seed_size];
    inputs.push_back(bytes);
    in_buf.emplace_back(bytes.size() + 64, 64);
    if (!bytes.empty()) std::memcpy(in_buf.back().data(), bytes.data(), bytes.size());
  }
  for (size_t k = 0; k < s->outputs().size(); ++k)
    out_buf.emplace_back(s->outputs()[k].bytes + 64, 64);
  for (size_t k = 0; k < in_buf.size(); ++k) {
    Qnn_Tensor_t t = QNN_TENSOR_INIT;
    t.v1.id = s->inputs()[k].id;
    t.v1.memType = QNN_TENSORMEMTYPE_RAW;
    t.v1.clientBuf.data = in_buf[k].data();
    t.v1.clientBuf.dataSize = static_cast<uint32_t>(s->inputs()[k].bytes);
    in_t.push_back(t);
  }
  for (size_t k = 0; k < out_buf.size(); ++k) {
    Qnn_Tensor_t t = QNN_TENSOR_INIT;
    t.v1.id = s->outputs()[k].id;
    t.v1.memType = QNN_TENSORMEMTYPE_RAW;
    t.v1.clientBuf.data = out_buf[k].data();
    t.v1.clientBuf.dataSize = static_cast<uint32_t>(out_buf[k].size());
    out_t.push_back(t);
  }
  std::vector<std::vector<uint8_t>> want;
  if (!s->run(inputs, &want, &error))
    lpai_fuzz::fail("Session run of an online binary failed:", error);
  const Qnn_ErrorHandle_t rc =
      QnnGraph_execute(b.graph, in_t.data(), static_cast<uint32_t>(in_t.size()), out_t.data(),
                       static_cast<uint32_t>(out_t.size()), nullptr, nullptr);
  if (rc != QNN_SUCCESS)
    lpai_fuzz::fail("execute of a finalized online graph failed:", lpai::host::describe_error(rc));
  for (size_t k = 0; k < want.size(); ++k) {
    if (out_t[k].v1.clientBuf.dataSize != want[k].size() ||
        std::memcmp(out_buf[k].data(), want[k].data(), want[k].size()) != 0)
      lpai_fuzz::fail("online execute differs from host::Session on its binary");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  Reader r{data, size};
  const uint8_t config = r.byte();
  std::deque<Call> calls;  // stable addresses: tensors point into their own vectors
  while (!r.done() && calls.size() < 24) {
    const uint8_t op = r.byte();
    if (op % 8 == 7) break;  // finalize
    calls.emplace_back();
    Call& c = calls.back();
    c.is_node = op % 8 >= 4;
    if (c.is_node) {
      c.node = decode_node(&r);
    } else {
      c.tensor = decode_tensor(&r);
      Qnn_TensorV1_t& v = c.tensor.t.v1;  // re-point at this call's own storage
      v.dimensions = c.tensor.dims.empty() ? nullptr : c.tensor.dims.data();
      if (v.quantizeParams.quantizationEncoding == QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET)
        v.quantizeParams.axisScaleOffsetEncoding.scaleOffset =
            c.tensor.channels.empty() ? nullptr : c.tensor.channels.data();
      if (!c.tensor.data.empty()) v.clientBuf.data = c.tensor.data.data();
    }
  }

  Qnn_BackendHandle_t backend = nullptr;
  if (QnnBackend_create(nullptr, nullptr, &backend) != QNN_SUCCESS)
    lpai_fuzz::fail("backend create refused");
  Build first;
  std::vector<bool> ok(calls.size(), false);
  Qnn_ErrorHandle_t first_rc = QNN_SUCCESS;
  if (!open_build(backend, config, &first)) lpai_fuzz::fail("online graph create refused");
  for (size_t i = 0; i < calls.size(); ++i) {
    const Qnn_ErrorHandle_t rc = make(&first, calls[i]);
    ok[i] = rc == QNN_SUCCESS;
    if (std::getenv("LPAI_FUZZ_DEBUG") != nullptr)
      std::fprintf(stderr, "online_prepare: call %zu (%s): %s\n", i,
                   calls[i].is_node ? "node" : "tensor", lpai::host::describe_error(rc).c_str());
  }
  first_rc = QnnGraph_finalize(first.graph, nullptr, nullptr);
  if (std::getenv("LPAI_FUZZ_DEBUG") != nullptr) {
    std::fprintf(stderr, "online_prepare: %zu calls, %zu succeeded, finalize %s\n", calls.size(),
                 static_cast<size_t>(std::count(ok.begin(), ok.end(), true)),
                 lpai::host::describe_error(first_rc).c_str());
  }
  std::vector<uint8_t> binary;
  if (first_rc == QNN_SUCCESS && !lpai::online::graph_binary(first.graph, &binary))
    lpai_fuzz::fail("a finalized online graph has no binary");

  if (first_rc == QNN_SUCCESS) {
    bool raw = true;
    for (const Qnn_Tensor_t& t : first.created) {
      if ((t.v1.type == QNN_TENSOR_TYPE_APP_WRITE || t.v1.type == QNN_TENSOR_TYPE_APP_READ) &&
          t.v1.memType != QNN_TENSORMEMTYPE_RAW)
        raw = false;
    }
    if (raw) execute_against_session(first, binary, data, size);
  }
  if (QnnContext_free(first.context, nullptr) != QNN_SUCCESS) lpai_fuzz::fail("context free");

  // The successful calls alone, on a fresh context (the first one freed: same memory): the
  // same outcome.
  {
    Build replay;
    if (!open_build(backend, config, &replay)) lpai_fuzz::fail("online graph create refused");
    for (size_t i = 0; i < calls.size(); ++i) {
      if (ok[i] && make(&replay, calls[i]) != QNN_SUCCESS)
        lpai_fuzz::fail("a call that succeeded fails when only the successful calls are made");
    }
    const Qnn_ErrorHandle_t rc = QnnGraph_finalize(replay.graph, nullptr, nullptr);
    if (rc != first_rc)
      lpai_fuzz::fail("finalize differs once the failed calls are left out:",
                      lpai::host::describe_error(first_rc) + " vs " +
                          lpai::host::describe_error(rc));
    std::vector<uint8_t> again;
    if (rc == QNN_SUCCESS && (!lpai::online::graph_binary(replay.graph, &again) || again != binary))
      lpai_fuzz::fail("the failed calls changed the context binary");
    if (QnnContext_free(replay.context, nullptr) != QNN_SUCCESS) lpai_fuzz::fail("context free");
  }
  if (QnnBackend_free(backend) != QNN_SUCCESS) lpai_fuzz::fail("backend free");
  if (lpai::online::live_contexts() != 0) lpai_fuzz::fail("online contexts left live");
  lpai_fuzz::check_pools_empty();
  if (!binary.empty()) lpai_fuzz::run_differential(binary.data(), binary.size());
  return 0;
}
