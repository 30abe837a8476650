// Writes the fuzzers' seed corpora at build time from the project's own models (nothing from
// ../shared): SEEDS/<harness>/...
//   context_binary: the test suite's GraphBuilder graphs (copy/reshape, a persistent state);
//                   the demo model's binaries are added by the build (generator output)
//   prepare:        the TFLite writer's ADD model; the demo .tflite is added by the build
//   config:         the seed-000 .json + NUL + .conf pairs (ddr, tcm, an invalid mem_type)
//   input_list:     positional, name:= and commented lists
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
  for (const char* h : {"context_binary", "prepare", "config", "input_list", "api_sequence"})
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
  if (!ok) std::fprintf(stderr, "lpai_fuzz_make_seeds: cannot write under %s\n", argv[1]);
  return ok ? 0 : 1;
}
