// libFuzzer harness: structured tampering of context binaries. Where the context_binary
// harness flips bytes, this one walks the binary's own tables (header, tensor and node
// records, index lists, per-channel quantisation, parameter blobs, constants) and sets one
// field to an edge value (0, 1, -1, the type's limits, 2^k +- 1, a product that wraps, the
// field's neighbour's value), with total_size and crc32 made consistent, so that every
// mutation reaches the validators and, when accepted, the kernels.
//
// Every input (as given, and each tampered form) then runs:
//   - the context-binary workflow of the context_binary harness (validate, DDR and TCM, RAW and
//     MEMHANDLE, execute twice with scratch replaced, free; pools back to zero);
//   - the differential (fuzz_support.h run_differential): every host kernel variant, each with
//     different poison in free TCM/DDR and scratch, must give the portable kernels' bytes.
//
// Under libFuzzer (preset "fuzz") LLVMFuzzerCustomMutator tampers one field per mutation (one
// mutation in four is libFuzzer's own byte-level one). Without libFuzzer (the ctest replay,
// fuzz.replay.tamper) each input is swept deterministically: every field of the header, tensor
// and node records, index lists and quantisation, and 16 words of the parameter section, set
// to every edge value of its width, one at a time (constants are left to the fuzzer: a changed
// weight is accepted and costs a full run); each tampered form runs the differential only, and
// large inputs are subsampled (kSweepBudget).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "format/context_binary_format.h"
#include "fuzz_support.h"

namespace {

using lpai::format::BinaryHeader;
using lpai::format::NodeRecord;
using lpai::format::QuantParam;
using lpai::format::TensorRecord;

// A field of the binary: byte offset and width (1, 2 or 4).
struct Field {
  size_t offset;
  uint32_t width;
};

// Field widths of one record, in order (the record layouts of context_binary_format.h).
constexpr uint32_t kHeaderFields[] = {4, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
                                      4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
constexpr uint32_t kTensorFields[] = {1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
constexpr uint32_t kNodeFields[] = {2, 1, 1, 4, 4, 4, 4, 4, 4, 4};

template <size_t N>
constexpr uint32_t sum(const uint32_t (&w)[N]) {
  uint32_t s = 0;
  for (uint32_t x : w) s += x;
  return s;
}
static_assert(sum(kHeaderFields) == sizeof(BinaryHeader) &&
                  sum(kTensorFields) == sizeof(TensorRecord) &&
                  sum(kNodeFields) == sizeof(NodeRecord) && sizeof(QuantParam) == 8,
              "the field tables describe the record layouts");

template <size_t N>
void add_record(std::vector<Field>* out, size_t base, const uint32_t (&widths)[N]) {
  size_t at = base;
  for (uint32_t w : widths) {
    out->push_back({at, w});
    at += w;
  }
}

// Every field of `b` (size bytes) the tables name, bounds-checked: sections that leave the
// buffer are skipped. Parameter blobs (and constants, with_consts) are walked as 4-byte words
// (`max_words` per section at most, spread evenly).
std::vector<Field> fields_of(const uint8_t* b, size_t size, size_t max_words,
                             bool with_consts) {
  std::vector<Field> f;
  if (size < sizeof(BinaryHeader)) return f;
  add_record(&f, 0, kHeaderFields);
  BinaryHeader h;
  std::memcpy(&h, b, sizeof h);
  auto section_ok = [size](const lpai::format::Section& s, size_t record) {
    return s.offset <= size && s.count <= (size - s.offset) / record;
  };
  if (section_ok(h.tensors, sizeof(TensorRecord))) {
    for (uint32_t i = 0; i < h.tensors.count; ++i)
      add_record(&f, h.tensors.offset + i * sizeof(TensorRecord), kTensorFields);
  }
  if (section_ok(h.nodes, sizeof(NodeRecord))) {
    for (uint32_t i = 0; i < h.nodes.count; ++i)
      add_record(&f, h.nodes.offset + i * sizeof(NodeRecord), kNodeFields);
  }
  if (section_ok(h.indices, 4)) {
    for (uint32_t i = 0; i < h.indices.count; ++i) f.push_back({h.indices.offset + 4u * i, 4});
  }
  if (section_ok(h.quant, sizeof(QuantParam))) {
    for (uint32_t i = 0; i < 2 * h.quant.count; ++i) f.push_back({h.quant.offset + 4u * i, 4});
  }
  for (const lpai::format::Section* s : {&h.params, &h.consts}) {
    if (!section_ok(*s, 1) || (s == &h.consts && !with_consts)) continue;
    const size_t words = s->count / 4;
    const size_t step = words > max_words ? (words + max_words - 1) / max_words : 1;
    for (size_t i = 0; i < words; i += step) f.push_back({s->offset + 4 * i, 4});
  }
  return f;
}

// Edge values of a field of `width` bytes whose current value is `cur` and whose neighbour
// (the next field of the same width) holds `next`.
std::vector<uint32_t> edges(uint32_t width, uint32_t cur, uint32_t next) {
  std::vector<uint32_t> v = {0, 1, 2, cur + 1, cur - 1, next};
  if (width == 1) {
    for (uint32_t x : {0x7Fu, 0x80u, 0xFFu, 6u, 7u}) v.push_back(x);
  } else if (width == 2) {
    for (uint32_t x : {0x7FFFu, 0x8000u, 0xFFFFu, 0x03E8u}) v.push_back(x);
  } else {
    for (uint32_t x : {0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x40000001u,
                       0x7FFF8001u, 0x80008001u, 0x00010000u, 0x00010001u, cur * 2, cur << 16,
                       0x3FFFFFFFu, 0xC0000000u}) {
      v.push_back(x);
    }
  }
  return v;
}

uint32_t get(const uint8_t* b, const Field& f) {
  uint32_t v = 0;
  std::memcpy(&v, b + f.offset, f.width);  // little-endian host
  return v;
}
void put(uint8_t* b, const Field& f, uint32_t v) { std::memcpy(b + f.offset, &v, f.width); }

// total_size and crc32 made consistent with the bytes (unless the tampered field is one of
// them, which then keeps its edge value).
void fix_header(uint8_t* b, size_t size, const Field& tampered) {
  if (size < sizeof(BinaryHeader)) return;
  auto* h = reinterpret_cast<BinaryHeader*>(b);
  if (tampered.offset != offsetof(BinaryHeader, total_size))
    h->total_size = static_cast<uint32_t>(size);
  if (tampered.offset != offsetof(BinaryHeader, crc32)) h->crc32 = lpai::format::binary_crc32(b, size);
}

void run_one(const uint8_t* data, size_t size) {
  lpai_fuzz::run_context_binary(data, size);
  lpai_fuzz::run_differential(data, size);
}

uint32_t next_value(const uint8_t* b, const std::vector<Field>& fields, size_t i) {
  for (size_t j = i + 1; j < fields.size(); ++j) {
    if (fields[j].width == fields[i].width) return get(b, fields[j]);
  }
  return 0;
}

}  // namespace

#if defined(LPAI_FUZZ_ENGINE)
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  std::minstd_rand rng(seed);
  const std::vector<Field> fields = fields_of(data, size, 4096, true);
  if (fields.empty() || rng() % 4 == 0) return LLVMFuzzerMutate(data, size, max_size);
  const size_t i = rng() % fields.size();
  const Field& f = fields[i];
  const std::vector<uint32_t> e = edges(f.width, get(data, f), next_value(data, fields, i));
  put(data, f, e[rng() % e.size()]);
  fix_header(data, size, f);
  return size;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  run_one(data, size);
  return 0;
}
#else
// The deterministic sweep: the input, then every field x every edge value, one at a time; on
// inputs with more than kSweepBudget (field, value) pairs, every k-th pair (the replay runs in
// every host build, sanitizers included, so its time is bounded).
constexpr size_t kSweepBudget = 1500;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  run_one(data, size);
  std::vector<uint8_t> work(data, data + size);
  const std::vector<Field> fields = fields_of(data, size, 16, false);
  size_t pairs = 0;
  for (size_t i = 0; i < fields.size(); ++i)
    pairs += edges(fields[i].width, 0, 0).size();
  const size_t step = pairs > kSweepBudget ? (pairs + kSweepBudget - 1) / kSweepBudget : 1;
  size_t pair = 0;
  for (size_t i = 0; i < fields.size(); ++i) {
    const Field& f = fields[i];
    const uint32_t original = get(data, f);
    for (uint32_t v : edges(f.width, original, next_value(data, fields, i))) {
      if (pair++ % step != 0 || v == original) continue;
      std::memcpy(work.data(), data, size);
      put(work.data(), f, v);
      fix_header(work.data(), size, f);
      if (std::getenv("LPAI_FUZZ_DEBUG") != nullptr)
        std::fprintf(stderr, "field at %zu (width %u) = 0x%x\n", f.offset, f.width, v);
      lpai_fuzz::run_differential(work.data(), size);  // the sweep's budget: one workflow
    }
  }
  return 0;
}
#endif
