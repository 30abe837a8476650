// log(): level filtering and line truncation through the HAL sink.
#include <gtest/gtest.h>

#include <string>

#include "common/test_support.h"
#include "core/log.h"
#include "lpai/hal.h"

namespace {

TEST(LogSink, LevelsAtOrBelowTheFilterPass) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_INFO);
  LPAI_LOG_ERROR("e %d", 1);
  LPAI_LOG_WARN("w %d", 2);
  LPAI_LOG_INFO("i %d", 3);
  LPAI_LOG_VERBOSE("v %d", 4);
  LPAI_LOG_DEBUG("d %d", 5);
  ASSERT_EQ(cap.lines().size(), 3u);
  EXPECT_EQ(cap.lines()[0], "e 1");
  EXPECT_EQ(cap.lines()[1], "w 2");
  EXPECT_EQ(cap.lines()[2], "i 3");
}

TEST(LogSink, DebugLevelPassesEverything) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_DEBUG);
  LPAI_LOG_VERBOSE("v");
  LPAI_LOG_DEBUG("d");
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_EQ(cap.lines()[1], "d");
}

TEST(LogSink, NoneSilencesEverything) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_NONE);
  LPAI_LOG_ERROR("nothing");
  EXPECT_TRUE(cap.lines().empty());
  EXPECT_FALSE(lpai::log_enabled(LPAI_LOG_LEVEL_ERROR));
}

TEST(LogSink, LongLinesAreTruncatedToLineMax) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  const std::string long_text(1000, 'x');
  LPAI_LOG_ERROR("%s", long_text.c_str());
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0].size(), 255u);  // kLogLineMax - 1
  EXPECT_EQ(lpai::kLogLineMax, 256u);
  EXPECT_EQ(cap.lines()[0], std::string(255, 'x'));
}

}  // namespace
