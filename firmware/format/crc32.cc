// CRC-32/IEEE (reflected polynomial 0xEDB88320, init 0xFFFFFFFF, final xor 0xFFFFFFFF).
// The 256-entry table is computed at compile time (constant-initialised read-only data, no
// static constructor).
#include "format/binary_view.h"

namespace lpai {
namespace format {
namespace {

constexpr uint32_t kPolynomial = 0xEDB88320u;

struct CrcTable {
  uint32_t entry[256];
};

constexpr CrcTable make_table() {
  CrcTable t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? (c >> 1) ^ kPolynomial : (c >> 1);
    t.entry[i] = c;
  }
  return t;
}

constexpr CrcTable kTable = make_table();
static_assert(kTable.entry[1] == 0x77073096u, "CRC-32 table");
static_assert(kTable.entry[255] == 0x2D02EF8Du, "CRC-32 table");

// Offset of BinaryHeader::crc32 (the field the binary CRC reads as zero).
constexpr size_t kCrcFieldOffset = 16;

uint32_t update_raw(uint32_t state, const uint8_t* p, size_t size) {
  for (size_t i = 0; i < size; ++i) state = kTable.entry[(state ^ p[i]) & 0xFFu] ^ (state >> 8);
  return state;
}

}  // namespace

uint32_t crc32_update(uint32_t crc, const void* data, size_t size) {
  if (data == nullptr || size == 0) return crc;
  return ~update_raw(~crc, static_cast<const uint8_t*>(data), size);
}

uint32_t binary_crc32(const void* data, size_t size) {
  static_assert(offsetof(BinaryHeader, crc32) == kCrcFieldOffset, "crc32 field offset");
  if (data == nullptr) return 0;
  const uint8_t* p = static_cast<const uint8_t*>(data);
  if (size < kCrcFieldOffset + sizeof(uint32_t)) return crc32(p, size);
  static const uint8_t kZero[sizeof(uint32_t)] = {0, 0, 0, 0};
  uint32_t state = ~0u;
  state = update_raw(state, p, kCrcFieldOffset);
  state = update_raw(state, kZero, sizeof(kZero));
  const size_t rest = kCrcFieldOffset + sizeof(uint32_t);
  state = update_raw(state, p + rest, size - rest);
  return ~state;
}

}  // namespace format
}  // namespace lpai
