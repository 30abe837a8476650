// Helpers for the context binary tests: exact-size aligned byte buffers (so that ASan sees any
// read past the end), field patching, an independent bitwise CRC-32 for fix-ups, and the
// reference graph every loader test starts from.
#ifndef LPAI_TESTS_FORMAT_FORMAT_TEST_UTIL_H
#define LPAI_TESTS_FORMAT_FORMAT_TEST_UTIL_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "format/context_binary_format.h"
#include "writer/context_binary_writer.h"

namespace lpai_test {

// Heap bytes of exactly size() bytes, starting on a 16-byte boundary (+ `shift`).
class Bytes {
 public:
  Bytes() = default;
  explicit Bytes(const std::vector<uint8_t>& v, size_t shift = 0) { assign(v, shift); }
  Bytes(const Bytes& o) { assign(o.vec(), o.shift_); }
  Bytes& operator=(const Bytes& o) {
    if (this != &o) assign(o.vec(), o.shift_);
    return *this;
  }
  ~Bytes() { release(); }

  uint8_t* data() { return block_ == nullptr ? nullptr : block_ + shift_; }
  const uint8_t* data() const { return block_ == nullptr ? nullptr : block_ + shift_; }
  size_t size() const { return size_; }
  std::vector<uint8_t> vec() const { return std::vector<uint8_t>(data(), data() + size_); }
  uint8_t& operator[](size_t i) { return data()[i]; }

 private:
  void assign(const std::vector<uint8_t>& v, size_t shift) {
    release();
    shift_ = shift;
    size_ = v.size();
    // Exact allocation: shift bytes of lead-in plus the data, nothing after it.
    block_ = static_cast<uint8_t*>(
        ::operator new (shift + size_ + (size_ + shift == 0 ? 1 : 0), std::align_val_t{16}));
    if (size_ != 0) std::memcpy(block_ + shift_, v.data(), size_);
  }
  void release() {
    if (block_ != nullptr) ::operator delete (block_, std::align_val_t{16});
    block_ = nullptr;
  }
  uint8_t* block_ = nullptr;
  size_t shift_ = 0;
  size_t size_ = 0;
};

// Independent reference CRC-32/IEEE, bit by bit (no table), for fix-ups and checks.
inline uint32_t ref_crc32(const uint8_t* p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int b = 0; b < 8; ++b) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

constexpr size_t kCrcOffset = offsetof(lpai::format::BinaryHeader, crc32);

// CRC of a binary with its crc32 field read as zero (reference implementation).
inline uint32_t ref_binary_crc(const uint8_t* p, size_t n) {
  std::vector<uint8_t> copy(p, p + n);
  if (n >= kCrcOffset + 4) std::memset(copy.data() + kCrcOffset, 0, 4);
  return ref_crc32(copy.data(), n);
}

template <typename T>
T get(const uint8_t* b, size_t off) {
  T v;
  std::memcpy(&v, b + off, sizeof(T));
  return v;
}
template <typename T>
void put(uint8_t* b, size_t off, T v) {
  std::memcpy(b + off, &v, sizeof(T));
}

// Recomputes and stores the crc32 field (reference CRC).
inline void fix_crc(uint8_t* b, size_t n) {
  if (n >= kCrcOffset + 4) put<uint32_t>(b, kCrcOffset, ref_binary_crc(b, n));
}

inline lpai::format::BinaryHeader header_of(const uint8_t* b) {
  return get<lpai::format::BinaryHeader>(b, 0);
}
// Byte offset of tensor record `id` / node record `i` / indices entry `k`.
inline size_t tensor_at(const uint8_t* b, uint32_t id) {
  return header_of(b).tensors.offset + size_t{id} * sizeof(lpai::format::TensorRecord);
}
inline size_t node_at(const uint8_t* b, uint32_t i) {
  return header_of(b).nodes.offset + size_t{i} * sizeof(lpai::format::NodeRecord);
}
inline size_t index_at(const uint8_t* b, uint32_t k) {
  return header_of(b).indices.offset + size_t{k} * 4;
}

// The reference graph (ids and values are what the tests check against):
//   tensors: 0 "in"    int8  [1,4,4,2] scratch   scale 0.5 zp -3      graph input 0
//            1 "w"     int8  [2,1,1,2] const     per-channel axis 0 {0.25,0.125} zp {0,1}
//            2 "bias"  int32 [2]       const     {1000, -7}
//            3 "mid"   int8  [1,4,4,2] scratch
//            4 "state" int16 [1,8]     persistent variable
//            5 "tmp"   int8  [64]      scratch   (node 0's temp tensor)
//            6 "out"   int8  [1,32]    scratch   graph output 0
//            7 "lut"   float32 [3]     const     {1.5, -2, 0.25}
//   nodes:   0 CONV_2D  in {0,1,2}      out {3}  params {1,2,3,4,5,6} temp 5
//            1 ADD      in {3,kNone,4}  out {4}  params {}
//            2 RESHAPE  in {3}          out {6}  params {9,9,9,9}
// With the builder's sequential plan (alignment 16/16): scratch offsets 0, 32, 64, 128,
// scratch_size 160; persistent offset 0, persistent_size 16. memhandle = true turns the two
// IO tensors into MemClass::kIo (scratch: mid 0, tmp 32, scratch_size 96).
lpai::writer::GraphDesc reference_graph(bool memhandle = false);

// Serialized reference graph (fails the calling test on a writer error).
std::vector<uint8_t> reference_binary(bool memhandle = false);

}  // namespace lpai_test

#endif  // LPAI_TESTS_FORMAT_FORMAT_TEST_UTIL_H
