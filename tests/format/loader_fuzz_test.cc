// Random corruptions of a valid binary (fixed seed): validate_binary never crashes or reads out
// of bounds (the buffer is an exact-size heap block, so ASan sees any overrun), never accepts a
// binary that breaks an invariant this test can see directly, and when it accepts one, every
// accessor the executor would use stays inside the buffer.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "common/test_support.h"
#include "format/binary_view.h"
#include "format/format_test_util.h"

namespace {

using namespace lpai::format;  // NOLINT
using lpai::Status;
using lpai_test::Bytes;
using lpai_test::get;

bool pow2(uint32_t x) { return x != 0 && (x & (x - 1)) == 0; }

bool section_same(const Section& a, const Section& b) {
  return a.offset == b.offset && a.count == b.count;
}

// Invariants read straight off the bytes, independently of the loader: a binary that breaks one
// of them is structurally broken. `orig` is the valid binary the mutation started from.
bool visibly_broken(const std::vector<uint8_t>& orig, const std::vector<uint8_t>& m,
                    bool crc_fixed) {
  if (m.size() != orig.size()) return true;  // truncation: total_size no longer matches
  if (m == orig) return false;
  if (!crc_fixed) return true;  // any change without fix-up breaks the CRC
  const BinaryHeader o = get<BinaryHeader>(orig.data(), 0);
  const BinaryHeader h = get<BinaryHeader>(m.data(), 0);
  if (h.magic != kMagic || h.version_major != 1 || h.version_minor != o.version_minor) return true;
  // Unknown flag bits are invalid; flipping the IO hint contradicts the IO tensors' classes.
  if (h.flags != o.flags) return true;
  if (h.header_size != 128 || h.total_size != o.total_size) return true;
  // The reference binary has no row views: any row_views section is refused (its records
  // would have to match two tensors' geometry and offsets exactly).
  if (h.reserved[0] != 0 || h.row_views.offset != 0 || h.row_views.count != 0) return true;
  for (const Section* s :
       {&h.tensors, &h.nodes, &h.indices, &h.quant, &h.params, &h.consts, &h.strings}) {
    if (s->offset % 16 != 0) return true;
  }
  if (!pow2(h.plan.start_alignment) || !pow2(h.plan.size_alignment)) return true;
  if (h.plan.scratch_size % h.plan.size_alignment != 0) return true;
  if (h.plan.persistent_size % h.plan.size_alignment != 0) return true;
  if (section_same(h.strings, o.strings) && m[h.strings.offset + h.strings.count - 1] != 0) {
    return true;
  }
  if (section_same(h.tensors, o.tensors)) {
    for (uint32_t id = 0; id < h.tensors.count; ++id) {
      const TensorRecord t =
          get<TensorRecord>(m.data(), h.tensors.offset + size_t{id} * sizeof(TensorRecord));
      static const uint64_t kTypeBytes[] = {0, 1, 1, 2, 4, 8, 4};
      if (t.data_type < 1 || t.data_type > 6) return true;
      if (t.mem_class > 3 || t.rank > 6 || (t.flags & ~7u) != 0) return true;
      if (t.data_type == 6 && t.mem_class != 0) return true;
      uint64_t bytes = kTypeBytes[t.data_type];
      for (uint32_t d = 0; d < 6; ++d) {
        if (d >= t.rank && t.dims[d] != 0) return true;
        if (d < t.rank) {
          if (t.dims[d] == 0) return true;
          bytes *= t.dims[d];
          if (bytes > 0xFFFFFFFFull) return true;
        }
      }
      if (bytes != t.size) return true;
    }
  }
  if (section_same(h.nodes, o.nodes)) {
    for (uint32_t i = 0; i < h.nodes.count; ++i) {
      const NodeRecord n =
          get<NodeRecord>(m.data(), h.nodes.offset + size_t{i} * sizeof(NodeRecord));
      if (n.reserved[0] != 0 || n.reserved[1] != 0) return true;
    }
  }
  return false;
}

// Touches every byte an executor could reach through an accepted view.
uint64_t walk(const BinaryView& v) {
  uint64_t sum = 0;
  for (const char* s = v.graph_name(); *s != 0; ++s) sum += static_cast<uint8_t>(*s);
  for (uint32_t id = 0; id < v.tensor_count(); ++id) {
    const TensorRecord& t = v.tensor(id);
    sum += t.size + t.offset;
    for (const char* s = v.tensor_name(id); *s != 0; ++s) sum += static_cast<uint8_t>(*s);
    if (t.mem_class == static_cast<uint8_t>(MemClass::kConst)) {
      for (uint32_t k = 0; k < t.size; ++k) sum += v.consts()[t.offset + k];
    }
    if (t.quant_index != kNone) {
      for (uint32_t k = 0; k < t.quant_count; ++k) sum += v.quant(t.quant_index)[k].scale_bits;
    }
  }
  for (uint32_t i = 0; i < v.node_count(); ++i) {
    const NodeRecord& n = v.node(i);
    for (uint32_t k = 0; k < n.num_inputs; ++k) {
      const uint32_t id = v.indices(n.inputs_index)[k];
      if (id != kNone) sum += v.tensor(id).size;
    }
    for (uint32_t k = 0; k < n.num_outputs; ++k)
      sum += v.tensor(v.indices(n.outputs_index)[k]).size;
    for (uint32_t k = 0; k < n.params_size; ++k) sum += v.params(n)[k];
    if (n.temp_tensor != kNone) sum += v.tensor(n.temp_tensor).size;
  }
  for (uint32_t k = 0; k < v.num_inputs(); ++k) sum += v.tensor(v.input_tensor(k)).size;
  for (uint32_t k = 0; k < v.num_outputs(); ++k) sum += v.tensor(v.output_tensor(k)).size;
  return sum;
}

TEST(LoaderFuzz, RandomCorruptionsNeverCrashNorPassBroken) {
  const std::vector<uint8_t> originals[2] = {lpai_test::reference_binary(false),
                                             lpai_test::reference_binary(true)};
  ASSERT_FALSE(originals[0].empty());
  ASSERT_FALSE(originals[1].empty());
  std::mt19937 rng(20240611u);
  lpai_test::LogCapture quiet(LPAI_LOG_LEVEL_NONE);
  constexpr int kIterations = 5000;
  int broken = 0, accepted_changed = 0, rejected = 0;
  uint64_t sink = 0;
  for (int it = 0; it < kIterations; ++it) {
    const std::vector<uint8_t>& orig = originals[it & 1];
    std::vector<uint8_t> m = orig;
    // Half of the positions hit header/tensor/node records, where the structure lives.
    const BinaryHeader h = get<BinaryHeader>(orig.data(), 0);
    const size_t structural_end = h.nodes.offset + h.nodes.count * sizeof(NodeRecord);
    auto pos = [&]() -> size_t { return (rng() & 1) ? rng() % structural_end : rng() % m.size(); };
    const uint32_t kind = rng() % 8;
    const bool fix = (rng() % 10) < 7;
    const int repeats = 1 + static_cast<int>((rng() % 4 == 0) ? rng() % 4 : 0);
    if (kind == 7) {
      m.resize(rng() % m.size());  // truncation (header possibly gone)
    } else {
      for (int r = 0; r < repeats; ++r) {
        if (kind <= 2) {
          m[pos()] ^= static_cast<uint8_t>(1u << (rng() % 8));  // bit flip
        } else if (kind <= 4) {
          static const uint8_t kValues[] = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0x10};
          m[pos()] = (rng() & 1) ? static_cast<uint8_t>(rng()) : kValues[rng() % 6];  // byte set
        } else {
          // 32-bit word write at an aligned position: whole offsets, counts, ids.
          static const uint32_t kWords[] = {0u,          1u,          16u,      0xFFFFFFFFu,
                                            0x7FFFFFFFu, 0xFFFFFFF0u, 0x10000u, 128u};
          const size_t p = pos() & ~size_t{3};
          if (p + 4 <= m.size()) {
            const uint32_t w = (rng() & 1) ? rng() : kWords[rng() % 8];
            std::memcpy(m.data() + p, &w, 4);
          }
        }
      }
    }
    if (fix) lpai_test::fix_crc(m.data(), m.size());
    const bool must_fail = visibly_broken(orig, m, fix);
    Bytes buf(m);
    BinaryView view;
    const Status s = validate_binary(buf.data(), buf.size(), &view);
    if (must_fail) {
      ++broken;
      ASSERT_NE(s, Status::kOk) << "iteration " << it << " accepted a visibly broken binary";
    }
    if (m == orig) {
      ASSERT_EQ(s, Status::kOk) << "iteration " << it;
    }
    if (s == Status::kOk) {
      ASSERT_TRUE(view.valid());
      sink += walk(view);
      if (m != orig) ++accepted_changed;
    } else {
      ++rejected;
      ASSERT_FALSE(view.valid());
    }
  }
  // The oracle must be doing real work: most corruptions are visibly broken.
  EXPECT_GT(broken, kIterations / 2);
  EXPECT_GT(rejected, broken - 1);
  RecordProperty("visibly_broken", broken);
  RecordProperty("rejected", rejected);
  RecordProperty("accepted_changed", accepted_changed);
  RecordProperty("sink", static_cast<int>(sink & 0x7FFFFFFF));
}

}  // namespace
