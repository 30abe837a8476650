// Host tool: writes the context binaries the C (cmocka) shim tests and the package consumer
// load, built with tests/common/graph_builder. Usage: lpai_shim_test_binaries <out_dir>
//   copy_raw.bin        "copy":  in[1,64] int8 -> COPY -> out[1,64]; raw IO hint
//   copy_memhandle.bin  "copy":  same graph, memhandle IO hint (IO not planned)
//   state_raw.bin       "state": out = state; state = in (persistent, 24 bytes); raw hint
//   plain_raw.bin       "plain": in int16[8] -> COPY -> out int16[8] and in uint32[4] -> COPY ->
//                       out uint32[4], none quantised (the audio front end's plain-integer IO)
// The copy/state IO tensors are per-tensor quantised (scale 0.5, zero point -3): SFIXED_POINT_8.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "common/graph_builder.h"

namespace {

using lpai::format::BuiltinOp;
using lpai::format::DataType;
using lpai::writer::GraphBuilder;

bool write(const std::string& path, const GraphBuilder& b) {
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  if (bin.empty()) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), err.c_str());
    return false;
  }
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bin.data()), static_cast<std::streamsize>(bin.size()));
  return static_cast<bool>(f);
}

GraphBuilder copy_graph(bool memhandle_hint) {
  GraphBuilder b("copy");
  b.set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("input", DataType::kInt8, {1, 64}, 0.5f, -3);
  const uint32_t out = b.add_scratch("output", DataType::kInt8, {1, 64}, 0.5f, -3);
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  return b;
}

GraphBuilder state_graph() {
  GraphBuilder b("state");
  const uint32_t in = b.add_scratch("input", DataType::kInt8, {24}, 0.5f, -3);
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {24});
  const uint32_t out = b.add_scratch("output", DataType::kInt8, {24}, 0.5f, -3);
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {state});
  b.set_inputs({in}).set_outputs({out});
  return b;
}

GraphBuilder plain_graph() {
  GraphBuilder b("plain");
  const uint32_t a = b.add_scratch("pcm", DataType::kInt16, {8});
  const uint32_t b_out = b.add_scratch("pcm_out", DataType::kInt16, {8});
  const uint32_t c = b.add_scratch("energy", DataType::kUint32, {4});
  const uint32_t d = b.add_scratch("energy_out", DataType::kUint32, {4});
  b.add_node(BuiltinOp::kCopy, {a}, {b_out});
  b.add_node(BuiltinOp::kCopy, {c}, {d});
  b.set_inputs({a, c}).set_outputs({b_out, d});
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <out_dir>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const bool ok = write(dir + "/copy_raw.bin", copy_graph(false)) &&
                  write(dir + "/copy_memhandle.bin", copy_graph(true)) &&
                  write(dir + "/state_raw.bin", state_graph()) &&
                  write(dir + "/plain_raw.bin", plain_graph());
  return ok ? 0 : 1;
}
