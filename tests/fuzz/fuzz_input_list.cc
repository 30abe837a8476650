// libFuzzer harness: the net-run input-list parser and the output file naming. Every line is
// resolved against three graph inputs; failures must be one printable line; successes name
// every input. The lines, taken as tensor names, must give unique, safe, reversible file names.
#include <set>
#include <string>

#include "config/input_list.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> names = {"in_a", "in_b", "x\x1b"};
  const std::vector<std::string> lines = lpai::host::input_list_lines(text);
  for (const std::string& line : lines) {
    std::vector<std::string> files;
    const lpai::host::HostStatus st =
        lpai::host::parse_input_list_line(line, names, "/nonexistent-lpai-fuzz", &files);
    if (st.ok()) {
      if (files.size() != names.size()) lpai_fuzz::fail("wrong number of files");
      for (const std::string& f : files)
        if (f.empty()) lpai_fuzz::fail("an input without a file");
    } else {
      lpai_fuzz::check_one_line(st.error());
    }
  }
  const std::vector<std::string> files = lpai::host::output_file_names(lines);
  if (files.size() != lines.size()) lpai_fuzz::fail("output_file_names count");
  std::set<std::string> seen;
  for (const std::string& f : files) {
    if (f.size() > 255 || f.size() < 5 || f.compare(f.size() - 4, 4, ".raw") != 0)
      lpai_fuzz::fail("bad output file name", f);
    if (f.find('/') != std::string::npos || f == "." || f == "..")
      lpai_fuzz::fail("unsafe output file name", f);
    for (const char ch : f)
      if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7e)
        lpai_fuzz::fail("non-printable output file name", f);
    if (!seen.insert(f).second) lpai_fuzz::fail("two outputs share a file", f);
  }
  return 0;
}
