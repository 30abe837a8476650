#include "runner/node_stats.h"

namespace lpai {
namespace host {
namespace {

uint64_t elements(const format::TensorRecord& t) {
  uint64_t n = 1;
  for (uint32_t d = 0; d < t.rank; ++d) n *= t.dims[d];
  return n;
}

}  // namespace

uint64_t node_macs(const format::BinaryView& v, const format::NodeRecord& n) {
  const uint32_t* in = v.indices(n.inputs_index);
  const uint32_t* out = v.indices(n.outputs_index);
  auto tensor = [&](uint32_t k) -> const format::TensorRecord* {
    return k < n.num_inputs && in[k] != format::kNone ? &v.tensor(in[k]) : nullptr;
  };
  if (n.op == 3 || n.op == 4 || n.op == 9) {  // CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED
    const format::TensorRecord* w = tensor(1);
    if (w == nullptr || n.num_outputs < 1 || w->rank < 2) return 0;
    const uint32_t channels = n.op == 4 ? w->dims[w->rank - 1] : w->dims[0];
    if (channels == 0) return 0;
    return elements(v.tensor(out[0])) * (elements(*w) / channels);
  }
  if (n.op == 44 && n.num_inputs > 8) {  // UNIDIRECTIONAL_SEQUENCE_LSTM
    const format::TensorRecord* x = tensor(0);
    const format::TensorRecord* w0 = tensor(1);
    if (x == nullptr || w0 == nullptr || w0->rank != 2 || w0->dims[1] == 0) return 0;
    uint64_t per_step = 0;
    for (uint32_t k = 1; k <= 8; ++k) {
      if (tensor(k) != nullptr) per_step += elements(*tensor(k));
    }
    return elements(*x) / w0->dims[1] * per_step;
  }
  return 0;
}

std::string op_label(uint16_t op) {
  const char* name = format::op_name(op);
  return name != nullptr ? name : "OP_" + std::to_string(op);
}

}  // namespace host
}  // namespace lpai
