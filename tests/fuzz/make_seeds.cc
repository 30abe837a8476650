// Writes the fuzzers' seed corpora at build time from the project's own models (nothing from
// ../shared): SEEDS/<harness>/...
//   context_binary: the test suite's GraphBuilder graphs (copy/reshape, a persistent state);
//                   the demo model's binaries are added by the build (generator output)
//   prepare:        the TFLite writer's ADD model; the demo .tflite is added by the build
//   config:         the seed-000 .json + NUL + .conf pairs (ddr, tcm, an invalid mem_type)
//   input_list:     positional, name:= and commented lists
//   api_sequence, online_prepare, delegate, float_io: programs in their harness's encoding
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "host_sim/host_sim_support.h"

namespace {

namespace fs = std::filesystem;

bool put(const fs::path& path, const std::vector<uint8_t>& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  return std::fclose(f) == 0 && ok;
}
bool put(const fs::path& path, const std::string& text) {
  return put(path, std::vector<uint8_t>(text.begin(), text.end()));
}

std::vector<uint8_t> state_binary() {
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("state");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {24});
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {24});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {24});
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {state});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  return b.serialize(&err);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lpai_test::host_sim;
  if (argc != 2) return 2;
  const fs::path root = argv[1];
  for (const char* h : {"context_binary", "prepare", "config", "input_list", "api_sequence",
                        "online_prepare", "delegate", "float_io"})
    fs::create_directories(root / h);
  bool ok = put(root / "context_binary/copy_swap_raw.bin", copy_swap_binary(false)) &&
            put(root / "context_binary/copy_swap_memhandle.bin", copy_swap_binary(true)) &&
            put(root / "context_binary/state.bin", state_binary()) &&
            put(root / "prepare/add.tflite", add_tflite());
  const std::string json =
      "{\"backend_extensions\": {\"shared_library_path\": "
      "\"/data/local/tmp/libQnnLpaiNetRunExtensions.so\", \"config_file_path\": "
      "\"/data/local/tmp/eaiParams_direct.conf\"}, \"context_configs\": "
      "{\"is_persistent_binary\": true}}";
  for (const char* mem : {"ddr", "tcm", "sram"}) {
    std::string pair = json;
    pair += '\0';
    pair += std::string("{\"lpai_graph\": {\"execute\": {\"mem_type\": \"") + mem + "\"}}}";
    ok = ok && put(root / ("config/seed000_" + std::string(mem)), pair);
  }
  ok = ok && put(root / "input_list/positional", "a0.bin b0.bin\nin_b:=b1.bin in_a:=a1.bin\n") &&
       put(root / "input_list/comments", "# comment\n\n/abs/a.raw rel/b.raw x\x1b:=c.raw\r\n");
  // api_sequence programs (fuzz_api_sequence.cc): op byte = slot << 4 | operation, operands
  // after it. One slot through every operation; a TCM/MEMHANDLE state graph beside an ADD
  // model; all four slots open at once, poisoned and run.
  const std::vector<uint8_t> one_slot = {0x00, 0x00, 0x02, 0x11, 0x04, 0x01, 0x01, 0x02, 0x22,
                                         0x05, 0x07, 0xAA, 0x02, 0x33, 0x0B, 0x06, 0x02, 0x44,
                                         0x01, 0x08, 0x09, 1, 2, 3, 4, 5};
  const std::vector<uint8_t> two_slots = {0x10, 0x72, 0x12, 0x05, 0x16, 0x12, 0x06, 0x20, 0x04,
                                          0x22, 0x07, 0x2A, 0x22, 0x08, 0x11, 0x18, 0x22, 0x09};
  const std::vector<uint8_t> four_slots = {0x00, 0x01, 0x10, 0x03, 0x20, 0x22, 0x30, 0x31,
                                           0x07, 0x5A, 0x02, 1, 0x12, 2, 0x22, 3, 0x32, 4,
                                           0x21, 0x08, 0x20, 0x02, 0x22, 5};
  ok = ok && put(root / "api_sequence/one_slot", one_slot) &&
       put(root / "api_sequence/two_slots", two_slots) &&
       put(root / "api_sequence/four_slots", four_slots);
  // online_prepare programs (fuzz_online_prepare.cc): config byte, then per call an opcode
  // (0-3 tensor, 4-6 node, 7 finalize) and its operands. Tensor: name | type << 4, data type
  // (| 0x80 MEMHANDLE), rank, dims (x % 6 + 1), quant byte, scale and offset selectors
  // (+ a fill byte for STATIC). Node: op | package bits, inputs | outputs << 2 | params << 4,
  // the tensor references (creation order), params.
  //   add_relu: a[2,4] APP_WRITE + b STATIC -ElementWiseAdd-> c NATIVE -Relu-> d APP_READ.
  const std::vector<uint8_t> add_relu = {
      0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,        // a
      0x00, 0x31, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01, 0x11,        // b
      0x00, 0x22, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,              // c
      0x00, 0x13, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,              // d
      0x04, 0x00, 0x02, 0x00, 0x01, 0x02,                                // add
      0x04, 0x06, 0x01, 0x02, 0x03,                                      // relu
      0x07};
  //   softmax (TCM context): x[2,4] APP_WRITE (MEMHANDLE) -Softmax(beta 1)-> y APP_READ
  //   (scale 1/256, offset 128, MEMHANDLE).
  const std::vector<uint8_t> softmax = {
      0x03, 0x00, 0x00, 0x80, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,        // x
      0x00, 0x11, 0x80, 0x02, 0x01, 0x03, 0x00, 0x01, 0x07,              // y
      0x04, 0x05, 0x11, 0x00, 0x01, 0x00, 0x02,                          // softmax, beta
      0x07};
  //   refusals: a duplicate name, a null name, an unknown op, a second output, then a
  //   reshape of a[2,4] into b[4,2] (APP_READ) and finalize.
  const std::vector<uint8_t> refusals = {
      0x01, 0x00, 0x00, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,        // a
      0x00, 0x00, 0x00, 0x02, 0x01, 0x03, 0x00, 0x00, 0x01,              // a again: refused
      0x00, 0x0A, 0x00, 0x00, 0x01, 0x00, 0x00,                          // null name: refused
      0x00, 0x11, 0x00, 0x02, 0x03, 0x01, 0x00, 0x00, 0x01,              // b [4,2] APP_READ
      0x04, 0x09, 0x01, 0x00, 0x01,                                      // Conv2d: refused
      0x04, 0x03, 0x0D, 0x00, 0x01, 0x01,                                // two outputs: refused
      0x04, 0x03, 0x01, 0x00, 0x01,                                      // reshape
      0x07};
  ok = ok && put(root / "online_prepare/add_relu", add_relu) &&
       put(root / "online_prepare/softmax", softmax) &&
       put(root / "online_prepare/refusals", refusals);
  // delegate programs (fuzz_delegate.cc): model byte, then op byte (% 12) and operands.
  //   custom buffers for all three IO of the ADD model, allocate, invoke, delegate, invoke,
  //   a too-small and a misaligned buffer, allocate (refused), invoke, rebuild, invoke.
  const std::vector<uint8_t> delegate_add = {
      0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x02, 0x02, 0x02, 0x04, 0x05,
      0x03, 0x02, 0x05, 0x09, 0x00, 0x00, 0x11, 0x00, 0x01, 0x22, 0x02, 0x04, 0x07,
      0x0B, 0x00, 0x02, 0x04, 0x0B, 0x0B, 0x01, 0x08, 0x85, 0x06, 0x03, 0x06, 0x01};
  //   the two-output model: delegate first, then buffers (registered at once), an unknown
  //   index, null and foreign delegates, poisoning, invoke.
  const std::vector<uint8_t> delegate_relu = {
      0x01, 0x04, 0x33, 0x03, 0x00, 0x03, 0x02, 0x00, 0x01, 0x08, 0x00, 0x02, 0x01,
      0x00, 0x02, 0x02, 0x04, 0x21, 0x00, 0x85, 0x00, 0x03, 0x03, 0x01, 0x09, 0xAA,
      0x05, 0x42, 0x0A, 0x04, 0x04, 0x13};
  ok = ok && put(root / "delegate/add", delegate_add) &&
       put(root / "delegate/relu_two_outputs", delegate_relu);
  // float_io inputs (fuzz_float_io.cc): mode, scale selector + zero point (2 bytes) for the
  // input (and the output on the writer path), count, then tagged values.
  std::vector<uint8_t> every_edge = {0x00, 0x03, 0x7B, 0x00, 0x03, 0x7B, 0x00, 30};
  for (uint8_t tag = 0; tag < 21; ++tag) every_edge.push_back(tag);
  for (uint8_t k : {0x00, 0x7F, 0x80, 0xFB, 0x05}) {
    every_edge.push_back(0x15);
    every_edge.push_back(k);
    every_edge.push_back(0x16);
    every_edge.push_back(k);
  }
  std::vector<uint8_t> int16_to_int8 = {0x04 | 0x20, 0x01, 0x00, 0x80, 0x00, 0x40, 0x00, 8};
  for (uint8_t tag = 0; tag < 8; ++tag) int16_to_int8.push_back(static_cast<uint8_t>(tag * 2));
  std::vector<uint8_t> edge_scales = {0x08 | 0x40, 0x04, 0x10, 0x00, 0x0A, 0x00, 0x00, 12};
  for (uint8_t tag = 0; tag < 12; ++tag) edge_scales.push_back(tag);
  std::vector<uint8_t> prepared = {0x01, 0x00, 0x7D, 0x00, 16};
  for (uint8_t tag = 0; tag < 16; ++tag) prepared.push_back(static_cast<uint8_t>(20 - tag));
  std::vector<uint8_t> prepared16 = {0x03 | 0x40, 0x0F, 0x00, 0x80, 6, 0x00, 0x03, 0x04,
                                     0x20, 0x00, 0x00, 0xC0, 0x7F, 0x0D, 0x0E, 0x07};
  ok = ok && put(root / "float_io/every_edge", every_edge) &&
       put(root / "float_io/int16_to_int8", int16_to_int8) &&
       put(root / "float_io/edge_scales", edge_scales) &&
       put(root / "float_io/prepared_int8", prepared) &&
       put(root / "float_io/prepared_int16", prepared16);
  if (!ok) std::fprintf(stderr, "lpai_fuzz_make_seeds: cannot write under %s\n", argv[1]);
  return ok ? 0 : 1;
}
