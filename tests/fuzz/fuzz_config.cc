// libFuzzer harness: the net-run configuration parsers. The input is the .json, a NUL byte,
// then the .conf; both are written next to each other in a private temporary folder and read
// through load_net_run_config (which resolves config_file_path as net-run does) and
// parse_backend_extension_config. Any failure must be one printable line; no exception may
// escape.
#include <unistd.h>

#include <cstdio>
#include <string>

#include "config/net_run_config.h"
#include "fuzz_support.h"

namespace {

const std::string& work_dir() {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/lpai_fuzz_config_XXXXXX";
    const char* d = mkdtemp(tmpl);
    if (d == nullptr) lpai_fuzz::fail("mkdtemp");
    return std::string(d);
  }();
  return dir;
}

void write(const std::string& path, const uint8_t* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) lpai_fuzz::fail("cannot write", path);
  if (size != 0) std::fwrite(data, 1, size, f);
  std::fclose(f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lpai_fuzz::quiet_logs();
  size_t split = 0;
  while (split < size && data[split] != 0) ++split;
  const std::string json = work_dir() + "/eaiParams_direct.json";
  const std::string conf = work_dir() + "/eaiParams_direct.conf";
  write(json, data, split);
  const size_t rest = split < size ? split + 1 : size;
  write(conf, data + rest, size - rest);
  lpai::host::NetRunConfig cfg;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::host::load_net_run_config(json, &cfg); !st.ok()) {
    error = st.error();
    lpai_fuzz::check_one_line(error);
  }
  lpai::host::NetRunConfig ext;
  error.clear();
  if (const lpai::host::HostStatus st = lpai::host::parse_backend_extension_config(conf, &ext); !st.ok()) {
    error = st.error();
    lpai_fuzz::check_one_line(error);
  }
  return 0;
}
