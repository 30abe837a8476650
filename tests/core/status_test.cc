// status_name(): every enumerator declared in core/status.h has its own spelling.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "core/status.h"

namespace {

using lpai::Status;

// "kPoolNoSlot" -> "POOL_NO_SLOT" (the naming rule of status_name).
std::string expected_name(const std::string& enumerator) {
  if (enumerator == "kOk") return "OK";
  std::string out;
  const std::string body = enumerator.substr(1);
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (i > 0 && std::isupper(static_cast<unsigned char>(c)) &&
        !std::isupper(static_cast<unsigned char>(body[i - 1]))) {
      out += '_';
    }
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

TEST(StatusName, SpotChecks) {
  EXPECT_STREQ(lpai::status_name(Status::kOk), "OK");
  EXPECT_STREQ(lpai::status_name(Status::kPoolNoSlot), "POOL_NO_SLOT");
  EXPECT_STREQ(lpai::status_name(Status::kPoolInvalidMemType), "POOL_INVALID_MEM_TYPE");
  EXPECT_STREQ(lpai::status_name(Status::kBinaryBadCrc), "BINARY_BAD_CRC");
  EXPECT_STREQ(lpai::status_name(Status::kMemHandleInUse), "MEM_HANDLE_IN_USE");
  EXPECT_EQ(lpai::status_code(Status::kPoolTooLarge), 1101u);
}

TEST(StatusName, UnknownValueHasAFallbackSpelling) {
  EXPECT_STREQ(lpai::status_name(static_cast<Status>(999999)), "UNKNOWN_STATUS");
}

// Reads the enumerators straight from the header so a newly added code without a spelling
// fails here.
TEST(StatusName, EveryEnumeratorInTheHeaderHasItsSpelling) {
  std::ifstream header(std::string(LPAI_SOURCE_DIR) + "/firmware/core/status.h");
  ASSERT_TRUE(header) << "cannot open firmware/core/status.h";
  const std::regex enumerator(R"(^\s*(k[A-Za-z0-9]+)\s*=\s*(\d+))");
  std::string line;
  std::set<uint32_t> codes;
  size_t count = 0;
  while (std::getline(header, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, enumerator)) continue;
    const uint32_t code = static_cast<uint32_t>(std::stoul(m[2].str()));
    EXPECT_TRUE(codes.insert(code).second) << "duplicate code " << code;
    EXPECT_EQ(lpai::status_name(static_cast<Status>(code)), expected_name(m[1].str()))
        << m[1].str() << " = " << code;
    ++count;
  }
  EXPECT_GE(count, 80u);
}

}  // namespace
