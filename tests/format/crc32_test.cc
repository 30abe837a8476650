// CRC-32/IEEE: standard check values, chaining, and the header-field exclusion.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "format/binary_view.h"
#include "format/format_test_util.h"

namespace {

using lpai::format::binary_crc32;
using lpai::format::crc32;
using lpai::format::crc32_update;

TEST(Crc32, StandardCheckValue) {
  const char* s = "123456789";
  EXPECT_EQ(crc32(s, 9), 0xCBF43926u);
}

TEST(Crc32, KnownVectors) {
  EXPECT_EQ(crc32("", 0), 0u);
  EXPECT_EQ(crc32("a", 1), 0xE8B7BE43u);
  const std::string fox = "The quick brown fox jumps over the lazy dog";
  EXPECT_EQ(crc32(fox.data(), fox.size()), 0x414FA339u);
  std::vector<uint8_t> zeros(32, 0);
  EXPECT_EQ(crc32(zeros.data(), zeros.size()), 0x190A55ADu);
}

TEST(Crc32, NullOrEmptyLeavesRunningValue) {
  EXPECT_EQ(crc32_update(0x12345678u, nullptr, 10), 0x12345678u);
  EXPECT_EQ(crc32_update(0x12345678u, "x", 0), 0x12345678u);
}

TEST(Crc32, UpdateChains) {
  const std::string a = "The quick brown fox ";
  const std::string b = "jumps over the lazy dog";
  EXPECT_EQ(crc32_update(crc32_update(0, a.data(), a.size()), b.data(), b.size()), 0x414FA339u);
}

TEST(Crc32, MatchesBitwiseReferenceOnAllByteValues) {
  std::vector<uint8_t> v(1024);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint8_t>(i * 7 + (i >> 8));
  EXPECT_EQ(crc32(v.data(), v.size()), lpai_test::ref_crc32(v.data(), v.size()));
}

TEST(Crc32, AnyLengthAndStartAddress) {
  std::vector<uint8_t> v(64);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint8_t>(0xA5 ^ (i * 31));
  for (size_t start = 0; start < 4; ++start) {
    for (size_t len = 0; len + start <= 40; ++len) {
      EXPECT_EQ(crc32(v.data() + start, len), lpai_test::ref_crc32(v.data() + start, len))
          << "start " << start << " len " << len;
    }
  }
}

TEST(BinaryCrc32, ReadsTheCrcFieldAsZero) {
  std::vector<uint8_t> v(200);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint8_t>(i);
  std::vector<uint8_t> zeroed = v;
  std::memset(zeroed.data() + 16, 0, 4);
  const uint32_t expected = lpai_test::ref_crc32(zeroed.data(), zeroed.size());
  EXPECT_EQ(binary_crc32(v.data(), v.size()), expected);
  v[17] ^= 0xFF;  // inside the field: no effect
  EXPECT_EQ(binary_crc32(v.data(), v.size()), expected);
  v[20] ^= 0x01;  // just after the field: changes it
  EXPECT_NE(binary_crc32(v.data(), v.size()), expected);
}

TEST(BinaryCrc32, ShortInputIsPlainCrc) {
  const uint8_t v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_EQ(binary_crc32(v, sizeof(v)), lpai_test::ref_crc32(v, sizeof(v)));
  EXPECT_EQ(binary_crc32(nullptr, 100), 0u);
}

}  // namespace
