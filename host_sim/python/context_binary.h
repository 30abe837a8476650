// lpai_rt.ContextBinary: the bytes of one context binary, with the plan report when it was
// prepared in this process (lpai_rt.prepare), none when it was loaded.
#ifndef LPAI_HOST_PYTHON_CONTEXT_BINARY_H
#define LPAI_HOST_PYTHON_CONTEXT_BINARY_H

#include <cstdint>
#include <string>
#include <vector>

namespace lpai {
namespace python {

struct ContextBinary {
  std::vector<uint8_t> data;  // the context binary, as lpai-context-binary-generator writes it
  std::string graph_name;
  bool prepared = false;      // report fields below are set
  std::string report_json;    // prepare::report_json
  std::string report_text;    // prepare::report_text
  std::string plan_svg;       // prepare::plan_svg
};

}  // namespace python
}  // namespace lpai

#endif  // LPAI_HOST_PYTHON_CONTEXT_BINARY_H
