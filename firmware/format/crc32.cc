// CRC-32/IEEE (reflected polynomial 0xEDB88320, init 0xFFFFFFFF, final xor 0xFFFFFFFF).
// Slice-by-4: four 256-entry tables (4 KiB of read-only data) computed at compile time
// (constant-initialised, no static constructor); bytes are read one at a time, so the input
// needs no alignment and the result does not depend on the host's byte order.
#include "format/binary_view.h"

namespace lpai {
namespace format {
namespace {

constexpr uint32_t kPolynomial = 0xEDB88320u;

// entry[0]: the classic byte table; entry[k][i]: the CRC of byte i followed by k zero bytes.
struct CrcTables {
  uint32_t entry[4][256];
};

constexpr CrcTables make_tables() {
  CrcTables t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? (c >> 1) ^ kPolynomial : (c >> 1);
    t.entry[0][i] = c;
  }
  for (uint32_t k = 1; k < 4; ++k) {
    for (uint32_t i = 0; i < 256; ++i) {
      const uint32_t prev = t.entry[k - 1][i];
      t.entry[k][i] = (prev >> 8) ^ t.entry[0][prev & 0xFFu];
    }
  }
  return t;
}

constexpr CrcTables kTables = make_tables();
static_assert(kTables.entry[0][1] == 0x77073096u, "CRC-32 table");
static_assert(kTables.entry[0][255] == 0x2D02EF8Du, "CRC-32 table");

// Offset of BinaryHeader::crc32 (the field the binary CRC reads as zero).
constexpr size_t kCrcFieldOffset = 16;

// Advances the raw (pre-inverted) CRC state over `size` bytes.
uint32_t update_raw(uint32_t state, const uint8_t* p, size_t size) {
  const auto& t = kTables.entry;
  while (size >= 4) {
    const uint32_t w =
        state ^ (static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                 static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24);
    state = t[3][w & 0xFFu] ^ t[2][(w >> 8) & 0xFFu] ^ t[1][(w >> 16) & 0xFFu] ^ t[0][w >> 24];
    p += 4;
    size -= 4;
  }
  for (size_t i = 0; i < size; ++i) state = t[0][(state ^ p[i]) & 0xFFu] ^ (state >> 8);
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
