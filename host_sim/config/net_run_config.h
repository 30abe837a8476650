// Configuration of a net-run session, read from eaiParams_direct.json and the backend
// extension file it points at (eaiParams_direct.conf), exactly as the LPAI documents show:
//
//   eaiParams_direct.json: {"backend_extensions": {"shared_library_path": "...",
//                                                  "config_file_path": ".../eaiParams_direct.conf"},
//                           "context_configs": {"is_persistent_binary": true}}
//   eaiParams_direct.conf: {"lpai_graph": {"execute": {"mem_type": "tcm"}}}
//
// config_file_path is used as given when it exists; otherwise the file of that name next to
// the .json is used (device paths such as /data/local/tmp/... do not exist on a workstation).
#ifndef LPAI_HOST_CONFIG_NET_RUN_CONFIG_H
#define LPAI_HOST_CONFIG_NET_RUN_CONFIG_H

#include <cstdint>
#include <string>

#include "common/host_result.h"
#include "lpai/qnn_compat.h"

namespace lpai {
namespace host {

// Config files (.json and .conf) larger than this are refused before they are read.
constexpr uint64_t kMaxConfigFileBytes = 1u << 20;

struct NetRunConfig {
  std::string shared_library_path;  // recorded, not loaded: the backend is linked in
  std::string config_file_path;     // the .conf actually read ("" when none)
  bool is_persistent_binary = false;
  // Memory type of the model binary and the IO buffers. DDR unless the .conf says otherwise;
  // an unrecognised mem_type resolves to QNN_LPAI_MEM_TYPE_UNDEFINED (and logs).
  QnnLpaiMem_MemType_t mem_type = QNN_LPAI_MEM_TYPE_DDR;
};

// "ddr" -> DDR, "tcm" -> TCM; anything else logs `Invalid memory type` (error level, through
// the firmware log sink) and returns QNN_LPAI_MEM_TYPE_UNDEFINED.
QnnLpaiMem_MemType_t parse_mem_type(const std::string& value);

// Reads the .json (and the .conf it names). Fails with one line (never an exception)
// when a file is missing, a directory or otherwise not a regular file, over
// kMaxConfigFileBytes, not JSON, holds a number JSON cannot represent (1e400), or a field has
// the wrong JSON type. An invalid mem_type string is not an
// error here: it resolves to UNDEFINED and the allocator rejects it later, as documented.
HostStatus load_net_run_config(const std::string& json_path, NetRunConfig* out);

// Parses just an eaiParams_direct.conf body.
HostStatus parse_backend_extension_config(const std::string& conf_path, NetRunConfig* out);

}  // namespace host
}  // namespace lpai

#endif  // LPAI_HOST_CONFIG_NET_RUN_CONFIG_H
