// Writes the context binary tests/wrap32 loads: in int8[64] -COPY-> out int8[64], memhandle
// IO hint (so IO may be registered shared buffers).
#include <cstdio>
#include <string>
#include <vector>

#include "common/graph_builder.h"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  using lpai::format::BuiltinOp;
  using lpai::format::DataType;
  lpai::writer::GraphBuilder b("copy32");
  b.set_io_memhandle_hint(true);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {64});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {64});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  const std::vector<uint8_t> bin = b.serialize(&err);
  if (bin.empty()) {
    std::fprintf(stderr, "serialize: %s\n", err.c_str());
    return 1;
  }
  FILE* f = std::fopen(argv[1], "wb");
  if (f == nullptr) return 1;
  const bool ok = std::fwrite(bin.data(), 1, bin.size(), f) == bin.size();
  return std::fclose(f) == 0 && ok ? 0 : 1;
}
