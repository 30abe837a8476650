// Configuration files of net-run (host_sim/config/net_run_config.h): eaiParams_direct.json and
// the eaiParams_direct.conf it points at, exactly as seed 000 shows them, and every way they
// can be wrong.
#include <gtest/gtest.h>

#include <string>

#include "common/test_support.h"
#include "config/net_run_config.h"
#include "host_sim/host_sim_support.h"

namespace {

using lpai::host::load_net_run_config;
using lpai::host::NetRunConfig;
using lpai::host::parse_mem_type;
using namespace lpai_test::host_sim;

// A config that load_net_run_config must leave untouched on failure.
NetRunConfig sentinel() {
  NetRunConfig c;
  c.shared_library_path = "sentinel";
  c.mem_type = QNN_LPAI_MEM_TYPE_TCM;
  return c;
}

void expect_untouched(const NetRunConfig& c) {
  EXPECT_EQ(c.shared_library_path, "sentinel");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_TCM);
}

TEST(NetRunConfig, SeedFilesSelectTcm) {
  TempDir dir;
  const std::string json = write_seed_config(dir.path(), "tcm");
  NetRunConfig c;
  std::string error;
  ASSERT_EQ(lpai_test::failure(load_net_run_config(json, &c)), "");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_TCM);
  EXPECT_EQ(c.shared_library_path, "/data/local/tmp/libQnnLpaiNetRunExtensions.so");
  EXPECT_TRUE(c.is_persistent_binary);
  // The device path does not exist here: the .conf next to the .json is read.
  EXPECT_EQ(c.config_file_path, dir / "eaiParams_direct.conf");
}

TEST(NetRunConfig, DdrAndDefaults) {
  TempDir dir;
  NetRunConfig c;
  std::string error;
  ASSERT_EQ(lpai_test::failure(load_net_run_config(write_seed_config(dir.path(), "ddr"), &c)), "");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_DDR);
  // No mem_type key: DDR.
  ASSERT_TRUE(write_text(dir / "eaiParams_direct.conf", "{\"lpai_graph\": {\"execute\": {}}}"));
  c = sentinel();
  ASSERT_EQ(lpai_test::failure(load_net_run_config(dir / "eaiParams_direct.json", &c)), "");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_DDR);
  // No backend extension file at all: DDR.
  ASSERT_TRUE(write_text(dir / "plain.json", "{\"context_configs\": {\"is_persistent_binary\": false}}"));
  c = sentinel();
  ASSERT_EQ(lpai_test::failure(load_net_run_config(dir / "plain.json", &c)), "");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_DDR);
  EXPECT_FALSE(c.is_persistent_binary);
  EXPECT_EQ(c.config_file_path, "");
}

TEST(NetRunConfig, ExistingConfigFilePathIsUsedAsGiven) {
  TempDir dir, other;
  write_seed_config(other.path(), "tcm");
  ASSERT_TRUE(write_text(dir / "eaiParams_direct.json",
                         "{\"backend_extensions\": {\"config_file_path\": \"" +
                             (other / "eaiParams_direct.conf") + "\"}}"));
  NetRunConfig c;
  std::string error;
  ASSERT_EQ(lpai_test::failure(load_net_run_config(dir / "eaiParams_direct.json", &c)), "");
  EXPECT_EQ(c.config_file_path, other / "eaiParams_direct.conf");
  EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_TCM);
}

TEST(NetRunConfig, UnknownMemTypeLogsAndResolvesToUndefined) {
  for (const char* bad : {"sram", "TCM", "", "ddr "}) {
    SCOPED_TRACE(std::string("mem_type \"") + bad + "\"");
    TempDir dir;
    NetRunConfig c;
    std::string error;
    lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
    ASSERT_EQ(lpai_test::failure(load_net_run_config(write_seed_config(dir.path(), bad), &c)), "");
    EXPECT_EQ(c.mem_type, QNN_LPAI_MEM_TYPE_UNDEFINED);
    EXPECT_EQ(log.count("Invalid memory type"), 1u);
  }
  EXPECT_EQ(parse_mem_type("ddr"), QNN_LPAI_MEM_TYPE_DDR);
  EXPECT_EQ(parse_mem_type("tcm"), QNN_LPAI_MEM_TYPE_TCM);
}

TEST(NetRunConfig, MissingFilesAreErrors) {
  TempDir dir;
  NetRunConfig c = sentinel();
  std::string error;
  error = lpai_test::failure(load_net_run_config(dir / "none.json", &c));
  EXPECT_NE(error, "");
  EXPECT_NE(error.find("cannot open config file"), std::string::npos) << error;
  expect_untouched(c);

  const std::string json = write_seed_config(dir.path(), "tcm");
  std::filesystem::remove(dir / "eaiParams_direct.conf");
  error = lpai_test::failure(load_net_run_config(json, &c));
  EXPECT_NE(error, "");
  EXPECT_NE(error.find("/data/local/tmp/eaiParams_direct.conf not found"), std::string::npos)
      << error;
  expect_untouched(c);
}

TEST(NetRunConfig, MalformedJsonIsAnError) {
  TempDir dir;
  const std::string json = write_seed_config(dir.path(), "tcm");
  NetRunConfig c = sentinel();
  std::string error;
  ASSERT_TRUE(write_text(dir / "eaiParams_direct.conf", "{\"lpai_graph\": {\"execute\": "));
  error = lpai_test::failure(load_net_run_config(json, &c));
  EXPECT_NE(error, "");
  EXPECT_NE(error.find("is not valid JSON"), std::string::npos) << error;
  expect_untouched(c);
  ASSERT_TRUE(write_text(json, "not json"));
  error = lpai_test::failure(load_net_run_config(json, &c));
  EXPECT_NE(error, "");
  EXPECT_NE(error.find("is not valid JSON"), std::string::npos) << error;
  expect_untouched(c);
}

TEST(NetRunConfig, WrongTypesAreErrors) {
  struct Case {
    const char* json;  // eaiParams_direct.json body ("" = the seed's)
    const char* conf;  // eaiParams_direct.conf body ("" = the seed's with tcm)
    const char* message;
  };
  const Case cases[] = {
      {"[]", "", "top level must be an object"},
      {"{\"backend_extensions\": 3}", "", "must be objects"},
      {"{\"context_configs\": []}", "", "must be objects"},
      {"{\"backend_extensions\": {\"config_file_path\": 5}}", "",
       "backend_extensions.config_file_path has the wrong type"},
      {"{\"backend_extensions\": {\"shared_library_path\": true}}", "",
       "backend_extensions.shared_library_path has the wrong type"},
      {"{\"context_configs\": {\"is_persistent_binary\": \"yes\"}}", "",
       "context_configs.is_persistent_binary has the wrong type"},
      {"", "[1]", "top level must be an object"},
      {"", "{\"lpai_graph\": 1}", "lpai_graph must be an object"},
      {"", "{\"lpai_graph\": {\"execute\": \"tcm\"}}", "lpai_graph.execute must be an object"},
      {"", "{\"lpai_graph\": {\"execute\": {\"mem_type\": 1}}}",
       "lpai_graph.execute.mem_type has the wrong type"},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(std::string(k.json) + " / " + k.conf);
    TempDir dir;
    const std::string json = write_seed_config(dir.path(), "tcm");
    if (*k.json != '\0') {
      ASSERT_TRUE(write_text(json, k.json));
    }
    if (*k.conf != '\0') {
      ASSERT_TRUE(write_text(dir / "eaiParams_direct.conf", k.conf));
    }
    NetRunConfig c = sentinel();
    std::string error;
    error = lpai_test::failure(load_net_run_config(json, &c));
    EXPECT_NE(error, "");
    EXPECT_NE(error.find(k.message), std::string::npos) << error;
    expect_untouched(c);
  }
}

}  // namespace
